//! `minimax`: the plain yardstick. A textbook alpha-beta search over the game's plainest
//! score ([`EngineGame::plain_value`]: points, the race's distance, the moves a seat has),
//! the kind of player a hobby program has: moves in the order the generator gives them,
//! no transposition table, no quiescence, no repetition handling, no reductions. With
//! three or more seats it is paranoid: the root seat's team maximizes its margin over the
//! best other team, every other seat minimizes it.
//!
//! It searches to `minimax:depth=N` (or the limits' depth), or deepens one ply at a time
//! until the time is up and plays the best move of the deepest finished iteration. It is
//! deterministic: the same position and limits give the same move.

use std::time::{Duration, Instant};

use tabula_rules::{Game, MAX_SEATS, MoveList, Seat};

use crate::api::{EngineGame, Evaluator, Limits, Score, SearchInfo, SearchResult, Searcher, score};
use crate::search::Report;
use crate::search::simple::margin;

/// The deepest iteration minimax starts.
pub const MAX_DEPTH: u32 = 64;

/// How many nodes pass between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1024;

/// The game's plain score as an evaluator, so that [`margin`] applies to it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Plain;

impl<G: EngineGame> Evaluator<G> for Plain {
    fn evaluate(&self, game: &G) -> [Score; MAX_SEATS] {
        game.plain_value()
    }
}

/// The plain alpha-beta player (see the module docs).
#[derive(Clone, Debug, Default)]
pub struct Minimax {
    /// The depth it searches to; `None`: deepen until the time is up.
    pub depth: Option<u32>,
}

/// One search's clock, node count and principal variations.
struct Run<'a, G: Game> {
    root: Seat,
    limits: &'a Limits,
    start: Instant,
    nodes: u64,
    aborted: bool,
    /// `pv[ply]`: the best line found below the node at `ply` in the current iteration.
    pv: Vec<Vec<G::Move>>,
    /// One move list per ply, reused.
    moves: Vec<MoveList<G::Move>>,
}

impl<G: Game> Run<'_, G> {
    /// Whether the search must stop now: the hard time, the node limit or the stop flag.
    fn out_of_time(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            let hard = self.limits.hard_time.is_some_and(|t| self.start.elapsed() >= t);
            self.aborted = hard || self.limits.stopped();
        }
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.aborted = true;
        }
        self.aborted
    }
}

impl Minimax {
    /// Alpha-beta to `depth` plies below `ply`; the value is the root seat's margin.
    fn alphabeta<G: EngineGame>(
        &self,
        run: &mut Run<'_, G>,
        game: &G,
        depth: u32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        run.pv[ply].clear();
        if run.out_of_time() {
            return 0;
        }
        run.nodes += 1;
        if game.is_over() || depth == 0 {
            return score::from_below(margin(&Plain, game, run.root), ply as u32);
        }
        let maximizing = game.team(game.to_move()) == game.team(run.root);
        let mut moves = std::mem::take(&mut run.moves[ply]);
        game.legal_moves(&mut moves);
        let mut best = if maximizing { -score::INFINITY } else { score::INFINITY };
        for &mv in &moves {
            let mut child = game.clone();
            child.play(mv);
            let value = self.alphabeta(run, &child, depth - 1, ply + 1, alpha, beta);
            if run.aborted {
                break;
            }
            let better = if maximizing { value > best } else { value < best };
            if better {
                best = value;
                let (head, tail) = run.pv.split_at_mut(ply + 1);
                head[ply].clear();
                head[ply].push(mv);
                head[ply].extend_from_slice(&tail[0]);
            }
            if maximizing {
                alpha = alpha.max(value);
            } else {
                beta = beta.min(value);
            }
            if alpha >= beta {
                break;
            }
        }
        run.moves[ply] = moves;
        best
    }
}

impl<G: EngineGame> Searcher<G> for Minimax {
    fn search(&mut self, game: &G, limits: &Limits, report: Report<'_, G::Move>) -> SearchResult<G::Move> {
        let start = Instant::now();
        let mut root_moves = MoveList::new();
        game.legal_moves(&mut root_moves);
        let first = root_moves.iter().next().copied();
        let cap = match (self.depth, limits.depth) {
            (Some(a), Some(b)) => a.min(b),
            (a, b) => a.or(b).unwrap_or(MAX_DEPTH),
        }
        .clamp(1, MAX_DEPTH);
        let slots = cap as usize + 2;
        let mut run = Run {
            root: game.to_move(),
            limits,
            start,
            nodes: 0,
            aborted: false,
            pv: vec![Vec::new(); slots],
            moves: (0..slots).map(|_| MoveList::new()).collect(),
        };
        let mut result = SearchResult {
            best: first,
            score: 0,
            pv: first.into_iter().collect(),
            nodes: 0,
            depth: 0,
            time: Duration::ZERO,
        };
        if !root_moves.is_empty() {
            for depth in 1..=cap {
                let value = self.alphabeta(&mut run, game, depth, 0, -score::INFINITY, score::INFINITY);
                if run.aborted {
                    break;
                }
                result.best = run.pv[0].first().copied().or(first);
                result.score = value;
                result.pv = run.pv[0].clone();
                result.depth = depth;
                let info =
                    SearchInfo { depth, score: value, nodes: run.nodes, time: start.elapsed(), pv: result.pv.clone() };
                report(&info);
                let soft = limits.soft_time.is_some_and(|t| start.elapsed() >= t);
                if soft || value.abs() >= score::WIN_THRESHOLD {
                    break;
                }
            }
        }
        result.nodes = run.nodes;
        result.time = start.elapsed();
        result
    }
}

#[cfg(test)]
mod tests;
