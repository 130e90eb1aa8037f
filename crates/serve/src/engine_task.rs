//! The engines' searches: each engine seat has a thread on the session's table, so that no
//! request waits for a search.
//!
//! A search starts when an engine's seat is to move at the last ply shown. The thread wakes
//! the session after every report and answer ([`collect`]), which takes them from the table:
//! a report goes to the page, an answer is played. A session that has changed since the
//! search started (undo, stepping, closing) abandoned it, and the table drops its answer. A
//! stop raises the search's flag and the searcher returns the best move found so far, which
//! is played. A searcher that panics ends its thread only: the panic becomes the session's
//! engine error, and the seat gets a new thread for its next search.

use tabula_arena::{Answer, Running};
use tabula_engine::{Limits, SearchInfo, SearchResult, registry};
use tabula_rules::{Game, Seat};

use crate::search_view::SearchView;
use crate::state::{Player, Report, ServeGame, State};

/// Starts a search if an engine's seat is to move at the last ply, none runs and the last
/// one did not fail.
pub fn start_if_due<G: ServeGame>(state: &mut State<G>) {
    let table = &state.table;
    if table.running().is_some() || state.engine_error.is_some() || table.cursor() != table.moves().len() {
        return;
    }
    let Some(seat) = state.seat_to_move() else { return };
    if !matches!(state.seats.get(seat), Some(Player::Engine(_))) {
        return;
    }
    match state.table.start_search(Limits::think(state.think), true) {
        Ok(Some(_)) => {
            let info = SearchView::new(seat, 0, 0, 0, std::time::Duration::ZERO, Vec::new(), true);
            state.report = Some(Report { info, pv: Vec::new() });
        }
        // The seat's last search was abandoned and has not answered yet: when it does, its
        // thread wakes the session, which comes back here.
        Ok(None) => {}
        Err(fault) => state.engine_error = Some(format!("cannot start a search thread: {fault}")),
    }
}

/// Takes the running search's reports and answer from the table: the latest report goes
/// to the page, an answer is played (and the next engine seat's search started).
pub fn collect<G: ServeGame>(state: &mut State<G>) {
    let game = state.current().clone();
    let mut latest = None;
    let answered = state.table.poll(&mut |info| latest = Some(info.clone()));
    if let (Some(info), Some(report)) = (latest, state.report.as_mut()) {
        show(report, &game, &info);
    }
    match answered {
        Some((running, Answer::Done(result))) => finish(state, &game, running, result),
        Some((running, Answer::Panicked(message))) => {
            state.report = None;
            let seat = running.seat.index();
            state.engine_error = Some(format!("seat {seat}'s engine panicked: {message}"));
            // The thread has ended; the seat's next search gets a new one.
            if let Some(Player::Engine(spec)) = state.seats.get(seat)
                && let Ok(searcher) = registry::build::<G>(spec)
            {
                let sitter = state.engine(seat, searcher);
                state.table.seat(Seat(seat as u8), sitter);
            }
        }
        // An abandoned search answered (and was dropped): the next may start now.
        None => start_if_due(state),
    }
}

/// Shows a report of the search running in `game`.
fn show<G: Game>(report: &mut Report<G::Move>, game: &G, info: &SearchInfo<G::Move>) {
    let (pv, texts) = line(game, &info.pv);
    let view = SearchView::new(0, info.depth, info.score, info.nodes, info.time, texts, true);
    report.info = SearchView { seat: report.info.seat, ..view };
    report.pv = pv;
}

/// Plays the search's move and starts the next seat's search if an engine sits there.
fn finish<G: ServeGame>(state: &mut State<G>, game: &G, running: Running, result: SearchResult<G::Move>) {
    state.report = None;
    let seat = running.seat;
    let (_, texts) = line(game, &result.pv);
    state.last_search = Some(SearchView::new(
        seat.index(),
        result.depth,
        result.score,
        result.nodes,
        running.started.elapsed(),
        texts,
        false,
    ));
    match result.best {
        Some(mv) if !game.is_over() && game.is_legal(mv) => {
            let record = tabula_arena::MoveRecord::bare(game.format_move(mv));
            if state.table.play(mv, record).is_ok() {
                start_if_due(state);
            }
        }
        Some(mv) => state.engine_error = Some(format!("seat {seat}'s engine chose an illegal move ({mv:?})")),
        None => state.engine_error = Some(format!("seat {seat}'s engine found no move")),
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
