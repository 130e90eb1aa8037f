//! Echelon engines in matches: alpha-beta against greedy (node-limited here; the timed
//! matches of the issue are ignored tests). The proofs of a won ending by alpha-beta and
//! MCTS-Solver are tests of `tabula_engine::eval::echelon`.

use tabula_arena::TimeControl;
use tabula_arena::{EngineEntry, FinishedGame, MatchConfig, OpeningBook, run_match};
use tabula_rules::Seat;
use tabula_rules::games::echelon::{Echelon, EgOptions};

use crate::wall;

/// Points of engine 0 over the games of a two-engine match.
fn points(games: &[FinishedGame]) -> f64 {
    games
        .iter()
        .map(|g| {
            let seat = g.pairing.seats.iter().position(|&e| e == 0).expect("engine 0 plays");
            g.outcome.score(Seat(seat as u8))
        })
        .sum()
}

fn match_of(specs: &[&str], tc: TimeControl, games: usize, openings: u32) -> Vec<FinishedGame> {
    let engines: Vec<EngineEntry> = specs.iter().map(|s| EngineEntry::parse(s).unwrap()).collect();
    let mut config = MatchConfig::<Echelon>::new(EgOptions::default(), engines, Some(tc), games);
    tabula_arena::unique_names(&mut config.engines);
    config.concurrency = 2;
    config.openings = OpeningBook::Random { plies: openings };
    config.seed = 5;
    // As `tabula match` does: a clock may run 50 ms over before the game is lost.
    config.margin = std::time::Duration::from_millis(50);
    run_match(&config, wall(), &mut |_| true).unwrap()
}

#[test]
fn alphabeta_clearly_beats_greedy() {
    let games = match_of(&["alphabeta", "greedy"], TimeControl::Nodes(4_000), 20, 2);
    let p = points(&games);
    eprintln!("alphabeta (4000 nodes) vs greedy: {p} / {}", games.len());
    assert!(p >= 0.8 * games.len() as f64, "alphabeta scored only {p} of {}", games.len());
}

/// A long match for the report: `cargo test --release -p tabula-arena --test echelon -- --ignored --nocapture`.
#[test]
#[ignore]
fn strength_table() {
    for (specs, tc) in [
        (["alphabeta", "greedy"], TimeControl::Nodes(20_000)),
        (["alphabeta", "greedy"], TimeControl::Depth(4)),
        (["mcts", "greedy"], TimeControl::Nodes(4_000)),
        (["alphabeta", "mcts"], TimeControl::Nodes(20_000)),
    ] {
        let games = match_of(&specs, tc, 40, 2);
        eprintln!("{} vs {} at {tc:?}: {} / {}", specs[0], specs[1], points(&games), games.len());
    }
}

/// The match: 40 games at one second a move, alpha-beta against greedy
/// (about 15 minutes): `cargo test --release -p tabula-arena --test echelon -- --ignored one_second --nocapture`.
#[test]
#[ignore]
fn one_second_a_move() {
    let tc = TimeControl::FixedPerMove(std::time::Duration::from_secs(1));
    let games = match_of(&["alphabeta", "greedy"], tc, 40, 2);
    let p = points(&games);
    let plies: usize = games.iter().map(|g| g.plies).sum();
    let normal = games.iter().filter(|g| matches!(g.termination, tabula_arena::Termination::Normal)).count();
    eprintln!(
        "alphabeta vs greedy at 1 s a move: {p} / {}, {:.1} plies a game, {normal} ended by the rules",
        games.len(),
        plies as f64 / 40.0
    );
    assert!(p >= 0.9 * games.len() as f64);
}
