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
//! State: every piece is an index (seat × 15 + size class × 5 + n) linked to the pieces
//! below and above it, so a movement relinks one unit whatever the stacks' heights; per
//! cell the top piece and the height; bitboards of occupied cells, tall cells, the cells
//! each seat tops and the cells where each seat has a piece.

mod board;
mod exchange;
mod movegen;
pub mod notation;
mod options;

pub use board::{CELLS, MAX_SEATS, PIECES, TABLES, Tables, Zone};
pub use options::{EOptions, MAX_STACK, Ring4Medium, Seats4p, Standalone};

use crate::core::ending;
use crate::core::error::RulesError;
use crate::core::game::Game;
use crate::core::outcome::{Finish, Seat};
use crate::core::settings::Words;
use crate::core::turn::Turn;
use crate::core::zobrist::splitmix64;
use crate::geometry::bits::{BITS, BitIter, Bits};
use crate::geometry::hex::NONE;
use board::{GOALS, PASS_KEYS, PREV_KEYS, TURN_KEYS, opening_size, piece_key, sector_cell};

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

/// An E position with its options.
#[derive(Clone, Copy)]
pub struct E {
    /// The piece right below each piece, or [`NONE`].
    below: [u8; ALL_PIECES],
    /// The piece right above each piece, or [`NONE`].
    above: [u8; ALL_PIECES],
    /// The cell of each piece ([`NONE`] for the pieces of seats not playing).
    cell: [u8; ALL_PIECES],
    /// The height of each piece in its stack, from 1.
    level: [u8; ALL_PIECES],
    /// The top piece of each cell, or [`NONE`].
    top: [u8; CELLS],
    /// The number of pieces on each cell.
    height: [u8; CELLS],
    occupied: Bits,
    /// Cells with two or more pieces.
    tall: Bits,
    /// Cells whose top piece is each seat's.
    tops: [Bits; MAX_SEATS],
    /// Cells where each seat has a piece.
    present: [Bits; MAX_SEATS],
    /// The home sector of each seat.
    sectors: [u8; MAX_SEATS],
    seats: u8,
    /// Side to move, plies, passes, hash and result.
    turn: Turn,
    /// With `previous_move_only`: the previous turn's movement.
    prev: Previous,
    options: EOptions,
}

/// With `previous_move_only`, the previous turn's movement as its stand-alone exchanges
/// (spec §4.2) read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Previous {
    /// Where its moved piece landed ([`Slot::NONE`]: no movement); the unit it brought lies
    /// from there up.
    landing: Slot,
    /// The exchange that ended that turn, its slots as after the movement and the mover's
    /// guard first (both [`Slot::NONE`]: none).
    exchange: [Slot; 2],
}

impl Previous {
    /// No previous movement.
    const NONE: Previous = Previous { landing: Slot::NONE, exchange: [Slot::NONE; 2] };

    /// Its Zobrist key (0 for none): a key per slot, each a cell's key mixed with the
    /// height and the slot's part.
    #[inline(always)]
    fn key(&self) -> u64 {
        if self.landing.cell == NONE {
            return 0;
        }
        let key = |s: Slot, part: u64| splitmix64(PREV_KEYS[s.cell as usize % CELLS] ^ s.level as u64 ^ part << 8).1;
        let mut k = key(self.landing, 0);
        if self.exchange[0].cell != NONE {
            k ^= key(self.exchange[0], 1) ^ key(self.exchange[1], 2);
        }
        k
    }
}

impl PartialEq for E {
    /// Positions are equal when every stack holds the same kinds of pieces in the same
    /// order: which of a seat's five equal pyramids stands where does not matter.
    fn eq(&self, other: &Self) -> bool {
        (self.seats, self.sectors, self.turn.to_move, self.turn.ply, self.turn.passes, self.prev, self.options)
            == (
                other.seats,
                other.sectors,
                other.turn.to_move,
                other.turn.ply,
                other.turn.passes,
                other.prev,
                other.options,
            )
            && (0..CELLS).all(|c| {
                self.height[c] == other.height[c]
                    && self.stack_pieces(c).zip(other.stack_pieces(c)).all(|(a, b)| kind_of(a) == kind_of(b))
            })
    }
}

impl Eq for E {}

impl std::fmt::Debug for E {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// Iterates over a stack's pieces from the top down.
struct Down<'a> {
    game: &'a E,
    next: u8,
}

impl Iterator for Down<'_> {
    type Item = u8;
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        let p = self.next;
        if p == NONE {
            return None;
        }
        self.next = self.game.below[p as usize];
        Some(p)
    }
}

impl E {
    /// The pieces of cell `c` from the top down.
    #[inline(always)]
    fn stack_pieces(&self, c: usize) -> Down<'_> {
        Down { game: self, next: self.top[c] }
    }

    /// The pieces strictly below piece `p`, nearest first.
    #[inline(always)]
    fn pieces_below(&self, p: u8) -> Down<'_> {
        Down { game: self, next: self.below[p as usize] }
    }

    /// The stack on cell `c`, bottom to top.
    pub fn stack(&self, c: usize) -> Vec<Piece> {
        let mut v: Vec<Piece> =
            self.stack_pieces(c).map(|p| Piece { seat: Seat(seat_of(p)), size: size_of(p) }).collect();
        v.reverse();
        v
    }

    /// The number of pieces on cell `c`.
    #[inline(always)]
    pub fn height(&self, c: usize) -> u8 {
        self.height[c % CELLS]
    }

    /// Every occupied cell.
    #[inline(always)]
    pub fn occupied(&self) -> Bits {
        self.occupied
    }

    /// The cells holding two or more pieces.
    #[inline(always)]
    pub fn tall(&self) -> Bits {
        self.tall
    }

    /// The cells whose top piece is `seat`'s.
    #[inline(always)]
    pub fn tops(&self, seat: Seat) -> Bits {
        self.tops[seat.index() % MAX_SEATS]
    }

    /// The cells where `seat` has a piece.
    #[inline(always)]
    pub fn present(&self, seat: Seat) -> Bits {
        self.present[seat.index() % MAX_SEATS]
    }

    /// The home sector of `seat`.
    #[inline(always)]
    pub fn home_sector(&self, seat: Seat) -> u8 {
        self.sectors[seat.index() % MAX_SEATS]
    }

    /// The home sector of each seat, in seat order.
    pub fn sectors(&self) -> &[u8] {
        &self.sectors[..self.seats as usize]
    }

    /// The goal sector of `seat`: the sector across from its home.
    #[inline(always)]
    pub fn goal_sector(&self, seat: Seat) -> u8 {
        (self.home_sector(seat) + 3) % 6
    }

    /// `seat`'s Home: where no other seat may trap its pieces.
    #[inline(always)]
    pub fn home(&self, seat: Seat) -> Bits {
        TABLES.home[self.home_sector(seat) as usize]
    }

    /// `seat`'s goal: the 15 cells it must fill.
    #[inline(always)]
    pub fn goal(&self, seat: Seat) -> Bits {
        TABLES.sector[self.goal_sector(seat) as usize]
    }

    /// The cells the unit of `mv`, the turn that led to this position, landed on between
    /// its from cell and its to cell (steps and jumps; the cells jumped over are not
    /// among them): one legal path of that movement, for drawings. A movement names only
    /// its ends, so the position before it is found again: the unit is the top of the to
    /// cell's stack, as many pieces as make `mv` legal there and lead back here. Empty for
    /// a turn without movement, or a movement of one step or jump. It allocates.
    pub fn movement_path(&self, mv: EMove) -> Vec<usize> {
        let (from, to) = (mv.from.cell as usize, mv.to as usize);
        if !mv.has_movement() || from >= CELLS || to >= CELLS || from == to || self.turn.ply == 0 {
            return Vec::new();
        }
        let after = self.cell_stacks();
        let mut stacks = after.clone();
        if mv.has_exchange() {
            // The exchange swapped the pieces of its two slots after the movement.
            let (a, b) = (mv.guard, mv.other);
            let (ca, cb) = (a.cell as usize, b.cell as usize);
            let fits = |c: usize, level: u8| c < CELLS && level >= 1 && level as usize <= stacks[c].len();
            if !fits(ca, a.level) || !fits(cb, b.level) {
                return Vec::new();
            }
            let pa = stacks[ca][a.level as usize - 1];
            stacks[ca][a.level as usize - 1] = stacks[cb][b.level as usize - 1];
            stacks[cb][b.level as usize - 1] = pa;
        }
        if stacks[from].len() + 1 != mv.from.level as usize {
            return Vec::new();
        }
        let mover = (self.turn.to_move + self.seats - 1) % self.seats;
        for len in 1..=stacks[to].len() {
            let mut guess = stacks.clone();
            let keep = guess[to].len() - len;
            let unit = guess[to].split_off(keep);
            guess[from].extend(unit);
            let before = E::from_stacks(self.options, &guess, mover, self.turn.ply - 1, 0, Previous::NONE);
            if before.turn.finish.is_some() || !before.is_legal(mv) {
                continue;
            }
            let mut replay = before;
            replay.play(mv);
            if replay.cell_stacks() == after {
                return movegen::movement_path(&before, mv).unwrap_or_default();
            }
        }
        Vec::new()
    }

    /// With `previous_move_only`, where the previous turn's movement put its piece.
    pub fn previous_movement(&self) -> Option<Slot> {
        (self.prev.landing.cell != NONE).then_some(self.prev.landing)
    }

    /// The pieces of `seat` on the board: `(slot, size, covered, foreign-trapped)`.
    pub fn pieces(&self, seat: Seat) -> impl Iterator<Item = (Slot, u8, bool, bool)> + '_ {
        let first = seat.index() % MAX_SEATS * PIECES;
        (first..first + PIECES).filter(|&p| self.cell[p] != NONE).map(move |p| {
            let p = p as u8;
            let slot = Slot { cell: self.cell[p as usize], level: self.level[p as usize] };
            (slot, size_of(p), self.covered(p), self.foreign_trapped(p))
        })
    }

    /// The cells where the piece at `from` can end a movement if it is the side to move's
    /// and uncovered (empty otherwise): the destinations of its movements without the
    /// exchanges that may follow them, and regardless of `e.ge2_must_unstack`. A cheap
    /// look at one piece, for playout policies; [`legal_moves`](Game::legal_moves) is
    /// the full list.
    pub fn destinations(&self, from: Slot) -> Bits {
        match self.piece_in(from) {
            Some(x) if seat_of(x) == self.turn.to_move && !self.covered(x) && self.turn.finish.is_none() => {
                movegen::destinations_of(self, x)
            }
            _ => 0,
        }
    }

    /// The piece at `slot`, if any.
    pub fn piece_at(&self, slot: Slot) -> Option<Piece> {
        let p = self.piece_in(slot)?;
        Some(Piece { seat: Seat(seat_of(p)), size: size_of(p) })
    }

    /// The piece index at a slot.
    #[inline]
    fn piece_in(&self, slot: Slot) -> Option<u8> {
        let c = slot.cell as usize;
        if c >= CELLS || slot.level == 0 || slot.level > self.height[c] {
            return None;
        }
        self.stack_pieces(c).nth((self.height[c] - slot.level) as usize)
    }

    /// Whether a larger piece (with `e.equal_size_covers`, at least as large) lies above `p`.
    #[inline]
    fn covered(&self, p: u8) -> bool {
        let size = size_of(p);
        let mut q = self.above[p as usize];
        while q != NONE {
            if self.options.covers(size_of(q), size) {
                return true;
            }
            q = self.above[q as usize];
        }
        false
    }

    /// Whether a covering piece of another seat lies above `p`.
    #[inline]
    fn foreign_trapped(&self, p: u8) -> bool {
        let (size, seat) = (size_of(p), seat_of(p));
        let mut q = self.above[p as usize];
        while q != NONE {
            if seat_of(q) != seat && self.options.covers(size_of(q), size) {
                return true;
            }
            q = self.above[q as usize];
        }
        false
    }

    /// Whether the stack on `c` is home-safe: no piece in it lies in its own seat's Home
    /// under a covering piece of another seat.
    fn home_safe(&self, c: usize) -> bool {
        let homes = TABLES.home_of[c];
        self.stack_pieces(c).all(|p| homes & (1 << self.sectors[seat_of(p) as usize]) == 0 || !self.foreign_trapped(p))
    }

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
    fn move_unit(&mut self, x: u8, to: usize) -> u8 {
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
            for p in (Down { game: self, next: under }) {
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
    fn restack(&mut self, c: usize, pieces: &[u8]) {
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
    fn swap_slots(&mut self, a: Slot, b: Slot) {
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

    /// The end test, the one that playing a turn and reading a position both use: the
    /// result of this position, the seat before the one to move having played last (none
    /// at ply 0): a goal filled, every seat passed, or the ply cap. Every seat is tested,
    /// since a turn can fill another seat's goal (with `e.goal_requires_untouchable`, by
    /// lifting or exchanging away the piece that covered its last goal piece).
    #[inline(always)]
    fn judge(&self) -> Option<Finish> {
        // A seat with a piece on each goal cell may have won: one mask test per seat, over
        // all six (the seats not playing have no piece), without a branch.
        let mut candidates = 0u8;
        for s in 0..MAX_SEATS {
            let goal = GOALS[self.sectors[s] as usize & 7];
            candidates |= ((self.present[s] & goal == goal) as u8) << s;
        }
        if candidates == 0
            && !ending::all_passed(self.turn.passes as u32, self.seats as u32)
            && !ending::capped(self.turn.ply, self.options.max_plies)
        {
            return None;
        }
        self.ending(candidates)
    }

    /// The result once a goal may be filled, all passed or the cap is reached.
    #[cold]
    #[inline(never)]
    fn ending(&self, candidates: u8) -> Option<Finish> {
        if self.turn.ply == 0 {
            return None;
        }
        let seats = self.seats as usize;
        let mover = ((self.turn.to_move as usize + seats - 1) % seats) as u8;
        if candidates != 0
            && let Some(w) = ending::first_winner(mover, self.seats, candidates, |s| self.goal_met(s))
        {
            return Some(Finish::winner(seats, w));
        }
        if ending::all_passed(self.turn.passes as u32, self.seats as u32)
            || ending::capped(self.turn.ply, self.options.max_plies)
        {
            return Some(Finish::DRAW);
        }
        None
    }

    /// The goal test for a seat with a piece on each of its 15 goal cells (and so, having
    /// 15 pieces, exactly one on each), with the two goal options.
    fn goal_met(&self, s: usize) -> bool {
        let o = &self.options;
        if !o.goal_requires_untouchable && !o.goal_start_pattern {
            return true;
        }
        let goal = self.goal_sector(Seat(s as u8));
        (s * PIECES..(s + 1) * PIECES).all(|p| {
            let p = p as u8;
            (!o.goal_requires_untouchable || !self.covered(p))
                && (!o.goal_start_pattern || size_of(p) == opening_size_at(goal, self.cell[p as usize], o.ring4_medium))
        })
    }

    /// Builds a position from stacks of `(seat, size)` per cell, bottom first; the caller
    /// has checked that each seat has its 15 pieces.
    fn from_stacks(
        options: EOptions,
        stacks: &[Vec<Piece>],
        to_move: u8,
        ply: u32,
        passes: u8,
        prev: Previous,
    ) -> Self {
        let sectors_list = options.sectors();
        let mut sectors = [0; MAX_SEATS];
        sectors[..sectors_list.len()].copy_from_slice(sectors_list);
        let mut game = E {
            below: [NONE; ALL_PIECES],
            above: [NONE; ALL_PIECES],
            cell: [NONE; ALL_PIECES],
            level: [0; ALL_PIECES],
            top: [NONE; CELLS],
            height: [0; CELLS],
            occupied: 0,
            tall: 0,
            tops: [0; MAX_SEATS],
            present: [0; MAX_SEATS],
            sectors,
            seats: options.players,
            turn: Turn::new(to_move, ply, passes),
            prev,
            options,
        };
        let mut next = [0u8; MAX_SEATS * 3];
        for (c, stack) in stacks.iter().enumerate().take(CELLS) {
            let mut ids = StackBuf { pieces: [NONE; ALL_PIECES], len: 0 };
            for piece in stack {
                let kind = piece.seat.index() * 3 + piece.size as usize - 1;
                ids.pieces[ids.len] = (piece.seat.index() * PIECES + (piece.size as usize - 1) * 5) as u8 + next[kind];
                next[kind] += 1;
                ids.len += 1;
            }
            game.restack(c, ids.as_slice());
        }
        game.turn.hash = game.hash_from_scratch();
        game.turn.finish = game.judge();
        game
    }

    /// The stacks per cell, bottom first.
    fn cell_stacks(&self) -> Vec<Vec<Piece>> {
        (0..CELLS).map(|c| self.stack(c)).collect()
    }
}

/// A stack's piece indices, bottom first, without allocating.
struct StackBuf {
    pieces: [u8; ALL_PIECES],
    len: usize,
}

impl StackBuf {
    fn as_slice(&self) -> &[u8] {
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
        let mut s = StackBuf { pieces: [NONE; ALL_PIECES], len: 0 };
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

/// The size the opening puts on `cell` in sector `sector` (0 outside it).
pub fn opening_size_at(sector: u8, cell: u8, medium: Ring4Medium) -> u8 {
    for i in 1..6 {
        for j in 1..=(6 - i) {
            if TABLES.hex.index(sector_cell(sector, i, j)) == Some(cell as usize) {
                return opening_size(i, j, medium.j());
            }
        }
    }
    0
}

impl Game for E {
    type Move = EMove;
    type Options = EOptions;
    type Generator = movegen::Movegen;
    type Notation = notation::Text;
    const NAME: &'static str = "e";

    fn new(options: &EOptions) -> Result<Self, RulesError> {
        let mut stacks = vec![Vec::new(); CELLS];
        for (seat, &sector) in options.sectors().iter().enumerate() {
            for i in 1..6 {
                for j in 1..=(6 - i) {
                    let c = TABLES.hex.index(sector_cell(sector, i, j)).expect("a sector cell");
                    let size = opening_size(i, j, options.ring4_medium.j());
                    stacks[c].push(Piece { seat: Seat(seat as u8), size });
                }
            }
        }
        Ok(E::from_stacks(*options, &stacks, 0, 0, 0, Previous::NONE))
    }

    fn options(&self) -> &EOptions {
        &self.options
    }

    fn set_options(&mut self, options: &EOptions) -> Result<(), RulesError> {
        if options.players != self.seats {
            return Err(RulesError::Players {
                given: options.players as usize,
                expected: format!("{} (the position's player count)", self.seats),
            });
        }
        if options.sectors() != &self.sectors[..self.seats as usize] {
            let (key, value) = if options.players == 4 {
                ("e.seats_4p", options.seats_4p.word().to_string())
            } else {
                ("e.three_adjacent", options.three_adjacent.to_string())
            };
            return Err(RulesError::BadValue {
                key: key.into(),
                value,
                expected: "the seating of the position".into(),
            });
        }
        let prev = if options.standalone_exchange == Standalone::PreviousMoveOnly { self.prev } else { Previous::NONE };
        *self = E::from_stacks(*options, &self.cell_stacks(), self.turn.to_move, self.turn.ply, self.turn.passes, prev);
        Ok(())
    }

    fn turn(&self) -> &Turn {
        &self.turn
    }

    fn play(&mut self, mv: EMove) {
        debug_assert!(self.turn.finish.is_none(), "play after the end of the game");
        let me = self.turn.to_move;
        let next = if me + 1 == self.seats { 0 } else { me + 1 };
        self.turn.hash ^= TURN_KEYS[me as usize] ^ TURN_KEYS[next as usize] ^ PASS_KEYS[self.turn.passes as usize];
        self.turn.hash ^= self.prev.key();
        self.prev = Previous::NONE;
        if mv.is_pass() {
            self.turn.passes += 1;
        } else {
            self.turn.passes = 0;
            if mv.has_movement() {
                let x = self.piece_in(mv.from).expect("a piece at the movement's slot");
                let level = self.move_unit(x, mv.to as usize);
                if self.options.standalone_exchange == Standalone::PreviousMoveOnly {
                    self.prev = Previous { landing: Slot { cell: mv.to, level }, exchange: [mv.guard, mv.other] };
                }
            }
            if mv.has_exchange() {
                self.swap_slots(mv.guard, mv.other);
            }
        }
        self.turn.hash ^= PASS_KEYS[self.turn.passes as usize] ^ self.prev.key();
        self.turn.to_move = next;
        self.turn.ply += 1;
        // The game was running, so the outcome is written only when it ends.
        if let Some(outcome) = self.judge() {
            self.turn.finish = Some(outcome);
        }
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = TURN_KEYS[self.turn.to_move as usize] ^ PASS_KEYS[self.turn.passes as usize] ^ self.prev.key();
        for c in BitIter(self.occupied) {
            for p in self.stack_pieces(c) {
                h ^= piece_key(c, self.level[p as usize], kind_of(p));
            }
        }
        h
    }

    /// The winner's goal is full (with the goal options' extra conditions), or the shared
    /// endings: all passed, the ply cap.
    fn end_reason(&self) -> Option<String> {
        let outcome = self.outcome()?;
        if let Some(seat) = outcome.sole_winner() {
            let mut reason = format!("seat {seat} filled its goal: a piece of its own on each of the 15 goal cells");
            if self.options.goal_requires_untouchable {
                reason.push_str(", none of them covered");
            }
            if self.options.goal_start_pattern {
                reason.push_str(", in the opening pattern");
            }
            return Some(reason);
        }
        ending::shared_reason(&self.turn, self.seats as usize, self.options.max_plies)
    }

    /// The seats between lose their turn; the previous movement is forgotten.
    fn hand_turn_to(&mut self, seat: Seat) -> bool {
        if self.turn.finish.is_some() || seat.index() >= self.seats as usize {
            return false;
        }
        self.turn.hash ^= TURN_KEYS[self.turn.to_move as usize] ^ TURN_KEYS[seat.index()] ^ self.prev.key();
        self.prev = Previous::NONE;
        self.turn.to_move = seat.0;
        true
    }
}

#[cfg(test)]
mod tests;
