//! Opponent models: who moves in the tree with three or more seats.
//!
//! * `paranoid`: the root seat's team against a coalition of all other seats, in turn
//!   order. Nodes where the root's team moves maximise, the others minimise.
//! * `best-reply` (Schadd and Winands' Best-Reply Search): root-seat layers alternate with
//!   layers where only the single strongest reply among all opponents' moves is played
//!   (each opponent's moves generated on the position with the turn handed to it); the
//!   root seat's team-mates do not move. Deeper lines of the root seat for the same depth,
//!   at the price of positions that cannot occur.
//! * `maxn` (Luckhardt and Irani's max^n, searched as in `maxn.rs`): every seat moves in
//!   turn and picks the child best for its own team by its own value, which is the margin
//!   of [`margins`](crate::search::simple::margins). Ties between children of equal value
//!   for the seat to move go to the one worst for the other teams (the lower sum of their
//!   values), then to the lower values in seat order, so that the value of a node never
//!   depends on the order its moves were searched in.
//!
//! With two seats all three are exactly plain negamax. Best-reply needs three or more teams:
//! with two (Martian Chess's `mc.teams`) it searches paranoid, which is then exact.

use tabula_rules::{MoveList, Seat};

use super::worker::Worker;
use crate::api::EngineGame;

/// `Worker::owners` entry of a move the seat to move plays in turn.
pub(super) const IN_TURN: u8 = u8::MAX;

impl<G: EngineGame> Worker<'_, G> {
    /// Lists the moves of a node into `moves`. At an opponents' layer of best-reply
    /// search these are the moves of every opponent, from the seat to move on, each on the
    /// position with the turn handed to its seat, which `owners` records; elsewhere
    /// `owners` is left empty.
    pub(super) fn list_moves(&self, game: &G, moves: &mut MoveList<G::Move>, owners: &mut Vec<u8>) {
        owners.clear();
        if !self.brs || self.side(game) > 0 {
            game.legal_moves(moves);
            return;
        }
        moves.clear();
        let mut own = MoveList::new();
        let to_move = game.to_move();
        let first = self.opponents.iter().position(|&s| s >= to_move).unwrap_or(0);
        let n = self.opponents.len();
        for k in 0..n {
            let seat = self.opponents[(first + k) % n];
            if seat == to_move {
                game.legal_moves(&mut own);
            } else {
                let mut handed = game.clone();
                let handed_ok = handed.hand_turn_to(seat);
                debug_assert!(handed_ok, "the game refused to hand the turn on");
                handed.legal_moves(&mut own);
            }
            for &mv in &own {
                moves.push(mv);
                owners.push(if seat == to_move { IN_TURN } else { seat.0 });
            }
        }
    }

    /// The position after `mv`, which `owner` plays ([`IN_TURN`]: the seat to move), and
    /// whether it is the game's own position after `mv` (no turn handed on), so that a
    /// principal variation may go on through it. In best-reply search the turn then goes to
    /// the root seat after an opponent's move, and to an opponent after the root seat's.
    pub(super) fn child(&self, game: &G, mv: G::Move, owner: u8) -> (G, bool) {
        let mut child = game.clone();
        if owner != IN_TURN {
            child.hand_turn_to(Seat(owner));
        }
        child.play(mv);
        let mut real = owner == IN_TURN;
        if self.brs && !child.is_over() {
            let seat = if self.side(game) < 0 {
                Some(self.root)
            } else if self.side(&child) > 0 {
                // A team-mate would move next: the opponents' layer starts with the first
                // opponent after it.
                let next = child.to_move();
                Some(self.opponents.iter().copied().find(|&s| s > next).unwrap_or(self.opponents[0]))
            } else {
                None
            };
            if let Some(seat) = seat.filter(|&s| s != child.to_move()) {
                child.hand_turn_to(seat);
                real = false;
            }
        }
        (child, real)
    }

    /// Whether `mv`, played by `owner`, is tactical (quiescence searches only those).
    pub(super) fn is_tactical(&self, game: &G, mv: G::Move, owner: u8) -> bool {
        if owner == IN_TURN {
            game.is_tactical(mv)
        } else {
            let mut handed = game.clone();
            handed.hand_turn_to(Seat(owner));
            handed.is_tactical(mv)
        }
    }
}
