//! `search`: one engine's move for a position, the GIL released while it thinks.

use std::sync::Arc;
use std::time::Duration;

use pyo3::prelude::*;
use tabula_engine::Limits;

use super::game::{Game, Move};
use super::value_error;
use crate::any_game::AnyGame;

/// What a search found.
#[pyclass(frozen, module = "tabula_games")]
pub struct SearchResult {
    /// The move to play, or None when the game is over.
    #[pyo3(get, name = "move")]
    best: Option<Py<Move>>,
    /// The score for the seat to move, in the engine's units (100 about a pawn or a step;
    /// wins and losses far outside).
    #[pyo3(get)]
    score: i32,
    /// The deepest completed iteration (MCTS: the principal variation's length).
    #[pyo3(get)]
    depth: u32,
    /// Nodes searched (MCTS: iterations).
    #[pyo3(get)]
    nodes: u64,
    /// Seconds spent.
    #[pyo3(get)]
    time: f64,
    /// The principal variation, best move first.
    #[pyo3(get)]
    pv: Vec<Py<Move>>,
}

#[pymethods]
impl SearchResult {
    fn __repr__(&self) -> String {
        let best = self
            .best
            .as_ref()
            .map_or_else(|| "None".to_string(), |m| format!("{:?}", m.get().position.format(m.get().raw)));
        format!(
            "SearchResult(move={best}, score={}, depth={}, nodes={}, time={:.3})",
            self.score, self.depth, self.nodes, self.time
        )
    }
}

/// Searches `game`'s position with `engine` (a spec as `tabula go --engine` takes it:
/// `alphabeta`, `mcts:threads=2`, `minimax:depth=3`...) for `think` seconds, to `depth`
/// plies or for `nodes` nodes (at least one of them). The GIL is released while it thinks.
#[pyfunction]
#[pyo3(signature = (game, engine="alphabeta", think=None, depth=None, nodes=None))]
pub fn search(
    py: Python<'_>,
    game: &Game,
    engine: &str,
    think: Option<f64>,
    depth: Option<u32>,
    nodes: Option<u64>,
) -> PyResult<SearchResult> {
    if think.is_none() && depth.is_none() && nodes.is_none() {
        return Err(value_error("search needs a limit: think=SECONDS, depth=PLIES or nodes=N".to_string()));
    }
    let mut limits = Limits::default();
    if let Some(seconds) = think {
        let time = Duration::try_from_secs_f64(seconds)
            .map_err(|_| value_error(format!("think={seconds}: a time a move is a positive number of seconds")))?;
        limits = Limits::think(time);
    }
    limits.depth = depth;
    limits.nodes = nodes;
    let position: &dyn AnyGame = &*game.inner;
    let found = py.detach(|| position.search(engine, &limits)).map_err(value_error)?;
    // Each move of the line is listed in the position it is played from.
    let mut line: Box<dyn AnyGame> = game.inner.position();
    let mut pv = Vec::with_capacity(found.pv.len());
    for &raw in &found.pv {
        let here: Arc<dyn AnyGame> = Arc::from(line.position());
        pv.push(Py::new(py, Move::new(raw, here))?);
        if line.play(raw, false).is_err() {
            break;
        }
    }
    let best = match found.best {
        Some(raw) => Some(Py::new(py, Move::new(raw, Arc::from(game.inner.position())))?),
        None => None,
    };
    Ok(SearchResult {
        best,
        score: found.score,
        depth: found.depth,
        nodes: found.nodes,
        time: found.time.as_secs_f64(),
        pv,
    })
}
