//! Property tests of E over random legal games with random player counts (2 to 6) and random
//! options, every position checked against the independent reference of
//! `tests/reference/e.rs` (the harness: texts, moves, outcome, parse-back, no duplicates),
//! and every position and turn checked, on the reference's side, against E's invariants:
//! every seat keeps 5 small, 5 medium, 5 large; no piece is foreign-trapped in its own home;
//! a movement lifts an uncovered piece of the mover with the pieces above it along a path
//! whose cost is the piece's size and changes nothing else; an exchange swaps exactly two
//! pieces of two seats; a pass changes no stack.

use proptest::prelude::*;
use proptest::test_runner::Config;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula_rules::games::e::E;
use tabula_rules::{Game, perft};

use crate::harness::crate_options;
use crate::harness::random_game::{Legal, Ply, rejects_unlisted, walk};
use crate::reference::Reference;
use crate::reference::e::{Pos, RefMove, Rules, Slot, cells, name};

/// One random game: player count, options and the seed that drives the move choices.
#[derive(Clone, Debug)]
struct GameSpec {
    players: usize,
    straight_line_only: bool,
    jump_cost: u32,
    equal_size_covers: bool,
    stack_limit: Option<usize>,
    standalone_exchange: &'static str,
    ge1: bool,
    ge2: bool,
    untouchable: bool,
    start_pattern: bool,
    ring4: &'static str,
    three_adjacent: bool,
    seats_0235: bool,
    max_plies: Option<u32>,
    seed: u64,
    /// Probability of a move that stacks or exchanges when one is legal.
    bias: f64,
    plies: u32,
}

impl GameSpec {
    /// The options in contract names and order, as the perft table writes them.
    fn options(&self) -> String {
        let mut s = format!("players={}", self.players);
        let mut add = |on: bool, text: String| {
            if on {
                s += &format!(" {text}");
            }
        };
        add(self.straight_line_only, "e.straight_line_only=true".into());
        add(self.jump_cost != 2, format!("e.jump_cost={}", self.jump_cost));
        add(self.equal_size_covers, "e.equal_size_covers=true".into());
        add(self.stack_limit.is_some(), format!("e.stack_limit={}", self.stack_limit.unwrap_or(0)));
        add(self.standalone_exchange != "any", format!("e.standalone_exchange={}", self.standalone_exchange));
        add(self.ge1, "e.ge1_no_new_traps=true".into());
        add(self.ge2, "e.ge2_must_unstack=true".into());
        add(self.untouchable, "e.goal_requires_untouchable=true".into());
        add(self.start_pattern, "e.goal_start_pattern=true".into());
        add(self.ring4 != "middle", format!("e.ring4_medium={}", self.ring4));
        add(self.three_adjacent, "e.three_adjacent=true".into());
        add(self.seats_0235, "e.seats_4p=0235".into());
        add(self.max_plies.is_some(), format!("max_plies={}", self.max_plies.unwrap_or(0)));
        s
    }

    fn rules(&self) -> Rules {
        Rules::parse(&self.options()).expect("options")
    }
}

fn game_spec() -> impl Strategy<Value = GameSpec> {
    (
        (
            2usize..=6,
            prop::bool::weighted(0.2),
            prop_oneof![3 => Just(2u32), 1 => Just(1u32)],
            prop::bool::weighted(0.25),
            prop::option::weighted(0.2, 1usize..=6),
            prop::sample::select(vec!["any", "any", "previous_move_only", "off"]),
            prop::bool::weighted(0.25),
            prop::bool::weighted(0.25),
        ),
        (
            prop::bool::weighted(0.2),
            prop::bool::weighted(0.2),
            prop::sample::select(vec!["middle", "middle", "clockwise", "counterclockwise"]),
            any::<bool>(),
            prop::option::weighted(0.15, 1u32..=120),
            any::<u64>(),
            prop_oneof![2 => Just(0.8), 1 => Just(0.5), 1 => 0.0..1.0f64],
            40u32..=160,
        ),
    )
        .prop_map(
            |(
                (players, straight, jump_cost, equal, stack_limit, standalone, ge1, ge2),
                (untouchable, start_pattern, ring4, seats, max_plies, seed, bias, plies),
            )| GameSpec {
                players,
                straight_line_only: straight,
                jump_cost,
                equal_size_covers: equal,
                stack_limit,
                standalone_exchange: standalone,
                ge1,
                ge2,
                untouchable,
                start_pattern,
                ring4,
                three_adjacent: players == 3 && seats,
                seats_0235: players == 4 && seats,
                max_plies,
                seed,
                bias,
                plies,
            },
        )
}

/// E's invariants of one position, on the reference's side, and the crate's move parser on
/// shorthands and on random tokens.
fn check_board(ply: &Ply<E>, rng: &mut StdRng) -> Result<(), TestCaseError> {
    let (g, p) = (ply.game, ply.reference);
    let ctx = || format!("position {}", g.to_text());
    prop_assert_eq!(g.seats(), p.rules.players, "{}", ctx());
    prop_assert_eq!(g.to_move().0, p.turn, "{}", ctx());
    prop_assert_eq!(g.ply(), p.ply, "{}", ctx());
    for seat in 0..p.rules.players as u8 {
        prop_assert_eq!(p.counts(seat), [5, 5, 5], "seat {}, {}", seat, ctx());
    }
    for (&c, stack) in &p.stacks {
        prop_assert!(!stack.is_empty(), "an empty stack kept, {}", ctx());
        prop_assert!(p.home_safe(stack, c), "a piece trapped in its own home at {}, {}", name(c), ctx());
    }

    // Shorthands: `cell-cell` for a top piece and an exchange's slots in the other order
    // name the same legal move.
    for (m, canonical) in p.moves().iter().map(|m| (m, p.notation(m))) {
        let want = g.parse_move(&canonical).ok();
        prop_assert!(want.is_some(), "{} does not parse, {}", canonical, ctx());
        let mut short = Vec::new();
        match m {
            RefMove::Movement { from, h, to, exchange } => {
                let swap = exchange.map(|(a, b)| format!("X{}={}", slot(b), slot(a)));
                if *h == p.stack(*from).len() {
                    let tail = exchange.map(|(a, b)| format!(",X{}={}", slot(a), slot(b))).unwrap_or_default();
                    short.push(format!("{}-{}{tail}", name(*from), name(*to)));
                }
                if let Some(s) = swap {
                    short.push(format!("{}/{}-{},{s}", name(*from), h, name(*to)));
                }
            }
            RefMove::Exchange(a, b) => short.push(format!("X{}={}", slot(*b), slot(*a))),
            RefMove::Pass => {}
        }
        for s in short {
            prop_assert_eq!(g.parse_move(&s).ok(), want, "{} for {}, {}", s, canonical, ctx());
        }
    }

    // Random canonical tokens parse exactly when they are legal.
    let all = cells();
    let own: Vec<Slot> = p.slots().into_iter().filter(|&(_, piece)| piece.0 == p.turn).map(|(s, _)| s).collect();
    let any_slot = |rng: &mut StdRng| -> Slot {
        if !own.is_empty() && rng.random_bool(0.7) {
            own[rng.random_range(0..own.len())]
        } else {
            (all[rng.random_range(0..all.len())], rng.random_range(1..=3))
        }
    };
    let mut tokens = vec!["pass".to_string()];
    for _ in 0..12 {
        let a = any_slot(rng);
        let to = all[rng.random_range(0..all.len())];
        let b = any_slot(rng);
        let c = any_slot(rng);
        tokens.push(format!("{}-{}", slot(a), name(to)));
        tokens.push(format!("X{}={}", slot(b), slot(c)));
        tokens.push(format!("{}-{},X{}={}", slot(a), name(to), slot(b), slot(c)));
    }
    rejects_unlisted(g, ply.legal, tokens)
}

fn slot(s: Slot) -> String {
    format!("{}/{}", name(s.0), s.1)
}

/// The slots whose pieces differ between two positions.
fn changed(a: &Pos, b: &Pos) -> Vec<Slot> {
    let mut out = Vec::new();
    for c in cells() {
        let (x, y) = (a.stack(c), b.stack(c));
        for h in 1..=x.len().max(y.len()) {
            if x.get(h - 1) != y.get(h - 1) {
                out.push((c, h));
            }
        }
    }
    out
}

/// The invariants of one turn, read on the reference's side: `before` and the move's
/// notation `played` lead to `after`.
fn check_turn(before: &Pos, played: &str, after: &Pos) -> Result<(), TestCaseError> {
    let ctx = || format!("{played} after {}", before.to_text());
    let moves = before.moves();
    let m = moves.iter().find(|m| before.notation(m) == played);
    prop_assert!(m.is_some(), "{} is not a reference move, {}", played, ctx());
    let me = before.turn;
    // The two guards: different seats, the mover's first; swapped and nothing else.
    let check_exchange = |p: &Pos, (a, b): (Slot, Slot), q: &Pos| -> Result<(), TestCaseError> {
        let (pa, pb) = (p.piece(a), p.piece(b));
        prop_assert!(pa.is_some_and(|x| x.0 == me), "the first guard is not the mover's, {}", ctx());
        prop_assert!(pb.is_some_and(|x| x.0 != me), "the second guard is the mover's, {}", ctx());
        let mut diff = changed(p, q);
        diff.sort();
        let mut want = vec![a, b];
        want.sort();
        prop_assert_eq!(diff, want, "an exchange moves exactly two pieces, {}", ctx());
        prop_assert_eq!((q.piece(a), q.piece(b)), (pb, pa), "{}", ctx());
        Ok(())
    };
    match m.expect("a move") {
        &RefMove::Movement { from, h, to, exchange } => {
            let stack = before.stack(from);
            let x = stack[h - 1];
            prop_assert_eq!(x.0, me, "moved another seat's piece, {}", ctx());
            prop_assert!(!before.covered(stack, h - 1), "a covered piece moved, {}", ctx());
            let path = before.path_of(from, h, to);
            prop_assert!(path.is_some(), "no path, {}", ctx());
            let path = path.expect("a path");
            prop_assert_eq!(
                before.path_cost(&path),
                Some(x.1 as u32),
                "path {:?} does not cost the size, {}",
                path,
                ctx()
            );
            let distinct: std::collections::BTreeSet<_> = path.iter().collect();
            prop_assert_eq!(distinct.len(), path.len(), "a path revisits a cell, {}", ctx());
            // The unit lands on top of `to`; the origin keeps what lay below X.
            let mut mid = before.clone();
            let mut origin = stack.to_vec();
            let unit = origin.split_off(h - 1);
            mid.stacks.remove(&from);
            if !origin.is_empty() {
                mid.stacks.insert(from, origin);
            }
            let mut dest = before.stack(to).to_vec();
            prop_assert!(dest.last().is_none_or(|top| top.0 != me), "landed on its own colour, {}", ctx());
            dest.extend(unit);
            mid.stacks.insert(to, dest);
            match exchange {
                None => prop_assert_eq!(&mid.stacks, &after.stacks, "{}", ctx()),
                Some(ex) => {
                    prop_assert!(ex.0.0 == to && ex.0.1 > before.stack(to).len(), "guard outside the unit, {}", ctx());
                    check_exchange(&mid, ex, after)?;
                }
            }
        }
        &RefMove::Exchange(a, b) => check_exchange(before, (a, b), after)?,
        RefMove::Pass => {
            prop_assert_eq!(moves.len(), 1, "a pass beside other moves, {}", ctx());
            prop_assert_eq!(&before.stacks, &after.stacks, "{}", ctx());
        }
    }
    Ok(())
}

/// A whole game (or its first `plies` plies), moves picked by the reference's bias.
fn run_game(spec: &GameSpec) -> Result<(), TestCaseError> {
    let options: <E as Game>::Options = crate_options(&spec.options());
    let g = E::new(&options).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut rng = StdRng::seed_from_u64(spec.seed);
    let pick = |g: &E, p: &Pos, _: &Legal<E>, moves: &[RefMove], rng: &mut StdRng| {
        let token = p.notation(&p.pick(moves, rng, spec.bias));
        g.parse_move(&token).unwrap_or_else(|e| panic!("{e}: {token} in {}", g.to_text()))
    };
    let check = |ply: &Ply<E>, rng: &mut StdRng| {
        check_board(ply, rng)?;
        match ply.last {
            Some((before, mv)) => {
                let b = Pos::from_text(&before.to_text()).map_err(TestCaseError::fail)?;
                check_turn(&b, &before.format_move(mv), ply.reference)
            }
            None => Ok(()),
        }
    };
    walk(g, Pos::start(spec.rules()), spec.plies, &mut rng, pick, check)?;
    Ok(())
}

proptest! {
    #![proptest_config(Config { cases: 48, ..Config::default() })]

    #[test]
    fn random_games_hold_every_invariant(spec in game_spec()) {
        run_game(&spec)?;
    }
}

/// The crate's perft equals the reference's two plies deep from random mid-game positions
/// of random player counts and options.
#[test]
fn crate_and_reference_perft_agree_on_random_positions() {
    let mut rng = StdRng::seed_from_u64(0xE);
    let runner_specs: Vec<GameSpec> = (0..24u64)
        .map(|n| GameSpec {
            players: 2 + (n as usize % 5),
            straight_line_only: n % 5 == 3,
            jump_cost: if n % 4 == 1 { 1 } else { 2 },
            equal_size_covers: n % 6 == 2,
            stack_limit: if n % 7 == 4 { Some(3) } else { None },
            standalone_exchange: ["any", "previous_move_only", "off"][n as usize % 3],
            ge1: n % 4 == 2,
            ge2: n % 5 == 1,
            untouchable: false,
            start_pattern: false,
            ring4: "middle",
            three_adjacent: false,
            seats_0235: false,
            max_plies: None,
            seed: n,
            bias: 0.8,
            plies: 0,
        })
        .collect();
    for spec in runner_specs {
        let mut p = Pos::start(spec.rules());
        for _ in 0..rng.random_range(10..80) {
            let moves = p.moves();
            if moves.is_empty() {
                break;
            }
            let m = p.pick(&moves, &mut rng, spec.bias);
            p.play(&m);
        }
        let g = E::from_text(&p.to_text()).expect("the reference's text parses");
        for depth in 1..=2 {
            assert_eq!(perft(&g, depth), p.perft(depth), "depth {depth}, {}", p.to_text());
        }
    }
}
