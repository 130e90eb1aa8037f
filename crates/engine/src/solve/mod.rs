//! The proof-number solver: the game-theoretic value of a position of a two-seat game
//! (win, loss or draw for the side to move) and a line that shows it.
//!
//! Two df-pn searches (depth-first proof-number search) share one table: does the side to
//! move force a win? If not, does the other seat? Neither: a draw (endless play counts as
//! one). In a game that cannot be drawn ([`Game::can_draw`], Echelon) the first search
//! decides: a side that does not force a win loses. Proofs and disproofs stay in the table
//! for the walk that prints the line.

mod dfpn;
mod line;
pub mod table;
#[cfg(test)]
mod tests;

use std::fmt;
use std::time::{Duration, Instant};

use tabula_rules::{Game, GameOptions, Seat};

use crate::Limits;
use crate::memory::MemoryError;
use dfpn::Dfpn;
pub use dfpn::MAX_PATH;
use table::Table;

/// The value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move forces a win.
    Win,
    /// The other seat forces a win.
    Loss,
    /// Neither seat forces a win.
    Draw,
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Value::Win => "win",
            Value::Loss => "loss",
            Value::Draw => "draw",
        })
    }
}

/// Why a search ended before it solved the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The node limit was reached.
    Nodes,
    /// The time limit was reached.
    Time,
    /// The stop flag was raised.
    Interrupted,
    /// A line needed a path longer than [`MAX_PATH`] plies.
    Path,
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stop::Nodes => "node limit",
            Stop::Time => "time limit",
            Stop::Interrupted => "interrupted",
            Stop::Path => "a line deeper than the solver's path limit",
        })
    }
}

/// A progress report during a long solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Nodes expanded so far, over the searches run.
    pub nodes: u64,
    /// Time since the solve began.
    pub time: Duration,
    /// The seat whose win the current search tries to prove.
    pub attacker: Seat,
    /// The root's proof number in the current search.
    pub pn: u32,
    /// The root's disproof number in the current search.
    pub dn: u32,
}

/// What a solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// The value for the side to move, or `Err` with the reason the search stopped first.
    pub value: Result<Value, Stop>,
    /// The seat to move at the root.
    pub to_move: Seat,
    /// A line that shows the value: the winner's proof (the loser delaying the end), or
    /// for a draw moves that keep it as far as the table knows them.
    pub line: Vec<M>,
    /// Nodes expanded (positions whose moves were generated), over the searches run.
    pub nodes: u64,
    /// The time taken.
    pub time: Duration,
}

/// Why a position cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The game has this many seats; the solver takes two.
    Seats(usize),
    /// The table cannot be had.
    Memory(MemoryError),
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Seats(n) => write!(f, "the solver takes 2-seat games; this one has {n} seats"),
            SolveError::Memory(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SolveError {}

/// The solver: a table, kept between solves.
pub struct Solver {
    table: Table,
}

impl Solver {
    /// A solver whose table takes at most `hash_mb` MB; the memory is refused as
    /// [`crate::memory`] says.
    pub fn new(hash_mb: usize) -> Result<Self, SolveError> {
        Ok(Solver { table: Table::new(hash_mb, "hash").map_err(SolveError::Memory)? })
    }

    /// Solves `game` within `limits` (nodes, `hard_time`, the stop flag), calling `report`
    /// about twice a second on long runs.
    pub fn solve<G: Game>(
        &mut self,
        game: &G,
        limits: &Limits,
        report: &mut dyn FnMut(&Progress),
    ) -> Result<Solution<G::Move>, SolveError> {
        if game.seats() != 2 {
            return Err(SolveError::Seats(game.seats()));
        }
        let start = Instant::now();
        let me = game.to_move();
        let other = Seat(1 - me.0);
        let capped = ply_capped(game.options());
        let mut nodes = 0;
        let value = if let Some(outcome) = game.outcome() {
            Ok(match outcome.sole_winner() {
                Some(s) if s == me => Value::Win,
                Some(_) => Value::Loss,
                None => Value::Draw,
            })
        } else {
            let mut attempt = |attacker: Seat, nodes: &mut u64| {
                let mut search = Dfpn::new(&mut self.table, attacker, capped, limits, start, *nodes, report);
                let found = search.prove(game);
                *nodes = search.nodes;
                found.map(|n| n.pn == 0)
            };
            match attempt(me, &mut nodes) {
                Ok(true) => Ok(Value::Win),
                Ok(false) if !game.can_draw() => Ok(Value::Loss),
                Ok(false) => match attempt(other, &mut nodes) {
                    Ok(true) => Ok(Value::Loss),
                    Ok(false) => Ok(Value::Draw),
                    Err(stop) => Err(stop),
                },
                Err(stop) => Err(stop),
            }
        };
        let line = match value {
            Ok(Value::Win) => line::proof(&self.table, game, me, capped),
            Ok(Value::Loss) if !game.can_draw() => line::disproof(&self.table, game, me, capped),
            Ok(Value::Loss) => line::proof(&self.table, game, other, capped),
            Ok(Value::Draw) => line::draw(&self.table, game, capped),
            Err(_) => Vec::new(),
        };
        Ok(Solution { value, to_move: me, line, nodes, time: start.elapsed() })
    }
}

/// Whether the options cap the game's length, which makes the ply part of the position.
fn ply_capped<O: GameOptions>(options: &O) -> bool {
    options.max_plies().is_some()
}
