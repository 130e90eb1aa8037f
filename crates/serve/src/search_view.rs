//! A search's report as the page shows it.

use std::time::Duration;

use serde::Serialize;

/// A search's latest report.
#[derive(Clone, Debug, Serialize)]
pub struct SearchView {
    /// The seat it searches for.
    pub seat: usize,
    /// The depth completed.
    pub depth: u32,
    /// The score for that seat, in centi-units.
    pub score: i32,
    /// Nodes (MCTS: iterations) searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds spent.
    pub ms: u64,
    /// The principal variation, in notation.
    pub pv: Vec<String>,
    /// Whether the search is still running.
    pub running: bool,
}

impl SearchView {
    /// A report of a search for `seat`.
    pub fn new(
        seat: usize,
        depth: u32,
        score: i32,
        nodes: u64,
        time: Duration,
        pv: Vec<String>,
        running: bool,
    ) -> Self {
        let secs = time.as_secs_f64();
        let nps = if secs > 0.0 { (nodes as f64 / secs) as u64 } else { 0 };
        SearchView { seat, depth, score, nodes, nps, ms: time.as_millis() as u64, pv, running }
    }
}
