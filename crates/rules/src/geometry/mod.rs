//! Board geometry shared by the games: hex cells and boards, square cells, bitboards.

pub mod bits;
pub mod hex;
pub mod seating;
pub mod square;
