//! Generation of the Chinese Checkers table's midgame and constructed lines, counted by the
//! reference alone.

use std::collections::HashMap;

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::reference::Reference;
use crate::reference::chinese_checkers::{self as reference, Pos, RefMove, Rules};

/// A forward-biased random game under `rules`, every position kept.
fn random_game(rules: &Rules, seed: u64, greed: f64) -> Vec<Pos> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Pos::start(rules.clone());
    let mut history = vec![pos.clone()];
    while pos.outcome.is_none() && pos.ply < 600 {
        let moves = pos.moves();
        let m = pos.pick(&moves, &mut rng, greed);
        pos.play_unchecked(m);
        history.push(pos.clone());
    }
    history
}

fn with_rules(p: &Pos, stay: reference::Stay, anti: reference::Anti) -> Pos {
    let mut q = p.clone();
    q.rules.stay = stay;
    q.rules.anti = anti;
    q
}

/// Does the position's root move list depend on `cc.target_stay` strict vs final_only?
fn stay_matters(p: &Pos) -> bool {
    let a = with_rules(p, reference::Stay::Strict, p.rules.anti).move_strings();
    let b = with_rules(p, reference::Stay::FinalOnly, p.rules.anti).move_strings();
    a != b
}

fn has_swap(p: &Pos) -> bool {
    p.moves().iter().any(|m| matches!(m, RefMove::Peg { to, .. } if p.board.contains_key(to)))
}

/// Did the game end with a fill-rule win with other seats' pegs in the winner's target?
fn won_with_foreign_pegs(h: &[Pos]) -> bool {
    let last = h.last().expect("a position");
    match last.outcome {
        Some(reference::RefOutcome::Winner(w)) => {
            last.rules.target(w).iter().any(|c| matches!(last.board.get(c), Some(&o) if o != w))
        }
        _ => false,
    }
}

type Picker = fn(&[Pos]) -> Option<usize>;

/// First position at or after `from` plies satisfying `f`.
fn first_after(h: &[Pos], from: usize, f: impl Fn(&Pos) -> bool) -> Option<usize> {
    (from..h.len()).find(|&i| h[i].outcome.is_none() && f(&h[i]))
}

fn midgame_choices() -> Vec<(&'static str, Picker)> {
    vec![
        ("players=2", |h| Some(h.len() * 2 / 3)),
        ("players=2", |h| Some(h.len() - 3)),
        ("players=2", |h| first_after(h, 60, stay_matters)),
        ("players=2 cc.target_stay=final_only", |h| first_after(h, 60, stay_matters)),
        ("players=2 cc.target_stay=off", |h| Some(h.len() * 3 / 4)),
        ("players=2 cc.anti_block=swap", |h| first_after(h, 70, has_swap)),
        ("players=2 cc.anti_block=swap cc.target_stay=final_only", |h| {
            first_after(h, 40, |p| has_swap(p) && stay_matters(p))
        }),
        ("players=2 cc.anti_block=none", |h| Some(h.len() - 4)),
        ("players=3", |h| Some(h.len() - 3)),
        ("players=3 cc.anti_block=swap cc.target_stay=final_only", |h| {
            first_after(h, 60, |p| has_swap(p) || stay_matters(p))
        }),
        ("players=4", |h| {
            first_after(h, 80, |p| {
                !with_rules(p, p.rules.stay, reference::Anti::Swap).move_strings().eq(&p.move_strings())
            })
        }),
        ("players=4", |h| won_with_foreign_pegs(h).then(|| h.len() - 3)),
        ("players=4 cc.seats_4p=0235 cc.anti_block=swap cc.target_stay=off", |h| first_after(h, 80, has_swap)),
        ("players=4 cc.seats_4p=0235 cc.target_stay=final_only", |h| first_after(h, 60, stay_matters)),
        ("players=5 cc.anti_block=none", |h| Some(h.len() * 3 / 4)),
        ("players=5 cc.anti_block=swap", |h| first_after(h, 90, has_swap)),
        ("players=6", |h| Some(h.len() / 2)),
        ("players=6 cc.anti_block=swap", |h| first_after(h, 100, has_swap)),
        ("players=6 cc.target_stay=final_only cc.anti_block=none", |h| first_after(h, 100, stay_matters)),
        ("players=6 cc.target_stay=off", |h| Some(h.len() - 3)),
    ]
}

/// A position from peg lists per seat (names), built in the reference and written as text.
fn build(options: &str, seats: &[&str], turn: usize, ply: u32, passes: usize) -> String {
    let rules = Rules::parse(options).expect("options");
    let mut board = HashMap::new();
    for (seat, names) in seats.iter().enumerate() {
        for n in names.split_whitespace() {
            let c = reference::parse_name(n).expect(n);
            assert!(board.insert(c, seat).is_none(), "{n} twice");
        }
    }
    let p = Pos { rules, board, turn, ply, passes, outcome: None };
    let text = p.to_text();
    Pos::from_text(&text).expect("constructed position").to_text()
}

/// Hand-made positions: blocked targets (passes, the all-pass draw, swaps out of a full
/// target, the fill rule at load), and a win through another seat's move.
fn constructed() -> Vec<(&'static str, String)> {
    // Camp 0 full: seat 0 stuck at the tip m17 among nine pegs of seat 1; camp 3 the mirror.
    let blocked = ["m17 e4 f4 g4 h4 e3 f3 g3 e2 f2", "e1 l16 m16 k15 l15 m15 j14 k14 l14 m14"];
    let mut out = Vec::new();
    for options in [
        "players=2 cc.anti_block=none",
        "players=2 cc.anti_block=none cc.target_stay=final_only",
        "players=2 cc.anti_block=none cc.target_stay=off",
        "players=2 cc.anti_block=swap",
        "players=2 cc.anti_block=swap cc.target_stay=off",
        "players=2",
    ] {
        out.push((options, build(options, &blocked, 0, 40, 0)));
    }
    out.push(("players=2 cc.anti_block=none", build("players=2 cc.anti_block=none", &blocked, 1, 41, 1)));
    // 3 players: seat 1 can fill the last hole h4 of seat 0's target (fill rule: seat 0 wins).
    let three = ["e4 f4 e3 f3 g3 e2 f2 e1 i9 j9", "g4 i5 l7 m7 k6 l6 m6 j5 k5 l5", "d8 c7 d7 b6 c6 d6 a5 b5 c5 d5"];
    for options in ["players=3", "players=3 cc.anti_block=swap"] {
        out.push((options, build(options, &three, 1, 30, 0)));
    }
    out
}

fn emit(lines: &mut Vec<String>, options: &str, setup: &str, p: &Pos, max_depth: u32) {
    lines.push(format!("# {}", describe(p)));
    for depth in 1..=max_depth {
        let nodes = p.perft(depth);
        lines.push(format!("{options} | {setup} | {depth} | {nodes}"));
        if nodes == 0 || nodes > 400_000 || (depth == 3 && nodes > 40_000) {
            break;
        }
    }
}

/// Own/foreign pegs in each seat's target, and the root move count.
fn describe(p: &Pos) -> String {
    let mut s = format!("ply {}, seat {} to move, {} moves; target own/foreign:", p.ply, p.turn, p.moves().len());
    for seat in 0..p.rules.players {
        let t = p.rules.target(seat);
        let own = t.iter().filter(|c| p.board.get(c) == Some(&seat)).count();
        let foreign = t.iter().filter(|c| matches!(p.board.get(c), Some(&o) if o != seat)).count();
        s += &format!(" {own}/{foreign}");
    }
    if let Some(o) = p.outcome {
        s += &format!("; over: {o:?}");
    }
    s
}

/// Prints the midgame and constructed perft lines, counted by the reference alone:
/// `cargo test -p tabula-rules --test main -- --ignored --nocapture chinese_checkers::generate`.
#[test]
#[ignore]
fn generate_perft_lines() {
    let mut lines: Vec<String> = Vec::new();
    let p = Pos::start(Rules::parse("players=2").expect("options"));
    lines.push("# players=2: start, depth 5".to_string());
    lines.push(format!("players=2 | start | 5 | {}", p.perft(5)));
    let p = Pos::start(Rules::parse("players=2 max_plies=3").expect("options"));
    lines.push("# players=2 max_plies=3: every game ends at ply 3".to_string());
    for depth in [3, 4] {
        lines.push(format!("players=2 max_plies=3 | start | {depth} | {}", p.perft(depth)));
    }
    for options in ["players=4", "players=4 cc.seats_4p=0235", "players=5"] {
        let p = Pos::start(Rules::parse(options).expect("options"));
        lines.push(format!("# {options}: start"));
        emit(&mut lines, options, "start", &p, 4);
    }
    for (options, seed, plies) in [
        ("players=3 cc.anti_block=swap", 1, 24),
        ("players=4 cc.target_stay=off", 2, 30),
        ("players=5 cc.target_stay=final_only", 3, 40),
        ("players=6 cc.anti_block=none", 4, 36),
        ("players=2 max_plies=19", 5, 17),
    ] {
        let mut rng = StdRng::seed_from_u64(seed);
        let rules = Rules::parse(options).expect("options");
        let (p, record) = Pos::opening(rules, plies, |p, moves| p.pick(moves, &mut rng, 0.85));
        lines.push(format!("# {options}: random opening, seed {seed}"));
        emit(&mut lines, options, &format!("moves:{}", record.join(",")), &p, 4);
    }
    for (options, pick) in midgame_choices() {
        let rules = Rules::parse(options).expect("options");
        let (seed, history, index) = (0..50)
            .find_map(|seed| {
                let h = random_game(&rules, seed, 0.85);
                pick(&h).map(|i| (seed, h, i))
            })
            .expect("a game with such a position");
        let p = &history[index];
        lines.push(format!("# {options}: random game seed {seed}, greed 0.85, game length {}", history.len() - 1));
        emit(&mut lines, options, &format!("position:{}", p.to_text()), p, 4);
    }
    for (options, text) in constructed() {
        let p = Pos::from_text(&text).expect("constructed");
        lines.push(format!("# {options}: constructed"));
        emit(&mut lines, options, &format!("position:{text}"), &p, 4);
    }
    for l in lines {
        println!("{l}");
    }
}
