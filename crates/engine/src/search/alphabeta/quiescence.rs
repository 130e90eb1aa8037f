//! Quiescence search: at the horizon, stand pat or go on with tactical moves only, so
//! that a leaf is not scored in the middle of an exchange.

use tabula_rules::MoveList;

use super::MAX_PLY;
use super::models::IN_TURN;
use super::worker::{Abort, Worker};
use crate::api::EngineGame;

impl<G: EngineGame> Worker<'_, G> {
    /// Stand pat, then tactical moves only, at most `left` plies more (the game's
    /// [`Tuning::quiescence_plies`](crate::tuning::Tuning::quiescence_plies) from the horizon).
    pub(super) fn quiesce(&mut self, game: &G, ply: usize, mut alpha: i32, beta: i32, left: u32) -> Result<i32, Abort> {
        let stand = self.leaf(game, ply);
        if stand >= beta || left == 0 || ply + 1 >= MAX_PLY {
            return Ok(stand);
        }
        alpha = alpha.max(stand);
        let mut moves = MoveList::new();
        let mut owners = std::mem::take(&mut self.owners[ply]);
        self.list_moves(game, &mut moves, &mut owners);
        let me = self.side(game);
        let mut best = Ok(stand);
        for (i, &mv) in moves.iter().enumerate() {
            let owner = owners.get(i).copied().unwrap_or(IN_TURN);
            if !self.is_tactical(game, mv, owner) {
                continue;
            }
            if let Err(e) = self.check_limits() {
                best = Err(e);
                break;
            }
            self.nodes += 1;
            let (child, _) = self.child(game, mv, owner);
            let value = if self.side(&child) == me {
                self.quiesce(&child, ply + 1, alpha, beta, left - 1)
            } else {
                self.quiesce(&child, ply + 1, -beta, -alpha, left - 1).map(|v| -v)
            };
            match value {
                Ok(v) => {
                    best = best.map(|b| b.max(v));
                    alpha = alpha.max(v);
                    if alpha >= beta {
                        break;
                    }
                }
                Err(e) => {
                    best = Err(e);
                    break;
                }
            }
        }
        self.owners[ply] = owners;
        best
    }
}
