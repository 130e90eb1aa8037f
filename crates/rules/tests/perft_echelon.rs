//! The Gentleman's Echelon perft table `tests/perft/echelon.txt`, checked line by line
//! against the crate's `perft`, `perft_made` and `perft_parallel`, and against the
//! independent reference of `tests/echelon_reference` (where the reference is fast
//! enough). The mid-game lines were counted by the reference alone (see
//! `generate_perft_lines`).
//!
//! Line format: `options | start | depth | nodes`, `options | moves:m1,m2,… | depth | nodes`
//! or `options | position:<position text> | depth | nodes`; `#` starts a comment.

mod common;
mod echelon_reference;

use std::collections::BTreeSet;

use common::perft_table::{self, Case, Setup};
use echelon_reference::{self as reference, Pos, RefOutcome, Rules};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabula_rules::games::echelon::{Echelon, MAX_RADIUS, MIN_RADIUS, board};
use tabula_rules::{Game, MoveList, Seat, perft, perft_divide, perft_made, perft_parallel};

const TABLE: &str = include_str!("perft/echelon.txt");

/// The reference checks a line itself when its count is at most this.
const REFERENCE_BUDGET: u64 = 400_000;

fn crate_game(case: &Case) -> Echelon {
    perft_table::crate_game(case)
}

fn table() -> Vec<Case> {
    perft_table::table(TABLE)
}

fn reference_pos(case: &Case) -> Pos {
    let rules = Rules::parse(&case.options).expect("options");
    match &case.setup {
        Setup::Start => Pos::start(rules),
        Setup::Moves(moves) => {
            let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
            Pos::after(rules, &moves)
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
fn reference_board_matches_the_crate_cell_order() {
    for radius in MIN_RADIUS..=MAX_RADIUS {
        let rules = Rules { radius: radius as i32, ..Rules::default() };
        let cells = rules.cells();
        let b = board(radius);
        assert_eq!(b.hex.len(), cells.len());
        for (i, &c) in cells.iter().enumerate() {
            assert_eq!(b.hex.name(i), rules.name(c), "radius {radius} cell {i}");
            assert_eq!(b.hex.parse(&rules.name(c)), Some(i));
        }
    }
    let rules = Rules::default();
    assert_eq!(rules.name((0, 0)), "e5");
    assert_eq!(rules.name((-1, 0)), "d5");
    assert_eq!(rules.name((4, -4)), "i9");
    for bad in ["a9", "i1", "e10", "e0", "j5", "e05", ""] {
        assert_eq!(rules.parse_name(bad), None, "{bad}");
        assert_eq!(board(4).hex.parse(bad), None, "{bad}");
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
    for (d, n) in [(1, 18), (2, 602), (3, 17_430), (4, 627_258)] {
        assert!(has("players=2", d, n), "spec radius 4 depth {d}");
    }
    for (d, n) in [(1, 13), (2, 311), (3, 6_479), (4, 164_218)] {
        assert!(has("players=2 ge.radius=3", d, n), "spec radius 3 depth {d}");
    }
    for options in ["players=2 ge.slide_to_end=true", "players=2 ge.stack_height=10", "players=2 ge.radius=5"] {
        assert!(cases.iter().any(|c| c.options == options && c.depth >= 3), "{options}");
    }
    // Mid-game positions with stacks several high and many dead hexes.
    let positions: BTreeSet<&str> = cases
        .iter()
        .filter_map(|c| match &c.setup {
            Setup::Position(p) => Some(p.as_str()),
            _ => None,
        })
        .collect();
    let deep = positions
        .iter()
        .filter(|t| {
            let p = Pos::from_text(t).expect("position");
            p.stacks.values().map(Vec::len).max().unwrap_or(0) >= 4 && p.dead.len() >= 12
        })
        .count();
    assert!(deep >= 5, "{deep} positions with a stack of 4+ and 12+ dead hexes");
}

#[test]
fn crate_perft_matches_the_table() {
    for case in table() {
        let g = crate_game(&case);
        assert_eq!(perft(&g, case.depth), case.nodes, "perft {}", case.label());
        assert_eq!(perft_made(&g, case.depth), case.nodes, "perft_made {}", case.label());
        if case.nodes <= 5_000_000 {
            assert_eq!(perft_parallel(&g, case.depth), case.nodes, "perft_parallel {}", case.label());
        }
    }
}

#[test]
fn reference_perft_matches_the_table() {
    let mut checked = 0;
    for case in table() {
        let p = reference_pos(&case);
        if case.nodes <= REFERENCE_BUDGET {
            assert_eq!(reference::perft(&p, case.depth), case.nodes, "reference {}", case.label());
            checked += 1;
        } else {
            // Too slow for the reference here: compare one ply less with the crate.
            let g = crate_game(&case);
            let d = case.depth - 1;
            assert_eq!(reference::perft(&p, d), perft(&g, d), "reference depth {d} of {}", case.label());
        }
    }
    assert!(checked >= 25, "only {checked} lines checked by the reference");
}

/// Per root move, two plies deep: the crate's divide equals the reference's on every line.
#[test]
fn divide_matches_the_reference() {
    let mut seen = BTreeSet::new();
    for case in table() {
        let g = crate_game(&case);
        if !seen.insert(g.to_text()) {
            continue;
        }
        let p = reference_pos(&case);
        if p.outcome().is_some() {
            assert!(g.outcome().is_some(), "{}", case.label());
            continue;
        }
        assert_eq!(perft_divide(&g, 2), reference::divide(&p, 2), "{}", case.label());
    }
}

/// At the root of every line: the crate's sorted move strings, position text and outcome
/// equal the reference's.
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
        let crate_outcome = g.outcome().map(|o| match o.sole_winner() {
            Some(Seat(w)) => RefOutcome::Winner(w),
            None => RefOutcome::Draw,
        });
        assert_eq!(crate_outcome, p.outcome(), "{}", case.label());
    }
}

// ---------------------------------------------------------------------------------------
// Generation of the mid-game lines (reference only).

/// A random game under `rules` that prefers stomps (to build tall stacks), every
/// position kept.
fn random_game(rules: &Rules, seed: u64, stomp_bias: f64) -> Vec<Pos> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Pos::start(rules.clone());
    let mut history = vec![pos.clone()];
    while pos.outcome().is_none() {
        let moves = pos.moves();
        let m = pos.pick(&moves, &mut rng, stomp_bias);
        pos.play(m);
        history.push(pos.clone());
    }
    history
}

fn tallest(p: &Pos) -> usize {
    p.stacks.values().map(Vec::len).max().unwrap_or(0)
}

fn describe(p: &Pos) -> String {
    let heights: Vec<String> = p.stacks.values().filter(|s| s.len() > 1).map(|s| s.len().to_string()).collect();
    let mut s = format!(
        "ply {}, {} to move, {} moves; {} dead, stacks of {}",
        p.ply,
        if p.turn == 0 { "red" } else { "blue" },
        p.moves().len(),
        p.dead.len(),
        if heights.is_empty() { "none".to_string() } else { heights.join(", ") }
    );
    if let Some(o) = p.outcome() {
        s += &format!("; over: {o:?}");
    }
    s
}

fn emit(lines: &mut Vec<String>, options: &str, setup: &str, p: &Pos, max_depth: u32) {
    lines.push(format!("# {}", describe(p)));
    for depth in 1..=max_depth {
        let nodes = reference::perft(p, depth);
        lines.push(format!("{options} | {setup} | {depth} | {nodes}"));
        if nodes == 0 || nodes > 300_000 || (depth == 3 && nodes > 30_000) {
            break;
        }
    }
}

/// Prints the perft lines counted by the reference alone:
/// `cargo test -p tabula-rules --test perft_echelon -- --ignored --nocapture`.
#[test]
#[ignore]
fn generate_perft_lines() {
    let mut lines: Vec<String> = Vec::new();
    for options in [
        "players=2 ge.slide_to_end=true",
        "players=2 ge.stack_height=10",
        "players=2 ge.radius=5",
        "players=2 ge.radius=2",
        "players=2 ge.radius=6 ge.stack_height=10 ge.slide_to_end=true",
        "players=2 ge.stack_cells=c7,g3",
        "players=2 max_plies=3",
    ] {
        let p = Pos::start(Rules::parse(options).expect("options"));
        lines.push(format!("# {options}: start"));
        emit(&mut lines, options, "start", &p, 4);
    }
    for (options, seed, plies) in [
        ("players=2", 1, 12),
        ("players=2 ge.radius=3 ge.slide_to_end=true", 2, 10),
        ("players=2 ge.stack_height=10", 3, 16),
    ] {
        let rules = Rules::parse(options).expect("options");
        let mut rng = StdRng::seed_from_u64(seed);
        let mut p = Pos::start(rules);
        let mut record = Vec::new();
        for _ in 0..plies {
            let m = p.pick(&p.moves(), &mut rng, 0.5);
            record.push(p.notation(m));
            p.play(m);
        }
        lines.push(format!("# {options}: random opening, seed {seed}"));
        emit(&mut lines, options, &format!("moves:{}", record.join(",")), &p, 4);
    }
    // Mid-game positions: the first with a stack of `height`+ and `dead`+ dead hexes.
    for (options, height, dead) in [
        ("players=2", 4, 12),
        ("players=2", 5, 20),
        ("players=2", 6, 28),
        ("players=2 ge.slide_to_end=true", 4, 14),
        ("players=2 ge.stack_height=10", 6, 16),
        ("players=2 ge.stack_height=10 ge.slide_to_end=true", 5, 20),
        ("players=2 ge.radius=3", 4, 12),
        ("players=2 ge.radius=5 ge.stack_cells=c5,g5", 4, 20),
    ] {
        let rules = Rules::parse(options).expect("options");
        let (seed, history, index) = (0..400)
            .find_map(|seed| {
                let h = random_game(&rules, seed, 0.6);
                let i = h.iter().position(|p| p.outcome().is_none() && tallest(p) >= height && p.dead.len() >= dead);
                i.map(|i| (seed, h, i))
            })
            .expect("a game with such a position");
        let p = &history[index];
        lines.push(format!("# {options}: random game seed {seed}, stomp bias 0.6, game length {}", history.len() - 1));
        emit(&mut lines, options, &format!("position:{}", p.to_text()), p, 5);
    }
    // Near the end: a few plies before a random game's last move.
    for (options, seed) in [("players=2", 7), ("players=2 ge.slide_to_end=true", 8), ("players=2 ge.radius=3", 9)] {
        let rules = Rules::parse(options).expect("options");
        let h = random_game(&rules, seed, 0.6);
        let p = &h[h.len().saturating_sub(5)];
        lines.push(format!("# {options}: random game seed {seed}, 4 plies before its end"));
        emit(&mut lines, options, &format!("position:{}", p.to_text()), p, 5);
    }
    for l in lines {
        println!("{l}");
    }
}
