//! Opponent models with three or more seats, as Nijssen and Winands define them for MCTS
//! ("Search policies in multi-player games", ICGA Journal 2013):
//!
//! * `maxn` (MCTS-max^n): every seat keeps its own reward and selects for it.
//! * `paranoid`: the root seat's team against a coalition of all other seats. Only the
//!   root seat's reward `r` is backed up: its team gets `r`, every other seat `1 - r`, so
//!   that the opponents' nodes select to minimise the root seat's reward.
//! * `best-reply` (MCTS-BRS): layers of the root seat's moves alternate with opponents'
//!   layers, whose children are the moves of all opponents, each listed on the position
//!   with the turn handed to its seat. After an opponent's move the root seat moves again;
//!   after the root seat's, an opponent (the turn skips team-mates). Backup is paranoid;
//!   playouts from a leaf are ordinary, every seat in turn. The root seat looks deeper at
//!   the price of positions that cannot occur, which the principal variation leaves out.
//!
//! With two seats the three are one search, and the tree runs max^n unchanged.

use rand::Rng;
use tabula_rules::{MoveList, Seat};

use super::tree::Tree;
use crate::api::EngineGame;

impl<G: EngineGame> Tree<G> {
    /// Lists the moves of an opponents' layer node at `game` after the tree's moves, with
    /// their owners: every opponent's, the seat to move's first, then the others in turn
    /// order, each listed with the turn handed to it (a seat the game will not hand the
    /// turn to has none). Whether they fit in the room left; if not, nothing is listed.
    pub(super) fn list_replies(&mut self, game: &G) -> bool {
        let (start, to_move) = (self.moves.len(), game.to_move().0);
        for k in 0..self.sides.seats {
            let seat = ((to_move as usize + k) % self.sides.seats) as u8;
            if self.sides.allies[seat as usize] {
                continue;
            }
            if seat == to_move {
                game.legal_moves(&mut self.list);
            } else {
                let mut handed = game.clone();
                if !handed.hand_turn_to(Seat(seat)) {
                    continue;
                }
                handed.legal_moves(&mut self.list);
            }
            if self.moves.len() + self.list.len() > self.moves.capacity() {
                self.moves.truncate(start);
                self.owners.truncate(start);
                return false;
            }
            self.moves.extend_from_slice(self.list.as_slice());
            self.owners.extend(std::iter::repeat_n(seat, self.list.len()));
        }
        true
    }

    /// Moves the untried move of `node` chosen uniformly at random to the front of its
    /// untried moves, with its owner; returns the move and its owner. (The playout policy
    /// expects moves of the seat to move, which an opponents' layer mixes.)
    pub(super) fn pick_reply(&mut self, node: u32) -> (G::Move, u8) {
        let n = &self.nodes[node as usize];
        let (start, end) = ((n.moves_start + n.tried) as usize, (n.moves_start + n.moves_len) as usize);
        let k = start + self.rng.random_range(0..end - start);
        self.moves.swap(start, k);
        self.owners.swap(start, k);
        (self.moves[start], self.owners[start])
    }

    /// Whether the child `node`'s move is the move of the seat to move in `game`, the real
    /// game after the moves above it, and legal there; if so it is played. A best-reply
    /// line stops before the first move out of turn.
    pub(super) fn real_step(&self, game: &mut G, node: u32, list: &mut MoveList<G::Move>) -> bool {
        let n = &self.nodes[node as usize];
        if n.mover != game.to_move().0 || game.is_over() {
            return false;
        }
        game.legal_moves(list);
        if !list.as_slice().contains(&n.mv) {
            return false;
        }
        game.play(n.mv);
        true
    }
}
