//! One move of a game as it was played: its text and what the search behind it reported.

use std::time::Duration;

use tabula_engine::Score;

/// One move of a game as the runner saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// The move in the game's notation.
    pub text: String,
    /// Part of the opening, not chosen by an engine.
    pub book: bool,
    /// Wall time the move took (zero for book moves).
    pub time: Duration,
    /// The searcher's completed depth.
    pub depth: u32,
    /// The searcher's node count.
    pub nodes: u64,
    /// The searcher's score for the mover.
    pub score: Score,
    /// How much the move's wall time exceeded the hard time limit the searcher was given
    /// (from [`TimeControl::limits`](crate::TimeControl::limits)); `None` when it did not
    /// by more than [`OVERRUN_TOLERANCE`](crate::OVERRUN_TOLERANCE), or had no such limit, and for moves not made by an
    /// in-process searcher.
    pub overrun: Option<Duration>,
}

impl MoveRecord {
    /// A move with no search behind it (a person's, a replayed record's).
    pub fn bare(text: String) -> Self {
        MoveRecord { text, book: false, time: Duration::ZERO, depth: 0, nodes: 0, score: 0, overrun: None }
    }
}
