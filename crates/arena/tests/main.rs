//! The arena's integration tests, one binary: matches end to end on a fake clock, people at
//! the board, records as user input, each game's engines in matches, and searchers that
//! misbehave.

use std::sync::Arc;

use tabula_arena::{TimeSource, WallClock};

mod echelon;
mod fake;
mod icelights;
mod martian_chess;
mod matches;
mod outside;
mod people;
mod records;
mod unruly;
mod yardstick;

/// The real wall clock, for matches whose controls are not timed.
pub fn wall() -> Arc<dyn TimeSource> {
    Arc::new(WallClock::new())
}
