//! Turn generation: movements by a short depth-first walk over steps and jumps with
//! bitboards of the cells a unit may land on, guard exchanges after them and alone
//! ([`super::exchange`]), `pass` when there is nothing else. One walker serves listing and
//! counting through [`Sink`].

use super::board::{CELLS, MAX_SEATS, TABLES, Tables};
use super::exchange;
use super::{E, EMove, PIECES, Slot, seat_of, size_of};
use crate::core::moves::MoveList;
use crate::geometry::bits::{BITS, BitIter, Bits};
use crate::geometry::hex::NONE;

/// Where generated turns go.
pub(super) trait Sink {
    /// The movements of the piece at `from` to each cell of `dests`.
    fn movements(&mut self, from: Slot, dests: Bits);
    /// One turn.
    fn turn(&mut self, mv: EMove);
    /// Whether any turn came so far.
    fn any(&self) -> bool;
}

struct Lister<'a>(&'a mut MoveList<EMove>);

impl Sink for Lister<'_> {
    #[inline]
    fn movements(&mut self, from: Slot, dests: Bits) {
        for t in BitIter(dests) {
            self.0.push(EMove::movement(from, t as u8));
        }
    }
    #[inline]
    fn turn(&mut self, mv: EMove) {
        self.0.push(mv);
    }
    fn any(&self) -> bool {
        !self.0.is_empty()
    }
}

struct Counter(usize);

impl Sink for Counter {
    #[inline]
    fn movements(&mut self, _from: Slot, dests: Bits) {
        self.0 += dests.count_ones() as usize;
    }
    #[inline]
    fn turn(&mut self, _mv: EMove) {
        self.0 += 1;
    }
    fn any(&self) -> bool {
        self.0 != 0
    }
}

/// Appends the turns of the side to move.
pub(super) fn generate(g: &E, out: &mut MoveList<EMove>) {
    let before = out.len();
    let mut sink = Lister(out);
    turns(g, &mut sink);
    if sink.0.len() == before {
        sink.0.push(EMove::PASS);
    }
}

/// Counts the turns of the side to move.
pub(super) fn count(g: &E) -> usize {
    let mut sink = Counter(0);
    turns(g, &mut sink);
    sink.0.max(1)
}

/// A moving unit: an uncovered piece `x` of the mover and everything above it.
pub(super) struct Unit {
    pub x: u8,
    pub from: Slot,
    /// The largest size in the unit of a seat other than each seat (0: none).
    pub max_excl: [u8; MAX_SEATS],
    /// Seats with a piece the unit's own pieces already trap.
    pub trapped_seats: u8,
    /// The largest of the mover's pieces in the unit.
    pub own_max: u8,
    pub len: u8,
}

/// What every unit of one position shares.
struct Walk<'a> {
    g: &'a E,
    t: &'a Tables,
    me: usize,
    /// Per seat, the cells of its Home where it has a piece (landings there need a look).
    home_present: [Bits; MAX_SEATS],
    jump_cost: u8,
    straight: bool,
}

/// The cells the piece `x` of the side to move can end a movement on (it is uncovered).
pub(super) fn destinations_of(g: &E, x: u8) -> Bits {
    let w = Walk::new(g);
    w.destinations(&w.unit(x))
}

fn turns(g: &E, sink: &mut impl Sink) {
    let w = Walk::new(g);
    let me = w.me;
    let first = me * PIECES;
    if g.options.ge2_must_unstack {
        // Only movements off the mover's own colour, while there is one.
        for x in first..first + PIECES {
            let x = x as u8;
            let under = g.below[x as usize];
            if g.cell[x as usize] != NONE && under != NONE && seat_of(under) as usize == me && !g.covered(x) {
                w.unit_turns(x, sink);
            }
        }
        if sink.any() {
            return;
        }
    }
    for x in first..first + PIECES {
        let x = x as u8;
        if g.cell[x as usize] != NONE && !g.covered(x) {
            w.unit_turns(x, sink);
        }
    }
    exchange::standalone(g, sink);
}

/// One legal path of the movement `mv` in `g`, the position before it: the cells landed on
/// between its from cell and its to cell, in order; `None` if `mv` has no such movement.
pub(super) fn movement_path(g: &E, mv: EMove) -> Option<Vec<usize>> {
    let w = Walk::new(g);
    let x = g.piece_in(mv.from)?;
    if seat_of(x) as usize != w.me {
        return None;
    }
    let u = w.unit(x);
    let (from, size) = (u.from.cell as usize, size_of(u.x));
    let reach = if w.jump_cost == 1 { 2 * size } else { size };
    let land = w.landable(&u, w.t.reach[from][reach.min(6) as usize]);
    let occ = if g.below[u.x as usize] == NONE { g.occupied & !BITS[from] } else { g.occupied };
    let mut path = Vec::new();
    let target = Target { land, occ, to: mv.to as usize };
    w.find(from, size, BITS[from], 6, &target, &mut path).then_some(path)
}

/// What [`Walk::find`] looks for: the movement's landing cells, the occupied cells it may
/// jump over, and its to cell.
struct Target {
    land: Bits,
    occ: Bits,
    to: usize,
}

impl<'a> Walk<'a> {
    /// The walker of the side to move in `g`.
    fn new(g: &'a E) -> Self {
        let t = &*TABLES;
        let mut home_present = [0; MAX_SEATS];
        for (s, hp) in home_present.iter_mut().enumerate().take(g.seats as usize) {
            *hp = g.present[s] & t.home[g.sectors[s] as usize];
        }
        let me = g.turn.to_move as usize;
        Walk { g, t, me, home_present, jump_cost: g.options.jump_cost, straight: g.options.straight_line_only }
    }

    /// The movements of `x`'s unit, each followed by the exchanges it allows.
    fn unit_turns(&self, x: u8, sink: &mut impl Sink) {
        let g = self.g;
        let u = self.unit(x);
        let dests = self.destinations(&u);
        if dests == 0 {
            return;
        }
        sink.movements(u.from, dests);
        for to in BitIter(dests & g.occupied) {
            if self.may_trap(&u, to) {
                exchange::after_movement(g, &u, to, sink);
            }
        }
    }

    /// Whether landing on `to` puts one of the mover's pieces of the unit over a piece of
    /// another seat that it covers: the only way a movement makes an exchange possible.
    #[inline]
    fn may_trap(&self, u: &Unit, to: usize) -> bool {
        self.g.stack_pieces(to).any(|q| seat_of(q) as usize != self.me && self.g.options.covers(u.own_max, size_of(q)))
    }

    /// The unit of piece `x`.
    fn unit(&self, x: u8) -> Unit {
        let g = self.g;
        let from = Slot { cell: g.cell[x as usize], level: g.level[x as usize] };
        let size = size_of(x);
        if g.above[x as usize] == NONE {
            // A lone top piece: the common case.
            let mut max_excl = [size; MAX_SEATS];
            max_excl[self.me] = 0;
            return Unit { x, from, max_excl, trapped_seats: 0, own_max: size, len: 1 };
        }
        // From the top of the stack down to x: each piece is trapped by the largest piece
        // of another seat above it.
        let mut seen = [0u8; MAX_SEATS];
        let mut trapped_seats = 0u8;
        let mut len = 0;
        let mut q = g.top[from.cell as usize];
        loop {
            let s = seat_of(q) as usize;
            if g.options.covers(max_other(&seen, s), size_of(q)) {
                trapped_seats |= 1 << s;
            }
            seen[s] = seen[s].max(size_of(q));
            len += 1;
            if q == x {
                break;
            }
            q = g.below[q as usize];
        }
        let mut max_excl = [0u8; MAX_SEATS];
        for (s, m) in max_excl.iter_mut().enumerate() {
            *m = max_other(&seen, s);
        }
        Unit { x, from, max_excl, trapped_seats, own_max: seen[self.me], len }
    }

    /// The cells of `region` where the unit may land: not topped by the mover, within the
    /// stack limit, and leaving the stack home-safe.
    fn landable(&self, u: &Unit, region: Bits) -> Bits {
        let (g, t) = (self.g, self.t);
        let mut land = region & !g.tops[self.me];
        if let Some(k) = g.options.stack_limit {
            if u.len > k {
                return 0;
            }
            for c in BitIter(land & g.occupied) {
                if g.height[c] + u.len > k {
                    land &= !BITS[c];
                }
            }
        }
        for s in BitIter(u.trapped_seats as Bits) {
            land &= !t.home[g.sectors[s] as usize];
        }
        let mut danger = 0;
        for s in 0..g.seats as usize {
            if u.max_excl[s] > 0 {
                danger |= self.home_present[s];
            }
        }
        for c in BitIter(land & danger) {
            let homes = t.home_of[c];
            let unsafe_landing = g.stack_pieces(c).any(|q| {
                let s = seat_of(q) as usize;
                homes & (1 << g.sectors[s]) != 0 && g.options.covers(u.max_excl[s], size_of(q))
            });
            if unsafe_landing {
                land &= !BITS[c];
            }
        }
        land
    }

    /// Every cell the unit can end on after a path of exactly its piece's size.
    fn destinations(&self, u: &Unit) -> Bits {
        let g = self.g;
        let from = u.from.cell as usize;
        let size = size_of(u.x);
        let reach = if self.jump_cost == 1 { 2 * size } else { size };
        let land = self.landable(u, self.t.reach[from][reach.min(6) as usize]);
        if land == 0 {
            return 0;
        }
        // The origin counts as occupied for jumps only if pieces stay below the unit.
        let occ = if g.below[u.x as usize] == NONE { g.occupied & !BITS[from] } else { g.occupied };
        let mut dests = 0;
        self.walk(from, size, BITS[from], 6, land, occ, &mut dests);
        dests
    }

    /// The directions a path at `pos` may go on in, each with the cell one step that way:
    /// all six, or on straight lines only `last` (6: none yet), and only onto the board.
    #[inline(always)]
    fn steps(&self, pos: usize, last: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let only = (self.straight && last < 6).then_some(last);
        (0..6)
            .filter(move |&d| only.is_none_or(|l| l == d))
            .map(move |d| (d, self.t.step[pos][d] as usize))
            .filter(|&(_, s)| s < CELLS)
    }

    /// The walk of [`walk`](Walk::walk) that stops at the first path ending on `goal.to`,
    /// keeping the cells landed on before it in `path`; whether it found one.
    fn find(&self, pos: usize, left: u8, visited: Bits, last: usize, goal: &Target, path: &mut Vec<usize>) -> bool {
        let t = self.t;
        let open = goal.land & !visited;
        for (d, s) in self.steps(pos, last) {
            let mut hops = [(s, 1, open & BITS[s] != 0), (NONE as usize, self.jump_cost, false)];
            if left >= self.jump_cost && goal.occ & BITS[s] != 0 {
                let j = t.jump[pos][d] as usize;
                hops[1] = (j, self.jump_cost, j < CELLS && open & BITS[j] != 0);
            }
            for (cell, cost, ok) in hops {
                if !ok || cost > left {
                    continue;
                }
                if cost == left {
                    if cell == goal.to {
                        return true;
                    }
                    continue;
                }
                path.push(cell);
                if self.find(cell, left - cost, visited | BITS[cell], d, goal, path) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }

    /// Extends a path at `pos` with `left` to spend; `last` is the previous direction (6:
    /// none).
    #[allow(clippy::too_many_arguments)]
    fn walk(&self, pos: usize, left: u8, visited: Bits, last: usize, land: Bits, occ: Bits, dests: &mut Bits) {
        let t = self.t;
        let open = land & !visited;
        if left == 1 && !self.straight {
            *dests |= t.neighbors[pos] & open;
            if self.jump_cost == 1 {
                for d in 0..6 {
                    let (s, j) = (t.step[pos][d], t.jump[pos][d]);
                    if j != NONE && occ & BITS[s as usize] != 0 {
                        *dests |= BITS[j as usize] & open;
                    }
                }
            }
            return;
        }
        for (d, s) in self.steps(pos, last) {
            if open & BITS[s] != 0 {
                if left == 1 {
                    *dests |= BITS[s];
                } else {
                    self.walk(s, left - 1, visited | BITS[s], d, land, occ, dests);
                }
            }
            if left >= self.jump_cost && occ & BITS[s] != 0 {
                let j = t.jump[pos][d] as usize;
                if j < CELLS && open & BITS[j] != 0 {
                    if left == self.jump_cost {
                        *dests |= BITS[j];
                    } else {
                        self.walk(j, left - self.jump_cost, visited | BITS[j], d, land, occ, dests);
                    }
                }
            }
        }
    }
}

/// The largest of `seen` over the seats other than `seat`.
#[inline(always)]
fn max_other(seen: &[u8; MAX_SEATS], seat: usize) -> u8 {
    let mut m = 0;
    for (s, &v) in seen.iter().enumerate() {
        if s != seat && v > m {
            m = v;
        }
    }
    m
}

/// The move generator of this game for [`Game`].
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
