//! A session's game as a records file holds it: tags, the moves played and the result,
//! sealed ([`tabula_arena::record`]), so that `tabula` and the board's replay read it back.

use tabula_arena::game::ended_by_ply_limit;
use tabula_arena::record::{RecordedMove, options_text, result_text};
use tabula_arena::{Record, TimeControl};
use tabula_rules::Seat;

use crate::state::{ServeGame, State};

/// The game of `state` from its start to its last ply (whatever ply is shown), as a
/// sealed record: `Game`, `Options`, `Seats`, `TimeControl` (the engines' time a move),
/// `Position` when the game did not start from the start position, `Result` (`*` while
/// the game goes on), and once it is over `Ranks`, `Points` where the game counts them,
/// `Termination` (`normal`, `max plies`, or `resigned by seat S`); then `PlyCount`.
pub fn record<G: ServeGame>(state: &State<G>) -> String {
    let table = &state.table;
    let start = table.start();
    let last = table.moves().len();
    let end = table.position(last).unwrap_or_else(|| table.game());
    let mut tags: Vec<(String, String)> = vec![
        ("Game".into(), G::NAME.into()),
        ("Options".into(), options_text(start)),
        ("Seats".into(), state.seats.iter().map(|p| p.label()).collect::<Vec<_>>().join("; ")),
        ("TimeControl".into(), TimeControl::FixedPerMove(state.think).to_string()),
    ];
    let fresh = G::new(start.options()).map(|g| g.to_text());
    if fresh.as_deref().ok() != Some(start.to_text().as_str()) {
        tags.push(("Position".into(), start.to_text()));
    }
    let resigned = state.resigned;
    let outcome =
        end.outcome().or_else(|| resigned.map(|seat| tabula_arena::game::forfeit(end.seats(), Seat(seat as u8))));
    let result = outcome.as_ref().map_or_else(|| "*".to_string(), result_text);
    tags.push(("Result".into(), result.clone()));
    if let Some(outcome) = &outcome {
        let ranks: Vec<String> = outcome.ranks().iter().map(u8::to_string).collect();
        tags.push(("Ranks".into(), ranks.join(" ")));
        if let Some(points) = outcome.points() {
            let points: Vec<String> = points.iter().map(i16::to_string).collect();
            tags.push(("Points".into(), points.join(" ")));
        }
        let termination = match resigned {
            Some(seat) if end.outcome().is_none() => format!("resigned by seat {seat}"),
            _ if ended_by_ply_limit(end) => "max plies".to_string(),
            _ => "normal".to_string(),
        };
        tags.push(("Termination".into(), termination));
    }
    tags.push(("PlyCount".into(), last.to_string()));
    let moves = table.moves().iter().map(|m| RecordedMove { text: m.text.clone(), comment: None }).collect();
    Record { tags, moves, result }.to_text(end.seats())
}
