//! The solver's transposition table: proof and disproof numbers per position and attacker,
//! in buckets of four entries; a full bucket gives up its entry with the least work behind
//! it, a solved entry counting as more work than any unsolved one.

use zerocopy::FromZeros;

use crate::memory::{self, Claim, MemoryError, Shortfall};

/// The proof or disproof number of a solved node: infinitely many leaves to expand.
pub const INF: u32 = u32::MAX;

/// What the table keeps about one node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, FromZeros)]
pub struct Entry {
    /// The position key, mixed with the attacker.
    pub key: u64,
    /// The proof number: leaves still to prove that the attacker wins (0: proved).
    pub pn: u32,
    /// The disproof number: leaves still to prove that it does not (0: disproved).
    pub dn: u32,
    /// Nodes expanded below this one, saturating: the replacement priority.
    pub work: u32,
    /// Plies to the attacker's win along the stored proof (proved entries only).
    pub len: u16,
}

impl Entry {
    /// Whether the entry is a proof or a disproof.
    pub fn solved(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }

    /// What keeping the entry is worth: nothing for an empty slot, the most for a solved
    /// node, else its work.
    fn priority(&self) -> u64 {
        match self.key {
            0 => 0,
            _ if self.solved() => u64::MAX,
            _ => self.work as u64 + 1,
        }
    }
}

const WAYS: usize = 4;

/// The table: a fixed number of entries, allocated once, zeroed by the allocator (an empty
/// entry is all zeros).
pub struct Table {
    entries: Box<[Entry]>,
    mask: usize,
    _claim: Claim,
}

impl Table {
    /// The bytes one entry takes.
    pub const ENTRY_BYTES: usize = std::mem::size_of::<Entry>();

    /// A table of at most `mb` MB (at least one bucket), refused if the machine cannot give
    /// it; `key` names the setting in the error.
    pub fn new(mb: usize, key: &'static str) -> Result<Self, MemoryError> {
        const WHAT: &str = "the solver's table";
        let claim = memory::claim(key, mb, WHAT)?;
        let buckets = (memory::bytes(mb) / (Self::ENTRY_BYTES * WAYS)).max(1);
        let len = (1usize << buckets.ilog2()) * WAYS;
        let entries = <[Entry]>::new_box_zeroed_with_elems(len).map_err(|_| MemoryError {
            key,
            mb,
            what: WHAT,
            reason: Shortfall::Allocation,
        })?;
        Ok(Table { entries, mask: len / WAYS - 1, _claim: claim })
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the table has no entries (never: it has at least one bucket).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        // The high bits pick the bucket: the low bits of Zobrist keys are as good, but
        // callers mix the attacker into the low bits.
        let start = ((key >> 32) as usize ^ key as usize) & self.mask;
        start * WAYS..start * WAYS + WAYS
    }

    /// The entry stored for `key`, if any. Key 0 is never stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        if key == 0 {
            return None;
        }
        self.entries[self.bucket(key)].iter().find(|e| e.key == key).copied()
    }

    /// Stores `entry` (key 0 is kept nowhere): over the entry of the same key, else over
    /// the bucket's entry with the least work, unless that has more work than `entry`.
    pub fn put(&mut self, entry: Entry) {
        if entry.key == 0 {
            return;
        }
        let range = self.bucket(entry.key);
        let bucket = &mut self.entries[range];
        if let Some(same) = bucket.iter_mut().find(|e| e.key == entry.key) {
            // A solved entry stays solved: a later unsolved visit (from a path where a
            // repetition cut the search) knows less.
            if !same.solved() || entry.solved() {
                *same = entry;
            }
            return;
        }
        if let Some(victim) = bucket.iter_mut().min_by_key(|e| e.priority())
            && victim.priority() <= entry.priority()
        {
            *victim = entry;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, work: u32) -> Entry {
        Entry { key, pn: 3, dn: 4, work, len: 0 }
    }

    #[test]
    fn stores_replaces_and_keeps_solved_entries() {
        let mut t = Table::new(1, "hash").unwrap();
        let bytes = t.len() * Table::ENTRY_BYTES;
        assert!(bytes <= 1 << 20 && bytes > 1 << 19, "{bytes} bytes for 1 MB");
        assert_eq!(t.probe(42), None);
        t.put(entry(42, 5));
        assert_eq!(t.probe(42), Some(entry(42, 5)));
        let proved = Entry { pn: 0, dn: INF, len: 7, ..entry(42, 1) };
        t.put(proved);
        t.put(entry(42, 9));
        assert_eq!(t.probe(42), Some(proved), "an unsolved entry does not overwrite a solved one");
        t.put(entry(0, 1));
        assert_eq!(t.probe(0), None);
    }

    #[test]
    fn a_full_bucket_drops_the_least_work() {
        let mut t = Table::new(0, "hash").unwrap();
        assert_eq!(t.len(), WAYS, "one bucket");
        for k in 1..=4 {
            t.put(entry(k, k as u32 * 10));
        }
        t.put(entry(5, 15));
        assert_eq!(t.probe(1), None);
        assert!(t.probe(5).is_some() && t.probe(2).is_some());
        t.put(entry(6, 1));
        assert_eq!(t.probe(6), None, "less work than every entry there: not stored");
    }

    #[test]
    fn impossible_sizes_are_refused() {
        let e = Table::new(usize::MAX / 2, "hash").err().expect("refused");
        assert!(e.to_string().starts_with(&format!("hash={}", usize::MAX / 2)), "{e}");
    }
}
