//! Shared mechanics of every game: the [`Game`](game::Game) trait, seats and outcomes,
//! move lists, errors and perft.

// The notations' and tests' building blocks: hidden from the documentation, no promise to others.
#[doc(hidden)]
pub mod drawing;
pub mod ending;
pub mod error;
pub mod game;
#[doc(hidden)]
pub mod header;
pub mod move_text;
pub mod moves;
pub mod outcome;
pub mod perft;
pub mod settings;
pub mod turn;
#[doc(hidden)]
pub mod zobrist;
