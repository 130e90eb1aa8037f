//! The searchers: alpha-beta, MCTS, the `minimax` yardstick, and the simple `greedy` and
//! `random` players.

pub mod alphabeta;
pub mod mcts;
pub mod minimax;
pub mod simple;
pub mod table;

use crate::api::SearchInfo;

/// The report callback of [`Searcher::search`](crate::Searcher::search).
pub(crate) type Report<'a, M> = &'a mut dyn FnMut(&SearchInfo<M>);
