//! The Martian Chess and Coaster Chess perft tables (`tests/perft/martian-chess.txt`,
//! `tests/perft/coaster-chess.txt`), checked line by line against the crate's `perft`,
//! `perft_made` and `perft_parallel`, and against the independent reference of
//! `tests/common/martian_reference.rs`. The midgame lines were counted by the reference
//! alone (see `generate_perft_lines`).
//!
//! Line format: `options | start | depth | nodes`, `options | moves:m1,m2,… | depth | nodes`
//! or `options | position:<position text> | depth | nodes`; `#` starts a comment.

mod common;
#[path = "common/martian_reference.rs"]
mod martian_reference;

use std::collections::BTreeSet;

use common::perft_table::{self, Case, Setup, table};
use martian_reference::{self as reference, Pos, Rules};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabula_rules::games::martian_chess::{Coaster, Martian, Mc, Variant};
use tabula_rules::{Game, MoveList, perft, perft_divide, perft_made, perft_parallel};

const MARTIAN: &str = include_str!("perft/martian-chess.txt");
const COASTER: &str = include_str!("perft/coaster-chess.txt");

/// The reference checks a line itself when its count is at most this.
const REFERENCE_BUDGET: u64 = 400_000;

fn crate_game<V: Variant>(case: &Case) -> Mc<V> {
    perft_table::crate_game(case)
}

fn reference_pos(coaster: bool, case: &Case) -> Pos {
    let rules = Rules::parse(coaster, &case.options).expect("options");
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

fn has_start(cases: &[Case], options: &str, depth: u32, nodes: u64) -> bool {
    cases
        .iter()
        .any(|c| c.options == options && matches!(c.setup, Setup::Start) && c.depth == depth && c.nodes == nodes)
}

fn positions(cases: &[Case]) -> BTreeSet<&str> {
    cases
        .iter()
        .filter_map(|c| match &c.setup {
            Setup::Position(p) => Some(p.as_str()),
            _ => None,
        })
        .collect()
}

#[test]
fn martian_table_has_the_spec_counts_and_enough_positions() {
    let cases = table(MARTIAN);
    for (d, n) in [(1, 10), (2, 104), (3, 1328)] {
        assert!(has_start(&cases, "players=2 mc.clock=off", d, n), "spec 2p clock off depth {d}");
    }
    for options in ["players=2", "players=4", "players=4 mc.clock=off"] {
        assert!(cases.iter().any(|c| c.options == options && c.depth >= 3), "{options}");
    }
    assert!(positions(&cases).len() >= 5, "{} positions", positions(&cases).len());
}

#[test]
fn coaster_table_has_the_spec_counts_and_enough_positions() {
    let cases = table(COASTER);
    let spec: [(&str, [u64; 4]); 5] = [
        ("players=2 mc.clock=off", [12, 154, 2567, 45489]),
        ("players=2 mc.clock=off mc.canal=vertical", [12, 144, 2479, 44748]),
        ("players=4 mc.clock=off", [5, 25, 125, 625]),
        ("players=2 mc.clock=off mc.move_model=straight_start", [10, 105, 1047, 10902]),
        ("players=2 mc.clock=off mc.move_model=straight_each", [8, 69, 619, 5799]),
    ];
    for (options, counts) in spec {
        for (d, &n) in counts.iter().enumerate() {
            assert!(has_start(&cases, options, d as u32 + 1, n), "spec {options} depth {}", d + 1);
        }
    }
    for (d, n) in [(1, 24), (2, 462), (3, 10268)] {
        assert!(has_start(&cases, "players=2", d, n), "spec callable depth {d}");
    }
    assert!(positions(&cases).len() >= 5, "{} positions", positions(&cases).len());
}

fn crate_perft_matches<V: Variant>(text: &str) {
    for case in table(text) {
        let g = crate_game::<V>(&case);
        assert_eq!(perft(&g, case.depth), case.nodes, "perft {}", case.label());
        assert_eq!(perft_made(&g, case.depth), case.nodes, "perft_made {}", case.label());
        assert_eq!(perft_parallel(&g, case.depth), case.nodes, "perft_parallel {}", case.label());
    }
}

#[test]
fn martian_crate_perft_matches_the_table() {
    crate_perft_matches::<Martian>(MARTIAN);
}

#[test]
fn coaster_crate_perft_matches_the_table() {
    crate_perft_matches::<Coaster>(COASTER);
}

fn reference_perft_matches<V: Variant>(text: &str) {
    let mut checked = 0;
    for case in table(text) {
        let p = reference_pos(V::COASTER, &case);
        if case.nodes <= REFERENCE_BUDGET {
            assert_eq!(reference::perft(&p, case.depth), case.nodes, "reference {}", case.label());
            checked += 1;
        } else {
            let g = crate_game::<V>(&case);
            let d = case.depth - 1;
            assert_eq!(reference::perft(&p, d), perft(&g, d), "reference depth {d} of {}", case.label());
        }
    }
    assert!(checked >= 15, "only {checked} lines checked by the reference");
}

#[test]
fn martian_reference_perft_matches_the_table() {
    reference_perft_matches::<Martian>(MARTIAN);
}

#[test]
fn coaster_reference_perft_matches_the_table() {
    reference_perft_matches::<Coaster>(COASTER);
}

/// Per root move, two plies deep, and the root lists, texts and outcomes.
fn roots_and_divide_agree<V: Variant>(text: &str) {
    let mut seen = BTreeSet::new();
    for case in table(text) {
        let g = crate_game::<V>(&case);
        let p = reference_pos(V::COASTER, &case);
        let mut list = MoveList::new();
        g.legal_moves(&mut list);
        let mut crate_moves: Vec<String> = list.iter().map(|&m| g.format_move(m)).collect();
        crate_moves.sort();
        assert_eq!(crate_moves, p.moves(), "{}", case.label());
        assert_eq!(g.to_text(), p.to_text(), "{}", case.label());
        assert_eq!(g.outcome().map(|o| o.ranks().to_vec()), p.outcome.clone(), "{}", case.label());
        if seen.insert(g.to_text()) && p.outcome.is_none() {
            assert_eq!(perft_divide(&g, 2), reference::divide(&p, 2), "{}", case.label());
        }
    }
}

#[test]
fn martian_roots_and_divide_agree_with_the_reference() {
    roots_and_divide_agree::<Martian>(MARTIAN);
}

#[test]
fn coaster_roots_and_divide_agree_with_the_reference() {
    roots_and_divide_agree::<Coaster>(COASTER);
}

// ---------------------------------------------------------------------------------------
// Generation of the midgame lines (reference only).

/// A random game (captures preferred with probability `bias`), every position kept.
fn random_game(rules: &Rules, seed: u64, bias: f64) -> Vec<Pos> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Pos::start(rules.clone());
    let mut history = vec![pos.clone()];
    while pos.outcome.is_none() && pos.ply < 300 {
        let m = pos.pick(&mut rng, bias);
        pos.play(&m);
        history.push(pos.clone());
    }
    history
}

type Picker = fn(&Pos) -> bool;

fn has_capture(p: &Pos) -> bool {
    p.moves().iter().any(|m| p.is_capture(m))
}
fn has_merge(p: &Pos) -> bool {
    p.moves().iter().any(|m| p.is_merge(m))
}
fn has_crossing_capture(p: &Pos) -> bool {
    p.moves().iter().any(|m| p.is_capture(m) && p.is_crossing(m))
}
fn running_clock(p: &Pos) -> bool {
    p.clock.is_some_and(|c| c >= 3) && has_capture(p)
}

fn choices(coaster: bool) -> Vec<(&'static str, Picker)> {
    let common: Vec<(&'static str, Picker)> = vec![
        ("players=2", has_crossing_capture),
        ("players=2", Pos::rejection_bites),
        ("players=2 mc.clock=off", |p| Pos::rejection_bites(p) && has_capture(p)),
        ("players=2", running_clock),
        ("players=4", has_capture),
        ("players=4 mc.no_reject_4p=next_player_only mc.clock=off", Pos::rejection_bites),
        ("players=4 mc.teams=true mc.clock=off", has_capture),
    ];
    let mut out = common;
    if coaster {
        out.push(("players=2 mc.field_promotion=true mc.clock=off", has_merge));
        out.push(("players=2 mc.canal=vertical", has_crossing_capture));
        out.push(("players=2 mc.move_model=straight_start mc.clock=off", has_capture));
        out.push(("players=2 mc.move_model=straight_each mc.clock=off", has_capture));
    } else {
        out.push(("players=2 mc.clock=off", has_merge));
        out.push(("players=2", |p| has_merge(p) && Pos::rejection_bites(p)));
        out.push(("players=4 mc.clock=off", has_merge));
    }
    out
}

fn emit(lines: &mut Vec<String>, options: &str, setup: &str, p: &Pos, max_depth: u32) {
    lines.push(format!(
        "# ply {}, seat {} to move, {} moves, points {:?}, clock {:?}",
        p.ply,
        p.turn,
        p.moves().len(),
        p.points,
        p.clock
    ));
    for depth in 1..=max_depth {
        let nodes = reference::perft(p, depth);
        lines.push(format!("{options} | {setup} | {depth} | {nodes}"));
        if nodes == 0 || nodes > 150_000 {
            break;
        }
    }
}

fn generate(coaster: bool) {
    let mut lines: Vec<String> = Vec::new();
    let starts: &[(&str, u32)] = if coaster {
        &[
            ("players=2 mc.clock=off", 4),
            ("players=2 mc.clock=off mc.canal=vertical", 4),
            ("players=4 mc.clock=off", 4),
            ("players=2 mc.clock=off mc.move_model=straight_start", 4),
            ("players=2 mc.clock=off mc.move_model=straight_each", 4),
            ("players=2", 3),
            ("players=4", 4),
            ("players=2 mc.clock=always_on", 4),
            ("players=2 mc.setup_mirror=true mc.clock=off", 4),
        ]
    } else {
        &[
            ("players=2 mc.clock=off", 4),
            ("players=2", 3),
            ("players=2 mc.clock=always_on", 4),
            ("players=4 mc.clock=off", 3),
            ("players=4", 3),
        ]
    };
    for &(options, depth) in starts {
        let p = Pos::start(Rules::parse(coaster, options).expect("options"));
        lines.push(format!("# {options}: start"));
        for d in 1..=depth {
            lines.push(format!("{options} | start | {d} | {}", reference::perft(&p, d)));
        }
    }
    let mut used = BTreeSet::new();
    for (options, pick) in choices(coaster) {
        let rules = Rules::parse(coaster, options).expect("options");
        let found = (0..200).find_map(|seed| {
            let h = random_game(&rules, seed, 0.3);
            let from = h.len() / 4;
            (from..h.len())
                .find(|&i| h[i].outcome.is_none() && pick(&h[i]) && !used.contains(&h[i].to_text()))
                .map(|i| (seed, h[i].clone()))
        });
        let Some((seed, p)) = found else {
            lines.push(format!("# {options}: no position found"));
            continue;
        };
        used.insert(p.to_text());
        lines.push(format!("# {options}: random game seed {seed}"));
        emit(&mut lines, options, &format!("position:{}", p.to_text()), &p, 4);
    }
    for l in lines {
        println!("{l}");
    }
}

/// Prints the table lines, counted by the reference alone:
/// `cargo test -p tabula-rules --test perft_martian_chess -- --ignored --nocapture generate`.
#[test]
#[ignore]
fn generate_martian_perft_lines() {
    generate(false);
}

/// As [`generate_martian_perft_lines`], for Coaster Chess.
#[test]
#[ignore]
fn generate_coaster_perft_lines() {
    generate(true);
}
