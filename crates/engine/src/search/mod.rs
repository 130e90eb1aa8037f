//! The searchers: alpha-beta, MCTS, and the simple `greedy` and `random` players.

pub mod alphabeta;
pub mod mcts;
pub mod simple;
pub mod table;
