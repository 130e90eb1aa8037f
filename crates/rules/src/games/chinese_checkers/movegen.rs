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

/// The holes the peg at `from` can reach and, with `READS`, the holes whose occupancy the
/// answer depends on (0 without).
///
/// `swappable`: the target holes held by other seats' pegs, empty unless swaps are on.
#[inline(always)]
fn reach<const READS: bool>(
    star: &Star,
    game: &ChineseCheckers,
    from: usize,
    target: Bits,
    swappable: Bits,
) -> (Reach, Bits) {
    let board = &star.board;
    let from_bit = BITS[from & 127];
    let others = game.occupied & !from_bit;
    let empty = board.mask() & !others;
    let bound = target & from_bit != 0 && game.setup.options.target_stay != TargetStay::Off;
    // Where a peg may stand at the end of the turn, and where between hops.
    let final_ok = if bound { target } else { Bits::MAX };
    let land_ok = if bound && game.setup.options.target_stay == TargetStay::Strict { target } else { Bits::MAX };

    let steps = board.neighbor_mask(from) & empty & final_ok;

    // Hop closure. `unvisited` holds the holes a hop may still land on; `open` the
    // landings whose onward hops are not yet explored.
    let landable = empty & land_ok & !from_bit;
    let mut unvisited = landable;
    let mut open = from_bit;
    // Every hole beyond a peg that some landing can hop over (before the swap mask).
    let mut swaps = 0;
    // Steps and swaps look at the neighbours, each landing at the holes it may hop over
    // and, past the pegs among them, at the holes beyond (`swaps`). Skipping a landing
    // whose hop landings are all closed saves time but reads more, so it is left out.
    let mut reads = if READS { board.neighbor_mask(from) } else { 0 };
    while open != 0 {
        let x = open.trailing_zeros() as usize;
        open &= open - 1;
        if READS {
            reads |= board.jumpable(x);
        } else if board.hop_landings(x) & (unvisited | swappable) == 0 {
            continue;
        }
        for over in BitIter(board.jumpable(x) & others) {
            let t = BITS[board.landing(x, over) as usize & 127];
            open |= unvisited & t;
            unvisited &= !t;
            swaps |= t;
        }
    }
    // A peg held to its target at every landing depends on the target's holes alone: it
    // steps and lands only there, and the hole between two target holes is in the target.
    let strict = bound && game.setup.options.target_stay == TargetStay::Strict;
    let reads = if !READS {
        0
    } else if strict {
        (reads | swaps) & target
    } else {
        reads | swaps
    };
    let hops = (landable ^ unvisited) & final_ok;
    let swaps = (swaps | board.neighbor_mask(from)) & swappable;
    (Reach { moves: steps | hops, swaps }, reads)
}

/// Calls `each(from, reach)` for every peg of the side to move.
#[inline(always)]
pub(super) fn for_each_peg(game: &ChineseCheckers, mut each: impl FnMut(usize, Reach)) {
    let r = Reacher::new(game);
    for from in BitIter(game.pegs[game.turn.to_move as usize]) {
        each(from, reach::<false>(r.star, game, from, r.target, r.swappable).0);
    }
}

/// One peg's destinations at a time, for the seat to move: see [`ChineseCheckers::reacher`].
pub struct Reacher<'a> {
    star: &'a Star,
    game: &'a ChineseCheckers,
    target: Bits,
    swappable: Bits,
}

impl<'a> Reacher<'a> {
    #[inline(always)]
    pub(super) fn new(game: &'a ChineseCheckers) -> Self {
        let star: &Star = &STAR;
        let seat = game.turn.to_move as usize;
        let target = star.target(game.setup.camps[seat]);
        let swappable = if game.setup.options.anti_block == AntiBlock::Swap {
            target & game.occupied & !game.pegs[seat]
        } else {
            0
        };
        Reacher { star, game, target, swappable }
    }

    /// The destinations of the peg in hole `from` (one of the seat to move's), as
    /// [`ChineseCheckers::for_each_reach`] gives them, and the holes they depend on: as
    /// long as the peg stays and no hole of the second set changes its occupant, the
    /// destinations stay the same.
    #[inline]
    pub fn reach(&self, from: usize) -> (Bits, Bits) {
        let (r, reads) = reach::<true>(self.star, self.game, from, self.target, self.swappable);
        (r.moves | r.swaps, reads)
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

/// The move generator of this game for [`Game`].
pub struct Movegen;

impl crate::core::game::Generator<ChineseCheckers> for Movegen {
    #[inline]
    fn generate(game: &ChineseCheckers, out: &mut MoveList<<ChineseCheckers as crate::core::game::Game>::Move>) {
        generate(game, out);
    }

    #[inline]
    fn count(game: &ChineseCheckers) -> usize {
        count(game)
    }
}
