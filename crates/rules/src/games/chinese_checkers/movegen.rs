//! Move generation: per peg, the step targets, the hop-chain closure and (with
//! `cc.anti_block = swap`) the swap targets, each as a bitboard. Destinations are unique
//! by construction, and bulk counting is a popcount.

use super::board::{STAR, Star};
use super::{AntiBlock, CcMove, ChineseCheckers, TargetStay};
use crate::core::moves::MoveList;
use crate::geometry::bits::{BITS, BitIter, Bits};

/// Where one peg can go.
#[derive(Clone, Copy)]
pub(super) struct Reach {
    /// Holes reached by a step or a hop chain (ordinary moves).
    pub(super) moves: Bits,
    /// Target holes of other seats' pegs the peg may swap with.
    pub(super) swaps: Bits,
}

/// The holes the peg at `from` can reach.
#[inline(always)]
/// `swappable`: the target holes held by other seats' pegs, empty unless swaps are on.
fn reach(star: &Star, game: &ChineseCheckers, from: usize, target: Bits, swappable: Bits) -> Reach {
    let board = &star.board;
    let from_bit = BITS[from & 127];
    let others = game.occupied & !from_bit;
    let empty = board.mask() & !others;
    let bound = target & from_bit != 0 && game.options.target_stay != TargetStay::Off;
    // Where a peg may stand at the end of the turn, and where between hops.
    let final_ok = if bound { target } else { Bits::MAX };
    let land_ok = if bound && game.options.target_stay == TargetStay::Strict { target } else { Bits::MAX };

    let steps = board.neighbor_mask(from) & empty & final_ok;

    // Hop closure. `unvisited` holds the holes a hop may still land on; `open` the
    // landings whose onward hops are not yet explored.
    let landable = empty & land_ok & !from_bit;
    let mut unvisited = landable;
    let mut open = from_bit;
    let mut swaps = 0;
    while open != 0 {
        let x = open.trailing_zeros() as usize;
        open &= open - 1;
        if board.hop_landings(x) & (unvisited | swappable) == 0 {
            continue;
        }
        for over in BitIter(board.jumpable(x) & others) {
            let t = BITS[board.landing(x, over) as usize & 127];
            open |= unvisited & t;
            unvisited &= !t;
            swaps |= t;
        }
    }
    let hops = (landable ^ unvisited) & final_ok;
    let swaps = (swaps | board.neighbor_mask(from)) & swappable;
    Reach { moves: steps | hops, swaps }
}

/// Calls `each(from, reach)` for every peg of the side to move.
#[inline(always)]
pub(super) fn for_each_peg(game: &ChineseCheckers, mut each: impl FnMut(usize, Reach)) {
    let star: &Star = &STAR;
    let seat = game.to_move as usize;
    let own = game.pegs[seat];
    let target = star.target(game.camps[seat]);
    let swappable = if game.options.anti_block == AntiBlock::Swap { target & game.occupied & !own } else { 0 };
    for from in BitIter(own) {
        each(from, reach(star, game, from, target, swappable));
    }
}

/// Writes the legal moves (the game is running) into `out`.
pub(super) fn generate(game: &ChineseCheckers, out: &mut MoveList<CcMove>) {
    for_each_peg(game, |from, r| {
        for to in BitIter(r.moves | r.swaps) {
            out.push(CcMove { from: from as u8, to: to as u8 });
        }
    });
    if out.is_empty() {
        out.push(CcMove::PASS);
    }
}

/// The number of legal moves (the game is running), without listing them.
pub(super) fn count(game: &ChineseCheckers) -> usize {
    let mut n = 0;
    for_each_peg(game, |_, r| n += (r.moves | r.swaps).count_ones() as usize);
    n.max(1)
}
