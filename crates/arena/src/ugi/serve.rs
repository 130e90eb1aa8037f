//! The engine side of UGI and UGI-N: [`UgiEngine`] reads commands line by line, keeps a
//! position and a searcher on a [`Table`](crate::Table), and answers on its output. The
//! search runs on the table's searcher thread, which writes its `info` lines and its
//! `bestmove` itself, so `stop`, `isready` and `query` are answered while it thinks; `stop`
//! raises the search's stop flag and the `bestmove` follows at once.
//!
//! Nothing read can end the loop but `quit` or the end of the input: a line that is not
//! the protocol, a bad option, a bad position or an illegal move is answered with
//! `info string error MESSAGE` naming the bad token, and the engine keeps serving. A `go`
//! that cannot search, well formed or not, is answered `bestmove (none)` after its error:
//! every `go` gets exactly one `bestmove`.

#[cfg(test)]
mod any_input;
mod limits;
mod options;
mod search;
#[cfg(test)]
mod tests;

use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex, PoisonError};

use tabula_engine::time::TimeManager;
use tabula_engine::{EngineGame, registry};
use tabula_rules::{Outcome, Seat};

use super::{Command, Go, Info, Query, Reply, Start};
use crate::error::{ArenaError, error};
use options::SearcherKeys;
use search::Desk;

/// The author `ugi` names.
const AUTHOR: &str = "The Tabula developers";

/// An engine speaking UGI for game `G`: a searcher built from a spec string, the game's
/// rule options for `position startpos`, and the position the runner set, on a [`Table`](crate::Table)
/// whose every seat the searcher plays.
pub struct UgiEngine<G: EngineGame> {
    options: G::Options,
    keys: SearcherKeys,
    manager: TimeManager,
    /// What the loop and the search thread share.
    desk: Arc<Desk<G>>,
}

/// The engine's output, shared with the search thread; every line is written whole and
/// flushed.
pub(crate) struct Output(Mutex<Box<dyn Write + Send>>);

impl Output {
    /// Writes one reply.
    pub(crate) fn send(&self, reply: &Reply) -> io::Result<()> {
        let mut out = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        writeln!(out, "{reply}")?;
        out.flush()
    }

    /// Writes `info string error MESSAGE`, on one line whatever the message holds.
    pub(crate) fn error(&self, message: &str) -> io::Result<()> {
        let message = message.replace('\r', "\\r").replace('\n', "\\n");
        self.send(&Reply::Info(Info { string: Some(format!("error {message}")), ..Info::default() }))
    }
}

impl<G: EngineGame> UgiEngine<G> {
    /// An engine playing `G` under `options` with the searcher `spec` describes (as
    /// `tabula go --engine` takes it); a bad spec or bad options are an error that names
    /// the bad part.
    pub fn new(options: G::Options, spec: &str) -> Result<Self, ArenaError> {
        let game = G::new(&options)?;
        let searcher = registry::build::<G>(spec)?;
        let keys = SearcherKeys::of::<G>(spec).map_err(|e| error(e.to_string()))?;
        let manager = TimeManager::default();
        let desk = Desk::new(game, searcher);
        Ok(UgiEngine { options, keys, manager, desk })
    }

    /// Serves the commands of `input` until `quit` or its end, answering on `output`.
    /// A search still running at the end is stopped and answered first. Fails only when
    /// the input cannot be read or the output written.
    pub fn serve(self, mut input: impl BufRead, output: impl Write + Send + 'static) -> io::Result<()> {
        let out = Arc::new(Output(Mutex::new(Box::new(output))));
        self.desk.lock().out = Some(out.clone());
        let mut engine = self;
        let served = engine.lines(&mut input, &out);
        let stopped = engine.desk.stop(&out);
        served.and(stopped)
    }

    fn lines(&mut self, input: &mut impl BufRead, out: &Arc<Output>) -> io::Result<()> {
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            match input.read_until(b'\n', &mut bytes) {
                Ok(0) => return Ok(()),
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
            // Bytes that are not UTF-8 become U+FFFD and are named as such in the error.
            let line = String::from_utf8_lossy(&bytes);
            if line.trim().is_empty() {
                continue;
            }
            match line.parse::<Command>() {
                Ok(Command::Quit) => return Ok(()),
                Ok(command) => self.command(command, out)?,
                // A runner waits for the `bestmove` of every `go`, well formed or not.
                Err(e) if line.split_whitespace().next() == Some("go") => self.desk.lock().refuse_go(out, &e.0)?,
                Err(e) => out.error(&e.0)?,
            }
        }
    }

    fn command(&mut self, command: Command, out: &Arc<Output>) -> io::Result<()> {
        match command {
            Command::Ugi => {
                out.send(&Reply::Name(format!("Tabula {} ({})", self.keys.name(), G::NAME)))?;
                out.send(&Reply::Author(AUTHOR.to_string()))?;
                out.send(&Reply::Option(options::players_option(&self.options)))?;
                for option in self.keys.declarations() {
                    out.send(&Reply::Option(option))?;
                }
                out.send(&Reply::UgiOk)
            }
            Command::IsReady => out.send(&Reply::ReadyOk),
            Command::Stop => self.desk.stop(out),
            Command::Query(query) => out.send(&Reply::Response(answer(self.desk.lock().table.game(), query))),
            Command::Quit => Ok(()),
            Command::Go(go) => self.go(&go, out),
            busy if self.desk.lock().busy() => {
                let word = busy.to_string().split_whitespace().next().unwrap_or_default().to_string();
                out.error(&format!("'{word}' while searching: send 'stop' first"))
            }
            Command::SetOption { name, value } => match self.set_option(&name, &value) {
                Ok(()) => Ok(()),
                Err(message) => out.error(&message),
            },
            Command::NewGame => {
                let start = self.start();
                let mut desk = self.desk.lock();
                desk.table.new_game();
                desk.reset(start);
                Ok(())
            }
            Command::Position { start, moves } => match self.position(start, &moves) {
                Ok(game) => {
                    self.desk.lock().reset(game);
                    Ok(())
                }
                Err(message) => out.error(&message),
            },
        }
    }

    /// Starts the search `go` asks for; a `go` that cannot start one is refused (see
    /// [`State::refuse_go`](search::State::refuse_go)).
    fn go(&mut self, go: &Go, out: &Arc<Output>) -> io::Result<()> {
        let mut desk = self.desk.lock();
        if desk.busy() {
            return desk.refuse_go(out, "'go' while searching: send 'stop' first");
        }
        let game = desk.table.game().clone();
        let limits = match game.outcome() {
            Some(outcome) => Err(format!("game over ({}): no move to search", result(Some(outcome)))),
            None => limits::limits(go, game.to_move(), game.seats(), game.ply(), &self.manager),
        };
        match limits.and_then(|limits| desk.start(limits, go.infinite, &self.keys.spec())) {
            Ok(()) => Ok(()),
            Err(message) => desk.refuse_go(out, &message),
        }
    }

    /// The start position under the engine's options (checked when the engine was made).
    fn start(&self) -> G {
        G::new(&self.options).unwrap_or_else(|_| self.desk.lock().table.start().clone())
    }

    /// The position a `position` command describes; an error names the bad text or move.
    fn position(&self, start: Start, moves: &[String]) -> Result<G, String> {
        let mut game = match start {
            Start::StartPos => self.start(),
            Start::Fen(text) => G::from_text(&text).map_err(|e| format!("bad position text: {e}"))?,
        };
        for (i, text) in moves.iter().enumerate() {
            let mv = game.parse_move(text).map_err(|e| {
                let state = match game.outcome() {
                    Some(outcome) => format!("the game is over ({})", result(Some(outcome))),
                    None => format!("p{} to move", game.to_move().index() + 1),
                };
                format!("{e} (move {} of the list, {state}); the position is unchanged", i + 1)
            })?;
            game.play(mv);
        }
        Ok(game)
    }

    /// Sets the player count of the start (`players`), or searcher key `name` (any case) to
    /// `value` and rebuilds the searcher.
    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        if name.eq_ignore_ascii_case(options::PLAYERS) {
            let options = options::with_players(&self.options, value)?;
            G::new(&options).map_err(|e| format!("bad value '{value}' for players: {e}"))?;
            self.options = options;
            return Ok(());
        }
        let (spec, keys) = self.keys.with::<G>(name, value)?;
        // The old searcher's tables go first, so that the new ones are held against the
        // memory without them; if the new spec cannot be built, the next `go` builds the old.
        let old = self.desk.lock().unseat();
        drop(old.end());
        let searcher = registry::build::<G>(&spec).map_err(|e| e.to_string())?;
        self.desk.lock().seat(searcher);
        self.keys = keys;
        Ok(())
    }
}

/// The answer to a query about `game`.
fn answer<G: EngineGame>(game: &G, query: Query) -> String {
    match query {
        Query::GameOver => game.is_over().to_string(),
        Query::P1Turn => (game.to_move() == Seat(0)).to_string(),
        Query::Result => result(game.outcome()),
        Query::Turn => format!("p{}", game.to_move().index() + 1),
        Query::Seats => game.seats().to_string(),
    }
}

/// `none` while the game runs; `draw` when every seat shares rank 1; `pKwin` when seat K
/// alone ranks 1 and every other seat shares rank 2; otherwise `ranks R1 .. RN`.
fn result(outcome: Option<Outcome>) -> String {
    let Some(outcome) = outcome else { return "none".to_string() };
    let ranks = outcome.ranks();
    if ranks.iter().all(|&r| r == 1) {
        return "draw".to_string();
    }
    let firsts: Vec<usize> = (0..ranks.len()).filter(|&s| ranks[s] == 1).collect();
    if let [winner] = firsts[..]
        && ranks.iter().all(|&r| r <= 2)
    {
        return format!("p{}win", winner + 1);
    }
    let ranks: Vec<String> = ranks.iter().map(u8::to_string).collect();
    format!("ranks {}", ranks.join(" "))
}
