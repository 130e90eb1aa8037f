//! `Match`: a match between engines, as `tabula match` plays it, its games as Python objects.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::game::Game;
use super::outcome::Outcome;
use super::value_error;
use crate::any_game::{AnyGame, MatchRequest};

/// A match between engines under one game's rules:
/// `Match(Game("martian-chess"), ["alphabeta", "greedy"], tc="st=0.05", games=4).run()`.
///
/// `engines` are specs or `--engine` long forms (`name=ab,spec=alphabeta:hash=8,tc=st=0.2`); with
/// more seats than engines, seats are filled as `tabula match` fills them. `openings` is
/// `start`, `random:PLIES` or `file:PATH`; games are rounded up to whole rounds. Where the
/// game's rule options set no ply cap, `max_plies` (by default 1000, as `tabula match`) caps
/// each game; `None` plays without one.
#[pyclass(module = "tabula_games")]
pub struct Match {
    game: Box<dyn AnyGame>,
    request: MatchRequest,
}

/// One finished game of a match.
#[pyclass(frozen, module = "tabula_games")]
pub struct MatchGame {
    /// Its number in the match, from 1.
    #[pyo3(get)]
    number: usize,
    /// The engine in each seat, by name.
    #[pyo3(get)]
    seats: Vec<String>,
    /// The result.
    #[pyo3(get)]
    outcome: Py<Outcome>,
    /// Why it ended (`normal`, `max plies`, `time forfeit`...).
    #[pyo3(get)]
    termination: String,
    /// Plies played, the opening included.
    #[pyo3(get)]
    plies: usize,
    /// The game record, as `tabula match --records` writes it.
    #[pyo3(get)]
    record: String,
    /// The JSON line `tabula match --jsonl` writes, as a dict.
    #[pyo3(get)]
    line: Py<PyDict>,
}

#[pymethods]
impl MatchGame {
    fn __repr__(&self) -> String {
        format!(
            "MatchGame(number={}, seats={:?}, termination={:?}, plies={})",
            self.number, self.seats, self.termination, self.plies
        )
    }
}

#[pymethods]
impl Match {
    #[new]
    #[pyo3(signature = (game, engines, tc="st=0.1", games=2, openings="start", concurrency=1, seed=0, max_plies=Some(1000)))]
    #[allow(clippy::too_many_arguments)]
    fn py_new(
        game: &Game,
        engines: Vec<String>,
        tc: &str,
        games: usize,
        openings: &str,
        concurrency: usize,
        seed: u64,
        max_plies: Option<u32>,
    ) -> PyResult<Self> {
        if games == 0 {
            return Err(value_error("games must be at least 1".to_string()));
        }
        Ok(Match {
            game: game.inner.position(),
            request: MatchRequest {
                engines,
                tc: tc.to_string(),
                games,
                openings: openings.to_string(),
                concurrency,
                seed,
                max_plies,
            },
        })
    }

    /// Plays the match (the GIL released) and returns its games in order.
    fn run(&self, py: Python<'_>) -> PyResult<Vec<MatchGame>> {
        let game: &dyn AnyGame = &*self.game;
        let games = py.detach(|| game.run_match(&self.request)).map_err(value_error)?;
        let json = py.import("json")?;
        games
            .into_iter()
            .map(|g| {
                let line = json.call_method1("loads", (g.line,))?.cast_into::<PyDict>()?.unbind();
                Ok(MatchGame {
                    number: g.number,
                    seats: g.seats,
                    outcome: Py::new(py, Outcome::new(&g.outcome, g.reason.unwrap_or_else(|| g.termination.clone())))?,
                    termination: g.termination,
                    plies: g.plies,
                    record: g.record,
                    line,
                })
            })
            .collect()
    }
}
