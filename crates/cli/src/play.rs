//! `tabula play`: a person against the engine in the terminal, or a script on stdin.
//!
//! The arena's game loop plays the game: the person is a [`Person`] whose moves come from
//! the input lines, the engines are searchers, and a [`Screen`] shows the board after every
//! move and the engine's info lines while it thinks. Input lines are moves in the game's
//! notation or the commands `moves`, `undo`, `hint`, `show`, `quit` and `help`; a bad line gets
//! a message and the prompt again.

use std::cell::RefCell;
use std::fmt::Display;
use std::io::{self, BufRead, IsTerminal, Write};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use clap::{Args, ValueEnum};
use tabula_arena::plural::plural;
use tabula_arena::ugi::Fault;
use tabula_arena::{
    Action, FlagRule, GameSetup, MoveRecord, Observer, Person, Player, Review, Termination, TimeControl, WallClock,
    play_game,
};
use tabula_engine::time::TimeManager;
use tabula_engine::{EngineGame, SearchInfo, registry};
use tabula_rules::{MoveList, Seat};

use crate::error::{CliError, usage};
use crate::games::{GameCommand, dispatch};
use crate::go::info_line;
use crate::position::PositionArgs;
use crate::show::ended;

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
    /// The engine (repeat for several engine seats, given in seat order); default the game's
    /// strongest, alphabeta, or mcts in six-seat E and in Chinese Checkers with three to five
    /// seats or two without a blocking rule.
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

impl PlayArgs {
    /// The engines' time control: `--tc`, else a thinking time (`--level`, `--think`, 2 s).
    fn control(&self) -> Result<TimeControl, CliError> {
        if let Some(tc) = &self.tc {
            return Ok(tc.parse::<TimeControl>()?);
        }
        let secs = self.level.map(Level::seconds).or(self.think).unwrap_or(2.0);
        if !(secs.is_finite() && secs > 0.0 && secs <= 1e7) {
            return Err(usage(format!("bad thinking time '{secs}': expected seconds above 0")));
        }
        Ok(TimeControl::FixedPerMove(Duration::from_secs_f64(secs)))
    }

    /// Whether the engines play on a clock: only under `--tc`; a thinking time is no clock,
    /// so an engine that overruns it has no flag to fall.
    fn clocked(&self) -> bool {
        self.tc.is_some()
    }
}

/// The output the person and the screen share; the first write error is kept and ends the
/// session.
#[derive(Clone)]
struct Console(Rc<RefCell<Output>>);

/// The output and its first write error.
type Output = (Box<dyn Write>, Option<io::Error>);

impl Console {
    fn write(&self, text: &str) {
        let mut state = self.0.borrow_mut();
        let (out, failed) = &mut *state;
        if failed.is_none()
            && let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush())
        {
            *failed = Some(e);
        }
    }

    fn line(&self, text: impl Display) {
        self.write(&format!("{text}\n"));
    }

    fn failed(&self) -> bool {
        self.0.borrow().1.is_some()
    }

    fn take_error(&self) -> Option<io::Error> {
        self.0.borrow_mut().1.take()
    }

    /// The board with `last`, the move that led to it, marked; the position text and whose
    /// turn it is.
    fn show<G: EngineGame>(&self, game: &G, last: Option<G::Move>, human: Seat) {
        self.write(&game.draw_marked(last));
        self.line(format_args!("position: {}", game.to_text()));
        match game.outcome() {
            Some(outcome) => self.line(format_args!("game over: {outcome} ({}); undo, show or quit", ended(game))),
            None if game.to_move() == human => {
                self.line(format_args!("you are seat {human}, to move at ply {}", game.ply()))
            }
            None => self.line(format_args!("seat {} (engine) to move at ply {}", game.to_move(), game.ply())),
        }
    }
}

/// The person at the terminal: reads lines, answers the commands, returns moves.
struct Terminal {
    console: Console,
    input: Box<dyn BufRead>,
    /// A prompt before each line; otherwise each line is echoed after `> `.
    interactive: bool,
    human: Seat,
    /// The spec and control of the engine that gives hints.
    hint_spec: String,
    control: TimeControl,
}

impl Terminal {
    /// The next input line, trimmed; `None` at the end of the input or on an error.
    fn read(&mut self) -> Option<String> {
        if self.console.failed() {
            return None;
        }
        if self.interactive {
            self.console.write("> ");
        }
        let mut bytes = Vec::new();
        match self.input.read_until(b'\n', &mut bytes) {
            Ok(0) => return None,
            Ok(_) => {}
            Err(e) => {
                self.console.0.borrow_mut().1.get_or_insert(e);
                return None;
            }
        }
        let line = String::from_utf8_lossy(&bytes).trim().to_string();
        if !self.interactive {
            self.console.line(format_args!("> {line}"));
        }
        Some(line)
    }

    /// Answers the commands that do not change the game; `false` for any other line.
    fn answer<G: EngineGame>(&self, game: &G, line: &str) -> bool {
        match line {
            "" => {}
            "help" | "?" => self.console.line(HELP),
            "show" => self.console.show(game, None, self.human),
            _ => return false,
        }
        true
    }

    /// The engine's move for the person, with its info lines.
    fn hint<G: EngineGame>(&self, game: &G) {
        let mut searcher = match registry::build::<G>(&self.hint_spec) {
            Ok(searcher) => searcher,
            Err(e) => return self.console.line(format_args!("no hint: {e}")),
        };
        let limits = self.control.limits(&TimeManager::default(), None, game.ply());
        let result = searcher.search(game, &limits, &mut |info| self.console.line(info_line(game, info)));
        if let Some(mv) = result.best {
            self.console.line(format_args!("hint: {}", game.format_move(mv)));
        }
    }
}

impl<G: EngineGame> Person<G> for Terminal {
    fn turn(&mut self, game: &G) -> Action<G::Move> {
        while let Some(line) = self.read() {
            match line.as_str() {
                _ if self.answer(game, &line) => {}
                "quit" | "exit" => break,
                "undo" => return Action::Undo,
                "hint" => self.hint(game),
                "moves" => {
                    let mut moves = MoveList::new();
                    game.legal_moves(&mut moves);
                    let mut names: Vec<String> = moves.iter().map(|&m| game.format_move(m)).collect();
                    names.sort();
                    self.console.line(format_args!("legal moves ({}): {}", names.len(), names.join(" ")));
                }
                text => match game.parse_move(text) {
                    Ok(mv) => return Action::Play(mv),
                    Err(e) => self.console.line(format_args!("{e}; type 'moves' for the legal moves or 'help'")),
                },
            }
        }
        Action::Quit
    }

    fn game_over(&mut self, game: &G) -> Review {
        while let Some(line) = self.read() {
            match line.as_str() {
                _ if self.answer(game, &line) => {}
                "quit" | "exit" => break,
                "undo" => return Review::Undo,
                "moves" => self.console.line("the game is over: no moves"),
                "hint" => self.console.line("no hint: it is not your move"),
                text => {
                    self.console.line(format_args!("the game is over: '{text}' is not played (undo, show or quit)"))
                }
            }
        }
        Review::End
    }
}

/// What the person sees of the game: the engines thinking and moving, the board after every
/// move, moves taken back.
struct Screen<G> {
    console: Console,
    human: Seat,
    /// The position before the latest move, in which its text is read to mark it.
    before: G,
    /// The engine spec of each seat (the person's is empty).
    specs: Vec<String>,
}

impl<G: EngineGame> Observer<G> for Screen<G> {
    fn thinking(&mut self, game: &G) {
        let seat = game.to_move();
        self.console.line(format_args!("seat {seat} ({}) thinks...", self.specs[seat.index()]));
    }

    fn info(&mut self, game: &G, info: &SearchInfo<G::Move>) {
        self.console.line(info_line(game, info));
    }

    fn flagged(&mut self, _game: &G, seat: Seat) {
        self.console
            .line(format_args!("seat {seat} ({}) ran out of time; it plays on, unclocked", self.specs[seat.index()]));
    }

    fn moved(&mut self, seat: Seat, game: &G, record: &MoveRecord) {
        if seat != self.human {
            self.console.line(format_args!("seat {seat} plays {} ({:.2}s)", record.text, record.time.as_secs_f64()));
        }
        let last = self.before.parse_move(&record.text).ok();
        self.before = game.clone();
        self.console.show(game, last, self.human);
    }

    fn undone(&mut self, game: &G, plies: usize) {
        if plies == 0 {
            self.console.line("nothing to undo");
        } else {
            self.console.line(format_args!("took back {}", plural(plies, "ply", "plies")));
            self.before = game.clone();
            self.console.show(game, None, self.human);
        }
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
        let specs =
            if self.engines.is_empty() { vec![game.default_engine().to_string()] } else { self.engines.clone() };
        if specs.len() != 1 && specs.len() != seats - 1 {
            return Err(usage(format!(
                "{} --engine given: give one (for every other seat) or {} (one per other seat, in seat order)",
                specs.len(),
                seats - 1
            )));
        }
        let stdin = io::stdin();
        let interactive = stdin.is_terminal();
        let console = Console(Rc::new(RefCell::new((Box::new(io::stdout().lock()), None))));
        let mut players = Vec::with_capacity(seats);
        let mut seat_specs = Vec::with_capacity(seats);
        let mut engine = 0;
        for seat in 0..seats {
            if seat == human.index() {
                let terminal = Terminal {
                    console: console.clone(),
                    input: Box::new(stdin.lock()),
                    interactive,
                    human,
                    hint_spec: specs[0].clone(),
                    control,
                };
                players.push(Player::person(Box::new(terminal)));
                seat_specs.push(String::new());
                continue;
            }
            let spec = specs[if specs.len() == 1 { 0 } else { engine }].clone();
            engine += 1;
            let searcher = registry::build::<G>(&spec)?;
            let player = Player::searcher(searcher, control);
            players.push(if self.clocked() { player } else { player.unclocked() });
            seat_specs.push(spec);
        }
        console.line(format_args!("{} against {}; {HELP}", G::NAME, specs.join(", ")));
        console.show(&game, None, human);
        let mut screen = Screen { console: console.clone(), human, before: game.clone(), specs: seat_specs };
        let setup = GameSetup {
            start: game,
            book: Vec::new(),
            margin: Duration::ZERO,
            flag: FlagRule::PlayOn,
            time_manager: TimeManager::default(),
            time: Arc::new(WallClock::new()),
        };
        let result = play_game(setup, &mut players, &mut screen);
        match result.termination {
            Termination::EngineError(_, Fault::NoMove) => console.line("the engine found no move"),
            Termination::EngineError(..) => console.line(result.termination),
            _ => {}
        }
        match console.take_error() {
            Some(e) => Err(e.into()),
            None => Ok(()),
        }
    }
}
