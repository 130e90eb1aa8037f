//! The E evaluator: a race with traps. Each seat is valued by
//!
//! * **race**: the turns its pieces still need to reach the goal sector (the hex distance
//!   over the piece's size: a large covers three cells a turn, a small one);
//! * **goal crowding**: its pieces in the goal beyond one a cell (the goal needs one each);
//! * **trapped**: its pieces under a larger piece of another seat, which it cannot move
//!   until the guard leaves or an exchange frees them;
//! * **guards**: the pieces of others it traps (each is a trade it can force).
//!
//! Values are per seat; searches compare them as their opponent model says.

use tabula_rules::MAX_SEATS;
use tabula_rules::games::e::{E, EMove, TABLES};
use tabula_rules::geometry::bits::has;
use tabula_rules::{Game, Seat};

use crate::api::{EngineGame, Evaluator, Score};

/// Weight of one turn of race (a sixth of a cell for a large piece, half for a small).
const TURN: Score = 60;
/// Penalty per piece of a seat sharing a goal cell with another of its pieces.
const CROWDED: Score = 40;
/// Penalty per size step of a trapped piece.
const TRAPPED: Score = 25;
/// Value of each piece of another seat a seat traps.
const GUARD: Score = 15;

/// The race in sixths of a turn: Σ distance × 6 / size over `seat`'s pieces.
pub fn race(game: &E, seat: Seat) -> Score {
    let goal = game.goal_sector(seat) as usize;
    game.pieces(seat)
        .map(|(slot, size, _, _)| TABLES.distance_to_sector[slot.cell as usize][goal] as Score * 6 / size as Score)
        .sum()
}

/// The E evaluator.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EEval;

impl Evaluator<E> for EEval {
    fn evaluate(&self, game: &E) -> [Score; MAX_SEATS] {
        let mut out = [0; MAX_SEATS];
        let seats = game.seats();
        let mut traps = [0; MAX_SEATS];
        for s in 0..seats {
            let seat = Seat(s as u8);
            let goal = game.goal(seat);
            let (mut in_goal, mut trapped) = (0, 0);
            for (slot, size, _, foreign) in game.pieces(seat) {
                if has(goal, slot.cell as usize) {
                    in_goal += 1;
                }
                if foreign {
                    trapped += size as Score;
                }
            }
            let crowded = in_goal - (game.present(seat) & goal).count_ones() as Score;
            out[s] = -(TURN * race(game, seat) / 6) - CROWDED * crowded - TRAPPED * trapped;
            traps[s] = trapped;
        }
        // Each trapped piece is a guard for someone: credit the seats that trap, spread over
        // the others in proportion (a cheap stand-in for who exactly the guard is).
        let total: Score = traps.iter().sum();
        if total > 0 && seats > 1 {
            for s in 0..seats {
                out[s] += GUARD * (total - traps[s]) / (seats as Score - 1);
            }
        }
        out
    }
}

impl EngineGame for E {
    type Eval = EEval;
    fn playout_policy() -> std::sync::Arc<dyn crate::playout::PlayoutPolicy<Self>> {
        std::sync::Arc::new(crate::playout::e::EForward::default())
    }
    const BENCH_POSITIONS: &'static [(&'static str, u32)] = &[(
        "e players=2 sectors=03 turn=0 ply=0 passes=0 board=......./.......0l/.......0m0l/.......0s0m0l/.......0s0m0m0l/.......0s0s0s0m0l/............./1l1m1s1s1s......./1l1m1m1s......./1l1m1s......./1l1m......./1l......./.......",
        3,
    )];

    /// Exchanges and landings on other pieces (traps) are tactical.
    fn is_tactical(&self, mv: EMove) -> bool {
        mv.has_exchange() || (mv.has_movement() && self.height(mv.to as usize) > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_rules::games::e::EOptions;

    #[test]
    fn start_is_even_and_a_forward_move_helps_the_mover() {
        let mut g = E::new(&EOptions::default()).unwrap();
        let e = EEval.evaluate(&g);
        assert_eq!(e[0], e[1]);
        g.play(g.parse_move("m8/1-j5").unwrap());
        let after = EEval.evaluate(&g);
        assert!(after[0] > e[0], "{after:?} vs {e:?}");
        assert_eq!(after[1], e[1]);
    }
}
