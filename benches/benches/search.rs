//! Search speed on Chinese Checkers.
//!
//! `alphabeta`: time to a fixed depth from fixed positions (the engine's bench positions),
//! one thread, a fresh 16 MB table each run; throughput in nodes (every node searched,
//! quiescence included). `mcts`: a fixed number of iterations from the 2-player start with
//! full forward-biased playouts (each iteration one playout to the end of the game), with
//! one and two threads; throughput in iterations.

use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;
use tabula_engine::playout::chinese_checkers::CcForward;
use tabula_engine::search::alphabeta::{AlphaBeta, AlphaBetaConfig};
use tabula_engine::search::mcts::{Mcts, MctsConfig};
use tabula_engine::{EngineGame, Limits, Searcher};
use tabula_rules::Game;
use tabula_rules::games::chinese_checkers::ChineseCheckers;

/// Bench positions searched, by name, with their index in `BENCH_POSITIONS` and depth.
const AB_POSITIONS: &[(&str, usize, u32)] = &[("start-2p", 0, 7), ("midgame-2p", 1, 6), ("endgame-2p", 2, 6)];

fn alphabeta(c: &mut Criterion) {
    let mut group = c.benchmark_group("cc-alphabeta");
    group.sample_size(10);
    for &(name, index, depth) in AB_POSITIONS {
        let game = ChineseCheckers::from_text(<ChineseCheckers as EngineGame>::BENCH_POSITIONS[index].0)
            .expect("a bench position");
        let fresh = || AlphaBeta::<ChineseCheckers>::new(AlphaBetaConfig::default());
        let nodes = fresh().search(&game, &Limits::depth(depth), &mut |_| {}).nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new(format!("depth-{depth}"), name), &game, |b, g| {
            b.iter_batched(
                fresh,
                |mut ab| ab.search(black_box(g), &Limits::depth(depth), &mut |_| {}).nodes,
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

fn mcts(c: &mut Criterion) {
    let start = ChineseCheckers::from_text(<ChineseCheckers as EngineGame>::BENCH_POSITIONS[0].0).expect("the start");
    let iterations = 4000;
    let mut group = c.benchmark_group("cc-mcts-2p-start");
    group.sample_size(10);
    group.throughput(Throughput::Elements(iterations));
    for threads in [1, 2] {
        let fresh = || {
            let config = MctsConfig { threads, reuse_tree: false, ..MctsConfig::default() };
            Mcts::<ChineseCheckers>::new(config, Arc::new(CcForward::default()))
        };
        group.bench_function(BenchmarkId::new("threads", threads), |b| {
            b.iter_batched(
                fresh,
                |mut m| m.search(black_box(&start), &Limits::nodes(iterations), &mut |_| {}).nodes,
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, alphabeta, mcts);
criterion_main!(benches);
