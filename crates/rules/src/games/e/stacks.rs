//! Changing stacks: moving a unit, swapping the pieces of two slots, rebuilding a stack,
//! with the bitboards and the hash kept in step. Playing a turn uses them, and so do the
//! exchange generator and the move reader on copies of the position.

use super::board::{MAX_SEATS, piece_key};
use super::{ALL_PIECES, E, Slot, kind_of, seat_of};
use crate::geometry::bits::BITS;
use crate::geometry::hex::NONE;

impl E {
    /// Recomputes cell `c`'s bitboard bits from its stack.
    fn refresh_cell(&mut self, c: usize) {
        let b = BITS[c];
        self.occupied &= !b;
        self.tall &= !b;
        for s in 0..MAX_SEATS {
            self.tops[s] &= !b;
            self.present[s] &= !b;
        }
        let top = self.top[c];
        if top == NONE {
            return;
        }
        self.occupied |= b;
        self.tops[seat_of(top) as usize] |= b;
        if self.height[c] >= 2 {
            self.tall |= b;
        }
        let mut p = top;
        while p != NONE {
            self.present[seat_of(p) as usize] |= b;
            p = self.below[p as usize];
        }
    }

    /// Moves piece `x` with everything above it onto the top of cell `to`; returns the
    /// height `x` lands at.
    pub(super) fn move_unit(&mut self, x: u8, to: usize) -> u8 {
        let from = self.cell[x as usize] as usize;
        let base = self.level[x as usize] - 1;
        let dest = self.height[to];
        let unit_top = self.top[from];
        let dest_top = self.top[to];
        let under = self.below[x as usize];
        let (mut len, mut unit_seats) = (0, 0u8);
        let mut q = x;
        while q != NONE {
            let i = q as usize;
            let old = self.level[i];
            let new = old - base + dest;
            self.turn.hash ^= piece_key(from, old, kind_of(q)) ^ piece_key(to, new, kind_of(q));
            self.level[i] = new;
            self.cell[i] = to as u8;
            unit_seats |= 1 << seat_of(q);
            len += 1;
            q = self.above[i];
        }
        self.below[x as usize] = dest_top;
        if dest_top != NONE {
            self.above[dest_top as usize] = x;
        }
        self.top[to] = unit_top;
        self.top[from] = under;
        self.height[to] = dest + len;
        self.height[from] = base;

        let (fb, tb) = (BITS[from], BITS[to]);
        self.tops[seat_of(unit_top) as usize] &= !fb;
        let mut left = unit_seats;
        if under == NONE {
            self.occupied &= !fb;
            self.tall &= !fb;
        } else {
            self.above[under as usize] = NONE;
            self.tops[seat_of(under) as usize] |= fb;
            if base < 2 {
                self.tall &= !fb;
            }
            for p in self.pieces_down_from(under) {
                left &= !(1 << seat_of(p));
            }
        }
        while left != 0 {
            self.present[left.trailing_zeros() as usize] &= !fb;
            left &= left - 1;
        }
        if dest_top != NONE {
            self.tops[seat_of(dest_top) as usize] &= !tb;
        }
        if dest + len >= 2 {
            self.tall |= tb;
        }
        self.tops[seat_of(unit_top) as usize] |= tb;
        self.occupied |= tb;
        let mut seats = unit_seats;
        while seats != 0 {
            self.present[seats.trailing_zeros() as usize] |= tb;
            seats &= seats - 1;
        }
        dest + 1
    }

    /// Removes the keys of cell `c`'s pieces from the hash (before [`restack`](E::restack)).
    fn unhash_stack(&mut self, c: usize) {
        for p in self.stack_pieces(c).collect_small() {
            self.turn.hash ^= piece_key(c, self.level[p as usize], kind_of(p));
        }
    }

    /// Rebuilds the stack of cell `c` from `pieces`, bottom first, adding their keys to the
    /// hash (the old ones are removed by [`unhash_stack`](E::unhash_stack)).
    pub(super) fn restack(&mut self, c: usize, pieces: &[u8]) {
        let mut below = NONE;
        for (k, &p) in pieces.iter().enumerate() {
            let i = p as usize;
            self.cell[i] = c as u8;
            self.level[i] = k as u8 + 1;
            self.below[i] = below;
            self.above[i] = NONE;
            if below != NONE {
                self.above[below as usize] = p;
            }
            below = p;
            self.turn.hash ^= piece_key(c, k as u8 + 1, kind_of(p));
        }
        self.top[c] = below;
        self.height[c] = pieces.len() as u8;
        self.refresh_cell(c);
    }

    /// Swaps the pieces at two slots (a guard exchange).
    pub(super) fn swap_slots(&mut self, a: Slot, b: Slot) {
        let (ca, cb) = (a.cell as usize, b.cell as usize);
        let mut sa = self.bottom_up(ca);
        let (pa, pb) = (sa.get(a.level), self.bottom_up(cb).get(b.level));
        self.unhash_stack(ca);
        if ca == cb {
            sa.set(a.level, pb);
            sa.set(b.level, pa);
            self.restack(ca, sa.as_slice());
        } else {
            let mut sb = self.bottom_up(cb);
            self.unhash_stack(cb);
            sa.set(a.level, pb);
            sb.set(b.level, pa);
            self.restack(ca, sa.as_slice());
            self.restack(cb, sb.as_slice());
        }
    }

    /// The pieces of cell `c`, bottom first.
    fn bottom_up(&self, c: usize) -> StackBuf {
        let mut s = StackBuf { pieces: [NONE; ALL_PIECES], len: self.height[c] as usize };
        for (k, p) in self.stack_pieces(c).enumerate() {
            s.pieces[s.len - 1 - k] = p;
        }
        s
    }
}

/// A stack's piece indices, bottom first, without allocating.
pub(super) struct StackBuf {
    pub(super) pieces: [u8; ALL_PIECES],
    pub(super) len: usize,
}

impl StackBuf {
    /// No piece.
    pub(super) const EMPTY: StackBuf = StackBuf { pieces: [NONE; ALL_PIECES], len: 0 };

    /// The pieces, bottom first.
    pub(super) fn as_slice(&self) -> &[u8] {
        &self.pieces[..self.len]
    }
    fn get(&self, level: u8) -> u8 {
        self.pieces[(level as usize).wrapping_sub(1) % ALL_PIECES]
    }
    fn set(&mut self, level: u8, p: u8) {
        self.pieces[(level as usize).wrapping_sub(1) % ALL_PIECES] = p;
    }
}

/// Collects a short iterator of pieces without allocating.
trait CollectSmall {
    fn collect_small(self) -> StackBuf;
}

impl<I: Iterator<Item = u8>> CollectSmall for I {
    fn collect_small(self) -> StackBuf {
        let mut s = StackBuf::EMPTY;
        for p in self {
            s.pieces[s.len % ALL_PIECES] = p;
            s.len += 1;
        }
        s
    }
}

impl IntoIterator for StackBuf {
    type Item = u8;
    type IntoIter = std::iter::Take<std::array::IntoIter<u8, ALL_PIECES>>;
    fn into_iter(self) -> Self::IntoIter {
        self.pieces.into_iter().take(self.len)
    }
}
