//! Monte Carlo tree search: UCT with one reward per seat, and opponent models for three or
//! more seats.
//!
//! Where each technique lives:
//!
//! * the tree of one thread, a `Vec` arena (`tree.rs`), and its reuse by the next search
//!   (`reuse.rs`);
//! * one iteration: select, expand, play out, back up (`iteration.rs`);
//! * the settings (`config.rs`);
//! * selection by UCT with progressive history (`selection.rs`, its table in `history.rs`);
//! * implicit minimax backups of the evaluator's values beside the rewards (`implicit.rs`);
//! * rewards per seat, from finished and truncated playouts (`rewards.rs`);
//! * opponent models: max^n, paranoid and best-reply (MCTS-BRS): the rewards backed up,
//!   every opponent's moves listed at a best-reply layer, and who moves next (`models.rs`,
//!   the model and the root's allies in `sides.rs`);
//! * MCTS-Solver, proofs with two seats (`solver.rs`, the codes a node carries in `proof.rs`);
//! * the root's statistics, the move chosen and the principal variation (`root.rs`);
//! * root parallelism, one tree per thread (`parallel.rs`).

mod config;
mod history;
mod implicit;
mod iteration;
mod models;
mod parallel;
mod proof;
mod reuse;
mod rewards;
mod root;
mod selection;
mod sides;
mod solver;
mod tree;

#[cfg(test)]
mod model_tests;
#[cfg(test)]
mod tests;

use std::sync::Arc;
use std::time::Instant;

use tabula_rules::MoveList;

pub use self::config::MctsConfig;
use self::parallel::{Ctx, Shared, search_trees};
pub use self::root::{Proof, RootStat};
use self::root::{choose, merge, progress_when_lost};
pub use self::sides::MctsModel;
use self::tree::Tree;
use super::Report;
use crate::api::{EngineGame, Limits, SearchInfo, SearchResult, Searcher, score};
use crate::memory::{self, Claim, MemoryError, Shortfall};
use crate::playout::PlayoutPolicy;

/// Monte Carlo tree search for any game, with a playout policy.
pub struct Mcts<G: EngineGame> {
    config: MctsConfig,
    policy: Arc<dyn PlayoutPolicy<G>>,
    eval: G::Eval,
    trees: Vec<Tree<G>>,
    last: Vec<RootStat<G::Move>>,
    /// `(ply, hash)` of the positions this searcher searched and the ones its moves made:
    /// the game's history as far as it knows it (it is handed only the current position).
    seen: Vec<(u32, u64)>,
    _claim: Claim,
}

impl<G: EngineGame> Mcts<G> {
    /// A searcher with these settings, playing out with `policy` and scoring truncated
    /// playouts with the game's evaluator.
    ///
    /// # Panics
    ///
    /// If the trees' memory cannot be had (see [`Mcts::try_new`]).
    pub fn new(config: MctsConfig, policy: Arc<dyn PlayoutPolicy<G>>) -> Self {
        Self::try_new(config, policy).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A searcher with these settings, playing out with `policy`, or an error if the
    /// trees' memory ([`MctsConfig::memory_mb`]) is less than 1 MB a thread, more than
    /// the memory available or cannot be allocated (see [`crate::memory`]). The trees are reserved here,
    /// for the seats of the game's default options (a game of other seats reserves its
    /// trees anew at its first search), not at the first search.
    pub fn try_new(config: MctsConfig, policy: Arc<dyn PlayoutPolicy<G>>) -> Result<Self, MemoryError> {
        Self::try_with_eval(config, policy, G::mcts_eval(G::Eval::default()))
    }

    /// [`Mcts::try_new`] scoring truncated playouts with `eval` (the game's
    /// [`mcts_eval`](EngineGame::mcts_eval) of the weights wanted).
    pub fn try_with_eval(
        config: MctsConfig,
        policy: Arc<dyn PlayoutPolicy<G>>,
        eval: G::Eval,
    ) -> Result<Self, MemoryError> {
        const WHAT: &str = "the search trees";
        let (threads, mb) = (config.threads.max(1), config.memory_mb);
        if mb < threads {
            let reason = Shortfall::Minimum { min: threads, rule: "1 MB a thread" };
            return Err(MemoryError { key: "memory", mb, what: WHAT, reason });
        }
        let claim = memory::claim("memory", mb, WHAT)?;
        let seats = G::new(&Default::default()).map_or(2, |g| g.seats());
        let budget = memory::bytes(mb) / threads;
        let mut trees = Vec::with_capacity(threads);
        for i in 0..threads {
            let mut tree = Tree::new(config.seed.wrapping_add(i as u64), budget);
            tree.reserve(seats, config.model).map_err(|_| MemoryError {
                key: "memory",
                mb,
                what: WHAT,
                reason: Shortfall::Allocation,
            })?;
            trees.push(tree);
        }
        Ok(Mcts { config, policy, eval, trees, last: Vec::new(), seen: Vec::new(), _claim: claim })
    }

    /// The bytes a tree node costs in a game of `seats` seats searched with `model`: the
    /// node itself, one reward sum (`f64`) and one implicit minimax value (`f32`) a seat,
    /// and room for 16 listed legal moves (a node whose moves do not fit in the room left
    /// is not expanded); with `best-reply` and three or more seats also the seat that plays
    /// each of those moves (a byte each).
    pub fn bytes_per_node(seats: usize, model: MctsModel) -> usize {
        tree::bytes_per_node::<G::Move>(seats, model)
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// The root moves of the last search with their merged visits, rewards and proofs,
    /// in the order thread 0 first tried them.
    pub fn root_stats(&self) -> &[RootStat<G::Move>] {
        &self.last
    }

    /// Nodes held by each thread's tree (for tests and memory checks).
    pub fn tree_sizes(&self) -> Vec<usize> {
        self.trees.iter().map(|t| t.nodes.len()).collect()
    }

    /// The nodes each thread's tree may hold: its share of the memory divided by
    /// [`Mcts::bytes_per_node`] for the seats of the last game searched (of the game's
    /// default options before the first search).
    pub fn tree_capacities(&self) -> Vec<usize> {
        self.trees.iter().map(|t| t.cap).collect()
    }

    /// Empties the trees and seeds thread `i`'s with `seed + i`, keeping their memory.
    fn reset_trees(&mut self) {
        for (i, tree) in self.trees.iter_mut().enumerate() {
            tree.reset(self.config.seed.wrapping_add(i as u64));
        }
    }
}

impl<G: EngineGame> Searcher<G> for Mcts<G> {
    fn search(&mut self, game: &G, limits: &Limits, report: Report<'_, G::Move>) -> SearchResult<G::Move> {
        let start = Instant::now();
        if let Some(outcome) = game.outcome() {
            let s = outcome.score(game.to_move());
            let score = if s >= 1.0 {
                score::WIN
            } else if s <= 0.0 {
                -score::WIN
            } else {
                0
            };
            let info = SearchInfo { depth: 0, score, nodes: 0, time: start.elapsed(), pv: Vec::new() };
            report(&info);
            self.last.clear();
            return SearchResult { best: None, score, pv: Vec::new(), nodes: 0, depth: 0, time: info.time };
        }

        for tree in &mut self.trees {
            tree.prepare(game, self.config.reuse_tree, self.config.model);
        }

        // Positions remembered from this ply on belong to another game or a line taken back.
        self.seen.retain(|&(ply, _)| ply < game.ply());
        let mut history: Vec<u64> = self.seen.iter().map(|&(_, key)| key).collect();
        history.sort_unstable();
        let shared = Shared::new(limits, start);
        let ctx = Ctx::<G> {
            config: &self.config,
            policy: &*self.policy,
            eval: &self.eval,
            solver: self.config.solver && game.seats() == 2,
            history: &history,
            deadline: shared.deadline,
        };
        let total = search_trees(&mut self.trees, &ctx, &shared, report);

        let stats = merge(self.trees.iter().map(|t| t.root_stats()).collect());
        let (best, score) = choose(&stats, game.seats());
        let best =
            best.map(|b| if self.config.repeat_draws { b } else { progress_when_lost(&stats, b, game, &self.eval) });
        let best_move = match best {
            Some(b) => Some(stats[b].mv),
            None => {
                // No iteration ran: any legal move.
                let mut list = MoveList::new();
                game.legal_moves(&mut list);
                list.as_slice().first().copied()
            }
        };
        let pv = {
            let tree = best_move.and_then(|mv| {
                self.trees.iter().max_by_key(|t| t.root_stats().iter().find(|s| s.mv == mv).map_or(0, |s| s.visits))
            });
            tree.map_or_else(|| best_move.into_iter().collect(), |t| t.pv(best_move))
        };
        self.seen.push((game.ply(), game.hash()));
        if let Some(mv) = best_move {
            let mut child = game.clone();
            child.play(mv);
            self.seen.push((child.ply(), child.hash()));
        }
        let time = start.elapsed();
        let depth = pv.len() as u32;
        report(&SearchInfo { depth, score, nodes: total, time, pv: pv.clone() });
        self.last = stats;
        SearchResult { best: best_move, score, pv, nodes: total, depth, time }
    }

    fn new_game(&mut self) {
        self.reset_trees();
        self.last.clear();
        self.seen.clear();
    }

    fn reseed(&mut self, seed: u64) {
        self.config.seed = seed;
        self.reset_trees();
    }
}
