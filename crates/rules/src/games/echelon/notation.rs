//! Move notation, the position text and the board drawing.
//!
//! Moves: `from-to` with the spec's hex names (`d5-h9`); a stomp is written the same way.
//!
//! Position text: one line of space-separated fields,
//!
//! ```text
//! echelon radius=4 turn=0 ply=0 board=...../....../......./......../...[brbrbr].[rbrbrb].../......../......./....../.....
//! ```
//!
//! * `radius`: the board radius (`ge.radius`);
//! * `turn`: the seat to move (0 red, 1 blue); `ply`: plies played;
//! * `board`: the ranks from the top (rank `2R+1`) down to rank 1 separated by `/`, each
//!   rank's hexes from west to east: `.` an empty live hex, `x` a dead hex, `r` or `b` a
//!   lone red or blue counter, and `[...]` a stack of two or more, its colours from the
//!   bottom up (so the last letter is the top counter);
//! * then the options that differ from the defaults, as `key=value` (`ge.stack_cells`,
//!   `ge.stack_height`, `ge.slide_to_end`, `max_plies`; the radius is the `radius` field).
//!   Each side must have exactly `ge.stack_height` counters on the board.
//!
//! The result is derived from these fields, never stored.

use super::board::{Board, MAX_COUNTERS, board};
use super::options::{MAX_RADIUS, MIN_RADIUS};
use super::{BLUE, EMPTY, Echelon, EgMove, EgOptions};
use crate::core::drawing::{self, LastMove};
use crate::core::error::NotationError;
use crate::core::game::{Game, GameOptions};
use crate::core::header::Header;
use crate::geometry::bits::{Bits, bit, has};

/// Reads a move token on `board` (legality is checked by the caller).
pub fn parse_move(board: &Board, text: &str) -> Result<EgMove, NotationError> {
    let (from, to) =
        text.split_once('-').ok_or_else(|| NotationError::malformed(text, "expected from-to (e.g. d5-h9)"))?;
    let cell = |name: &str| {
        board.hex.parse(name).ok_or_else(|| {
            NotationError::malformed(text, format!("'{name}' is not a hex of the radius-{} board", board.radius()))
        })
    };
    let (from, to) = (cell(from)?, cell(to)?);
    if from == to {
        return Err(NotationError::malformed(text, "from and to are the same hex"));
    }
    Ok(EgMove { from: from as u8, to: to as u8 })
}

/// The canonical token of a move.
pub fn format_move(board: &Board, mv: EgMove) -> String {
    format!("{}-{}", board.hex.name(mv.from as usize), board.hex.name(mv.to as usize))
}

fn colour_letter(seat: usize) -> char {
    if seat == 0 { 'r' } else { 'b' }
}

/// The position text.
pub fn to_text(game: &Echelon) -> String {
    let board = game.board();
    let rows: Vec<String> = board
        .hex
        .ranks()
        .into_iter()
        .map(|row| {
            let mut out = String::new();
            for i in row {
                let stack = game.stack(i);
                match stack.len() {
                    0 if has(game.dead(), i) => out.push('x'),
                    0 => out.push('.'),
                    1 => out.push(colour_letter(stack[0].index())),
                    _ => {
                        out.push('[');
                        out.extend(stack.iter().map(|s| colour_letter(s.index())));
                        out.push(']');
                    }
                }
            }
            out
        })
        .collect();
    let mut text = format!(
        "{} radius={} turn={} ply={} board={}",
        Echelon::NAME,
        game.radius(),
        game.to_move().0,
        game.ply(),
        rows.join("/")
    );
    for (key, value) in game.options().non_default() {
        if key != "ge.radius" {
            text.push_str(&format!(" {key}={value}"));
        }
    }
    text
}

/// Reads a position text; every field is checked and errors name the bad token.
pub fn from_text(text: &str) -> Result<Echelon, NotationError> {
    let header = Header::<EgOptions>::read(text, Echelon::NAME, &["radius", "turn", "ply", "board", "ge.radius"])?;
    if header.optional("ge.radius").is_some() {
        return Err(NotationError::malformed(header.token("ge.radius"), "the board radius is the radius= field"));
    }
    let mut options = header.options;
    let radius = header.number("radius", MAX_RADIUS as u64)? as u8;
    if radius < MIN_RADIUS {
        return Err(NotationError::malformed(
            header.token("radius"),
            format!("the radius is {MIN_RADIUS} to {MAX_RADIUS}"),
        ));
    }
    let turn = header.number("turn", 1)? as u8;
    let ply = header.number("ply", u32::MAX as u64)? as u32;
    let board_text = header.field("board")?;
    options.radius = radius;
    if let Err(e) = options.stack_hexes() {
        let cells = options.non_default().into_iter().find(|(k, _)| *k == "ge.stack_cells").map(|(_, v)| v);
        return Err(NotationError::malformed(format!("ge.stack_cells={}", cells.unwrap_or_default()), e.to_string()));
    }

    let board = board(radius);
    let board_token = format!("board={board_text}");
    let rows: Vec<&str> = board_text.split('/').collect();
    let ranks = board.hex.ranks();
    if rows.len() != ranks.len() {
        return Err(NotationError::malformed(board_token, format!("expected {} ranks", ranks.len())));
    }
    let mut stacks = [EMPTY; 128];
    let mut dead: Bits = 0;
    for (row, range) in rows.iter().zip(ranks) {
        let bytes = row.as_bytes();
        let (mut at, mut cells) = (0, range.clone());
        let bad = |why: String| NotationError::malformed(*row, why);
        while at < bytes.len() {
            let i = cells.next().ok_or_else(|| bad(format!("this rank has {} hexes", range.len())))?;
            match bytes[at] {
                b'.' => {}
                b'x' => dead |= bit(i),
                b'r' | b'b' => stacks[i] = (EMPTY << 1) | (bytes[at] == b'b') as u32,
                b'[' => {
                    let close =
                        bytes[at..].iter().position(|&c| c == b']').ok_or_else(|| bad("'[' without ']'".into()))?;
                    let inside = &bytes[at + 1..at + close];
                    if inside.len() < 2 {
                        return Err(bad("a stack in [] has two or more counters (write a lone one bare)".into()));
                    }
                    if inside.len() > MAX_COUNTERS {
                        return Err(bad(format!("a stack has at most {MAX_COUNTERS} counters")));
                    }
                    let mut s = EMPTY;
                    for &c in inside {
                        s = match c {
                            b'r' => s << 1,
                            b'b' => (s << 1) | 1,
                            _ => return Err(bad(format!("'{}' in a stack is neither 'r' nor 'b'", c as char))),
                        };
                    }
                    stacks[i] = s;
                    at += close;
                }
                c => {
                    let c = row[at..].chars().next().unwrap_or(c as char);
                    return Err(bad(format!("'{c}' is none of '.', 'x', 'r', 'b', '['")));
                }
            }
            at += 1;
        }
        if cells.next().is_some() {
            return Err(bad(format!("this rank has {} hexes", range.len())));
        }
    }
    for (colour, name) in [(0, "red"), (1, "blue")] {
        let n: u32 = stacks
            .iter()
            .map(|&s| {
                let h = 31 - s.leading_zeros();
                let blue = (s & ((1 << h) - 1)).count_ones();
                if colour == 1 { blue } else { h - blue }
            })
            .sum();
        if n != options.stack_height as u32 {
            return Err(NotationError::malformed(
                board_token,
                format!("{name} has {n} counters, not ge.stack_height={}", options.stack_height),
            ));
        }
    }
    let game = Echelon::from_parts(options, stacks, dead, turn, ply);
    Ok(game)
}

/// The board as text: one line per rank with the rank number on both margins, the hexes
/// four columns apart in the pointy-top layout, file letters beyond both ends of every file,
/// then a key and the stacks bottom to top. `.` is an empty hex, `x` a dead one, `R`/`B` a
/// lone counter, `R6` a stack of six with red on top. The last move's from hex, the hexes
/// it slid over and its to hex are marked (see [`drawing`]).
pub fn draw(game: &Echelon, last: Option<EgMove>) -> String {
    let board = game.board();
    let hex = &board.hex;
    let marks = match last {
        Some(mv) if (mv.from as usize) < hex.len() && (mv.to as usize) < hex.len() => {
            let (from, to) = (mv.from as usize, mv.to as usize);
            LastMove::new(from, drawing::hex_line_between(hex, from, to), to)
        }
        _ => LastMove::default(),
    };
    let mut stacks = Vec::new();
    let mut out = drawing::hex_board(hex, &marks, |i| {
        let top = game.tops(BLUE) >> i & 1;
        let height = game.height(i);
        if height >= 2 {
            let colours: String = game.stack(i).iter().map(|s| colour_letter(s.index()).to_ascii_uppercase()).collect();
            stacks.push(format!("{} {colours}", hex.name(i)));
        }
        match height {
            0 if has(game.dead(), i) => "x".to_string(),
            0 => ".".to_string(),
            1 => if top == 0 { "R" } else { "B" }.to_string(),
            n => format!("{}{n}", if top == 0 { 'R' } else { 'B' }),
        }
    });
    out.push_str("R/B lone red/blue counter, R6 stack of 6 red on top, x dead hex\n");
    out.push_str("files run down-right: follow a hex up-left or down-right to its letter\n");
    if !stacks.is_empty() {
        out.push_str(&format!("stacks (bottom to top): {}\n", stacks.join(", ")));
    }
    out.push_str(&marks.legend());
    out
}

/// The notation of this game for [`Game`].
pub struct Text;

impl crate::core::game::Notation<Echelon> for Text {
    fn read_move(game: &Echelon, text: &str) -> Result<<Echelon as crate::core::game::Game>::Move, NotationError> {
        parse_move(game.board.0, text)
    }

    fn format_move(game: &Echelon, mv: <Echelon as crate::core::game::Game>::Move) -> String {
        format_move(game.board.0, mv)
    }

    fn to_text(game: &Echelon) -> String {
        to_text(game)
    }

    fn from_text(text: &str) -> Result<Echelon, NotationError> {
        from_text(text)
    }

    fn draw(game: &Echelon) -> String {
        draw(game, None)
    }

    fn draw_marked(game: &Echelon, last: Option<EgMove>) -> String {
        draw(game, last)
    }
}
