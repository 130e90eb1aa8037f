//! `Outcome`: the result of a finished game.

use pyo3::prelude::*;
use tabula_rules::Seat;

/// The result of a finished game.
#[pyclass(frozen, module = "tabula_games")]
pub struct Outcome {
    /// The sole winner's seat, or None (a draw or a shared first place).
    #[pyo3(get)]
    winner: Option<usize>,
    /// Each seat's rank: 1 is best, tied seats share a rank.
    #[pyo3(get)]
    ranks: Vec<u32>,
    /// Each seat's share of the point: 1 a win, 1/k a k-way shared first place, else 0.
    #[pyo3(get)]
    scores: Vec<f64>,
    /// Points per seat in games that count them (Martian Chess, Coaster Chess), else None.
    #[pyo3(get)]
    points: Option<Vec<i16>>,
    /// Each seat's team where seats play in teams, else None.
    #[pyo3(get)]
    teams: Option<Vec<u32>>,
    /// Why the game ended, in words.
    #[pyo3(get)]
    reason: String,
}

impl Outcome {
    pub(crate) fn new(outcome: &tabula_rules::Outcome, reason: String) -> Self {
        let seats = outcome.seats();
        Outcome {
            winner: outcome.sole_winner().map(Seat::index),
            ranks: outcome.ranks().iter().map(|&r| u32::from(r)).collect(),
            scores: (0..seats).map(|s| outcome.score(Seat(s as u8))).collect(),
            points: outcome.points().map(<[i16]>::to_vec),
            teams: outcome.teams().map(|t| t.iter().map(|&team| u32::from(team)).collect()),
            reason,
        }
    }
}

#[pymethods]
impl Outcome {
    fn __repr__(&self) -> String {
        let winner = self.winner.map_or_else(|| "None".to_string(), |w| w.to_string());
        format!("Outcome(winner={winner}, ranks={:?}, scores={:?}, reason={:?})", self.ranks, self.scores, self.reason)
    }
}
