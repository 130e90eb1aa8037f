//! The engine strengths the page offers: weak searchers or shallow depths that a beginner
//! can beat, then the game's own engine at the thinking times of the seed (5 s for a
//! beginner, 30 to 45 s for a fair challenge) and longer.

use serde::Serialize;

/// A strength for the engine seats: the searcher every engine seat gets and the thinking
/// time a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Level {
    /// Its name on the page.
    pub name: &'static str,
    /// What playing it is like.
    pub doc: &'static str,
    /// The engine spec of every engine seat; `None`: the game's default engine for the
    /// player count (the catalog's `default_engines`).
    pub engine: Option<&'static str>,
    /// The thinking time a move, in milliseconds (for a depth-capped searcher, at most).
    pub think_ms: u64,
}

/// The levels, weakest first.
pub const LEVELS: [Level; 6] = [
    Level {
        name: "1 · random",
        doc: "plays any legal move at random: for learning the rules",
        engine: Some("random"),
        think_ms: 1_000,
    },
    Level {
        name: "2 · one move ahead",
        doc: "takes the move that looks best at once (plain minimax, 1 ply), never thinking of the reply",
        engine: Some("minimax:depth=1"),
        think_ms: 5_000,
    },
    Level {
        name: "3 · two moves ahead",
        doc: "looks at each reply too (plain minimax, 2 plies): sees threats, misses plans",
        engine: Some("minimax:depth=2"),
        think_ms: 5_000,
    },
    Level {
        name: "4 · 5 s a move",
        doc: "the game's engine, 5 s a move (the seed's level for beginners)",
        engine: None,
        think_ms: 5_000,
    },
    Level {
        name: "5 · 30 s a move",
        doc: "the game's engine, 30 s a move (the seed's intermediate level, 30 to 45 s)",
        engine: None,
        think_ms: 30_000,
    },
    Level {
        name: "6 · 60 s a move",
        doc: "the game's engine, a minute a move: for experts",
        engine: None,
        think_ms: 60_000,
    },
];

/// The level a new page starts with (an index of [`LEVELS`]): one a newcomer can beat.
pub const DEFAULT_LEVEL: usize = 2;
