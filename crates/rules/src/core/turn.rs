//! [`Turn`]: what every game's position keeps about where the game stands, so that the
//! [`Game`](super::game::Game) trait reads it in one place.

use super::outcome::Outcome;

/// The seat to move, the plies played, the passes in a row, the Zobrist hash and the
/// result of a position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The seat to move.
    pub to_move: u8,
    /// Plies played.
    pub ply: u32,
    /// Passes in a row just played (games without a pass keep 0).
    pub passes: u8,
    /// The Zobrist hash, kept incrementally.
    pub hash: u64,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}

impl Turn {
    /// The start of a game, or a position read at `ply` with `to_move` to move; the hash and
    /// the result are filled in by the game.
    pub fn new(to_move: u8, ply: u32, passes: u8) -> Self {
        Turn { to_move, ply, passes, hash: 0, outcome: None }
    }
}
