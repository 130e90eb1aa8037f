//! Gentleman's Echelon (Simon Pitt and Charlie Reams), as `spec/echelon.md` defines it.
//!
//! * Board: a hex-hex board of radius `ge.radius` (default 4: 61 hexes, a1–i9, centre e5).
//!   The board and the start cells are **provisional**: no surviving text shows them.
//! * Start: two stacks of `ge.stack_height` counters (6, or 10 for the later "Echelon")
//!   of alternating colours, red-topped on d5 and blue-topped on f5 (`ge.stack_cells`).
//! * A move takes the mover's counter on top of a hex and slides it in a straight line
//!   over empty live hexes; a lone ("free") counter may stop on the first counter it meets
//!   and stomp it (of either colour, stacks included); a stack's top may only go to an
//!   empty hex. A hex whose last counter leaves is dead: nothing enters or crosses it.
//!   `ge.slide_to_end` forces the longest slide (or the stomp) in each direction.
//! * A seat with no legal move on its turn loses; there is no draw (but `max_plies`).
//! * Moves are `from-to` (`d5-h9`); the position text is described in [`notation`].
//!
//! State: bitboards of the hexes whose top counter is red, is blue, that hold two or more
//! counters, and the dead hexes; each hex's stack as bits with the top counter lowest.

mod board;
mod movegen;
pub mod notation;
mod options;

pub use board::{Board, MAX_COUNTERS, board};
pub use options::{CellName, DEFAULT_RADIUS, EgOptions, MAX_RADIUS, MIN_RADIUS};

use crate::core::ending;
use crate::core::error::RulesError;
use crate::core::game::Game;
use crate::core::outcome::{Finish, Seat};
use crate::core::turn::Turn;
use crate::geometry::bits::{BITS, BitIter, Bits, has};
use board::{BLUE_TO_MOVE, COUNTER_KEYS, DEAD_KEYS};

/// Red, seat 0: moves first.
pub const RED: Seat = Seat(0);
/// Blue, seat 1.
pub const BLUE: Seat = Seat(1);

/// A stack with no counter: the sentinel bit alone (see [`Echelon::stack`]).
const EMPTY: u32 = 1;

/// Hex-indexed stacks, as the position text and the start build them ([`EMPTY`] = none).
type CellStacks = [u32; 128];

/// A move: the top counter of `from` slides to `to` (an empty hex, or a stomp).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EgMove {
    /// The hex the counter leaves.
    pub from: u8,
    /// The hex it ends on.
    pub to: u8,
}

impl crate::core::moves::Listed for EgMove {
    type Inline = [EgMove; crate::core::moves::INLINE_MOVES];
}

/// The board this position is played on; compared and printed by its radius.
#[derive(Clone, Copy)]
struct BoardRef(&'static Board);

impl PartialEq for BoardRef {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for BoardRef {}

impl std::fmt::Debug for BoardRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "radius {}", self.0.radius())
    }
}

/// A Gentleman's Echelon position with its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Echelon {
    /// Hexes whose top counter is red / blue.
    tops: [Bits; 2],
    /// Hexes holding two or more counters (their top is not free).
    tall: Bits,
    /// Dead hexes.
    dead: Bits,
    /// The stacks of the occupied hexes in hex index order (slot `k` is the `k`-th occupied
    /// hex; unused slots are 0), so a position copies in a few cache lines. A stack: bit 0
    /// is the top counter's colour (1 = blue), bit k the colour k counters below it, and
    /// one sentinel bit above the bottom counter. So the height is the sentinel's position
    /// and a pop is a shift right.
    stacks: [u32; MAX_COUNTERS],
    board: BoardRef,
    /// Side to move, plies, passes, hash and result.
    turn: Turn,
    options: EgOptions,
}

#[inline(always)]
fn height_of(stack: u32) -> u32 {
    31 - stack.leading_zeros()
}

/// The slot of hex `i` among the occupied hexes `occupied` (those of lower index before it).
#[inline(always)]
fn slot(occupied: Bits, i: usize) -> usize {
    (occupied & (BITS[i & 127] - 1)).count_ones() as usize
}

impl Echelon {
    /// The board (cells, names, rays).
    pub fn board(&self) -> &'static Board {
        self.board.0
    }
    /// The board radius.
    pub fn radius(&self) -> u8 {
        self.board.0.radius()
    }
    /// The hexes whose top counter is `seat`'s colour (the counters it can move).
    #[inline(always)]
    pub fn tops(&self, seat: Seat) -> Bits {
        self.tops[seat.index() & 1]
    }
    /// Every hex holding a counter.
    #[inline(always)]
    pub fn occupied(&self) -> Bits {
        self.tops[0] | self.tops[1]
    }
    /// The hexes holding two or more counters.
    #[inline(always)]
    pub fn tall(&self) -> Bits {
        self.tall
    }
    /// The dead hexes.
    #[inline(always)]
    pub fn dead(&self) -> Bits {
        self.dead
    }
    /// The number of counters on hex `i`.
    #[inline(always)]
    pub fn height(&self, i: usize) -> u32 {
        height_of(self.cell_stack(i))
    }
    /// The stack on hex `i` as bits (see the `stacks` field), [`EMPTY`] for none.
    #[inline(always)]
    fn cell_stack(&self, i: usize) -> u32 {
        let occupied = self.occupied();
        if has(occupied, i & 127) { self.stacks[slot(occupied, i) % MAX_COUNTERS] } else { EMPTY }
    }
    /// The colours of the stack on hex `i`, bottom to top.
    pub fn stack(&self, i: usize) -> Vec<Seat> {
        let mut colours: Vec<Seat> = self.stack_from_top(i).collect();
        colours.reverse();
        colours
    }
    /// The colours of the stack on hex `i`, top first, without allocating.
    pub fn stack_from_top(&self, i: usize) -> impl Iterator<Item = Seat> + use<> {
        let s = self.cell_stack(i);
        (0..height_of(s)).map(move |k| Seat(((s >> k) & 1) as u8))
    }
    /// The counters of `seat` on the board, wherever they are in their stacks.
    pub fn counters(&self, seat: Seat) -> u32 {
        BitIter(self.occupied())
            .map(|i| {
                let s = self.cell_stack(i);
                let h = height_of(s);
                let blue = (s & ((1 << h) - 1)).count_ones();
                if seat == BLUE { blue } else { h - blue }
            })
            .sum()
    }
    /// `Σ (height − 1)` over the occupied hexes: the spec's potential, which every move
    /// either lowers by one or pays for by killing a hex.
    pub fn excess(&self) -> u32 {
        let total: u32 = BitIter(self.occupied()).map(|i| self.height(i)).sum();
        total - self.occupied().count_ones()
    }
    /// The number of moves `seat` would have if it were its turn.
    #[inline]
    pub fn mobility(&self, seat: Seat) -> u32 {
        movegen::count_for(self, seat.index() & 1)
    }
    /// The hexes the top counter on `from` can move to (as if its side were to move);
    /// empty for an empty hex.
    #[inline]
    pub fn destinations(&self, from: usize) -> Bits {
        if has(self.occupied(), from) { movegen::destinations_of(self, from & 127) } else { 0 }
    }
    /// Whether `seat` would have a move if it were its turn.
    #[inline]
    pub fn can_move(&self, seat: Seat) -> bool {
        let blocked = self.dead | !self.board.0.hex.mask();
        let occupied = self.occupied();
        for i in BitIter(self.tops[seat.index() & 1]) {
            let open = if has(self.tall, i) { !(blocked | occupied) } else { !blocked };
            if self.board.0.neighbors[i] & open != 0 {
                return true;
            }
        }
        false
    }

    /// The stacks hex by hex.
    fn cell_stacks(&self) -> CellStacks {
        let mut cells = [EMPTY; 128];
        for (k, i) in BitIter(self.occupied()).enumerate() {
            cells[i] = self.stacks[k];
        }
        cells
    }

    /// Builds a position from its parts, deriving the bitboards, hash and outcome. The
    /// caller has checked that the stacks lie on live hexes of the board and hold at most
    /// [`MAX_COUNTERS`] counters.
    fn from_parts(options: EgOptions, cells: CellStacks, dead: Bits, to_move: u8, ply: u32) -> Self {
        let board = board::board(options.radius);
        let (mut tops, mut tall) = ([0; 2], 0);
        let mut stacks = [0; MAX_COUNTERS];
        let mut k = 0;
        for (i, &s) in cells.iter().enumerate().take(board.hex.len()) {
            if s != EMPTY {
                tops[(s & 1) as usize] |= BITS[i];
                if height_of(s) >= 2 {
                    tall |= BITS[i];
                }
                stacks[k] = s;
                k += 1;
            }
        }
        let mut game =
            Echelon { tops, tall, dead, stacks, board: BoardRef(board), turn: Turn::new(to_move, ply, 0), options };
        game.turn.hash = game.hash_from_scratch();
        game.turn.finish = game.judge();
        game
    }

    /// The result once the side to move has no move (it loses) or the ply cap is hit.
    #[inline]
    fn judge(&self) -> Option<Finish> {
        if !self.can_move(Seat(self.turn.to_move)) {
            return Some(Finish::winner(2, Seat(self.turn.to_move ^ 1)));
        }
        if ending::capped(self.turn.ply, self.options.max_plies) {
            return Some(Finish::DRAW);
        }
        None
    }
}

impl Game for Echelon {
    type Move = EgMove;
    type Options = EgOptions;
    type Generator = movegen::Movegen;
    type Notation = notation::Text;
    const NAME: &'static str = "echelon";

    fn new(options: &EgOptions) -> Result<Self, RulesError> {
        if !(MIN_RADIUS..=MAX_RADIUS).contains(&options.radius) {
            return Err(RulesError::BadValue {
                key: "ge.radius".into(),
                value: options.radius.to_string(),
                expected: format!("{MIN_RADIUS} to {MAX_RADIUS}"),
            });
        }
        if options.stack_height != 6 && options.stack_height != 10 {
            return Err(RulesError::BadValue {
                key: "ge.stack_height".into(),
                value: options.stack_height.to_string(),
                expected: "6 or 10".into(),
            });
        }
        let board = board::board(options.radius);
        let cells = options.stack_hexes()?;
        let mut stacks = [EMPTY; 128];
        for (top, cell) in cells.into_iter().enumerate() {
            let i = board.hex.index(cell).expect("stack_hexes resolves on the board");
            if stacks[i] != EMPTY {
                return Err(RulesError::BadValue {
                    key: "ge.stack_cells".into(),
                    value: board.hex.name(i),
                    expected: "two different hexes".into(),
                });
            }
            // Alternating colours with `top`'s colour on top: pushed bottom first.
            let mut s = EMPTY;
            for level in 0..options.stack_height as u32 {
                let colour = (top as u32 + options.stack_height as u32 - 1 - level) & 1;
                s = (s << 1) | colour;
            }
            stacks[i] = s;
        }
        Ok(Echelon::from_parts(*options, stacks, 0, 0, 0))
    }

    fn options(&self) -> &EgOptions {
        &self.options
    }

    fn set_options(&mut self, options: &EgOptions) -> Result<(), RulesError> {
        if options.radius != self.options.radius {
            return Err(RulesError::BadValue {
                key: "ge.radius".into(),
                value: options.radius.to_string(),
                expected: format!("{} (the position's board)", self.options.radius),
            });
        }
        let counters = self.counters(RED);
        if options.stack_height as u32 != counters {
            return Err(RulesError::BadValue {
                key: "ge.stack_height".into(),
                value: options.stack_height.to_string(),
                expected: format!("{counters} (the counters a side in the position)"),
            });
        }
        options.stack_hexes()?;
        *self = Echelon::from_parts(*options, self.cell_stacks(), self.dead, self.turn.to_move, self.turn.ply);
        Ok(())
    }

    fn turn(&self) -> &Turn {
        &self.turn
    }

    fn play(&mut self, mv: EgMove) {
        debug_assert!(self.turn.finish.is_none(), "play after the end of the game");
        let (from, to) = (mv.from as usize & 127, mv.to as usize & 127);
        let colour = self.turn.to_move as usize;
        debug_assert!(has(self.tops[colour], from), "no own top counter on the from hex");
        debug_assert!(!has(self.dead, to) && from != to, "a move onto a dead hex");
        let (fb, tb) = (BITS[from], BITS[to]);
        let occupied = self.occupied();
        let sf = slot(occupied, from) % MAX_COUNTERS;
        let s = self.stacks[sf];
        let hf = height_of(s);
        debug_assert!(hf == 1 || !has(occupied, to), "a stack top stomps");
        self.turn.hash ^= COUNTER_KEYS[from][(hf - 1) as usize % MAX_COUNTERS][colour];
        let rest = s >> 1;
        self.tops[colour] &= !fb;
        let stomp = has(occupied, to);
        if hf == 1 {
            self.dead |= fb;
            self.turn.hash ^= DEAD_KEYS[from];
        } else {
            self.tops[(rest & 1) as usize] |= fb;
            if hf == 2 {
                self.tall &= !fb;
            }
        }
        if stomp {
            // A lone counter stomps: its slot goes, the stack on `to` grows.
            let st = slot(occupied, to) % MAX_COUNTERS;
            let t = self.stacks[st];
            let ht = height_of(t);
            self.turn.hash ^= COUNTER_KEYS[to][ht as usize % MAX_COUNTERS][colour];
            self.stacks[st] = (t << 1) | colour as u32;
            self.stacks.copy_within(sf + 1.., sf);
            self.stacks[MAX_COUNTERS - 1] = 0;
            self.tops[colour ^ 1] &= !tb;
            self.tall |= tb;
        } else {
            self.turn.hash ^= COUNTER_KEYS[to][0][colour];
            let lone = (EMPTY << 1) | colour as u32;
            if hf == 1 {
                // The slot moves from `from`'s place in index order to `to`'s.
                let st = slot(occupied & !fb, to) % MAX_COUNTERS;
                if st > sf {
                    self.stacks.copy_within(sf + 1..=st, sf);
                } else if st < sf {
                    self.stacks.copy_within(st..sf, st + 1);
                }
                self.stacks[st] = lone;
            } else {
                self.stacks[sf] = rest;
                let st = slot(occupied, to) % MAX_COUNTERS;
                self.stacks.copy_within(st..MAX_COUNTERS - 1, st + 1);
                self.stacks[st] = lone;
            }
        }
        self.tops[colour] |= tb;
        self.turn.to_move ^= 1;
        self.turn.hash ^= BLUE_TO_MOVE;
        self.turn.ply += 1;
        // The game was running, so the outcome is written only when it ends.
        if let Some(outcome) = self.judge() {
            self.turn.finish = Some(outcome);
        }
    }

    /// The side to move is stuck (tested before the cap, as the rules judge), or the ply cap.
    fn end_reason(&self) -> Option<String> {
        self.turn.finish?;
        let seat = Seat(self.turn.to_move);
        if !self.can_move(seat) {
            let colour = if seat == RED { "red" } else { "blue" };
            return Some(format!("seat {seat}, {colour}, has no move"));
        }
        ending::shared_reason(&self.turn, 2, self.options.max_plies)
    }

    /// Every game ends with a winner: each move kills a hex or lowers the counters lying
    /// under others, and a stuck seat loses. Only the engine-safety `max_plies` draws.
    fn can_draw(&self) -> bool {
        self.options.max_plies.is_some()
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut h = if self.turn.to_move == 1 { BLUE_TO_MOVE } else { 0 };
        for (k, i) in BitIter(self.occupied()).enumerate() {
            let s = self.stacks[k];
            let height = height_of(s);
            for level in 0..height {
                let colour = (s >> (height - 1 - level)) & 1;
                h ^= COUNTER_KEYS[i][level as usize][colour as usize];
            }
        }
        for i in BitIter(self.dead) {
            h ^= DEAD_KEYS[i];
        }
        h
    }
}

#[cfg(test)]
mod tests;
