//! Turn generation: movements by a short depth-first walk over steps and jumps with
//! bitboards of the cells a unit may land on, guard exchanges after them and alone
//! ([`super::exchange`]), `pass` when there is nothing else. One walker serves listing and
//! counting through a [`Sink`].

use super::board::{CELLS, MAX_SEATS, TABLES, Tables};
use super::exchange;
use super::sink::{MoveCounter, MoveLister, Sink};
use super::unit::Unit;
use super::{E, EMove, PIECES, Slot, seat_of, size_of};
use crate::core::moves::MoveList;
use crate::geometry::bits::{BITS, BitIter, Bits};
use crate::geometry::hex::NONE;

/// The six directions of the board, 0 to 5, as [`Tables::step`] and [`Tables::jump`] count
/// them.
const DIRECTIONS: usize = 6;

/// The direction a path came in before its first step or jump: none of the six.
const NO_DIRECTION: usize = DIRECTIONS;

/// The farthest distance [`Tables::reach`] holds, as far as any movement goes.
const FARTHEST: usize = 6;

/// Appends the turns of the side to move.
pub(super) fn generate(game: &E, out: &mut MoveList<EMove>) {
    let before = out.len();
    let mut sink = MoveLister(out);
    turns(game, &mut sink);
    if sink.0.len() == before {
        sink.0.push(EMove::PASS);
    }
}

/// Counts the turns of the side to move.
pub(super) fn count(game: &E) -> usize {
    let mut sink = MoveCounter(0);
    turns(game, &mut sink);
    sink.0.max(1)
}

/// What every unit of one position shares.
struct Walker<'a> {
    game: &'a E,
    tables: &'a Tables,
    /// The side to move.
    mover: usize,
    /// Per seat, the cells of its Home where it has a piece (landings there need a look).
    home_present: [Bits; MAX_SEATS],
    jump_cost: u8,
    straight_only: bool,
}

/// The cells the piece `piece` of the side to move can end a movement on (it is
/// uncovered).
pub(super) fn destinations_of(game: &E, piece: u8) -> Bits {
    let walker = Walker::new(game);
    walker.destinations(&walker.unit(piece))
}

fn turns(game: &E, sink: &mut impl Sink) {
    let walker = Walker::new(game);
    let first = walker.mover * PIECES;
    if game.options.ge2_must_unstack {
        // Only movements off the mover's own colour, while there is one.
        for piece in first..first + PIECES {
            let piece = piece as u8;
            let under = game.below[piece as usize];
            if game.cell[piece as usize] != NONE
                && under != NONE
                && seat_of(under) as usize == walker.mover
                && !game.covered(piece)
            {
                walker.unit_turns(piece, sink);
            }
        }
        if sink.any() {
            return;
        }
    }
    for piece in first..first + PIECES {
        let piece = piece as u8;
        if game.cell[piece as usize] != NONE && !game.covered(piece) {
            walker.unit_turns(piece, sink);
        }
    }
    exchange::standalone(game, sink);
}

/// One legal path of the movement `mv` in `game`, the position before it: the cells landed
/// on between its from cell and its to cell, in order; `None` if `mv` has no such movement.
pub(super) fn movement_path(game: &E, mv: EMove) -> Option<Vec<usize>> {
    let walker = Walker::new(game);
    let piece = game.piece_in(mv.from)?;
    if seat_of(piece) as usize != walker.mover {
        return None;
    }
    let unit = walker.unit(piece);
    let (from, size) = (unit.from.cell as usize, size_of(unit.piece));
    let landable = walker.landable(&unit, walker.reach(&unit));
    let jumpable = walker.jumpable(&unit);
    let mut path = Vec::new();
    let goal = PathGoal { landable, jumpable, to: mv.to as usize };
    walker.find_path(from, size, BITS[from], NO_DIRECTION, &goal, &mut path).then_some(path)
}

/// What [`Walker::find_path`] looks for: the movement's landing cells, the occupied cells
/// it may jump over, and its to cell.
struct PathGoal {
    landable: Bits,
    jumpable: Bits,
    to: usize,
}

impl<'a> Walker<'a> {
    /// The walker of the side to move in `game`.
    fn new(game: &'a E) -> Self {
        let tables = &*TABLES;
        let mut home_present = [0; MAX_SEATS];
        for (s, present) in home_present.iter_mut().enumerate().take(game.seats as usize) {
            *present = game.present[s] & tables.home[game.sectors[s] as usize];
        }
        Walker {
            game,
            tables,
            mover: game.turn.to_move as usize,
            home_present,
            jump_cost: game.options.jump_cost,
            straight_only: game.options.straight_line_only,
        }
    }

    /// The movements of `piece`'s unit, each followed by the exchanges it allows.
    fn unit_turns(&self, piece: u8, sink: &mut impl Sink) {
        let game = self.game;
        let unit = self.unit(piece);
        let destinations = self.destinations(&unit);
        if destinations == 0 {
            return;
        }
        sink.movements(unit.from, destinations);
        for to in BitIter(destinations & game.occupied) {
            if self.may_trap(&unit, to) {
                exchange::after_movement(game, &unit, to, sink);
            }
        }
    }

    /// Whether landing on `to` puts one of the mover's pieces of the unit over a piece of
    /// another seat that it covers: the only way a movement makes an exchange possible.
    #[inline]
    fn may_trap(&self, unit: &Unit, to: usize) -> bool {
        self.game
            .stack_pieces(to)
            .any(|q| seat_of(q) as usize != self.mover && self.game.options.covers(unit.largest_own, size_of(q)))
    }

    /// The unit of `piece`.
    fn unit(&self, piece: u8) -> Unit {
        let game = self.game;
        let from = Slot { cell: game.cell[piece as usize], level: game.level[piece as usize] };
        let size = size_of(piece);
        if game.above[piece as usize] == NONE {
            // A lone top piece: the common case.
            let mut others = [size; MAX_SEATS];
            others[self.mover] = 0;
            return Unit {
                piece,
                from,
                largest_of_others: others,
                trapped_seats: 0,
                largest_own: size,
                piece_count: 1,
            };
        }
        // From the top of the stack down to `piece`: each piece is trapped by the largest
        // piece of another seat above it.
        let mut largest = [0u8; MAX_SEATS];
        let mut trapped_seats = 0u8;
        let mut piece_count = 0;
        let mut q = game.top[from.cell as usize];
        loop {
            let s = seat_of(q) as usize;
            if game.options.covers(largest_except(&largest, s), size_of(q)) {
                trapped_seats |= 1 << s;
            }
            largest[s] = largest[s].max(size_of(q));
            piece_count += 1;
            if q == piece {
                break;
            }
            q = game.below[q as usize];
        }
        let mut others = [0u8; MAX_SEATS];
        for (s, m) in others.iter_mut().enumerate() {
            *m = largest_except(&largest, s);
        }
        Unit { piece, from, largest_of_others: others, trapped_seats, largest_own: largest[self.mover], piece_count }
    }

    /// The cells of `region` where the unit may land: not topped by the mover, within the
    /// stack limit, and leaving the stack home-safe.
    fn landable(&self, unit: &Unit, region: Bits) -> Bits {
        let (game, tables) = (self.game, self.tables);
        let mut landable = region & !game.tops[self.mover];
        if let Some(limit) = game.options.stack_limit {
            if unit.piece_count > limit {
                return 0;
            }
            for c in BitIter(landable & game.occupied) {
                if game.height[c] + unit.piece_count > limit {
                    landable &= !BITS[c];
                }
            }
        }
        for s in BitIter(unit.trapped_seats as Bits) {
            landable &= !tables.home[game.sectors[s] as usize];
        }
        let mut danger = 0;
        for s in 0..game.seats as usize {
            if unit.largest_of_others[s] > 0 {
                danger |= self.home_present[s];
            }
        }
        for c in BitIter(landable & danger) {
            let homes = tables.home_of[c];
            let unsafe_landing = game.stack_pieces(c).any(|q| {
                let s = seat_of(q) as usize;
                homes & (1 << game.sectors[s]) != 0 && game.options.covers(unit.largest_of_others[s], size_of(q))
            });
            if unsafe_landing {
                landable &= !BITS[c];
            }
        }
        landable
    }

    /// The occupied cells the unit may jump over: its origin only if pieces stay below it.
    fn jumpable(&self, unit: &Unit) -> Bits {
        let game = self.game;
        if game.below[unit.piece as usize] == NONE {
            game.occupied & !BITS[unit.from.cell as usize]
        } else {
            game.occupied
        }
    }

    /// The cells the unit may end on by distance: as many steps as its piece's size,
    /// twice as far when jumps cost 1.
    fn reach(&self, unit: &Unit) -> Bits {
        let size = size_of(unit.piece) as usize;
        let distance = if self.jump_cost == 1 { 2 * size } else { size };
        self.tables.reach[unit.from.cell as usize][distance.min(FARTHEST)]
    }

    /// Every cell the unit can end on after a path of exactly its piece's size.
    fn destinations(&self, unit: &Unit) -> Bits {
        let landable = self.landable(unit, self.reach(unit));
        if landable == 0 {
            return 0;
        }
        let from = unit.from.cell as usize;
        let mut destinations = 0;
        self.walk(
            from,
            size_of(unit.piece),
            BITS[from],
            NO_DIRECTION,
            landable,
            self.jumpable(unit),
            &mut destinations,
        );
        destinations
    }

    /// The directions a path at `pos` may go on in, each with the cell one step that way:
    /// all six, or on straight lines only `last` (unless it is [`NO_DIRECTION`]), and only
    /// onto the board.
    #[inline(always)]
    fn directions(&self, pos: usize, last: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let only = (self.straight_only && last != NO_DIRECTION).then_some(last);
        (0..DIRECTIONS)
            .filter(move |&dir| only.is_none_or(|l| l == dir))
            .map(move |dir| (dir, self.tables.step[pos][dir] as usize))
            .filter(|&(_, step)| step < CELLS)
    }

    /// The walk of [`walk`](Walker::walk) that stops at the first path ending on `goal.to`,
    /// keeping the cells landed on before it in `path`; whether it found one.
    fn find_path(
        &self,
        pos: usize,
        left: u8,
        visited: Bits,
        last: usize,
        goal: &PathGoal,
        path: &mut Vec<usize>,
    ) -> bool {
        let tables = self.tables;
        let open = goal.landable & !visited;
        for (dir, step) in self.directions(pos, last) {
            // The step, then the jump over the step's cell if it is occupied.
            let mut hops = [(step, 1, open & BITS[step] != 0), (NONE as usize, self.jump_cost, false)];
            if left >= self.jump_cost && goal.jumpable & BITS[step] != 0 {
                let jump = tables.jump[pos][dir] as usize;
                hops[1] = (jump, self.jump_cost, jump < CELLS && open & BITS[jump] != 0);
            }
            for (cell, cost, lands) in hops {
                if !lands || cost > left {
                    continue;
                }
                if cost == left {
                    if cell == goal.to {
                        return true;
                    }
                    continue;
                }
                path.push(cell);
                if self.find_path(cell, left - cost, visited | BITS[cell], dir, goal, path) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }

    /// Extends a path at `pos` with `left` to spend, having come in direction `last`
    /// ([`NO_DIRECTION`] at the start), landing only on `landable` cells and jumping only
    /// over `jumpable` ones; adds the cells where it can end to `destinations`.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        pos: usize,
        left: u8,
        visited: Bits,
        last: usize,
        landable: Bits,
        jumpable: Bits,
        destinations: &mut Bits,
    ) {
        let tables = self.tables;
        let open = landable & !visited;
        if left == 1 && !self.straight_only {
            *destinations |= tables.neighbors[pos] & open;
            if self.jump_cost == 1 {
                for dir in 0..DIRECTIONS {
                    let (step, jump) = (tables.step[pos][dir], tables.jump[pos][dir]);
                    if jump != NONE && jumpable & BITS[step as usize] != 0 {
                        *destinations |= BITS[jump as usize] & open;
                    }
                }
            }
            return;
        }
        for (dir, step) in self.directions(pos, last) {
            if open & BITS[step] != 0 {
                if left == 1 {
                    *destinations |= BITS[step];
                } else {
                    self.walk(step, left - 1, visited | BITS[step], dir, landable, jumpable, destinations);
                }
            }
            if left >= self.jump_cost && jumpable & BITS[step] != 0 {
                let jump = tables.jump[pos][dir] as usize;
                if jump < CELLS && open & BITS[jump] != 0 {
                    if left == self.jump_cost {
                        *destinations |= BITS[jump];
                    } else {
                        self.walk(
                            jump,
                            left - self.jump_cost,
                            visited | BITS[jump],
                            dir,
                            landable,
                            jumpable,
                            destinations,
                        );
                    }
                }
            }
        }
    }
}

/// The largest of `largest` (a size per seat) over the seats other than `seat`.
#[inline(always)]
fn largest_except(largest: &[u8; MAX_SEATS], seat: usize) -> u8 {
    let mut m = 0;
    for (s, &v) in largest.iter().enumerate() {
        if s != seat && v > m {
            m = v;
        }
    }
    m
}

/// The move generator of this game for [`Game`](crate::core::game::Game).
pub struct Movegen;

impl crate::core::game::Generator<E> for Movegen {
    #[inline]
    fn generate(game: &E, out: &mut MoveList<<E as crate::core::game::Game>::Move>) {
        generate(game, out);
    }

    #[inline]
    fn count(game: &E) -> usize {
        count(game)
    }
}
