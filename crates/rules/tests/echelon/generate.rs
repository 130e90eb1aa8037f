//! Generation of the Gentleman's Echelon table's lines past the spec's counts, counted by
//! the reference alone.

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::reference::Reference;
use crate::reference::echelon::{Pos, Rules};

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
        let nodes = p.perft(depth);
        lines.push(format!("{options} | {setup} | {depth} | {nodes}"));
        if nodes == 0 || nodes > 300_000 || (depth == 3 && nodes > 30_000) {
            break;
        }
    }
}

/// Prints the perft lines counted by the reference alone:
/// `cargo test -p tabula-rules --test main -- --ignored --nocapture echelon::generate`.
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
        let mut rng = StdRng::seed_from_u64(seed);
        let rules = Rules::parse(options).expect("options");
        let (p, record) = Pos::opening(rules, plies, |p, moves| p.pick(moves, &mut rng, 0.5));
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
