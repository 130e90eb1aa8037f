//! Criterion benches of Tabula move generation and search: the scaffolding every game's
//! bench file (`benches/<game>.rs`) uses, so that each of them gives only its positions,
//! depths and its game's own benches.
//!
//! Groups are named `<game>-<what>` after [`Game::NAME`]. `legal_moves` lists every move
//! into a reused list, `count_moves` counts them without listing. Perft `bulk` counts the
//! moves at the last ply without playing them, `made` plays every move, leaves included;
//! its throughput is in leaves (perft nodes) per second.

use std::hint::black_box;
use std::sync::Arc;

use criterion::measurement::WallTime;
use criterion::{BatchSize, BenchmarkGroup, BenchmarkId, Criterion, Throughput};
use tabula_engine::playout::PlayoutPolicy;
use tabula_engine::search::alphabeta::{AlphaBeta, AlphaBetaConfig};
use tabula_engine::search::mcts::{Mcts, MctsConfig};
use tabula_engine::{EngineGame, Limits, Searcher};
use tabula_rules::{Game, GameOptions, MoveList, perft, perft_made};

/// Work generic over the game, run by [`with_game`] for a game named at run time.
pub trait GameTask {
    /// What the work gives.
    type Output;
    /// Does the work for game `G`.
    fn run<G: EngineGame>(self) -> Self::Output;
}

macro_rules! with_game_by_name {
    ($($game:ty),* $(,)?) => {
        /// Runs `task` for the game named `name` (one of `tabula_rules::games::NAMES`);
        /// `None` if no game has that name.
        pub fn with_game<T: GameTask>(name: &str, task: T) -> Option<T::Output> {
            $(if name == <$game as Game>::NAME {
                return Some(task.run::<$game>());
            })*
            None
        }
    };
}

tabula_rules::for_each_game!(with_game_by_name);

/// A benchmark group named `<game>-<what>`.
pub fn group<'c, G: Game>(c: &'c mut Criterion, what: &str) -> BenchmarkGroup<'c, WallTime> {
    c.benchmark_group(format!("{}-{what}", G::NAME))
}

/// The start position for `players` players and the options `opts` (`key=value` pairs).
pub fn start<G: Game>(players: usize, opts: &[(&str, &str)]) -> G {
    let mut options = G::Options::default();
    options.set_players(players).expect("a supported player count");
    for (key, value) in opts {
        options.set(key, value).expect("an option of the game");
    }
    G::new(&options).expect("a start position")
}

/// Reads a position text.
pub fn position<G: Game>(text: &str) -> G {
    G::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `legal_moves/<name>` and `count_moves/<name>` for every named position (each still
/// running), in `group`.
pub fn movegen<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, positions: &[(&str, G)]) {
    let mut list = MoveList::new();
    for (name, game) in positions {
        assert!(!game.is_over(), "{name} is still running");
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
}

/// The group `<game>-movegen`: [`movegen`] over `positions`.
pub fn movegen_group<G: Game>(c: &mut Criterion, positions: &[(&str, G)]) {
    let mut group = group::<G>(c, "movegen");
    movegen(&mut group, positions);
    group.finish();
}

/// The group `<game>-<what>`: perft from `game`, `bulk/<d>` for each depth of `bulk`
/// and `made/<d>` for each of `made`, with `samples` samples.
pub fn perft_group<G: Game>(c: &mut Criterion, what: &str, game: &G, bulk: &[u32], made: &[u32], samples: usize) {
    let mut group = group::<G>(c, what);
    group.sample_size(samples);
    let mut depths: Vec<u32> = bulk.iter().chain(made).copied().collect();
    depths.sort();
    depths.dedup();
    for depth in depths {
        group.throughput(Throughput::Elements(perft(game, depth)));
        if bulk.contains(&depth) {
            group.bench_with_input(BenchmarkId::new("bulk", depth), &depth, |b, &d| {
                b.iter(|| perft(black_box(game), d))
            });
        }
        if made.contains(&depth) {
            group.bench_with_input(BenchmarkId::new("made", depth), &depth, |b, &d| {
                b.iter(|| perft_made(black_box(game), d))
            });
        }
    }
    group.finish();
}

/// `play/<name>`: one move played on a copy of `game`, with the hash read, in `group`.
pub fn play_move<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, game: &G, mv: &str) {
    let mv = game.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    group.bench_function(BenchmarkId::new("play", name), |b| {
        b.iter(|| {
            let mut g = black_box(game).clone();
            g.play(black_box(mv));
            g.hash()
        })
    });
}

/// The group `<game>-alphabeta`: alpha-beta to a fixed depth from each named bench
/// position (`(name, index in tabula_engine::bench::positions, depth)`), one thread, a fresh
/// 16 MB table each run; throughput in nodes (every node searched, quiescence included).
pub fn alphabeta_group<G: EngineGame>(c: &mut Criterion, positions: &[(&str, usize, u32)]) {
    let mut group = group::<G>(c, "alphabeta");
    group.sample_size(10);
    for &(name, index, depth) in positions {
        let game: G = position(tabula_engine::bench::positions::<G>()[index].text);
        let fresh = || AlphaBeta::<G>::new(AlphaBetaConfig::default());
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

/// The group `<game>-mcts-<what>`: `iterations` MCTS iterations from `game` playing out
/// with `policy`, without tree reuse, for each thread count of `threads`; throughput in
/// iterations.
pub fn mcts_group<G: EngineGame>(
    c: &mut Criterion,
    what: &str,
    game: &G,
    policy: Arc<dyn PlayoutPolicy<G>>,
    iterations: u64,
    threads: &[usize],
) {
    let mut group = group::<G>(c, &format!("mcts-{what}"));
    group.sample_size(10);
    group.throughput(Throughput::Elements(iterations));
    for &threads in threads {
        let fresh =
            || Mcts::<G>::new(MctsConfig { threads, reuse_tree: false, ..MctsConfig::default() }, policy.clone());
        group.bench_function(BenchmarkId::new("threads", threads), |b| {
            b.iter_batched(
                fresh,
                |mut m| m.search(black_box(game), &Limits::nodes(iterations), &mut |_| {}).nodes,
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
}
