//! [`Turn`]: what every game's position keeps about where the game stands, so that the
//! [`Game`](super::game::Game) trait reads it in one place.

use super::outcome::Finish;

/// The seat to move, the plies played, the passes in a row, the Zobrist hash and the
/// result of a position, in 16 bytes.
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
    /// The ranks, once the game is over ([`Game::outcome`](super::game::Game::outcome)
    /// reads the whole result).
    pub finish: Option<Finish>,
}

impl Turn {
    /// The start of a game, or a position read at `ply` with `to_move` to move; the hash and
    /// the result are filled in by the game.
    pub fn new(to_move: u8, ply: u32, passes: u8) -> Self {
        Turn { to_move, ply, passes, hash: 0, finish: None }
    }
}
