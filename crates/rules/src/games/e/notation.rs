//! Move notation, the position text and the board drawing.
//!
//! Moves (spec §5): a movement `cell/h-cell` (h = the moved piece's height in its stack,
//! 1 = bottom; `cell-cell` is read as the top piece), an exchange `Xcell/h=cell/h` with the
//! mover's guard first (either order is read), both joined by `,` (the exchange's slots
//! counted after the movement), and `pass`.
//!
//! Position text: one line of space-separated fields,
//!
//! ```text
//! e players=2 sectors=03 turn=0 ply=0 passes=0 board=......./.......0l/.......0m0l/... [prev=g5/2] [options]
//! ```
//!
//! * `sectors`: each seat's home sector; `turn`, `ply`, `passes`: the side to move, plies
//!   played, passes in a row;
//! * `board`: the 13 ranks from 13 down to 1 separated by `/`, each rank's cells west to
//!   east: `.` empty, a piece as its seat digit and size letter (`0s`, `1m`, `2l`), a stack
//!   of two or more in brackets from the bottom up (`[1s0l]`);
//! * `prev`: with `e.standalone_exchange=previous_move_only`, where the previous turn's
//!   movement put its piece, then the exchange that ended that turn if any, as that turn
//!   wrote it (`prev=g5/2,Xg5/2=h5/2`);
//! * then the options that differ from their defaults.

use super::board::{CELLS, MAX_SEATS, PIECES, TABLES};
use super::position::Previous;
use super::{E, EMove, EOptions, Piece, Slot, Standalone, seat_of};
use crate::core::drawing::{self, LastMove};
use crate::core::error::NotationError;
use crate::core::game::{Game, GameOptions};
use crate::core::header::{Header, number};
use crate::core::outcome::Seat;

const SIZE_LETTERS: [char; 3] = ['s', 'm', 'l'];

fn name(c: u8) -> String {
    TABLES.hex.name(c as usize)
}

fn slot_text(s: Slot) -> String {
    format!("{}/{}", name(s.cell), s.level)
}

/// The canonical token of a turn.
pub fn format_move(mv: EMove) -> String {
    let exchange = || format!("X{}={}", slot_text(mv.guard), slot_text(mv.other));
    match (mv.has_movement(), mv.has_exchange()) {
        (false, false) => "pass".to_string(),
        (false, true) => exchange(),
        (true, false) => format!("{}-{}", slot_text(mv.from), name(mv.to)),
        (true, true) => format!("{}-{},{}", slot_text(mv.from), name(mv.to), exchange()),
    }
}

fn cell(token: &str, text: &str) -> Result<u8, NotationError> {
    TABLES
        .hex
        .parse(text)
        .map(|c| c as u8)
        .ok_or_else(|| NotationError::malformed(token, format!("'{text}' is not a cell of the board (a1 to m13)")))
}

/// A slot `cell/h`.
fn slot(token: &str, text: &str) -> Result<Slot, NotationError> {
    let (c, h) = text
        .split_once('/')
        .ok_or_else(|| NotationError::malformed(token, format!("'{text}' is not a slot cell/height (e.g. g5/2)")))?;
    let level = number(token, h, super::MAX_STACK as u64)? as u8;
    if level == 0 {
        return Err(NotationError::malformed(token, "heights count from 1 (the bottom piece)"));
    }
    Ok(Slot { cell: cell(token, c)?, level })
}

/// Reads a turn token in `game` (legality is checked by the caller).
pub fn read_move(game: &E, text: &str) -> Result<EMove, NotationError> {
    if text == "pass" {
        return Ok(EMove::PASS);
    }
    let (movement, exchange) = match text.split_once(',') {
        Some((m, x)) => (Some(m), Some(x)),
        None if text.starts_with('X') => (None, Some(text)),
        None => (Some(text), None),
    };
    let mut mv = EMove::PASS;
    let mut after = None;
    if let Some(m) = movement {
        let (from, to) = m
            .split_once('-')
            .ok_or_else(|| NotationError::malformed(text, "expected a movement cell/h-cell (e.g. i8/1-h7)"))?;
        let from = if from.contains('/') {
            slot(text, from)?
        } else {
            let c = cell(text, from)?;
            let h = game.height(c as usize);
            if h == 0 {
                return Err(NotationError::malformed(text, format!("no piece on {from}")));
            }
            Slot { cell: c, level: h }
        };
        mv.from = from;
        mv.to = cell(text, to)?;
        if let Some(x) = game.piece_in(from)
            && mv.to != from.cell
        {
            let mut p = *game;
            p.move_unit(x, mv.to as usize);
            after = Some(p);
        }
    }
    if let Some(x) = exchange {
        let body = x
            .strip_prefix('X')
            .ok_or_else(|| NotationError::malformed(text, "expected an exchange Xcell/h=cell/h (e.g. Xg5/2=h5/2)"))?;
        let (a, b) = body
            .split_once('=')
            .ok_or_else(|| NotationError::malformed(text, "an exchange names two slots: Xa/h=b/h"))?;
        let (a, b) = (slot(text, a)?, slot(text, b)?);
        if a == b {
            return Err(NotationError::malformed(text, "an exchange needs two different slots"));
        }
        // The mover's guard comes first; the other order is read too.
        let board = after.as_ref().unwrap_or(game);
        let mine = |s: Slot| board.piece_in(s).is_some_and(|p| seat_of(p) == game.turn.to_move);
        (mv.guard, mv.other) = if !mine(a) && mine(b) { (b, a) } else { (a, b) };
    }
    Ok(mv)
}

fn piece_text(p: Piece) -> String {
    format!("{}{}", p.seat.0, SIZE_LETTERS[p.size as usize - 1])
}

/// The position text.
pub fn to_text(game: &E) -> String {
    let sectors: String = game.sectors().iter().map(|s| s.to_string()).collect();
    let rows: Vec<String> = TABLES
        .hex
        .ranks()
        .into_iter()
        .map(|row| {
            row.map(|c| match game.stack(c).as_slice() {
                [] => ".".to_string(),
                [one] => piece_text(*one),
                many => format!("[{}]", many.iter().map(|p| piece_text(*p)).collect::<String>()),
            })
            .collect()
        })
        .collect();
    let mut text = format!(
        "{} players={} sectors={sectors} turn={} ply={} passes={} board={}",
        E::NAME,
        game.seats,
        game.turn.to_move,
        game.turn.ply,
        game.turn.passes,
        rows.join("/")
    );
    if let Some(prev) = game.previous_movement() {
        text.push_str(&format!(" prev={}", slot_text(prev)));
        if let [a, b] = game.prev.exchange
            && a != Slot::NONE
        {
            text.push_str(&format!(",X{}={}", slot_text(a), slot_text(b)));
        }
    }
    for (key, value) in game.options.non_default() {
        text.push_str(&format!(" {key}={value}"));
    }
    text
}

/// Reads one rank's cells.
fn read_rank(row: &str, players: usize, out: &mut Vec<Vec<Piece>>) -> Result<(), NotationError> {
    let bad = |why: String| NotationError::malformed(row, why);
    let piece = |seat: u8, size: u8| -> Result<Piece, NotationError> {
        let s = (seat as char).to_digit(10).filter(|&s| (s as usize) < players);
        let s = s.ok_or_else(|| bad(format!("'{}' is not a seat of {players} players", seat as char)))?;
        let z = SIZE_LETTERS.iter().position(|&l| l as u8 == size);
        let z = z.ok_or_else(|| bad(format!("'{}' is not a size (s, m or l)", size as char)))?;
        Ok(Piece { seat: Seat(s as u8), size: z as u8 + 1 })
    };
    let b = row.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'.' => {
                out.push(Vec::new());
                i += 1;
            }
            b'[' => {
                let end = row[i..].find(']').ok_or_else(|| bad("a '[' without ']'".into()))? + i;
                let inner = &b[i + 1..end];
                if inner.len() < 4 || !inner.len().is_multiple_of(2) {
                    return Err(bad("brackets hold two or more pieces, two characters each".into()));
                }
                out.push(inner.chunks(2).map(|p| piece(p[0], p[1])).collect::<Result<_, _>>()?);
                i = end + 1;
            }
            seat if i + 1 < b.len() => {
                out.push(vec![piece(seat, b[i + 1])?]);
                i += 2;
            }
            _ => return Err(bad("a piece is a seat digit and a size letter (e.g. 0l)".into())),
        }
    }
    Ok(())
}

/// Reads the `prev` field's value `cell/h` or `cell/h,Xcell/h=cell/h`: where the previous
/// turn's movement (by seat `last`) put its piece, and the exchange that ended that turn,
/// written as that turn wrote it: `last`'s guard first, its slot in the unit the movement
/// brought. So after the swap the first slot holds another seat's piece, the second `last`'s.
fn read_previous(token: &str, value: &str, stacks: &[Vec<Piece>], last: Seat) -> Result<Previous, NotationError> {
    let bad = |why: &str| NotationError::malformed(token, why);
    let seat_at = |s: Slot| stacks[s.cell as usize].get(s.level as usize - 1).map(|p| p.seat);
    let (landing, exchange) = match value.split_once(',') {
        Some((l, x)) => (l, Some(x)),
        None => (value, None),
    };
    let landing = slot(token, landing)?;
    if seat_at(landing).is_none() {
        return Err(bad("no piece of a previous movement there"));
    }
    let Some(x) = exchange else {
        return Ok(Previous { landing, exchange: [Slot::NONE; 2] });
    };
    let (a, b) = x
        .strip_prefix('X')
        .and_then(|x| x.split_once('='))
        .ok_or_else(|| bad("the previous exchange is written Xcell/h=cell/h (e.g. prev=g5/2,Xg5/2=h5/2)"))?;
    let (a, b) = (slot(token, a)?, slot(token, b)?);
    let in_unit = a.cell == landing.cell && a.level >= landing.level;
    let (sa, sb) = (seat_at(a), seat_at(b));
    if a == b || !in_unit || sb != Some(last) || sa.is_none_or(|s| s == last) {
        return Err(bad(&format!(
            "no exchange of seat {last}'s previous turn there: its guard's slot in the unit first, now holding \
             another seat's piece, then the slot its guard went to"
        )));
    }
    Ok(Previous { landing, exchange: [a, b] })
}

/// Reads a position text; every field is checked and errors name the bad token.
pub fn from_text(text: &str) -> Result<E, NotationError> {
    let header =
        Header::<EOptions>::read(text, E::NAME, &["players", "sectors", "turn", "ply", "passes", "prev", "board"])?;
    let mut options = header.options;
    let players = header.number("players", MAX_SEATS as u64)? as usize;
    options.set_players(players).map_err(|e| NotationError::malformed(header.token("players"), e.to_string()))?;
    let sectors = header.field("sectors")?;
    let expected: String = options.sectors().iter().map(|s| s.to_string()).collect();
    if players == 4 && sectors == "0235" {
        options.seats_4p = super::Seats4p::C0235;
    } else if players == 3 && sectors == "012" {
        options.three_adjacent = true;
    } else if sectors != expected {
        return Err(NotationError::malformed(
            header.token("sectors"),
            format!("{players} players sit in sectors {expected}"),
        ));
    }
    let turn = header.number("turn", MAX_SEATS as u64)? as u8;
    let ply = header.number("ply", u32::MAX as u64)? as u32;
    let passes = header.number("passes", MAX_SEATS as u64)? as u8;
    if turn as usize >= players {
        return Err(NotationError::malformed(header.token("turn"), format!("seats are 0 to {}", players - 1)));
    }
    if passes as usize > players || passes as u32 > ply {
        return Err(NotationError::malformed(header.token("passes"), "more passes than seats or plies"));
    }

    let board = header.field("board")?;
    let rows: Vec<&str> = board.split('/').collect();
    let ranks = TABLES.hex.ranks();
    if rows.len() != ranks.len() {
        return Err(NotationError::malformed(format!("board={board}"), format!("expected {} ranks", ranks.len())));
    }
    let mut stacks = Vec::with_capacity(CELLS);
    for (row, range) in rows.iter().zip(&ranks) {
        let before = stacks.len();
        read_rank(row, players, &mut stacks)?;
        if stacks.len() - before != range.len() {
            return Err(NotationError::malformed(*row, format!("this rank has {} cells", range.len())));
        }
    }
    let mut counts = [[0u8; 3]; MAX_SEATS];
    for p in stacks.iter().flatten() {
        counts[p.seat.index()][p.size as usize - 1] += 1;
    }
    for (s, c) in counts.iter().enumerate().take(players) {
        if *c != [5, 5, 5] {
            return Err(NotationError::malformed(
                format!("board={board}"),
                format!("seat {s} has {} small, {} medium, {} large pieces; each seat has 5 of each", c[0], c[1], c[2]),
            ));
        }
    }
    debug_assert_eq!(stacks.iter().map(Vec::len).sum::<usize>(), players * PIECES);

    let prev = match header.optional("prev") {
        None => Previous::NONE,
        Some(v) => {
            let token = header.token("prev");
            if options.standalone_exchange != Standalone::PreviousMoveOnly {
                return Err(NotationError::malformed(
                    token,
                    "prev= goes with e.standalone_exchange=previous_move_only",
                ));
            }
            if ply == 0 {
                return Err(NotationError::malformed(token, "no turn was played before ply 0"));
            }
            let last = Seat(((turn as usize + players - 1) % players) as u8);
            read_previous(&token, v, &stacks, last)?
        }
    };
    let game = E::from_stacks(options, &stacks, turn, ply, passes, prev);
    if let Some(c) = (0..CELLS).find(|&c| !game.home_safe(c)) {
        return Err(NotationError::malformed(
            format!("board={board}"),
            format!("on {} a piece is trapped in its own home", TABLES.hex.name(c)),
        ));
    }
    Ok(game)
}

/// A drawing of the board: each cell's top piece (upper case for a stack, with its
/// height), file letters beyond both ends of every file and rank numbers on both margins,
/// then the stacks from the bottom up. The last move's from cell, the cells it landed on
/// between ([`E::movement_path`]), its to cell and the guards of its exchange are marked
/// (see [`drawing`]).
pub fn draw(game: &E, last: Option<EMove>) -> String {
    let mut marks = LastMove::default();
    if let Some(mv) = last.filter(|m| !m.is_pass()) {
        if mv.has_movement() {
            marks = LastMove::new(mv.from.cell as usize, game.movement_path(mv), mv.to as usize);
        }
        if mv.has_exchange() {
            marks.other = (vec![mv.guard.cell as usize, mv.other.cell as usize], "exchanged");
        }
    }
    let mut stacks = Vec::new();
    let mut out = drawing::hex_board(&TABLES.hex, &marks, |c| {
        let s = game.stack(c);
        match s.as_slice() {
            [] => ".".to_string(),
            [one] => piece_text(*one),
            [.., top] => {
                stacks.push(format!(
                    "{} {}",
                    TABLES.hex.name(c),
                    s.iter().map(|p| piece_text(*p)).collect::<Vec<_>>().join(" ")
                ));
                format!("{}{}", piece_text(*top).to_uppercase(), s.len())
            }
        }
    });
    out.push_str("0l = seat 0's large; 1S3 = a stack of 3 with seat 1's small on top\n");
    out.push_str("files run down-right: follow a cell up-left or down-right to its letter\n");
    if !stacks.is_empty() {
        out.push_str(&format!("stacks (bottom to top): {}\n", stacks.join(", ")));
    }
    out.push_str(&marks.legend());
    out
}

/// The notation of this game for [`Game`].
pub struct Text;

impl crate::core::game::Notation<E> for Text {
    fn read_move(game: &E, text: &str) -> Result<<E as crate::core::game::Game>::Move, NotationError> {
        read_move(game, text)
    }

    fn format_move(_game: &E, mv: <E as crate::core::game::Game>::Move) -> String {
        format_move(mv)
    }

    fn to_text(game: &E) -> String {
        to_text(game)
    }

    fn from_text(text: &str) -> Result<E, NotationError> {
        from_text(text)
    }

    fn draw(game: &E) -> String {
        draw(game, None)
    }

    fn draw_marked(game: &E, last: Option<EMove>) -> String {
        draw(game, last)
    }
}
