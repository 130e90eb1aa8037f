//! Independent references, one per game: slow, plain rules written from the spec alone,
//! each behind the one [`Reference`] trait. None of them imports `tabula_rules`, so a bug
//! in the crate cannot hide in a reference that shares its code; the harness compares the
//! two through notation strings and position texts only.

pub mod chinese_checkers;
pub mod echelon;
pub mod icelights;
pub mod martian_chess;

use std::fmt::Debug;

/// A game's independent reference: positions that start, read and write the position
/// text, list and play moves in notation, judge the outcome and count perft.
pub trait Reference: Clone + Debug + PartialEq + Send + Sync + Sized {
    /// The rules of a game: player count and options.
    type Rules: Clone + Debug + PartialEq;

    /// The rules of an options column in spec names (`players=4 cc.anti_block=swap`).
    fn rules(column: &str) -> Result<Self::Rules, String>;

    /// The position's rules.
    fn rules_of(&self) -> &Self::Rules;

    /// The start position under `rules`.
    fn start(rules: Self::Rules) -> Self;

    /// Reads a position text.
    fn from_text(text: &str) -> Result<Self, String>;

    /// Writes the position text.
    fn to_text(&self) -> String;

    /// The legal moves in notation, sorted (none once the game is over).
    fn move_strings(&self) -> Vec<String>;

    /// Plays a move given in notation; an error if it is not legal.
    fn play_str(&mut self, mv: &str) -> Result<(), String>;

    /// The rank of each seat (1 = best, ties share a rank) once the game is over.
    fn ranks(&self) -> Option<Vec<u8>>;

    /// Leaf move sequences of exactly `depth` plies; a finished game is not expanded.
    fn perft(&self, depth: u32) -> u64;

    /// `(move, perft(depth - 1) after it)` per root move, sorted by notation.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
}
