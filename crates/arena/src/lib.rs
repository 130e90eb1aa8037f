#![doc = include_str!("../README.md")]
//!
//! ## Where things are
//!
//! Matches between Tabula searchers: fair schedules, one clock per seat, game records and
//! statistics, for games of 2 to 6 seats.
//!
//! [`run_match`] plays a [`MatchConfig`]; [`play_game`] plays one game; [`record`] writes and
//! reads PGN-style records; [`report`] turns results into scores and rank tables, with the Elo
//! mathematics in [`elo`] and the sequential probability ratio test in [`sprt`].

// For the workspace's own crates (the command line's match and messages); no promise to others.
#[doc(hidden)]
pub mod budget;
pub mod clock;
pub mod elo;
pub mod engine;
pub mod error;
pub mod game;
pub mod line;
pub mod move_record;
pub mod opening;
pub mod opening_moves;
pub mod player;
#[doc(hidden)]
pub mod plural;
pub mod record;
pub mod report;
pub mod runner;
pub mod schedule;
mod searcher_thread;
#[doc(hidden)]
pub mod seed;
pub mod sprt;
pub mod table;
pub mod time_control;
pub mod ugi;

pub use clock::{Clock, Flagged};
pub use engine::{EngineEntry, Source, unique_names};
pub use error::ArenaError;
pub use game::{
    GameResult, GameSetup, OVERRUN_TOLERANCE, STOP_POLL, Termination, TimeSource, WallClock, play_game, play_game_until,
};
pub use line::{GameLine, LinesRead, read_lines};
pub use move_record::MoveRecord;
pub use opening::{Opening, OpeningBook};
pub use opening_moves::OpeningGame;
pub use player::{Action, FlagRule, Mover, Observer, Person, Player, Review};
pub use record::{Record, parse_records, read_records, seal};
pub use report::MatchStats;
pub use runner::{FinishedGame, MatchConfig, MatchPlan, run_match, run_plan};
pub use schedule::{Seatings, Shard};
pub use searcher_thread::{Answer, Wake};
pub use table::{Refusal, Running, Sitter, Table};
pub use time_control::{TimeControl, TimeControlError};

/// The README's Rust examples, compiled and run by `cargo test --workspace` (the arena
/// depends on the rules and the engine, so every crate the README uses is in reach).
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
