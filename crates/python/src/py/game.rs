//! `Game`, `Move` and `MoveList`: a game in play, its moves, and the list of its legal moves.

use std::sync::Arc;

use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

use super::outcome::Outcome;
use super::value_error;
use crate::actions::{actions_of, id_of};
use crate::any_game::{self, AnyGame};

/// A position of one game, shared read-only by the moves listed in it.
pub(crate) type Snapshot = Arc<dyn AnyGame>;

/// A game in play: a position of one of the games and the moves played to it.
///
/// `Game("e", players=3, options={"e.jump_cost": 1})` starts a game; `Game.from_text(text)`
/// loads a position.
#[pyclass(module = "tabula_games")]
pub struct Game {
    pub(crate) inner: Box<dyn AnyGame>,
}

/// A move of a game, listed in one position.
///
/// `str(move)` is its notation; `move.id` a stable integer (its actions packed); `move.actions`
/// the actions of the game's action space that make it.
#[pyclass(frozen, module = "tabula_games")]
pub struct Move {
    pub(crate) raw: u64,
    /// The position the move was listed in (its notation may depend on it).
    pub(crate) position: Snapshot,
}

/// The legal moves of a position: a sequence of `Move`s made as they are read.
#[pyclass(frozen, sequence, module = "tabula_games")]
pub struct MoveList {
    raws: Vec<u64>,
    position: Snapshot,
}

impl Move {
    pub(crate) fn new(raw: u64, position: Snapshot) -> Self {
        Move { raw, position }
    }
}

/// The option values Python gives: text, numbers and booleans as the CLI spells them.
fn option_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if value.is_instance_of::<PyBool>() {
        return Ok(if value.extract::<bool>()? { "true" } else { "false" }.to_string());
    }
    if value.is_none() {
        return Ok("none".to_string());
    }
    Ok(value.str()?.to_string())
}

impl Game {
    /// A position of this game with no history, for moves to refer to.
    fn snapshot(&self) -> Snapshot {
        Arc::from(self.inner.position())
    }

    fn play_raw(&mut self, raw: u64, listed: bool) -> PyResult<()> {
        self.inner.play(raw, listed).map_err(value_error)
    }

    /// The raw move of a legal id.
    fn raw_of_id(&self, id: u64) -> PyResult<u64> {
        let n = self.inner.num_actions();
        let actions =
            actions_of(id, n).ok_or_else(|| value_error(format!("{id} is no move id of {}", self.inner.name())))?;
        self.inner
            .move_of_actions(&actions)
            .ok_or_else(|| value_error(format!("move id {id} (actions {:?}) is not legal here", actions.as_slice())))
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (name, players=None, options=None))]
    fn py_new(name: &str, players: Option<usize>, options: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let mut pairs = Vec::new();
        if let Some(options) = options {
            for (key, value) in options.iter() {
                pairs.push((key.str()?.to_string(), option_text(&value)?));
            }
        }
        Ok(Game { inner: any_game::new_game(name, players, &pairs).map_err(value_error)? })
    }

    /// The position a position text describes (`Game.to_text()` writes one).
    #[staticmethod]
    fn from_text(text: &str) -> PyResult<Self> {
        Ok(Game { inner: any_game::from_text(text).map_err(value_error)? })
    }

    /// The game's name (`chinese-checkers`).
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// The number of seats.
    #[getter]
    fn players(&self) -> usize {
        self.inner.seats()
    }

    /// The seat to move, from 0.
    #[getter]
    fn to_move(&self) -> usize {
        self.inner.to_move()
    }

    /// Plies played.
    #[getter]
    fn ply(&self) -> u32 {
        self.inner.ply()
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The position's Zobrist hash (64 bits).
    #[getter]
    fn hash(&self) -> u64 {
        self.inner.hash()
    }

    /// Every rule option and its value, `players` first.
    #[getter]
    fn options(&self) -> Vec<(String, String)> {
        self.inner.options()
    }

    /// The legal moves (empty once the game is over).
    fn legal_moves(&self) -> MoveList {
        let mut raws = Vec::new();
        self.inner.legal(&mut raws);
        MoveList { raws, position: self.snapshot() }
    }

    /// Plays a move: a `Move` listed in this game, its notation, or its integer id.
    /// Raises ValueError for an illegal or malformed move.
    fn play(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(listed) = mv.cast::<Move>() {
            let listed = listed.get();
            if listed.position.name() != self.inner.name() {
                return Err(value_error(format!(
                    "a {} move cannot be played in {}",
                    listed.position.name(),
                    self.inner.name()
                )));
            }
            let here = listed.position.hash() == self.inner.hash();
            return self.play_raw(listed.raw, here);
        }
        if let Ok(text) = mv.extract::<String>() {
            let raw = self.inner.parse(&text).map_err(value_error)?;
            return self.play_raw(raw, true);
        }
        if let Ok(id) = mv.extract::<u64>() {
            let raw = self.raw_of_id(id)?;
            return self.play_raw(raw, true);
        }
        let kind = mv.get_type().name().map(|n| n.to_string()).unwrap_or_default();
        Err(PyTypeError::new_err(format!("play takes a Move, its text or its id, not {kind}")))
    }

    /// Takes back the last move played. Raises ValueError when there is none.
    fn undo(&mut self) -> PyResult<()> {
        if self.inner.undo() { Ok(()) } else { Err(value_error("no move to take back".to_string())) }
    }

    /// An independent copy, its history included.
    fn clone(&self) -> Game {
        Game { inner: self.inner.clone_game() }
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    /// The result, or None while the game runs.
    fn outcome(&self) -> Option<Outcome> {
        let outcome = self.inner.outcome()?;
        Some(Outcome::new(&outcome, self.inner.end_reason().unwrap_or_default()))
    }

    /// The position text, which `Game.from_text` reads back.
    fn to_text(&self) -> String {
        self.inner.to_text()
    }

    /// The number of move sequences `depth` plies deep (the CLI's `tabula perft`).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let game: &dyn AnyGame = &*self.inner;
        py.detach(|| game.perft(depth))
    }

    /// A drawing for a terminal, the last move marked.
    fn draw(&self) -> String {
        self.inner.draw()
    }

    /// An SVG picture, the last move marked.
    fn svg(&self) -> String {
        self.inner.svg()
    }

    /// The size of the game's action space: every action is below it.
    #[getter]
    fn num_actions(&self) -> u32 {
        self.inner.num_actions()
    }

    /// A boolean array of `num_actions` entries: the actions that may come next in a legal
    /// turn after the actions `prefix` (by default the turn's first).
    #[pyo3(signature = (prefix=Vec::new()))]
    fn legal_action_mask<'py>(&self, py: Python<'py>, prefix: Vec<u32>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; self.inner.num_actions() as usize];
        self.inner.next_actions(&prefix, &mut mask);
        PyArray1::from_vec(py, mask)
    }

    /// The actions that may come next after `prefix`, in increasing order.
    #[pyo3(signature = (prefix=Vec::new()))]
    fn legal_actions(&self, prefix: Vec<u32>) -> Vec<u32> {
        let mut mask = vec![false; self.inner.num_actions() as usize];
        self.inner.next_actions(&prefix, &mut mask);
        mask.iter().enumerate().filter(|&(_, &m)| m).map(|(a, _)| a as u32).collect()
    }

    /// The legal move made of `actions`, or None.
    fn move_from_actions(&self, actions: Vec<u32>) -> Option<Move> {
        self.inner.move_of_actions(&actions).map(|raw| Move::new(raw, self.snapshot()))
    }

    /// The legal move with this id. Raises ValueError when no legal move has it.
    fn move_from_id(&self, id: u64) -> PyResult<Move> {
        Ok(Move::new(self.raw_of_id(id)?, self.snapshot()))
    }

    /// The shape of `observation()`: (planes, height, width).
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        self.inner.observation_shape()
    }

    /// The names of the observation's planes.
    #[getter]
    fn observation_planes(&self) -> Vec<String> {
        self.inner.observation_planes()
    }

    /// What `seat` (by default the seat to move) sees: a float32 array of
    /// `observation_shape`, from its point of view.
    #[pyo3(signature = (seat=None))]
    fn observation<'py>(&self, py: Python<'py>, seat: Option<usize>) -> PyResult<Bound<'py, numpy::PyArray3<f32>>> {
        let (planes, height, width) = self.inner.observation_shape();
        let mut out = vec![0.0; planes * height * width];
        self.inner.observe(seat.unwrap_or_else(|| self.inner.to_move()), &mut out).map_err(value_error)?;
        PyArray1::from_vec(py, out).reshape([planes, height, width])
    }

    /// Pickles as the position text: a game unpickled starts from this position, without the
    /// moves before it.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((py.get_type::<Game>().getattr("from_text")?, (self.inner.to_text(),)))
    }

    fn __repr__(&self) -> String {
        format!("Game.from_text({:?})", self.inner.to_text())
    }

    fn __str__(&self) -> String {
        self.inner.draw()
    }
}

#[pymethods]
impl Move {
    /// The move's integer id: its actions packed (a one-action move's id is its action).
    #[getter]
    fn id(&self) -> u64 {
        id_of(&self.position.actions(self.raw), self.position.num_actions())
    }

    /// The actions that make up the move, first to last.
    #[getter]
    fn actions(&self) -> Vec<u32> {
        self.position.actions(self.raw).to_vec()
    }

    fn __str__(&self) -> String {
        self.position.format(self.raw)
    }

    fn __repr__(&self) -> String {
        format!("Move({:?})", self.position.format(self.raw))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Move>().is_ok_and(|o| o.get().raw == self.raw && o.get().position.name() == self.position.name())
    }

    fn __hash__(&self) -> u64 {
        self.raw
    }
}

#[pymethods]
impl MoveList {
    fn __len__(&self) -> usize {
        self.raws.len()
    }

    fn __getitem__(&self, index: isize) -> PyResult<Move> {
        let len = self.raws.len() as isize;
        let at = if index < 0 { index + len } else { index };
        if !(0..len).contains(&at) {
            return Err(PyIndexError::new_err(format!("move {index} of a list of {len}")));
        }
        Ok(Move::new(self.raws[at as usize], self.position.clone()))
    }

    fn __repr__(&self) -> String {
        let texts: Vec<String> = self.raws.iter().map(|&raw| self.position.format(raw)).collect();
        format!("[{}]", texts.join(", "))
    }
}
