//! One module per game. A game never imports another; shared mechanics live in
//! [`crate::geometry`] and [`crate::core`].

pub mod chinese_checkers;
pub mod echelon;
pub mod icelights;
pub mod martian_chess;
