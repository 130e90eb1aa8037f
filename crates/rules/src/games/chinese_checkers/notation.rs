//! Move notation, the position text and the board drawing.
//!
//! Moves: `from-to` (steps, hop chains and swaps alike) and `pass`.
//!
//! Position text: one line of space-separated fields,
//!
//! ```text
//! chinese-checkers players=2 camps=03 turn=0 ply=0 passes=0 board=0/00/000/0000/...
//! ```
//!
//! * `camps`: the camp of each seat in seat order (the seating of spec §2);
//! * `turn`: the seat to move; `ply`: plies played; `passes`: consecutive passes;
//! * `board`: the 17 ranks from 17 down to 1 separated by `/`, each rank's holes from west
//!   to east, `.` for an empty hole and the seat number for a peg;
//! * then the rule options that differ from the defaults, as `key=value` (`cc.target_stay`,
//!   `cc.anti_block`, `max_plies`; the 4-player seating is the `camps` field).
//!
//! The result is derived from these fields, never stored.

use super::board::{PEGS, STAR};
use super::{CcMove, CcOptions, ChineseCheckers, Seats4p};
use crate::core::drawing::{self, LastMove};
use crate::core::error::NotationError;
use crate::core::game::{Game, GameOptions};
use crate::core::header::Header;
use crate::core::outcome::MAX_SEATS;
use crate::geometry::bits::{Bits, bit};

/// Reads a move token (legality is checked by the caller).
pub fn parse_move(text: &str) -> Result<CcMove, NotationError> {
    if text == "pass" {
        return Ok(CcMove::PASS);
    }
    let (from, to) = text
        .split_once('-')
        .ok_or_else(|| NotationError::malformed(text, "expected from-to (e.g. k15-i13) or pass"))?;
    let cell = |name: &str| {
        STAR.board
            .parse(name)
            .ok_or_else(|| NotationError::malformed(text, format!("'{name}' is not a hole of the star")))
    };
    let (from, to) = (cell(from)?, cell(to)?);
    if from == to {
        return Err(NotationError::malformed(text, "from and to are the same hole"));
    }
    Ok(CcMove { from: from as u8, to: to as u8 })
}

/// The canonical token of a move.
pub fn format_move(mv: CcMove) -> String {
    if mv.is_pass() {
        return "pass".to_string();
    }
    format!("{}-{}", STAR.board.name(mv.from as usize), STAR.board.name(mv.to as usize))
}

/// The position text.
pub fn to_text(game: &ChineseCheckers) -> String {
    let camps: String = game.setup.camps[..game.setup.seats as usize].iter().map(|c| c.to_string()).collect();
    let rows: Vec<String> = STAR
        .board
        .ranks()
        .into_iter()
        .map(|row| {
            row.map(|i| match game.owner(i) {
                Some(s) => char::from(b'0' + s.0),
                None => '.',
            })
            .collect()
        })
        .collect();
    let mut text = format!(
        "{} players={} camps={camps} turn={} ply={} passes={} board={}",
        ChineseCheckers::NAME,
        game.setup.seats,
        game.turn.to_move,
        game.turn.ply,
        game.turn.passes,
        rows.join("/")
    );
    for (key, value) in game.setup.options.non_default() {
        text.push_str(&format!(" {key}={value}"));
    }
    text
}

/// Reads a position text; every field is checked and errors name the bad token.
pub fn from_text(text: &str) -> Result<ChineseCheckers, NotationError> {
    let header = Header::<CcOptions>::read(
        text,
        ChineseCheckers::NAME,
        &["players", "camps", "turn", "ply", "passes", "board"],
    )?;
    let mut options = header.options;
    let players = header.number("players", 6)? as usize;
    options.set_players(players).map_err(|e| NotationError::malformed(header.token("players"), e.to_string()))?;
    let camps = header.field("camps")?;
    let turn = header.number("turn", 5)? as u8;
    let ply = header.number("ply", u32::MAX as u64)? as u32;
    let passes = header.number("passes", 6)? as u8;
    let board = header.field("board")?;

    let camps_token = format!("camps={camps}");
    if players == 4 && camps == "0235" {
        options.seats_4p = Seats4p::C0235;
    } else if players == 4 && options.seats_4p == Seats4p::C0235 {
        return Err(NotationError::malformed(camps_token, "cc.seats_4p=0235 seats camps 0235"));
    }
    let expected: String = options.camps().iter().map(|c| c.to_string()).collect();
    if camps != expected {
        return Err(NotationError::malformed(camps_token, format!("{players} players sit in camps {expected}")));
    }
    if turn as usize >= players {
        return Err(NotationError::malformed(format!("turn={turn}"), format!("seats are 0 to {}", players - 1)));
    }
    if passes as usize > players || passes as u32 > ply {
        return Err(NotationError::malformed(format!("passes={passes}"), "more passes than seats or plies"));
    }

    let mut pegs = [0 as Bits; MAX_SEATS];
    let rows: Vec<&str> = board.split('/').collect();
    let ranks = STAR.board.ranks();
    if rows.len() != ranks.len() {
        return Err(NotationError::malformed(format!("board={board}"), format!("expected {} ranks", ranks.len())));
    }
    for (row, range) in rows.iter().zip(ranks) {
        if row.len() != range.len() {
            return Err(NotationError::malformed(*row, format!("this rank has {} holes", range.len())));
        }
        for (c, i) in row.bytes().zip(range) {
            match c {
                b'.' => {}
                b'0'..=b'5' if ((c - b'0') as usize) < players => pegs[(c - b'0') as usize] |= bit(i),
                _ => {
                    return Err(NotationError::malformed(
                        *row,
                        format!("'{}' is neither '.' nor a seat 0-{}", c as char, players - 1),
                    ));
                }
            }
        }
    }
    for (seat, &p) in pegs.iter().enumerate().take(players) {
        if p.count_ones() != PEGS {
            return Err(NotationError::malformed(
                format!("board={board}"),
                format!("seat {seat} has {} pegs, not {PEGS}", p.count_ones()),
            ));
        }
    }
    Ok(ChineseCheckers::from_parts(&options, pegs, turn, ply, passes))
}

/// The board as text: one line per rank with the rank number on both margins, file letters
/// beyond both ends of every file; `.` is an empty hole, a digit the seat of a peg. The last
/// move's from hole, hop chain and to hole are marked (see [`drawing`]).
pub fn draw(game: &ChineseCheckers, last: Option<CcMove>) -> String {
    let board = &STAR.board;
    let marks = match last {
        Some(mv) if !mv.is_pass() => LastMove::new(mv.from as usize, game.hop_chain(mv), mv.to as usize),
        _ => LastMove::default(),
    };
    let mut out = drawing::hex_board(board, &marks, |i| match game.owner(i) {
        Some(s) => s.0.to_string(),
        None => ".".to_string(),
    });
    out.push_str("files run down-right: follow a hole up-left or down-right to its letter\n");
    out.push_str(&marks.legend());
    out
}

/// The notation of this game for [`Game`].
pub struct Text;

impl crate::core::game::Notation<ChineseCheckers> for Text {
    fn read_move(
        _game: &ChineseCheckers,
        text: &str,
    ) -> Result<<ChineseCheckers as crate::core::game::Game>::Move, NotationError> {
        parse_move(text)
    }

    fn format_move(_game: &ChineseCheckers, mv: <ChineseCheckers as crate::core::game::Game>::Move) -> String {
        format_move(mv)
    }

    fn to_text(game: &ChineseCheckers) -> String {
        to_text(game)
    }

    fn from_text(text: &str) -> Result<ChineseCheckers, NotationError> {
        from_text(text)
    }

    fn draw(game: &ChineseCheckers) -> String {
        draw(game, None)
    }

    fn draw_marked(game: &ChineseCheckers, last: Option<CcMove>) -> String {
        draw(game, last)
    }
}
