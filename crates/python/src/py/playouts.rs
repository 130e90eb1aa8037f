//! `random_playouts`: many uniformly random games at the Rust speed, results as numpy arrays.

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::game::Game;
use super::value_error;
use crate::any_game::AnyGame;

/// Plays `n` uniformly random games from `game`'s position (seeded by `seed`), each cut off
/// after `max_plies` plies, with the GIL released. Returns a dict of numpy arrays: `plies`
/// (n,), `scores` (n, players: each seat's share of the point, 0 for every seat of a game cut
/// off) and `finished` (n,: whether the rules ended the game).
#[pyfunction]
#[pyo3(signature = (game, n, seed=0, max_plies=100_000))]
pub fn random_playouts<'py>(
    py: Python<'py>,
    game: &Game,
    n: usize,
    seed: u64,
    max_plies: u32,
) -> PyResult<Bound<'py, PyDict>> {
    if max_plies == 0 {
        return Err(value_error("max_plies must be at least 1".to_string()));
    }
    let position: &dyn AnyGame = &*game.inner;
    let seats = position.seats();
    let playouts = py.detach(|| position.random_playouts(n, seed, max_plies));
    let out = PyDict::new(py);
    out.set_item("plies", PyArray1::from_vec(py, playouts.plies))?;
    out.set_item("scores", PyArray1::from_vec(py, playouts.scores).reshape([n, seats])?)?;
    out.set_item("finished", PyArray1::from_vec(py, playouts.finished))?;
    Ok(out)
}
