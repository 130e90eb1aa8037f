//! Constructed Chinese Checkers endgames for both searchers (the win in one and in two
//! moves, the faster win preferred, MCTS-Solver proofs), exact depth limits, and the
//! `st=0.5` overrun sanity check through the time manager.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tabula_engine::api::score;
use tabula_engine::playout::chinese_checkers::CcForward;
use tabula_engine::search::alphabeta::{AlphaBeta, AlphaBetaConfig};
use tabula_engine::search::mcts::{Mcts, MctsConfig, Proof};
use tabula_engine::time::TimeManager;
use tabula_engine::{Limits, Searcher, registry};
use tabula_rules::games::chinese_checkers::{CcMove, CcOptions, ChineseCheckers};
use tabula_rules::{Game, MoveList, Seat};

/// Seat 0 with its last target rows full and the rows `near` (rank 5) and `home` (rank 4,
/// the first of its target) as given; seat 1's pegs sit on rank 12, far from anything.
fn position(near: &str, home: &str) -> ChineseCheckers {
    let rows = [
        ".",
        "..",
        "...",
        "....",
        ".............",
        "1111111111..",
        "...........",
        "..........",
        ".........",
        "..........",
        "...........",
        "............",
        near,
        home,
        "000",
        "00",
        "0",
    ];
    let text = format!("chinese-checkers players=2 camps=03 turn=0 ply=80 passes=0 board={}", rows.join("/"));
    ChineseCheckers::from_text(&text).unwrap()
}

/// Seat 0 has nine pegs home and one on i5, a step from the empty h4.
fn one_to_go() -> ChineseCheckers {
    position("........0....", "000.")
}

/// Seat 0 has eight pegs home, g4 and h4 empty, and pegs on h5 and i5, each a step from
/// one of them: the win takes two of its moves (three plies).
fn two_to_go() -> ChineseCheckers {
    position(".......00....", "00..")
}

fn moves_of(g: &ChineseCheckers) -> Vec<CcMove> {
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    list.as_slice().to_vec()
}

/// Whether seat 0 (to move) wins by force within `plies` plies (odd), by plain search.
fn forced_win(g: &ChineseCheckers, plies: u32) -> bool {
    if let Some(o) = g.outcome() {
        return o.sole_winner() == Some(Seat(0));
    }
    if plies == 0 {
        return false;
    }
    let after = |mv: CcMove| {
        let mut c = *g;
        c.play(mv);
        forced_win(&c, plies - 1)
    };
    if g.to_move() == Seat(0) { moves_of(g).into_iter().any(after) } else { moves_of(g).into_iter().all(after) }
}

fn alphabeta(g: &ChineseCheckers, depth: u32) -> tabula_engine::SearchResult<CcMove> {
    AlphaBeta::<ChineseCheckers>::new(AlphaBetaConfig::default()).search(g, &Limits::depth(depth), &mut |_| {})
}

#[test]
fn the_positions_are_what_they_claim() {
    let one = one_to_go();
    assert!(forced_win(&one, 1));
    // The win in one is not the only win: other first moves still win in three plies, so
    // choosing it is preferring the faster win.
    let slower = moves_of(&one).into_iter().filter(|&m| {
        let mut c = one;
        c.play(m);
        !c.is_over() && forced_win(&c, 2)
    });
    let slower = slower.count();
    assert!(slower >= 1, "{slower}");
    eprintln!("{slower} first moves win in three plies");
    let two = two_to_go();
    assert!(!forced_win(&two, 1) && forced_win(&two, 3));
}

#[test]
fn alpha_beta_wins_in_one_and_in_two_and_prefers_the_faster_win() {
    let one = one_to_go();
    for depth in [1, 3, 5] {
        let r = alphabeta(&one, depth);
        assert_eq!(one.format_move(r.best.unwrap()), "i5-h4", "depth {depth}");
        assert_eq!(r.score, score::WIN - 1);
    }
    let two = two_to_go();
    let r = alphabeta(&two, 5);
    assert_eq!(r.score, score::WIN - 3);
    let mut after = two;
    after.play(r.best.unwrap());
    assert!(forced_win(&after, 2), "the move keeps the win: {}", two.format_move(r.best.unwrap()));
    // Depth 3 is enough to see it and stops there: no deeper search changes a proof.
    assert_eq!(alphabeta(&two, 9).depth, 3);
}

#[test]
fn mcts_solver_proves_the_win_in_one_and_in_two() {
    for (game, plies) in [(one_to_go(), 1), (two_to_go(), 3)] {
        let mut m = Mcts::<ChineseCheckers>::new(
            MctsConfig { seed: 4, ..MctsConfig::default() },
            Arc::new(CcForward::default()),
        );
        let r = m.search(&game, &Limits::nodes(200_000), &mut |_| {});
        assert_eq!(r.score, score::WIN - plies, "win in {plies} plies");
        assert!(r.nodes < 200_000, "a proven root ends the search");
        let best = r.best.unwrap();
        let stat = m.root_stats().iter().find(|s| s.mv == best).unwrap();
        assert_eq!((stat.proof, stat.plies), (Some(Proof::Win), plies as u32));
        let mut after = game;
        after.play(best);
        assert!(forced_win(&after, plies as u32 - 1));
    }
}

#[test]
fn depth_limits_are_exact() {
    let start = ChineseCheckers::new(&CcOptions::default()).unwrap();
    for spec in ["alphabeta", "alphabeta:threads=2", "alphabeta:model=best-reply"] {
        for (players, depth) in [(2, 5), (3, 3)] {
            let g = ChineseCheckers::new(&CcOptions { players, ..CcOptions::default() }).unwrap();
            let mut depths = Vec::new();
            let mut s = registry::build::<ChineseCheckers>(spec).unwrap();
            let r = s.search(&g, &Limits::depth(depth), &mut |info| depths.push(info.depth));
            assert_eq!(depths, (1..=depth).collect::<Vec<_>>(), "{spec}, {players} players");
            assert_eq!(r.depth, depth);
            assert!(r.pv.first() == r.best.as_ref() && r.best.is_some());
        }
    }
    // MCTS: until the most-visited line is that deep.
    let mut m = registry::build::<ChineseCheckers>("mcts:seed=1").unwrap();
    let r = m.search(&start, &Limits::depth(3), &mut |_| {});
    assert!(r.depth >= 3 && r.pv.len() >= 3, "{}", r.depth);
}

#[test]
fn st_half_a_second_returns_a_move_in_time() {
    // A sanity bound: generous, since the machine may be busy (precision is the bench's).
    let limits = TimeManager::default().move_time(Duration::from_millis(500));
    assert!(limits.hard_time.unwrap() <= Duration::from_millis(500));
    let start = ChineseCheckers::new(&CcOptions::default()).unwrap();
    for spec in ["alphabeta:threads=2", "mcts:threads=2"] {
        let mut s = registry::build::<ChineseCheckers>(spec).unwrap();
        let clock = Instant::now();
        let r = s.search(&start, &limits, &mut |_| {});
        let spent = clock.elapsed();
        let best = r.best.expect("a move");
        assert!(start.parse_move(&start.format_move(best)).is_ok());
        assert!(spent >= Duration::from_millis(150), "{spec} used its time: {spent:?}");
        assert!(spent < Duration::from_millis(500 + 250), "{spec} overran: {spent:?}");
    }
}
