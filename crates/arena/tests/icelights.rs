//! Alpha-beta against greedy at Icelights through the match runner, depth-limited so the
//! result does not depend on the machine: alpha-beta must lose no game and win some.
//! `IL_CAP` changes the ply cap (120), `IL_GAMES` the games of the long check, `IL_TC`
//! alpha-beta's time control in it (`depth=3`; e.g. `st=1`), `IL_DEBUG` prints every final
//! position.

use tabula_arena::{EngineEntry, MatchConfig, OpeningBook, run_match};
use tabula_rules::Seat;
use tabula_rules::games::icelights::{Icelights, IlOptions};

use crate::wall;

/// Plays `games` games of `a` against `b` (seats swapped each round, random 2-ply
/// openings, drawn after 120 plies); returns `a`'s (wins, draws, losses) and the plies.
fn play(a: &str, b: &str, games: usize) -> (u32, u32, u32, usize) {
    let cap = std::env::var("IL_CAP").ok().and_then(|v| v.parse().ok()).unwrap_or(120);
    let options = IlOptions { max_plies: Some(cap), ..IlOptions::default() };
    let engines = vec![EngineEntry::parse(a).unwrap(), EngineEntry::parse(b).unwrap()];
    let mut config = MatchConfig::<Icelights>::new(options, engines, None, games);
    config.openings = OpeningBook::Random { plies: 2 };
    config.seed = 11;
    config.concurrency = 2;
    // Forgiveness for timed engines (`IL_TC=st=1`): the loaded test machine overshoots.
    config.margin = std::time::Duration::from_millis(300);
    let finished = run_match(&config, wall(), &mut |_| true).expect("the match runs");
    let (mut w, mut d, mut l, mut plies) = (0, 0, 0, 0);
    for g in &finished {
        let seat = Seat(g.pairing.seats.iter().position(|&e| e == 0).expect("engine 0 plays") as u8);
        match g.outcome.score(seat) {
            s if s >= 1.0 => w += 1,
            s if s > 0.0 => d += 1,
            _ => l += 1,
        }
        plies += g.plies;
        if std::env::var("IL_DEBUG").is_ok() {
            println!("{} {} ({}) {}", g.pairing.seats[0], g.outcome, g.termination, g.final_position);
        }
    }
    (w, d, l, plies)
}

#[test]
fn alphabeta_beats_greedy() {
    let (w, d, l, plies) = play("name=ab,spec=alphabeta,tc=depth=2", "name=greedy,spec=greedy,tc=depth=1", 12);
    println!("alphabeta depth 2 vs greedy: +{w} ={d} -{l}, {plies} plies");
    // Most games are drawn (both sides guard their Towers; the players repeat positions),
    // but alpha-beta must lose none and win some.
    assert!(l == 0 && w >= 3, "alphabeta scored +{w} ={d} -{l} of 12");
}

/// The longer check quoted in the README: 40 games at depth 3 (about 8 minutes on two
/// cores).
#[test]
#[ignore]
fn alphabeta_depth_3_beats_greedy_over_40_games() {
    let n: usize = std::env::var("IL_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(40);
    let tc = std::env::var("IL_TC").unwrap_or_else(|_| "depth=3".into());
    let (w, d, l, plies) = play(&format!("name=ab,spec=alphabeta,tc={tc}"), "name=greedy,spec=greedy,tc=depth=1", n);
    println!("alphabeta {tc} vs greedy: +{w} ={d} -{l}, {plies} plies");
    assert!(l == 0 && w > 0, "alphabeta scored +{w} ={d} -{l} of {n}");
}
