//! The Icelights perft table `tests/perft/icelights.txt`, checked line by line against the
//! crate's `perft`, `perft_made` and `perft_parallel`, and against the independent
//! reference of `tests/icelights_ref` (generator and beam tracer written from the spec
//! alone). The lines past the spec's counts were counted by the reference
//! (`generate_perft_lines`).
//!
//! Line format: `options | start | depth | nodes`, `options | moves:m1 m2 … | depth | nodes`
//! (turns separated by spaces: a turn's own comma joins its move and orientation)
//! or `options | position:<position text> | depth | nodes`; `#` starts a comment.

mod common;
mod icelights_ref;

use std::collections::BTreeSet;

use common::perft_table::{self, Case, Setup};
use icelights_ref::compare::same_beams;
use icelights_ref::{self as reference, Pos, Rules};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use tabula_rules::games::icelights::{Icelights, IlOptions};
use tabula_rules::{Game, MoveList, perft, perft_divide, perft_made, perft_parallel};

const TABLE: &str = include_str!("perft/icelights.txt");

/// The reference checks a line itself when its count is at most this.
const REFERENCE_BUDGET: u64 = 420_000;

/// The divide test runs where perft 2 is at most this.
const DIVIDE_BUDGET: u64 = 100_000;

fn table() -> Vec<Case> {
    // Icelights turns hold commas (`b1-c1,c1=E`): the table separates moves by spaces.
    perft_table::table_with(TABLE, |m| m.split_whitespace().map(str::to_string).collect())
}

fn crate_game(case: &Case) -> Icelights {
    perft_table::crate_game(case)
}

fn reference_pos(case: &Case) -> Pos {
    let rules = Rules::parse(&case.options);
    match &case.setup {
        Setup::Start => Pos::start(rules),
        Setup::Moves(moves) => {
            let mut p = Pos::start(rules);
            for m in moves {
                let t = reference::find(&p, m).unwrap_or_else(|| panic!("{}: reference: {m} illegal", case.label()));
                p = p.play(&t);
            }
            p
        }
        Setup::Position(text) => {
            let p = Pos::from_text(text).unwrap_or_else(|e| panic!("{}: {e}", case.label()));
            assert_eq!(p.rules, rules, "{}", case.label());
            assert_eq!(&p.to_text(), text, "{}", case.label());
            p
        }
    }
}

#[test]
fn table_has_the_spec_counts_and_enough_positions() {
    let cases = table();
    let has = |options: &str, depth: u32, nodes: u64| {
        cases
            .iter()
            .any(|c| c.options == options && matches!(c.setup, Setup::Start) && c.depth == depth && c.nodes == nodes)
    };
    assert!(has("", 1, 646), "spec: 646 opening turns");
    assert!(has("il.move_optional=true", 1, 665), "spec: 665 with il.move_optional");
    assert!(has("", 2, 374_680), "spec: perft 2");
    let positions: BTreeSet<&str> = cases
        .iter()
        .filter_map(|c| match &c.setup {
            Setup::Position(p) => Some(p.as_str()),
            _ => None,
        })
        .collect();
    assert!(positions.len() >= 5, "{} positions", positions.len());
    // Between them the positions' beams reflect, pass through backs, are absorbed, loop,
    // stop at Beamers and leave the board.
    let mut ends = BTreeSet::new();
    let mut reflections = 0;
    for p in &positions {
        let g = Icelights::from_text(p).expect("position");
        for b in g.beams().beams() {
            ends.insert(format!("{:?}", b.end));
            reflections += b.legs().windows(2).filter(|w| w[0].dir != w[1].dir).count();
        }
    }
    for end in ["OffBoard", "Beamer", "Absorbed", "Loop"] {
        assert!(ends.contains(end), "no position has a beam ending {end}: {ends:?}");
    }
    assert!(reflections >= 10, "{reflections} reflections");
}

/// The spec's other opening figures: 34 piece moves, 66 turns that end the game at once.
#[test]
fn opening_figures_of_the_spec() {
    let g = Icelights::new(&IlOptions::default()).unwrap();
    let p = Pos::start(Rules::parse(""));
    assert_eq!(p.piece_moves().len(), 34);
    let turns = p.turns();
    assert_eq!(turns.len(), 646);
    assert_eq!(turns.iter().filter(|t| p.play(t).outcome.is_some()).count(), 66);
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    let ended = list
        .iter()
        .filter(|&&m| {
            let mut c = g;
            c.play(m);
            c.outcome().is_some()
        })
        .count();
    assert_eq!(ended, 66);
    assert_eq!(Pos::start(Rules::parse("il.move_optional=true")).turns().len(), 665);
}

#[test]
fn crate_perft_matches_the_table() {
    for case in table() {
        let g = crate_game(&case);
        assert_eq!(perft(&g, case.depth), case.nodes, "perft {}", case.label());
        if case.nodes <= 3_000_000 {
            assert_eq!(perft_made(&g, case.depth), case.nodes, "perft_made {}", case.label());
        }
        assert_eq!(perft_parallel(&g, case.depth), case.nodes, "perft_parallel {}", case.label());
    }
}

#[test]
fn reference_perft_matches_the_table() {
    // The reference is slow: the lines run in parallel.
    let checked: usize = table()
        .par_iter()
        .map(|case| {
            let p = reference_pos(case);
            if case.nodes <= REFERENCE_BUDGET {
                assert_eq!(reference::perft(&p, case.depth), case.nodes, "reference {}", case.label());
                1
            } else {
                // Too slow for the reference: compare one ply less with the crate.
                let g = crate_game(case);
                let d = case.depth - 1;
                assert_eq!(reference::perft(&p, d), perft(&g, d), "reference depth {d} of {}", case.label());
                0
            }
        })
        .sum();
    assert!(checked >= 12, "only {checked} lines checked by the reference");
}

/// Per root turn, one ply below (the crate's divide at depth 2 equals the reference's) on
/// every position of the table that is small enough.
#[test]
fn divide_matches_the_reference() {
    let mut seen = BTreeSet::new();
    for case in table() {
        let g = crate_game(&case);
        if !seen.insert(g.to_text()) || g.outcome().is_some() || perft(&g, 2) > DIVIDE_BUDGET {
            continue;
        }
        let p = reference_pos(&case);
        assert_eq!(perft_divide(&g, 2), reference::divide(&p, 2), "{}", case.label());
    }
}

/// At the root of every line: the sorted move strings, position text, outcome and every
/// beam's path and end equal the reference's.
#[test]
fn crate_and_reference_agree_on_the_table_roots() {
    for case in table() {
        let g = crate_game(&case);
        let p = reference_pos(&case);
        let mut list = MoveList::new();
        g.legal_moves(&mut list);
        let mut crate_moves: Vec<String> = list.iter().map(|&m| g.format_move(m)).collect();
        crate_moves.sort();
        assert_eq!(crate_moves, p.move_strings(), "{}", case.label());
        assert_eq!(g.to_text(), p.to_text(), "{}", case.label());
        let ranks = g.outcome().map(|o| o.ranks().to_vec());
        assert_eq!(ranks, p.outcome.map(|o| o.ranks()), "{}", case.label());
        if let Err(e) = same_beams(&g, &p) {
            panic!("{e}: {}", case.label());
        }
    }
}

// ---------------------------------------------------------------------------------------
// Generation of the lines past the spec's counts (reference only).

/// A random game by the reference that avoids turns losing at once where it can.
fn random_game(rules: &Rules, seed: u64, plies: u32) -> Vec<Pos> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut p = Pos::start(rules.clone());
    let mut history = vec![p.clone()];
    while p.outcome.is_none() && p.ply < plies {
        let turns = p.turns();
        let safe: Vec<_> = turns.iter().filter(|t| p.play(t).outcome.is_none()).collect();
        let t = if safe.is_empty() {
            &turns[rng.random_range(0..turns.len())]
        } else {
            safe[rng.random_range(0..safe.len())]
        };
        p = p.play(t);
        history.push(p.clone());
    }
    history
}

/// Beam ends and turns (reflections) at this position.
fn beam_features(p: &Pos) -> (BTreeSet<String>, usize) {
    let fired = reference::fire(&p.board);
    let ends = fired.beams.iter().map(|b| format!("{:?}", b.end)).collect();
    let turns = fired.beams.iter().map(|b| b.path.windows(2).filter(|w| w[0].1 != w[1].1).count()).sum();
    (ends, turns)
}

/// Hand-made positions: a ring of Icelights (a loop), a Beamer boxed in (orientation-only
/// turns and `pass`), a Tower one turn from a hit, pass-over moves through a crowd.
fn constructed() -> Vec<(&'static str, &'static str)> {
    vec![
        ("", "icelights turn=0 ply=10 passes=0 board=6bSt/7iW/2IE2IS2/8/8/BE1IN2IW2/8/T6bN"),
        ("", "icelights turn=0 ply=6 passes=0 board=6iSt/8/8/8/8/iN7/BNiN6/TBNiN5"),
        (
            "il.move_optional=true",
            "icelights turn=0 ply=7 passes=1 board=6iSt/8/8/8/8/iN7/BNiN6/TBNiN5 il.move_optional=true",
        ),
        ("", "icelights turn=1 ply=21 passes=0 board=3t1iS1bS/2iE4bW/8/IS2iN4/1BE6/8/2IW1IN3/T1BN1iW2IE"),
        (
            "il.pass_over_pieces=true",
            "icelights turn=0 ply=12 passes=0 board=2iSiS2bSt/3iS2bW1/8/8/2IN5/2IE1IN3/BE2IN4/T1BN5 il.pass_over_pieces=true",
        ),
    ]
}

fn emit(lines: &mut Vec<String>, options: &str, setup: &str, p: &Pos, max_depth: u32) {
    let (ends, turns) = beam_features(p);
    lines.push(format!("# {} turns at the root; beams turn {turns} times, end {ends:?}", p.turns().len()));
    for depth in 1..=max_depth {
        let nodes = reference::perft(p, depth);
        lines.push(format!("{options} | {setup} | {depth} | {nodes}"));
        if nodes == 0 || nodes > 2_000 {
            break;
        }
    }
}

/// Prints the lines past the spec's counts, counted by the reference alone:
/// `cargo test -p tabula-rules --test perft_icelights -- --ignored --nocapture`.
#[test]
#[ignore]
fn generate_perft_lines() {
    let mut lines = Vec::new();
    for options in ["il.pass_over_pieces=true", "il.move_optional=true il.pass_over_pieces=true", "max_plies=1"] {
        let p = Pos::start(Rules::parse(options));
        lines.push(format!("# {options}: start"));
        emit(&mut lines, options, "start", &p, 2);
    }
    for (options, seed, plies) in [("", 1u64, 9u32), ("il.move_optional=true", 2, 12)] {
        let h = random_game(&Rules::parse(options), seed, plies);
        let p = h.last().expect("a position").clone();
        let mut record = Vec::new();
        for w in h.windows(2) {
            let t = w[0].turns().into_iter().find(|t| w[0].play(t) == w[1]).expect("the played turn");
            record.push(t.notation());
        }
        lines.push(format!("# {options}: random game seed {seed}, {plies} plies"));
        emit(&mut lines, options, &format!("moves:{}", record.join(" ")), &p, 2);
    }
    for (options, seed) in [("", 3u64), ("", 4), ("il.pass_over_pieces=true", 5), ("il.move_optional=true", 6)] {
        let h = random_game(&Rules::parse(options), seed, 60);
        let pick = h.iter().rev().find(|p| {
            let (ends, turns) = beam_features(p);
            p.outcome.is_none() && turns >= 3 && ends.len() >= 2
        });
        let Some(p) = pick else { continue };
        lines.push(format!("# {options}: random game seed {seed}, ply {}", p.ply));
        emit(&mut lines, options, &format!("position:{}", p.to_text()), p, 2);
    }
    for (options, text) in constructed() {
        let p = Pos::from_text(text).expect("constructed");
        lines.push(format!("# {options}: constructed"));
        emit(&mut lines, options, &format!("position:{text}"), &p, 3);
    }
    for l in lines {
        println!("{l}");
    }
}
