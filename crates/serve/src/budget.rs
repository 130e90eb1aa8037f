//! What the server lets its sessions take: engine games kept at once, the memory of their
//! tables, the threads and thinking time of one engine, and how long a session may be left
//! alone. The defaults fit a laptop; `tabula serve`'s flags change them.
//!
//! Every table an engine builds is also claimed from the process's memory budget
//! (`tabula_engine::memory`), which refuses what the machine does not have; the server's
//! own budget keeps the board's share of it small whatever the machine has.

use std::time::Duration;

use serde::Serialize;

/// The server's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Budget {
    /// Sessions with an engine kept at once; starting one more ends the engine session
    /// left alone longest.
    pub engine_games: usize,
    /// MB of engine tables (`hash`, `memory`) all sessions may hold; starting one that
    /// would pass it ends the sessions left alone longest until it fits.
    pub table_mb: usize,
    /// The most search threads one engine may use.
    pub threads: usize,
    /// The longest thinking time a session may ask for, in milliseconds.
    pub think_ms: u64,
    /// A session no request has used for this long is ended and its engines stopped.
    #[serde(skip)]
    pub idle: Duration,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            engine_games: 8,
            table_mb: 1024,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            think_ms: 600_000,
            idle: Duration::from_secs(30 * 60),
        }
    }
}

/// What a session takes from the budget.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    /// Whether an engine sits at it.
    pub engine: bool,
    /// MB of its engines' tables.
    pub table_mb: usize,
}
