//! A moving unit, as turn generation (`movegen.rs`) and guard exchanges (`exchange.rs`)
//! see it.

use super::Slot;
use super::board::MAX_SEATS;

/// A moving unit: an uncovered piece of the mover and everything above it.
pub(super) struct Unit {
    /// The moved piece, the unit's bottom.
    pub piece: u8,
    /// Its slot.
    pub from: Slot,
    /// For each seat, the largest size in the unit among the other seats' pieces (0:
    /// none): what the unit can cover of that seat's pieces.
    pub largest_of_others: [u8; MAX_SEATS],
    /// Seats with a piece the unit's own pieces already trap.
    pub trapped_seats: u8,
    /// The largest of the mover's pieces in the unit.
    pub largest_own: u8,
    /// How many pieces the unit holds.
    pub piece_count: u8,
}
