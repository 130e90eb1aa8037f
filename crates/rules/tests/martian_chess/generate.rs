//! Generation of the Martian Chess and Coaster Chess tables' lines, counted by the reference
//! alone.

use std::collections::BTreeSet;

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::reference::Reference;
use crate::reference::martian_chess::{CoasterRef, MartianRef, Pos, Rules, Variant};

/// The reference's perft of a Martian or Coaster position.
fn perft(p: &Pos, depth: u32) -> u64 {
    if p.rules.coaster {
        CoasterRef::perft(&Variant(p.clone()), depth)
    } else {
        MartianRef::perft(&Variant(p.clone()), depth)
    }
}

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
        let nodes = perft(p, depth);
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
            lines.push(format!("{options} | start | {d} | {}", perft(&p, d)));
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
/// `cargo test -p tabula-rules --test main -- --ignored --nocapture martian_chess::generate`.
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
