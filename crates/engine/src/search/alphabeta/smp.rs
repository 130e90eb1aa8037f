//! Lazy SMP: every thread searches the same root with iterative deepening, sharing only
//! the transposition table; what one thread stores guides the others. Helpers on odd
//! threads start a ply deeper, and every helper keeps a ply ahead of the main thread's
//! iteration; at a depth limit, it searches the last depth beside the main thread. Where
//! two threads meet in a node, each passes over the moves the other is in (`busy.rs`), so
//! they split the node's moves between them. The search ends when the main thread ends, or
//! when a helper ends on its own (it proved a result, saw the time out or finished the last
//! depth) with an answer as deep as the main thread's iteration: then every thread stops,
//! and the answer is the deepest completed iteration of any thread, the main thread's on a
//! tie. Its node count is every thread's.

use std::sync::Mutex;
use std::sync::atomic::Ordering;

use super::deepening::iterate;
use super::worker::{Shared, Worker};
use crate::api::{EngineGame, SearchInfo, SearchResult};
use crate::search::{Report, thread};

/// Searches `game` on `threads` threads; the main one reports through `report`.
pub(super) fn search_threads<G: EngineGame>(
    shared: &Shared<'_, G>,
    game: &G,
    threads: usize,
    report: Report<'_, G::Move>,
) -> SearchResult<G::Move> {
    // The deepest iteration a helper completed.
    let deepest: Mutex<Option<SearchResult<G::Move>>> = Mutex::new(None);
    let mut result = std::thread::scope(|scope| {
        for t in 1..threads {
            let mut helper = Worker::new(shared, game);
            helper.helper = true;
            let deepest = &deepest;
            // A helper whose thread cannot start is one helper fewer.
            let _ = thread::spawn_scoped(scope, format!("search helper {t}"), move || {
                let first = 1 + (t as u32 % 2);
                let done = iterate(&mut helper, game, first, &mut |_| {});
                // Finished on its own with an answer at least as deep as the iteration the
                // main thread is in: nothing left to wait for. Under a depth limit the main
                // thread reports every depth below its last, so there a helper ends the
                // search only from the main thread's last iteration, with that depth done.
                let main = shared.main_depth.load(Ordering::Relaxed);
                let ends = match shared.limits.depth {
                    None => done.depth >= main,
                    Some(_) => done.depth == main,
                };
                if ends {
                    shared.stop.store(true, Ordering::Relaxed);
                }
                if done.depth > 0 {
                    let mut best = deepest.lock().unwrap_or_else(|e| e.into_inner());
                    if best.as_ref().is_none_or(|b| done.depth > b.depth) {
                        *best = Some(done);
                    }
                }
            });
        }
        let mut main = Worker::new(shared, game);
        let result = iterate(&mut main, game, 1, report);
        shared.stop.store(true, Ordering::Relaxed);
        result
    });
    // Every helper has stopped and added its last nodes (`iterate` ends with a flush).
    let nodes = shared.counted.load(Ordering::Relaxed);
    if let Some(helper) = deepest.into_inner().unwrap_or_else(|e| e.into_inner())
        && helper.depth > result.depth
        && helper.best.is_some()
    {
        report(&SearchInfo {
            depth: helper.depth,
            score: helper.score,
            nodes,
            time: helper.time,
            pv: helper.pv.clone(),
        });
        result = SearchResult { time: result.time.max(helper.time), ..helper };
    }
    result.nodes = nodes;
    result
}
