//! The searcher as a whole: determinism, node and time limits, wins found and proved,
//! tree reuse, threads, reports.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};
use tabula_rules::{Game, MoveList, Seat};

use super::tree::NONE;
use super::*;
use crate::playout::Uniform;
use crate::playout::chinese_checkers::CcForward;

fn cc_mcts(config: MctsConfig) -> Mcts<ChineseCheckers> {
    Mcts::new(config, Arc::new(CcForward::default()))
}

fn start() -> ChineseCheckers {
    ChineseCheckers::new(&CcOptions::default()).unwrap()
}

fn quiet<M>(_: &SearchInfo<M>) {}

/// Seat 0 wins with i5-h4 (the only move filling its target) among 41 moves.
const WIN_IN_ONE: &str = "chinese-checkers players=2 camps=03 turn=0 ply=100 passes=0 \
    board=1/11/1../..../............./............/....0....../........../0.0.0.0.0/........../\
    .........../............/........0..../000./111/11/1";
/// Seat 0 wins with i5-h4; seat 1 would win next with j13-j14.
const WIN_OR_LOSE: &str = "chinese-checkers players=2 camps=03 turn=0 ply=100 passes=0 \
    board=1/11/111/.111/.....1......./............/.........../........../........./........../\
    .........../............/........0..../000./000/00/0";
/// Seat 0 needs two moves; seat 1 wins next with j13-j14 whatever seat 0 does.
const LOST: &str = "chinese-checkers players=2 camps=03 turn=0 ply=100 passes=0 \
    board=1/11/111/.111/.....1......./............/.........../........../0.......0/........../\
    .........../............/............./00../000/00/0";

fn cc(text: &str) -> ChineseCheckers {
    ChineseCheckers::from_text(text).unwrap()
}

fn winning_moves(game: &ChineseCheckers) -> Vec<CcMoveOf> {
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    list.iter()
        .copied()
        .filter(|&m| {
            let mut g = *game;
            g.play(m);
            g.outcome().and_then(|o| o.sole_winner()) == Some(game.to_move())
        })
        .collect()
}
type CcMoveOf = <ChineseCheckers as Game>::Move;

#[test]
fn a_seed_makes_one_thread_deterministic() {
    let run = || {
        let mut m = cc_mcts(MctsConfig { seed: 7, ..MctsConfig::default() });
        let r = m.search(&start(), &Limits::nodes(3000), &mut quiet);
        (r.best, r.score, r.pv, m.root_stats().to_vec())
    };
    let (a, b) = (run(), run());
    assert!(a.0.is_some());
    assert_eq!(a, b);
    let other = {
        let mut m = cc_mcts(MctsConfig { seed: 8, ..MctsConfig::default() });
        m.search(&start(), &Limits::nodes(3000), &mut quiet);
        m.root_stats().to_vec()
    };
    assert_ne!(a.3, other, "another seed searches differently");
}

/// Seat 0 wins in five plies (its last peg three steps from the last hole of its target),
/// which a tree proves after a few hundred iterations, each thread after its own number.
const WIN_IN_FIVE: &str = "chinese-checkers players=2 camps=03 turn=0 ply=100 passes=0 \
    board=1/11/111/.111/............./............/.........../..1......./........./........../\
    .........../............/..........0../000./000/00/0";

/// With a node limit each thread searches its own share to the end, even when another
/// thread proves the root first: the merged result is the same on every run.
#[test]
fn a_seed_and_a_node_limit_make_threads_deterministic() {
    for position in [start(), cc(WIN_OR_LOSE), cc(WIN_IN_FIVE)] {
        let run = || {
            let mut m = cc_mcts(MctsConfig { seed: 5, threads: 3, ..MctsConfig::default() });
            let r = m.search(&position, &Limits::nodes(6000), &mut quiet);
            (r.best, r.score, r.nodes, m.root_stats().to_vec())
        };
        let first = run();
        for _ in 0..2 {
            assert_eq!(run(), first, "{}", position.to_text());
        }
    }
}

#[test]
fn the_node_limit_is_exact() {
    for (threads, n) in [(1, 1234), (2, 1235), (3, 100)] {
        let mut m = cc_mcts(MctsConfig { threads, reuse_tree: false, ..MctsConfig::default() });
        let r = m.search(&start(), &Limits::nodes(n), &mut quiet);
        assert_eq!(r.nodes, n, "{threads} threads");
        // Every iteration but the root's first visit goes through one root child.
        let visits: u64 = m.root_stats().iter().map(|s| s.visits).sum();
        assert_eq!(visits, n, "{threads} threads");
        assert!(start().parse_move(&start().format_move(r.best.unwrap())).is_ok());
    }
}

#[test]
fn finds_and_proves_a_win_in_one() {
    for text in [WIN_IN_ONE, WIN_OR_LOSE] {
        let game = cc(text);
        let wins = winning_moves(&game);
        assert_eq!(wins.len(), 1, "the test position has one winning move");
        for solver in [false, true] {
            let mut m = cc_mcts(MctsConfig { solver, seed: 3, ..MctsConfig::default() });
            let r = m.search(&game, &Limits::nodes(2000), &mut quiet);
            assert_eq!(r.best, Some(wins[0]), "solver={solver}");
            assert_eq!(r.pv.first(), Some(&wins[0]));
            // The winning move ends the game: a proven win even without the solver.
            assert_eq!(r.score, score::WIN - 1);
            assert!(r.score >= score::WIN_THRESHOLD);
            if solver {
                assert!(r.nodes < 2000, "a proven root ends the search early");
            } else {
                assert_eq!(r.nodes, 2000);
            }
        }
    }
}

#[test]
fn two_threads_find_the_win_too() {
    let game = cc(WIN_OR_LOSE);
    let mut m = cc_mcts(MctsConfig { threads: 2, seed: 5, ..MctsConfig::default() });
    let r = m.search(&game, &Limits::nodes(4000), &mut quiet);
    assert_eq!(r.best, Some(winning_moves(&game)[0]));
    assert!(r.score >= score::WIN_THRESHOLD);
    let mut m = cc_mcts(MctsConfig { threads: 2, seed: 5, solver: false, ..MctsConfig::default() });
    let r = m.search(&start(), &Limits::think(Duration::from_millis(100)), &mut quiet);
    assert!(start().parse_move(&start().format_move(r.best.unwrap())).is_ok());
    assert!(r.nodes > 0);
}

#[test]
fn proves_a_loss() {
    let game = cc(LOST);
    assert!(winning_moves(&game).is_empty());
    let mut m = cc_mcts(MctsConfig { seed: 1, ..MctsConfig::default() });
    let r = m.search(&game, &Limits::nodes(20_000), &mut quiet);
    assert_eq!(r.score, -(score::WIN - 2), "seat 1 wins on the next ply");
    assert!(m.root_stats().iter().all(|s| s.proof == Some(Proof::Loss) && s.plies == 2));
    assert!(r.best.is_some());
}

#[test]
fn reuses_the_subtree_of_the_position_reached() {
    let mut game = start();
    let mut m = cc_mcts(MctsConfig { seed: 2, ..MctsConfig::default() });
    let r = m.search(&game, &Limits::nodes(5000), &mut quiet);
    game.play(r.best.unwrap());
    let reply = r.pv.get(1).copied().unwrap();
    game.play(reply);
    // The grandchild kept its visits: the new root starts with them.
    m.search(&game, &Limits::nodes(1000), &mut quiet);
    let visits: u64 = m.root_stats().iter().map(|s| s.visits).sum();
    assert!(visits > 1000, "visits {visits}");
    // Without reuse the tree starts afresh.
    let mut fresh = cc_mcts(MctsConfig { seed: 2, reuse_tree: false, ..MctsConfig::default() });
    fresh.search(&start(), &Limits::nodes(5000), &mut quiet);
    fresh.search(&game, &Limits::nodes(1000), &mut quiet);
    let visits: u64 = fresh.root_stats().iter().map(|s| s.visits).sum();
    assert_eq!(visits, 1000);
    // A position not near the old root also starts afresh.
    let mut far = game;
    for _ in 0..4 {
        let mut list = MoveList::new();
        far.legal_moves(&mut list);
        far.play(list.as_slice()[0]);
    }
    m.search(&far, &Limits::nodes(500), &mut quiet);
    assert_eq!(m.root_stats().iter().map(|s| s.visits).sum::<u64>(), 500);
}

#[test]
fn reports_stops_and_truncates() {
    let mut reports = 0;
    let mut m = cc_mcts(MctsConfig { playout_cap: Some(8), ..MctsConfig::default() });
    let r = m.search(&start(), &Limits::think(Duration::from_millis(250)), &mut |info| {
        reports += 1;
        assert!(!info.pv.is_empty());
        assert_eq!(info.depth as usize, info.pv.len());
    });
    assert!(reports >= 2, "reports {reports}");
    assert!(r.nodes > 100 && r.time < Duration::from_millis(400));
    assert!(r.score.abs() < score::WIN_THRESHOLD);

    let stop = Arc::new(AtomicBool::new(true));
    let limits = Limits { stop: Some(stop), ..Limits::default() };
    let r = cc_mcts(MctsConfig::default()).search(&start(), &limits, &mut quiet);
    assert_eq!(r.nodes, 0);
    assert!(r.best.is_some(), "a legal move even without thinking");

    // Uniform playouts rarely end: they are cut and scored by the evaluator.
    let mut m: Mcts<ChineseCheckers> = Mcts::new(MctsConfig::default(), Arc::new(Uniform));
    let r = m.search(&start(), &Limits::nodes(50), &mut quiet);
    assert_eq!(r.nodes, 50);
}

#[test]
fn finished_games_have_no_move() {
    let mut g = cc(WIN_IN_ONE);
    g.play(winning_moves(&g)[0]);
    let r = cc_mcts(MctsConfig::default()).search(&g, &Limits::nodes(10), &mut quiet);
    assert_eq!(r.best, None);
    assert_eq!(r.score, -score::WIN, "seat 1 to move has lost");
}

#[test]
fn three_and_six_seats_search_too() {
    for players in [3, 6] {
        let mut game = ChineseCheckers::new(&CcOptions { players, ..CcOptions::default() }).unwrap();
        let mut m = cc_mcts(MctsConfig { threads: 2, playout_cap: Some(30), ..MctsConfig::default() });
        for _ in 0..players {
            let r = m.search(&game, &Limits::nodes(300), &mut quiet);
            assert_eq!(r.nodes, 300);
            let best = r.best.unwrap();
            assert!(game.parse_move(&game.format_move(best)).is_ok());
            assert!(r.score.abs() <= 1000, "{players} players: {}", r.score);
            game.play(best);
        }
    }
}

#[test]
fn searchers_can_move_between_threads() {
    fn send<T: Send + 'static>(_: &T) {}
    send(&cc_mcts(MctsConfig::default()));
    let _boxed: Box<dyn Searcher<ChineseCheckers>> = Box::new(cc_mcts(MctsConfig::default()));
}

/// Iterations per second from the start, full forward playouts, 1 and 2 threads.
/// `cargo test --release -p tabula-engine mcts_speed -- --ignored --nocapture`
#[test]
#[ignore]
fn mcts_speed() {
    // Processor time of this process in seconds (Linux; `None` elsewhere): on a shared
    // machine, iterations per processor second estimate the speed on an idle one.
    fn cpu_seconds() -> Option<f64> {
        let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
        Some(ticks / 100.0)
    }
    let secs = std::env::var("MCTS_SECS").ok().and_then(|s| s.parse().ok()).unwrap_or(3.0);
    let mut rates = Vec::new();
    for threads in [1, 2] {
        let mut m = cc_mcts(MctsConfig { threads, reuse_tree: false, ..MctsConfig::default() });
        let cpu = cpu_seconds();
        let r = m.search(&start(), &Limits::think(Duration::from_secs_f64(secs)), &mut quiet);
        let cpu = cpu.zip(cpu_seconds()).map(|(a, b)| b - a);
        let rate = r.nodes as f64 / r.time.as_secs_f64();
        eprintln!(
            "threads={threads}: {} iterations in {:.2} s = {rate:.0}/s ({}), best {}, score {}, tree {:?}",
            r.nodes,
            r.time.as_secs_f64(),
            cpu.map_or("no processor time".into(), |c| format!(
                "{:.0} per processor second, {:.2} processors busy",
                r.nodes as f64 / c,
                c / r.time.as_secs_f64()
            )),
            start().format_move(r.best.unwrap()),
            r.score,
            m.tree_sizes()
        );
        rates.push(rate);
    }
    eprintln!("speed-up with 2 threads: {:.2}x", rates[1] / rates[0]);
}

/// Every node's position is checked against the game's history and the path above it: a
/// node is an unexpanded repetition exactly when its position occurred before. Counted as
/// a draw (`repeat=true`), its rewards are a draw's and it is a proven draw; played out
/// (`repeat=false`), its rewards come from playouts, capped at a draw's for the seat whose
/// move repeated, and it proves nothing.
#[test]
fn repeated_positions_grow_no_subtree_and_are_draws_or_played_out() {
    for repeat_draws in [true, false] {
        // Two plies in, searched from the start first: the start and the position after
        // the first move are in the searcher's history.
        let config = MctsConfig { seed: 3, repeat_draws, ..MctsConfig::default() };
        let mut m = cc_mcts(config);
        let first = m.search(&start(), &Limits::nodes(200), &mut quiet).best.unwrap();
        let mut game = start();
        game.play(first);
        let mut list = MoveList::new();
        game.legal_moves(&mut list);
        game.play(list.as_slice()[0]);
        m.search(&game, &Limits::nodes(20_000), &mut quiet);

        let tree = &m.trees[0];
        // What the searcher saw: the start and the position its move made.
        let mut after_first = start();
        after_first.play(first);
        let history = [start().hash(), after_first.hash()];
        let (mut repeated, mut drawn) = (0, 0);
        // (node, its position, the hashes on the path above it)
        let mut stack = vec![(0u32, game, vec![])];
        while let Some((node, position, above)) = stack.pop() {
            let n = tree.nodes[node as usize];
            let key = position.hash();
            let expected = node != 0 && (history.contains(&key) || above.contains(&key));
            assert_eq!(n.repeated, expected, "node {node}");
            if n.repeated {
                repeated += 1;
                assert!(n.terminal && n.first_child == NONE);
                assert_eq!(n.proof == super::proof::DRAW, repeat_draws, "node {node}");
                let sums = &tree.rewards[node as usize * 2..node as usize * 2 + 2];
                let half = 0.5 * n.visits as f64;
                if sums.iter().all(|&s| (s - half).abs() < 1e-9) {
                    drawn += 1;
                }
                assert!(sums[n.mover as usize] <= half + 1e-9, "node {node}: the repeating seat gets {sums:?}");
            }
            let mut above = above.clone();
            above.push(key);
            for child in tree.children(node) {
                let mut p = position;
                p.play(tree.nodes[child as usize].mv);
                stack.push((child, p, above.clone()));
            }
        }
        assert!(repeated > 0, "the search met no repetition to check");
        if repeat_draws {
            assert_eq!(drawn, repeated, "every repetition is a draw");
        } else {
            // Where the repeating seat's playouts went worse than a draw, they stand.
            assert!(drawn < repeated, "all {repeated} repetitions scored as draws");
        }
    }
}

#[test]
fn the_memory_setting_sets_the_trees_capacity() {
    let mb = 1 << 20;
    let m = cc_mcts(MctsConfig { memory_mb: 1, ..MctsConfig::default() });
    let per_node = Mcts::<ChineseCheckers>::bytes_per_node(2, MctsModel::MaxN);
    assert_eq!(m.tree_capacities(), [mb / per_node]);
    // Two threads share the memory: each tree gets half.
    let m = cc_mcts(MctsConfig { memory_mb: 4, threads: 2, ..MctsConfig::default() });
    assert_eq!(m.tree_capacities(), [2 * mb / per_node; 2]);
    // A game of six seats keeps six reward sums a node: fewer nodes for the same memory.
    let mut m = cc_mcts(MctsConfig { memory_mb: 1, playout_cap: Some(10), ..MctsConfig::default() });
    let six = ChineseCheckers::new(&CcOptions { players: 6, ..CcOptions::default() }).unwrap();
    m.search(&six, &Limits::nodes(10), &mut quiet);
    assert_eq!(m.tree_capacities(), [mb / Mcts::<ChineseCheckers>::bytes_per_node(6, MctsModel::MaxN)]);
}

#[test]
fn too_little_memory_is_an_error() {
    let err = |config| Mcts::<ChineseCheckers>::try_new(config, Arc::new(Uniform)).err().map(|e| e.to_string());
    assert_eq!(
        err(MctsConfig { memory_mb: 0, ..MctsConfig::default() }).as_deref(),
        Some("memory=0: the search trees need at least 1 MB (1 MB a thread)")
    );
    assert_eq!(
        err(MctsConfig { memory_mb: 3, threads: 4, ..MctsConfig::default() }).as_deref(),
        Some("memory=3: the search trees need at least 4 MB (1 MB a thread)")
    );
    assert_eq!(err(MctsConfig { memory_mb: 4, threads: 4, ..MctsConfig::default() }), None);
}

#[test]
fn a_full_tree_still_finds_a_legal_move() {
    let mut m = cc_mcts(MctsConfig { memory_mb: 1, seed: 3, ..MctsConfig::default() });
    let cap = m.tree_capacities()[0];
    let mut game = start();
    for _ in 0..3 {
        let r = m.search(&game, &Limits::nodes(3 * cap as u64), &mut quiet);
        assert_eq!(m.tree_sizes(), [cap], "the tree filled up");
        let best = r.best.unwrap();
        let mut list = MoveList::new();
        game.legal_moves(&mut list);
        assert!(list.as_slice().contains(&best));
        game.play(best);
    }
}

/// Seat 0 has nine pegs home and its last one still in its own camp (j14), the hole e4 of
/// its target free; seat 1's pegs are far from their target, on the other side.
const LAST_PEG_AT_HOME: &str = "chinese-checkers players=2 camps=03 turn=0 ply=100 passes=0 \
    board=./../.../0.../............./............/.........../........../........./........../\
    .........11/........1111/.........1111/.000/000/00/0";

/// The fewest moves in which seat 0 fills its target moving its last peg alone, the other
/// pegs standing still: a breadth-first search over that peg's moves.
fn fewest_moves_home(game: &ChineseCheckers) -> usize {
    let me = game.to_move();
    let mut frontier = vec![*game];
    let mut seen = vec![game.hash()];
    let mut list = MoveList::new();
    for depth in 1.. {
        let mut next = Vec::new();
        for position in &frontier {
            let last = position.pegs(me) & !position.target(me);
            position.legal_moves(&mut list);
            for &mv in list.iter().filter(|mv| (last >> mv.from) & 1 == 1) {
                let mut child = *position;
                child.play(mv);
                if child.outcome().and_then(|o| o.sole_winner()) == Some(me) {
                    return depth;
                }
                child.hand_turn_to(me);
                if !seen.contains(&child.hash()) {
                    seen.push(child.hash());
                    next.push(child);
                }
            }
        }
        assert!(!next.is_empty(), "the last peg cannot get home");
        frontier = next;
    }
    unreachable!()
}

/// MCTS with Chinese Checkers' defaults (truncated playouts, implicit minimax, repetitions
/// played out) must take its last peg out of its own camp and home, and does it in the
/// fewest moves, under the default rules and under the rules without the target-stay and
/// blocking rules; the other seat plays greedy.
#[test]
fn the_last_peg_leaves_home_by_the_shortest_way() {
    use crate::search::simple::Greedy;
    for rules in ["", " cc.target_stay=off cc.anti_block=none"] {
        let mut game = cc(&format!("{LAST_PEG_AT_HOME}{rules}"));
        let fewest = fewest_moves_home(&game);
        assert!(fewest >= 6, "a real walk: {fewest} moves");
        let mut mcts = cc_mcts(crate::settings::mcts_defaults::<ChineseCheckers>().config);
        let mut greedy = Greedy::<ChineseCheckers>::new();
        let mut moves = 0;
        while !game.is_over() && moves <= fewest {
            let searcher: &mut dyn Searcher<ChineseCheckers> =
                if game.to_move() == Seat(0) { &mut mcts } else { &mut greedy };
            let mv = searcher.search(&game, &Limits::nodes(3000), &mut quiet).best.unwrap();
            moves += usize::from(game.to_move() == Seat(0));
            game.play(mv);
        }
        let winner = game.outcome().and_then(|o| o.sole_winner());
        assert_eq!((winner, moves), (Some(Seat(0)), fewest), "rules:{rules}");
    }
}

/// Where every root move is lost or hopeless, the move that progresses most (the best
/// evaluation of its position for the mover) is chosen; one move still open keeps the
/// choice as it was.
#[test]
fn a_lost_race_is_run_out() {
    use super::root::progress_when_lost;
    use crate::api::Evaluator;
    use crate::eval::chinese_checkers::CcEval;
    let game = start();
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    let moves = list.as_slice();
    let stat = |mv, visits, reward, proof| RootStat { mv, visits, reward, proof, plies: 3 };
    let eval = CcEval::default();
    let value = |mv| {
        let mut child = game;
        child.play(mv);
        eval.evaluate(&child)[0]
    };
    let most = moves.iter().map(|&mv| value(mv)).max().unwrap();
    // Every move lost: the most visited one progresses least, another is proven lost.
    let least = (0..moves.len()).min_by_key(|&i| value(moves[i])).unwrap();
    assert!(value(moves[least]) < most);
    let mut stats: Vec<_> = moves.iter().map(|&mv| stat(mv, 10, 0.1, None)).collect();
    stats[least].visits = 100;
    stats[(least + 1) % moves.len()].proof = Some(Proof::Loss);
    let chosen = progress_when_lost(&stats, least, &game, &eval);
    assert_eq!(value(moves[chosen]), most);
    // One move still has chances: nothing changes.
    stats[(least + 2) % moves.len()].reward = 0.4;
    assert_eq!(progress_when_lost(&stats, least, &game, &eval), least);
}
