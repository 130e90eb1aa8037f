//! Playing a turn, and the end test that playing and reading a position share.

use super::board::{GOAL_WORDS, MAX_SEATS, PASS_KEYS, PIECES, TURN_KEYS, piece_key};
use super::options::{EOptions, Standalone};
use super::position::{Previous, opening_size_at};
use super::{E, EMove, Slot, kind_of, movegen, notation, size_of};
use crate::core::ending;
use crate::core::error::RulesError;
use crate::core::game::Game;
use crate::core::outcome::{Finish, Seat};
use crate::core::turn::Turn;
use crate::geometry::bits::BitIter;

impl E {
    /// The end test, the one that playing a turn and reading a position both use: the
    /// result of this position, the seat before the one to move having played last (none
    /// at ply 0): a goal filled, every seat passed, or the ply cap. Every seat is tested,
    /// since a turn can fill another seat's goal (with `e.goal_requires_untouchable`, by
    /// lifting or exchanging away the piece that covered its last goal piece).
    #[inline(always)]
    pub(super) fn judge(&self) -> Option<Finish> {
        // A seat with a piece on each goal cell may have won: per seat, one test of the
        // bitboard word that holds its goal, over all six seats (those not playing have no
        // piece) without a branch. One word, not the whole bitboard: play has just written
        // the bitboards a word at a time, and reading both words at once waits for them.
        let mut candidates = 0u8;
        for s in 0..MAX_SEATS {
            let (high, goal) = GOAL_WORDS[self.sectors[s] as usize & 7];
            let present = if high { (self.present[s] >> 64) as u64 } else { self.present[s] as u64 };
            candidates |= ((present & goal == goal) as u8) << s;
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

    /// Forgets the previous movement, and takes its key out of the hash.
    #[cold]
    #[inline(never)]
    fn forget_previous(&mut self) {
        self.turn.hash ^= self.prev.key();
        self.prev = Previous::NONE;
    }

    /// Keeps the movement of `mv`, whose piece landed at height `level`, with the exchange
    /// that ends `mv` if any, as the previous movement (with `previous_move_only`); its key
    /// goes into the hash. Out of line, so that the common play keeps `mv` whole.
    #[cold]
    #[inline(never)]
    fn remember_movement(&mut self, mv: EMove, level: u8) {
        self.prev = Previous { landing: Slot { cell: mv.to, level }, exchange: [mv.guard, mv.other] };
        self.turn.hash ^= self.prev.key();
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
}

impl Game for E {
    type Move = EMove;
    type Options = EOptions;
    type Generator = movegen::Movegen;
    type Notation = notation::Text;
    const NAME: &'static str = "e";

    fn new(options: &EOptions) -> Result<Self, RulesError> {
        Ok(E::opening(options))
    }

    fn options(&self) -> &EOptions {
        &self.options
    }

    fn set_options(&mut self, options: &EOptions) -> Result<(), RulesError> {
        *self = self.with_options(options)?;
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
        // Only `previous_move_only` keeps the previous movement.
        let keeps_previous = self.options.standalone_exchange == Standalone::PreviousMoveOnly;
        if keeps_previous {
            self.forget_previous();
        }
        if mv.is_pass() {
            self.turn.passes += 1;
        } else {
            self.turn.passes = 0;
            if mv.has_movement() {
                let x = self.piece_in(mv.from).expect("a piece at the movement's slot");
                let level = self.move_unit(x, mv.to as usize);
                if keeps_previous {
                    self.remember_movement(mv, level);
                }
            }
            if mv.has_exchange() {
                self.swap_slots(mv.guard, mv.other);
            }
        }
        self.turn.hash ^= PASS_KEYS[self.turn.passes as usize];
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
        self.turn.hash ^= TURN_KEYS[self.turn.to_move as usize] ^ TURN_KEYS[seat.index()];
        self.forget_previous();
        self.turn.to_move = seat.0;
        true
    }
}
