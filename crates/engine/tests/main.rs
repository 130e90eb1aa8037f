//! The engine's integration tests, one binary: each module checks the searchers from the
//! outside, through the public API only.

mod contempt;
mod endgames_and_limits;
mod icelights;
mod opponent_models;
