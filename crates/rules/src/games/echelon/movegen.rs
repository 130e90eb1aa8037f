//! Move generation by rays. For a top counter on `from` and a direction, the ray's
//! blockers are the counters and the dead hexes on it; the first one (lowest or highest
//! set bit, as the index rises or falls along the direction) ends the slide. The hexes
//! before it are the slides; the blocker itself is a stomp if it holds a counter and the
//! mover is free. Destinations of one counter are distinct (one ray each), so bulk
//! counting is a popcount per counter.

use super::board::{Board, RISING};
use super::{Echelon, EgMove};
use crate::core::moves::MoveList;
use crate::geometry::bits::{BitIter, Bits, has};

/// The slides (empty hexes before the first blocker) and the first blocker on a ray.
#[inline(always)]
fn cast(ray: Bits, blockers: Bits, rising: bool) -> (Bits, Bits) {
    let hit = ray & blockers;
    if rising {
        let first = hit & hit.wrapping_neg();
        // `first - 1` is every lower index; with no blocker it wraps to the whole ray.
        (ray & first.wrapping_sub(1), first)
    } else {
        // Every index up to the highest blocker; nothing when there is none.
        let upto = u128::MAX.checked_shr(hit.leading_zeros()).unwrap_or(0);
        (ray & !upto, upto ^ (upto >> 1))
    }
}

/// The farthest hex of a non-empty slide set along a direction.
#[inline(always)]
fn farthest(slides: Bits, rising: bool) -> Bits {
    if slides == 0 {
        0
    } else if rising {
        1u128 << (127 - slides.leading_zeros())
    } else {
        slides & slides.wrapping_neg()
    }
}

/// Every destination of the counter on `from`.
#[inline(always)]
fn destinations(board: &Board, from: usize, blockers: Bits, occupied: Bits, free: bool, to_end: bool) -> Bits {
    let rays = &board.rays[from & 127];
    let stompable = if free { occupied } else { 0 };
    let mut out = 0;
    for d in 0..6 {
        let (slides, first) = cast(rays[d], blockers, RISING[d]);
        let stomp = first & stompable;
        out |= if !to_end {
            slides | stomp
        } else if stomp != 0 {
            stomp
        } else {
            farthest(slides, RISING[d])
        };
    }
    out
}

/// Calls `each(from, destinations)` for every top counter of `colour`.
#[inline(always)]
fn for_each_counter(game: &Echelon, colour: usize, mut each: impl FnMut(usize, Bits)) {
    let board = game.board.0;
    let occupied = game.occupied();
    let blockers = occupied | game.dead;
    let to_end = game.options.slide_to_end;
    for from in BitIter(game.tops[colour]) {
        each(from, destinations(board, from, blockers, occupied, !has(game.tall, from), to_end));
    }
}

/// The destinations of the top counter on `from`, whoever's it is.
pub(super) fn destinations_of(game: &Echelon, from: usize) -> Bits {
    let occupied = game.occupied();
    let free = !has(game.tall, from);
    destinations(game.board.0, from, occupied | game.dead, occupied, free, game.options.slide_to_end)
}

/// Writes the legal moves of the side to move (the game is running) into `out`.
pub(super) fn generate(game: &Echelon, out: &mut MoveList<EgMove>) {
    for_each_counter(game, game.turn.to_move as usize, |from, to| {
        for to in BitIter(to) {
            out.push(EgMove { from: from as u8, to: to as u8 });
        }
    });
}

/// The number of moves `colour` has here, whoever is to move.
pub(super) fn count_for(game: &Echelon, colour: usize) -> u32 {
    let mut n = 0;
    for_each_counter(game, colour, |_, to| n += to.count_ones());
    n
}

/// The move generator of this game for [`Game`].
pub struct Movegen;

impl crate::core::game::Generator<Echelon> for Movegen {
    #[inline]
    fn generate(game: &Echelon, out: &mut MoveList<<Echelon as crate::core::game::Game>::Move>) {
        generate(game, out);
    }

    #[inline]
    fn count(game: &Echelon) -> usize {
        count_for(game, game.turn.to_move as usize) as usize
    }
}
