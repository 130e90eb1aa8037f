//! Shared mechanics of every game: the [`Game`](game::Game) trait, seats and outcomes,
//! move lists, errors, Zobrist keys and perft.

pub mod drawing;
pub mod ending;
pub mod error;
pub mod game;
pub mod header;
pub mod move_text;
pub mod moves;
pub mod outcome;
pub mod perft;
pub mod settings;
pub mod turn;
pub mod zobrist;
