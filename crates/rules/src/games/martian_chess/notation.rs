//! Move notation, the position text and the board drawing (both games).
//!
//! Moves: `from-to` (plain moves, captures and merges alike), `from-to!` when the move
//! also calls the clock, `pass` and `pass!`.
//!
//! Position text: one line of space-separated fields,
//!
//! ```text
//! martian-chess players=2 turn=0 ply=0 passes=0 points=0,0 clock=- last=- board=QQD./QDP./DPP./..../..../.PPD/.PDQ/.DQQ
//! coaster-chess players=2 canal=horizontal turn=0 ply=0 passes=0 points=0,0 clock=- last=- board=QP...Q/D...../....../....../.....D/Q...PQ
//! ```
//!
//! * `players`: 2 or 4 (with the game name this fixes the board and its zones);
//!   `canal`: `horizontal` or `vertical` (Coaster Chess, 2 players only);
//! * `turn`: the seat to move; `ply`: plies played; `passes`: consecutive passes;
//! * `points`: the pips each seat has captured, in seat order;
//! * `clock`: `-` while the clock is not running, else the plies counted since the call
//!   or the last capture;
//! * `last`: the no-reject memory, `from-to` of the previous move when it carried a piece
//!   across a canal into the zone of the seat to move, else `-`;
//! * `board`: the ranks from the top down separated by `/`, each rank's files from a,
//!   `.` for an empty square and `P`, `D`, `Q` for a pawn, drone, queen (no owner: the zone
//!   decides);
//! * then the rule options that differ from the defaults, as `key=value`.
//!
//! The result is derived from these fields, never stored.

use super::board::{AE, AN, AS, AW, NONE, Squares, Topology};
use super::options::{Canal, Clock, McOptions, Variant};
use super::{MAX_PIPS, Mc, McMove, NOT_RUNNING};
use crate::core::drawing::{Grid, LastMove};
use crate::core::error::NotationError;
use crate::core::game::{Game, GameOptions};
use crate::core::header::{Header, number};

/// Reads a move token on board `t` (legality is checked by the caller).
pub fn parse_move(t: &Topology, text: &str) -> Result<McMove, NotationError> {
    let (body, call) = match text.strip_suffix('!') {
        Some(b) => (b, true),
        None => (text, false),
    };
    if body == "pass" {
        return Ok(McMove { call, ..McMove::PASS });
    }
    let (from, to) = body
        .split_once('-')
        .ok_or_else(|| NotationError::malformed(text, "expected from-to (e.g. b2-a3), from-to!, pass or pass!"))?;
    let square = |name: &str| {
        t.parse(name).ok_or_else(|| NotationError::malformed(text, format!("'{name}' is not a square of the board")))
    };
    let (from, to) = (square(from)?, square(to)?);
    if from == to {
        return Err(NotationError::malformed(text, "from and to are the same square"));
    }
    Ok(McMove { from: from as u8, to: to as u8, call })
}

/// The canonical token of a move.
pub fn format_move(mv: McMove) -> String {
    let body = if mv.is_pass() {
        "pass".to_string()
    } else {
        format!("{}-{}", Topology::name(mv.from as usize), Topology::name(mv.to as usize))
    };
    if mv.call { body + "!" } else { body }
}

const PIECE_LETTERS: [char; 4] = ['.', 'P', 'D', 'Q'];

/// The position text.
pub fn to_text<V: Variant>(game: &Mc<V>) -> String {
    let t = game.topology();
    let rows: Vec<String> = (0..t.height)
        .rev()
        .map(|y| (0..t.width).map(|x| PIECE_LETTERS[game.size_at(Topology::index(x, y)) as usize]).collect())
        .collect();
    let points: Vec<String> = game.points[..game.seats as usize].iter().map(u8::to_string).collect();
    let canal = match (V::COASTER, game.seats, game.options.canal) {
        (true, 2, Canal::Horizontal) => " canal=horizontal",
        (true, 2, Canal::Vertical) => " canal=vertical",
        _ => "",
    };
    let clock = if game.clock == NOT_RUNNING { "-".to_string() } else { game.clock.to_string() };
    let last = match game.memory() {
        Some((from, to)) => format!("{}-{}", Topology::name(from), Topology::name(to)),
        None => "-".to_string(),
    };
    let mut text = format!(
        "{} players={}{canal} turn={} ply={} passes={} points={} clock={clock} last={last} board={}",
        V::NAME,
        game.seats,
        game.turn.to_move,
        game.turn.ply,
        game.turn.passes,
        points.join(","),
        rows.join("/")
    );
    for (key, value) in game.options.non_default() {
        if key != "mc.canal" {
            text.push_str(&format!(" {key}={value}"));
        }
    }
    text
}

/// Reads a position text; every field is checked and errors name the bad token.
pub fn from_text<V: Variant>(text: &str) -> Result<Mc<V>, NotationError> {
    const OWN: [&str; 10] =
        ["players", "turn", "ply", "passes", "points", "clock", "last", "board", "mc.canal", "canal"];
    // Martian Chess has no canal field: there `canal=` is read as an option and refused.
    let own = if V::COASTER { &OWN[..] } else { &OWN[..9] };
    let header = Header::<McOptions<V>>::read(text, V::NAME, own)?;
    if header.optional("mc.canal").is_some() {
        return Err(NotationError::malformed(header.token("mc.canal"), "the canal is the position's 'canal=' field"));
    }
    let mut options = header.options;
    let players = header.number("players", 4)? as usize;
    let players_token = header.token("players");
    options.set_players(players).map_err(|e| NotationError::malformed(&players_token, e.to_string()))?;
    match (header.optional("canal"), players) {
        (Some(value), 2) => options
            .set("mc.canal", value)
            .map_err(|e| NotationError::malformed(header.token("canal"), e.to_string()))?,
        (Some(_), _) => return Err(NotationError::malformed(header.token("canal"), "the canal is a 2-player setup")),
        (None, 2) if V::COASTER => return Err(header.field("canal").unwrap_err()),
        _ => {}
    }
    options.validate().map_err(|e| NotationError::malformed(&players_token, e.to_string()))?;
    let turn = header.number("turn", 3)? as u8;
    let turn_token = header.token("turn");
    let ply = header.number("ply", u32::MAX as u64)? as u32;
    let passes = header.number("passes", 4)? as u8;
    let passes_token = header.token("passes");
    let (points_token, points_text) = (header.token("points"), header.field("points")?);
    let (clock_token, clock_text) = (header.token("clock"), header.field("clock")?);
    let (last_token, last_text) = (header.token("last"), header.field("last")?);
    let (board_token, board_text) = (header.token("board"), header.field("board")?);
    let t = options.board().topology();

    if turn as usize >= players {
        return Err(NotationError::malformed(turn_token, format!("seats are 0 to {}", players - 1)));
    }
    if passes as usize > players || passes as u32 > ply {
        return Err(NotationError::malformed(passes_token, "more passes than seats or plies"));
    }

    // Board.
    let rows: Vec<&str> = board_text.split('/').collect();
    if rows.len() != t.height as usize {
        return Err(NotationError::malformed(board_token, format!("expected {} ranks", t.height)));
    }
    let mut pieces = [0 as Squares; 3];
    for (row, y) in rows.iter().zip((0..t.height).rev()) {
        if row.len() != t.width as usize {
            return Err(NotationError::malformed(*row, format!("a rank has {} squares", t.width)));
        }
        for (c, x) in row.bytes().zip(0..t.width) {
            let bit = 1u64 << Topology::index(x, y);
            match c {
                b'.' => {}
                b'P' => pieces[0] |= bit,
                b'D' => pieces[1] |= bit,
                b'Q' => pieces[2] |= bit,
                _ => {
                    return Err(NotationError::malformed(
                        *row,
                        format!("'{}' is none of '.', 'P', 'D', 'Q'", c as char),
                    ));
                }
            }
        }
    }
    let occ = pieces[0] | pieces[1] | pieces[2];

    // Points.
    let values: Vec<&str> = points_text.split(',').collect();
    if values.len() != players {
        return Err(NotationError::malformed(points_token, format!("expected {players} numbers")));
    }
    let mut points = [0u8; 4];
    for (s, v) in values.iter().enumerate() {
        points[s] = number(&points_token, v, MAX_PIPS as u64)? as u8;
    }
    let pips: u32 = pieces.iter().enumerate().map(|(k, p)| (k as u32 + 1) * p.count_ones()).sum::<u32>()
        + points.iter().map(|&p| p as u32).sum::<u32>();
    if pips > MAX_PIPS {
        return Err(NotationError::malformed(
            points_token,
            format!("board and points hold {pips} pips, more than {MAX_PIPS}"),
        ));
    }

    // Clock.
    let clock = match clock_text {
        "-" => NOT_RUNNING,
        v => number(&clock_token, v, options.clock_limit as u64)? as u8,
    };
    match (options.clock, clock == NOT_RUNNING) {
        (Clock::AlwaysOn, true) => {
            return Err(NotationError::malformed(clock_token, "mc.clock=always_on: the clock is running"));
        }
        (Clock::Off, false) => return Err(NotationError::malformed(clock_token, "mc.clock=off: there is no clock")),
        _ => {}
    }

    // No-reject memory.
    let memory = match last_text {
        "-" => [NONE, NONE],
        m => {
            let mv = parse_move(t, m).map_err(|_| NotationError::malformed(&last_token, "expected from-to or -"))?;
            let (from, to) = (mv.from as usize, mv.to as usize);
            if mv.is_pass() || mv.call {
                return Err(NotationError::malformed(&last_token, "expected from-to or -"));
            }
            if !options.no_reject() {
                return Err(NotationError::malformed(last_token, "no rejection does not apply with these options"));
            }
            if t.zone_of[to] != turn || t.zone_of[from] == turn || occ & (1u64 << to) == 0 || occ & (1u64 << from) != 0
            {
                return Err(NotationError::malformed(
                    last_token,
                    "the memory is a piece on 'to', in the zone of the seat to move, from an empty 'from' in another zone",
                ));
            }
            if passes != 0 || ply == 0 {
                return Err(NotationError::malformed(last_token, "the previous ply was no move"));
            }
            [from as u8, to as u8]
        }
    };
    Ok(Mc::from_parts(options, pieces, points, turn, ply, passes, clock, memory))
}

/// The board as text: ranks from the top with file letters below, `P D Q` for the pieces,
/// `.` for an empty square and the canals as lines (Coaster boards also show each square's
/// arrows round it); then the points and the clock. The last move's from square, the
/// squares it passed and its to square are marked (see [`crate::core::drawing`]).
pub fn draw<V: Variant>(game: &Mc<V>, last: Option<McMove>) -> String {
    let marks = match last {
        Some(mv) if !mv.is_pass() => LastMove::new(mv.from as usize, game.path(mv), mv.to as usize),
        _ => LastMove::default(),
    };
    let mut out = if V::COASTER { coaster_board(game, &marks) } else { martian_board(game, &marks) };
    let points: Vec<String> = game.points[..game.seats as usize].iter().map(u8::to_string).collect();
    let clock = match game.clock() {
        None if game.options.clock == Clock::Off => "off".to_string(),
        None => "not called".to_string(),
        Some(n) => format!("running, {n} of {}", game.options.clock_limit),
    };
    out.push_str(&format!("points {} | clock {clock} | seat {} to move", points.join(" "), game.turn.to_move));
    if let Some(o) = game.outcome() {
        out.push_str(&format!(" | over: {o}"));
    }
    out.push('\n');
    out.push_str(&marks.legend());
    out
}

/// The Martian board: one character a square, the canals as gaps with lines.
fn martian_board<V: Variant>(game: &Mc<V>, marks: &LastMove) -> String {
    let t = game.topology();
    let mut out = String::new();
    for y in (0..t.height).rev() {
        if y + 1 < t.height && t.zone_of[Topology::index(0, y)] != t.zone_of[Topology::index(0, y + 1)] {
            out.push_str(&format!("   {}\n", "-".repeat(2 * t.width as usize + 1)));
        }
        out.push_str(&format!("{:>2} ", y + 1));
        for x in 0..t.width {
            let i = Topology::index(x, y);
            if x > 0 && t.zone_of[i] != t.zone_of[i - 1] {
                out.push_str(" |");
            }
            out.push(marks.mark(i).unwrap_or(' '));
            out.push(PIECE_LETTERS[game.size_at(i) as usize]);
        }
        out.push('\n');
    }
    out.push_str("   ");
    for x in 0..t.width {
        if x > 0 && t.zone_of[Topology::index(x, 0)] != t.zone_of[Topology::index(x - 1, 0)] {
            out.push_str("  ");
        }
        out.push(' ');
        out.push((b'a' + x) as char);
    }
    out.push('\n');
    out
}

/// The Coaster board: every square three rows high, its piece in the middle with its mark
/// left of it, and its arrows round it: `^` above for N, `>` right for E, `v` below for S,
/// `<` left for W. The canal runs between the zones as `-` and `|`.
fn coaster_board<V: Variant>(game: &Mc<V>, marks: &LastMove) -> String {
    let t = game.topology();
    let (w, h) = (t.width, t.height);
    // The column of file x's piece: five columns a square, two more past a vertical canal.
    let mut cols = Vec::new();
    let mut col = 5;
    for x in 0..w {
        if x > 0 && (0..h).any(|y| t.zone_of[Topology::index(x, y)] != t.zone_of[Topology::index(x - 1, y)]) {
            col += 2;
        }
        cols.push(col);
        col += 5;
    }
    let mut grid = Grid::new();
    let mut row = 0;
    for y in (0..h).rev() {
        if y + 1 < h {
            for x in 0..w {
                if t.zone_of[Topology::index(x, y)] != t.zone_of[Topology::index(x, y + 1)] {
                    grid.put(row, cols[x as usize] - 3, "-------");
                }
            }
            if (0..w).any(|x| t.zone_of[Topology::index(x, y)] != t.zone_of[Topology::index(x, y + 1)]) {
                row += 1;
            }
        }
        grid.put(row + 1, 0, &format!("{:>2}", y + 1));
        for x in 0..w {
            let (i, c) = (Topology::index(x, y), cols[x as usize]);
            let arrows = t.arrows[i];
            for (bit, dr, dc, glyph) in [(AN, 0, 0, "^"), (AE, 1, 1, ">"), (AS, 2, 0, "v"), (AW, 1, -2, "<")] {
                if arrows & bit != 0 {
                    grid.put(row + dr, (c as isize + dc) as usize, glyph);
                }
            }
            grid.put_cell(row + 1, c, &PIECE_LETTERS[game.size_at(i) as usize].to_string(), marks.mark(i));
            if x > 0 && t.zone_of[i] != t.zone_of[i - 1] {
                for r in row..row + 3 {
                    grid.put(r, c - 4, "|");
                }
            }
        }
        row += 3;
    }
    for x in 0..w {
        grid.put(row, cols[x as usize], &((b'a' + x) as char).to_string());
    }
    let mut out = grid.render();
    out.push_str("^ > v < the arrows a square is left by; - | the canal\n");
    out
}

/// The notation of this game for [`Game`].
pub struct Text;

impl<V: Variant> crate::core::game::Notation<Mc<V>> for Text {
    fn read_move(game: &Mc<V>, text: &str) -> Result<<Mc<V> as crate::core::game::Game>::Move, NotationError> {
        parse_move(game.topology(), text)
    }

    fn format_move(_game: &Mc<V>, mv: <Mc<V> as crate::core::game::Game>::Move) -> String {
        format_move(mv)
    }

    fn to_text(game: &Mc<V>) -> String {
        to_text(game)
    }

    fn from_text(text: &str) -> Result<Mc<V>, NotationError> {
        from_text(text)
    }

    fn draw(game: &Mc<V>) -> String {
        draw(game, None)
    }

    fn draw_marked(game: &Mc<V>, last: Option<McMove>) -> String {
        draw(game, last)
    }
}
