//! Where generated turns go: one walker (`movegen.rs`, `exchange.rs`) lists them or counts
//! them.

use super::{EMove, Slot};
use crate::core::moves::MoveList;
use crate::geometry::bits::{BitIter, Bits};

/// Where generated turns go.
pub(super) trait Sink {
    /// The movements of the piece at `from` to each cell of `destinations`.
    fn movements(&mut self, from: Slot, destinations: Bits);
    /// One turn.
    fn turn(&mut self, mv: EMove);
    /// Whether any turn came so far.
    fn any(&self) -> bool;
}

/// A sink that lists the turns.
pub(super) struct MoveLister<'a>(pub(super) &'a mut MoveList<EMove>);

impl Sink for MoveLister<'_> {
    #[inline]
    fn movements(&mut self, from: Slot, destinations: Bits) {
        for to in BitIter(destinations) {
            self.0.push(EMove::movement(from, to as u8));
        }
    }
    #[inline]
    fn turn(&mut self, mv: EMove) {
        self.0.push(mv);
    }
    fn any(&self) -> bool {
        !self.0.is_empty()
    }
}

/// A sink that counts the turns.
pub(super) struct MoveCounter(pub(super) usize);

impl Sink for MoveCounter {
    #[inline]
    fn movements(&mut self, _from: Slot, destinations: Bits) {
        self.0 += destinations.count_ones() as usize;
    }
    #[inline]
    fn turn(&mut self, _mv: EMove) {
        self.0 += 1;
    }
    fn any(&self) -> bool {
        self.0 != 0
    }
}
