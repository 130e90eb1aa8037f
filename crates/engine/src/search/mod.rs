//! The searchers: alpha-beta, MCTS, the `minimax` yardstick, and the simple `greedy` and
//! `random` players.

pub mod alphabeta;
pub mod max_ply;
pub mod mcts;
pub mod minimax;
pub mod opponent_model;
pub mod simple;
pub mod table;
pub mod thread;

use crate::api::SearchInfo;

/// The report callback of [`Searcher::search`](crate::Searcher::search).
pub(crate) type Report<'a, M> = &'a mut dyn FnMut(&SearchInfo<M>);

/// Positions for the searchers' tests.
#[cfg(test)]
pub(crate) mod testing {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    use tabula_rules::{Game, MoveList};

    /// The position after `plies` random moves of the game of `options` (fewer if it ends).
    pub(crate) fn random_position<G: Game>(options: &G::Options, plies: usize, seed: u64) -> G {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut g = G::new(options).unwrap();
        let mut list = MoveList::new();
        for _ in 0..plies {
            g.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            g.play(list.as_slice()[rng.random_range(0..list.len())]);
        }
        g
    }
}
