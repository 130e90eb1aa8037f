//! Guard exchanges (spec §4.2). A pair is a guard Ga of the mover A that traps a piece of
//! another seat B, and a guard Gb of B that traps a piece of A; the exchange swaps their
//! slots. After a movement, Ga rides in the moved unit and its trap lies under the unit;
//! alone, any pair (or, with `previous_move_only`, a pair the last movement made). Both
//! touched stacks must stay home-safe, and with `e.ge1_no_new_traps` no piece may become
//! trapped. Exchanges are rare, so they are checked on a copy of the position.

use super::sink::Sink;
use super::unit::Unit;
use super::{E, EMove, PIECES, Slot, Standalone, seat_of, size_of};
use crate::geometry::bits::{BITS, BitIter, Bits};
use crate::geometry::hex::NONE;

impl E {
    /// The slot of piece `p`.
    #[inline]
    fn slot_of(&self, p: u8) -> Slot {
        Slot { cell: self.cell[p as usize], level: self.level[p as usize] }
    }

    /// The seats (a bit each) other than `g`'s with a piece below `g` that `g` covers, among
    /// the pieces below height `under` (0: all).
    fn trapped_by(&self, g: u8, under: u8) -> u8 {
        let (seat, size) = (seat_of(g), size_of(g));
        self.pieces_below(g)
            .filter(|&q| (under == 0 || self.level[q as usize] < under) && seat_of(q) != seat)
            .filter(|&q| self.options.covers(size, size_of(q)))
            .fold(0, |m, q| m | 1 << seat_of(q))
    }

    /// Whether the exchange of pieces `a` and `b` leaves both stacks home-safe and, with
    /// `e.ge1_no_new_traps`, traps no piece that was free.
    fn exchange_ok(&self, a: u8, b: u8) -> bool {
        let (sa, sb) = (self.slot_of(a), self.slot_of(b));
        let mut after = *self;
        after.swap_slots(sa, sb);
        let cells = [sa.cell as usize, sb.cell as usize];
        if !cells.iter().all(|&c| after.home_safe(c)) {
            return false;
        }
        if self.options.ge1_no_new_traps {
            for &c in &cells {
                if after.stack_pieces(c).any(|p| after.foreign_trapped(p) && !self.foreign_trapped(p)) {
                    return false;
                }
            }
        }
        true
    }

    /// The pieces of `seat` on cells of `cells`.
    fn seat_pieces_on(&self, seat: usize, cells: Bits) -> impl Iterator<Item = u8> + '_ {
        (seat * PIECES..(seat + 1) * PIECES)
            .map(|p| p as u8)
            .filter(move |&p| self.cell[p as usize] != NONE && cells & BITS[self.cell[p as usize] as usize] != 0)
    }
}

/// The exchanges that may follow the movement of unit `u` onto cell `to`.
pub(super) fn after_movement(g: &E, unit: &Unit, to: usize, sink: &mut impl Sink) {
    let me = g.turn.to_move as usize;
    let mut p = *g;
    let base = p.move_unit(unit.piece, to);
    // Gb lies above a piece of the mover: on a tall cell where the mover has a piece.
    let gb_cells = p.tall & p.present[me];
    let mut ga = p.top[to];
    while ga != NONE && p.level[ga as usize] >= base {
        if seat_of(ga) as usize == me {
            for b in BitIter(p.trapped_by(ga, base) as Bits) {
                for gb in p.seat_pieces_on(b, gb_cells) {
                    if p.trapped_by(gb, 0) & (1 << me) != 0 && p.exchange_ok(ga, gb) {
                        sink.turn(EMove { from: unit.from, to: to as u8, guard: p.slot_of(ga), other: p.slot_of(gb) });
                    }
                }
            }
        }
        ga = p.below[ga as usize];
    }
}

/// The stand-alone exchanges of the side to move.
pub(super) fn standalone(g: &E, sink: &mut impl Sink) {
    match g.options.standalone_exchange {
        Standalone::Off => {}
        Standalone::Any => any_pair(g, sink),
        Standalone::PreviousMoveOnly => previous_pairs(g, sink),
    }
}

/// Every pair of the position.
fn any_pair(g: &E, sink: &mut impl Sink) {
    let me = g.turn.to_move as usize;
    let gb_cells = g.tall & g.present[me];
    if gb_cells == 0 {
        return;
    }
    for ga in g.seat_pieces_on(me, g.tall) {
        for b in BitIter(g.trapped_by(ga, 0) as Bits) {
            for gb in g.seat_pieces_on(b, gb_cells) {
                if g.trapped_by(gb, 0) & (1 << me) != 0 && g.exchange_ok(ga, gb) {
                    sink.turn(EMove { from: Slot::NONE, to: NONE, guard: g.slot_of(ga), other: g.slot_of(gb) });
                }
            }
        }
    }
}

/// With `previous_move_only`, the pairs the previous turn's movement made. A pair is two
/// pieces, read right after that movement: P of the previous mover in the unit it brought,
/// trapping a piece of the side to move below that unit, and Q of the side to move,
/// trapping a piece of P's seat. Pieces keep their indices through the exchange that may
/// have ended that turn; the pair counts if Q and P still trap each other's colour.
fn previous_pairs(g: &E, sink: &mut impl Sink) {
    let unit = g.prev.landing;
    if unit.cell == NONE {
        return;
    }
    let me = g.turn.to_move as usize;
    let last = (me + g.seats as usize - 1) % g.seats as usize;
    // The position right after the movement: its exchange swapped back.
    let undone;
    let moved = match g.prev.exchange {
        [a, b] if a.cell != NONE => {
            let mut p = *g;
            p.swap_slots(a, b);
            undone = p;
            &undone
        }
        _ => g,
    };
    let guards_p = moved
        .seat_pieces_on(last, BITS[unit.cell as usize])
        .filter(|&p| moved.level[p as usize] >= unit.level && moved.trapped_by(p, unit.level) & (1 << me) != 0);
    for p in guards_p {
        if g.trapped_by(p, 0) & (1 << me) == 0 {
            continue;
        }
        for q in moved.seat_pieces_on(me, moved.tall) {
            let pair = moved.trapped_by(q, 0) & (1 << last) != 0 && g.trapped_by(q, 0) & (1 << last) != 0;
            if pair && g.exchange_ok(q, p) {
                sink.turn(EMove { from: Slot::NONE, to: NONE, guard: g.slot_of(q), other: g.slot_of(p) });
            }
        }
    }
}
