//! A game's tuning: the searchers' defaults that differ from game to game, in one value.
//!
//! Each game sets [`EngineGame::TUNING`](crate::api::EngineGame::TUNING), usually as
//! `Tuning { contempt: 100, ..Tuning::DEFAULT }`; an engine spec's keys
//! (`alphabeta:contempt=…`, `mcts:cap=…`) override them one search at a time.

use crate::score::Score;
use crate::search::max_ply::MAX_PLY;
use crate::search::opponent_model::Model;

/// The searchers' defaults for one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuning {
    /// Alpha-beta's contempt (`alphabeta:contempt`), in evaluation units: what a draw costs
    /// the side that searches. 0 by default: a draw is even.
    pub contempt: Score,
    /// Alpha-beta's late move reductions (`alphabeta:lmr`): after this many moves of a node,
    /// quiet moves are tried one ply shallower first. 0 (none) by default.
    pub late_move_reductions: usize,
    /// Alpha-beta's opponent model with three or more seats (`alphabeta:model`). Paranoid
    /// by default.
    pub opponent_model: Model,
    /// Alpha-beta's rivals (`alphabeta:rivals`), in percent: with three or more teams, the
    /// share of the root team's margin taken over the other teams' mean value rather than
    /// the best of them. 0 (the best other team alone) by default. In a game where
    /// material passes between seats, a margin over the best other alone is blind to what a
    /// move hands to a seat that does not lead yet.
    pub rivals: Score,
    /// Alpha-beta's quiescence depth (`alphabeta:quiescence`): how many plies past the
    /// horizon tactical moves are played. As deep as the search tracks ([`MAX_PLY`]) by
    /// default: captures run out, but moves that can answer each other for ever (E's traps
    /// and exchanges) need a bound.
    pub quiescence_plies: u32,
    /// Whether alpha-beta tries the tactical moves of a node right after its hash move and
    /// killers, before the history of cut-offs orders the rest. Yes by default, unless a
    /// game's tactical moves are seldom its best.
    pub tactical_first: bool,
    /// Alpha-beta's lost race (`alphabeta:lost`), in evaluation units: with two seats, a
    /// search score at or below minus this value counts the game as lost, and where the
    /// search's move makes no progress of the mover's own, the move that progresses most is
    /// played instead. For games where holding on only delays the end (a block kept until
    /// the ply cap); 0 (off) by default.
    pub lost_race: Score,
    /// MCTS's truncation (`mcts:cap`): after this many plies a playout is scored by the
    /// evaluator. `None` by default: playouts run to the end of the game.
    pub playout_cap: Option<u32>,
    /// MCTS's weight of implicit minimax backups (`mcts:implicit`, 0 to 1): the evaluator's
    /// values backed up by minimax beside the playouts' rewards. 0 (off) by default.
    pub mcts_implicit: f64,
    /// Whether MCTS counts a position repeated in the game as a draw (`mcts:repeat`), as
    /// alpha-beta does. Yes by default, unless cycles only delay a game's end.
    pub mcts_repeat_draws: bool,
}

impl Tuning {
    /// The defaults every game starts from.
    pub const DEFAULT: Tuning = Tuning {
        contempt: 0,
        late_move_reductions: 0,
        opponent_model: Model::Paranoid,
        rivals: 0,
        quiescence_plies: MAX_PLY as u32,
        tactical_first: true,
        lost_race: 0,
        playout_cap: None,
        mcts_implicit: 0.0,
        mcts_repeat_draws: true,
    };
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning::DEFAULT
    }
}
