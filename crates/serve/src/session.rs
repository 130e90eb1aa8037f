//! One game on the board: an arena [`Table`] (its positions ply by ply, the ply shown, the
//! engines' threads and the search in progress), who sits in each seat, and what the page
//! shows of the search. A [`Live`] session is shared between the request handlers and the
//! engines' threads, which wake it after every report and answer; every change goes through
//! its lock, and every move is checked by the rules before it is played.

use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Duration;

use tabula_arena::{MoveRecord, Sitter, Table, Wake};
use tabula_board::Picture;
use tabula_engine::{EngineGame, Searcher};
use tabula_rules::{Game, GameOptions, Seat};

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

/// The latest report of the search running, for the page.
pub struct Report<M> {
    /// The report (all zero before the first).
    pub info: SearchView,
    /// The principal variation of that report, for the arrows.
    pub pv: Vec<M>,
}

/// The state of a session; see [`Live`].
pub struct State<G: ServeGame> {
    /// The game in play: positions, moves, the ply shown, the engines' threads and the
    /// search running.
    pub table: Table<G>,
    /// Who sits in each seat.
    pub seats: Vec<Player>,
    /// The engine's thinking time per move.
    pub think: Duration,
    /// The latest report of the search running, if one runs.
    pub report: Option<Report<G::Move>>,
    /// The report of the last search that ended.
    pub last_search: Option<SearchView>,
    /// Why the engine could not move, if it could not.
    pub engine_error: Option<String>,
    /// The record replayed, if this session replays one.
    pub record: Option<RecordInfo>,
    /// What each engine thread calls after every event: the session polls its table.
    wake: Option<Wake>,
}

/// A session shared by the handlers and the engines' threads.
pub struct Live<G: ServeGame> {
    state: Mutex<State<G>>,
}

impl<G: ServeGame> State<G> {
    /// The position shown.
    pub fn current(&self) -> &G {
        self.table.game()
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

    /// Abandons the running search, if any: its move will not be played.
    pub fn cancel_search(&mut self) {
        self.table.abandon();
        self.report = None;
    }

    /// An engine's thread for `seat`, searching with the spec's searcher.
    pub(crate) fn engine(&self, seat: usize, searcher: Box<dyn Searcher<G>>) -> Sitter<G> {
        Sitter::searcher(searcher, format!("search seat {seat}"), self.wake.clone())
    }
}

impl<G: ServeGame> Live<G> {
    /// A session at `start` with `seats` sitting (`searchers[s]` built for each engine
    /// seat), which starts the engine if it is to move.
    pub fn start(
        start: G,
        seats: Vec<Player>,
        searchers: Vec<Option<Box<dyn Searcher<G>>>>,
        think: Duration,
        record: Option<RecordInfo>,
    ) -> Arc<Self> {
        let live = Arc::new_cyclic(|me: &Weak<Live<G>>| {
            let me = me.clone();
            let wake: Wake = Arc::new(move || {
                if let Some(live) = me.upgrade() {
                    engine_task::collect(&mut live.lock());
                }
            });
            let players = start.seats();
            let mut state = State {
                table: Table::new(start, (0..players).map(|_| Sitter::person()).collect(), vec![None; players]),
                seats,
                think,
                report: None,
                last_search: None,
                engine_error: None,
                record,
                wake: Some(wake),
            };
            for (seat, searcher) in searchers.into_iter().enumerate() {
                if let Some(searcher) = searcher {
                    let sitter = state.engine(seat, searcher);
                    state.table.seat(Seat(seat as u8), sitter);
                }
            }
            Live { state: Mutex::new(state) }
        });
        engine_task::start_if_due(&mut live.lock());
        live
    }

    /// The state, locked. A panic while the lock was held (there should be none) leaves
    /// the state as it was; it is used as is rather than failing every later request.
    pub fn lock(&self) -> MutexGuard<'_, State<G>> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// What the handlers do with a session, whatever its game.
pub trait Session: Send + Sync {
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

impl<G: ServeGame> Session for Live<G> {
    fn view(&self, id: &str) -> View {
        View::of(id, &self.lock())
    }

    fn play(self: Arc<Self>, text: &str) -> Result<(), ApiError> {
        let mut state = self.lock();
        if let Some(running) = state.table.running() {
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
        let record = MoveRecord::bare(game.format_move(mv));
        state.table.play(mv, record).map_err(|refusal| ApiError::bad(format!("move '{text}' refused: {refusal:?}")))?;
        state.engine_error = None;
        engine_task::start_if_due(&mut state);
        Ok(())
    }

    fn undo(self: Arc<Self>) -> Result<(), ApiError> {
        let mut state = self.lock();
        if state.table.moves().is_empty() {
            return Err(ApiError::conflict("nothing to undo: no move has been played"));
        }
        state.cancel_search();
        state.engine_error = None;
        let any_person = state.seats.contains(&Player::Person);
        let people: Vec<bool> = (0..state.seats.len()).map(|s| state.is_person(s)).collect();
        state.table.undo(|seat| !any_person || people[seat.index()]);
        engine_task::start_if_due(&mut state);
        Ok(())
    }

    fn goto(self: Arc<Self>, ply: usize) -> Result<(), ApiError> {
        let mut state = self.lock();
        if ply != state.table.cursor() {
            state
                .table
                .goto(ply)
                .map_err(|plies| ApiError::bad(format!("bad ply '{ply}': the game has {plies} plies")))?;
            state.report = None;
            engine_task::start_if_due(&mut state);
        }
        Ok(())
    }

    fn stop(&self) -> Result<(), ApiError> {
        let state = self.lock();
        if state.table.stop() { Ok(()) } else { Err(ApiError::conflict("no search is running")) }
    }

    fn close(&self) {
        self.lock().cancel_search();
    }
}

/// The options of `game` that differ from the defaults, as `key=value`.
pub fn options_text<G: Game>(game: &G) -> Vec<String> {
    game.options().non_default().into_iter().map(|(k, v)| format!("{k}={v}")).collect()
}
