#![doc = include_str!("../README.md")]
//!
//! What the pictures share:
//!
//! * Seats have the colours of [`PALETTE`], seat 0 first; zones, camps, sectors and goals
//!   are tinted with them.
//! * File letters and rank numbers on the margins name the cells as the game's notation does.
//! * Elements carry classes that say what they are, so that tools and tests can find them:
//!   `cell`, `label file`, `label rank`, `piece seat-N KIND` (one element per piece,
//!   with `data-cell`), `trapped`, `last from`, `last path`, `last to`, `arrow`, `beam`,
//!   `hit`, `caption`.

mod canvas;
pub mod chinese_checkers;
pub mod e;
pub mod echelon;
pub mod icelights;
pub mod martian_chess;
pub mod svg;

use tabula_rules::Game;

/// The seat colours, seat 0 first: red, blue, green, orange, purple, teal (the
/// "category10" colours, clearly distinct from each other and on white).
pub const PALETTE: [&str; 6] = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#17becf"];

/// The colour of seat `seat` (seats past six wrap round, which no game has).
pub fn seat_colour(seat: usize) -> &'static str {
    PALETTE[seat % PALETTE.len()]
}

/// What to mark on a picture besides the position: the move that led to it, and arrows
/// for moves to suggest (hints, or a principal variation in order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marks<M> {
    /// The move just played (the position drawn is the one after it): its from cell, its
    /// path where the game has one, and its to cell are marked.
    pub last: Option<M>,
    /// Moves drawn as numbered arrows from their from cell to their to cell.
    pub arrows: Vec<M>,
}

impl<M> Default for Marks<M> {
    fn default() -> Self {
        Marks { last: None, arrows: Vec::new() }
    }
}

impl<M> Marks<M> {
    /// No marks.
    pub fn none() -> Self {
        Marks::default()
    }

    /// The last move only.
    pub fn last(mv: M) -> Self {
        Marks { last: Some(mv), arrows: Vec::new() }
    }
}

/// A game whose positions can be drawn as SVG.
pub trait Picture: Game {
    /// The picture of this position with `marks`, as SVG text.
    fn svg(&self, marks: &Marks<Self::Move>) -> String;
}
