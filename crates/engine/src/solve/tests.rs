//! The solver against obviously right exhaustive searches: plain negamax on finite games
//! (a ply cap makes any game finite; Echelon always is), and on games that can loop, a
//! retrograde fixpoint over every reachable position (a win is a move to a lost position,
//! a loss is every move to a won one, the rest is endless play: a draw).

use ahash::AHashMap;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabula_rules::games::chinese_checkers::ChineseCheckers;
use tabula_rules::games::e::E;
use tabula_rules::games::echelon::Echelon;
use tabula_rules::games::icelights::Icelights;
use tabula_rules::games::martian_chess::{CoasterChess, MartianChess};
use tabula_rules::{Game, GameOptions, MoveList};

use super::{MAX_PATH, Solver, Stop, Value};
use crate::Limits;
use crate::toy_games::corridor::Corridor;

/// The value of a finished position for its side to move: 1 won, -1 lost, 0 drawn.
fn finished<G: Game>(game: &G) -> Option<i8> {
    game.outcome().map(|o| match o.sole_winner() {
        Some(s) if s == game.to_move() => 1,
        Some(_) => -1,
        None => 0,
    })
}

/// Full-depth negamax of a finite game, from the side to move.
fn negamax<G: Game>(game: &G) -> i8 {
    if let Some(v) = finished(game) {
        return v;
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut best = if moves.is_empty() { 0 } else { -1 };
    for &mv in moves.iter() {
        let mut child = game.clone();
        child.play(mv);
        best = best.max(-negamax(&child));
    }
    best
}

/// The number of positions in the game tree of `game`, counting at most to `budget`.
fn tree_size<G: Game>(game: &G, budget: u64) -> u64 {
    let mut count = 1;
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    for &mv in moves.iter() {
        if count > budget {
            break;
        }
        let mut child = game.clone();
        child.play(mv);
        count += tree_size(&child, budget - count);
    }
    count
}

/// Retrograde analysis of every position reachable from `game` (at most `limit`), keyed
/// by hash: the root's value from the side to move.
fn retrograde<G: Game>(game: &G, limit: usize) -> i8 {
    let mut index: AHashMap<u64, usize> = AHashMap::new();
    let mut states = vec![game.clone()];
    let mut children: Vec<Vec<usize>> = Vec::new();
    index.insert(game.hash(), 0);
    let mut moves = MoveList::new();
    let mut at = 0;
    while at < states.len() {
        assert!(states.len() <= limit, "more than {limit} positions");
        states[at].legal_moves(&mut moves);
        let mut next = Vec::new();
        for &mv in moves.iter() {
            let mut child = states[at].clone();
            child.play(mv);
            let n = *index.entry(child.hash()).or_insert_with(|| {
                states.push(child);
                states.len() - 1
            });
            next.push(n);
        }
        children.push(next);
        at += 1;
    }
    let mut value: Vec<Option<i8>> =
        states.iter().map(|s| finished(s).or(if s.count_moves() == 0 { Some(0) } else { None })).collect();
    loop {
        let mut changed = false;
        for s in 0..states.len() {
            if value[s].is_some() {
                continue;
            }
            let kids = children[s].iter().map(|&c| value[c]);
            if kids.clone().any(|v| v == Some(-1)) {
                value[s] = Some(1);
            } else if kids.clone().all(|v| v == Some(1)) {
                value[s] = Some(-1);
            } else {
                continue;
            }
            changed = true;
        }
        if !changed {
            break;
        }
    }
    value[0].unwrap_or(0)
}

/// The solver's value as 1, 0, -1, solving with a node cap that a right solver stays under.
fn solved<G: Game>(game: &G) -> i8 {
    let mut solver = Solver::new(4).expect("a small table");
    let limits = Limits { nodes: Some(2_000_000), ..Limits::default() };
    let s = solver.solve(game, &limits, &mut |_| {}).expect("two seats");
    let value = match s.value {
        Ok(Value::Win) => 1,
        Ok(Value::Loss) => -1,
        Ok(Value::Draw) => 0,
        Err(stop) => panic!("not solved ({stop}): {}", game.to_text()),
    };
    check_line(game, &s.line, value);
    value
}

/// A win or loss line is legal and ends in the proved result.
fn check_line<G: Game>(game: &G, line: &[G::Move], value: i8) {
    let mut g = game.clone();
    for &mv in line {
        assert!(g.is_legal(mv), "a legal line from {}", game.to_text());
        g.play(mv);
    }
    if value != 0 {
        let winner = if value == 1 { game.to_move() } else { tabula_rules::Seat(1 - game.to_move().0) };
        assert_eq!(
            g.outcome().and_then(|o| o.sole_winner()),
            Some(winner),
            "the line ends in the win: {}",
            game.to_text()
        );
    }
}

/// Positions from `start` after a few random moves, each capped so that its game tree
/// holds at most `budget` positions.
fn capped_cases<G: Game>(start: &G, cases: u64, plies: std::ops::Range<u32>, budget: u64) -> Vec<G> {
    let mut out = Vec::new();
    let mut moves = MoveList::new();
    for seed in 0..cases {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = start.clone();
        for _ in 0..rng.random_range(plies.clone()) {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            game.play(moves.as_slice()[rng.random_range(0..moves.len())]);
        }
        if game.is_over() {
            continue;
        }
        for extra in (1..=8).rev() {
            let mut options = game.options().clone();
            options.set_max_plies(Some(game.ply() + extra)).expect("max_plies");
            let mut capped = game.clone();
            if capped.set_options(&options).is_ok() && tree_size(&capped, budget) <= budget {
                out.push(capped);
                break;
            }
        }
    }
    out
}

fn agrees_with_negamax<G: Game>(start: &G, plies: std::ops::Range<u32>) -> [usize; 3] {
    let mut seen = [0; 3];
    let cases = capped_cases(start, 24, plies, 20_000);
    assert!(cases.len() >= 6, "enough cases: {}", cases.len());
    for game in &cases {
        let truth = negamax(game);
        assert_eq!(solved(game), truth, "{}", game.to_text());
        seen[(truth + 1) as usize] += 1;
    }
    seen
}

fn start<G: Game>(line: &str) -> G {
    G::new(&G::Options::from_line(line).expect("options")).expect("a start")
}

#[test]
fn chinese_checkers_agrees_with_negamax() {
    agrees_with_negamax(&start::<ChineseCheckers>("players=2"), 0..60);
}

#[test]
fn e_agrees_with_negamax() {
    agrees_with_negamax(&start::<E>("players=2"), 0..60);
}

#[test]
fn icelights_agrees_with_negamax() {
    agrees_with_negamax(&start::<Icelights>(""), 0..40);
}

#[test]
fn martian_chess_agrees_with_negamax() {
    let seen = agrees_with_negamax(&start::<MartianChess>("players=2"), 0..16);
    assert!(seen.iter().filter(|&&n| n > 0).count() >= 2, "more than one value: {seen:?}");
}

#[test]
fn coaster_chess_agrees_with_negamax() {
    agrees_with_negamax(&start::<CoasterChess>("players=2"), 0..16);
}

#[test]
fn echelon_agrees_with_negamax() {
    let seen = agrees_with_negamax(&start::<Echelon>("ge.radius=2"), 0..30);
    assert!(seen[0] > 0 && seen[2] > 0, "wins and losses: {seen:?}");
}

#[test]
fn echelon_late_positions_uncapped() {
    // Echelon always ends, so plain negamax is exact without a cap.
    let mut moves = MoveList::new();
    let mut checked = 0;
    for seed in 0..40 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = start::<Echelon>("ge.radius=2");
        while !game.is_over() && tree_size(&game, 5_000) > 5_000 {
            game.legal_moves(&mut moves);
            game.play(moves.as_slice()[rng.random_range(0..moves.len())]);
        }
        if !game.is_over() {
            assert_eq!(solved(&game), negamax(&game), "{}", game.to_text());
            checked += 1;
        }
    }
    assert!(checked >= 20, "{checked}");
}

/// Martian Chess endgames without a clock, where pieces can walk back and forth forever.
const LOOPING: &[&str] = &[
    "martian-chess players=2 turn=0 ply=0 passes=0 points=0,0 clock=- last=- board=..../.P../..../..../..../..../..P./.... mc.clock=off",
    "martian-chess players=2 turn=0 ply=0 passes=0 points=0,0 clock=- last=- board=..../.D../..../..../..../..../..P./.... mc.clock=off",
    "martian-chess players=2 turn=1 ply=0 passes=0 points=0,0 clock=- last=- board=P.../..../..../..../..../..../..../...D mc.clock=off",
    "martian-chess players=2 turn=0 ply=0 passes=0 points=0,1 clock=- last=- board=D.../..../..../..../..../..../..../...P mc.clock=off",
];

#[test]
fn looping_endgames_agree_with_retrograde_analysis() {
    for text in LOOPING {
        let game = MartianChess::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(solved(&game), retrograde(&game, 100_000), "{text}");
    }
}

#[test]
fn limits_stop_with_no_value() {
    let game = start::<Echelon>("ge.radius=3");
    let mut solver = Solver::new(1).expect("a table");
    let s = solver.solve(&game, &Limits::nodes(50), &mut |_| {}).expect("two seats");
    assert_eq!(s.value, Err(Stop::Nodes));
    assert!(s.line.is_empty() && s.nodes == 51, "{s:?}");
}

#[test]
fn more_than_two_seats_are_refused() {
    let game = start::<ChineseCheckers>("players=3");
    let mut solver = Solver::new(1).expect("a table");
    let e = solver.solve(&game, &Limits::nodes(50), &mut |_| {}).unwrap_err();
    assert_eq!(e.to_string(), "the solver takes 2-seat games; this one has 3 seats");
}

/// The solver's deepest path fits the stack a spawned thread has by default (2 MiB, less
/// than a search thread's): a corridor as long as the path limit is proved to its end, a
/// longer one stops at the limit instead of running out of stack (which would end the test
/// binary).
#[test]
fn the_longest_path_fits_a_default_thread_stack() {
    let solve = |length: u32| {
        std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let mut solver = Solver::new(8).expect("a table");
                let s = solver.solve(&Corridor::of(length), &Limits::default(), &mut |_| {}).expect("two seats");
                (s.value, !s.line.is_empty())
            })
            .expect("a thread")
            .join()
            .expect("no panic")
    };
    assert_eq!(solve(MAX_PATH + 1), (Ok(Value::Win), true));
    assert_eq!(solve(MAX_PATH + 2).0, Err(Stop::Path));
    assert_eq!(solve(100_000).0, Err(Stop::Path));
}
