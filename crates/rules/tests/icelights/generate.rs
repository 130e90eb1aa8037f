//! Generation of the Icelights table's lines past the spec's counts, counted by the
//! reference alone.

use std::collections::BTreeSet;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::reference::Reference;
use crate::reference::icelights::{self as reference, Pos, Rules};

/// A random game by the reference that avoids turns losing at once where it can.
fn random_game(rules: &Rules, seed: u64, plies: u32) -> Vec<Pos> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut p = Pos::start(rules.clone());
    let mut history = vec![p.clone()];
    while p.outcome.is_none() && p.ply < plies {
        let turns = p.moves();
        let safe: Vec<_> = turns.iter().filter(|t| p.after(t).outcome.is_none()).collect();
        let t = if safe.is_empty() {
            &turns[rng.random_range(0..turns.len())]
        } else {
            safe[rng.random_range(0..safe.len())]
        };
        p = p.after(t);
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
    lines.push(format!("# {} turns at the root; beams turn {turns} times, end {ends:?}", p.moves().len()));
    for depth in 1..=max_depth {
        let nodes = p.perft(depth);
        lines.push(format!("{options} | {setup} | {depth} | {nodes}"));
        if nodes == 0 || nodes > 2_000 {
            break;
        }
    }
}

/// Prints the lines past the spec's counts, counted by the reference alone:
/// `cargo test -p tabula-rules --test main -- --ignored --nocapture icelights::generate`.
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
            let t = w[0].moves().into_iter().find(|t| w[0].after(t) == w[1]).expect("the played turn");
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
