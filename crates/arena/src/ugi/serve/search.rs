//! A search on its own thread: `info` lines as the searcher reports, then `bestmove`. The
//! thread owns the searcher while it thinks and hands it back when joined.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};

use tabula_engine::search::thread as search_thread;
use tabula_engine::{EngineGame, Limits, SearchInfo, Searcher};
use tabula_rules::Game;

use super::Output;
use crate::ugi::{Info, Reply};

/// What `bestmove` names when there is no move to play.
pub(super) const NO_MOVE: &str = "(none)";

/// A running search.
pub(super) struct Search<G: EngineGame> {
    thread: JoinHandle<Box<dyn Searcher<G>>>,
    stop: Arc<AtomicBool>,
    answered: Arc<AtomicBool>,
}

impl<G: EngineGame> Search<G> {
    /// Starts `searcher` on `game` within `limits` on a search thread (see
    /// [`tabula_engine::search::thread`]). With `infinite` the `bestmove` waits for
    /// [`stop`](Search::stop) even when the search ends first, as UGI asks.
    pub(super) fn start(
        mut searcher: Box<dyn Searcher<G>>,
        game: G,
        mut limits: Limits,
        infinite: bool,
        out: Arc<Output>,
    ) -> io::Result<Self> {
        let stop = Arc::new(AtomicBool::new(false));
        let answered = Arc::new(AtomicBool::new(false));
        limits.stop = Some(stop.clone());
        let (flag, done) = (stop.clone(), answered.clone());
        let thread = search_thread::spawn("ugi search".to_string(), move || {
            // Write errors are the main loop's to see: its next write fails the same way.
            let result = searcher.search(&game, &limits, &mut |info| {
                let _ = out.send(&info_line(&game, info));
            });
            while infinite && !flag.load(Ordering::SeqCst) {
                thread::park();
            }
            let best = result.best.map_or_else(|| NO_MOVE.to_string(), |mv| game.format_move(mv));
            // Raised before the line is written: a command the runner sends after reading
            // it finds the search answered.
            done.store(true, Ordering::SeqCst);
            let _ = out.send(&Reply::BestMove(best));
            searcher
        })?;
        Ok(Search { thread, stop, answered })
    }

    /// Whether the `bestmove` is written (or being written).
    pub(super) fn answered(&self) -> bool {
        self.answered.load(Ordering::SeqCst)
    }

    /// Raises the stop flag, waits for the `bestmove` and gives the searcher back; a
    /// thread that panicked loses it, and says whether it had answered.
    pub(super) fn stop(self) -> Result<Box<dyn Searcher<G>>, bool> {
        self.stop.store(true, Ordering::SeqCst);
        self.thread.thread().unpark();
        self.thread.join().map_err(|_| self.answered.load(Ordering::SeqCst))
    }
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
