//! The engine's searches, each on a thread of its own so that no request waits for one.
//!
//! A search starts when an engine's seat is to move at the last ply shown. Its reports
//! and its move go into the session under the generation it started with; a session that
//! has changed since (undo, stepping, closing) ignores them. A stop raises the search's
//! flag and the searcher returns the best move found so far, which is played. A searcher
//! that panics ends its thread only: the panic becomes the session's engine error.

use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use tabula_engine::search::thread as search_thread;
use tabula_engine::{Limits, SearchInfo, SearchResult, Searcher, registry};
use tabula_rules::Game;

use crate::session::{Live, Player, Running, ServeGame, State};
use crate::view::SearchView;

/// Starts a search if an engine's seat is to move at the last ply, none runs and the last
/// one did not fail.
pub fn start_if_due<G: ServeGame>(live: &Arc<Live<G>>, state: &mut State<G>) {
    if state.search.is_some() || state.engine_error.is_some() || state.cursor != state.moves.len() {
        return;
    }
    let Some(seat) = state.seat_to_move() else { return };
    let Some(Player::Engine(spec)) = state.seats.get(seat).cloned() else { return };
    let searcher = match state.searchers[seat].take() {
        Some(searcher) => searcher,
        None => match registry::build::<G>(&spec) {
            Ok(searcher) => searcher,
            Err(e) => {
                state.engine_error = Some(format!("seat {seat}'s engine '{spec}': {e}"));
                return;
            }
        },
    };
    let stop = Arc::new(AtomicBool::new(false));
    let limits = Limits { stop: Some(stop.clone()), ..Limits::think(state.think) };
    let game = state.current().clone();
    let generation = state.generation;
    let shared = live.clone();
    let spawned = search_thread::spawn(format!("search seat {seat}"), move || {
        search(shared, generation, seat, searcher, game, limits)
    });
    match spawned {
        Ok(_) => {
            let info = SearchView::new(seat, 0, 0, 0, Duration::ZERO, Vec::new(), true);
            state.search = Some(Running { stop, seat, started: Instant::now(), info, pv: Vec::new() });
        }
        Err(e) => state.engine_error = Some(format!("cannot start a search thread: {e}")),
    }
}

/// The search thread's body: searches, then hands the move to the session.
fn search<G: ServeGame>(
    live: Arc<Live<G>>,
    generation: u64,
    seat: usize,
    mut searcher: Box<dyn Searcher<G>>,
    game: G,
    limits: Limits,
) {
    let ran = panic::catch_unwind(AssertUnwindSafe(|| {
        searcher.search(&game, &limits, &mut |info| report(&live, generation, &game, info))
    }));
    let mut state = live.lock();
    let current = state.generation == generation;
    match ran {
        Ok(result) => {
            if state.searchers[seat].is_none() {
                state.searchers[seat] = Some(searcher);
            }
            if current {
                finish(&live, &mut state, &game, result);
            }
        }
        Err(payload) if current => {
            state.search = None;
            state.engine_error = Some(format!("seat {seat}'s engine panicked: {}", panic_text(payload.as_ref())));
        }
        Err(_) => {}
    }
}

/// Records a report of the search started under `generation` in `game`.
fn report<G: ServeGame>(live: &Live<G>, generation: u64, game: &G, info: &SearchInfo<G::Move>) {
    let (pv, texts) = line(game, &info.pv);
    let view = SearchView::new(0, info.depth, info.score, info.nodes, info.time, texts, true);
    let mut state = live.lock();
    if state.generation != generation {
        return;
    }
    if let Some(running) = &mut state.search {
        running.info = SearchView { seat: running.seat, ..view };
        running.pv = pv;
    }
}

/// Plays the search's move and starts the next seat's search if an engine sits there.
fn finish<G: ServeGame>(live: &Arc<Live<G>>, state: &mut State<G>, game: &G, result: SearchResult<G::Move>) {
    let Some(running) = state.search.take() else { return };
    let (_, texts) = line(game, &result.pv);
    state.last_search = Some(SearchView::new(
        running.seat,
        result.depth,
        result.score,
        result.nodes,
        running.started.elapsed(),
        texts,
        false,
    ));
    match result.best {
        Some(mv) if !game.is_over() && game.is_legal(mv) => {
            state.push(mv);
            start_if_due(live, state);
        }
        Some(mv) => state.engine_error = Some(format!("seat {}'s engine chose an illegal move ({mv:?})", running.seat)),
        None => state.engine_error = Some(format!("seat {}'s engine found no move", running.seat)),
    }
}

/// The legal prefix of `pv` from `game`, with each move's text in its position.
fn line<G: Game>(game: &G, pv: &[G::Move]) -> (Vec<G::Move>, Vec<String>) {
    let mut at = game.clone();
    let mut moves = Vec::new();
    let mut texts = Vec::new();
    for &mv in pv {
        if at.is_over() || !at.is_legal(mv) {
            break;
        }
        texts.push(at.format_move(mv));
        moves.push(mv);
        at.play(mv);
    }
    (moves, texts)
}

/// The message a panic was raised with.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        text.to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a panic without a message".to_string()
    }
}
