//! The JSON the page reads: a session's position, picture, legal moves, move list, result
//! and search.

use serde::Serialize;
use tabula_board::Marks;
use tabula_rules::{MoveList, Seat};

use crate::clicks::Spot;
use crate::search_view::SearchView;
use crate::state::{ServeGame, State, options_text};

/// A session as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    /// The session's id.
    pub id: String,
    /// The game's name.
    pub game: &'static str,
    /// The number of seats.
    pub players: usize,
    /// The rule options that differ from the defaults, `key=value`.
    pub options: Vec<String>,
    /// Who sits in each seat: `person` or an engine spec.
    pub seats: Vec<String>,
    /// The engine's thinking time per move, in milliseconds.
    pub think_ms: u64,
    /// The ply shown (0: the start).
    pub ply: usize,
    /// The plies played.
    pub plies: usize,
    /// Every move played, in notation.
    pub moves: Vec<MoveView>,
    /// The position text of the ply shown.
    pub position: String,
    /// The seat to move there; `None` once the game is over.
    pub to_move: Option<usize>,
    /// The picture of the ply shown, SVG; the last move is marked, and the running
    /// search's principal variation drawn as arrows.
    pub svg: String,
    /// The legal moves there (none once the game is over).
    pub legal: Vec<LegalView>,
    /// The result, once the game is over at the ply shown.
    pub result: Option<ResultView>,
    /// The search running.
    pub search: Option<SearchView>,
    /// The last search that ended.
    pub last_search: Option<SearchView>,
    /// Why the engine did not move, if it could not.
    pub engine_error: Option<String>,
    /// The record replayed.
    pub record: Option<RecordView>,
}

/// A move of the move list.
#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    /// Its ply, from 1.
    pub ply: usize,
    /// The seat that played it.
    pub seat: usize,
    /// Its notation.
    pub text: String,
}

/// A legal move and how it is clicked.
#[derive(Clone, Debug, Serialize)]
pub struct LegalView {
    /// Its notation, as the moves endpoint takes it.
    pub text: String,
    /// The first click, if the move is made on the board.
    pub from: Option<Spot>,
    /// The second click.
    pub to: Option<Spot>,
}

/// The result of a finished game.
#[derive(Clone, Debug, Serialize)]
pub struct ResultView {
    /// `seat 0 wins`, `draw`, `ranks 1,2,2`.
    pub text: String,
    /// Why the game ended.
    pub reason: String,
    /// The rank of each seat (1 is best).
    pub ranks: Vec<u8>,
    /// The points of each seat, in games that count them.
    pub points: Option<Vec<i16>>,
}

/// The record a session replays.
#[derive(Clone, Debug, Serialize)]
pub struct RecordView {
    /// Its tags, in file order.
    pub tags: Vec<(String, String)>,
    /// Its result line.
    pub result: String,
    /// Which game of the file, from 1.
    pub number: usize,
    /// Games in the file.
    pub games: usize,
}

impl View {
    /// The view of session `id`.
    pub fn of<G: ServeGame>(id: &str, state: &State<G>) -> View {
        let game = state.current();
        let table = &state.table;
        let last = table.last_move();
        let at_end = table.cursor() == table.moves().len();
        let arrows = match &state.report {
            Some(report) if at_end => report.pv.clone(),
            _ => Vec::new(),
        };
        let mut list = MoveList::new();
        if state.resignation().is_none() {
            game.legal_moves(&mut list);
        }
        let legal = list
            .iter()
            .map(|&mv| {
                let clicks = game.clicks(mv);
                let (from, to) = clicks.map_or((None, None), |(a, b)| (Some(a), Some(b)));
                LegalView { text: game.format_move(mv), from, to }
            })
            .collect();
        let moves = table
            .moves()
            .iter()
            .enumerate()
            .map(|(i, played)| MoveView {
                ply: i + 1,
                seat: table.position(i).map_or(0, |p| p.to_move().index()),
                text: played.text.clone(),
            })
            .collect();
        View {
            id: id.to_string(),
            game: G::NAME,
            players: game.seats(),
            options: options_text(game),
            seats: state.seats.iter().map(|p| p.label().to_string()).collect(),
            think_ms: state.think.as_millis() as u64,
            ply: table.cursor(),
            plies: table.moves().len(),
            moves,
            position: game.to_text(),
            to_move: state.seat_to_move(),
            svg: game.svg(&Marks { last, arrows }),
            legal,
            result: result(state),
            search: state.report.as_ref().zip(table.running()).map(|(report, running)| SearchView {
                ms: running.started.elapsed().as_millis() as u64,
                ..report.info.clone()
            }),
            last_search: state.last_search.clone(),
            engine_error: state.engine_error.clone(),
            record: state.record.as_ref().map(|r| RecordView {
                tags: r.tags.clone(),
                result: r.result.clone(),
                number: r.number,
                games: r.games,
            }),
        }
    }
}

/// The result at the ply shown, with why the game ended there.
fn result<G: ServeGame>(state: &State<G>) -> Option<ResultView> {
    let outcome = state.outcome()?;
    Some(ResultView {
        text: outcome.to_string(),
        reason: reason(state),
        ranks: (0..outcome.seats()).map(|s| outcome.rank(Seat(s as u8))).collect(),
        points: outcome.points().map(<[i16]>::to_vec),
    })
}

/// Why the game ended at the ply shown: the record's termination at its last ply (the
/// runner that played it knows why it stopped: adjudication, a flag fall), else what the
/// rules say of the finished position (a filled target, a hit Tower, the ply limit, ...),
/// or the resignation.
fn reason<G: ServeGame>(state: &State<G>) -> String {
    if state.current().outcome().is_none()
        && let Some(seat) = state.resignation()
    {
        return format!("seat {seat} resigned");
    }
    if let Some(record) = &state.record
        && state.table.cursor() == state.table.moves().len()
        && let Some(termination) = record.tag("Termination")
    {
        return format!("the record says: {termination}");
    }
    state.current().end_reason().unwrap_or_else(|| "the rules ended the game".to_string())
}
