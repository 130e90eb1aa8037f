//! An independent, slow and deliberately plain reference for Martian Chess and Coaster
//! Chess, written from `spec/martian-chess.md` alone. It shares no code with the crate:
//!
//! * `(x, y)` squares in a `HashMap` board, zones from the spec's §1 table;
//! * the spec's `martian_moves` and `coaster_moves` pseudo-code, with the Coaster arrows
//!   typed in from the full-board table of §4 as strings;
//! * its own position-text reader and writer, end tests, outcome ranks and perft.
//!
//! Moves are spec notation strings, so they compare directly with the crate's.

#![allow(dead_code)]

use std::collections::{BTreeSet, HashMap, HashSet};

use rand::Rng;

/// A square `(file, rank)` from 0.
pub type Sq = (i32, i32);

/// The full Coaster board of spec §4, rank 6 first, files a to f.
const ARROWS: [&str; 6] = [
    "NES ESW NEW NSW NES ESW",
    "NEW NES NES NESW ESW NSW",
    "ESW NESW NEW NES ESW NES",
    "NSW NEW NSW ESW NESW NEW",
    "NES NEW NESW NSW NSW ESW",
    "NEW NSW NES ESW NEW NSW",
];

/// `mc.clock`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockRule {
    /// `callable`
    Callable,
    /// `always_on`
    AlwaysOn,
    /// `off`
    Off,
}

/// `mc.move_model`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// `path`
    Path,
    /// `straight_start`
    StraightStart,
    /// `straight_each`
    StraightEach,
}

/// The rules of a game: which game, the setup and every option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Coaster Chess rather than Martian Chess.
    pub coaster: bool,
    /// 2 or 4.
    pub players: usize,
    /// Coaster 2 players: files a–c against d–f.
    pub vertical: bool,
    /// `mc.clock`.
    pub clock: ClockRule,
    /// `mc.clock_limit`.
    pub limit: u32,
    /// `mc.field_promotion`.
    pub promotion: bool,
    /// `mc.no_reject_4p = next_player_only`.
    pub reject_4p: bool,
    /// `mc.no_move = end_game_and_score`.
    pub end_when_stuck: bool,
    /// `mc.teams`.
    pub teams: bool,
    /// `mc.move_model`.
    pub model: Model,
    /// `mc.setup_mirror`.
    pub mirror: bool,
    /// `max_plies`.
    pub max_plies: Option<u32>,
}

impl Rules {
    /// The rules from a `players=N key=value ...` column.
    pub fn parse(coaster: bool, column: &str) -> Result<Rules, String> {
        let mut r = Rules {
            coaster,
            players: 2,
            vertical: false,
            clock: ClockRule::Callable,
            limit: 7,
            promotion: !coaster,
            reject_4p: false,
            end_when_stuck: false,
            teams: false,
            model: Model::Path,
            mirror: false,
            max_plies: None,
        };
        for token in column.split_whitespace() {
            let (k, v) = token.split_once('=').ok_or(token.to_string())?;
            match (k, v) {
                ("players", n) => r.players = n.parse().map_err(|_| token.to_string())?,
                ("mc.canal", "vertical") => r.vertical = true,
                ("mc.canal", "horizontal") => r.vertical = false,
                ("mc.clock", "callable") => r.clock = ClockRule::Callable,
                ("mc.clock", "always_on") => r.clock = ClockRule::AlwaysOn,
                ("mc.clock", "off") => r.clock = ClockRule::Off,
                ("mc.clock_limit", n) => r.limit = n.parse().map_err(|_| token.to_string())?,
                ("mc.field_promotion", b) => r.promotion = b == "true",
                ("mc.no_reject_4p", v) => r.reject_4p = v == "next_player_only",
                ("mc.no_move", v) => r.end_when_stuck = v == "end_game_and_score",
                ("mc.teams", b) => r.teams = b == "true",
                ("mc.move_model", "path") => r.model = Model::Path,
                ("mc.move_model", "straight_start") => r.model = Model::StraightStart,
                ("mc.move_model", "straight_each") => r.model = Model::StraightEach,
                ("mc.setup_mirror", b) => r.mirror = b == "true",
                ("max_plies", n) => r.max_plies = Some(n.parse().map_err(|_| token.to_string())?),
                _ => return Err(format!("unknown option {token}")),
            }
        }
        Ok(r)
    }

    /// The game's name.
    pub fn name(&self) -> &'static str {
        if self.coaster { "coaster-chess" } else { "martian-chess" }
    }

    /// `(files, ranks)`.
    pub fn size(&self) -> (i32, i32) {
        match (self.coaster, self.players) {
            (true, _) => (6, 6),
            (false, 2) => (4, 8),
            (false, _) => (8, 8),
        }
    }

    /// Whether a square is on the board.
    pub fn on_board(&self, s: Sq) -> bool {
        let (w, h) = self.size();
        (0..w).contains(&s.0) && (0..h).contains(&s.1)
    }

    /// The seat whose zone holds `s` (spec §1).
    pub fn zone(&self, s: Sq) -> usize {
        let (x, y) = s;
        match (self.coaster, self.players) {
            (false, 2) => (y >= 4) as usize,
            (true, 2) if self.vertical => (x >= 3) as usize,
            (true, 2) => (y >= 3) as usize,
            _ => {
                let half = if self.coaster { 3 } else { 4 };
                match (x >= half, y >= half) {
                    (false, false) => 0,
                    (false, true) => 1,
                    (true, true) => 2,
                    (true, false) => 3,
                }
            }
        }
    }

    /// Whether no rejection applies (to the seat that moves next).
    pub fn no_reject(&self) -> bool {
        self.players == 2 || self.reject_4p
    }

    /// The arrows of a Coaster square as `(dx, dy)` steps.
    pub fn arrows(&self, s: Sq) -> Vec<Sq> {
        let word = ARROWS[(5 - s.1) as usize].split(' ').nth(s.0 as usize).expect("a square");
        word.chars()
            .map(|c| match c {
                'N' => (0, 1),
                'E' => (1, 0),
                'S' => (0, -1),
                'W' => (-1, 0),
                _ => unreachable!(),
            })
            .collect()
    }

    /// The team of a seat.
    pub fn team(&self, seat: usize) -> usize {
        if self.teams { seat % 2 } else { seat }
    }
}

/// Reads a square name.
pub fn parse_sq(name: &str) -> Option<Sq> {
    let b = name.as_bytes();
    if b.len() != 2 || !b[0].is_ascii_lowercase() || !(b'1'..=b'9').contains(&b[1]) {
        return None;
    }
    Some(((b[0] - b'a') as i32, (b[1] - b'1') as i32))
}

/// The name of a square.
pub fn sq_name(s: Sq) -> String {
    format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
}

/// A position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pos {
    /// Rules and setup.
    pub rules: Rules,
    /// Piece size per occupied square.
    pub board: HashMap<Sq, u32>,
    /// Points per seat.
    pub points: Vec<u32>,
    /// Seat to move.
    pub turn: usize,
    /// Plies played.
    pub ply: u32,
    /// Consecutive passes.
    pub passes: usize,
    /// `None`: not running; `Some(n)`: running with `n` counted.
    pub clock: Option<u32>,
    /// The previous move's `(from, to)` if it crossed a canal.
    pub last: Option<(Sq, Sq)>,
    /// Ranks per seat once over.
    pub outcome: Option<Vec<u8>>,
}

impl Pos {
    /// The start position (spec §3, §5).
    pub fn start(rules: Rules) -> Pos {
        let list: Vec<(&str, u32)> = if !rules.coaster && rules.players == 2 {
            let mut v = Vec::new();
            for (names, size) in [("c1 d1 d2 a7 a8 b8", 3), ("b1 c2 d3 a6 b7 c8", 2), ("b2 b3 c3 b6 c6 c7", 1)] {
                v.extend(names.split(' ').map(|n| (n, size)));
            }
            v
        } else if !rules.coaster {
            let mut v = Vec::new();
            for (names, size) in [
                ("a1 a2 b1 a7 a8 b8 g8 h7 h8 g1 h1 h2", 3),
                ("a3 b2 c1 a6 b7 c8 f8 g7 h6 f1 g2 h3", 2),
                ("b3 c2 c3 b6 c6 c7 f6 f7 g6 f2 f3 g3", 1),
            ] {
                v.extend(names.split(' ').map(|n| (n, size)));
            }
            v
        } else {
            let (right, left) = if rules.mirror { (1, 2) } else { (2, 1) };
            let mut v = vec![("a1", 3), ("a6", 3), ("f6", 3), ("f1", 3)];
            let nests: &[(&str, &str)] = if rules.players == 4 {
                &[("b1", "a2"), ("a5", "b6"), ("e6", "f5"), ("f2", "e1")]
            } else {
                &[("a5", "b6"), ("f2", "e1")]
            };
            for &(r, l) in nests {
                v.push((r, right));
                v.push((l, left));
            }
            v
        };
        let board = list.into_iter().map(|(n, s)| (parse_sq(n).expect("square"), s)).collect();
        let clock = (rules.clock == ClockRule::AlwaysOn).then_some(0);
        let players = rules.players;
        let mut p = Pos {
            rules,
            board,
            points: vec![0; players],
            turn: 0,
            ply: 0,
            passes: 0,
            clock,
            last: None,
            outcome: None,
        };
        p.outcome = p.judge(players - 1);
        p
    }

    fn zone_empty(&self, seat: usize) -> bool {
        !self.board.keys().any(|&s| self.rules.zone(s) == seat)
    }

    fn controls(&self, size: u32) -> bool {
        self.board.iter().any(|(&s, &n)| n == size && self.rules.zone(s) == self.turn)
    }

    fn promotion_ok(&self, p: Sq, y: Sq) -> bool {
        if !self.rules.promotion || self.rules.zone(y) != self.turn {
            return false;
        }
        let (a, b) = (self.board[&p], self.board[&y]);
        ((a, b) == (1, 2) || (a, b) == (2, 1)) && !self.controls(3) || (a == 1 && b == 1 && !self.controls(2))
    }

    fn landing_ok(&self, p: Sq, y: Sq) -> bool {
        self.rules.zone(y) != self.turn || self.promotion_ok(p, y)
    }

    /// Piece moves `(from, to)`, before no rejection.
    fn piece_moves(&self) -> BTreeSet<(Sq, Sq)> {
        let mut out = BTreeSet::new();
        let mine: Vec<(Sq, u32)> =
            self.board.iter().filter(|(s, _)| self.rules.zone(**s) == self.turn).map(|(&s, &n)| (s, n)).collect();
        for (p, n) in mine {
            if !self.rules.coaster {
                let diagonals = vec![(1, 1), (1, -1), (-1, 1), (-1, -1)];
                let orthogonals = vec![(1, 0), (-1, 0), (0, 1), (0, -1)];
                let (dirs, reach) = match n {
                    1 => (diagonals, 1),
                    2 => (orthogonals, 2),
                    _ => ([diagonals, orthogonals].concat(), 99),
                };
                for d in dirs {
                    for k in 1..=reach {
                        let y = (p.0 + k * d.0, p.1 + k * d.1);
                        if !self.rules.on_board(y) {
                            break;
                        }
                        if !self.board.contains_key(&y) {
                            out.insert((p, y));
                            continue;
                        }
                        if self.landing_ok(p, y) {
                            out.insert((p, y));
                        }
                        break;
                    }
                }
            } else if self.rules.model == Model::Path {
                let mut frontier = vec![p];
                let mut seen: HashSet<Sq> = HashSet::from([p]);
                for _ in 0..n {
                    let mut next = Vec::new();
                    for &x in &frontier {
                        for d in self.rules.arrows(x) {
                            let y = (x.0 + d.0, x.1 + d.1);
                            if !self.rules.on_board(y) || y == p {
                                continue;
                            }
                            if self.board.contains_key(&y) {
                                if self.landing_ok(p, y) {
                                    out.insert((p, y));
                                }
                                continue;
                            }
                            out.insert((p, y));
                            if seen.insert(y) {
                                next.push(y);
                            }
                        }
                    }
                    frontier = next;
                }
            } else {
                for d in self.rules.arrows(p) {
                    let mut x = p;
                    for k in 0..n {
                        if k > 0 && self.rules.model == Model::StraightEach && !self.rules.arrows(x).contains(&d) {
                            break;
                        }
                        let y = (x.0 + d.0, x.1 + d.1);
                        if !self.rules.on_board(y) {
                            break;
                        }
                        if self.board.contains_key(&y) {
                            if self.landing_ok(p, y) {
                                out.insert((p, y));
                            }
                            break;
                        }
                        out.insert((p, y));
                        x = y;
                    }
                }
            }
        }
        if let Some((from, to)) = self.last
            && self.rules.zone(to) == self.turn
            && self.rules.no_reject()
        {
            out.remove(&(to, from));
        }
        out
    }

    fn can_call(&self) -> bool {
        self.rules.clock == ClockRule::Callable && self.clock.is_none()
    }

    /// The legal moves in notation, sorted.
    pub fn moves(&self) -> Vec<String> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let mut out: Vec<String> =
            self.piece_moves().into_iter().map(|(a, b)| format!("{}-{}", sq_name(a), sq_name(b))).collect();
        if out.is_empty() {
            out.push("pass".to_string());
        }
        if self.can_call() {
            let called: Vec<String> = out.iter().map(|m| format!("{m}!")).collect();
            out.extend(called);
        }
        out.sort();
        out
    }

    /// Plays a move given in notation (must be legal).
    pub fn play(&mut self, mv: &str) {
        let (body, call) = match mv.strip_suffix('!') {
            Some(b) => (b, true),
            None => (mv, false),
        };
        let mover = self.turn;
        let mut capture = false;
        self.last = None;
        if body == "pass" {
            self.passes += 1;
        } else {
            self.passes = 0;
            let (a, b) = body.split_once('-').expect("from-to");
            let (from, to) = (parse_sq(a).expect("from"), parse_sq(b).expect("to"));
            let n = self.board.remove(&from).expect("a piece");
            match self.board.get(&to).copied() {
                None => {
                    self.board.insert(to, n);
                }
                Some(m) if self.rules.zone(to) == mover => {
                    self.board.insert(to, n + m);
                }
                Some(m) => {
                    capture = true;
                    self.points[mover] += m;
                    self.board.insert(to, n);
                }
            }
            if self.rules.zone(from) != self.rules.zone(to) {
                self.last = Some((from, to));
            }
        }
        if call {
            self.clock = Some(0);
        }
        if let Some(c) = self.clock {
            self.clock = Some(if capture { 0 } else { c + 1 });
        }
        self.turn = (self.turn + 1) % self.rules.players;
        self.ply += 1;
        self.outcome = self.judge(mover);
    }

    /// Plays a move after checking it is in [`moves`](Pos::moves).
    pub fn play_checked(&mut self, mv: &str) {
        assert!(self.moves().iter().any(|m| m == mv), "{mv} is not legal");
        self.play(mv);
    }

    fn judge(&self, ender: usize) -> Option<Vec<u8>> {
        if (0..self.rules.players).any(|s| self.zone_empty(s)) {
            return Some(self.ranks(Some(ender)));
        }
        let stuck = self.rules.end_when_stuck && self.piece_moves().is_empty();
        if self.clock.is_some_and(|c| c >= self.rules.limit)
            || self.passes >= self.rules.players
            || stuck
            || self.rules.max_plies.is_some_and(|m| self.ply >= m)
        {
            return Some(self.ranks(None));
        }
        None
    }

    /// Ranks per seat: the winners (or the drawn leaders) first, the rest by points.
    fn ranks(&self, ender: Option<usize>) -> Vec<u8> {
        let n = self.rules.players;
        let value: Vec<u32> = (0..n)
            .map(|s| (0..n).filter(|&o| self.rules.team(o) == self.rules.team(s)).map(|o| self.points[o]).sum())
            .collect();
        let best = *value.iter().max().expect("seats");
        let leaders: Vec<usize> = (0..n).filter(|&s| value[s] == best).collect();
        let winners: Vec<usize> = match ender {
            Some(e) if leaders.contains(&e) => {
                leaders.into_iter().filter(|&s| self.rules.team(s) == self.rules.team(e)).collect()
            }
            _ => leaders,
        };
        (0..n)
            .map(|s| {
                if winners.contains(&s) {
                    1
                } else {
                    1 + (0..n).filter(|&o| winners.contains(&o) || value[o] > value[s]).count() as u8
                }
            })
            .collect()
    }

    /// The position after `moves` from the start.
    pub fn after(rules: Rules, moves: &[&str]) -> Pos {
        let mut p = Pos::start(rules);
        for m in moves {
            p.play_checked(m);
        }
        p
    }

    /// A random legal move; with probability `capture_bias` a capture if there is one.
    pub fn pick(&self, rng: &mut impl Rng, capture_bias: f64) -> String {
        let moves = self.moves();
        let captures: Vec<&String> = moves.iter().filter(|m| self.is_capture(m)).collect();
        if !captures.is_empty() && rng.random_bool(capture_bias) {
            return captures[rng.random_range(0..captures.len())].clone();
        }
        moves[rng.random_range(0..moves.len())].clone()
    }

    /// Whether a move captures.
    pub fn is_capture(&self, mv: &str) -> bool {
        let body = mv.trim_end_matches('!');
        let Some((_, b)) = body.split_once('-') else { return false };
        let to = parse_sq(b).expect("to");
        self.board.contains_key(&to) && self.rules.zone(to) != self.turn
    }

    /// Whether a move merges two pieces.
    pub fn is_merge(&self, mv: &str) -> bool {
        let body = mv.trim_end_matches('!');
        let Some((_, b)) = body.split_once('-') else { return false };
        let to = parse_sq(b).expect("to");
        self.board.contains_key(&to) && self.rules.zone(to) == self.turn
    }

    /// Whether a move crosses a canal.
    pub fn is_crossing(&self, mv: &str) -> bool {
        let body = mv.trim_end_matches('!');
        let Some((a, b)) = body.split_once('-') else { return false };
        self.rules.zone(parse_sq(a).expect("from")) != self.rules.zone(parse_sq(b).expect("to"))
    }

    /// The memory the position text shows: only when it binds the seat to move.
    fn shown_memory(&self) -> Option<(Sq, Sq)> {
        self.last.filter(|&(_, to)| self.rules.zone(to) == self.turn && self.rules.no_reject())
    }

    /// Whether the no-reject rule removes a move here.
    pub fn rejection_bites(&self) -> bool {
        self.shown_memory().is_some_and(|(from, to)| {
            let mut free = self.clone();
            free.last = None;
            free.piece_moves().contains(&(to, from))
        })
    }

    /// The position text (the crate's format, written from its documentation).
    pub fn to_text(&self) -> String {
        let (w, h) = self.rules.size();
        let rows: Vec<String> = (0..h)
            .rev()
            .map(|y| {
                (0..w)
                    .map(|x| match self.board.get(&(x, y)) {
                        None => '.',
                        Some(1) => 'P',
                        Some(2) => 'D',
                        Some(_) => 'Q',
                    })
                    .collect()
            })
            .collect();
        let canal = match (self.rules.coaster, self.rules.players) {
            (true, 2) => format!(" canal={}", if self.rules.vertical { "vertical" } else { "horizontal" }),
            _ => String::new(),
        };
        let points: Vec<String> = self.points.iter().map(u32::to_string).collect();
        let clock = self.clock.map_or("-".to_string(), |c| c.to_string());
        let last = self.shown_memory().map_or("-".to_string(), |(a, b)| format!("{}-{}", sq_name(a), sq_name(b)));
        let mut text = format!(
            "{} players={}{canal} turn={} ply={} passes={} points={} clock={clock} last={last} board={}",
            self.rules.name(),
            self.rules.players,
            self.turn,
            self.ply,
            self.passes,
            points.join(","),
            rows.join("/")
        );
        let r = &self.rules;
        if r.clock != ClockRule::Callable {
            text += if r.clock == ClockRule::Off { " mc.clock=off" } else { " mc.clock=always_on" };
        }
        if r.limit != 7 {
            text += &format!(" mc.clock_limit={}", r.limit);
        }
        if r.promotion == r.coaster {
            text += &format!(" mc.field_promotion={}", r.promotion);
        }
        if r.reject_4p {
            text += " mc.no_reject_4p=next_player_only";
        }
        if r.end_when_stuck {
            text += " mc.no_move=end_game_and_score";
        }
        if r.teams {
            text += " mc.teams=true";
        }
        if let Some(m) = r.max_plies {
            text += &format!(" max_plies={m}");
        }
        if r.model != Model::Path {
            text += if r.model == Model::StraightStart {
                " mc.move_model=straight_start"
            } else {
                " mc.move_model=straight_each"
            };
        }
        if r.mirror {
            text += " mc.setup_mirror=true";
        }
        text
    }

    /// Reads a position text written by [`to_text`](Pos::to_text) (well-formed input only).
    pub fn from_text(text: &str) -> Result<Pos, String> {
        let mut tokens = text.split_whitespace();
        let coaster = match tokens.next() {
            Some("martian-chess") => false,
            Some("coaster-chess") => true,
            t => return Err(format!("bad game {t:?}")),
        };
        let mut fields: HashMap<&str, &str> = HashMap::new();
        let mut column = Vec::new();
        for token in tokens {
            let (k, v) = token.split_once('=').ok_or(token.to_string())?;
            match k {
                "players" | "turn" | "ply" | "passes" | "points" | "clock" | "last" | "board" => {
                    fields.insert(k, v);
                }
                "canal" => column.push(format!("mc.canal={v}")),
                _ => column.push(token.to_string()),
            }
        }
        let get = |k: &str| fields.get(k).copied().ok_or(format!("missing {k}"));
        column.push(format!("players={}", get("players")?));
        let rules = Rules::parse(coaster, &column.join(" "))?;
        let (_, h) = rules.size();
        let mut board = HashMap::new();
        for (row, y) in get("board")?.split('/').zip((0..h).rev()) {
            for (c, x) in row.chars().zip(0..) {
                let size = match c {
                    '.' => continue,
                    'P' => 1,
                    'D' => 2,
                    'Q' => 3,
                    _ => return Err(format!("bad piece {c}")),
                };
                board.insert((x, y), size);
            }
        }
        let num = |k: &str| get(k)?.parse::<u32>().map_err(|e| format!("{k}: {e}"));
        let points =
            get("points")?.split(',').map(|p| p.parse::<u32>().map_err(|e| e.to_string())).collect::<Result<_, _>>()?;
        let clock = match get("clock")? {
            "-" => None,
            c => Some(c.parse::<u32>().map_err(|e| e.to_string())?),
        };
        let last = match get("last")? {
            "-" => None,
            m => {
                let (a, b) = m.split_once('-').ok_or("last")?;
                Some((parse_sq(a).ok_or("last from")?, parse_sq(b).ok_or("last to")?))
            }
        };
        let turn = num("turn")? as usize;
        let players = rules.players;
        let mut p = Pos {
            rules,
            board,
            points,
            turn,
            ply: num("ply")?,
            passes: num("passes")? as usize,
            clock,
            last,
            outcome: None,
        };
        p.outcome = p.judge((turn + players - 1) % players);
        Ok(p)
    }
}

/// A Martian Chess (`COASTER = false`) or Coaster Chess (`true`) position: the one
/// reference [`Pos`] serves both games, whose options columns differ only in the game.
#[derive(Clone, Debug)]
pub struct Variant<const COASTER: bool>(pub Pos);

/// Two positions are the same when they agree on everything but a remembered move that
/// binds no one: the no-reject memory counts only while it restricts the seat to move
/// (the position text leaves it out otherwise).
impl<const COASTER: bool> PartialEq for Variant<COASTER> {
    fn eq(&self, other: &Self) -> bool {
        let bound = |p: &Pos| Pos { last: p.shown_memory(), ..p.clone() };
        bound(&self.0) == bound(&other.0)
    }
}

/// The Martian Chess reference.
pub type MartianRef = Variant<false>;
/// The Coaster Chess reference.
pub type CoasterRef = Variant<true>;

impl<const COASTER: bool> super::Reference for Variant<COASTER> {
    type Rules = Rules;
    type Move = String;

    fn rules(column: &str) -> Result<Rules, String> {
        Rules::parse(COASTER, column)
    }
    fn rules_of(&self) -> &Rules {
        &self.0.rules
    }
    fn start(rules: Rules) -> Self {
        Variant(Pos::start(rules))
    }
    fn from_text(text: &str) -> Result<Self, String> {
        let p = Pos::from_text(text)?;
        if p.rules.coaster != COASTER {
            return Err(format!("not a {} position: {text}", Rules::parse(COASTER, "")?.name()));
        }
        Ok(Variant(p))
    }
    fn to_text(&self) -> String {
        self.0.to_text()
    }
    fn moves(&self) -> Vec<String> {
        self.0.moves()
    }
    fn notation(&self, mv: &String) -> String {
        mv.clone()
    }
    fn after(&self, mv: &String) -> Self {
        let mut child = self.0.clone();
        child.play(mv);
        Variant(child)
    }
    fn ranks(&self) -> Option<Vec<u8>> {
        self.0.outcome.clone()
    }
}
