//! Iterative deepening with aspiration windows: depth 1, 2, ... while the time allows,
//! each iteration searched first in a window around the last score, widened on a fail; a
//! limit that cuts an iteration short keeps what it found at the root.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::MAX_PLY;
use super::maxn::Parent;
use super::worker::Worker;
use crate::api::{EngineGame, SearchInfo, SearchResult, score};
use crate::search::Report;

/// One thread's iterative deepening; reports completed iterations through `report`.
pub(super) fn iterate<G: EngineGame>(
    worker: &mut Worker<'_, G>,
    game: &G,
    first_depth: u32,
    report: Report<'_, G::Move>,
) -> SearchResult<G::Move> {
    let (limits, start, aspiration) = (worker.limits, worker.start, worker.aspiration);
    let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 2).min(MAX_PLY as u32 - 2);
    let mut result = SearchResult { best: None, score: 0, pv: Vec::new(), nodes: 0, depth: 0, time: Duration::ZERO };
    let mut last_iteration = Duration::ZERO;
    let mut depth = first_depth.min(max_depth);
    while depth <= max_depth {
        // The main thread says where it is; a helper keeps a ply ahead of it, so that its
        // table entries are deeper than what the main thread searches next. At the last
        // depth it searches beside the main thread, on the moves the main thread is not in.
        if worker.helper {
            depth = depth.max((worker.main_depth.load(Ordering::Relaxed) + 1).min(max_depth));
            if depth > max_depth {
                break;
            }
        } else {
            worker.main_depth.store(depth, Ordering::Relaxed);
        }
        // A fixed time per move (the soft target is the hard cap) has nothing to save for
        // later moves: the next iteration is always started, and the hard cap ends the last.
        if let Some(soft) = limits.soft_time
            && limits.hard_time.is_none_or(|hard| soft < hard)
            && depth > first_depth
            && !crate::time::should_start_iteration(start.elapsed(), last_iteration, soft)
        {
            break;
        }
        let began = Instant::now();
        let (mut lo, mut hi) = if depth > 1 && result.score.abs() < score::WIN_THRESHOLD {
            (result.score - aspiration, result.score + aspiration)
        } else {
            (-score::INFINITY, score::INFINITY)
        };
        let mut widen = aspiration;
        let outcome = if worker.maxn {
            // max^n has no window: the root seat's value among everyone's.
            worker.maxn(game, depth as i32, 0, Parent::ROOT).map(|v| v[worker.root.index()])
        } else {
            loop {
                match worker.negamax(game, depth as i32, 0, lo, hi) {
                    Ok(v) if v <= lo && lo > -score::INFINITY => lo = (v - widen).max(-score::INFINITY),
                    Ok(v) if v >= hi && hi < score::INFINITY => hi = (v + widen).min(score::INFINITY),
                    other => break other,
                }
                widen *= 4;
            }
        };
        let Ok(value) = outcome else {
            // An unfinished iteration searched the last best move first, so a move at the
            // head of its principal variation beat every root move searched before it at
            // this depth: it is played, with the score it got (the depth stays the last
            // finished one).
            if let Some(&best) = worker.pv[0].first() {
                let pv = worker.pv[0].clone();
                result = SearchResult { best: Some(best), score: worker.root_value, pv, ..result };
            }
            break;
        };
        last_iteration = began.elapsed();
        let pv = worker.pv[0].clone();
        let nodes = worker.all_nodes();
        result = SearchResult { best: pv.first().copied(), score: value, pv, nodes, depth, time: start.elapsed() };
        report(&SearchInfo { depth, score: value, nodes, time: result.time, pv: result.pv.clone() });
        if value.abs() >= score::WIN_THRESHOLD && (score::WIN - value.abs()) as u32 <= depth {
            break; // a proven result no deeper search can change
        }
        depth += 1;
    }
    result.nodes = worker.all_nodes();
    result.time = start.elapsed();
    result
}
