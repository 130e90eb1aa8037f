//! Martian Chess (2 or 4 players) and Coaster Chess (2 or 4 players) on one engine of
//! zones and points, as `spec/martian-chess.md` defines them.
//!
//! * Pieces have no colour: a pawn (1 pip), drone (2) or queen (3) belongs to whoever's zone
//!   it stands in. A seat moves one piece of its zone; landing on another zone's piece
//!   captures it and scores its pips; with field promotion two own pieces may merge.
//! * The board is data ([`board::Topology`]): the cells, the zones, the neighbours and, for
//!   Coaster Chess, the printed arrows. [`MartianChess`] moves pieces by their size;
//!   [`CoasterChess`] moves them up to their pips along arrows (`mc.move_model`).
//! * No rejection: a piece just moved across a canal may not go straight back.
//! * The game ends when a zone is empty (the ender wins ties) or by the clock (`!` calls it;
//!   `mc.clock_limit` plies without a capture end it; ties are drawn).
//! * Position text: see [`notation`].

pub mod board;
mod end;
mod movegen;
pub mod notation;
mod options;
mod setup;

use crate::geometry::bits::BitIter;
pub use board::{BoardKind, Squares, Topology};
pub use options::{Canal, Clock, Coaster, Martian, McOptions, MoveModel, NoMove, NoReject4p, Variant};

use crate::core::ending;
use crate::core::error::RulesError;
use crate::core::game::Game;
use crate::core::moves::MoveList;
use crate::core::outcome::{Finish, Outcome, Seat};
use crate::core::turn::Turn;
use board::{CLOCK_KEYS, MEMORY_FROM_KEYS, MEMORY_TO_KEYS, NONE, PASS_KEYS, PIECE_KEYS, POINT_KEYS, TURN_KEYS};
use setup::start_pieces;

/// The clock value of a clock that is not running.
const NOT_RUNNING: u8 = u8::MAX;

/// The most pips a position may hold, on the board and in points together (four nests of
/// nine pieces); keeps every score within the hash tables.
pub const MAX_PIPS: u32 = 72;

/// A move: a piece from one square to another (plain, capture or merge), or the pass;
/// `call` also calls the clock (written `!`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct McMove {
    /// The square the piece leaves ([`board::NONE`] for the pass).
    pub from: u8,
    /// The square it lands on.
    pub to: u8,
    /// The move also calls the clock.
    pub call: bool,
}

impl crate::core::moves::Listed for McMove {
    type Inline = [McMove; crate::core::moves::INLINE_MOVES];
}

impl McMove {
    /// The pass.
    pub const PASS: McMove = McMove { from: NONE, to: NONE, call: false };

    /// Whether this is a pass (`pass` or `pass!`).
    pub fn is_pass(self) -> bool {
        self.from == NONE
    }
}

/// A Martian Chess or Coaster Chess position with its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mc<V: Variant> {
    /// Pawns, drones, queens.
    pieces: [Squares; 3],
    occ: Squares,
    points: [u8; 4],
    kind: BoardKind,
    seats: u8,
    /// Side to move, plies, passes, hash and result.
    turn: Turn,
    /// Plies counted while the clock runs, or [`NOT_RUNNING`].
    clock: u8,
    /// The no-reject memory `[from, to]` of the previous move, `[NONE, NONE]` if none.
    memory: [u8; 2],
    options: McOptions<V>,
}

/// Standard Martian Chess.
pub type MartianChess = Mc<Martian>;
/// Coaster Chess.
pub type CoasterChess = Mc<Coaster>;
/// Martian Chess options.
pub type MartianOptions = McOptions<Martian>;
/// Coaster Chess options.
pub type CoasterOptions = McOptions<Coaster>;

impl<V: Variant> Mc<V> {
    /// The board.
    pub fn board(&self) -> BoardKind {
        self.kind
    }
    /// The board's tables.
    pub fn topology(&self) -> &'static Topology {
        self.kind.topology()
    }
    /// The squares holding pieces of `size` (1 pawn, 2 drone, 3 queen).
    pub fn pieces(&self, size: u8) -> Squares {
        self.pieces[size as usize - 1]
    }
    /// Every occupied square.
    pub fn occupied(&self) -> Squares {
        self.occ
    }
    /// The size of the piece on square `i`, 0 if empty.
    #[inline(always)]
    pub fn size_at(&self, i: usize) -> u8 {
        let b = 1u64 << i;
        (self.pieces[0] & b != 0) as u8
            | (((self.pieces[1] & b != 0) as u8) << 1)
            | ((self.pieces[2] & b != 0) as u8 * 3)
    }
    /// The squares of a seat's zone.
    pub fn zone(&self, seat: Seat) -> Squares {
        self.topology().zones[seat.index()]
    }
    /// The points (pips captured) of a seat.
    pub fn points(&self, seat: Seat) -> u8 {
        self.points[seat.index()]
    }
    /// The clock: `None` while it is not running, else the plies counted without a capture.
    pub fn clock(&self) -> Option<u8> {
        (self.clock != NOT_RUNNING).then_some(self.clock)
    }
    /// The no-reject memory: the previous move's `(from, to)` when it carried a piece
    /// across a canal into the zone of the seat to move (and the rule applies to it).
    pub fn memory(&self) -> Option<(usize, usize)> {
        (self.memory[0] != NONE).then_some((self.memory[0] as usize, self.memory[1] as usize))
    }
    /// Consecutive passes just played.
    pub fn passes(&self) -> u8 {
        self.turn.passes
    }
    /// The pips on the board.
    pub fn pips_on_board(&self) -> u32 {
        self.pieces.iter().enumerate().map(|(k, p)| (k as u32 + 1) * p.count_ones()).sum()
    }
    /// Whether the seat to move may call the clock with its move.
    #[inline(always)]
    pub fn can_call(&self) -> bool {
        self.options.clock == Clock::Callable && self.clock == NOT_RUNNING
    }
    /// Whether `mv` captures (a piece move onto another zone's piece).
    #[inline(always)]
    pub fn is_capture(&self, mv: McMove) -> bool {
        !mv.is_pass() && self.occ & (1u64 << mv.to) != 0 && self.topology().zone_of[mv.to as usize] != self.turn.to_move
    }
    /// The number of piece moves (passes excluded) of the seat to move, ignoring the clock
    /// call; for evaluators (mobility) and the `end_game_and_score` rule.
    pub fn piece_moves(&self) -> usize {
        movegen::count_piece_moves(self)
    }
    /// The squares of other zones' pieces that a piece of `seat`'s zone could capture if
    /// `seat` were to move (the no-reject rule aside): threats, for evaluators.
    pub fn capture_targets(&self, seat: Seat) -> Squares {
        self.reach_of(seat) & self.occ & !self.zone(seat)
    }
    /// Every square a piece of `seat`'s zone reaches (pieces in the way included): the
    /// squares it controls, for evaluators.
    pub fn reach_of(&self, seat: Seat) -> Squares {
        movegen::reach_of(self, seat.0)
    }
    /// The squares the piece on `from` may move to (empty if no piece of the mover's zone
    /// stands there).
    pub fn destinations(&self, from: usize) -> Squares {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.iter().filter(|m| !m.is_pass() && m.from as usize == from).fold(0, |a, m| a | 1u64 << m.to)
    }

    /// The squares a piece passed from `mv.from` to `mv.to` (both excluded), read from this
    /// position, the one after `mv` (the squares passed were empty before it and still
    /// are). On Coaster boards under the `path` model: a shortest ride along the arrows
    /// through empty squares, which is one the move may have taken (a move names only its
    /// ends); otherwise the squares of the straight line between. Empty for a pass, a single
    /// step or where no ride exists. For drawings: it allocates.
    pub fn path(&self, mv: McMove) -> Vec<usize> {
        let t = self.topology();
        let (from, to) = (mv.from as usize, mv.to as usize);
        if mv.is_pass() || from >= 64 || to >= 64 {
            return Vec::new();
        }
        if V::COASTER && self.options.move_model == MoveModel::Path {
            let open = (t.cells & !self.occ) | 1u64 << to;
            let steps = |i: usize| -> Vec<usize> { BitIter(t.arrow_steps[i] & open).collect() };
            return crate::geometry::path::shortest_path(64, from, to, steps).unwrap_or_default();
        }
        let d = (0..8).find(|&d| t.rays[d][from] >> to & 1 != 0);
        let Some(d) = d else { return Vec::new() };
        let mut line: Vec<usize> = BitIter(t.rays[d][from] & !t.rays[d][to] & !(1u64 << to)).collect();
        if to < from {
            line.reverse();
        }
        line
    }

    /// Builds a position from its parts, deriving the hash and the outcome.
    #[allow(clippy::too_many_arguments)]
    fn from_parts(
        options: McOptions<V>,
        pieces: [Squares; 3],
        points: [u8; 4],
        to_move: u8,
        ply: u32,
        passes: u8,
        clock: u8,
        memory: [u8; 2],
    ) -> Self {
        let kind = options.board();
        let mut game = Mc {
            pieces,
            occ: pieces[0] | pieces[1] | pieces[2],
            points,
            kind,
            seats: options.players,
            turn: Turn::new(to_move, ply, passes),
            clock,
            memory,
            options,
        };
        game.turn.hash = game.hash_from_scratch();
        let last = (to_move + game.seats - 1) % game.seats;
        game.turn.finish = game.ending(last).map(|e| game.rank(e));
        game
    }

    #[inline(always)]
    fn toggle(&mut self, size: u8, i: usize) {
        let b = 1u64 << i;
        self.pieces[size as usize - 1] ^= b;
        self.turn.hash ^= PIECE_KEYS[size as usize - 1][i];
    }

    #[inline(always)]
    fn clock_key(clock: u8) -> u64 {
        CLOCK_KEYS[if clock == NOT_RUNNING { 0 } else { clock as usize + 1 }]
    }
}

impl<V: Variant> Game for Mc<V> {
    type Move = McMove;
    type Options = McOptions<V>;
    type Generator = movegen::Movegen;
    type Notation = notation::Text;
    const NAME: &'static str = V::NAME;

    fn new(options: &McOptions<V>) -> Result<Self, RulesError> {
        options.validate()?;
        let t = options.board().topology();
        let mut pieces = [0; 3];
        for (name, size) in start_pieces(options.board(), V::COASTER && options.setup_mirror) {
            let i = t.parse(name).expect("a start square on the board");
            pieces[size as usize - 1] |= 1u64 << i;
        }
        let clock = if options.clock == Clock::AlwaysOn { 0 } else { NOT_RUNNING };
        Ok(Mc::from_parts(*options, pieces, [0; 4], 0, 0, 0, clock, [NONE, NONE]))
    }

    fn options(&self) -> &McOptions<V> {
        &self.options
    }

    fn set_options(&mut self, options: &McOptions<V>) -> Result<(), RulesError> {
        options.validate()?;
        if options.board() != self.kind {
            return Err(RulesError::BadValue {
                key: if options.players != self.seats { "players" } else { "mc.canal" }.into(),
                value: if options.players != self.seats {
                    options.players.to_string()
                } else {
                    format!("{:?}", options.canal).to_lowercase()
                },
                expected: "the setup of the position".into(),
            });
        }
        let clock = match (options.clock, self.clock) {
            (Clock::Off, _) => NOT_RUNNING,
            (Clock::AlwaysOn, NOT_RUNNING) => 0,
            (_, c) => c,
        };
        let memory = if options.no_reject() { self.memory } else { [NONE, NONE] };
        *self = Mc::from_parts(
            *options,
            self.pieces,
            self.points,
            self.turn.to_move,
            self.turn.ply,
            self.turn.passes,
            clock,
            memory,
        );
        Ok(())
    }

    fn turn(&self) -> &Turn {
        &self.turn
    }

    fn play(&mut self, mv: McMove) {
        debug_assert!(self.turn.finish.is_none(), "play after the end of the game");
        let seat = self.turn.to_move;
        let next = if seat + 1 == self.seats { 0 } else { seat + 1 };
        let t = self.kind.topology();
        self.turn.hash ^= PASS_KEYS[self.turn.passes as usize] ^ Self::clock_key(self.clock);
        if self.memory[0] != NONE {
            self.turn.hash ^= MEMORY_FROM_KEYS[self.memory[0] as usize] ^ MEMORY_TO_KEYS[self.memory[1] as usize];
            self.memory = [NONE, NONE];
        }
        let mut capture = false;
        // Only a move that leaves the mover's zone can empty it.
        let mut crossed = false;
        if mv.is_pass() {
            self.turn.passes += 1;
        } else {
            self.turn.passes = 0;
            let (from, to) = (mv.from as usize, mv.to as usize);
            let size = self.size_at(from);
            debug_assert!(size != 0 && t.zone_of[from] == seat, "no piece of the mover on {from}");
            self.toggle(size, from);
            let target = self.size_at(to);
            let zone_to = t.zone_of[to];
            if target == 0 {
                self.toggle(size, to);
                self.occ ^= (1u64 << from) | (1u64 << to);
            } else if zone_to == seat {
                // Field promotion: the two merge into one piece of their summed size.
                self.toggle(target, to);
                self.toggle(size + target, to);
                self.occ ^= 1u64 << from;
            } else {
                capture = true;
                self.toggle(target, to);
                self.toggle(size, to);
                self.occ ^= 1u64 << from;
                let p = &mut self.points[seat as usize];
                self.turn.hash ^= POINT_KEYS[seat as usize][*p as usize];
                *p += target;
                self.turn.hash ^= POINT_KEYS[seat as usize][*p as usize];
            }
            crossed = zone_to != t.zone_of[from];
            if crossed && zone_to == next && self.options.no_reject() {
                self.memory = [from as u8, to as u8];
                self.turn.hash ^= MEMORY_FROM_KEYS[from] ^ MEMORY_TO_KEYS[to];
            }
        }
        if mv.call {
            debug_assert!(self.can_call(), "the clock cannot be called now");
            self.clock = 0;
        }
        if self.clock != NOT_RUNNING {
            self.clock = if capture { 0 } else { self.clock + 1 };
        }
        self.turn.hash ^= PASS_KEYS[self.turn.passes as usize] ^ Self::clock_key(self.clock);
        self.turn.hash ^= TURN_KEYS[seat as usize] ^ TURN_KEYS[next as usize];
        self.turn.to_move = next;
        self.turn.ply = self.turn.ply.saturating_add(1);
        // The game can end only by an emptied zone, the clock, a pass, a seat left without
        // a move (when that ends the game) or the ply cap: the judgement is skipped for
        // every other move.
        let may_end = crossed
            || self.clock != NOT_RUNNING
            || self.turn.passes != 0
            || self.options.no_move == NoMove::EndGameAndScore
            || self.options.max_plies.is_some();
        if may_end && let Some(ending) = self.ending(seat) {
            self.turn.finish = Some(self.rank(ending));
        }
    }

    /// The ranks with each seat's captured points and, in the team game, the teams.
    fn outcome_from(&self, finish: Finish) -> Outcome {
        let n = self.seats as usize;
        let (mut points, mut teams) = ([0i16; 4], [0u8; 4]);
        for s in 0..n {
            points[s] = self.points[s] as i16;
            teams[s] = self.team(Seat(s as u8));
        }
        let outcome = finish.outcome(n).with_points(&points[..n]);
        if self.options.partner(0).is_some() {
            return outcome.with_teams(&teams[..n]);
        }
        outcome
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h =
            TURN_KEYS[self.turn.to_move as usize] ^ PASS_KEYS[self.turn.passes as usize] ^ Self::clock_key(self.clock);
        for (k, &p) in self.pieces.iter().enumerate() {
            for i in BitIter(p) {
                h ^= PIECE_KEYS[k][i];
            }
        }
        for (s, &p) in self.points[..self.seats as usize].iter().enumerate() {
            h ^= POINT_KEYS[s][p as usize];
        }
        if self.memory[0] != NONE {
            h ^= MEMORY_FROM_KEYS[self.memory[0] as usize] ^ MEMORY_TO_KEYS[self.memory[1] as usize];
        }
        h
    }

    /// What ended the game, tested in the order of the rules (an empty zone first, as it
    /// decides the tie rule), with the points that rank the seats.
    fn end_reason(&self) -> Option<String> {
        let outcome = self.outcome()?;
        let n = self.seats as usize;
        let points: Vec<String> = self.points[..n].iter().map(u8::to_string).collect();
        let points = format!("points {}", points.join("-"));
        let t = self.topology();
        let empty: Vec<String> =
            (0..n).filter(|&s| t.zones[s] & self.occ == 0).map(|s| format!("seat {s}'s zone is empty")).collect();
        if !empty.is_empty() {
            let ender = Seat(((self.turn.to_move as usize + n - 1) % n) as u8);
            let leaders = outcome.ranks().iter().filter(|&&r| r == 1).count();
            // The ender's tie-break shows as leaders that tied on points but not on rank.
            let best = (0..n).map(|s| self.team_points(s)).max().unwrap_or(0);
            let tied = (0..n).filter(|&s| self.team_points(s) == best).count();
            let tie = if tied > leaders {
                format!(", and seat {ender} made the last move and wins the tie")
            } else {
                String::new()
            };
            return Some(format!("{}; {points}{tie}", empty.join(" and ")));
        }
        let opt = &self.options;
        let why = if self.clock != NOT_RUNNING && self.clock >= opt.clock_limit {
            format!("the clock ran out: {} plies without a capture", opt.clock_limit)
        } else if ending::all_passed(self.turn.passes as u32, n as u32) {
            ending::ALL_PASSED.to_string()
        } else if opt.no_move == NoMove::EndGameAndScore && movegen::count_piece_moves(self) == 0 {
            format!("seat {} has no move (mc.no_move=end_game_and_score)", self.turn.to_move)
        } else {
            ending::shared_reason(&self.turn, n, opt.max_plies)?
        };
        Some(format!("{why}; {points}"))
    }

    /// The seats between lose their turn; the rejection memory is cleared.
    fn hand_turn_to(&mut self, seat: Seat) -> bool {
        if self.memory[0] != NONE {
            self.turn.hash ^= MEMORY_FROM_KEYS[self.memory[0] as usize] ^ MEMORY_TO_KEYS[self.memory[1] as usize];
            self.memory = [NONE, NONE];
        }
        self.turn.hash ^= TURN_KEYS[self.turn.to_move as usize] ^ TURN_KEYS[seat.index()];
        self.turn.to_move = seat.0;
        true
    }

    /// Itself, or seats 0 + 2 and 1 + 3 with `mc.teams`.
    fn team(&self, seat: Seat) -> u8 {
        if self.options.partner(seat.index()).is_some() { seat.0 % 2 } else { seat.0 }
    }
}

#[cfg(test)]
mod tests;
