//! The engine's desk: the table the searcher plays on, shared by the loop that reads
//! commands and the searcher's thread. The thread wakes the desk after every report and
//! answer; the desk writes the `info` line, or the `bestmove` (held back under `go
//! infinite` until `stop`). `stop` waits until the `bestmove` is written.
//!
//! Every `go` gets exactly one `bestmove`, in the order the `go`s came: one refused while a
//! search runs is owed a `bestmove (none)`, written right after the running search's.

use std::io;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError, Weak};

use tabula_engine::{EngineGame, Limits, SearchInfo, Searcher, registry};
use tabula_rules::{Game, Seat};

use super::Output;
use crate::player::Mover;
use crate::searcher_thread::{Answer, Wake};
use crate::table::{Sitter, Table};
use crate::ugi::{Info, NO_MOVE, Reply};

/// The table and what the search thread needs to answer; see the module docs.
pub(super) struct Desk<G: EngineGame> {
    state: Mutex<State<G>>,
    /// Signalled when a search has answered.
    answered: Condvar,
}

pub(super) struct State<G: EngineGame> {
    /// The position the runner set; every seat is the searcher's.
    pub table: Table<G>,
    /// Where the lines go, once the engine serves.
    pub out: Option<Arc<Output>>,
    /// The search runs under `go infinite`: its `bestmove` waits for `stop`.
    infinite: bool,
    /// `stop` was received for the running search.
    stopped: bool,
    /// The `bestmove` of an infinite search that ended before `stop`.
    held: Option<String>,
    /// The searcher's thread was lost to a panic, or no searcher sits at the table: the next
    /// `go` builds it again.
    lost: bool,
    /// `go`s refused while the search ran: each is answered `bestmove (none)` after it.
    owed: usize,
    wake: Wake,
}

impl<G: EngineGame> Desk<G> {
    /// A desk at `game` with `searcher` playing every seat.
    pub(super) fn new(game: G, searcher: Box<dyn Searcher<G>>) -> Arc<Self> {
        Arc::new_cyclic(|me: &Weak<Desk<G>>| {
            let me = me.clone();
            let wake: Wake = Arc::new(move || {
                if let Some(desk) = me.upgrade() {
                    desk.collect();
                }
            });
            let table = table(game, Sitter::searcher(searcher, "ugi search".into(), Some(wake.clone())));
            let state =
                State { table, out: None, infinite: false, stopped: false, held: None, lost: false, owed: 0, wake };
            Desk { state: Mutex::new(state), answered: Condvar::new() }
        })
    }

    /// The desk, locked.
    pub(super) fn lock(&self) -> MutexGuard<'_, State<G>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// On the search thread: writes the search's reports and, once it answers, its
    /// `bestmove` (or holds it back; see the module docs). Write errors are the loop's to
    /// see: its next write fails the same way.
    fn collect(&self) {
        let mut state = self.lock();
        let Some(out) = state.out.clone() else { return };
        let game = state.table.game().clone();
        let answered = state.table.poll(&mut |info| {
            let _ = out.send(&info_line(&game, info));
        });
        let best = match answered {
            Some((_, Answer::Done(result))) => {
                result.best.map_or_else(|| NO_MOVE.to_string(), |mv| game.format_move(mv))
            }
            Some((_, Answer::Panicked(_))) => {
                state.lost = true;
                let _ = out.error("the search failed");
                NO_MOVE.to_string()
            }
            None => return,
        };
        if state.infinite && !state.stopped {
            state.held = Some(best);
        } else {
            let _ = state.answer(&out, best);
        }
        self.answered.notify_all();
    }

    /// `stop`: raises the running search's stop flag and waits until its `bestmove` is
    /// written; writes a held one at once. Nothing runs: nothing to do.
    pub(super) fn stop(&self, out: &Output) -> io::Result<()> {
        let mut state = self.lock();
        state.stopped = true;
        if let Some(best) = state.held.take() {
            return state.answer(out, best);
        }
        state.table.stop();
        while state.table.running().is_some() {
            state = self.answered.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
        Ok(())
    }
}

impl<G: EngineGame> State<G> {
    /// Whether a search runs or its `bestmove` is held.
    pub(super) fn busy(&self) -> bool {
        self.table.running().is_some() || self.held.is_some()
    }

    /// Refuses a `go` (`message` says why): `bestmove (none)` follows the error at once,
    /// or, while a search runs, right after that search's `bestmove`.
    pub(super) fn refuse_go(&mut self, out: &Output, message: &str) -> io::Result<()> {
        out.error(message)?;
        if self.busy() {
            self.owed += 1;
            Ok(())
        } else {
            out.send(&Reply::BestMove(NO_MOVE.to_string()))
        }
    }

    /// Writes the search's `bestmove`, then those owed to the `go`s refused meanwhile.
    fn answer(&mut self, out: &Output, best: String) -> io::Result<()> {
        out.send(&Reply::BestMove(best))?;
        for _ in 0..std::mem::take(&mut self.owed) {
            out.send(&Reply::BestMove(NO_MOVE.to_string()))?;
        }
        Ok(())
    }

    /// Sets the position. A game of another seat count than the table's (a position text
    /// names its own) gets a table of its own, to which the searcher moves.
    pub(super) fn reset(&mut self, game: G) {
        if game.seats() == self.table.game().seats() {
            self.table.reset(game);
            return;
        }
        let old = std::mem::replace(&mut self.table, table(game, Sitter::person()));
        match old.finish().into_iter().next().flatten() {
            Some(Mover::Searcher(searcher)) if !self.lost => self.seat(searcher),
            _ => self.lost = true,
        }
    }

    /// Seats `searcher` in place of the last one.
    pub(super) fn seat(&mut self, searcher: Box<dyn Searcher<G>>) {
        let sitter = Sitter::searcher(searcher, "ugi search".into(), Some(self.wake.clone()));
        self.table.seat(Seat(0), sitter);
        self.lost = false;
    }

    /// Takes the searcher from the table (to be ended outside the desk's lock, which its
    /// wake hook takes): the next `go` builds one from its spec unless another is seated
    /// first.
    pub(super) fn unseat(&mut self) -> Sitter<G> {
        self.lost = true;
        self.table.seat(Seat(0), Sitter::person())
    }

    /// Starts the search of the position under `limits`; a searcher lost to a panic is
    /// built again from `spec` first.
    pub(super) fn start(&mut self, limits: Limits, infinite: bool, spec: &str) -> Result<(), String> {
        if self.lost {
            let searcher = registry::build::<G>(spec).map_err(|e| e.to_string())?;
            self.seat(searcher);
        }
        self.infinite = infinite;
        self.stopped = false;
        match self.table.start_search(limits, true) {
            Ok(Some(_)) => Ok(()),
            Ok(None) => Err("the search could not start".to_string()),
            Err(fault) => Err(format!("cannot start a search thread: {fault}")),
        }
    }
}

/// A table at `game` with `first` in the first seat and every other seat its alias.
fn table<G: EngineGame>(game: G, first: Sitter<G>) -> Table<G> {
    let seats = game.seats();
    let mut sitters = vec![first];
    sitters.extend((1..seats).map(|_| Sitter::same_as(Seat(0))));
    Table::new(game, sitters, vec![None; seats])
}

/// `info depth D score cp S nodes N nps X time MS pv M1 M2 ...`: the principal variation
/// written move by move from `game`, cut where a move is not legal.
fn info_line<G: Game>(game: &G, info: &SearchInfo<G::Move>) -> Reply {
    let mut line = game.clone();
    let mut pv = Vec::with_capacity(info.pv.len());
    for &mv in &info.pv {
        if line.is_over() || !line.is_legal(mv) {
            break;
        }
        pv.push(line.format_move(mv));
        line.play(mv);
    }
    Reply::Info(Info {
        depth: Some(info.depth),
        score: Some(i64::from(info.score)),
        nodes: Some(info.nodes),
        nps: Some(info.nps()),
        time: Some(u64::try_from(info.time.as_millis()).unwrap_or(u64::MAX)),
        pv,
        string: None,
    })
}
