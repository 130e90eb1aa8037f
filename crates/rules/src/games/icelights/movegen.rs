//! Turn generation (spec §4): every piece move (1..range squares in one direction across
//! free squares), each with no orientation or one of the three other facings of each own
//! Beamer and Icelight, read on the board after the move. Without a move (none exists, or
//! `il.move_optional`) the orientation-only turns and `pass`.
//!
//! Each (move, orientation) pair gives a different position, so nothing is deduplicated.

use super::board::{Dir, NEXT, NONE};
use super::{Icelights, IlMove, Kind};
use crate::core::moves::MoveList;

/// Calls `f(from, to)` for every piece move of the side to move; returns the count.
#[inline(always)]
fn piece_moves(g: &Icelights, mut f: impl FnMut(u8, u8)) -> usize {
    let own = g.seat[g.turn.to_move as usize];
    let occupied = g.occupied();
    let over = g.options.pass_over_pieces;
    let mut count = 0;
    let mut pieces = own;
    while pieces != 0 {
        let from = pieces.trailing_zeros() as u8;
        pieces &= pieces - 1;
        let range = g.kind_at(from).range();
        for next in &NEXT {
            let mut sq = from;
            for _ in 0..range {
                sq = next[sq as usize];
                if sq == NONE {
                    break;
                }
                if occupied >> sq & 1 != 0 {
                    if over {
                        continue;
                    }
                    break;
                }
                count += 1;
                f(from, sq);
            }
        }
    }
    count
}

/// Pushes the turn `(from, to)` with no orientation and with every new facing of every
/// own Beamer and Icelight after the move.
#[inline(always)]
fn with_orientations(g: &Icelights, from: u8, to: u8, out: &mut MoveList<IlMove>) {
    out.push(IlMove { from, to, turn: NONE, facing: NONE });
    let mut orientable = g.seat[g.turn.to_move as usize] & !g.towers;
    let moved_facing = if from != NONE && orientable >> from & 1 != 0 {
        orientable ^= (1u64 << from) | (1u64 << to);
        g.facing_unchecked(from) as u8
    } else {
        0
    };
    while orientable != 0 {
        let sq = orientable.trailing_zeros() as u8;
        orientable &= orientable - 1;
        let f = if sq == to { moved_facing } else { g.facing_unchecked(sq) as u8 };
        for k in 1..4u8 {
            out.push(IlMove { from, to, turn: sq, facing: (f + k) & 3 });
        }
    }
}

/// Every legal turn (the game is running).
pub fn generate(g: &Icelights, out: &mut MoveList<IlMove>) {
    let moves = piece_moves(g, |from, to| with_orientations(g, from, to, out));
    if moves == 0 || g.options.move_optional {
        with_orientations(g, NONE, NONE, out);
    }
}

/// The number of legal turns, without listing them: every move (and the empty move, where
/// allowed) combines with no orientation or 3 new facings of each orientable piece, and
/// moving keeps the count of orientable pieces.
pub fn count(g: &Icelights) -> usize {
    let per_move = 1 + 3 * (g.seat[g.turn.to_move as usize] & !g.towers).count_ones() as usize;
    let moves = piece_moves(g, |_, _| {});
    let starts = if moves == 0 || g.options.move_optional { moves + 1 } else { moves };
    starts * per_move
}

/// Whether the piece move `from-to` is legal for the side to move.
fn move_is_legal(g: &Icelights, from: u8, to: u8) -> bool {
    if from >= 64 || to >= 64 || g.seat[g.turn.to_move as usize] >> from & 1 == 0 {
        return false;
    }
    let occupied = g.occupied();
    let range = g.kind_at(from).range();
    Dir::ALL.iter().any(|d| {
        let mut sq = from;
        for _ in 0..range {
            sq = NEXT[d.index()][sq as usize];
            if sq == NONE {
                return false;
            }
            let free = occupied >> sq & 1 == 0;
            if sq == to {
                return free;
            }
            if !free && !g.options.pass_over_pieces {
                return false;
            }
        }
        false
    })
}

/// Whether `mv` is a legal turn here (the game is running).
pub fn is_legal(g: &Icelights, mv: IlMove) -> bool {
    if mv.from == NONE {
        if mv.to != NONE {
            return false;
        }
        if !g.options.move_optional && piece_moves(g, |_, _| {}) != 0 {
            return false;
        }
    } else if !move_is_legal(g, mv.from, mv.to) {
        return false;
    }
    if mv.turn == NONE {
        return mv.facing == NONE;
    }
    if mv.turn >= 64 || mv.facing >= 4 {
        return false;
    }
    let moved = mv.from != NONE;
    // The piece to turn, on the board before the move.
    let source = if moved && mv.turn == mv.to {
        mv.from
    } else if moved && mv.turn == mv.from {
        return false;
    } else {
        mv.turn
    };
    g.seat[g.turn.to_move as usize] >> source & 1 != 0
        && g.kind_at(source) != Kind::Tower
        && g.facing_unchecked(source) as u8 != mv.facing
}

/// The move generator of this game for [`Game`].
pub struct Movegen;

impl crate::core::game::Generator<Icelights> for Movegen {
    #[inline]
    fn generate(game: &Icelights, out: &mut MoveList<<Icelights as crate::core::game::Game>::Move>) {
        generate(game, out);
    }

    #[inline]
    fn count(game: &Icelights) -> usize {
        count(game)
    }
}
