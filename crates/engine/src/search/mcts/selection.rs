//! Selection: UCT with one reward per seat, and progressive history.
//!
//! Selection at a node maximises, over its children, the average reward of the seat to
//! move there (mixed with the implicit minimax value, `implicit.rs`, where that is on) plus
//! the UCB exploration term and, with progressive history, a bonus from the history table
//! that fades as the child gains visits.

use std::collections::HashMap;

use super::parallel::Ctx;
use super::solver::{DRAW, WON};
use super::tree::{NONE, Tree};
use crate::api::EngineGame;

/// Progressive history: the average reward of each move for the seat that played it, over
/// the tree moves of every iteration (tree-only progressive history).
pub(super) struct History<M> {
    /// The slot of each `(seat, move)`, numbered in the order first seen: the map's hasher
    /// (ahash, randomly seeded) never changes which slot a move gets.
    slots: HashMap<(u8, M), u32, ahash::RandomState>,
    /// `(reward sum, count)` per slot.
    pub(super) stats: Vec<(f64, u32)>,
}

impl<M: Copy + Eq + std::hash::Hash> History<M> {
    /// An empty table.
    pub(super) fn new() -> Self {
        History { slots: HashMap::default(), stats: Vec::new() }
    }
    /// The slot of `mv` played by `seat`, added if new.
    pub(super) fn slot(&mut self, seat: u8, mv: M) -> u32 {
        let next = self.stats.len() as u32;
        let slot = *self.slots.entry((seat, mv)).or_insert(next);
        if slot == next {
            self.stats.push((0.0, 0));
        }
        slot
    }
    /// The average reward in a slot (an even 0.5 while it has none).
    #[inline]
    pub(super) fn mean(&self, slot: u32) -> f64 {
        let (sum, n) = self.stats[slot as usize];
        if n == 0 { 0.5 } else { sum / n as f64 }
    }
}

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
