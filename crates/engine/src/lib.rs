#![doc = include_str!("../README.md")]
//!
//! ## Where things are
//!
//! Players for every Tabula game, built on the [`Game`](tabula_rules::Game) trait alone:
//! searchers ([`Searcher`]) that take [`Limits`] and report [`SearchInfo`], evaluators
//! ([`Evaluator`]) that score a position for every seat, and the time manager.
//!
//! A game gets players by implementing [`EngineGame`]: an evaluator and, where it helps,
//! a playout policy.

pub mod api;
// For the workspace's own crates (`tabula bench`'s positions, the tables' memory budget); no
// promise to others.
#[doc(hidden)]
pub mod bench;
pub mod eval;
#[doc(hidden)]
pub mod memory;
pub mod playout;
pub mod registry;
pub mod score;
pub mod search;
pub mod settings;
pub mod solve;
pub mod texel;
pub mod time;
#[cfg(test)]
mod toy_games;
pub mod tuning;
pub mod weights;

pub use api::{EngineGame, Evaluator, Limits, Score, SearchInfo, SearchResult, Searcher};
pub use tuning::Tuning;
