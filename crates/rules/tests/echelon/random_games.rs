//! Property tests of Gentleman's Echelon over random legal games under random options
//! (radius, start cells, 6 or 10 counters, slide-to-end, a ply cap), every position checked
//! against the independent reference of `tests/reference/echelon.rs`, and every move checked
//! against the spec's invariants: counters conserved, dead hexes only grow, only the top
//! counter moves, each move kills a hex or lowers the stack excess (so the potential
//! `2·live + excess` falls and games end within its start value), no draw.

use std::collections::HashSet;

use proptest::prelude::*;
use proptest::test_runner::Config;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula_rules::games::echelon::{BLUE, Echelon, EgMove, EgOptions, RED};
use tabula_rules::geometry::bits::BitIter;
use tabula_rules::{Game, Seat, perft};

use crate::harness::crate_options;
use crate::harness::random_game::{Legal, Ply, rejects_unlisted, walk};
use crate::reference::Reference;
use crate::reference::echelon::{Cell, Pos, RefMove, RefOutcome, Rules};

/// One random game: options and the seed that drives the move choices.
#[derive(Clone, Debug)]
struct GameSpec {
    radius: i32,
    /// Start cells as indices into the board's cells, or the default.
    cells: Option<(usize, usize)>,
    height: usize,
    slide_to_end: bool,
    max_plies: Option<u32>,
    seed: u64,
    /// Probability of a stomp when one is legal (builds tall stacks).
    stomp_bias: f64,
}

impl GameSpec {
    fn rules(&self) -> Rules {
        Rules::parse(&self.options()).expect("options")
    }

    /// The options in spec names, as the perft table writes them.
    fn options(&self) -> String {
        let mut s = format!("players=2 ge.radius={} ge.stack_height={}", self.radius, self.height);
        if let Some((a, b)) = self.cells {
            let r = Rules { radius: self.radius, ..Rules::default() };
            let cells = r.cells();
            s += &format!(" ge.stack_cells={},{}", r.name(cells[a]), r.name(cells[b]));
        }
        if self.slide_to_end {
            s += " ge.slide_to_end=true";
        }
        if let Some(m) = self.max_plies {
            s += &format!(" max_plies={m}");
        }
        s
    }
}

fn game_spec() -> impl Strategy<Value = GameSpec> {
    (
        prop_oneof![4 => Just(4), 1 => Just(2), 2 => Just(3), 2 => Just(5), 1 => Just(6)],
        prop::option::weighted(0.3, (0usize..127, 0usize..127)),
        prop_oneof![3 => Just(6), 1 => Just(10)],
        prop::bool::weighted(0.3),
        prop::option::weighted(0.1, 1u32..=60),
        any::<u64>(),
        prop_oneof![Just(0.0), Just(0.5), 0.0..1.0f64],
    )
        .prop_map(|(radius, cells, height, slide_to_end, max_plies, seed, stomp_bias)| {
            let n = (3 * radius * (radius + 1) + 1) as usize;
            let cells = cells.map(|(a, b)| (a % n, b % n)).filter(|(a, b)| a != b);
            GameSpec { radius, cells, height, slide_to_end, max_plies, seed, stomp_bias }
        })
}

fn crate_outcome(g: &Echelon) -> Option<RefOutcome> {
    g.outcome().map(|o| match o.sole_winner() {
        Some(Seat(w)) => RefOutcome::Winner(w),
        None => RefOutcome::Draw,
    })
}

/// `2 · live hexes + Σ (height − 1)`: every move lowers it.
fn potential(g: &Echelon) -> u32 {
    2 * (g.board().hex.len() as u32 - g.dead().count_ones()) + g.excess()
}

/// The Echelon invariants of a position, beyond the harness's.
fn check_stacks(ply: &Ply<Echelon>, rng: &mut StdRng) -> Result<(), TestCaseError> {
    let (g, p) = (ply.game, ply.reference);
    let ctx = || format!("position {}", g.to_text());
    let rules = &p.rules;
    let cells = rules.cells();

    // The board cell by cell, counters per side.
    prop_assert_eq!(g.to_move().0, p.turn, "{}", ctx());
    prop_assert_eq!(g.ply(), p.ply, "{}", ctx());
    for (i, &c) in cells.iter().enumerate() {
        let want: Vec<Seat> = p.stacks.get(&c).map(|s| s.iter().map(|&k| Seat(k)).collect()).unwrap_or_default();
        prop_assert_eq!(g.stack(i), want, "hex {}, {}", rules.name(c), ctx());
        prop_assert_eq!(g.dead() >> i & 1 == 1, p.dead.contains(&c), "dead {}, {}", rules.name(c), ctx());
    }
    prop_assert_eq!(g.dead() & g.occupied(), 0, "a dead hex holds a counter, {}", ctx());
    for seat in [RED, BLUE] {
        prop_assert_eq!(g.counters(seat) as usize, rules.stack_height, "{}", ctx());
        prop_assert_eq!(p.counters(seat.0), rules.stack_height, "{}", ctx());
    }
    prop_assert_eq!(g.excess() as usize, p.excess(), "{}", ctx());
    prop_assert_eq!(g.tall(), BitIter(g.occupied()).filter(|&i| g.height(i) >= 2).fold(0, |a, i| a | 1u128 << i));

    // Outcome: only a loss by having no move, or the ply cap.
    let outcome = crate_outcome(g);
    prop_assert_eq!(outcome, p.outcome(), "{}", ctx());
    if outcome == Some(RefOutcome::Draw) {
        prop_assert!(rules.max_plies == Some(g.ply()), "a draw without the ply cap, {}", ctx());
    }
    if let Some(RefOutcome::Winner(w)) = outcome {
        prop_assert_eq!(w, 1 - g.to_move().0, "the side to move loses, {}", ctx());
        prop_assert!(!g.can_move(g.to_move()), "{}", ctx());
    }

    // Moves: only own tops move; the mobility counts equal the move lists.
    let moves = &ply.legal.moves;
    for &m in moves {
        prop_assert!(g.tops(g.to_move()) >> m.from & 1 == 1, "moves a counter that is not an own top, {}", ctx());
    }
    if g.outcome().is_none() {
        prop_assert_eq!(g.mobility(g.to_move()) as usize, moves.len(), "{}", ctx());
    }
    let mut other = p.clone();
    other.turn = 1 - other.turn;
    other.rules.max_plies = None;
    prop_assert_eq!(g.mobility(Seat(other.turn)) as usize, other.moves().len(), "{}", ctx());

    // Illegal moves are rejected: random from-to pairs that the reference does not list.
    let own: Vec<Cell> = p.stacks.iter().filter(|(_, s)| *s.last().unwrap() == p.turn).map(|(&c, _)| c).collect();
    let mut tokens = Vec::new();
    for _ in 0..12 {
        let from = if !own.is_empty() && rng.random_bool(0.7) {
            own[rng.random_range(0..own.len())]
        } else {
            cells[rng.random_range(0..cells.len())]
        };
        let to = cells[rng.random_range(0..cells.len())];
        if from != to {
            tokens.push(format!("{}-{}", rules.name(from), rules.name(to)));
        }
    }
    rejects_unlisted(g, ply.legal, tokens)
}

/// The invariants of one move from `before` to `after`.
fn check_move(before: &Echelon, mv: EgMove, after: &Echelon) -> Result<(), TestCaseError> {
    let ctx = || format!("{} after {}", before.format_move(mv), before.to_text());
    let (from, to) = (mv.from as usize, mv.to as usize);
    // Dead hexes only grow, by the emptied hex at most.
    prop_assert_eq!(before.dead() & !after.dead(), 0, "a dead hex came back, {}", ctx());
    let killed = (after.dead() & !before.dead()).count_ones();
    prop_assert!(killed <= 1);
    // Only the top of `from` moved, onto the top of `to`; every other stack is unchanged.
    let (mut bf, mut bt) = (before.stack(from), before.stack(to));
    let moved = bf.pop().expect("a counter on from");
    prop_assert_eq!(moved, before.to_move(), "moved the opponent's counter, {}", ctx());
    prop_assert!(bt.is_empty() || before.height(from) == 1, "a stack top stomped, {}", ctx());
    bt.push(moved);
    prop_assert_eq!(after.stack(from), bf.clone(), "{}", ctx());
    prop_assert_eq!(after.stack(to), bt, "{}", ctx());
    for i in 0..before.board().hex.len() {
        if i != from && i != to {
            prop_assert_eq!(after.stack(i), before.stack(i), "hex {} changed, {}", i, ctx());
        }
    }
    prop_assert_eq!(killed == 1, bf.is_empty(), "{}", ctx());
    // A kill, or the excess falls by one; and the potential falls either way.
    if killed == 0 {
        prop_assert_eq!(after.excess() + 1, before.excess(), "neither a kill nor an unstomp, {}", ctx());
    }
    prop_assert!(potential(after) < potential(before), "{}", ctx());
    for seat in [RED, BLUE] {
        prop_assert_eq!(after.counters(seat), before.counters(seat), "{}", ctx());
    }
    Ok(())
}

/// A whole game, moves picked by the reference's stomp bias; no position repeats and the
/// game ends within the start's potential.
fn run_game(spec: &GameSpec) -> Result<(), TestCaseError> {
    let options: EgOptions = crate_options(&spec.options());
    let g = Echelon::new(&options).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut rng = StdRng::seed_from_u64(spec.seed);
    let bound = potential(&g);
    let mut hashes = HashSet::new();
    let pick = |g: &Echelon, p: &Pos, _: &Legal<_>, moves: &[RefMove], rng: &mut StdRng| {
        let token = p.notation(&p.pick(moves, rng, spec.stomp_bias));
        g.parse_move(&token).unwrap_or_else(|e| panic!("{e}: {}", g.to_text()))
    };
    let check = |ply: &Ply<Echelon>, rng: &mut StdRng| {
        check_stacks(ply, rng)?;
        let g = ply.game;
        prop_assert!(hashes.insert(g.hash()), "a hash repeats (positions never repeat), {}", g.to_text());
        match ply.last {
            Some((before, mv)) => check_move(before, mv, g),
            None => Ok(()),
        }
    };
    let (g, _) = walk(g, Pos::start(spec.rules()), u32::MAX, &mut rng, pick, check)?;
    prop_assert!(g.ply() <= bound, "{} plies, more than the potential {}", g.ply(), bound);
    if spec.max_plies.is_none() {
        prop_assert!(g.outcome().and_then(|o| o.sole_winner()).is_some(), "no draw");
    }
    Ok(())
}

proptest! {
    #![proptest_config(Config { cases: 256, ..Config::default() })]

    #[test]
    fn random_games_hold_every_invariant(spec in game_spec()) {
        run_game(&spec)?;
    }
}

/// The bulk count equals the reference's perft two plies deep from random mid-game
/// positions of random options.
#[test]
fn fast_and_reference_perft_agree_on_random_positions() {
    let mut rng = StdRng::seed_from_u64(0xEC4E);
    for n in 0..40 {
        let spec = GameSpec {
            radius: [2, 3, 4, 4, 5, 6][n % 6],
            cells: None,
            height: if n % 3 == 0 { 10 } else { 6 },
            slide_to_end: n % 4 == 1,
            max_plies: None,
            seed: n as u64,
            stomp_bias: 0.6,
        };
        let mut p = Pos::start(spec.rules());
        let plies = rng.random_range(0..40);
        for _ in 0..plies {
            if p.outcome().is_some() {
                break;
            }
            let m = p.pick(&p.moves(), &mut rng, spec.stomp_bias);
            p.play(m);
        }
        let g = Echelon::from_text(&p.to_text()).expect("reference text parses");
        for depth in 1..=3 {
            assert_eq!(perft(&g, depth), p.perft(depth), "depth {depth}, {}", p.to_text());
        }
    }
}
