//! Moves in search on some thread, for deferring them (simplified ABDADA, after Tom
//! Kerrigan): with two or more threads, a node deep enough first passes over every move but
//! its first that another thread is searching at that moment and comes back to those after
//! its other moves. Threads that reach the same node then spread over its moves instead of
//! searching the same one, and by the time a deferred move comes round its subtree is
//! usually in the transposition table. The set is one hash per slot: a collision only
//! defers a move that nobody searches, or lets two threads search one move, never a wrong
//! value.

use std::sync::atomic::{AtomicU64, Ordering};

/// Slots in the set: more than two threads ever have in search at once (one move per node
/// on each thread's path), so collisions are rare.
const SLOTS: usize = 1 << 14;

/// The nodes whose moves a thread defers: those with at least this many plies left (below
/// it, searching a move twice costs less than keeping the set).
pub(super) const DEFER_DEPTH: i32 = 3;

/// The moves in search on some thread.
pub(super) struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Busy {
    /// An empty set.
    pub fn new() -> Self {
        Busy { slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect() }
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[key as usize & (SLOTS - 1)]
    }

    /// Whether some thread is searching the move of `key` (see [`move_key`]).
    pub fn contains(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }

    /// Marks the move of `key` as in search.
    pub fn enter(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    /// Unmarks the move of `key`, unless another move took its slot since.
    pub fn leave(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// The key of the move at `index` of the move list of the node whose search key is `node`:
/// never 0, the empty slot.
pub(super) fn move_key(node: u64, index: usize) -> u64 {
    let mixed = (node ^ (index as u64).wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15)).rotate_left(17);
    mixed.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_busy_from_enter_to_leave() {
        let busy = Busy::new();
        let (a, b) = (move_key(42, 0), move_key(42, 1));
        assert_ne!(a, b);
        assert!(!busy.contains(a));
        busy.enter(a);
        assert!(busy.contains(a));
        assert!(!busy.contains(b), "another move of the same node is free");
        busy.leave(a);
        assert!(!busy.contains(a));
    }

    #[test]
    fn leaving_does_not_free_a_move_that_took_the_slot() {
        let busy = Busy::new();
        let a = move_key(7, 3);
        // A key in a's slot: the same low bits, different high ones.
        let b = a ^ (1 << 40);
        busy.enter(a);
        busy.enter(b);
        busy.leave(a);
        assert!(busy.contains(b));
        assert!(!busy.contains(a));
        assert_ne!(move_key(0, usize::MAX), 0);
    }
}
