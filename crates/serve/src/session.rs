//! One game on the board: its positions ply by ply, who sits in each seat, the ply shown,
//! and the engine's search in progress. A [`Live`] session is shared between the request
//! handlers and the engine's thread; every change goes through its lock, and every move is
//! checked by the rules before it is played.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use tabula_board::Picture;
use tabula_engine::{EngineGame, Searcher};
use tabula_rules::{Game, GameOptions};

use crate::clicks::Clicks;
use crate::engine_task;
use crate::error::ApiError;
use crate::view::{SearchView, View};

/// What the server needs of a game: rules, engine, pictures and clicks.
pub trait ServeGame: EngineGame + Picture + Clicks {}

impl<G: EngineGame + Picture + Clicks> ServeGame for G {}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person, who moves by clicking.
    Person,
    /// A searcher built from this spec string.
    Engine(String),
}

impl Player {
    /// `person`, or the engine's spec.
    pub fn label(&self) -> &str {
        match self {
            Player::Person => "person",
            Player::Engine(spec) => spec,
        }
    }
}

/// The game of a records file a session replays.
#[derive(Clone, Debug)]
pub struct RecordInfo {
    /// Its tags, in file order.
    pub tags: Vec<(String, String)>,
    /// Its result line.
    pub result: String,
    /// Which game of the file, from 1.
    pub number: usize,
    /// Games in the file.
    pub games: usize,
}

impl RecordInfo {
    /// The value of tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

/// A move played, with its text in the position it was played in.
pub struct Played<M> {
    /// The move.
    pub mv: M,
    /// Its canonical notation.
    pub text: String,
}

/// A search running for the seat to move.
pub struct Running<M> {
    /// Raised to make the searcher return its best move now.
    pub stop: Arc<AtomicBool>,
    /// The seat it searches for.
    pub seat: usize,
    /// When it started.
    pub started: Instant,
    /// Its latest report (all zero before the first).
    pub info: SearchView,
    /// The principal variation of that report, for the arrows.
    pub pv: Vec<M>,
}

/// The state of a session; see [`Live`].
pub struct State<G: ServeGame> {
    /// The positions: `positions[i]` after `i` plies.
    pub positions: Vec<G>,
    /// The moves played: `moves[i]` leads from `positions[i]` to `positions[i + 1]`.
    pub moves: Vec<Played<G::Move>>,
    /// The ply shown; moves are played from it (later plies are dropped).
    pub cursor: usize,
    /// Who sits in each seat.
    pub seats: Vec<Player>,
    /// Each engine seat's searcher between its moves (taken while it searches).
    pub searchers: Vec<Option<Box<dyn Searcher<G>>>>,
    /// The engine's thinking time per move.
    pub think: Duration,
    /// Counts the changes that make a running search's move unwanted (undo, stepping,
    /// closing): a search started under another generation is ignored when it ends.
    pub generation: u64,
    /// The search running, if any.
    pub search: Option<Running<G::Move>>,
    /// The report of the last search that ended.
    pub last_search: Option<SearchView>,
    /// Why the engine could not move, if it could not.
    pub engine_error: Option<String>,
    /// The record replayed, if this session replays one.
    pub record: Option<RecordInfo>,
}

/// A session shared by the handlers and the engine's thread.
pub struct Live<G: ServeGame> {
    state: Mutex<State<G>>,
}

impl<G: ServeGame> State<G> {
    /// A session at `start`, no move played, no searcher built yet.
    pub fn new(start: G, seats: Vec<Player>, think: Duration, record: Option<RecordInfo>) -> Self {
        let searchers = seats.iter().map(|_| None).collect();
        State {
            positions: vec![start],
            moves: Vec::new(),
            cursor: 0,
            seats,
            searchers,
            think,
            generation: 0,
            search: None,
            last_search: None,
            engine_error: None,
            record,
        }
    }

    /// The position shown.
    pub fn current(&self) -> &G {
        &self.positions[self.cursor]
    }

    /// Plays `mv` (legal in the position shown) after the ply shown, dropping later plies.
    pub fn push(&mut self, mv: G::Move) {
        let game = self.current();
        let text = game.format_move(mv);
        let mut next = game.clone();
        next.play(mv);
        self.positions.truncate(self.cursor + 1);
        self.moves.truncate(self.cursor);
        self.positions.push(next);
        self.moves.push(Played { mv, text });
        self.cursor = self.moves.len();
    }

    /// Abandons the running search, if any: its move will not be played.
    pub fn cancel_search(&mut self) {
        self.generation += 1;
        if let Some(running) = self.search.take() {
            running.stop.store(true, Ordering::Relaxed);
        }
    }

    /// The seat to move in the position shown, if the game goes on there.
    pub fn seat_to_move(&self) -> Option<usize> {
        let game = self.current();
        (!game.is_over()).then(|| game.to_move().index())
    }

    /// Whether `seat` is played by a person.
    pub fn is_person(&self, seat: usize) -> bool {
        matches!(self.seats.get(seat), Some(Player::Person) | None)
    }
}

impl<G: ServeGame> Live<G> {
    /// Shares `state`, starting the engine if it is to move.
    pub fn start(state: State<G>) -> Arc<Self> {
        let live = Arc::new(Live { state: Mutex::new(state) });
        {
            let mut state = live.lock();
            engine_task::start_if_due(&live, &mut state);
        }
        live
    }

    /// The state, locked. A panic while the lock was held (there should be none) leaves
    /// the state as it was; it is used as is rather than failing every later request.
    pub fn lock(&self) -> MutexGuard<'_, State<G>> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// What the handlers do with a session, whatever its game.
pub trait Table: Send + Sync {
    /// The session as the page shows it.
    fn view(&self, id: &str) -> View;
    /// Plays the move written `text` at the ply shown.
    fn play(self: Arc<Self>, text: &str) -> Result<(), ApiError>;
    /// Takes back the last ply, and then more until a person is to move (if a person sits).
    fn undo(self: Arc<Self>) -> Result<(), ApiError>;
    /// Shows ply `ply` (0 is the start).
    fn goto(self: Arc<Self>, ply: usize) -> Result<(), ApiError>;
    /// Makes the running search return its best move now.
    fn stop(&self) -> Result<(), ApiError>;
    /// Ends the session's search for good.
    fn close(&self);
}

impl<G: ServeGame> Table for Live<G> {
    fn view(&self, id: &str) -> View {
        View::of(id, &self.lock())
    }

    fn play(self: Arc<Self>, text: &str) -> Result<(), ApiError> {
        let mut state = self.lock();
        if let Some(running) = &state.search {
            return Err(ApiError::conflict(format!(
                "move '{text}' refused: the engine is thinking for seat {}; stop it first",
                running.seat
            )));
        }
        let game = state.current();
        if let Some(outcome) = game.outcome() {
            return Err(ApiError::bad(format!("move '{text}' refused: the game is over ({outcome})")));
        }
        let mv = game.parse_move(text.trim()).map_err(|e| ApiError::bad(format!("bad move: {e}")))?;
        state.engine_error = None;
        state.push(mv);
        engine_task::start_if_due(&self, &mut state);
        Ok(())
    }

    fn undo(self: Arc<Self>) -> Result<(), ApiError> {
        let mut state = self.lock();
        if state.moves.is_empty() {
            return Err(ApiError::conflict("nothing to undo: no move has been played"));
        }
        state.cancel_search();
        state.engine_error = None;
        let mut len = state.moves.len() - 1;
        let any_person = state.seats.contains(&Player::Person);
        while any_person && len > 0 && !state.is_person(state.positions[len].to_move().index()) {
            len -= 1;
        }
        state.positions.truncate(len + 1);
        state.moves.truncate(len);
        state.cursor = len;
        engine_task::start_if_due(&self, &mut state);
        Ok(())
    }

    fn goto(self: Arc<Self>, ply: usize) -> Result<(), ApiError> {
        let mut state = self.lock();
        let plies = state.moves.len();
        if ply > plies {
            return Err(ApiError::bad(format!("bad ply '{ply}': the game has {plies} plies")));
        }
        if ply != state.cursor {
            state.cancel_search();
            state.cursor = ply;
            engine_task::start_if_due(&self, &mut state);
        }
        Ok(())
    }

    fn stop(&self) -> Result<(), ApiError> {
        let state = self.lock();
        match &state.search {
            Some(running) => {
                running.stop.store(true, Ordering::Relaxed);
                Ok(())
            }
            None => Err(ApiError::conflict("no search is running")),
        }
    }

    fn close(&self) {
        self.lock().cancel_search();
    }
}

/// The options of `game` that differ from the defaults, as `key=value`.
pub fn options_text<G: Game>(game: &G) -> Vec<String> {
    game.options().non_default().into_iter().map(|(k, v)| format!("{k}={v}")).collect()
}
