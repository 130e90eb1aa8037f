//! `tabula play`: a person against the engine in the terminal, or a script on stdin.
//!
//! The board is shown after every move and the engine's info lines while it thinks. Input
//! lines are moves in the game's notation or the commands `moves`, `undo`, `hint`, `show`,
//! `quit` and `help`; a bad line gets a message and the prompt again.

use std::io::{BufRead, IsTerminal, Write};
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use tabula_arena::{Clock, TimeControl, TimeControlError};
use tabula_engine::time::TimeManager;
use tabula_engine::{EngineGame, Limits, Searcher, registry};
use tabula_rules::{MoveList, Seat};

use crate::error::{CliError, usage};
use crate::games::{GameCommand, dispatch};
use crate::go::info_line;
use crate::position::PositionArgs;

/// Thinking times of the Echelon applet's levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Level {
    /// 5 seconds a move.
    Beginner,
    /// 30 seconds a move.
    Intermediate,
    /// 60 seconds a move.
    Expert,
}

impl Level {
    fn seconds(self) -> f64 {
        match self {
            Level::Beginner => 5.0,
            Level::Intermediate => 30.0,
            Level::Expert => 60.0,
        }
    }
}

/// Arguments of `tabula play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The engine (repeat for several engine seats, given in seat order); default alphabeta.
    #[arg(long = "engine", value_name = "SPEC")]
    engines: Vec<String>,
    /// The engine thinks this many seconds a move (default 2).
    #[arg(long, value_name = "SECONDS", conflicts_with_all = ["tc", "level"])]
    think: Option<f64>,
    /// A clock for each engine seat, e.g. 5+0.1 or 40/120 (the person has no clock).
    #[arg(long, value_name = "TC", conflicts_with = "level")]
    tc: Option<String>,
    /// A thinking time by level: beginner 5 s, intermediate 30 s, expert 60 s a move.
    #[arg(long, value_enum)]
    level: Option<Level>,
    /// The person's seat, from 0.
    #[arg(long, value_name = "K", default_value_t = 0)]
    seat: u8,
}

/// Runs `tabula play`.
pub fn run(args: PlayArgs) -> Result<(), CliError> {
    let game = args.position.game.clone();
    dispatch(&game, args)
}

const HELP: &str = "commands: a move in the game's notation, moves (list the legal moves), undo (take back your \
last move), hint (ask the engine), show (the board again), quit, help";

/// An engine seat: its searcher and its clock.
struct EngineSeat<G: EngineGame> {
    seat: Seat,
    spec: String,
    searcher: Box<dyn Searcher<G>>,
    clock: Option<Clock>,
}

impl PlayArgs {
    fn control(&self) -> Result<TimeControl, CliError> {
        if let Some(tc) = &self.tc {
            return tc.parse().map_err(|e: TimeControlError| usage(e.to_string()));
        }
        let secs = self.level.map(Level::seconds).or(self.think).unwrap_or(2.0);
        if !(secs.is_finite() && secs > 0.0 && secs <= 1e7) {
            return Err(usage(format!("bad thinking time '{secs}': expected seconds above 0")));
        }
        Ok(TimeControl::FixedPerMove(Duration::from_secs_f64(secs)))
    }
}

/// The session: the game, its history and the engines.
struct Session<'a, G: EngineGame, W: Write> {
    game: G,
    /// Positions before each move played in the session.
    history: Vec<G>,
    human: Seat,
    engines: Vec<EngineSeat<G>>,
    control: TimeControl,
    out: &'a mut W,
}

impl<G: EngineGame, W: Write> Session<'_, G, W> {
    fn show(&mut self) -> Result<(), CliError> {
        write!(self.out, "{}", self.game.draw())?;
        writeln!(self.out, "position: {}", self.game.to_text())?;
        match self.game.outcome() {
            Some(outcome) => writeln!(self.out, "game over: {outcome} (undo, show or quit)")?,
            None if self.game.to_move() == self.human => {
                writeln!(self.out, "you are seat {}, to move at ply {}", self.human, self.game.ply())?
            }
            None => writeln!(self.out, "seat {} (engine) to move at ply {}", self.game.to_move(), self.game.ply())?,
        }
        Ok(())
    }

    fn legal_names(&self) -> Vec<String> {
        let mut moves = MoveList::new();
        self.game.legal_moves(&mut moves);
        let mut names: Vec<String> = moves.iter().map(|&m| self.game.format_move(m)).collect();
        names.sort();
        names
    }

    /// Searches the position for `seat` with the engine searcher given, printing info lines.
    fn think(
        out: &mut W,
        game: &G,
        searcher: &mut dyn Searcher<G>,
        limits: &Limits,
    ) -> Result<Option<G::Move>, CliError> {
        let mut failed = None;
        let result = searcher.search(game, limits, &mut |info| {
            if failed.is_none()
                && let Err(e) = writeln!(out, "{}", info_line(game, info)).and_then(|_| out.flush())
            {
                failed = Some(e);
            }
        });
        if let Some(e) = failed {
            return Err(e.into());
        }
        Ok(result.best)
    }

    /// Lets the engines move until it is the person's turn or the game is over.
    fn engines_move(&mut self) -> Result<(), CliError> {
        while self.game.outcome().is_none() && self.game.to_move() != self.human {
            let seat = self.game.to_move();
            let Some(engine) = self.engines.iter_mut().find(|e| e.seat == seat) else {
                return Err(usage(format!("no engine for seat {seat}")));
            };
            let limits = self.control.limits(&TimeManager::default(), engine.clock.as_ref(), self.game.ply());
            writeln!(self.out, "seat {seat} ({}) thinks...", engine.spec)?;
            let start = Instant::now();
            let best = Self::think(self.out, &self.game, engine.searcher.as_mut(), &limits)?;
            let used = start.elapsed();
            let Some(mv) = best else {
                writeln!(self.out, "the engine found no move")?;
                return Ok(());
            };
            if let Some(clock) = engine.clock.as_mut()
                && clock.spend(used).is_err()
            {
                writeln!(self.out, "seat {seat} ({}) ran out of time; it plays on, unclocked", engine.spec)?;
                engine.clock = None;
            }
            writeln!(self.out, "seat {seat} plays {} ({:.2}s)", self.game.format_move(mv), used.as_secs_f64())?;
            self.history.push(self.game.clone());
            self.game.play(mv);
            self.show()?;
        }
        Ok(())
    }

    /// Handles one input line; `false` ends the session.
    fn command(&mut self, line: &str) -> Result<bool, CliError> {
        match line {
            "" => {}
            "quit" | "exit" => return Ok(false),
            "help" | "?" => writeln!(self.out, "{HELP}")?,
            "show" => self.show()?,
            "moves" => {
                if self.game.outcome().is_some() {
                    writeln!(self.out, "the game is over: no moves")?;
                } else {
                    let names = self.legal_names();
                    writeln!(self.out, "legal moves ({}): {}", names.len(), names.join(" "))?;
                }
            }
            "undo" => {
                // Back to the person's previous turn.
                let mut undone = 0;
                while let Some(previous) = self.history.pop() {
                    self.game = previous;
                    undone += 1;
                    if self.game.to_move() == self.human {
                        break;
                    }
                }
                if undone == 0 {
                    writeln!(self.out, "nothing to undo")?;
                } else {
                    for engine in &mut self.engines {
                        engine.searcher.new_game();
                    }
                    writeln!(self.out, "took back {undone} plies")?;
                    self.show()?;
                    self.engines_move()?;
                }
            }
            "hint" => {
                if self.game.outcome().is_some() || self.game.to_move() != self.human {
                    writeln!(self.out, "no hint: it is not your move")?;
                } else {
                    let spec = self.engines[0].spec.clone();
                    let mut searcher = registry::build::<G>(&spec).map_err(|e| usage(e.to_string()))?;
                    let limits = self.control.limits(&TimeManager::default(), None, self.game.ply());
                    if let Some(mv) = Self::think(self.out, &self.game, searcher.as_mut(), &limits)? {
                        writeln!(self.out, "hint: {}", self.game.format_move(mv))?;
                    }
                }
            }
            text => {
                if self.game.outcome().is_some() {
                    writeln!(self.out, "the game is over: '{text}' is not played (undo, show or quit)")?;
                    return Ok(true);
                }
                match self.game.parse_move(text) {
                    Ok(mv) => {
                        self.history.push(self.game.clone());
                        self.game.play(mv);
                        self.show()?;
                        self.engines_move()?;
                    }
                    Err(e) => writeln!(self.out, "{e}; type 'moves' for the legal moves or 'help'")?,
                }
            }
        }
        Ok(true)
    }
}

impl GameCommand for PlayArgs {
    fn run<G: EngineGame>(self) -> Result<(), CliError> {
        let game: G = self.position.build()?;
        let seats = game.seats();
        if usize::from(self.seat) >= seats {
            return Err(usage(format!("bad --seat '{}': the game has seats 0 to {}", self.seat, seats - 1)));
        }
        let human = Seat(self.seat);
        let control = self.control()?;
        let specs = if self.engines.is_empty() { vec!["alphabeta".to_string()] } else { self.engines.clone() };
        if specs.len() != 1 && specs.len() != seats - 1 {
            return Err(usage(format!(
                "{} --engine given: give one (for every other seat) or {} (one per other seat, in seat order)",
                specs.len(),
                seats - 1
            )));
        }
        let mut engines = Vec::new();
        for (i, seat) in (0..seats as u8).filter(|&s| s != self.seat).enumerate() {
            let spec = specs[if specs.len() == 1 { 0 } else { i }].clone();
            let mut searcher = registry::build::<G>(&spec).map_err(|e| usage(e.to_string()))?;
            searcher.new_game();
            engines.push(EngineSeat { seat: Seat(seat), spec, searcher, clock: Clock::new(&control) });
        }
        let stdin = std::io::stdin();
        let interactive = stdin.is_terminal();
        let mut out = std::io::stdout().lock();
        let mut session = Session { game, history: Vec::new(), human, engines, control, out: &mut out };
        writeln!(session.out, "{} against {}; {HELP}", G::NAME, specs.join(", "))?;
        session.show()?;
        session.engines_move()?;
        let mut input = stdin.lock();
        let mut bytes = Vec::new();
        loop {
            if interactive {
                write!(session.out, "> ")?;
            }
            session.out.flush()?;
            bytes.clear();
            if input.read_until(b'\n', &mut bytes)? == 0 {
                break;
            }
            let line = String::from_utf8_lossy(&bytes);
            let command = line.trim();
            if !interactive {
                writeln!(session.out, "> {command}")?;
            }
            if !session.command(command)? {
                break;
            }
        }
        Ok(())
    }
}
