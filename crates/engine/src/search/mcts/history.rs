//! Progressive history's table: the average reward of each move for the seat that played
//! it, which selection (`selection.rs`) adds as a fading bonus.

use std::collections::HashMap;

/// Progressive history: the average reward of each move for the seat that played it, over
/// the tree moves of every iteration (tree-only progressive history).
pub(super) struct History<M> {
    /// The slot of each `(seat, move)`, numbered in the order first seen: the map's hasher
    /// (ahash, randomly seeded) never changes which slot a move gets.
    slots: HashMap<(u8, M), u32, ahash::RandomState>,
    /// `(reward sum, count)` per slot.
    pub(super) stats: Vec<(f64, u32)>,
}

impl<M: Copy + Eq + std::hash::Hash> History<M> {
    /// An empty table.
    pub(super) fn new() -> Self {
        History { slots: HashMap::default(), stats: Vec::new() }
    }
    /// The slot of `mv` played by `seat`, added if new.
    pub(super) fn slot(&mut self, seat: u8, mv: M) -> u32 {
        let next = self.stats.len() as u32;
        let slot = *self.slots.entry((seat, mv)).or_insert(next);
        if slot == next {
            self.stats.push((0.0, 0));
        }
        slot
    }
    /// The average reward in a slot (an even 0.5 while it has none).
    #[inline]
    pub(super) fn mean(&self, slot: u32) -> f64 {
        let (sum, n) = self.stats[slot as usize];
        if n == 0 { 0.5 } else { sum / n as f64 }
    }
}
