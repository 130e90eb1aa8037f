//! Icelights: turn generation, the beam tracer and perft.
//!
//! `legal_moves` writes every turn (646 at the start, each unique by construction, so
//! nothing is deduplicated). `hits` fires every Beamer and keeps only the hit Towers (what
//! `play` runs); `trace` also keeps every path and the lit squares (what drawing and
//! evaluation use).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use tabula_benches::{group, movegen, perft_group, play_move, position};
use tabula_rules::Game;
use tabula_rules::games::icelights::{Icelights, IlOptions, beam};

/// The start, a mid-game position from the perft table, and a ring of Icelights whose
/// beam loops.
fn positions() -> [(&'static str, Icelights); 3] {
    [
        ("start", Icelights::new(&IlOptions::default()).expect("start")),
        ("midgame", position("icelights turn=0 ply=40 passes=0 board=6bN1/3bS3t/3iS3iE/BEISiSiW4/7IS/7IW/T7/1BN3IN2")),
        ("ring", position("icelights turn=0 ply=10 passes=0 board=6bSt/7iW/2IE2IS2/8/8/BE1IN2IW2/8/T6bN")),
    ]
}

fn turns(c: &mut Criterion) {
    let mut group = group::<Icelights>(c, "movegen");
    let positions = positions();
    movegen(&mut group, &positions);
    play_move(&mut group, "start", &positions[0].1, "b1-c1,c1=E");
    group.finish();
}

fn beams(c: &mut Criterion) {
    let mut group = group::<Icelights>(c, "beams");
    for (name, game) in &positions() {
        group.bench_with_input(BenchmarkId::new("hits", name), game, |b, g| b.iter(|| beam::hits(black_box(g))));
        group.bench_with_input(BenchmarkId::new("trace", name), game, |b, g| b.iter(|| black_box(g).beams().lit));
        // The whole result kept (every leg stored), not just the lit squares.
        group.bench_with_input(BenchmarkId::new("trace-kept", name), game, |b, g| {
            b.iter(|| black_box(black_box(g).beams()))
        });
    }
    group.finish();
}

fn perft(c: &mut Criterion) {
    perft_group(c, "perft-start", &positions()[0].1, &[2, 3], &[2], 10);
}

criterion_group!(benches, turns, beams, perft);
criterion_main!(benches);
