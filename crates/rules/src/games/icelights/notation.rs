//! Move notation (spec §7), the position text and the board drawing.
//!
//! Moves: `from-to`, `cell=DIR`, `from-to,cell=DIR` or `pass`; `DIR` is `N`, `E`, `S` or
//! `W`, and the orientation names the piece's square after the move (`b1-c1,c1=E`).
//!
//! Position text: one line of space-separated fields,
//!
//! ```text
//! icelights turn=0 ply=0 passes=0 board=4iS1bSt/5iS1bW/6iW1/7iW/IE7/1IE6/BE1IN5/TBN1IN4
//! ```
//!
//! * `turn`: the seat to move; `ply`: plies played; `passes`: consecutive passes;
//! * `board`: ranks 8 down to 1 separated by `/`, each from file a to h: a digit 1–8 is
//!   that many empty squares, `T`/`t` a Tower of seat 0/1, `B`/`b` a Beamer and `I`/`i`
//!   an Icelight, each followed by its facing `N`, `E`, `S` or `W` (grid directions);
//! * then the rule options that differ from the defaults, as `key=value`
//!   (`il.move_optional`, `il.pass_over_pieces`, `max_plies`).
//!
//! Each seat has exactly one Tower and at most two Beamers and four Icelights. The result
//! is derived from the board (the Beamers fire on it), never stored.

use super::beam::BeamEnd;
use super::board::{Dir, NONE, name, parse_square};
use super::{Icelights, IlMove, IlOptions, Kind, Piece, SET};
use crate::core::drawing::LastMove;
use crate::core::error::NotationError;
use crate::core::game::{Game, GameOptions};
use crate::core::header::Header;
use crate::core::outcome::Seat;

/// Reads `cell=DIR`.
fn parse_turn(text: &str, part: &str) -> Result<(u8, u8), NotationError> {
    let (cell, dir) = part
        .split_once('=')
        .ok_or_else(|| NotationError::malformed(text, format!("'{part}' is not cell=DIR (e.g. c1=E)")))?;
    let sq =
        parse_square(cell).ok_or_else(|| NotationError::malformed(text, format!("'{cell}' is not a square a1..h8")))?;
    let d = match dir.as_bytes() {
        [c] => Dir::from_letter(*c),
        _ => None,
    }
    .ok_or_else(|| NotationError::malformed(text, format!("'{dir}' is not a facing N, E, S or W")))?;
    Ok((sq, d as u8))
}

/// Reads `from-to`.
fn parse_step(text: &str, part: &str) -> Result<(u8, u8), NotationError> {
    let (from, to) = part
        .split_once('-')
        .ok_or_else(|| NotationError::malformed(text, format!("'{part}' is not from-to (e.g. d1-d4)")))?;
    let cell = |c: &str| {
        parse_square(c).ok_or_else(|| NotationError::malformed(text, format!("'{c}' is not a square a1..h8")))
    };
    let (from, to) = (cell(from)?, cell(to)?);
    if from == to {
        return Err(NotationError::malformed(text, "from and to are the same square"));
    }
    Ok((from, to))
}

/// Reads a turn token (legality is checked by the caller).
pub fn parse_move(text: &str) -> Result<IlMove, NotationError> {
    if text == "pass" {
        return Ok(IlMove::PASS);
    }
    let mut parts = text.split(',');
    let first = parts.next().unwrap_or("");
    let second = parts.next();
    if parts.next().is_some() {
        return Err(NotationError::malformed(text, "at most a move and an orientation, joined by ','"));
    }
    let mut mv = IlMove::PASS;
    match second {
        None if first.contains('=') => (mv.turn, mv.facing) = parse_turn(text, first)?,
        None => (mv.from, mv.to) = parse_step(text, first)?,
        Some(o) => {
            (mv.from, mv.to) = parse_step(text, first)?;
            (mv.turn, mv.facing) = parse_turn(text, o)?;
        }
    }
    Ok(mv)
}

/// The canonical token of a turn.
pub fn format_move(mv: IlMove) -> String {
    let mut s = String::new();
    if mv.from != NONE {
        s = format!("{}-{}", name(mv.from), name(mv.to));
    }
    if mv.turn != NONE {
        if !s.is_empty() {
            s.push(',');
        }
        s.push_str(&format!("{}={}", name(mv.turn), Dir::from_index(mv.facing).letter()));
    }
    if s.is_empty() {
        s.push_str("pass");
    }
    s
}

/// The letters of a piece: kind (upper case for seat 0) and facing.
fn piece_letters(p: Piece) -> String {
    let k = match p.kind {
        Kind::Tower => 'T',
        Kind::Beamer => 'B',
        Kind::Icelight => 'I',
    };
    let k = if p.seat.0 == 0 { k } else { k.to_ascii_lowercase() };
    match p.facing {
        Some(f) => format!("{k}{}", f.letter()),
        None => k.to_string(),
    }
}

/// The `board=` field.
fn board_field(g: &Icelights) -> String {
    let mut ranks = Vec::new();
    for y in (0..8u8).rev() {
        let mut rank = String::new();
        let mut empty = 0;
        for x in 0..8u8 {
            match g.piece(y * 8 + x) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        rank.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    rank.push_str(&piece_letters(p));
                }
            }
        }
        if empty > 0 {
            rank.push(char::from(b'0' + empty));
        }
        ranks.push(rank);
    }
    ranks.join("/")
}

/// The position text.
pub fn to_text(g: &Icelights) -> String {
    let mut text = format!(
        "{} turn={} ply={} passes={} board={}",
        Icelights::NAME,
        g.turn.to_move,
        g.turn.ply,
        g.turn.passes,
        board_field(g)
    );
    for (key, value) in g.options.non_default() {
        text.push_str(&format!(" {key}={value}"));
    }
    text
}

/// Reads one rank of the `board=` field into `pieces`.
fn parse_rank(rank: &str, y: u8, pieces: &mut Vec<(u8, Piece)>) -> Result<(), NotationError> {
    let bad = |reason: String| NotationError::malformed(rank, reason);
    let bytes = rank.as_bytes();
    let (mut x, mut i) = (0u8, 0);
    let mut after_digit = false;
    while i < bytes.len() {
        let c = bytes[i];
        i += 1;
        if x >= 8 {
            return Err(bad("more than 8 squares in this rank".into()));
        }
        if let b'1'..=b'8' = c {
            if after_digit {
                return Err(bad("two digits in a row (write one run of empty squares)".into()));
            }
            x += c - b'0';
            after_digit = true;
            continue;
        }
        after_digit = false;
        let seat = Seat(c.is_ascii_lowercase() as u8);
        let kind = match c.to_ascii_uppercase() {
            b'T' => Kind::Tower,
            b'B' => Kind::Beamer,
            b'I' => Kind::Icelight,
            _ => {
                return Err(bad(format!(
                    "'{}' is not a piece (T, B, I for seat 0; t, b, i for seat 1) or a digit",
                    c as char
                )));
            }
        };
        let facing = if kind == Kind::Tower {
            None
        } else {
            let f = bytes.get(i).and_then(|&f| Dir::from_letter(f));
            i += 1;
            Some(f.ok_or_else(|| bad(format!("'{}' needs a facing N, E, S or W after it", c as char)))?)
        };
        pieces.push((y * 8 + x, Piece { seat, kind, facing }));
        x += 1;
    }
    if x != 8 {
        return Err(bad(format!("this rank has {x} squares, not 8")));
    }
    Ok(())
}

/// Reads a position text; every field is checked and errors name the bad token.
pub fn from_text(text: &str) -> Result<Icelights, NotationError> {
    let header = Header::<IlOptions>::read(text, Icelights::NAME, &["turn", "ply", "passes", "board"])?;
    let options = header.options;
    let turn = header.number("turn", 1)? as u8;
    let ply = header.number("ply", u32::MAX as u64)? as u32;
    let passes = header.number("passes", 2)? as u8;
    let board = header.field("board")?;
    if passes as u32 > ply {
        return Err(NotationError::malformed(format!("passes={passes}"), "more passes than plies"));
    }
    let board_token = format!("board={board}");
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(NotationError::malformed(board_token, format!("expected 8 ranks, not {}", ranks.len())));
    }
    let mut pieces = Vec::new();
    for (i, rank) in ranks.iter().enumerate() {
        parse_rank(rank, 7 - i as u8, &mut pieces)?;
    }
    for seat in 0..2u8 {
        for (kind, most, what) in
            [(Kind::Tower, SET[0], "Tower"), (Kind::Beamer, SET[1], "Beamers"), (Kind::Icelight, SET[2], "Icelights")]
        {
            let n = pieces.iter().filter(|(_, p)| p.seat.0 == seat && p.kind == kind).count() as u32;
            let ok = if kind == Kind::Tower { n == 1 } else { n <= most };
            if !ok {
                let need = if kind == Kind::Tower { "exactly 1".to_string() } else { format!("at most {most}") };
                return Err(NotationError::malformed(board_token, format!("seat {seat} has {n} {what}, needs {need}")));
            }
        }
    }
    Ok(Icelights::from_pieces(options, &pieces, turn, ply, passes))
}

/// The text cell of a square: the piece letters, or a beam mark on an empty square
/// (`\` for a beam along N/S, `/` along E/W, `X` for both, `.` for none).
fn cell(g: &Icelights, sq: u8, ns: u64, ew: u64) -> String {
    match g.piece(sq) {
        Some(p) => {
            let hit = p.kind == Kind::Tower && g.hits >> p.seat.0 & 1 != 0;
            let s = piece_letters(p);
            if hit { format!("{s}*") } else { format!("{s:<2}") }
        }
        None => match (ns >> sq & 1 != 0, ew >> sq & 1 != 0) {
            (true, true) => "X ".into(),
            (true, false) => "\\ ".into(),
            (false, true) => "/ ".into(),
            (false, false) => ". ".into(),
        },
    }
}

/// The board as a diamond (a1 at the bottom, h8 at the top, a8 left, h1 right) with the
/// facings and the beams of the position, then one line per beam. Rank numbers run
/// along the lower left edge, file letters along the lower right edge; a hit Tower is
/// marked `*`.
pub fn draw(g: &Icelights, last: Option<IlMove>) -> String {
    let marks = last_move(last);
    let beams = g.beams();
    let (mut ns, mut ew) = (0u64, 0u64);
    for b in beams.beams() {
        for (sq, d) in b.squares() {
            if matches!(d, Dir::N | Dir::S) {
                ns |= 1 << sq;
            } else {
                ew |= 1 << sq;
            }
        }
    }
    const WIDTH: usize = 36;
    let mut rows = vec![vec![b' '; WIDTH]; 15];
    for sq in 0..64u8 {
        let (x, y) = ((sq % 8) as usize, (sq / 8) as usize);
        let row = 14 - (x + y);
        let col = 3 + 2 * (x + 7 - y);
        let text = cell(g, sq, ns, ew);
        for (k, b) in text.bytes().take(2).enumerate() {
            rows[row][col + k] = b;
        }
        if let Some(mark) = marks.mark(sq as usize) {
            rows[row][col - 1] = mark as u8;
        }
        if x == 0 {
            let label = format!("{:>2}", y + 1);
            rows[row][col - 3..col - 1].copy_from_slice(label.as_bytes());
        }
        if y == 0 {
            rows[row][col + 3] = b'a' + x as u8;
        }
    }
    let mut out = String::new();
    for row in rows {
        out.push_str(String::from_utf8_lossy(&row).trim_end());
        out.push('\n');
    }
    out.push_str("facings are grid directions: N up-left, E up-right, S down-right, W down-left\n");
    for b in beams.beams() {
        let legs: Vec<String> = b.legs().iter().map(|l| format!("{} to {}", l.dir.letter(), name(l.to))).collect();
        let legs = if legs.is_empty() { "no square".to_string() } else { legs.join(", ") };
        let end = match b.end {
            BeamEnd::OffBoard => "leaves the board".to_string(),
            BeamEnd::Beamer => format!("stopped by the Beamer on {}", name(b.end_square)),
            BeamEnd::Tower => format!("hits the Tower on {}", name(b.end_square)),
            BeamEnd::Absorbed => format!("absorbed by the point of {}", name(b.end_square)),
            BeamEnd::Loop => format!("loops back into {}", name(b.end_square)),
        };
        out.push_str(&format!("beam from {}: {legs}; {end}\n", name(b.beamer)));
    }
    out.push_str(&marks.legend());
    out
}

/// The squares of a move to mark: from, the squares slid over, to, and the turned piece.
fn last_move(last: Option<IlMove>) -> LastMove {
    let mut marks = LastMove::default();
    let Some(mv) = last.filter(|m| !m.is_pass()) else { return marks };
    if mv.has_move() && mv.from < 64 && mv.to < 64 {
        let (a, b) = ((mv.from % 8) as i32, (mv.to % 8) as i32);
        let (ra, rb) = ((mv.from / 8) as i32, (mv.to / 8) as i32);
        let (dx, dy) = (b - a, rb - ra);
        let n = dx.abs().max(dy.abs());
        let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
        let path = if straight && n > 1 {
            (1..n).map(|k| ((ra + dy / n * k) * 8 + a + dx / n * k) as usize).collect()
        } else {
            Vec::new()
        };
        marks = LastMove::new(mv.from as usize, path, mv.to as usize);
    }
    if mv.has_turn() && mv.turn < 64 && Some(mv.turn as usize) != marks.to {
        marks.other = (vec![mv.turn as usize], "turned");
    }
    marks
}

/// The notation of this game for [`Game`].
pub struct Text;

impl crate::core::game::Notation<Icelights> for Text {
    fn read_move(_game: &Icelights, text: &str) -> Result<<Icelights as crate::core::game::Game>::Move, NotationError> {
        parse_move(text)
    }

    fn format_move(_game: &Icelights, mv: <Icelights as crate::core::game::Game>::Move) -> String {
        format_move(mv)
    }

    fn to_text(game: &Icelights) -> String {
        to_text(game)
    }

    fn from_text(text: &str) -> Result<Icelights, NotationError> {
        from_text(text)
    }

    fn draw(game: &Icelights) -> String {
        draw(game, None)
    }

    fn draw_marked(game: &Icelights, last: Option<IlMove>) -> String {
        draw(game, last)
    }
}
