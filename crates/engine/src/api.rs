//! The engine's traits and the values searches take and give.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub use crate::score::{self, Score};
use crate::tuning::Tuning;
use crate::weights::Tunable;
use tabula_rules::{Game, MAX_SEATS};

/// What a search may spend.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Aim to finish by this time (the time manager's soft target).
    pub soft_time: Option<Duration>,
    /// Never think longer than this (the hard cap).
    pub hard_time: Option<Duration>,
    /// Search at most this many plies deep (iterations for MCTS are not limited by it).
    pub depth: Option<u32>,
    /// Visit at most this many nodes (MCTS: iterations).
    pub nodes: Option<u64>,
    /// Raised by another thread to stop the search at once.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// No limit but the stop flag: think until stopped.
    pub fn infinite() -> Self {
        Limits::default()
    }
    /// A fixed thinking time per move, like the Echelon applet's AI.
    pub fn think(time: Duration) -> Self {
        Limits { soft_time: Some(time), hard_time: Some(time), ..Limits::default() }
    }
    /// Search to a fixed depth.
    pub fn depth(depth: u32) -> Self {
        Limits { depth: Some(depth), ..Limits::default() }
    }
    /// Search a fixed number of nodes.
    pub fn nodes(nodes: u64) -> Self {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }
    /// Whether the stop flag is raised.
    pub fn stopped(&self) -> bool {
        self.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// A report during the search, one per completed iteration.
#[derive(Clone, Debug)]
pub struct SearchInfo<M> {
    /// Completed depth (MCTS: the depth of the principal variation).
    pub depth: u32,
    /// The score for the seat to move.
    pub score: Score,
    /// Nodes (MCTS: iterations) so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation, best move first.
    pub pv: Vec<M>,
}

impl<M> SearchInfo<M> {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let secs = self.time.as_secs_f64();
        if secs > 0.0 { (self.nodes as f64 / secs) as u64 } else { 0 }
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the game is over.
    pub best: Option<M>,
    /// The score for the seat to move.
    pub score: Score,
    /// The principal variation.
    pub pv: Vec<M>,
    /// Nodes (MCTS: iterations) searched.
    pub nodes: u64,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Time spent.
    pub time: Duration,
}

/// A player: picks a move for the seat to move within the limits.
pub trait Searcher<G: Game>: Send {
    /// Searches `game` and returns the best move found. `report` is called after every
    /// completed iteration.
    fn search(
        &mut self,
        game: &G,
        limits: &Limits,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move>;
    /// Forgets everything learned about the previous game.
    fn new_game(&mut self) {}
    /// Draws random choices from `seed` from now on (a match runner gives every game its
    /// own seed, so that random players do not repeat one game). Deterministic searchers
    /// ignore it.
    fn reseed(&mut self, _seed: u64) {}
}

/// A static evaluation: one value per seat, higher is better for that seat.
pub trait Evaluator<G: Game>: Send + Sync {
    /// The value of the position for every seat (entries past `game.seats()` are 0).
    fn evaluate(&self, game: &G) -> [Score; MAX_SEATS];
}

/// A game the engine can play: its default evaluator and playout policy.
pub trait EngineGame: Game {
    /// The evaluator searches use; its `Default` has the weights of the game's file in
    /// `crates/engine/weights/`, and an engine spec's `weights=PATH` sets others.
    type Eval: Evaluator<Self> + Default + Clone + Tunable + 'static;
    /// The game's plainest score for every seat, what the `minimax` yardstick searches
    /// over: captured points, minus the distance still to run, or the moves a seat has
    /// (entries past `self.seats()` are 0).
    fn plain_value(&self) -> [Score; MAX_SEATS];
    /// The searchers' defaults for this game (contempt, reductions, opponent model,
    /// quiescence, MCTS's playout cap and backups, ...): [`Tuning::DEFAULT`] unless the game
    /// sets some of them.
    const TUNING: Tuning = Tuning::DEFAULT;
    /// The share, in percent (0 to 100), of a draw in the static evaluation of this
    /// unfinished position: alpha-beta adds that share of the draw's value (its contempt)
    /// to the evaluation. Martian Chess: a running clock with the points lead shared, as
    /// the positional terms fade. By default 0.
    fn draw_share(&self) -> Score {
        0
    }
    /// Whether `mv`, by the seat to move, only settles for a draw (Martian Chess: calling
    /// the clock without leading by two points, a lead one pawn taken back cannot level).
    /// With a positive contempt alpha-beta tries these last at its root and plays one only
    /// when it is strictly better than every other move: when a draw is all the search can
    /// prove either way, it plays on. By default none.
    fn seeks_draw(&self, _mv: Self::Move) -> bool {
        false
    }
    /// The searcher that plays this position when nobody names one (`tabula play`, `go` and
    /// `ugi` without `--engine`, the web board's opponents): the one that scores best in
    /// `docs/strength.md`. `alphabeta` unless a game says otherwise.
    fn default_engine(&self) -> &'static str {
        "alphabeta"
    }
    /// The evaluator MCTS scores truncated playouts with (and backs up with `implicit`),
    /// made from the game's evaluator `eval`: `eval` itself unless the game sets some of its
    /// weights apart for MCTS.
    fn mcts_eval(eval: Self::Eval) -> Self::Eval {
        eval
    }
    /// The playout policy MCTS uses by default.
    fn playout_policy() -> std::sync::Arc<dyn crate::playout::PlayoutPolicy<Self>> {
        std::sync::Arc::new(crate::playout::Uniform)
    }
    /// Whether a move is tactical (a capture, a beam threat): alpha-beta's quiescence
    /// search plays these past the horizon. Races have none.
    fn is_tactical(&self, _mv: Self::Move) -> bool {
        false
    }
}
