//! Alpha-beta: iterative deepening negamax with principal variation search, aspiration
//! windows, a shared transposition table, hash-move / killer / history ordering, win
//! scores that prefer the fastest win and the slowest loss, repetition as a draw, a
//! quiescence search over tactical moves, contempt for draws, opponent models for three or
//! more seats (paranoid, best-reply, max^n), and Lazy SMP across threads.
//!
//! Where each technique lives:
//!
//! * iterative deepening and aspiration windows, with the root move an unfinished iteration
//!   found (`deepening.rs`);
//! * negamax, principal variation search, late move reductions and the table's win
//!   scores (`negamax.rs`), the quiescence search (`quiescence.rs`);
//! * move ordering: hash move, killers, history (`ordering.rs`);
//! * opponent models, paranoid and best-reply (`models.rs`, [`Model`]), and max^n with
//!   shallow pruning (`maxn.rs`);
//! * repetition and contempt (`draws.rs`), a lost race run out (`lost_race.rs`);
//! * Lazy SMP (`smp.rs`) with moves in search on another thread deferred (`busy.rs`); one
//!   thread's state and its limits (`worker.rs`).

mod busy;
mod deepening;
mod draws;
mod lost_race;
mod maxn;
mod models;
mod negamax;
mod ordering;
mod quiescence;
mod smp;
mod worker;

#[cfg(test)]
mod stack_tests;
#[cfg(test)]
mod testing;
#[cfg(test)]
mod tests;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64};
use std::time::Instant;

use tabula_rules::MoveList;

use self::busy::Busy;
use self::smp::search_threads;
use self::worker::Shared;
use super::Report;
use super::table::Table;
use crate::api::{EngineGame, Limits, SearchResult, Searcher};
use crate::memory::MemoryError;
pub use crate::search::max_ply::MAX_PLY;
pub use crate::search::opponent_model::Model;

/// Settings of the alpha-beta searcher.
#[derive(Clone, Debug, PartialEq)]
pub struct AlphaBetaConfig {
    /// Search threads (Lazy SMP).
    pub threads: usize,
    /// Transposition table size in MB (setting `hash`): the largest power of two of
    /// entries that fits. Refused if more than the memory available or if it cannot be
    /// allocated (see [`crate::memory`]).
    pub hash_mb: usize,
    /// Aspiration window half-width at the root.
    pub aspiration: i32,
    /// The opponent model with three or more seats (with two, both are plain negamax).
    /// `BestReply` with three or more seats needs a game that can hand the turn on
    /// ([`Game::hand_turn_to`](tabula_rules::Game::hand_turn_to)); in one that cannot, it
    /// searches paranoid (the registry refuses the spec for such a game).
    pub model: Model,
    /// What a draw (a finished tie or a repetition) costs the root seat's team, in
    /// evaluation units: it is scored `-contempt` for the root's team and `+contempt` for
    /// the others, so a positive value plays on rather than settle. `None` takes the game's
    /// [`Tuning::contempt`](crate::tuning::Tuning::contempt).
    pub contempt: Option<i32>,
    /// Late move reductions: after this many moves of a node (searched in order), quiet
    /// moves are searched one ply shallower first; 0 turns them off; `None`: the game's
    /// default ([`Tuning::late_move_reductions`](crate::tuning::Tuning::late_move_reductions)).
    pub lmr: Option<usize>,
    /// With three or more teams, the percent of the root's margin taken over the other
    /// teams' mean rather than the best of them; `None`: the game's default
    /// ([`Tuning::rivals`](crate::tuning::Tuning::rivals)).
    pub rivals: Option<i32>,
    /// Plies past the horizon that quiescence plays tactical moves, at most [`MAX_PLY`]
    /// (max^n with three or more seats plays at most one round of seats); `None`: the
    /// game's default ([`Tuning::quiescence_plies`](crate::tuning::Tuning::quiescence_plies)).
    pub quiescence: Option<u32>,
    /// With two seats, the search score at or below whose negative the race counts as
    /// lost and the mover runs it out (see `lost_race.rs`); 0 turns it off; `None`: the
    /// game's default ([`Tuning::lost_race`](crate::tuning::Tuning::lost_race)).
    pub lost: Option<i32>,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            threads: 1,
            hash_mb: 16,
            aspiration: 50,
            model: Model::Paranoid,
            contempt: None,
            lmr: None,
            rivals: None,
            quiescence: None,
            lost: None,
        }
    }
}

/// The alpha-beta searcher.
pub struct AlphaBeta<G: EngineGame> {
    config: AlphaBetaConfig,
    table: Arc<Table>,
    eval: G::Eval,
    /// Positions of this game seen before the current root: (ply, search key).
    seen: Vec<(u32, u64)>,
    /// The moves in search on some thread, with two or more threads.
    busy: Option<Busy>,
}

impl<G: EngineGame> AlphaBeta<G> {
    /// A searcher with these settings and the game's default evaluator.
    ///
    /// # Panics
    ///
    /// If the transposition table cannot be had (see [`AlphaBeta::try_new`]).
    pub fn new(config: AlphaBetaConfig) -> Self {
        Self::with_eval(config, G::Eval::default())
    }

    /// A searcher with these settings and evaluator `eval`.
    ///
    /// # Panics
    ///
    /// If the transposition table cannot be had (see [`AlphaBeta::try_new`]).
    pub fn with_eval(config: AlphaBetaConfig, eval: G::Eval) -> Self {
        Self::try_with_eval(config, eval).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A searcher with these settings and the game's default evaluator, or an error if its
    /// transposition table is more than the memory available or cannot be
    /// allocated (see [`crate::memory`]). The table is allocated here, not at the first
    /// search.
    pub fn try_new(config: AlphaBetaConfig) -> Result<Self, MemoryError> {
        Self::try_with_eval(config, G::Eval::default())
    }

    /// [`AlphaBeta::try_new`] with evaluator `eval`.
    pub fn try_with_eval(config: AlphaBetaConfig, eval: G::Eval) -> Result<Self, MemoryError> {
        let table = Table::new(config.hash_mb)?;
        let busy = (config.threads > 1).then(Busy::new);
        Ok(AlphaBeta { config, table: Arc::new(table), eval, seen: Vec::new(), busy })
    }

    /// The contempt in use: the configured one, else the game's default.
    pub fn contempt(&self) -> i32 {
        self.config.contempt.unwrap_or(G::TUNING.contempt)
    }
}

impl<G: EngineGame> Searcher<G> for AlphaBeta<G> {
    fn search(&mut self, game: &G, limits: &Limits, report: Report<'_, G::Move>) -> SearchResult<G::Move> {
        let start = Instant::now();
        let stop = AtomicBool::new(false);
        let counted = AtomicU64::new(0);
        let main_depth = AtomicU32::new(0);
        let contempt = self.contempt();
        let seen = self.seen_before(game.ply());
        let shared = Shared {
            table: &self.table,
            eval: &self.eval,
            stop: &stop,
            counted: &counted,
            main_depth: &main_depth,
            limits,
            start,
            aspiration: self.config.aspiration,
            contempt,
            seen: &seen,
            lmr: self.config.lmr.unwrap_or(G::TUNING.late_move_reductions),
            rivals: self.config.rivals.unwrap_or(G::TUNING.rivals),
            quiescence: self.config.quiescence.unwrap_or(G::TUNING.quiescence_plies),
            model: self.config.model,
            busy: self.busy.as_ref(),
        };
        let mut result = search_threads(&shared, game, self.config.threads, report);
        if result.best.is_none() {
            // Not even depth 1 finished: play the first legal move rather than nothing.
            let mut moves = MoveList::new();
            game.legal_moves(&mut moves);
            result.best = moves.as_slice().first().copied();
        }
        let lost = self.config.lost.unwrap_or(G::TUNING.lost_race);
        if let Some(chosen) = result.best
            && let Some(mv) = lost_race::run_out(game, &self.eval, chosen, result.score, lost)
        {
            result.best = Some(mv);
            result.pv = vec![mv];
        }
        self.remember(game, result.best, contempt);
        result
    }

    fn new_game(&mut self) {
        self.table.clear();
        self.seen.clear();
    }
}
