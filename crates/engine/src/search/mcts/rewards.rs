//! Rewards per seat: a finished game's scores (discounted by its length), and a truncated
//! playout's evaluation through a softmax; the score reported for an average reward.

use tabula_rules::{Game, MAX_SEATS, Outcome, Seat};

use super::parallel::Ctx;
use super::tree::Tree;
use crate::api::{EngineGame, Score};

/// The per-seat rewards of an iteration.
pub(super) type Rewards = [f64; MAX_SEATS];

impl<G: EngineGame> Tree<G> {
    /// The rewards of a game that ended at `game`, discounted by its length from the root.
    pub(super) fn finished_rewards(&self, ctx: &Ctx<'_, G>, outcome: &Outcome, game: &G) -> Rewards {
        let root_ply = self.root.as_ref().map_or(game.ply(), Game::ply);
        let plies = f64::from(game.ply().saturating_sub(root_ply));
        discounted(outcome_rewards(outcome, self.seats), self.seats, (plies * ctx.config.length_discount).min(0.5))
    }
}

/// Every seat's score in a finished game.
pub(super) fn outcome_rewards(outcome: &Outcome, seats: usize) -> Rewards {
    let mut r = [0.0; MAX_SEATS];
    for (s, r) in r.iter_mut().enumerate().take(seats) {
        *r = outcome.score(Seat(s as u8));
    }
    r
}

/// `rewards` moved a fraction `d` of the way toward an even split between `seats`.
pub(super) fn discounted(mut rewards: Rewards, seats: usize, d: f64) -> Rewards {
    let even = 1.0 / seats as f64;
    for r in &mut rewards[..seats] {
        *r = (1.0 - d) * *r + d * even;
    }
    rewards
}

/// Rewards from an evaluation: a softmax of the values over `scale` (for two seats, the
/// logistic function of the difference).
pub(super) fn eval_rewards(values: &[Score; MAX_SEATS], seats: usize, scale: f64) -> Rewards {
    let max = values[..seats].iter().copied().max().unwrap_or(0);
    let mut r = [0.0; MAX_SEATS];
    let mut total = 0.0;
    for (r, &v) in r.iter_mut().zip(values).take(seats) {
        *r = ((v - max) as f64 / scale.max(1e-9)).exp();
        total += *r;
    }
    for r in r.iter_mut().take(seats) {
        *r /= total;
    }
    r
}

/// A score in centi-units for an average reward: 1000 for a sure win, 0 for an equal
/// share, -1000 / (seats - 1) for a sure loss.
pub(super) fn reward_score(reward: f64, seats: usize) -> Score {
    let n = seats.max(2) as f64;
    ((reward * n - 1.0) / (n - 1.0) * 1000.0).round() as Score
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_become_rewards() {
        let mut v = [0; MAX_SEATS];
        v[0] = 400;
        let r = eval_rewards(&v, 2, 400.0);
        assert!((r[0] - 1.0 / (1.0 + (-1f64).exp())).abs() < 1e-12);
        assert!((r[0] + r[1] - 1.0).abs() < 1e-12);
        let r = eval_rewards(&[5, 5, 5, 0, 0, 0], 3, 100.0);
        assert!(r[..3].iter().all(|&x| (x - 1.0 / 3.0).abs() < 1e-12) && r[3] == 0.0);
        assert_eq!(reward_score(0.5, 2), 0);
        assert_eq!(reward_score(1.0, 2), 1000);
        assert_eq!(reward_score(0.0, 2), -1000);
        assert_eq!(reward_score(1.0 / 3.0, 3), 0);
    }
}
