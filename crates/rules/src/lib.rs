#![doc = include_str!("../README.md")]

pub mod core;
pub mod games;
pub mod geometry;

pub use crate::core::error::{NotationError, RulesError};
pub use crate::core::game::{Game, GameOptions};
pub use crate::core::move_text::{BadMove, play_move_words, play_moves};
pub use crate::core::moves::{Listed, MoveList};
pub use crate::core::outcome::{Finish, MAX_SEATS, Outcome, Seat};
pub use crate::core::perft::{Leaves, perft, perft_divide, perft_made, perft_parallel};
