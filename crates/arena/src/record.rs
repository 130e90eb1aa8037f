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
//! %seal plies=97 fnv=5d0e3c8a91f27b64
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
//!
//! The seal closes a record: its plies and a 64-bit FNV-1a hash of every non-empty line
//! before it (each trimmed, with a newline after it). FNV-1a's steps are one-to-one, so any
//! change of a single byte changes the hash, and a record cut anywhere has no seal. Readers
//! take only sealed records whose hash and plies agree ([`read_records`]); a record without
//! one is damaged (or was written before records were sealed). Each record starts at its
//! `Game` tag and ends at its seal, so a damaged record never takes a neighbour with it.

use std::fmt::Write;
use std::hash::Hasher;

use fnv::FnvHasher;

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
        let _ = writeln!(out, "{}", self.result);
        let _ = writeln!(out, "{SEAL} plies={} fnv={:016x}\n", self.moves.len(), seal_hash(out.lines()));
        out
    }

    /// The position after the first `ply` moves (all of them for `None`), replayed under the
    /// record's `Options` from its `Position` (or the start).
    pub fn replay<G: Game>(&self, ply: Option<usize>) -> Result<G, ArenaError> {
        self.replay_each(ply, |_: &G| {})
    }

    /// Every position of the game, from the first (before any move) to the last (after every
    /// move), replayed as [`Record::replay`] does.
    pub fn positions<G: Game>(&self) -> Result<Vec<G>, ArenaError> {
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        self.replay_each(None, |g: &G| out.push(g.clone()))?;
        Ok(out)
    }

    /// Replays the first `ply` moves (all of them for `None`), handing `each` the position
    /// before the first move and after every move, and gives the last.
    fn replay_each<G: Game>(&self, ply: Option<usize>, mut each: impl FnMut(&G)) -> Result<G, ArenaError> {
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
        each(&game);
        for (i, mv) in self.moves[..upto].iter().enumerate() {
            let m = game.parse_move(&mv.text).map_err(|e| error(format!("record ply {}: {e}", i + 1)))?;
            game.play(m);
            each(&game);
        }
        Ok(game)
    }

    /// How many of the first moves are the opening book's (marked `{book}`).
    pub fn book_plies(&self) -> usize {
        self.moves.iter().take_while(|m| m.comment.as_deref() == Some("book")).count()
    }
}

/// The first word of a record's seal line.
const SEAL: &str = "%seal";

/// FNV-1a (64 bits) of the non-empty lines, each trimmed and followed by a newline.
fn seal_hash<'a>(lines: impl Iterator<Item = &'a str>) -> u64 {
    let mut hash = FnvHasher::default();
    for line in lines.map(str::trim).filter(|l| !l.is_empty()) {
        hash.write(line.as_bytes());
        hash.write(b"\n");
    }
    hash.finish()
}

/// `text`, one record (tags, moves and result) without its seal, with the seal that makes it
/// readable: for records written by hand or by another program.
pub fn seal(text: &str) -> String {
    let plies =
        parse_movetext(&text.lines().filter(|l| !l.trim_start().starts_with('[')).collect::<Vec<_>>().join("\n"))
            .map_or(0, |(moves, _)| moves.len());
    let mut out: String = text.lines().map(|l| format!("{l}\n")).collect();
    let _ = writeln!(out, "{SEAL} plies={plies} fnv={:016x}\n", seal_hash(text.lines()));
    out
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
/// record and read every other. A record ends at its seal; the next starts after it, or at a
/// `Game` tag (the first tag of every record), or at a tag line that follows move text.
pub fn read_records(text: &str) -> Vec<Result<Record, ArenaError>> {
    let mut blocks: Vec<Vec<(usize, &str)>> = Vec::new();
    let (mut in_moves, mut sealed) = (false, true);
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let tag = line.starts_with('[');
        let opens = blocks.last().is_some_and(|b| !b.is_empty()) && line.starts_with("[Game ");
        if sealed || opens || (tag && in_moves) {
            blocks.push(Vec::new());
            in_moves = false;
        }
        sealed = line.starts_with(SEAL);
        in_moves |= !tag;
        if let Some(block) = blocks.last_mut() {
            block.push((i + 1, line));
        }
    }
    blocks
        .iter()
        .enumerate()
        .map(|(k, block)| {
            read_record(block).map_err(|(game, e)| {
                let number = game.map(|n| format!(", game {n}")).unwrap_or_default();
                e.at(format!("record {} (line {}{number})", k + 1, block[0].0))
            })
        })
        .collect()
}

/// One record's non-empty lines (numbered), the seal last; on failure the fault, and the
/// game number if its tag was read.
fn read_record(block: &[(usize, &str)]) -> Result<Record, (Option<String>, ArenaError)> {
    let mut record = Record::default();
    let mut movetext = String::new();
    let (body, seal) = match block.split_last() {
        Some((&(_, last), body)) if last.starts_with(SEAL) => (body, Some(last)),
        _ => (block, None),
    };
    for &(number, line) in body {
        if line.starts_with('[') && movetext.is_empty() {
            match parse_tag(line) {
                Some(tag) => record.tags.push(tag),
                None => return Err((game_number(&record), error(format!("bad tag line {number}: '{line}'")))),
            }
        } else {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    let fail = |record: &Record, e: ArenaError| (game_number(record), e);
    let (moves, result) = parse_movetext(&movetext).map_err(|e| fail(&record, e))?;
    record.moves = moves;
    record.result = result;
    let seal = seal.ok_or_else(|| fail(&record, error("no seal after the result (the record is cut short)")))?;
    let hash = seal_hash(body.iter().map(|&(_, line)| line));
    if seal != format!("{SEAL} plies={} fnv={hash:016x}", record.moves.len()) {
        return Err(fail(&record, error(format!("the seal '{seal}' does not match the record (it is damaged)"))));
    }
    Ok(record)
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
mod tests;
