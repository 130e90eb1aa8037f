//! Chinese Checkers (Sternhalma) for 2 to 6 players, as `spec/chinese-checkers.md`
//! defines it.
//!
//! * Board: the 121-hole star, named with radius 8 (files a–q, ranks 1–17, centre i9).
//! * A turn moves one peg by a step to an adjacent empty hole or by a chain of hops over
//!   single pegs; a move is its `(from, to)` pair, written `from-to`. A seat with no move
//!   passes; when every seat passes in a row the game is drawn.
//! * `cc.target_stay` restricts pegs already home, `cc.anti_block` decides how blocking
//!   a target is answered (fill rule, swap moves, or not at all).
//! * Position text: see [`notation`].

mod board;
mod movegen;
pub mod notation;
mod options;
mod setup;

pub use board::{HOLES, PEGS, STAR, Star};
pub use movegen::Reacher;
pub use options::{AntiBlock, CcOptions, Seats4p, TargetStay};

use crate::core::ending;
use crate::core::error::RulesError;
use crate::core::game::Game;
use crate::core::outcome::{Finish, MAX_SEATS, Seat};
use crate::core::settings::Words;
use crate::core::turn::Turn;
use crate::geometry::bits::{BITS, BitIter, Bits, has};
use crate::geometry::seating::opposite;
use board::{CAMP_MASKS, CAMP_OF, PASS_KEYS, PEG_KEYS, TURN_KEYS};
use setup::{NO_SEAT, Setup};

/// A move: a peg from one hole to another (step, hop chain or swap), or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CcMove {
    /// The hole the peg leaves.
    pub from: u8,
    /// The hole it ends in.
    pub to: u8,
}

impl crate::core::moves::Listed for CcMove {
    type Inline = [CcMove; crate::core::moves::INLINE_MOVES];
}

impl CcMove {
    /// The pass.
    pub const PASS: CcMove = CcMove { from: u8::MAX, to: u8::MAX };

    /// Whether this is the pass.
    pub fn is_pass(self) -> bool {
        self == CcMove::PASS
    }
}

/// A Chinese Checkers position with its options: 144 bytes, of which the pegs and the
/// occupancy take 112.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChineseCheckers {
    pegs: [Bits; MAX_SEATS],
    occupied: Bits,
    /// Side to move, plies, passes, hash and result.
    turn: Turn,
    /// The options and the seating, shared by every position played under them.
    setup: &'static Setup,
}

impl ChineseCheckers {
    /// The pegs of a seat.
    pub fn pegs(&self, seat: Seat) -> Bits {
        self.pegs[seat.index()]
    }
    /// Every occupied hole.
    pub fn occupied(&self) -> Bits {
        self.occupied
    }
    /// The camp a seat started in.
    pub fn camp(&self, seat: Seat) -> u8 {
        self.setup.camps[seat.index()]
    }
    /// The target camp of a seat, as holes.
    pub fn target(&self, seat: Seat) -> Bits {
        STAR.target(self.setup.camps[seat.index()])
    }
    /// Consecutive passes just played.
    pub fn passes(&self) -> u8 {
        self.turn.passes
    }
    /// The seat owning the peg in hole `i`, if any.
    pub fn owner(&self, i: usize) -> Option<Seat> {
        (0..self.setup.seats as usize).find(|&s| has(self.pegs[s], i)).map(|s| Seat(s as u8))
    }

    /// Calls `each(from, destinations)` for every peg of the seat to move, in the order of
    /// [`legal_moves`](Game::legal_moves): the legal moves are the pairs `(from, to)` for
    /// every `to` in `destinations`, in increasing order, or the pass when every set is
    /// empty. Nothing is called once the game is over. For players that weigh every move
    /// without listing them (playouts).
    #[inline]
    pub fn for_each_reach(&self, mut each: impl FnMut(usize, Bits)) {
        if self.turn.finish.is_none() {
            movegen::for_each_peg(self, |from, r| each(from, r.moves | r.swaps));
        }
    }

    /// The destinations of single pegs of the seat to move, with the holes each depends
    /// on, for players that keep them from turn to turn (playouts). The game is running.
    #[inline]
    pub fn reacher(&self) -> Reacher<'_> {
        debug_assert!(self.turn.finish.is_none(), "reach after the end of the game");
        Reacher::new(self)
    }

    /// The holes a peg went through from `mv.from` to `mv.to` (both excluded) by a hop
    /// chain in the position before `mv`, read from this position, the one after it: the
    /// same pegs stand everywhere but on `from` and `to`, and the moving peg is not there to
    /// hop over. Empty for a step or where no chain exists (a swap). For drawings: it
    /// allocates.
    pub fn hop_chain(&self, mv: CcMove) -> Vec<usize> {
        let board = &STAR.board;
        let (from, to) = (mv.from as usize, mv.to as usize);
        if mv.is_pass() || from >= HOLES || to >= HOLES || has(board.neighbor_mask(from), to) {
            return Vec::new();
        }
        let occupied = self.occupied() & !(1u128 << to);
        let hops = |i: usize| -> Vec<usize> {
            BitIter(board.jumpable(i) & occupied)
                .map(|over| board.landing(i, over) as usize)
                .filter(|&land| land < HOLES && !has(occupied, land))
                .collect()
        };
        crate::geometry::path::shortest_path(HOLES, from, to, hops).unwrap_or_default()
    }

    /// Builds a position from its parts, deriving the hash and the outcome.
    /// `pegs` lists every seat's pegs; the caller has checked the counts.
    fn from_parts(options: &CcOptions, pegs: [Bits; MAX_SEATS], to_move: u8, ply: u32, passes: u8) -> Self {
        let mut game = ChineseCheckers {
            pegs,
            occupied: pegs.iter().fold(0, |a, &p| a | p),
            turn: Turn::new(to_move, ply, passes),
            setup: Setup::of(options),
        };
        game.turn.hash = game.hash_from_scratch();
        let last = (to_move + game.setup.seats - 1) % game.setup.seats;
        game.turn.finish = game.judge(last, u8::MAX);
        game
    }

    /// Has `seat` met its winning condition?
    #[inline]
    fn has_won(&self, seat: usize) -> bool {
        let target = CAMP_MASKS[opposite(self.setup.camps[seat]) as usize];
        match self.setup.options.anti_block {
            AntiBlock::Fill => self.occupied & target == target && self.pegs[seat] & target != 0,
            AntiBlock::Swap | AntiBlock::None => self.pegs[seat] & target == target,
        }
    }

    /// The outcome after `mover` moved, looking for winners among the seats in
    /// `candidates` (a bit per seat): the mover wins if it has completed its target, else
    /// the first seat after it in turn order that has; then the all-pass draw and the
    /// `max_plies` draw.
    #[inline]
    fn judge(&self, mover: u8, candidates: u8) -> Option<Finish> {
        let n = self.setup.seats as usize;
        if let Some(seat) = ending::first_winner(mover, self.setup.seats, candidates, |s| self.has_won(s)) {
            return Some(Finish::winner(n, seat));
        }
        if ending::all_passed(self.turn.passes as u32, n as u32)
            || ending::capped(self.turn.ply, self.setup.options.max_plies)
        {
            return Some(Finish::DRAW);
        }
        None
    }

    /// The seat whose target holds hole `i`, as a candidate bit (0 if none).
    #[inline(always)]
    ///
    /// Every winning condition needs the whole target occupied, so a seat is a candidate
    /// only once its target is full: most moves into a target skip the full test.
    fn candidate(&self, i: usize) -> u8 {
        let camp = CAMP_OF[i & 127] as usize;
        match self.setup.target_seat[camp] {
            NO_SEAT => 0,
            seat if self.occupied & CAMP_MASKS[camp] == CAMP_MASKS[camp] => 1 << seat,
            _ => 0,
        }
    }
}

impl Game for ChineseCheckers {
    type Move = CcMove;
    type Options = CcOptions;
    type Generator = movegen::Movegen;
    type Notation = notation::Text;
    const NAME: &'static str = "chinese-checkers";

    fn new(options: &CcOptions) -> Result<Self, RulesError> {
        if !(2..=6).contains(&options.players) {
            return Err(RulesError::Players { given: options.players as usize, expected: "2 to 6".into() });
        }
        let mut pegs = [0; MAX_SEATS];
        for (seat, &camp) in options.camps().iter().enumerate() {
            pegs[seat] = STAR.camp(camp);
        }
        Ok(ChineseCheckers::from_parts(options, pegs, 0, 0, 0))
    }

    fn options(&self) -> &CcOptions {
        &self.setup.options
    }

    fn set_options(&mut self, options: &CcOptions) -> Result<(), RulesError> {
        if options.players != self.setup.options.players {
            return Err(RulesError::Players {
                given: options.players as usize,
                expected: format!("{} (the position's player count)", self.setup.options.players),
            });
        }
        if options.camps() != self.setup.options.camps() {
            return Err(RulesError::BadValue {
                key: "cc.seats_4p".into(),
                value: options.seats_4p.word().into(),
                expected: "the seating of the position".into(),
            });
        }
        *self = ChineseCheckers::from_parts(options, self.pegs, self.turn.to_move, self.turn.ply, self.turn.passes);
        Ok(())
    }

    fn turn(&self) -> &Turn {
        &self.turn
    }

    fn play(&mut self, mv: CcMove) {
        debug_assert!(self.turn.finish.is_none(), "play after the end of the game");
        let seat = self.turn.to_move as usize;
        let next = if seat + 1 == self.setup.seats as usize { 0 } else { seat as u8 + 1 };
        if self.turn.passes != 0 {
            self.turn.hash ^= PASS_KEYS[self.turn.passes as usize];
        }
        // Only a seat whose target the move touched can have just completed it: `to`
        // filled, or (after a swap) `from` taken by the other seat's peg.
        let mut candidates = 0;
        if mv.is_pass() {
            self.turn.passes += 1;
            self.turn.hash ^= PASS_KEYS[self.turn.passes as usize];
        } else {
            let (from, to) = (mv.from as usize, mv.to as usize);
            debug_assert!(has(self.pegs[seat], from), "no own peg on the from hole");
            let both = BITS[from & 127] | BITS[to & 127];
            if self.setup.options.anti_block == AntiBlock::Swap && has(self.occupied, to) {
                // A swap: the other seat's peg takes the mover's starting hole.
                let other = (0..self.setup.seats as usize).find(|&s| has(self.pegs[s], to)).unwrap_or(seat);
                debug_assert!(other != seat, "swap with an own peg");
                self.pegs[other] ^= both;
                self.turn.hash ^= PEG_KEYS[other][from] ^ PEG_KEYS[other][to];
                candidates |= self.candidate(from);
            } else {
                self.occupied ^= both;
            }
            self.pegs[seat] ^= both;
            self.turn.hash ^= PEG_KEYS[seat][from] ^ PEG_KEYS[seat][to];
            self.turn.passes = 0;
            candidates |= self.candidate(to);
        }
        self.turn.hash ^= TURN_KEYS[seat] ^ TURN_KEYS[next as usize];
        self.turn.ply += 1;
        self.turn.to_move = next;
        let quiet = candidates == 0 && self.turn.passes == 0 && self.setup.options.max_plies.is_none();
        if !quiet {
            self.turn.finish = self.judge(seat as u8, candidates);
        }
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = TURN_KEYS[self.turn.to_move as usize] ^ PASS_KEYS[self.turn.passes as usize];
        for (keys, &pegs) in PEG_KEYS.iter().zip(&self.pegs[..self.setup.seats as usize]) {
            for i in BitIter(pegs) {
                h ^= keys[i];
            }
        }
        h
    }

    /// The winner's target is full (under the fill rule, maybe with blockers in it), or the
    /// shared endings: all passed, the ply cap.
    fn end_reason(&self) -> Option<String> {
        let outcome = self.outcome()?;
        if let Some(seat) = outcome.sole_winner() {
            let own = (self.pegs(seat) & self.target(seat)).count_ones();
            return Some(if own < PEGS {
                format!("seat {seat}'s target camp is full and holds {own} of its pegs, enough under the fill rule")
            } else {
                format!("seat {seat} filled its target camp")
            });
        }
        ending::shared_reason(&self.turn, self.setup.seats as usize, self.setup.options.max_plies)
    }

    /// The seats between lose their turn; the ply and the count of consecutive passes stay
    /// as they are.
    fn hand_turn_to(&mut self, seat: Seat) -> bool {
        if self.turn.finish.is_some() || seat.index() >= self.setup.seats as usize {
            return false;
        }
        self.turn.hash ^= TURN_KEYS[self.turn.to_move as usize] ^ TURN_KEYS[seat.index()];
        self.turn.to_move = seat.0;
        true
    }
}

#[cfg(test)]
mod tests;
