//! Board geometry shared by the games: hex cells and boards, square cells, bitboards, and the
//! shortest paths that find a move's passed cells again.

pub mod bits;
pub mod hex;
pub mod path;
pub mod seating;
pub mod square;
