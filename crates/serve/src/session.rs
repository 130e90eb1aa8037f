//! A [`Live`] session: one game on the board ([`State`]), shared between the request
//! handlers and the engines' threads, which wake it after every report and answer; every
//! change goes through its lock, and every move is checked by the rules before it is
//! played. [`Session`] is what the handlers do with one, whatever its game.

use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::Duration;

use tabula_arena::{MoveRecord, Sitter, Table, Wake};
use tabula_engine::Searcher;
use tabula_rules::Seat;

use crate::engine_task;
use crate::error::{ApiError, clip};
use crate::state::{Player, RecordInfo, ServeGame, State};
use crate::view::View;

/// A session shared by the handlers and the engines' threads.
pub struct Live<G: ServeGame> {
    state: Mutex<State<G>>,
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
                resigned: None,
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
    /// Resigns the game for `seat` (default: the person's seat, or the person to move where
    /// several sit) at the last ply.
    fn resign(self: Arc<Self>, seat: Option<usize>) -> Result<(), ApiError>;
    /// The game played so far as a sealed record (see [`crate::record`]).
    fn record(&self) -> String;
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
                "move '{}' refused: the engine is thinking for seat {}; stop it first",
                clip(text),
                running.seat
            )));
        }
        if let Some(seat) = state.resignation() {
            return Err(ApiError::bad(format!(
                "move '{}' refused: the game is over (seat {seat} resigned)",
                clip(text)
            )));
        }
        let game = state.current();
        if let Some(outcome) = game.outcome() {
            return Err(ApiError::bad(format!("move '{}' refused: the game is over ({outcome})", clip(text))));
        }
        let mv = game.parse_move(text.trim()).map_err(|e| ApiError::bad(format!("bad move: {e}")))?;
        let record = MoveRecord::bare(game.format_move(mv));
        state
            .table
            .play(mv, record)
            .map_err(|refusal| ApiError::bad(format!("move '{}' refused: {refusal}", clip(text))))?;
        // A move at an earlier ply drops the later ones, a resignation at the end with them.
        state.resigned = None;
        state.engine_error = None;
        engine_task::start_if_due(&mut state);
        Ok(())
    }

    fn undo(self: Arc<Self>) -> Result<(), ApiError> {
        let mut state = self.lock();
        if state.resigned.take().is_some() {
            // Taking back a resignation: the game goes on at its last ply.
            let last = state.table.moves().len();
            let _ = state.table.goto(last);
            state.report = None;
            engine_task::start_if_due(&mut state);
            return Ok(());
        }
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

    fn resign(self: Arc<Self>, seat: Option<usize>) -> Result<(), ApiError> {
        let mut state = self.lock();
        let last = state.table.moves().len();
        let end = state.table.position(last).unwrap_or_else(|| state.current());
        if let Some(outcome) = end.outcome() {
            return Err(ApiError::conflict(format!("nothing to resign: the game is over ({outcome})")));
        }
        if let Some(seat) = state.resigned {
            return Err(ApiError::conflict(format!("nothing to resign: seat {seat} resigned already")));
        }
        let seats = end.seats();
        let to_move = end.to_move().index();
        let seat = match seat {
            Some(seat) if seat < seats => seat,
            Some(seat) => return Err(ApiError::bad(format!("bad seat '{seat}': the game has {seats} seats"))),
            None => {
                let people: Vec<usize> = (0..seats).filter(|&s| state.seats.get(s) == Some(&Player::Person)).collect();
                match people.as_slice() {
                    [one] => *one,
                    _ if people.contains(&to_move) => to_move,
                    _ => return Err(ApiError::bad("bad resignation: say which seat resigns (no person is to move)")),
                }
            }
        };
        state.cancel_search();
        let _ = state.table.goto(last);
        state.resigned = Some(seat);
        Ok(())
    }

    fn record(&self) -> String {
        crate::record::record(&self.lock())
    }

    fn close(&self) {
        self.lock().cancel_search();
    }
}
