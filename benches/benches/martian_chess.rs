//! Martian Chess and Coaster Chess move generation and perft.
//!
//! `perft-bulk` counts the moves at the last ply without playing them; `perft-made`
//! plays every move, leaves included. Throughput is in leaves (perft nodes) per second.
//! The 2-player start is benched with the clock off (10 moves a ply) and with the default
//! callable clock (each move also with `!` until someone calls).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tabula_rules::games::martian_chess::{CoasterChess, MartianChess, Mc, McOptions, Variant};
use tabula_rules::{Game, GameOptions, MoveList, perft, perft_made};

fn start<V: Variant>(players: usize, opts: &[(&str, &str)]) -> Mc<V> {
    let mut o = McOptions::<V>::default();
    o.set_players(players).expect("2 or 4");
    for (k, v) in opts {
        o.set(k, v).expect("an option");
    }
    Mc::new(&o).expect("a start position")
}

/// A midgame from the perft table: captures, a canal crossing and no rejection in play.
const MIDGAME: &str = "martian-chess players=2 turn=1 ply=15 passes=0 points=5,3 clock=- last=d2-d7 \
                       board=QQD./.DPQ/..P./..../.PP./..../.PD./.DQQ";

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("mc-movegen");
    let mut list = MoveList::new();
    let martian: [(&str, MartianChess); 3] = [
        ("martian-start-2p", start(2, &[])),
        ("martian-midgame-2p", MartianChess::from_text(MIDGAME).expect("the midgame")),
        ("martian-start-4p", start(4, &[])),
    ];
    for (name, game) in &martian {
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
    let coaster: [(&str, CoasterChess); 2] = [("coaster-start-2p", start(2, &[])), ("coaster-start-4p", start(4, &[]))];
    for (name, game) in &coaster {
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

fn perft_group<G: Game>(c: &mut Criterion, name: &str, game: &G, depths: &[u32]) {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    for &depth in depths {
        let nodes = perft(game, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new("bulk", depth), &depth, |b, &d| b.iter(|| perft(black_box(game), d)));
        group.bench_with_input(BenchmarkId::new("made", depth), &depth, |b, &d| {
            b.iter(|| perft_made(black_box(game), d))
        });
    }
    group.finish();
}

fn perft_starts(c: &mut Criterion) {
    perft_group(
        c,
        "martian-perft-2p-clock-off",
        &start::<tabula_rules::games::martian_chess::Martian>(2, &[("mc.clock", "off")]),
        &[5, 6],
    );
    perft_group(c, "martian-perft-2p", &start::<tabula_rules::games::martian_chess::Martian>(2, &[]), &[5]);
    perft_group(
        c,
        "coaster-perft-2p-clock-off",
        &start::<tabula_rules::games::martian_chess::Coaster>(2, &[("mc.clock", "off")]),
        &[5],
    );
}

criterion_group!(benches, movegen, perft_starts);
criterion_main!(benches);
