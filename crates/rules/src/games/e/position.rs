//! An E position and what it answers: stacks, pieces, traps, homes and goals; built from
//! stacks (the opening, a position text, other options).
//!
//! Every piece is an index (seat × 15 + size class × 5 + n) linked to the pieces
//! below and above it, so a movement relinks one unit whatever the stacks' heights; per
//! cell the top piece and the height; bitboards of occupied cells, tall cells, the cells
//! each seat tops and the cells where each seat has a piece.

use super::board::{CELLS, MAX_SEATS, PIECES, PREV_KEYS, TABLES, opening_size, sector_cell};
use super::options::{EOptions, Ring4Medium, Standalone};
use super::stacks::StackBuf;
use super::{ALL_PIECES, EMove, Piece, Slot, kind_of, movegen, seat_of, size_of};
use crate::core::error::RulesError;
use crate::core::game::Game;
use crate::core::outcome::Seat;
use crate::core::settings::Words;
use crate::core::turn::Turn;
use crate::core::zobrist::splitmix64;
use crate::geometry::bits::Bits;
use crate::geometry::hex::NONE;

/// An E position with its options.
#[derive(Clone, Copy)]
pub struct E {
    /// The piece right below each piece, or [`NONE`].
    pub(super) below: [u8; ALL_PIECES],
    /// The piece right above each piece, or [`NONE`].
    pub(super) above: [u8; ALL_PIECES],
    /// The cell of each piece ([`NONE`] for the pieces of seats not playing).
    pub(super) cell: [u8; ALL_PIECES],
    /// The height of each piece in its stack, from 1.
    pub(super) level: [u8; ALL_PIECES],
    /// The top piece of each cell, or [`NONE`].
    pub(super) top: [u8; CELLS],
    /// The number of pieces on each cell.
    pub(super) height: [u8; CELLS],
    pub(super) occupied: Bits,
    /// Cells with two or more pieces.
    pub(super) tall: Bits,
    /// Cells whose top piece is each seat's.
    pub(super) tops: [Bits; MAX_SEATS],
    /// Cells where each seat has a piece.
    pub(super) present: [Bits; MAX_SEATS],
    /// The home sector of each seat.
    pub(super) sectors: [u8; MAX_SEATS],
    pub(super) seats: u8,
    /// Side to move, plies, passes, hash and result.
    pub(super) turn: Turn,
    /// With `previous_move_only`: the previous turn's movement.
    pub(super) prev: Previous,
    pub(super) options: EOptions,
}

/// With `previous_move_only`, the previous turn's movement as its stand-alone exchanges
/// (spec §4.2) read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Previous {
    /// Where its moved piece landed ([`Slot::NONE`]: no movement); the unit it brought lies
    /// from there up.
    pub(super) landing: Slot,
    /// The exchange that ended that turn, its slots as after the movement and the mover's
    /// guard first (both [`Slot::NONE`]: none).
    pub(super) exchange: [Slot; 2],
}

impl Previous {
    /// No previous movement.
    pub(super) const NONE: Previous = Previous { landing: Slot::NONE, exchange: [Slot::NONE; 2] };

    /// Its Zobrist key (0 for none): a key per slot, each a cell's key mixed with the
    /// height and the slot's part.
    #[inline(always)]
    pub(super) fn key(&self) -> u64 {
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
pub(super) struct Down<'a> {
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
    pub(super) fn stack_pieces(&self, c: usize) -> Down<'_> {
        Down { game: self, next: self.top[c] }
    }

    /// Piece `p` and the pieces below it, nearest first.
    #[inline(always)]
    pub(super) fn pieces_down_from(&self, p: u8) -> Down<'_> {
        Down { game: self, next: p }
    }

    /// The pieces strictly below piece `p`, nearest first.
    #[inline(always)]
    pub(super) fn pieces_below(&self, p: u8) -> Down<'_> {
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
    pub(super) fn piece_in(&self, slot: Slot) -> Option<u8> {
        let c = slot.cell as usize;
        if c >= CELLS || slot.level == 0 || slot.level > self.height[c] {
            return None;
        }
        self.stack_pieces(c).nth((self.height[c] - slot.level) as usize)
    }

    /// Whether a larger piece (with `e.equal_size_covers`, at least as large) lies above `p`.
    #[inline]
    pub(super) fn covered(&self, p: u8) -> bool {
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
    pub(super) fn foreign_trapped(&self, p: u8) -> bool {
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
    pub(super) fn home_safe(&self, c: usize) -> bool {
        let homes = TABLES.home_of[c];
        self.stack_pieces(c).all(|p| homes & (1 << self.sectors[seat_of(p) as usize]) == 0 || !self.foreign_trapped(p))
    }

    /// Builds a position from stacks of `(seat, size)` per cell, bottom first; the caller
    /// has checked that each seat has its 15 pieces.
    pub(super) fn from_stacks(
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
            let mut ids = StackBuf::EMPTY;
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
    pub(super) fn cell_stacks(&self) -> Vec<Vec<Piece>> {
        (0..CELLS).map(|c| self.stack(c)).collect()
    }

    /// The opening position of `options` (spec §2).
    pub(super) fn opening(options: &EOptions) -> E {
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
        E::from_stacks(*options, &stacks, 0, 0, 0, Previous::NONE)
    }

    /// This position under other options of the same seating; the previous movement is
    /// kept only with `previous_move_only`.
    pub(super) fn with_options(&self, options: &EOptions) -> Result<E, RulesError> {
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
        Ok(E::from_stacks(*options, &self.cell_stacks(), self.turn.to_move, self.turn.ply, self.turn.passes, prev))
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
