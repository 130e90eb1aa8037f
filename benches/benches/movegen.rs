//! Chinese Checkers move generation and perft.
//!
//! `perft-bulk` counts the moves at the last ply without playing them; `perft-made`
//! plays every move, leaves included. Throughput is in leaves (perft nodes) per second.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tabula_benches::forward_game;
use tabula_rules::{Game, MoveList, perft, perft_made};

fn movegen(c: &mut Criterion) {
    let positions =
        [("start-2p", forward_game(2, 0)), ("midgame-6p", forward_game(6, 60)), ("endgame-2p", forward_game(2, 70))];
    let mut group = c.benchmark_group("cc-movegen");
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
    let start = forward_game(2, 0);
    let mut group = c.benchmark_group("cc-perft-2p-start");
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

criterion_group!(benches, movegen, perft_start);
criterion_main!(benches);
