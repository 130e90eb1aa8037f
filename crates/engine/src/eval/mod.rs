//! Evaluators, one module per game, and the [`EngineGame`](crate::EngineGame) impls that
//! tie each game to its evaluator.

pub mod chinese_checkers;
pub mod e;
pub mod echelon;
pub mod icelights;
pub mod martian_chess;
