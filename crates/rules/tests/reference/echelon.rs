//! An independent, slow and deliberately plain Gentleman's Echelon reference, written from
//! `spec/echelon.md` and `spec/README.md` alone. It shares no code with the crate:
//!
//! * its own axial cells `(q, r)`, hex-hex board test and cell names (README §5.2);
//! * a `BTreeMap` from cell to its stack (a `Vec` of colours, bottom first) and a
//!   `BTreeSet` of dead cells;
//! * moves by stepping cell by cell along each direction, as the spec's pseudocode does;
//! * its own position-text reader and writer, outcome and perft.
//!
//! Moves come out as spec notation strings so they can be compared with the crate's.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};

use rand::Rng;

use super::Reference;

/// An axial cell `(q, r)`.
pub type Cell = (i32, i32);
/// A move `(from, to)`.
pub type RefMove = (Cell, Cell);

/// The six directions of README §5.3: NE, E, SE, SW, W, NW.
pub const DIRS: [Cell; 6] = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)];

/// Red and blue.
pub const RED: u8 = 0;
/// Blue.
pub const BLUE: u8 = 1;

/// The rule options, in spec names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub radius: i32,
    /// The start stacks' cells as names, red-topped first; `None` = (−1, 0) and (+1, 0).
    pub stack_cells: Option<(String, String)>,
    pub stack_height: usize,
    pub slide_to_end: bool,
    pub max_plies: Option<u32>,
}

impl Default for Rules {
    fn default() -> Self {
        Rules { radius: 4, stack_cells: None, stack_height: 6, slide_to_end: false, max_plies: None }
    }
}

impl Rules {
    /// Reads `key=value` tokens (spec option names; `players=2` is accepted).
    pub fn parse(column: &str) -> Result<Rules, String> {
        super::read_options(column, Rules::set)
    }

    fn set(&mut self, k: &str, v: &str) -> Result<(), String> {
        let token = format!("{k}={v}");
        match k {
            "players" if v == "2" => {}
            "ge.radius" => self.radius = v.parse().map_err(|_| format!("bad radius {v}"))?,
            "ge.stack_cells" => {
                let (a, b) = v.split_once(',').ok_or(format!("bad cells {v}"))?;
                self.stack_cells = Some((a.to_string(), b.to_string()));
            }
            "ge.stack_height" => self.stack_height = v.parse().map_err(|_| format!("bad height {v}"))?,
            "ge.slide_to_end" => self.slide_to_end = v == "true",
            "max_plies" => self.max_plies = Some(v.parse().map_err(|_| format!("bad max_plies {v}"))?),
            _ => return Err(format!("unknown option {token}")),
        }
        Ok(())
    }

    /// The options after the position text's fields, in the order the spec table lists them.
    fn text_suffix(&self) -> String {
        let mut s = String::new();
        if let Some((a, b)) = &self.stack_cells {
            s += &format!(" ge.stack_cells={a},{b}");
        }
        if self.stack_height != 6 {
            s += &format!(" ge.stack_height={}", self.stack_height);
        }
        if self.slide_to_end {
            s += " ge.slide_to_end=true";
        }
        if let Some(m) = self.max_plies {
            s += &format!(" max_plies={m}");
        }
        s
    }

    /// Is the cell on the board: `max(|q|, |r|, |s|) <= R`.
    pub fn on_board(&self, c: Cell) -> bool {
        let (q, r) = c;
        q.abs() <= self.radius && r.abs() <= self.radius && (q + r).abs() <= self.radius
    }

    /// Every cell, in position-text order: the top rank (r = −R) first, west to east.
    pub fn cells(&self) -> Vec<Cell> {
        let n = self.radius;
        let mut out = Vec::new();
        for r in -n..=n {
            for q in -n..=n {
                if self.on_board((q, r)) {
                    out.push((q, r));
                }
            }
        }
        out
    }

    /// The name of a cell: file `'a' + (q + R)`, rank `R + 1 - r`.
    pub fn name(&self, c: Cell) -> String {
        format!("{}{}", (b'a' + (c.0 + self.radius) as u8) as char, self.radius + 1 - c.1)
    }

    /// Reads a cell name of this board.
    pub fn parse_name(&self, text: &str) -> Option<Cell> {
        self.cells().into_iter().find(|&c| self.name(c) == text)
    }
}

/// A finished game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefOutcome {
    Winner(u8),
    Draw,
}

/// A position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pos {
    pub rules: Rules,
    /// Each occupied cell's stack, bottom first.
    pub stacks: BTreeMap<Cell, Vec<u8>>,
    pub dead: BTreeSet<Cell>,
    pub turn: u8,
    pub ply: u32,
}

impl Pos {
    /// Plays a move (assumed legal): pop the top of `from`, push it on `to`; an emptied hex dies.
    pub fn play(&mut self, m: RefMove) {
        let stack = self.stacks.get_mut(&m.0).expect("a stack on from");
        let c = stack.pop().expect("a counter");
        if stack.is_empty() {
            self.stacks.remove(&m.0);
            self.dead.insert(m.0);
        }
        self.stacks.entry(m.1).or_default().push(c);
        self.turn = 1 - self.turn;
        self.ply += 1;
    }

    /// The result: the side to move loses with no move; `max_plies` draws.
    pub fn outcome(&self) -> Option<RefOutcome> {
        let mut running = self.clone();
        running.rules.max_plies = None;
        if running.moves().is_empty() {
            return Some(RefOutcome::Winner(1 - self.turn));
        }
        if self.rules.max_plies.is_some_and(|m| self.ply >= m) {
            return Some(RefOutcome::Draw);
        }
        None
    }

    /// Counters of a colour anywhere.
    pub fn counters(&self, colour: u8) -> usize {
        self.stacks.values().flatten().filter(|&&c| c == colour).count()
    }

    /// `Σ (height − 1)`.
    pub fn excess(&self) -> usize {
        self.stacks.values().map(|s| s.len() - 1).sum()
    }

    /// A random move: with probability `stomp_bias` a stomp if there is one.
    pub fn pick(&self, moves: &[RefMove], rng: &mut impl Rng, stomp_bias: f64) -> RefMove {
        let stomps: Vec<RefMove> = moves.iter().copied().filter(|m| self.stacks.contains_key(&m.1)).collect();
        if !stomps.is_empty() && rng.random_bool(stomp_bias) {
            return stomps[rng.random_range(0..stomps.len())];
        }
        moves[rng.random_range(0..moves.len())]
    }
}

impl Reference for Pos {
    type Rules = Rules;
    type Move = RefMove;

    /// The start: two alternating stacks, red-topped first.
    fn start(rules: Rules) -> Pos {
        let (a, b) = match &rules.stack_cells {
            None => ((-1, 0), (1, 0)),
            Some((a, b)) => (rules.parse_name(a).expect("stack cell"), rules.parse_name(b).expect("stack cell")),
        };
        let h = rules.stack_height;
        let mut stacks = BTreeMap::new();
        // The top (index h-1) has the stack's colour; colours alternate downwards.
        let column = |top: u8| -> Vec<u8> {
            (0..h).map(|i| if (h - 1 - i).is_multiple_of(2) { top } else { 1 - top }).collect()
        };
        stacks.insert(a, column(RED));
        stacks.insert(b, column(BLUE));
        Pos { rules, stacks, dead: BTreeSet::new(), turn: RED, ply: 0 }
    }

    /// The legal moves of the side to move, following the spec's pseudocode (empty once the
    /// game is over).
    fn moves(&self) -> Vec<RefMove> {
        if self.rules.max_plies.is_some_and(|m| self.ply >= m) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (&h, stack) in &self.stacks {
            if *stack.last().expect("no empty stacks") != self.turn {
                continue;
            }
            let free = stack.len() == 1;
            for d in DIRS {
                let mut line = Vec::new();
                let mut x = h;
                loop {
                    x = (x.0 + d.0, x.1 + d.1);
                    if !self.rules.on_board(x) || self.dead.contains(&x) {
                        break;
                    }
                    if self.stacks.contains_key(&x) {
                        if free {
                            line.push((x, true));
                        }
                        break;
                    }
                    line.push((x, false));
                }
                if self.rules.slide_to_end {
                    // Only the stomp, or else the farthest empty hex.
                    if let Some(&(x, _)) = line.last() {
                        out.push((h, x));
                    }
                } else {
                    out.extend(line.into_iter().map(|(x, _)| (h, x)));
                }
            }
        }
        out
    }

    /// `from-to`.
    fn notation(&self, m: &RefMove) -> String {
        format!("{}-{}", self.rules.name(m.0), self.rules.name(m.1))
    }

    /// The position text (spec §6 state; the crate's documented syntax).
    fn to_text(&self) -> String {
        let n = self.rules.radius;
        let mut ranks = Vec::new();
        for r in -n..=n {
            let mut s = String::new();
            for q in -n..=n {
                let c = (q, r);
                if !self.rules.on_board(c) {
                    continue;
                }
                let letters = |st: &Vec<u8>| st.iter().map(|&k| if k == RED { 'r' } else { 'b' }).collect::<String>();
                match self.stacks.get(&c) {
                    Some(st) if st.len() == 1 => s += &letters(st),
                    Some(st) => s += &format!("[{}]", letters(st)),
                    None if self.dead.contains(&c) => s.push('x'),
                    None => s.push('.'),
                }
            }
            ranks.push(s);
        }
        format!(
            "echelon radius={n} turn={} ply={} board={}{}",
            self.turn,
            self.ply,
            ranks.join("/"),
            self.rules.text_suffix()
        )
    }

    /// Reads a canonical position text.
    fn from_text(text: &str) -> Result<Pos, String> {
        let mut it = text.split(' ');
        if it.next() != Some("echelon") {
            return Err("not echelon".into());
        }
        let field = |t: Option<&str>, k: &str| -> Result<String, String> {
            t.and_then(|t| t.strip_prefix(k)).map(str::to_string).ok_or(format!("missing {k}"))
        };
        let radius: i32 = field(it.next(), "radius=")?.parse().map_err(|_| "radius")?;
        let turn: u8 = field(it.next(), "turn=")?.parse().map_err(|_| "turn")?;
        let ply: u32 = field(it.next(), "ply=")?.parse().map_err(|_| "ply")?;
        let board = field(it.next(), "board=")?;
        let mut rules = Rules { radius, ..Rules::default() };
        for t in it {
            let (k, v) = t.split_once('=').ok_or(format!("bad option {t}"))?;
            rules.set(k, v)?;
        }
        let mut stacks = BTreeMap::new();
        let mut dead = BTreeSet::new();
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != (2 * radius + 1) as usize {
            return Err("ranks".into());
        }
        for (k, row) in rows.iter().enumerate() {
            let r = k as i32 - radius;
            let cells: Vec<Cell> = (-radius..=radius).map(|q| (q, r)).filter(|&c| rules.on_board(c)).collect();
            let mut tokens = Vec::new();
            let mut chars = row.chars();
            while let Some(ch) = chars.next() {
                if ch == '[' {
                    let mut inner = String::new();
                    loop {
                        match chars.next() {
                            Some(']') => break,
                            Some(x) => inner.push(x),
                            None => return Err("unclosed".into()),
                        }
                    }
                    tokens.push(inner);
                } else {
                    tokens.push(ch.to_string());
                }
            }
            if tokens.len() != cells.len() {
                return Err(format!("rank {row}"));
            }
            for (tok, c) in tokens.into_iter().zip(cells) {
                match tok.as_str() {
                    "." => {}
                    "x" => {
                        dead.insert(c);
                    }
                    s => {
                        let stack: Result<Vec<u8>, String> = s
                            .chars()
                            .map(|x| match x {
                                'r' => Ok(RED),
                                'b' => Ok(BLUE),
                                _ => Err(format!("bad {x}")),
                            })
                            .collect();
                        stacks.insert(c, stack?);
                    }
                }
            }
        }
        Ok(Pos { rules, stacks, dead, turn, ply })
    }

    fn rules(column: &str) -> Result<Rules, String> {
        Rules::parse(column)
    }

    fn after(&self, m: &RefMove) -> Pos {
        let mut child = self.clone();
        child.play(*m);
        child
    }

    fn rules_of(&self) -> &Rules {
        &self.rules
    }

    fn ranks(&self) -> Option<Vec<u8>> {
        self.outcome().map(|o| match o {
            RefOutcome::Winner(w) => (0..2).map(|s| if s == w { 1 } else { 2 }).collect(),
            RefOutcome::Draw => vec![1, 1],
        })
    }
}
