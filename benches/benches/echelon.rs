//! Gentleman's Echelon move generation and perft.
//!
//! `perft-bulk` counts the moves at the last ply without playing them (a popcount per top
//! counter); `perft-made` plays every move, leaves included. Throughput is in leaves
//! (perft nodes) per second.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tabula_rules::games::echelon::{Echelon, EgOptions};
use tabula_rules::{Game, MoveList, perft, perft_made};

/// Positions of the perft table (`crates/rules/tests/perft/echelon.txt`).
const MIDGAME: &str = "echelon radius=4 turn=1 ply=23 board=.x.../....../x..x.../rr....../x..[brbrbb].[rbrb]..x/......../.x.x.x./x.x..x/.x...";
const ENDGAME: &str = "echelon radius=4 turn=1 ply=41 board=.x.../..x.../.x..xxx/.xxxx..b/xxx[brbrr].[rbr][rb].x/...xxx../.x.x.x./x..x.x/x.b..";

fn movegen(c: &mut Criterion) {
    let start = Echelon::new(&EgOptions::default()).expect("the start");
    let positions = [
        ("start", start),
        ("midgame-ply23", Echelon::from_text(MIDGAME).expect("midgame")),
        ("endgame-ply41", Echelon::from_text(ENDGAME).expect("endgame")),
    ];
    let mut group = c.benchmark_group("ge-movegen");
    let mut list = MoveList::new();
    for (name, game) in &positions {
        assert!(game.outcome().is_none(), "{name} is still running");
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
    group.finish();
}

fn perft_start(c: &mut Criterion) {
    let start = Echelon::new(&EgOptions::default()).expect("the start");
    let mut group = c.benchmark_group("ge-perft-start");
    group.sample_size(20);
    for depth in [4, 5] {
        let nodes = perft(&start, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new("bulk", depth), &depth, |b, &d| b.iter(|| perft(black_box(&start), d)));
        group.bench_with_input(BenchmarkId::new("made", depth), &depth, |b, &d| {
            b.iter(|| perft_made(black_box(&start), d))
        });
    }
    group.finish();
}

fn perft_midgame(c: &mut Criterion) {
    let game = Echelon::from_text(MIDGAME).expect("midgame");
    let mut group = c.benchmark_group("ge-perft-midgame");
    group.sample_size(20);
    let nodes = perft(&game, 4);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("bulk/4", |b| b.iter(|| perft(black_box(&game), 4)));
    group.bench_function("made/4", |b| b.iter(|| perft_made(black_box(&game), 4)));
    group.finish();
}

criterion_group!(benches, movegen, perft_start, perft_midgame);
criterion_main!(benches);
