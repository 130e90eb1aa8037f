//! The JSON line of a finished game (`--jsonl`): everything the match report needs, so that
//! `tabula merge` and `--resume` rebuild the report a single run prints from the lines alone.
//!
//! ```text
//! {"match":"5f0c…","game":3,"of":40,"round":2,"engines":[1,0],"seats":["b","a"],"scores":[0.0,1.0],
//!  "ranks":[2,1],"points":null,"termination":"normal","ends":"normal","plies":97,
//!  "opening":"random:2 k15-i13 e3-g5","seed":7,"moves":"9a3f…","thinking":[12.5,11.9]}
//! ```
//!
//! `match` is the match id ([`MatchConfig::id`](crate::MatchConfig::id)); `game` and `round`
//! count from 1 and `of` is the match's number of games; `engines` is the engine (its index in the match's `--engine` list) in each
//! seat and `seats` their names; `ends` is the termination's kind as the report counts it;
//! `moves` a hash of the moves played, which tells games that repeat an earlier one;
//! `thinking` (seconds per seat) appears when every seat is on a clock; `overruns` counts each
//! seat's moves that took longer than the hard limit its searcher was given, by more than
//! [`OVERRUN_TOLERANCE`](crate::OVERRUN_TOLERANCE).

use serde::{Deserialize, Serialize};

use crate::error::{ArenaError, error};

/// One finished game, as a JSON line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLine {
    /// The match id.
    #[serde(rename = "match")]
    pub match_id: String,
    /// The game's number in the match, from 1.
    pub game: usize,
    /// The number of games in the match (all shards together).
    pub of: usize,
    /// The round, from 1.
    pub round: usize,
    /// The engine in each seat (index into the match's engines).
    pub engines: Vec<usize>,
    /// The engines' names in seat order.
    pub seats: Vec<String>,
    /// Each seat's score (1 for a sole winner, shares of 1 for a shared first place).
    pub scores: Vec<f64>,
    /// Each seat's rank, 1 is first.
    pub ranks: Vec<u8>,
    /// Points per seat, in games that count them.
    pub points: Option<Vec<i16>>,
    /// Why the game ended, in full.
    pub termination: String,
    /// The termination's kind (`normal`, `max plies`, `time forfeit`, ...).
    pub ends: String,
    /// Plies played, book included.
    pub plies: usize,
    /// The opening: the book's description and its moves.
    pub opening: String,
    /// The match seed.
    pub seed: u64,
    /// A hash of the moves played (16 hex digits).
    pub moves: String,
    /// Seconds each seat spent thinking, when every seat is on a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thinking: Option<Vec<f64>>,
    /// Moves per seat that took longer than the hard limit the searcher was given.
    #[serde(default)]
    pub overruns: Vec<u32>,
}

impl GameLine {
    /// The line as JSON, without a newline.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a game line always serialises")
    }

    /// Reads one line; the error says what is wrong with it.
    pub fn parse(text: &str) -> Result<Self, ArenaError> {
        let line: GameLine = serde_json::from_str(text).map_err(|e| error(e.to_string()))?;
        let seats = line.engines.len();
        if seats < 2 || line.seats.len() != seats || line.scores.len() != seats || line.ranks.len() != seats {
            return Err(error("the seats, engines, scores and ranks do not agree"));
        }
        if line.game == 0 || line.round == 0 || line.game > line.of {
            return Err(error("games and rounds count from 1, up to the match's games"));
        }
        Ok(line)
    }
}

/// The lines of a JSON Lines file, read leniently: a line that cannot be read is skipped with
/// a warning naming it, and a last line without its newline (a write cut short) is reported
/// as torn, so that the writer can cut it off before appending.
#[derive(Clone, Debug, Default)]
pub struct LinesRead {
    /// The lines read, in file order.
    pub lines: Vec<GameLine>,
    /// One warning per line skipped.
    pub warnings: Vec<String>,
    /// The byte length of the file's whole lines: where a torn last line begins.
    pub whole: usize,
}

/// Reads a JSON Lines file's text; `name` names the file in warnings.
pub fn read_lines(text: &str, name: &str) -> LinesRead {
    let mut read = LinesRead::default();
    let mut offset = 0;
    for (i, raw) in text.split_inclusive('\n').enumerate() {
        let complete = raw.ends_with('\n');
        let body = raw.trim_end_matches(['\n', '\r']);
        if !complete {
            if !body.trim().is_empty() {
                read.warnings.push(format!("{name}: line {} is cut short (an interrupted write); ignored", i + 1));
            }
            break;
        }
        offset += raw.len();
        read.whole = offset;
        if body.trim().is_empty() {
            continue;
        }
        match GameLine::parse(body) {
            Ok(line) => read.lines.push(line),
            Err(e) => read.warnings.push(format!("{name}: line {} is damaged ({}); skipped", i + 1, e)),
        }
    }
    read
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> GameLine {
        GameLine {
            match_id: "00ff".into(),
            game: 3,
            of: 40,
            round: 2,
            engines: vec![1, 0],
            seats: vec!["b \"quoted\"".into(), "a".into()],
            scores: vec![1.0 / 3.0, 0.5],
            ranks: vec![2, 1],
            points: Some(vec![-3, 7]),
            termination: "illegal move 'x'".into(),
            ends: "illegal move".into(),
            plies: 97,
            opening: "random:2 a b".into(),
            seed: u64::MAX,
            moves: "0123456789abcdef".into(),
            thinking: None,
            overruns: vec![0, 2],
        }
    }

    #[test]
    fn lines_round_trip_exactly() {
        let line = sample();
        let text = line.to_json();
        assert!(text.starts_with(r#"{"match":"00ff","game":3,"of":40,"round":2,"engines":[1,0]"#), "{text}");
        assert!(!text.contains("thinking"), "{text}");
        assert_eq!(GameLine::parse(&text).unwrap(), line);
        let timed = GameLine { thinking: Some(vec![0.1, 12.25]), ..line };
        assert_eq!(GameLine::parse(&timed.to_json()).unwrap(), timed);
    }

    #[test]
    fn damaged_and_torn_lines_are_skipped_and_named() {
        let good = sample().to_json();
        let text = format!("{good}\n{{\"match\":\n\n{good}\n{}", &good[..20]);
        let read = read_lines(&text, "m.jsonl");
        assert_eq!(read.lines.len(), 2);
        assert_eq!(read.warnings.len(), 2, "{:?}", read.warnings);
        assert!(read.warnings[0].starts_with("m.jsonl: line 2 is damaged"), "{:?}", read.warnings);
        assert!(read.warnings[1].contains("line 5 is cut short"), "{:?}", read.warnings);
        assert_eq!(read.whole, text.len() - 20);
        let mismatched = good.replace("\"ranks\":[2,1]", "\"ranks\":[2]");
        assert!(GameLine::parse(&mismatched).unwrap_err().to_string().contains("do not agree"));
    }
}
