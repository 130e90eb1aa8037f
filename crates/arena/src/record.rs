//! Game records: a PGN-style text per game, and reading them back.
//!
//! ```text
//! [Game "chinese-checkers"]
//! [Options "players=2 max_plies=1000"]
//! [Round "1"]
//! [GameNumber "2"]
//! [Seats "mcts; alphabeta"]
//! [TimeControl "st=1"]
//! [Seed "7"]
//! [Match "3f9a0c2e71d4b805"]
//! [Opening "random:2 k15-i13 e3-g5"]
//! [Result "0-1"]
//! [Ranks "2 1"]
//! [Termination "normal"]
//! [PlyCount "97"]
//!
//! 1. k15-i13 {book} e3-g5 {book} 2. l14-l12 {0.991s d=7 n=5823310 s=41} ...
//! 0-1
//! ```
//!
//! Tags: `Game`, `Options` (the player count and every option that differs from the
//! default, as `key=value`), `Round`, `GameNumber` (from 1), `Seats` (engine names in seat
//! order, `; ` between), `TimeControl` (one, or one per seat with `; `), `Seed` (the match
//! seed), `Match` (the match id, shared by shards and resumed runs), `Opening` (the book,
//! then its moves), `Position` (only when the game starts from a position text), `Result` (every seat's score, `-` between, `1/2` for a shared point),
//! `Ranks`, `Points` (games that count them), `Termination` (`normal`, `max plies`,
//! `time forfeit by seat S`, `abandoned by seat S`, or an engine's fault: `no move`, `no
//! move: bestmove (none)...`, `illegal move M`, `no answer`, `engine crashed`, `garbage
//! '...'`, `not started: ...`, an outside engine's ending `; stderr: LINE` when it wrote on
//! its stderr) and `PlyCount`.
//!
//! Move numbers count rounds of play (one move of every seat). Each move carries a comment:
//! `{book}` for opening moves, else the searcher's report: its time (only under a timed
//! control, so that records of node- and depth-limited matches are reproducible bit for
//! bit), depth `d`, nodes `n` and score `s`, and `over=` how far a move went past the hard
//! limit its searcher was given.

use std::fmt::Write;

use tabula_rules::{Game, GameOptions, Outcome};

use crate::error::{ArenaError, error};
use crate::plural::plural;

/// One move of a record with its comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMove {
    /// The move in the game's notation.
    pub text: String,
    /// The comment, without braces.
    pub comment: Option<String>,
}

/// A game record.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Record {
    /// The tags in order.
    pub tags: Vec<(String, String)>,
    /// The moves.
    pub moves: Vec<RecordedMove>,
    /// The result token that closes the move text.
    pub result: String,
}

impl Record {
    /// A tag's value.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The record as text, ending with an empty line.
    pub fn to_text(&self, seats: usize) -> String {
        let mut out = String::new();
        for (name, value) in &self.tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "[{name} \"{value}\"]");
        }
        out.push('\n');
        let mut line = String::new();
        for (i, mv) in self.moves.iter().enumerate() {
            let mut token = String::new();
            if i % seats.max(1) == 0 {
                let _ = write!(token, "{}. ", i / seats.max(1) + 1);
            }
            token.push_str(&mv.text);
            if let Some(comment) = &mv.comment {
                let _ = write!(token, " {{{}}}", comment.replace('}', ")"));
            }
            if !line.is_empty() && line.len() + 1 + token.len() > 100 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        if !line.is_empty() {
            out.push_str(&line);
            out.push('\n');
        }
        let _ = writeln!(out, "{}\n", self.result);
        out
    }

    /// The position after the first `ply` moves (all of them for `None`), replayed under the
    /// record's `Options` from its `Position` (or the start).
    pub fn replay<G: Game>(&self, ply: Option<usize>) -> Result<G, ArenaError> {
        match self.tag("Game") {
            Some(name) if name == G::NAME => {}
            Some(name) => return Err(error(format!("the record is of game '{name}', not '{}'", G::NAME))),
            None => return Err(error("the record has no Game tag")),
        }
        let options: G::Options = parse_options(self.tag("Options").unwrap_or(""))?;
        let mut game = match self.tag("Position") {
            Some(text) => {
                let mut g = G::from_text(text).map_err(|e| error(format!("bad Position tag: {e}")))?;
                if g.options() != &options {
                    g.set_options(&options).map_err(|e| error(format!("bad Options tag: {e}")))?;
                }
                g
            }
            None => G::new(&options).map_err(|e| error(format!("bad Options tag: {e}")))?,
        };
        let upto = ply.unwrap_or(self.moves.len());
        if upto > self.moves.len() {
            return Err(error(format!(
                "bad ply '{upto}': the record has {}",
                plural(self.moves.len(), "ply", "plies")
            )));
        }
        for (i, mv) in self.moves[..upto].iter().enumerate() {
            let m = game.parse_move(&mv.text).map_err(|e| error(format!("record ply {}: {e}", i + 1)))?;
            game.play(m);
        }
        Ok(game)
    }
}

/// The `Options` tag of a game: `players=N` and the options that differ from the default.
pub fn options_text<G: Game>(game: &G) -> String {
    let mut parts = vec![format!("players={}", game.seats())];
    parts.extend(game.options().non_default().into_iter().map(|(k, v)| format!("{k}={v}")));
    parts.join(" ")
}

/// Reads an `Options` tag back.
pub fn parse_options<O: GameOptions>(text: &str) -> Result<O, ArenaError> {
    let mut options = O::default();
    for token in text.split_whitespace() {
        let (key, value) =
            token.split_once('=').ok_or_else(|| error(format!("bad option '{token}' in the Options tag")))?;
        let result = if key == "players" {
            value
                .parse::<usize>()
                .map_err(|_| error(format!("bad player count '{value}' in the Options tag")))
                .and_then(|n| Ok(options.set_players(n)?))
        } else {
            Ok(options.set(key, value)?)
        };
        result?;
    }
    Ok(options)
}

/// A score as a record writes it: `1`, `0`, `1/2`, `1/3`.
fn score_text(score: f64) -> String {
    if score == 0.0 || score == 1.0 {
        return format!("{score}");
    }
    let k = (1.0 / score).round();
    format!("1/{k}")
}

/// The `Result` tag and closing token of an outcome: every seat's score, `-` between.
pub fn result_text(outcome: &Outcome) -> String {
    let scores: Vec<String> =
        (0..outcome.seats()).map(|s| score_text(outcome.score(tabula_rules::Seat(s as u8)))).collect();
    scores.join("-")
}

/// Reads every record of a records file; the first damaged record is an error naming it.
pub fn parse_records(text: &str) -> Result<Vec<Record>, ArenaError> {
    read_records(text).into_iter().collect()
}

/// Reads a records file record by record: each is read or is an error naming it (its place
/// in the file, its `GameNumber` and the fault), so that readers can skip a damaged or cut
/// record and read every other. A record starts at a tag line that follows move text.
pub fn read_records(text: &str) -> Vec<Result<Record, ArenaError>> {
    let mut blocks: Vec<Vec<(usize, &str)>> = Vec::new();
    let mut in_moves = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with('[') && (in_moves || blocks.is_empty()) {
            blocks.push(Vec::new());
            in_moves = false;
        } else if !line.is_empty() && !line.starts_with('[') {
            in_moves = true;
        }
        if blocks.is_empty() && !line.is_empty() {
            blocks.push(Vec::new());
        }
        if let Some(block) = blocks.last_mut() {
            block.push((i + 1, line));
        }
    }
    blocks
        .iter()
        .enumerate()
        .filter(|(_, block)| block.iter().any(|(_, l)| !l.is_empty()))
        .map(|(k, block)| {
            read_record(block).map_err(|(game, e)| {
                let number = game.map(|n| format!(", game {n}")).unwrap_or_default();
                e.at(format!("record {} (line {}{number})", k + 1, block[0].0))
            })
        })
        .collect()
}

/// One record's lines (numbered); on failure the fault, and the game number if its tag
/// was read.
fn read_record(block: &[(usize, &str)]) -> Result<Record, (Option<String>, ArenaError)> {
    let mut record = Record::default();
    let mut movetext = String::new();
    for &(number, line) in block {
        if line.starts_with('[') && movetext.is_empty() {
            match parse_tag(line) {
                Some(tag) => record.tags.push(tag),
                None => return Err((game_number(&record), error(format!("bad tag line {number}: '{line}'")))),
            }
        } else if !line.is_empty() {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    match parse_movetext(&movetext) {
        Ok((moves, result)) => {
            record.moves = moves;
            record.result = result;
            Ok(record)
        }
        Err(e) => Err((game_number(&record), e)),
    }
}

/// The record's `GameNumber` tag.
fn game_number(record: &Record) -> Option<String> {
    record.tag("GameNumber").map(str::to_string)
}

/// `[Name "value"]`.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(' ')?;
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.push(chars.next()?);
        } else {
            value.push(c);
        }
    }
    (!name.is_empty()).then(|| (name.to_string(), value))
}

/// Moves with comments, and the closing result token.
fn parse_movetext(text: &str) -> Result<(Vec<RecordedMove>, String), ArenaError> {
    let mut moves: Vec<RecordedMove> = Vec::new();
    let mut rest = text.trim();
    let mut result = None;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('{') {
            let end = after.find('}').ok_or_else(|| error("a comment is not closed"))?;
            let last = moves.last_mut().ok_or_else(|| error("a comment before any move"))?;
            last.comment = Some(after[..end].to_string());
            rest = after[end + 1..].trim_start();
            continue;
        }
        let end = rest.find(|c: char| c.is_whitespace() || c == '{').unwrap_or(rest.len());
        let token = &rest[..end];
        rest = rest[end..].trim_start();
        if result.is_some() {
            return Err(error(format!("'{token}' after the result")));
        }
        if token.strip_suffix('.').is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())) {
            continue;
        }
        if token == "*" || token.bytes().all(|b| b.is_ascii_digit() || b == b'/' || b == b'-') {
            result = Some(token.to_string());
            continue;
        }
        moves.push(RecordedMove { text: token.to_string(), comment: None });
    }
    Ok((moves, result.ok_or_else(|| error("the move text has no result (the record is cut short)"))?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};

    /// The first `n` legal moves of a 3-player game, each the first move listed.
    fn first_moves(n: usize) -> Vec<String> {
        let mut game =
            ChineseCheckers::new(&parse_options::<CcOptions>("players=3 cc.target_stay=off").unwrap()).unwrap();
        let mut list = tabula_rules::MoveList::new();
        (0..n)
            .map(|_| {
                game.legal_moves(&mut list);
                let mv = list.as_slice()[0];
                game.play(mv);
                game.format_move(mv)
            })
            .collect()
    }

    fn sample() -> Record {
        let m = first_moves(4);
        let comments = [Some("book"), Some("0.250s d=3 n=100 s=-4"), None, Some("d=1 n=14 s=0")];
        Record {
            tags: vec![
                ("Game".into(), "chinese-checkers".into()),
                ("Options".into(), "players=3 cc.target_stay=off".into()),
                ("Seats".into(), "a \"quoted\" name; b\\c; z".into()),
                ("Result".into(), "1-0-0".into()),
            ],
            moves: m
                .iter()
                .zip(comments)
                .map(|(text, c)| RecordedMove { text: text.clone(), comment: c.map(String::from) })
                .collect(),
            result: "1-0-0".into(),
        }
    }

    #[test]
    fn records_round_trip_and_replay() {
        let record = sample();
        let text = record.to_text(3);
        let m = first_moves(4);
        let line =
            format!("1. {} {{book}} {} {{0.250s d=3 n=100 s=-4}} {} 2. {} {{d=1 n=14 s=0}}", m[0], m[1], m[2], m[3]);
        assert!(text.contains(&line), "{text}");
        let twice = format!("{text}{text}");
        let back = parse_records(&twice).unwrap();
        assert_eq!(back, vec![record.clone(), record.clone()]);
        let game: ChineseCheckers = back[0].replay(None).unwrap();
        assert_eq!(game.ply(), 4);
        assert_eq!(game.seats(), 3);
        let mut expect =
            ChineseCheckers::new(&parse_options::<CcOptions>("players=3 cc.target_stay=off").unwrap()).unwrap();
        for mv in &m {
            expect.play(expect.parse_move(mv).unwrap());
        }
        assert_eq!(game.to_text(), expect.to_text());
        let two: ChineseCheckers = back[0].replay(Some(2)).unwrap();
        assert_eq!(two.ply(), 2);
        assert!(back[0].replay::<ChineseCheckers>(Some(5)).unwrap_err().to_string().contains("'5'"));
    }

    #[test]
    fn bad_records_are_named() {
        assert!(parse_records("[Game \"x\"\n").unwrap_err().to_string().contains("line 1"));
        assert!(parse_records("[Game \"x\"]\n\nk15-i13 {open\n").unwrap_err().to_string().contains("not closed"));
        assert!(parse_records("[Game \"x\"]\n\nk15-i13\n").unwrap_err().to_string().contains("no result"));
        let mut r = sample();
        r.moves[2].text = r.moves[1].text.clone();
        assert!(r.replay::<ChineseCheckers>(None).unwrap_err().to_string().contains("ply 3"));
        r.tags[0].1 = "echelon".into();
        assert!(r.replay::<ChineseCheckers>(None).unwrap_err().to_string().contains("'echelon'"));
    }

    #[test]
    fn a_damaged_or_cut_record_spoils_only_itself() {
        let good = sample().to_text(3);
        let mut bad_tag = sample();
        bad_tag.tags.insert(0, ("GameNumber".into(), "7".into()));
        let bad_tag = bad_tag.to_text(3).replace("z\"]", "z\"");
        let cut = &good[..good.len() - 12];
        let text = format!("{good}{bad_tag}{good}{cut}");
        let read = read_records(&text);
        assert_eq!(read.len(), 4);
        assert_eq!(read[0].as_ref().unwrap(), &sample());
        let second = read[1].as_ref().unwrap_err().to_string().clone();
        assert!(second.starts_with("record 2 (line ") && second.contains("game 7") && second.contains("bad tag line"));
        assert_eq!(read[2].as_ref().unwrap(), &sample());
        assert!(read[3].as_ref().unwrap_err().to_string().starts_with("record 4 (line "), "{:?}", read[3]);
        let no_result = format!("{good}{}", &good[..good.rfind("1-0-0").unwrap()]);
        assert!(read_records(&no_result)[1].as_ref().unwrap_err().to_string().contains("cut short"));
        assert!(parse_records(&text).unwrap_err().to_string().starts_with("record 2"));
    }

    #[test]
    fn results_write_shared_points() {
        assert_eq!(result_text(&Outcome::winner(2, tabula_rules::Seat(1))), "0-1");
        assert_eq!(result_text(&Outcome::draw(2)), "1/2-1/2");
        assert_eq!(result_text(&Outcome::from_standings(&[3, 3, 1])), "1/2-1/2-0");
        assert_eq!(result_text(&Outcome::draw(3)), "1/3-1/3-1/3");
    }
}
