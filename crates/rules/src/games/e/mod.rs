//! E, the Icehouse game of Martian Chinese Checkers (Carol Townsend, 2001), as
//! `docs/games/e.md` describes it.
//!
//! * Board: the radius-6 hexagon (127 cells, a1–m13, centre g7) cut into six 15-cell
//!   sectors by six border rays; a seat starts in its home sector and races to the sector
//!   across. 2 to 6 players.
//! * Pieces: per seat 5 small, 5 medium, 5 large pyramids (sizes 1, 2, 3) that stack. A
//!   piece with a larger one somewhere above it is covered and cannot move.
//! * A movement lifts an uncovered piece of the mover with everything above it and takes
//!   exactly its size in steps (cost 1) and jumps (cost `e.jump_cost`), never onto a cell
//!   topped by the mover's colour and never trapping a piece in its own home.
//! * Guard exchanges swap two pieces that trap each other's colour: after a movement or
//!   as a whole turn.
//! * Moves: `g3/1-g5`, `Xh5/2=g5/2`, `g3/1-g5,Xg5/2=h5/2`, `pass` ([`notation`]).
//!
//! Files: `position` holds a position and what it answers, `stacks` changes stacks,
//! `play` plays a turn and tests the end, `movegen` and `exchange` list the turns,
//! [`notation`] reads and writes them.

mod board;
mod exchange;
mod movegen;
pub mod notation;
mod options;
mod play;
mod position;
mod sink;
mod stacks;
mod unit;

pub use board::{CELLS, MAX_SEATS, PIECES, TABLES, Tables, Zone};
pub use options::{EOptions, MAX_STACK, Ring4Medium, Seats4p, Standalone};
pub use position::{E, opening_size_at};

use crate::core::outcome::Seat;
use crate::geometry::hex::NONE;

/// Every piece of six seats.
const ALL_PIECES: usize = MAX_SEATS * PIECES;

/// The seat of piece `p`.
#[inline(always)]
pub const fn seat_of(p: u8) -> u8 {
    p / PIECES as u8
}

/// The size of piece `p`: 1 small, 2 medium, 3 large.
#[inline(always)]
pub const fn size_of(p: u8) -> u8 {
    (p % PIECES as u8) / 5 + 1
}

/// The kind of piece `p` for hashing: seat × 3 + size − 1.
#[inline(always)]
const fn kind_of(p: u8) -> usize {
    seat_of(p) as usize * 3 + size_of(p) as usize - 1
}

/// A pyramid as the position text and drawings show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its owner.
    pub seat: Seat,
    /// 1 small, 2 medium, 3 large.
    pub size: u8,
}

/// A place in a stack: a cell and a height (1 = bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slot {
    /// The cell index.
    pub cell: u8,
    /// The height, from 1.
    pub level: u8,
}

impl Slot {
    /// No slot.
    pub const NONE: Slot = Slot { cell: NONE, level: 0 };
}

/// A turn: a movement, an exchange, both, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EMove {
    /// The moved piece's slot before the movement ([`Slot::NONE`]: no movement).
    pub from: Slot,
    /// The destination cell ([`NONE`] without a movement).
    pub to: u8,
    /// The mover's guard ([`Slot::NONE`]: no exchange); slots of an exchange after a
    /// movement are read after the movement.
    pub guard: Slot,
    /// The other seat's guard.
    pub other: Slot,
}

/// A seat's movements reach at most 6, 18 and 36 cells with a small, medium and large
/// (jump cost 2: 300 in all), or 12, 60 and 126 with jump cost 1 (990); exchanges add a few
/// (random play peaks at 252 turns with jump cost 2 and 412 with 1).
impl crate::core::moves::Listed for EMove {
    type Inline = [EMove; 1024];
}

impl EMove {
    /// The pass.
    pub const PASS: EMove = EMove { from: Slot::NONE, to: NONE, guard: Slot::NONE, other: Slot::NONE };

    /// A movement without exchange.
    pub const fn movement(from: Slot, to: u8) -> EMove {
        EMove { from, to, guard: Slot::NONE, other: Slot::NONE }
    }
    /// Whether this is the pass.
    #[inline(always)]
    pub fn is_pass(self) -> bool {
        self.from.cell == NONE && self.guard.cell == NONE
    }
    /// Whether the turn moves a unit.
    #[inline(always)]
    pub fn has_movement(self) -> bool {
        self.from.cell != NONE
    }
    /// Whether the turn exchanges guards.
    #[inline(always)]
    pub fn has_exchange(self) -> bool {
        self.guard.cell != NONE
    }
}

#[cfg(test)]
mod tests;
