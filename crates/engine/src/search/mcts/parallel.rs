//! Root parallelism: one tree per thread (seeded `seed + thread index`), each searched
//! until a limit is reached; root visit counts are merged by move at the end (see
//! [`merge`](super::root::merge)). A seed and a node limit make the search deterministic,
//! whatever the number of threads.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::config::MctsConfig;
use super::proof::UNPROVEN;
use super::root::choose;
use super::tree::Tree;
use crate::api::{EngineGame, Limits, SearchInfo};
use crate::playout::PlayoutPolicy;
use crate::search::{Report, thread};

/// Iterations between updates of the shared count, depth checks and reports.
const CHECK_EVERY: u64 = 64;
/// Time between two reports.
const REPORT_EVERY: Duration = Duration::from_millis(100);

/// What every thread's search shares, read-only.
pub(super) struct Ctx<'a, G: EngineGame> {
    pub(super) config: &'a MctsConfig,
    pub(super) policy: &'a dyn PlayoutPolicy<G>,
    pub(super) eval: &'a G::Eval,
    /// The solver is on and the game has two seats.
    pub(super) solver: bool,
    /// The hashes of the positions that occurred earlier in the game, sorted.
    pub(super) history: &'a [u64],
    /// When to stop thinking (as [`Shared::deadline`]): long playouts look at it too.
    pub(super) deadline: Option<Instant>,
}

/// What the threads of one search share.
pub(super) struct Shared<'a> {
    /// Raised when one thread decides the search is over (time, proof).
    pub(super) stop: AtomicBool,
    /// Iterations done so far by all threads (updated in batches).
    pub(super) iterations: AtomicU64,
    pub(super) limits: &'a Limits,
    /// When to stop thinking.
    pub(super) deadline: Option<Instant>,
    pub(super) start: Instant,
}

impl<'a> Shared<'a> {
    /// The state shared by the threads of a search that started at `start`: it stops at
    /// the earlier of the soft and hard times.
    pub(super) fn new(limits: &'a Limits, start: Instant) -> Self {
        let deadline = match (limits.soft_time, limits.hard_time) {
            (Some(s), Some(h)) => Some(start + s.min(h)),
            (Some(t), None) | (None, Some(t)) => Some(start + t),
            (None, None) => None,
        };
        Shared { stop: AtomicBool::new(false), iterations: AtomicU64::new(0), limits, deadline, start }
    }
}

/// Searches each tree on its own thread, the first on this one (the only one to report);
/// a node limit is shared out evenly. Returns the iterations done by all.
pub(super) fn search_trees<G: EngineGame>(
    trees: &mut [Tree<G>],
    ctx: &Ctx<'_, G>,
    shared: &Shared<'_>,
    report: Report<'_, G::Move>,
) -> u64 {
    let (threads, limits) = (trees.len(), shared.limits);
    let caps: Vec<Option<u64>> = (0..threads as u64)
        .map(|i| limits.nodes.map(|n| n / threads as u64 + u64::from(i < n % threads as u64)))
        .collect();
    let (first, rest) = trees.split_first_mut().expect("one tree at least");
    let mut total = 0;
    std::thread::scope(|scope| {
        let handles: Vec<_> = rest
            .iter_mut()
            .zip(&caps[1..])
            .enumerate()
            // A tree whose thread cannot start is left unsearched.
            .filter_map(|(i, (tree, &cap))| {
                thread::spawn_scoped(scope, format!("mcts tree {}", i + 1), move || tree.run(ctx, shared, cap, None))
                    .ok()
            })
            .collect();
        total += first.run(ctx, shared, caps[0], Some(report));
        // Thread 0 is done: the others stop too (a time or node limit hit them alike).
        if limits.nodes.is_none() {
            shared.stop.store(true, Ordering::Relaxed);
        }
        for handle in handles {
            total += handle.join().expect("an MCTS thread panicked");
        }
    });
    total
}

impl<G: EngineGame> Tree<G> {
    /// Searches until a limit is reached; returns the iterations done.
    pub(super) fn run(
        &mut self,
        ctx: &Ctx<'_, G>,
        shared: &Shared<'_>,
        cap: Option<u64>,
        mut report: Option<Report<'_, G::Move>>,
    ) -> u64 {
        let (limits, deadline, start) = (shared.limits, shared.deadline, shared.start);
        let (mut iterations, mut pending) = (0u64, 0u64);
        let mut next_report = start + REPORT_EVERY;
        loop {
            if cap.is_some_and(|cap| iterations >= cap)
                || shared.stop.load(Ordering::Relaxed)
                || limits.stopped()
                || (ctx.solver && self.nodes[0].proof != UNPROVEN)
            {
                break;
            }
            // The clock is read every iteration: a playout takes tens of microseconds (far
            // more on a loaded machine), a clock read tens of nanoseconds.
            let now = Instant::now();
            if deadline.is_some_and(|d| now >= d) {
                shared.stop.store(true, Ordering::Relaxed);
                break;
            }
            if iterations.is_multiple_of(CHECK_EVERY) {
                shared.iterations.fetch_add(pending, Ordering::Relaxed);
                pending = 0;
                if let Some(depth) = limits.depth
                    && iterations > 0
                    && self.line_reaches(depth)
                {
                    shared.stop.store(true, Ordering::Relaxed);
                    break;
                }
                if let Some(report) = report.as_mut()
                    && now >= next_report
                {
                    let nodes = shared.iterations.load(Ordering::Relaxed);
                    let stats = self.root_stats();
                    let (best, score) = choose(&stats, self.seats);
                    let pv = self.pv(best.map(|b| stats[b].mv));
                    let info = SearchInfo { depth: pv.len() as u32, score, nodes, time: now - start, pv };
                    report(&info);
                    next_report = now + REPORT_EVERY;
                }
            }
            self.iterate(ctx);
            iterations += 1;
            pending += 1;
        }
        // A proven root ends the whole search, except under a node limit: there each tree
        // runs to its own share or its own proof, so that where the others stop does not
        // depend on when this one finished, and a seed gives the same search every run.
        if ctx.solver && self.nodes[0].proof != UNPROVEN && limits.nodes.is_none() {
            shared.stop.store(true, Ordering::Relaxed);
        }
        shared.iterations.fetch_add(pending, Ordering::Relaxed);
        iterations
    }
}
