//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod perft_table;
pub mod reference;

use tabula_rules::GameOptions;

/// The crate's options from a `key=value ...` column (spec names, through `GameOptions`).
pub fn crate_options<O: GameOptions>(column: &str) -> O {
    let mut o = O::default();
    for token in column.split_whitespace() {
        let (k, v) = token.split_once('=').expect("key=value");
        if k == "players" {
            o.set_players(v.parse().expect("players")).expect("players");
        } else {
            o.set(k, v).unwrap_or_else(|e| panic!("{token}: {e}"));
        }
    }
    o
}
