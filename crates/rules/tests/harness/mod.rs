//! The generic test harness: every game's perft table, random games and reference
//! comparisons run through these functions, each game bringing only its data
//! ([`Checked`]), its reference and its own extra invariants.

pub mod perft;
pub mod random_game;
pub mod table;

use std::fmt::Debug;

use tabula_rules::{Game, GameOptions};

use crate::reference::Reference;
pub use perft::Budgets;

/// A game of the crate with its independent reference; its perft table is
/// `tests/perft/<NAME>.txt`.
pub trait Checked: Game + PartialEq + Debug {
    /// The independent reference of the game.
    type Reference: Reference;

    /// How much of the table the slower checks cover.
    const BUDGETS: Budgets;

    /// Splits the `moves:` column of the perft table into moves (by commas, unless the
    /// game's moves hold commas).
    fn split_moves(column: &str) -> Vec<String> {
        column.split(',').map(str::to_string).collect()
    }
}

/// The crate's options from a `key=value ...` column (spec names, through `GameOptions`).
pub fn crate_options<O: GameOptions>(column: &str) -> O {
    O::from_line(column).unwrap_or_else(|e| panic!("{column}: {e}"))
}

/// The game's ranks per seat once over, as the references write them.
pub fn ranks<G: Game>(g: &G) -> Option<Vec<u8>> {
    g.outcome().map(|o| o.ranks().to_vec())
}

/// The end test is one: `g`, reached by play, has the outcome (over or not) of the position
/// read back from its text, which carries the options.
pub fn ends_as_read<G: Game>(g: &G) -> Result<(), String> {
    let text = g.to_text();
    let back = G::from_text(&text).map_err(|e| format!("{e}: {text}"))?;
    if back.is_over() != g.is_over() || back.outcome() != g.outcome() {
        return Err(format!(
            "after play the outcome is {:?}, read back from the text {:?}: {text}",
            g.outcome(),
            back.outcome()
        ));
    }
    Ok(())
}

macro_rules! every_game {
    ($($game:ty),* $(,)?) => {
        /// Every game of the crate's list has a reference, a perft table named after it
        /// and the harness's tests (a game without a [`Checked`] impl does not compile here).
        #[test]
        fn every_game_has_a_reference_and_a_perft_table() {
            $(has_a_table::<$game>();)*
        }

        /// The typed ply cap is the `max_plies` option: set either way, read back the same.
        #[test]
        fn every_game_reads_and_sets_its_ply_cap() {
            $(ply_cap_round_trip::<$game>();)*
        }
    };
}

tabula_rules::for_each_game!(every_game);

fn has_a_table<G: Checked>() {
    let cases = table::cases::<G>();
    assert!(cases.len() >= 10, "{}: {} perft lines", G::NAME, cases.len());
    let start = G::Reference::start(G::Reference::rules("").expect("default rules"));
    let crate_start = G::new(&G::Options::default()).expect("default start");
    assert_eq!(start.to_text(), crate_start.to_text(), "{}: default start positions", G::NAME);
}

fn ply_cap_round_trip<G: Game>() {
    let mut options = G::Options::default();
    assert_eq!(options.max_plies(), None, "{}: no cap by default", G::NAME);
    options.set_max_plies(Some(37)).unwrap();
    assert_eq!(options.max_plies(), Some(37), "{}", G::NAME);
    let mut text = G::Options::default();
    text.set("max_plies", "37").unwrap();
    assert_eq!(text, options, "{}: the typed and the text setter agree", G::NAME);
    options.set_max_plies(None).unwrap();
    assert_eq!(options, G::Options::default(), "{}", G::NAME);
    assert!(options.set_max_plies(Some(0)).is_err(), "{}: a cap of 0 is refused", G::NAME);
}

/// Every game has its rules document, `docs/games/NAME.md`.
#[test]
fn every_game_has_a_rules_document() {
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/games");
    for name in tabula_rules::games::NAMES {
        let path = docs.join(format!("{name}.md"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(text.starts_with("# "), "{}: a title first", path.display());
    }
}

/// The references stay independent of the crate: no file of theirs names it in a path.
#[test]
fn references_do_not_use_the_crate() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/reference");
    let mut files = 0;
    for entry in std::fs::read_dir(dir).expect("tests/reference") {
        let path = entry.expect("a directory entry").path();
        let text = std::fs::read_to_string(&path).expect("a reference file");
        assert!(!text.contains("tabula_rules::") && !text.contains("crate::"), "{} uses the crate", path.display());
        files += 1;
    }
    assert!(files >= 5, "{files} files in tests/reference");
}
