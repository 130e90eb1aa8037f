//! Selection: UCT with one reward per seat, and progressive history.
//!
//! Selection at a node maximises, over its children, the average reward of the seat to
//! move there (mixed with the implicit minimax value, `implicit.rs`, where that is on) plus
//! the UCB exploration term and, with progressive history, a bonus from the history table
//! that fades as the child gains visits.

use super::parallel::Ctx;
use super::proof::{DRAW, WON};
use super::tree::{NONE, Tree};
use crate::api::EngineGame;

impl<G: EngineGame> Tree<G> {
    /// The child of `node` with the best UCT value for the seat to move there (proven
    /// losses skipped when solving); `NONE` if there is none to choose.
    pub(super) fn select(&self, ctx: &Ctx<'_, G>, node: u32) -> u32 {
        let n = &self.nodes[node as usize];
        let seat = n.to_move as usize;
        let log_n = (n.visits.max(1) as f64).ln();
        let c = ctx.config.c;
        let ph = ctx.config.progressive_history;
        let w = ctx.config.history_weight;
        let implicit = ctx.config.implicit;
        let (mut best, mut best_value) = (NONE, f64::NEG_INFINITY);
        for child in self.children(node) {
            let ch = &self.nodes[child as usize];
            if ctx.solver && ch.proof >= WON && ch.proof != WON + seat as u8 {
                continue;
            }
            if ctx.solver && ch.proof == DRAW {
                // Its value is known and the node already counts on it (`draw_floor`).
                continue;
            }
            let visits = ch.visits.max(1) as f64;
            let mut q = self.rewards[child as usize * self.seats + seat] / visits;
            if implicit > 0.0 {
                q = (1.0 - implicit) * q + implicit * self.minimax_value(child, seat);
            }
            let mut value = q + c * (log_n / visits).sqrt();
            if ph && ch.hist != NONE {
                value += w * self.history.mean(ch.hist) / ((1.0 - q) * visits + 1.0);
            }
            if value > best_value {
                best = child;
                best_value = value;
            }
        }
        best
    }
}
