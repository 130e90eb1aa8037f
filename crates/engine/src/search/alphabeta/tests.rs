//! The searcher as a whole: equal to plain minimax, node and time limits, wins found
//! and scored by their distance, threads.

use std::time::{Duration, Instant};

use proptest::prelude::*;
use tabula_rules::games::chinese_checkers::{CcMove, CcOptions, ChineseCheckers};
use tabula_rules::{Game, MoveList, Seat};

use super::*;
use crate::api::{EngineGame, score};
use crate::search::simple::margin;

/// Plain paranoid minimax, no pruning, no table: the reference value for the root seat.
fn minimax(game: &ChineseCheckers, root: Seat, depth: u32, ply: i32) -> i32 {
    let eval = crate::eval::chinese_checkers::CcEval::default();
    if game.is_over() || depth == 0 {
        return match margin(&eval, game, root) {
            v if v >= score::WIN => score::WIN - ply,
            v if v <= -score::WIN => -(score::WIN - ply),
            v => v,
        };
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let values = moves.iter().map(|&mv| {
        let mut child = *game;
        child.play(mv);
        minimax(&child, root, depth - 1, ply + 1)
    });
    if game.to_move() == root { values.max().unwrap() } else { values.min().unwrap() }
}

pub(super) fn random_position(players: u8, plies: usize, seed: u64) -> ChineseCheckers {
    crate::search::testing::random_position(&CcOptions { players, ..CcOptions::default() }, plies, seed)
}

fn search(game: &ChineseCheckers, limits: Limits) -> SearchResult<CcMove> {
    AlphaBeta::<ChineseCheckers>::new(AlphaBetaConfig::default()).search(game, &limits, &mut |_| {})
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
    #[test]
    fn equals_plain_minimax(seed in any::<u64>(), players in prop::sample::select(vec![2u8, 3]), plies in 0usize..40, depth in 1u32..=3) {
        let g = random_position(players, plies, seed);
        prop_assume!(!g.is_over());
        let expected = minimax(&g, g.to_move(), depth, 0);
        let got = search(&g, Limits::depth(depth));
        prop_assert_eq!(got.score, expected);
        prop_assert_eq!(got.depth, depth);
        prop_assert!(got.best.is_some());
    }
}

#[test]
fn node_limit_is_exact() {
    let g = random_position(2, 10, 1);
    for n in [1, 100, 5000] {
        assert_eq!(search(&g, Limits::nodes(n)).nodes, n);
    }
}

/// Seat 0 has nine pegs home and one on i5, a step from the empty h4; seat 1's pegs
/// sit on rank 12.
fn one_to_go() -> ChineseCheckers {
    let text = "chinese-checkers players=2 camps=03 turn=0 ply=80 passes=0 \
        board=./../.../..../............./1111111111../.........../........../........./........../.........../............/........0..../000./000/00/0";
    ChineseCheckers::from_text(text).unwrap()
}

#[test]
fn finds_the_win_in_one_and_scores_it() {
    let g = one_to_go();
    let r = search(&g, Limits::depth(4));
    assert_eq!(g.format_move(r.best.unwrap()), "i5-h4");
    assert_eq!(r.score, score::WIN - 1);
}

/// Seat 0 has eight pegs home, g4 and h4 empty, and pegs on h5 and i5, each a step
/// from one of them: the win takes two of its moves, three plies.
fn two_to_go() -> ChineseCheckers {
    let text = "chinese-checkers players=2 camps=03 turn=0 ply=80 passes=0 \
        board=./../.../..../............./1111111111../.........../........../........./........../.........../............/.......00..../00../000/00/0";
    ChineseCheckers::from_text(text).unwrap()
}

/// Late move reductions keep the proven win in one and its score.
#[test]
fn late_move_reductions_keep_the_win() {
    let g = one_to_go();
    for lmr in [1, 2, 8] {
        let config = AlphaBetaConfig { lmr: Some(lmr), ..AlphaBetaConfig::default() };
        let r = AlphaBeta::<ChineseCheckers>::new(config).search(&g, &Limits::depth(4), &mut |_| {});
        assert_eq!(g.format_move(r.best.unwrap()), "i5-h4", "lmr {lmr}");
        assert_eq!(r.score, score::WIN - 1, "lmr {lmr}");
    }
}

#[test]
fn prefers_the_fastest_win() {
    let g = two_to_go();
    let r = search(&g, Limits::depth(5));
    assert_eq!(r.score, score::WIN - 3, "pv {:?}", r.pv.iter().map(|&m| g.format_move(m)).collect::<Vec<_>>());
    let mut after = g;
    after.play(r.best.unwrap());
    let next = search(&after, Limits::depth(4));
    assert_eq!(next.score, -(score::WIN - 2), "seat 1 sees the loss two plies away");
}

#[test]
fn two_threads_give_a_legal_move_and_a_proven_win() {
    let g = one_to_go();
    let mut ab = AlphaBeta::<ChineseCheckers>::new(AlphaBetaConfig { threads: 2, ..AlphaBetaConfig::default() });
    let r = ab.search(&g, &Limits::depth(6), &mut |_| {});
    assert_eq!(g.format_move(r.best.unwrap()), "i5-h4");
    assert_eq!(r.score, score::WIN - 1);
}

/// Threads add their nodes to one count: what a thread reads back is everyone's, and the
/// node limit holds for all of them together.
#[test]
fn every_thread_counts_toward_the_nodes() {
    use super::testing::Parts;
    use super::worker::Worker;
    let g = ChineseCheckers::new(&CcOptions::default()).unwrap();
    let parts = Parts::<ChineseCheckers>::new(1);
    let limits = Limits { nodes: Some(5000), ..Limits::depth(3) };
    let shared = parts.shared(&limits);
    let (mut main, mut helper) = (Worker::new(&shared, &g), Worker::new(&shared, &g));
    helper.nodes = 3000;
    helper.flush();
    main.nodes = 1500;
    assert_eq!(main.all_nodes(), 4500);
    assert!(main.check_limits().is_ok());
    main.nodes = 2000;
    assert!(main.check_limits().is_err(), "2000 + 3000 reach the limit of 5000");
    // The main thread's last 500 are not flushed yet.
    helper.nodes = 3100;
    assert_eq!(helper.all_nodes(), 4600, "flushing twice adds only the new nodes");
    assert_eq!(main.all_nodes(), 5100);
    assert_eq!(parts.counted.load(std::sync::atomic::Ordering::Relaxed), 5100);
}

/// Slow nodes make the clock be read more often, fast ones less, within bounds.
#[test]
fn the_clock_is_read_more_often_where_nodes_are_slow() {
    use super::worker::next_interval;
    let ms = Duration::from_millis;
    assert_eq!(next_interval(1024, ms(5)), 512);
    assert_eq!(next_interval(32, ms(5)), 16);
    assert_eq!(next_interval(16, ms(5)), 16, "never below 16 nodes");
    assert_eq!(next_interval(16, Duration::from_micros(10)), 32);
    assert_eq!(next_interval(1024, Duration::from_micros(10)), 1024, "never above 1024 nodes");
    assert_eq!(next_interval(256, Duration::from_micros(100)), 256, "about right: kept");
}

/// Two threads report the nodes of both: under a node limit the pair stops near it, where
/// each thread on its own would have gone to the limit.
#[test]
fn two_threads_share_a_node_limit() {
    let g = ChineseCheckers::new(&CcOptions::default()).unwrap();
    let limit = 50_000;
    let mut infos = Vec::new();
    let mut ab = AlphaBeta::<ChineseCheckers>::new(AlphaBetaConfig { threads: 2, ..AlphaBetaConfig::default() });
    let r = ab.search(&g, &Limits { nodes: Some(limit), ..Limits::default() }, &mut |i| infos.push(i.nodes));
    assert!(r.nodes >= limit && r.nodes < limit + 4096, "{} nodes for a limit of {limit}", r.nodes);
    assert!(infos.windows(2).all(|w| w[0] <= w[1]) && infos.last() <= Some(&r.nodes), "{infos:?}");
}

/// With two threads a depth-limited search still answers at that depth: a helper that
/// has no deeper depth left must not stop the main thread's last iteration.
#[test]
fn two_threads_reach_the_depth_asked_for() {
    for text in crate::bench::positions::<ChineseCheckers>().iter().take(4).map(|p| p.text) {
        let g = ChineseCheckers::from_text(text).unwrap();
        for depth in 2..=4 {
            for _ in 0..3 {
                let mut ab =
                    AlphaBeta::<ChineseCheckers>::new(AlphaBetaConfig { threads: 2, ..AlphaBetaConfig::default() });
                let r = ab.search(&g, &Limits::depth(depth), &mut |_| {});
                assert_eq!(r.depth, depth, "{text}");
            }
        }
    }
}

/// Moves another thread is searching are deferred, not dropped: with every root move
/// marked busy, the search passes over all but its first, comes back to them after and
/// finds the same best move and value as without the marks.
#[test]
fn busy_moves_are_searched_after_the_others() {
    use super::busy::{Busy, move_key};
    use super::testing::Parts;
    use super::worker::{Shared, Worker};
    let g = ChineseCheckers::new(&CcOptions::default()).unwrap();
    let limits = Limits::depth(4);
    let plain = {
        let parts = Parts::<ChineseCheckers>::new(1);
        let shared = parts.shared(&limits);
        let mut w = Worker::new(&shared, &g);
        let value = w.negamax(&g, 4, 0, -score::INFINITY, score::INFINITY).unwrap();
        (value, w.pv[0][0])
    };
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    let parts = Parts::<ChineseCheckers>::new(1);
    let busy = Busy::new();
    let shared = Shared { busy: Some(&busy), ..parts.shared(&limits) };
    let mut w = Worker::new(&shared, &g);
    let root = w.key(&g);
    (0..moves.len()).for_each(|i| busy.enter(move_key(root, i)));
    let value = w.negamax(&g, 4, 0, -score::INFINITY, score::INFINITY).unwrap();
    let deferred = &w.deferred[0];
    assert_eq!(deferred.len(), moves.len() - 1, "all but the first deferred at the root");
    assert!(deferred.iter().enumerate().all(|(k, &(place, _))| place == k + 1), "{deferred:?}");
    assert_eq!((value, w.pv[0][0]), plain);
}

/// A fixed time per move is used to its end (nothing is saved for later moves) and not
/// overrun.
#[test]
fn a_think_time_is_used_and_kept() {
    let g = ChineseCheckers::new(&CcOptions::default()).unwrap();
    let start = Instant::now();
    let r = search(&g, Limits::think(Duration::from_millis(300)));
    let spent = start.elapsed();
    assert!(r.best.is_some());
    assert!(spent >= Duration::from_millis(300), "stopped early: {spent:?} at depth {}", r.depth);
    assert!(spent < Duration::from_millis(450), "overran: {spent:?}");
}

/// A search cut short in the middle of an iteration plays what that iteration found. One
/// node short of finishing depth d + 1 (one thread: the node limit is exact), every root
/// move but the last one searched is done, so where depth d + 1 changed the best move, the
/// cut search plays depth d + 1's move unless that move came last; it never plays a third.
#[test]
fn an_unfinished_iteration_keeps_its_best_root_move() {
    let (mut new, mut old) = (0, 0);
    for (players, model) in [(2, Model::Paranoid), (3, Model::BestReply), (3, Model::MaxN), (3, Model::Paranoid)] {
        let config = AlphaBetaConfig { model, ..AlphaBetaConfig::default() };
        let searcher = || AlphaBeta::<ChineseCheckers>::new(config.clone());
        for seed in 0..12 {
            let g = random_position(players, 24, seed);
            let mut infos = Vec::new();
            searcher().search(&g, &Limits::depth(4), &mut |i| infos.push(i.clone()));
            for pair in infos.windows(2) {
                let (before, after) = (pair[0].pv[0], pair[1].pv[0]);
                if before == after {
                    continue;
                }
                let cut = searcher().search(&g, &Limits::nodes(pair[1].nodes - 1), &mut |_| {});
                assert_eq!(cut.depth, pair[0].depth, "{}", g.to_text());
                if cut.best == Some(after) {
                    new += 1;
                } else {
                    assert_eq!(cut.best, Some(before), "{model:?} {}", g.to_text());
                    old += 1;
                }
            }
        }
    }
    assert!(new > 2 * old, "the deeper move {new} times, the last finished one {old} times");
}

/// Quiescence plays tactical moves (here E's traps and exchanges) as many plies past the
/// horizon as `quiescence` allows: each further ply searches more nodes, none searches
/// only the horizon's positions.
#[test]
fn quiescence_goes_as_deep_as_allowed() {
    use tabula_rules::games::e::E;
    // A 2-player middle game with stacks, traps and exchanges to play.
    let g = E::from_text(crate::bench::positions::<E>()[1].text).unwrap();
    let nodes = |quiescence: u32| {
        let config = AlphaBetaConfig { quiescence: Some(quiescence), hash_mb: 1, ..AlphaBetaConfig::default() };
        AlphaBeta::<E>::new(config).search(&g, &Limits::depth(2), &mut |_| {}).nodes
    };
    let (none, one, two) = (nodes(0), nodes(1), nodes(2));
    assert!(none < one && one < two, "{none} {one} {two}");
}

/// max^n's quiescence stops after a round of seats: in 4-player Martian Chess, where
/// every seat's captures answer each other, depth 3 from the start is a small search (to
/// the end of every capture chain it did not finish in ten minutes), and a larger
/// `quiescence` setting searches no further.
#[test]
fn maxn_quiescence_stops_after_a_round() {
    use tabula_rules::games::martian_chess::{MartianChess, McOptions};
    let mut options = McOptions::default();
    options.players = 4;
    let g = MartianChess::new(&options).unwrap();
    let nodes = |quiescence: Option<u32>| {
        let config = AlphaBetaConfig { model: Model::MaxN, quiescence, hash_mb: 1, ..AlphaBetaConfig::default() };
        let r = AlphaBeta::<MartianChess>::new(config).search(
            &g,
            &Limits { nodes: Some(5_000_000), ..Limits::depth(3) },
            &mut |_| {},
        );
        assert_eq!(r.depth, 3);
        r.nodes
    };
    let (none, round, default) = (nodes(Some(0)), nodes(Some(4)), nodes(None));
    assert!(none < round && round < 1_000_000, "{none} {round}");
    assert_eq!(default, round);
}

/// The max^n search itself, run on two seats (where the searcher plays negamax instead),
/// finds negamax's value: with two seats the margins are each other's negation, shallow
/// pruning is sound and the values are the same, in random positions of every game.
#[test]
fn maxn_itself_is_negamax_with_two_seats() {
    use tabula_rules::games::e::{E, EOptions};
    use tabula_rules::games::echelon::Echelon;
    use tabula_rules::games::icelights::Icelights;
    use tabula_rules::games::martian_chess::{CoasterChess, MartianChess};
    maxn_agrees::<ChineseCheckers>(&CcOptions::default(), 3);
    maxn_agrees::<E>(&EOptions { players: 2, ..EOptions::default() }, 2);
    maxn_agrees::<Echelon>(&Default::default(), 3);
    maxn_agrees::<Icelights>(&Default::default(), 3);
    maxn_agrees::<MartianChess>(&Default::default(), 3);
    maxn_agrees::<CoasterChess>(&Default::default(), 3);
}

fn maxn_agrees<G: EngineGame>(options: &G::Options, depth: u32) {
    use rand::{Rng, SeedableRng};

    use super::deepening::iterate;
    use super::testing::Parts;
    use super::worker::{Shared, Worker};
    for seed in 0..6u64 {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut g = G::new(options).unwrap();
        let mut moves = MoveList::new();
        for _ in 0..rng.random_range(0..40) {
            g.legal_moves(&mut moves);
            if moves.is_empty() || g.is_over() {
                break;
            }
            g.play(moves.as_slice()[rng.random_range(0..moves.len())]);
        }
        if g.is_over() {
            continue;
        }
        // Negamax without late move reductions, which max^n does not make.
        let config = AlphaBetaConfig { lmr: Some(0), ..AlphaBetaConfig::default() };
        let mut negamax = AlphaBeta::<G>::new(config.clone());
        let expected = negamax.search(&g, &Limits::depth(depth), &mut |_| {});

        let (parts, limits) = (Parts::<G>::new(16), Limits::depth(depth));
        let shared = Shared { contempt: negamax.contempt(), model: Model::MaxN, ..parts.shared(&limits) };
        let mut worker = Worker::new(&shared, &g);
        assert!(!worker.maxn, "two seats search negamax");
        worker.maxn = true;
        let got = iterate(&mut worker, &g, 1, &mut |_| {});
        assert_eq!(got.score, expected.score, "{} seed {seed}: {}", G::NAME, g.to_text());
        assert_eq!(got.depth, depth);
        g.legal_moves(&mut moves);
        assert!(moves.as_slice().contains(&got.best.unwrap()));
    }
}
