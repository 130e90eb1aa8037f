//! Exact rules for the Tabula games: geometry, the [`Game`] trait, move generation,
//! notation and perft.
//!
//! Every game implements [`Game`]; generic code (perft, the engine, the arena) works
//! through that trait alone.
//!
//! ```
//! use tabula_rules::{Game, MoveList, perft};
//! use tabula_rules::games::chinese_checkers::{ChineseCheckers, CcOptions};
//!
//! let mut game = ChineseCheckers::new(&CcOptions::default()).unwrap();
//! let mut moves = MoveList::new();
//! game.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 14);
//!
//! assert_eq!(perft(&game, 2), 196);
//!
//! let mv = game.parse_move("k15-i13").unwrap();   // one hop SW over j14
//! assert_eq!(game.format_move(mv), "k15-i13");
//! game.play(mv);
//!
//! let text = game.to_text();
//! assert_eq!(ChineseCheckers::from_text(&text).unwrap().to_text(), text);
//! ```

pub mod core;
pub mod games;
pub mod geometry;

pub use crate::core::error::{NotationError, RulesError};
pub use crate::core::game::{Game, GameOptions};
pub use crate::core::move_text::{BadMove, play_move_words, play_moves};
pub use crate::core::moves::{Listed, MoveList};
pub use crate::core::outcome::{Finish, MAX_SEATS, Outcome, Seat};
pub use crate::core::perft::{Leaves, perft, perft_divide, perft_made, perft_parallel};
