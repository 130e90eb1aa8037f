//! Lazy SMP: every thread searches the same root with iterative deepening, sharing only
//! the transposition table; what one thread stores guides the others. The main thread's
//! result is the answer, and when it is done every helper stops. Its node count is every
//! thread's.

use std::sync::atomic::Ordering;

use super::deepening::iterate;
use super::worker::{Shared, Worker};
use crate::api::{EngineGame, SearchResult};
use crate::search::Report;

/// Searches `game` on `threads` threads; the main one reports through `report`.
pub(super) fn search_threads<G: EngineGame>(
    shared: &Shared<'_, G>,
    game: &G,
    threads: usize,
    report: Report<'_, G::Move>,
) -> SearchResult<G::Move> {
    let mut result = std::thread::scope(|scope| {
        for t in 1..threads {
            let mut helper = Worker::new(shared, game);
            scope.spawn(move || {
                // Helpers start one ply deeper on odd threads to spread the work.
                let first = 1 + (t as u32 % 2);
                iterate(&mut helper, game, first, &mut |_| {});
            });
        }
        let mut main = Worker::new(shared, game);
        let result = iterate(&mut main, game, 1, report);
        shared.stop.store(true, Ordering::Relaxed);
        result
    });
    // Every helper has stopped and added its last nodes (`iterate` ends with a flush).
    result.nodes = shared.counted.load(Ordering::Relaxed);
    result
}
