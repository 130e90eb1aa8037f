//! A careful playout policy for Icelights: uniform random turns rarely aim at anything,
//! but about one in ten hits the mover's own Tower, so uniform playouts mostly end in
//! blunders. This policy draws a few random turns and plays the first that wins at once,
//! else the first that does not lose at once.

use rand::Rng;
use rand::rngs::SmallRng;
use tabula_rules::Game;
use tabula_rules::games::icelights::{Icelights, IlMove};

use super::PlayoutPolicy;

/// Draws `samples` random turns; prefers a win, then a turn that does not lose.
#[derive(Clone, Copy, Debug)]
pub struct IlCareful {
    /// Turns drawn per ply.
    pub samples: u32,
}

impl Default for IlCareful {
    fn default() -> Self {
        IlCareful { samples: 6 }
    }
}

impl PlayoutPolicy<Icelights> for IlCareful {
    fn choose(&self, game: &Icelights, moves: &[IlMove], rng: &mut SmallRng) -> IlMove {
        let me = game.to_move();
        let mut fallback = None;
        for _ in 0..self.samples {
            let mv = moves[rng.random_range(0..moves.len())];
            let mut child = *game;
            child.play(mv);
            match child.outcome() {
                None => {
                    fallback.get_or_insert(mv);
                }
                Some(o) if o.score(me) >= 1.0 => return mv,
                Some(o) if o.score(me) > 0.0 => {
                    fallback.get_or_insert(mv);
                }
                Some(_) => {}
            }
        }
        fallback.unwrap_or_else(|| moves[rng.random_range(0..moves.len())])
    }
}
