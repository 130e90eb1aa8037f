//! Playout policies for Monte Carlo tree search: how a simulated game picks its moves.
//!
//! [`Uniform`] works for every game; [`chinese_checkers::CcForward`] prefers moves that
//! run toward the target so that simulated races end in a few hundred plies.

pub mod chinese_checkers;
pub mod e;
pub mod icelights;

use rand::Rng;
use rand::rngs::SmallRng;
use tabula_rules::{Game, MoveList};

/// Picks the moves of a simulated game.
pub trait PlayoutPolicy<G: Game>: Send + Sync {
    /// One of `moves` (the legal moves of `game`, never empty).
    fn choose(&self, game: &G, moves: &[G::Move], rng: &mut SmallRng) -> G::Move;

    /// Plays `game` on until it ends or `max_plies` more plies are played, choosing as
    /// [`choose`](Self::choose) would; returns the plies played. The default is
    /// [`playout`]; a policy may play the same moves faster without listing them.
    fn play_out(&self, game: &mut G, rng: &mut SmallRng, moves: &mut MoveList<G::Move>, max_plies: u32) -> u32 {
        playout(game, self, rng, moves, max_plies)
    }
}

/// Every legal move equally likely.
#[derive(Clone, Copy, Debug, Default)]
pub struct Uniform;

impl<G: Game> PlayoutPolicy<G> for Uniform {
    #[inline]
    fn choose(&self, _: &G, moves: &[G::Move], rng: &mut SmallRng) -> G::Move {
        moves[rng.random_range(0..moves.len())]
    }
}

/// Plays `game` on with `policy` until it ends or `max_plies` more plies are played;
/// returns the plies played. `moves` is scratch space, so a playout never allocates.
pub fn playout<G: Game, P: PlayoutPolicy<G> + ?Sized>(
    game: &mut G,
    policy: &P,
    rng: &mut SmallRng,
    moves: &mut MoveList<G::Move>,
    max_plies: u32,
) -> u32 {
    let mut plies = 0;
    while plies < max_plies && !game.is_over() {
        game.legal_moves(moves);
        let mv = match moves.as_slice() {
            [] => break,
            [only] => *only,
            list => policy.choose(game, list, rng),
        };
        game.play(mv);
        plies += 1;
    }
    plies
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};

    #[test]
    fn uniform_picks_legal_moves_and_is_seeded() {
        let start = ChineseCheckers::new(&CcOptions::default()).unwrap();
        let run = |seed| {
            let mut g = start;
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut moves = MoveList::new();
            let plies = playout(&mut g, &Uniform, &mut rng, &mut moves, 50);
            assert_eq!(plies, 50);
            assert_eq!(g.hash(), g.hash_from_scratch());
            g.to_text()
        };
        assert_eq!(run(3), run(3));
        assert_ne!(run(3), run(4));
    }
}
