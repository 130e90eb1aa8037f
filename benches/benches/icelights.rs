//! Icelights: turn generation, the beam tracer and perft.
//!
//! `legal_moves` writes every turn into a reused list (646 at the start, each unique by
//! construction, so nothing is deduplicated); `count_moves` counts them without listing.
//! `hits` fires every Beamer and keeps only the hit Towers (what `play` runs);
//! `trace` also keeps every path and the lit squares (what drawing and evaluation use).
//! Perft `bulk` counts the last ply, `made` plays every turn. Throughput is in leaves.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tabula_rules::games::icelights::{Icelights, IlOptions, beam};
use tabula_rules::{Game, MoveList, perft, perft_made};

/// The start, a mid-game position from the perft table, and a ring of Icelights whose
/// beam loops.
fn positions() -> [(&'static str, Icelights); 3] {
    let at = |t: &str| Icelights::from_text(t).expect("a position");
    [
        ("start", Icelights::new(&IlOptions::default()).expect("start")),
        ("midgame", at("icelights turn=0 ply=40 passes=0 board=6bN1/3bS3t/3iS3iE/BEISiSiW4/7IS/7IW/T7/1BN3IN2")),
        ("ring", at("icelights turn=0 ply=10 passes=0 board=6bSt/7iW/2IE2IS2/8/8/BE1IN2IW2/8/T6bN")),
    ]
}

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("il-movegen");
    let mut list = MoveList::new();
    for (name, game) in &positions() {
        group.bench_with_input(BenchmarkId::new("legal_moves", name), game, |b, g| {
            b.iter(|| {
                black_box(g).legal_moves(&mut list);
                list.len()
            })
        });
        group.bench_with_input(BenchmarkId::new("count_moves", name), game, |b, g| {
            b.iter(|| black_box(g).count_moves())
        });
    }
    let start = Icelights::new(&IlOptions::default()).expect("start");
    let mv = start.parse_move("b1-c1,c1=E").expect("legal");
    group.bench_function("play/start", |b| {
        b.iter(|| {
            let mut g = *black_box(&start);
            g.play(black_box(mv));
            g.hash()
        })
    });
    group.finish();
}

fn beams(c: &mut Criterion) {
    let mut group = c.benchmark_group("il-beams");
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

fn perft_start(c: &mut Criterion) {
    let start = Icelights::new(&IlOptions::default()).expect("start");
    let mut group = c.benchmark_group("il-perft-start");
    group.sample_size(10);
    for depth in [2, 3] {
        let nodes = perft(&start, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new("bulk", depth), &depth, |b, &d| b.iter(|| perft(black_box(&start), d)));
    }
    let nodes = perft(&start, 2);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(BenchmarkId::new("made", 2), |b| b.iter(|| perft_made(black_box(&start), 2)));
    group.finish();
}

criterion_group!(benches, movegen, beams, perft_start);
criterion_main!(benches);
