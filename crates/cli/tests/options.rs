//! `tabula options GAME`: every declared rule option and searcher key is listed with its
//! values and default, for every game; bad game names and options are refused.

use tabula_rules::{Game, GameOptions};

use crate::{fails, ok};

/// Checks the listing of game `G` against its declared settings.
fn lists_the_declared_settings<G: Game>() {
    let out = ok(&["options", G::NAME]);
    assert!(out.starts_with(&format!("{}: --players ", G::NAME)), "{out}");
    let default = G::Options::default();
    for s in G::Options::SETTINGS {
        let row = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(s.key()))
            .unwrap_or_else(|| panic!("{}: no row for {}:\n{out}", G::NAME, s.key()));
        assert!(row.contains(&s.expected()) && row.contains(&s.get(&default)) && row.contains(s.doc()), "{row}");
    }
    for searcher in ["alphabeta (", "mcts (", "greedy (", "random ("] {
        assert!(out.lines().any(|l| l.starts_with(searcher)), "{}: no {searcher}:\n{out}", G::NAME);
    }
    // Every listed option is accepted with its default value, and a wrong one is refused
    // naming what it expects.
    for s in G::Options::SETTINGS {
        let opt = format!("{}={}", s.key(), s.get(&default));
        ok(&["perft", G::NAME, "--opt", &opt, "--depth", "1"]);
    }
    let first = G::Options::SETTINGS[0];
    let bad = format!("{}=bogus", first.key());
    fails(&["perft", G::NAME, "--opt", &bad, "--depth", "1"], &["'bogus'", &first.expected()]);
    let known: Vec<&str> = G::Options::SETTINGS.iter().map(|s| s.key()).collect();
    fails(&["perft", G::NAME, "--opt", "no.such=1", "--depth", "1"], &["'no.such'", &known.join(", ")]);
}

macro_rules! every_game {
    ($($game:ty),* $(,)?) => {
        #[test]
        fn every_game_lists_its_declared_settings() {
            $(lists_the_declared_settings::<$game>();)*
        }
    };
}

tabula_rules::for_each_game!(every_game);

#[test]
fn searcher_defaults_follow_the_game() {
    let contempt = |game: &str| {
        let out = ok(&["options", game]);
        let row = out.lines().find(|l| l.trim_start().starts_with("contempt ")).expect("a contempt row").to_string();
        row.split_whitespace().nth(7).expect("the default column").to_string()
    };
    assert_eq!(contempt("icelights"), "50");
    assert_eq!(contempt("chinese-checkers"), "0");
}

#[test]
fn bad_games_are_refused() {
    fails(&["options", "chess"], &["'chess'", "chinese-checkers", "echelon"]);
    fails(&["options"], &["GAME"]);
}
