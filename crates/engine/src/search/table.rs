//! The transposition table: a fixed number of entries shared lock-free between threads.
//! Each entry is two atomics, the key stored xor-ed with the data, so a torn write (one
//! word from each of two writers) reads back as a miss rather than as wrong data. The
//! entries come zeroed from the allocator (an empty entry is all zeros), so a large table
//! costs nothing until it is written.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use zerocopy::FromZeros;

use crate::memory::{self, Claim, MemoryError, Shortfall};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value.
    Exact,
    /// The true value is at least the score (a fail high).
    Lower,
    /// The true value is at most the score (a fail low).
    Upper,
}

/// One probe's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The score, relative to the side to move, mate distances from this node.
    pub score: i32,
    /// The depth it was searched to.
    pub depth: u8,
    /// The kind of bound.
    pub bound: Bound,
    /// The index of the best move in the game's move order, `u16::MAX` if none.
    pub best: u16,
}

/// One entry: the key xor-ed with the data, then the data.
type Slot = [AtomicU64; 2];

/// The shared table.
pub struct Table {
    slots: Box<[Slot]>,
    mask: usize,
    /// Whether anything was stored since the table was made or cleared.
    written: AtomicBool,
    _claim: Claim,
}

impl Table {
    /// The bytes one entry takes.
    pub const ENTRY_BYTES: usize = std::mem::size_of::<Slot>();

    /// A table of about `megabytes` MB (at least 1): the largest power of two of entries
    /// that fits, claimed from the memory budget (setting `hash`, see [`crate::memory`])
    /// and allocated fallibly: a size the machine cannot give is an error, not an abort.
    pub fn new(megabytes: usize) -> Result<Self, MemoryError> {
        const WHAT: &str = "the transposition table";
        let mb = megabytes.max(1);
        let claim = memory::claim("hash", mb, WHAT)?;
        let len = 1usize << (memory::bytes(mb) / Self::ENTRY_BYTES).ilog2();
        let slots = <[Slot]>::new_box_zeroed_with_elems(len).map_err(|_| MemoryError {
            key: "hash",
            mb,
            what: WHAT,
            reason: Shortfall::Allocation,
        })?;
        Ok(Table { slots, mask: len - 1, written: AtomicBool::new(false), _claim: claim })
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the table has no entries (never: it has at least one).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Forgets everything. A table that was never written is left as it is, so that a new
    /// table's untouched pages stay untouched.
    pub fn clear(&self) {
        if !self.written.swap(false, Ordering::Relaxed) {
            return;
        }
        for [check, data] in &*self.slots {
            check.store(0, Ordering::Relaxed);
            data.store(0, Ordering::Relaxed);
        }
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot[1].load(Ordering::Relaxed);
        if data == 0 || slot[0].load(Ordering::Relaxed) ^ data != key {
            return None;
        }
        let bound = match (data >> 40) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Entry { score: data as u32 as i32, depth: (data >> 32) as u8, bound, best: (data >> 48) as u16 })
    }

    /// Stores an entry for `key`, replacing what was there unless that was deeper and
    /// about the same position.
    pub fn store(&self, key: u64, entry: Entry) {
        let slot = &self.slots[key as usize & self.mask];
        if let Some(old) = self.probe(key)
            && old.depth > entry.depth
            && entry.bound != Bound::Exact
        {
            return;
        }
        let bound = match entry.bound {
            Bound::Exact => 1u64,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = (entry.score as u32 as u64) | (entry.depth as u64) << 32 | bound << 40 | (entry.best as u64) << 48;
        if !self.written.load(Ordering::Relaxed) {
            self.written.store(true, Ordering::Relaxed);
        }
        slot[0].store(key ^ data, Ordering::Relaxed);
        slot[1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_probes() {
        let t = Table::new(1).unwrap();
        assert_eq!(t.len() * Table::ENTRY_BYTES, 1 << 20);
        assert_eq!(t.probe(42), None);
        let e = Entry { score: -123_456, depth: 7, bound: Bound::Lower, best: 3 };
        t.store(42, e);
        assert_eq!(t.probe(42), Some(e));
        assert_eq!(t.probe(42 + (1 << 40)), None, "another key in the same slot is a miss");
        // A shallower non-exact entry does not replace a deeper one.
        t.store(42, Entry { depth: 2, ..e });
        assert_eq!(t.probe(42).unwrap().depth, 7);
        t.clear();
        assert_eq!(t.probe(42), None);
    }

    #[test]
    fn sizes_are_powers_of_two_and_too_large_ones_fail() {
        assert_eq!(Table::new(3).unwrap().len() * Table::ENTRY_BYTES, 2 << 20);
        // 2^60 bytes and more: the allocator says no (no machine has that much address space).
        assert!(Table::new(1 << 40).is_err());
        assert!(Table::new(usize::MAX).is_err());
    }

    #[test]
    fn a_new_table_is_not_written_until_it_is_used() {
        // 256 MB of entries come zeroed from the allocator: making the table and clearing
        // it (as a new game does) leave its pages untouched, so the process does not grow.
        let Some(before) = crate::memory::resident_bytes() else { return };
        let t = Table::new(256).unwrap();
        t.clear();
        let after = crate::memory::resident_bytes().unwrap();
        assert!(after < before + (64 << 20), "resident {before} -> {after} bytes");
        t.store(7, Entry { score: 1, depth: 1, bound: Bound::Exact, best: 0 });
        t.clear();
        assert_eq!(t.probe(7), None);
    }
}
