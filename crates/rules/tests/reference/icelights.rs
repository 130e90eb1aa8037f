//! A slow, obviously right Icelights reference written from `spec/icelights.md` alone:
//! the board is a map from `(x, y)` to pieces, turns follow the spec's pseudo-code
//! (resulting positions deduplicated in a hash set), and the beams follow the spec's
//! firing loop literally, with a set of seen `(square, direction)` pairs. It shares no
//! code with the crate.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet, HashSet};

use super::Reference;

/// A grid direction `(dx, dy)`.
pub type Dir = (i8, i8);
/// A square `(x, y)`, both 0..8.
pub type Sq = (i8, i8);

pub const N: Dir = (0, 1);
pub const E: Dir = (1, 0);
pub const S: Dir = (0, -1);
pub const W: Dir = (-1, 0);
pub const DIRS: [Dir; 4] = [N, E, S, W];

pub fn dir_letter(d: Dir) -> char {
    match d {
        N => 'N',
        E => 'E',
        S => 'S',
        W => 'W',
        _ => unreachable!("not a direction"),
    }
}

pub fn letter_dir(c: char) -> Option<Dir> {
    match c {
        'N' => Some(N),
        'E' => Some(E),
        'S' => Some(S),
        'W' => Some(W),
        _ => None,
    }
}

pub fn name(s: Sq) -> String {
    format!("{}{}", (b'a' + s.0 as u8) as char, s.1 + 1)
}

fn on_board(s: Sq) -> bool {
    (0..8).contains(&s.0) && (0..8).contains(&s.1)
}

fn add(s: Sq, d: Dir) -> Sq {
    (s.0 + d.0, s.1 + d.1)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Tower,
    Beamer,
    Icelight,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    pub seat: usize,
    pub kind: Kind,
    /// `None` for a Tower.
    pub facing: Option<Dir>,
}

impl Piece {
    fn range(&self) -> i8 {
        match self.kind {
            Kind::Tower => 1,
            Kind::Beamer => 2,
            Kind::Icelight => 3,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub move_optional: bool,
    pub pass_over: bool,
    pub max_plies: Option<u32>,
}

impl Rules {
    /// From a `key=value ...` column of the perft table.
    pub fn parse(column: &str) -> Rules {
        let mut r = Rules { move_optional: false, pass_over: false, max_plies: None };
        for token in column.split_whitespace() {
            let (k, v) = token.split_once('=').expect("key=value");
            match k {
                "il.move_optional" => r.move_optional = v == "true",
                "il.pass_over_pieces" => r.pass_over = v == "true",
                "max_plies" => r.max_plies = Some(v.parse().expect("a number")),
                _ => panic!("unknown option {k}"),
            }
        }
        r
    }

    fn text(&self) -> String {
        let mut s = String::new();
        if self.move_optional {
            s += " il.move_optional=true";
        }
        if self.pass_over {
            s += " il.pass_over_pieces=true";
        }
        if let Some(m) = self.max_plies {
            s += &format!(" max_plies={m}");
        }
        s
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Winner(usize),
    Draw,
}

impl Outcome {
    pub fn ranks(&self) -> Vec<u8> {
        match self {
            Outcome::Winner(0) => vec![1, 2],
            Outcome::Winner(_) => vec![2, 1],
            Outcome::Draw => vec![1, 1],
        }
    }
}

/// One turn: a step `(from, to)` and an orientation `(square after the step, facing)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    pub step: Option<(Sq, Sq)>,
    pub orient: Option<(Sq, Dir)>,
}

impl Turn {
    pub fn notation(&self) -> String {
        let step = self.step.map(|(a, b)| format!("{}-{}", name(a), name(b)));
        let orient = self.orient.map(|(s, d)| format!("{}={}", name(s), dir_letter(d)));
        match (step, orient) {
            (None, None) => "pass".into(),
            (Some(a), None) => a,
            (None, Some(b)) => b,
            (Some(a), Some(b)) => format!("{a},{b}"),
        }
    }
}

/// How a beam ended, in the words of the spec's loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    OffBoard,
    Beamer,
    Tower,
    Absorbed,
    Loop,
}

#[derive(Clone, Debug)]
pub struct Beam {
    pub beamer: Sq,
    /// Every `(square, direction)` added to `seen`, in order.
    pub path: Vec<(Sq, Dir)>,
    pub end: End,
}

#[derive(Clone, Debug)]
pub struct Fired {
    /// In the order of the Beamers' squares (y, then x).
    pub beams: Vec<Beam>,
    pub hits: BTreeSet<usize>,
}

pub type Board = BTreeMap<Sq, Piece>;

/// The spec's firing loop, literally.
pub fn fire(board: &Board) -> Fired {
    let mut beamers: Vec<Sq> = board.iter().filter(|(_, p)| p.kind == Kind::Beamer).map(|(s, _)| *s).collect();
    beamers.sort_by_key(|s| (s.1, s.0));
    let mut hits = BTreeSet::new();
    let mut beams = Vec::new();
    for b in beamers {
        let mut pos = b;
        let mut dir = board[&b].facing.expect("a Beamer has a facing");
        let mut seen: HashSet<(Sq, Dir)> = HashSet::new();
        let mut path = Vec::new();
        let end = loop {
            pos = add(pos, dir);
            if !on_board(pos) {
                break End::OffBoard;
            }
            if seen.contains(&(pos, dir)) {
                break End::Loop;
            }
            seen.insert((pos, dir));
            path.push((pos, dir));
            let Some(p) = board.get(&pos) else { continue };
            match p.kind {
                Kind::Beamer => break End::Beamer,
                Kind::Tower => {
                    hits.insert(p.seat);
                    break End::Tower;
                }
                Kind::Icelight => {
                    let f = p.facing.expect("an Icelight has a facing");
                    if dir == (-f.0, -f.1) {
                        break End::Absorbed;
                    }
                    dir = f;
                }
            }
        };
        beams.push(Beam { beamer: b, path, end });
    }
    Fired { beams, hits }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pos {
    pub rules: Rules,
    pub board: Board,
    pub turn: usize,
    pub ply: u32,
    pub passes: u32,
    pub outcome: Option<Outcome>,
}

impl Pos {
    fn judged(rules: Rules, board: Board, turn: usize, ply: u32, passes: u32) -> Pos {
        let hits = fire(&board).hits;
        let outcome = if hits.len() == 2 {
            Some(Outcome::Draw)
        } else if let Some(&s) = hits.iter().next() {
            Some(Outcome::Winner(1 - s))
        } else if passes >= 2 || rules.max_plies.is_some_and(|m| ply >= m) {
            Some(Outcome::Draw)
        } else {
            None
        };
        Pos { rules, board, turn, ply, passes, outcome }
    }

    /// The spec's `piece_moves`.
    pub fn piece_moves(&self) -> Vec<(Sq, Sq)> {
        let mut out = Vec::new();
        for (&sq, p) in &self.board {
            if p.seat != self.turn {
                continue;
            }
            for d in DIRS {
                let mut t = sq;
                for _ in 0..p.range() {
                    t = add(t, d);
                    if !on_board(t) {
                        break;
                    }
                    if self.board.contains_key(&t) {
                        if self.rules.pass_over {
                            continue;
                        }
                        break;
                    }
                    out.push((sq, t));
                }
            }
        }
        out
    }

    fn board_after(&self, t: &Turn) -> Board {
        let mut b = self.board.clone();
        if let Some((from, to)) = t.step {
            let p = b.remove(&from).expect("a piece to move");
            b.insert(to, p);
        }
        if let Some((sq, d)) = t.orient {
            b.get_mut(&sq).expect("a piece to turn").facing = Some(d);
        }
        b
    }
}

/// Parses a square name.
pub fn parse_name(s: &str) -> Option<Sq> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(((b[0] - b'a') as i8, (b[1] - b'1') as i8))
}

impl Reference for Pos {
    type Rules = Rules;
    type Move = Turn;

    fn start(rules: Rules) -> Pos {
        // Spec §3.
        let seat0 = [
            ((0, 0), Kind::Tower, None),
            ((1, 0), Kind::Beamer, Some(N)),
            ((0, 1), Kind::Beamer, Some(E)),
            ((3, 0), Kind::Icelight, Some(N)),
            ((2, 1), Kind::Icelight, Some(N)),
            ((1, 2), Kind::Icelight, Some(E)),
            ((0, 3), Kind::Icelight, Some(E)),
        ];
        let seat1 = [
            ((7, 7), Kind::Tower, None),
            ((6, 7), Kind::Beamer, Some(S)),
            ((7, 6), Kind::Beamer, Some(W)),
            ((4, 7), Kind::Icelight, Some(S)),
            ((5, 6), Kind::Icelight, Some(S)),
            ((6, 5), Kind::Icelight, Some(W)),
            ((7, 4), Kind::Icelight, Some(W)),
        ];
        let mut board = Board::new();
        for (seat, list) in [(0, seat0), (1, seat1)] {
            for (sq, kind, facing) in list {
                board.insert(sq, Piece { seat, kind, facing });
            }
        }
        Pos::judged(rules, board, 0, 0, 0)
    }

    /// The spec's `turns`, each resulting position once.
    fn moves(&self) -> Vec<Turn> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let moves = self.piece_moves();
        let mut starts: Vec<Option<(Sq, Sq)>> = moves.iter().copied().map(Some).collect();
        if self.rules.move_optional || moves.is_empty() {
            starts.push(None);
        }
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for step in starts {
            let moved = self.board_after(&Turn { step, orient: None });
            let mut options = vec![None];
            for (&sq, p) in &moved {
                if p.seat == self.turn && p.kind != Kind::Tower {
                    for d in DIRS {
                        if Some(d) != p.facing {
                            options.push(Some((sq, d)));
                        }
                    }
                }
            }
            for orient in options {
                let t = Turn { step, orient };
                if seen.insert(self.board_after(&t)) {
                    out.push(t);
                }
            }
        }
        out
    }

    fn after(&self, t: &Turn) -> Pos {
        let passes = if t.step.is_none() && t.orient.is_none() { self.passes + 1 } else { 0 };
        Pos::judged(self.rules.clone(), self.board_after(t), 1 - self.turn, self.ply + 1, passes)
    }

    fn to_text(&self) -> String {
        let mut ranks = Vec::new();
        for y in (0..8).rev() {
            let mut r = String::new();
            let mut gap = 0;
            for x in 0..8 {
                match self.board.get(&(x, y)) {
                    None => gap += 1,
                    Some(p) => {
                        if gap > 0 {
                            r += &gap.to_string();
                            gap = 0;
                        }
                        let c = match p.kind {
                            Kind::Tower => 'T',
                            Kind::Beamer => 'B',
                            Kind::Icelight => 'I',
                        };
                        r.push(if p.seat == 0 { c } else { c.to_ascii_lowercase() });
                        if let Some(f) = p.facing {
                            r.push(dir_letter(f));
                        }
                    }
                }
            }
            if gap > 0 {
                r += &gap.to_string();
            }
            ranks.push(r);
        }
        format!(
            "icelights turn={} ply={} passes={} board={}{}",
            self.turn,
            self.ply,
            self.passes,
            ranks.join("/"),
            self.rules.text()
        )
    }

    /// Reads the texts this reference writes (and the crate's, which are the same).
    fn from_text(text: &str) -> Result<Pos, String> {
        let mut fields = BTreeMap::new();
        let mut options = Vec::new();
        let mut words = text.split_whitespace();
        if words.next() != Some("icelights") {
            return Err("not icelights".into());
        }
        for w in words {
            let (k, v) = w.split_once('=').ok_or(format!("bad field {w}"))?;
            if k.starts_with("il.") || k == "max_plies" {
                options.push(w);
            } else {
                fields.insert(k, v);
            }
        }
        let num = |k: &str| -> Result<u32, String> {
            fields.get(k).ok_or(format!("no {k}"))?.parse::<u32>().map_err(|e| e.to_string())
        };
        let rules = Rules::parse(&options.join(" "));
        let mut board = Board::new();
        let ranks: Vec<&str> = fields.get("board").ok_or("no board")?.split('/').collect();
        if ranks.len() != 8 {
            return Err("8 ranks".into());
        }
        for (i, rank) in ranks.iter().enumerate() {
            let y = 7 - i as i8;
            let mut x = 0i8;
            let mut chars = rank.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(n) = c.to_digit(10) {
                    x += n as i8;
                    continue;
                }
                let seat = if c.is_ascii_uppercase() { 0 } else { 1 };
                let kind = match c.to_ascii_uppercase() {
                    'T' => Kind::Tower,
                    'B' => Kind::Beamer,
                    'I' => Kind::Icelight,
                    _ => return Err(format!("bad piece {c}")),
                };
                let facing =
                    if kind == Kind::Tower { None } else { Some(chars.next().and_then(letter_dir).ok_or("facing")?) };
                board.insert((x, y), Piece { seat, kind, facing });
                x += 1;
            }
            if x != 8 {
                return Err(format!("rank {rank} has {x} squares"));
            }
        }
        Ok(Pos::judged(rules, board, num("turn")? as usize, num("ply")?, num("passes")?))
    }

    fn rules(column: &str) -> Result<Rules, String> {
        Ok(Rules::parse(column))
    }

    fn notation(&self, t: &Turn) -> String {
        t.notation()
    }

    fn rules_of(&self) -> &Rules {
        &self.rules
    }

    fn ranks(&self) -> Option<Vec<u8>> {
        self.outcome.map(|o| o.ranks())
    }
}
