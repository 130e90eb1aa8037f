//! E: move generation, perft from the 2-player start (bulk: a popcount of each unit's
//! destinations at the last ply; made: every leaf played), and search speed (alpha-beta
//! on the engine's bench positions, MCTS iterations with E's playout policy).

use criterion::{Criterion, criterion_group, criterion_main};
use tabula_benches::{alphabeta_group, mcts_group, movegen_group, perft_group, play_move, position};
use tabula_engine::EngineGame;
use tabula_rules::Game;
use tabula_rules::games::e::{E, EOptions};

fn start() -> E {
    E::new(&EOptions::default()).expect("the start")
}

fn bench_positions() -> Vec<(String, E)> {
    tabula_engine::bench::positions::<E>()
        .iter()
        .enumerate()
        .map(|(i, p)| (format!("bench-{i}"), position(p.text)))
        .collect()
}

fn movegen(c: &mut Criterion) {
    let named = bench_positions();
    let positions: Vec<(&str, E)> = named.iter().map(|(n, g)| (n.as_str(), *g)).collect();
    movegen_group(c, &positions);
    let mut group = tabula_benches::group::<E>(c, "play");
    play_move(&mut group, "large-start", &start(), "m8/1-j5");
    group.finish();
}

fn perft(c: &mut Criterion) {
    perft_group(c, "perft-2p-start", &start(), &[3, 4], &[3, 4], 10);
}

fn search(c: &mut Criterion) {
    alphabeta_group::<E>(c, &[("start-2p", 0, 4)]);
    mcts_group(c, "2p-start", &start(), <E as EngineGame>::playout_policy(), 2000, &[1]);
}

criterion_group!(benches, movegen, perft, search);
criterion_main!(benches);
