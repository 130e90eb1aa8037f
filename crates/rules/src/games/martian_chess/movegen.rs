//! Move generation for both games on one engine: for each piece of the mover's zone, the
//! squares it reaches (Martian piece movement or Coaster arrows, read from the board's
//! [`Topology`]), filtered by the landing rule (empty, another zone's piece, or a merge),
//! and by the no-reject rule. Destinations are unique by construction (bitboards), and bulk
//! counting is a popcount; Martian pawns and drones are counted for all pieces at once with
//! shifts.

use super::board::{E, N, NONE, S, SHIFT, Squares, Topology, W};
use super::options::{MoveModel, Variant};
use super::{Mc, McMove};
use crate::core::moves::MoveList;
use crate::geometry::bits::BitIter;

const ORTHOGONAL: [usize; 4] = [N, E, S, W];
const DIAGONAL: [usize; 4] = [1, 3, 5, 7];

#[inline(always)]
fn shift(b: Squares, d: usize) -> Squares {
    let s = SHIFT[d];
    if s > 0 { b << s } else { b >> -s }
}

/// The squares a queen on `from` reaches: each ray up to and including its first piece.
#[inline(always)]
fn queen_reach(t: &Topology, from: usize, occ: Squares) -> Squares {
    let mut reach = 0;
    for (d, &step) in SHIFT.iter().enumerate() {
        let ray = t.rays[d][from];
        let blockers = ray & occ;
        reach |= if blockers == 0 {
            ray
        } else {
            let first = if step > 0 { blockers.trailing_zeros() } else { 63 - blockers.leading_zeros() };
            ray ^ t.rays[d][first as usize]
        };
    }
    reach
}

/// The squares a drone on `from` reaches: one or two squares orthogonally, not jumping.
#[inline(always)]
fn drone_reach(t: &Topology, from: usize, occ: Squares) -> Squares {
    let mut reach = 0;
    for d in ORTHOGONAL {
        let n1 = t.neighbour[from][d];
        if n1 == NONE {
            continue;
        }
        let b = 1u64 << n1;
        reach |= b;
        if occ & b == 0 {
            let n2 = t.neighbour[n1 as usize][d];
            if n2 != NONE {
                reach |= 1u64 << n2;
            }
        }
    }
    reach
}

/// Martian Chess: the squares a piece of `size` on `from` reaches (first pieces included).
#[inline(always)]
fn martian_reach(t: &Topology, from: usize, size: u8, occ: Squares) -> Squares {
    match size {
        1 => t.diagonal[from],
        2 => drone_reach(t, from, occ),
        _ => queen_reach(t, from, occ),
    }
}

/// Coaster Chess, `path` model: every square within `size` arrow steps, walking only
/// through empty squares and never back onto the start (spec §6, breadth first).
#[inline(always)]
fn path_reach(t: &Topology, from: usize, size: u8, occ: Squares) -> Squares {
    let start = 1u64 << from;
    let (mut frontier, mut seen, mut reach) = (start, start, 0);
    for _ in 0..size {
        let mut next = 0;
        for x in BitIter(frontier) {
            next |= t.arrow_steps[x];
        }
        next &= !start;
        reach |= next;
        frontier = next & !occ & !seen;
        seen |= frontier;
        if frontier == 0 {
            break;
        }
    }
    reach
}

/// Coaster Chess, straight models: one direction (an arrow of the start square), up to
/// `size` squares; with `each`, every square left must carry the arrow too.
#[inline(always)]
fn straight_reach(t: &Topology, from: usize, size: u8, occ: Squares, each: bool) -> Squares {
    let mut reach = 0;
    for d in ORTHOGONAL {
        let arrow = super::board::arrow_bit(d);
        if t.arrows[from] & arrow == 0 {
            continue;
        }
        let mut x = from;
        for k in 0..size {
            if k > 0 && each && t.arrows[x] & arrow == 0 {
                break;
            }
            let y = t.neighbour[x][d];
            if y == NONE {
                break;
            }
            reach |= 1u64 << y;
            if occ & (1u64 << y) != 0 {
                break;
            }
            x = y as usize;
        }
    }
    reach
}

/// The squares the piece on `from` reaches before the landing and no-reject rules.
#[inline(always)]
pub(super) fn reach<V: Variant>(game: &Mc<V>, t: &Topology, from: usize, size: u8) -> Squares {
    if !V::COASTER {
        return martian_reach(t, from, size, game.occ);
    }
    match game.options.move_model {
        MoveModel::Path => path_reach(t, from, size, game.occ),
        MoveModel::StraightStart => straight_reach(t, from, size, game.occ, false),
        MoveModel::StraightEach => straight_reach(t, from, size, game.occ, true),
    }
}

/// What the mover may land on, per moving size (index 1 to 3): anything but its own
/// pieces, except the merges field promotion allows.
#[inline(always)]
fn landing<V: Variant>(game: &Mc<V>, own_zone: Squares) -> [Squares; 4] {
    let own = game.occ & own_zone;
    let free = !own;
    if !game.options.field_promotion {
        return [0, free, free, free];
    }
    let [pawns, drones, queens] = game.pieces.map(|p| p & own_zone);
    let no_queen = queens == 0;
    let no_drone = drones == 0;
    let pawn_onto = if no_queen { drones } else { 0 } | if no_drone { pawns } else { 0 };
    let drone_onto = if no_queen { pawns } else { 0 };
    [0, free | pawn_onto, free | drone_onto, free]
}

/// The move the no-reject rule forbids the mover, as (from square, to bit), or a square
/// no piece stands on.
#[inline(always)]
fn forbidden<V: Variant>(game: &Mc<V>) -> (usize, Squares) {
    match game.memory {
        [from, to] if from != NONE => (to as usize, 1u64 << from),
        _ => (64, 0),
    }
}

/// Calls `each(from, destinations)` for every piece of the mover with a move.
#[inline(always)]
fn for_each_piece<V: Variant>(game: &Mc<V>, mut each: impl FnMut(usize, Squares)) {
    let t = game.kind.topology();
    let own_zone = t.zones[game.turn.to_move as usize];
    let land = landing(game, own_zone);
    let (ban_from, ban_to) = forbidden(game);
    for (k, &pieces) in game.pieces.iter().enumerate() {
        let size = k as u8 + 1;
        for from in BitIter(pieces & own_zone) {
            let mut dests = reach(game, t, from, size) & land[size as usize];
            if from == ban_from {
                dests &= !ban_to;
            }
            if dests != 0 {
                each(from, dests);
            }
        }
    }
}

/// Writes the legal moves of a running game into `out`: each piece move, each again with
/// the clock call where one is allowed, or the pass.
pub(super) fn generate<V: Variant>(game: &Mc<V>, out: &mut MoveList<McMove>) {
    let call = game.can_call();
    for_each_piece(game, |from, dests| {
        for to in BitIter(dests) {
            out.push(McMove { from: from as u8, to: to as u8, call: false });
            if call {
                out.push(McMove { from: from as u8, to: to as u8, call: true });
            }
        }
    });
    if out.is_empty() {
        out.push(McMove::PASS);
        if call {
            out.push(McMove { call: true, ..McMove::PASS });
        }
    }
}

/// The number of piece moves (no pass) of the side to move, counted without listing.
#[inline(always)]
pub(super) fn count_piece_moves<V: Variant>(game: &Mc<V>) -> usize {
    if V::COASTER {
        let mut n = 0;
        for_each_piece(game, |_, dests| n += dests.count_ones() as usize);
        return n;
    }
    let t = game.kind.topology();
    let own_zone = t.zones[game.turn.to_move as usize];
    let land = landing(game, own_zone);
    let occ = game.occ;
    let mut n = 0u32;
    let pawns = game.pieces[0] & own_zone;
    for d in DIAGONAL {
        n += (shift(pawns & t.has_step[d], d) & land[1]).count_ones();
    }
    let drones = game.pieces[1] & own_zone;
    if drones != 0 {
        for d in ORTHOGONAL {
            let one = shift(drones & t.has_step[d], d);
            let two = shift(one & !occ & t.has_step[d], d);
            n += (one & land[2]).count_ones() + (two & land[2]).count_ones();
        }
    }
    for from in BitIter(game.pieces[2] & own_zone) {
        n += (queen_reach(t, from, occ) & land[3]).count_ones();
    }
    let (ban_from, ban_to) = forbidden(game);
    if ban_from < 64 {
        let size = game.size_at(ban_from);
        if size != 0 && reach(game, t, ban_from, size) & land[size as usize] & ban_to != 0 {
            n -= 1;
        }
    }
    n as usize
}

/// The number of legal moves of a running game.
#[inline(always)]
pub(super) fn count<V: Variant>(game: &Mc<V>) -> usize {
    let n = count_piece_moves(game).max(1);
    if game.can_call() { 2 * n } else { n }
}

/// Every square some piece of `seat`'s zone reaches (first pieces included; the landing
/// and no-reject rules aside).
pub(super) fn reach_of<V: Variant>(game: &Mc<V>, seat: u8) -> Squares {
    let t = game.kind.topology();
    let zone = t.zones[seat as usize];
    let mut out = 0;
    for (k, &pieces) in game.pieces.iter().enumerate() {
        for from in BitIter(pieces & zone) {
            out |= reach(game, t, from, k as u8 + 1);
        }
    }
    out
}

/// The move generator of this game for [`Game`].
pub struct Movegen;

impl<V: Variant> crate::core::game::Generator<Mc<V>> for Movegen {
    #[inline]
    fn generate(game: &Mc<V>, out: &mut MoveList<<Mc<V> as crate::core::game::Game>::Move>) {
        generate(game, out);
    }

    #[inline]
    fn count(game: &Mc<V>) -> usize {
        count(game)
    }
}
