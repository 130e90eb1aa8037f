//! The Python module `tabula_games._native`, which `tabula_games` re-exports: pyo3 classes over
//! [`AnyGame`](crate::any_game::AnyGame).

mod game;
mod matches;
mod outcome;
mod playouts;
mod search;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::any_game::catalogue;

/// Our errors (a bad move, option, position text, engine spec...) as Python's `ValueError`,
/// with our message.
pub(crate) fn value_error(message: String) -> PyErr {
    PyValueError::new_err(message)
}

/// Every game: a list of dicts with `name`, `players` (the seat counts), `default_players`
/// and `options` (dicts of `key`, `values`, `default`, `doc`, as `tabula options` prints them).
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    catalogue()
        .into_iter()
        .map(|info| {
            let game = PyDict::new(py);
            game.set_item("name", info.name)?;
            game.set_item("players", info.players)?;
            game.set_item("default_players", info.default_players)?;
            let options = info
                .options
                .into_iter()
                .map(|[key, values, default, doc]| {
                    let option = PyDict::new(py);
                    option.set_item("key", key)?;
                    option.set_item("values", values)?;
                    option.set_item("default", default)?;
                    option.set_item("doc", doc)?;
                    Ok(option)
                })
                .collect::<PyResult<Vec<_>>>()?;
            game.set_item("options", options)?;
            Ok(game)
        })
        .collect()
}

/// The module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::Move>()?;
    m.add_class::<game::MoveList>()?;
    m.add_class::<outcome::Outcome>()?;
    m.add_class::<search::SearchResult>()?;
    m.add_function(wrap_pyfunction!(search::search, m)?)?;
    m.add_class::<matches::Match>()?;
    m.add_class::<matches::MatchGame>()?;
    m.add_function(wrap_pyfunction!(playouts::random_playouts, m)?)?;
    Ok(())
}
