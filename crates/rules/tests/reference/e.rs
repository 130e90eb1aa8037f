//! An independent, slow and deliberately plain reference for E (Martian Chinese Checkers with
//! Icehouse pyramids), written from `spec/e.md`, `spec/README.md` and the E contract
//! (`E-CONTRACT.md`: position text, notation, the readings where the spec is silent) alone.
//! It shares no code with the crate:
//!
//! * its own axial cells `(q, r)` on the radius-6 hex-hex board and cell names (README §5.2);
//! * rays, sectors and rings from the formulas of spec §1, homes and goals from them;
//! * a `BTreeMap` from cell to its stack, a `Vec` of `(seat, size)` pieces, bottom first;
//! * movements by the depth-first search of spec §4.1, written out literally (visited set,
//!   steps and jumps, `can_land` at every landing), deduplicated by notation;
//! * guard exchanges after a movement and stand-alone ones (spec §4.2 and the contract) by
//!   trying every pair of pieces;
//! * its own position-text reader and writer, notation, outcome and perft.
//!
//! Moves come out as spec notation strings so they can be compared with the crate's.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use rand::Rng;

use super::Reference;

/// An axial cell `(q, r)`; `s = -q - r`.
pub type Cell = (i32, i32);
/// A piece: `(seat, size)` with size 1 = small, 2 = medium, 3 = large.
pub type Piece = (u8, u8);
/// A piece's place: its cell and its height in the stack (1 = bottom).
pub type Slot = (Cell, usize);

/// The board radius.
pub const RADIUS: i32 = 6;

/// The six directions D0..D5 of spec §1, clockwise: NE, E, SE, SW, W, NW (README §5.3).
pub const DIRS: [Cell; 6] = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)];

/// The centre g7.
pub const CENTRE: Cell = (0, 0);

fn add(a: Cell, b: Cell) -> Cell {
    (a.0 + b.0, a.1 + b.1)
}

fn times(k: i32, d: Cell) -> Cell {
    (k * d.0, k * d.1)
}

/// Is the cell on the board: `max(|q|, |r|, |s|) <= 6`.
pub fn on_board(c: Cell) -> bool {
    let (q, r) = c;
    q.abs() <= RADIUS && r.abs() <= RADIUS && (q + r).abs() <= RADIUS
}

/// `max(|q|, |r|, |s|)`.
pub fn ring(c: Cell) -> i32 {
    c.0.abs().max(c.1.abs()).max((c.0 + c.1).abs())
}

/// Every cell in position-text order: rank 13 (r = -6) first, each rank west to east.
pub fn cells() -> Vec<Cell> {
    let mut out = Vec::new();
    for r in -RADIUS..=RADIUS {
        for q in -RADIUS..=RADIUS {
            if on_board((q, r)) {
                out.push((q, r));
            }
        }
    }
    out
}

/// The cell's name: file `'a' + (q + 6)`, rank `7 - r`.
pub fn name(c: Cell) -> String {
    format!("{}{}", (b'a' + (c.0 + RADIUS) as u8) as char, RADIUS + 1 - c.1)
}

/// Reads a cell name (canonical spelling only).
pub fn parse_name(text: &str) -> Option<Cell> {
    cells().into_iter().find(|&c| name(c) == text)
}

/// `ray k = { i·Dk : i = 1..6 }`.
pub fn ray(k: usize) -> Vec<Cell> {
    (1..=RADIUS).map(|i| times(i, DIRS[k])).collect()
}

/// `sector k = { i·Dk + j·D(k+1) : i, j >= 1, i + j <= 6 }`, each cell with its `(i, j)`.
pub fn sector(k: usize) -> Vec<(Cell, (i32, i32))> {
    let mut out = Vec::new();
    for i in 1..RADIUS {
        for j in 1..RADIUS {
            if i + j <= RADIUS {
                out.push((add(times(i, DIRS[k]), times(j, DIRS[(k + 1) % 6])), (i, j)));
            }
        }
    }
    out
}

/// `Home(k) = sector k ∪ ray k ∪ ray (k+1) ∪ {g7}`, for each home sector k (built once).
fn homes() -> &'static [BTreeSet<Cell>; 6] {
    static HOMES: OnceLock<[BTreeSet<Cell>; 6]> = OnceLock::new();
    HOMES.get_or_init(|| {
        std::array::from_fn(|k| {
            let mut set: BTreeSet<Cell> = sector(k).into_iter().map(|(c, _)| c).collect();
            set.extend(ray(k));
            set.extend(ray((k + 1) % 6));
            set.insert(CENTRE);
            set
        })
    })
}

/// Where the ring-4 medium goes (spec §8 `e.ring4_medium`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ring4 {
    /// `i = 2, j = 2`.
    Middle,
    /// Next to ray k+1: `i = 1, j = 3`.
    Clockwise,
    /// Next to ray k: `i = 3, j = 1`.
    Counterclockwise,
}

/// `e.standalone_exchange`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standalone {
    Any,
    PreviousMoveOnly,
    Off,
}

/// The size the opening puts on the sector cell `(i, j)` (spec §2): ring 6 large, ring 5
/// medium, ring 4 small-medium-small (the medium placed by `ring4`), rings 3 and 2 small.
pub fn opening_size(ij: (i32, i32), ring4: Ring4) -> u8 {
    let (i, j) = ij;
    match i + j {
        6 => 3,
        5 => 2,
        4 => {
            let medium = match ring4 {
                Ring4::Middle => (2, 2),
                Ring4::Clockwise => (1, 3),
                Ring4::Counterclockwise => (3, 1),
            };
            if (i, j) == medium { 2 } else { 1 }
        }
        _ => 1,
    }
}

/// The size letter.
fn size_letter(size: u8) -> char {
    ['s', 'm', 'l'][size as usize - 1]
}

/// The player count and the options of the contract, in its order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub players: usize,
    pub straight_line_only: bool,
    pub jump_cost: u32,
    pub equal_size_covers: bool,
    pub stack_limit: Option<usize>,
    pub standalone_exchange: Standalone,
    pub ge1_no_new_traps: bool,
    pub ge2_must_unstack: bool,
    pub goal_requires_untouchable: bool,
    pub goal_start_pattern: bool,
    pub ring4_medium: Ring4,
    pub three_adjacent: bool,
    /// `e.seats_4p=0235`.
    pub seats_4p_0235: bool,
    pub max_plies: Option<u32>,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            players: 2,
            straight_line_only: false,
            jump_cost: 2,
            equal_size_covers: false,
            stack_limit: None,
            standalone_exchange: Standalone::Any,
            ge1_no_new_traps: false,
            ge2_must_unstack: false,
            goal_requires_untouchable: false,
            goal_start_pattern: false,
            ring4_medium: Ring4::Middle,
            three_adjacent: false,
            seats_4p_0235: false,
            max_plies: None,
        }
    }
}

fn parse_bool(v: &str) -> Result<bool, String> {
    match v {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("bad bool {v}")),
    }
}

impl Rules {
    /// Reads `players=N` and `key=value` options in contract names (any order).
    pub fn parse(column: &str) -> Result<Rules, String> {
        super::read_options(column, Rules::set)
    }

    fn set(&mut self, k: &str, v: &str) -> Result<(), String> {
        let token = format!("{k}={v}");
        let bad = || format!("bad option {token}");
        match k {
            "players" => {
                let n: usize = v.parse().map_err(|_| bad())?;
                if !(2..=6).contains(&n) {
                    return Err(bad());
                }
                self.players = n;
            }
            "e.straight_line_only" => self.straight_line_only = parse_bool(v)?,
            "e.jump_cost" => {
                self.jump_cost = match v {
                    "1" => 1,
                    "2" => 2,
                    _ => return Err(bad()),
                }
            }
            "e.equal_size_covers" => self.equal_size_covers = parse_bool(v)?,
            "e.stack_limit" => {
                self.stack_limit = match v {
                    "none" => None,
                    _ => {
                        let k: usize = v.parse().map_err(|_| bad())?;
                        if !(1..=90).contains(&k) {
                            return Err(bad());
                        }
                        Some(k)
                    }
                }
            }
            "e.standalone_exchange" => {
                self.standalone_exchange = match v {
                    "any" => Standalone::Any,
                    "previous_move_only" => Standalone::PreviousMoveOnly,
                    "off" => Standalone::Off,
                    _ => return Err(bad()),
                }
            }
            "e.ge1_no_new_traps" => self.ge1_no_new_traps = parse_bool(v)?,
            "e.ge2_must_unstack" => self.ge2_must_unstack = parse_bool(v)?,
            "e.goal_requires_untouchable" => self.goal_requires_untouchable = parse_bool(v)?,
            "e.goal_start_pattern" => self.goal_start_pattern = parse_bool(v)?,
            "e.ring4_medium" => {
                self.ring4_medium = match v {
                    "middle" => Ring4::Middle,
                    "clockwise" => Ring4::Clockwise,
                    "counterclockwise" => Ring4::Counterclockwise,
                    _ => return Err(bad()),
                }
            }
            "e.three_adjacent" => self.three_adjacent = parse_bool(v)?,
            "e.seats_4p" => {
                self.seats_4p_0235 = match v {
                    "0134" => false,
                    "0235" => true,
                    _ => return Err(bad()),
                }
            }
            "max_plies" => {
                self.max_plies = match v {
                    "none" => None,
                    _ => Some(v.parse().map_err(|_| bad())?),
                }
            }
            _ => return Err(format!("unknown option {token}")),
        }
        Ok(())
    }

    /// The options that differ from the defaults, `key=value`, in the contract's order.
    pub fn non_default(&self) -> Vec<String> {
        let d = Rules::default();
        let mut out = Vec::new();
        if self.straight_line_only != d.straight_line_only {
            out.push(format!("e.straight_line_only={}", self.straight_line_only));
        }
        if self.jump_cost != d.jump_cost {
            out.push(format!("e.jump_cost={}", self.jump_cost));
        }
        if self.equal_size_covers != d.equal_size_covers {
            out.push(format!("e.equal_size_covers={}", self.equal_size_covers));
        }
        if let Some(k) = self.stack_limit {
            out.push(format!("e.stack_limit={k}"));
        }
        match self.standalone_exchange {
            Standalone::Any => {}
            Standalone::PreviousMoveOnly => out.push("e.standalone_exchange=previous_move_only".into()),
            Standalone::Off => out.push("e.standalone_exchange=off".into()),
        }
        if self.ge1_no_new_traps {
            out.push("e.ge1_no_new_traps=true".into());
        }
        if self.ge2_must_unstack {
            out.push("e.ge2_must_unstack=true".into());
        }
        if self.goal_requires_untouchable {
            out.push("e.goal_requires_untouchable=true".into());
        }
        if self.goal_start_pattern {
            out.push("e.goal_start_pattern=true".into());
        }
        match self.ring4_medium {
            Ring4::Middle => {}
            Ring4::Clockwise => out.push("e.ring4_medium=clockwise".into()),
            Ring4::Counterclockwise => out.push("e.ring4_medium=counterclockwise".into()),
        }
        if self.three_adjacent {
            out.push("e.three_adjacent=true".into());
        }
        if self.seats_4p_0235 {
            out.push("e.seats_4p=0235".into());
        }
        if let Some(m) = self.max_plies {
            out.push(format!("max_plies={m}"));
        }
        out
    }

    /// The home sector of each seat (spec §2 table).
    pub fn sectors(&self) -> Vec<usize> {
        match self.players {
            2 => vec![0, 3],
            3 if self.three_adjacent => vec![0, 1, 2],
            3 => vec![0, 2, 4],
            4 if self.seats_4p_0235 => vec![0, 2, 3, 5],
            4 => vec![0, 1, 3, 4],
            5 => vec![0, 1, 2, 3, 4],
            6 => vec![0, 1, 2, 3, 4, 5],
            n => panic!("{n} players"),
        }
    }

    /// Does `upper` (lying above `lower`) cover it: larger, or as large with
    /// `e.equal_size_covers`.
    pub fn covers(&self, upper: Piece, lower: Piece) -> bool {
        if self.equal_size_covers { upper.1 >= lower.1 } else { upper.1 > lower.1 }
    }
}

/// A move as the reference represents it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum RefMove {
    /// A movement of the piece at `from` height `h` (with the unit above it) to `to`, with
    /// an optional exchange of two slots read after the movement (mover's guard first).
    Movement { from: Cell, h: usize, to: Cell, exchange: Option<(Slot, Slot)> },
    /// A stand-alone exchange (mover's guard first).
    Exchange(Slot, Slot),
    /// No movement and no exchange exist.
    Pass,
}

/// A position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pos {
    pub rules: Rules,
    /// Each occupied cell's stack, bottom first.
    pub stacks: BTreeMap<Cell, Vec<Piece>>,
    pub turn: u8,
    pub ply: u32,
    pub passes: u32,
    /// With `previous_move_only`: where the previous turn's movement put its moved piece.
    pub prev: Option<Slot>,
    /// With `prev`: the exchange that ended that turn, as that turn wrote it (slots after
    /// the movement, its own guard first).
    pub prev_exchange: Option<(Slot, Slot)>,
}

fn slot_name(s: Slot) -> String {
    format!("{}/{}", name(s.0), s.1)
}

impl Pos {
    /// The stack of a cell (empty if none).
    pub fn stack(&self, c: Cell) -> &[Piece] {
        self.stacks.get(&c).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The piece at a slot.
    pub fn piece(&self, s: Slot) -> Option<Piece> {
        self.stack(s.0).get(s.1.wrapping_sub(1)).copied()
    }

    /// The home sector of a seat.
    pub fn sector_of(&self, seat: u8) -> usize {
        self.rules.sectors()[seat as usize]
    }

    /// Is `t` in the home of `seat`?
    pub fn in_home(&self, seat: u8, t: Cell) -> bool {
        homes()[self.sector_of(seat)].contains(&t)
    }

    /// The cells of Goal(seat) = sector (home + 3), each with its `(i, j)`.
    pub fn goal(&self, seat: u8) -> Vec<(Cell, (i32, i32))> {
        sector((self.sector_of(seat) + 3) % 6)
    }

    /// `covered(p)` for the piece at index `i` of `stack`: some piece above covers it.
    pub fn covered(&self, stack: &[Piece], i: usize) -> bool {
        stack[i + 1..].iter().any(|&up| self.rules.covers(up, stack[i]))
    }

    /// `foreign_trapped(p)`: some piece above of another seat covers it.
    pub fn foreign_trapped(&self, stack: &[Piece], i: usize) -> bool {
        stack[i + 1..].iter().any(|&up| up.0 != stack[i].0 && self.rules.covers(up, stack[i]))
    }

    /// Does the piece at index `g` foreign-trap some piece of `seat` below it?
    pub fn traps_seat(&self, stack: &[Piece], g: usize, seat: u8, below: usize) -> bool {
        stack[g].0 != seat && stack[..below].iter().any(|&p| p.0 == seat && self.rules.covers(stack[g], p))
    }

    /// Home-safe at `t`: no piece lying in its own home is foreign-trapped.
    pub fn home_safe(&self, stack: &[Piece], t: Cell) -> bool {
        (0..stack.len()).all(|i| !self.in_home(stack[i].0, t) || !self.foreign_trapped(stack, i))
    }

    /// Every slot that holds a piece, with it.
    pub fn slots(&self) -> Vec<(Slot, Piece)> {
        let mut out = Vec::new();
        for (&c, stack) in &self.stacks {
            for (i, &p) in stack.iter().enumerate() {
                out.push(((c, i + 1), p));
            }
        }
        out
    }

    /// The number of pieces of each size a seat has on the board.
    pub fn counts(&self, seat: u8) -> [usize; 3] {
        let mut n = [0; 3];
        for p in self.stacks.values().flatten() {
            if p.0 == seat {
                n[p.1 as usize - 1] += 1;
            }
        }
        n
    }

    /// The seat that made the last turn.
    pub fn mover(&self) -> u8 {
        ((self.turn as usize + self.rules.players - 1) % self.rules.players) as u8
    }

    // ---- movement (spec §4.1) ----

    /// `can_land(t)` for the unit `unit` of seat `me`.
    fn can_land(&self, t: Cell, unit: &[Piece], me: u8) -> bool {
        let st = self.stack(t);
        if st.last().is_some_and(|top| top.0 == me) {
            return false;
        }
        let mut joined = st.to_vec();
        joined.extend_from_slice(unit);
        if !self.home_safe(&joined, t) {
            return false;
        }
        self.rules.stack_limit.is_none_or(|k| st.len() + unit.len() <= k)
    }

    /// Every path (the list of landing cells, the origin first) of the piece at `c`, height
    /// `h`, as the depth-first search of spec §4.1 finds them; `emit` sees each.
    pub fn paths(&self, c: Cell, h: usize, emit: &mut dyn FnMut(&[Cell])) {
        let stack = self.stack(c);
        let me = stack[h - 1].0;
        let unit = &stack[h - 1..];
        let n = stack[h - 1].1 as u32;
        let base_empty = h == 1;
        let occupied_now = |x: Cell| if x == c { !base_empty } else { !self.stack(x).is_empty() };
        let mut path = vec![c];
        self.dfs(&mut path, 0, n, None, unit, me, &occupied_now, emit);
    }

    #[allow(clippy::too_many_arguments)]
    fn dfs(
        &self,
        path: &mut Vec<Cell>,
        used: u32,
        n: u32,
        last: Option<usize>,
        unit: &[Piece],
        me: u8,
        occupied_now: &dyn Fn(Cell) -> bool,
        emit: &mut dyn FnMut(&[Cell]),
    ) {
        if used == n {
            emit(path);
            return;
        }
        let pos = *path.last().expect("the origin");
        for (d, &dir) in DIRS.iter().enumerate() {
            if self.rules.straight_line_only && last.is_some_and(|l| l != d) {
                continue;
            }
            // A step.
            let t = add(pos, dir);
            if on_board(t) && !path.contains(&t) && self.can_land(t, unit, me) {
                path.push(t);
                self.dfs(path, used + 1, n, Some(d), unit, me, occupied_now, emit);
                path.pop();
            }
            // A jump over an occupied cell.
            if used + self.rules.jump_cost <= n {
                let m = add(pos, dir);
                let t = add(m, dir);
                if on_board(t) && occupied_now(m) && !path.contains(&t) && self.can_land(t, unit, me) {
                    path.push(t);
                    self.dfs(path, used + self.rules.jump_cost, n, Some(d), unit, me, occupied_now, emit);
                    path.pop();
                }
            }
        }
    }

    /// The movements of seat `me`: `(origin, height of X, final cell)`, deduplicated.
    pub fn movements(&self, me: u8) -> BTreeSet<(Cell, usize, Cell)> {
        let mut out = BTreeSet::new();
        for (&c, stack) in &self.stacks {
            for (i, x) in stack.iter().enumerate() {
                if x.0 != me || self.covered(stack, i) {
                    continue;
                }
                self.paths(c, i + 1, &mut |p: &[Cell]| {
                    out.insert((c, i + 1, *p.last().expect("a path")));
                });
            }
        }
        out
    }

    /// One path of the movement `(c, h) → to`, if it is one.
    pub fn path_of(&self, c: Cell, h: usize, to: Cell) -> Option<Vec<Cell>> {
        let mut found = None;
        self.paths(c, h, &mut |p: &[Cell]| {
            if found.is_none() && p.last() == Some(&to) {
                found = Some(p.to_vec());
            }
        });
        found
    }

    /// The cost of a path: 1 per step, `e.jump_cost` per jump (a segment of two cells in
    /// one direction); `None` if a segment is neither.
    pub fn path_cost(&self, path: &[Cell]) -> Option<u32> {
        let mut cost = 0;
        for w in path.windows(2) {
            let delta = (w[1].0 - w[0].0, w[1].1 - w[0].1);
            if DIRS.contains(&delta) {
                cost += 1;
            } else if DIRS.iter().any(|&d| times(2, d) == delta) {
                cost += self.rules.jump_cost;
            } else {
                return None;
            }
        }
        Some(cost)
    }

    /// The position after lifting the unit at `(c, h)` and putting it on `to` (no turn change).
    pub fn moved(&self, c: Cell, h: usize, to: Cell) -> Pos {
        let mut p = self.clone();
        let origin = p.stacks.get_mut(&c).expect("a stack");
        let unit = origin.split_off(h - 1);
        if origin.is_empty() {
            p.stacks.remove(&c);
        }
        p.stacks.entry(to).or_default().extend(unit);
        p
    }

    // ---- guard exchange (spec §4.2, contract) ----

    /// The position with the pieces of two slots swapped.
    pub fn swapped(&self, a: Slot, b: Slot) -> Pos {
        let mut p = self.clone();
        let pa = self.piece(a).expect("a piece");
        let pb = self.piece(b).expect("a piece");
        p.stacks.get_mut(&a.0).expect("a stack")[a.1 - 1] = pb;
        p.stacks.get_mut(&b.0).expect("a stack")[b.1 - 1] = pa;
        p
    }

    /// Is the slot's piece foreign-trapped?
    fn slot_trapped(&self, s: Slot) -> bool {
        self.foreign_trapped(self.stack(s.0), s.1 - 1)
    }

    /// `exchange_ok(P, Ga, Gb)`: both touched stacks home-safe after the swap; with
    /// `e.ge1_no_new_traps` no piece foreign-trapped after it that was not before (pieces
    /// followed through the swap: Ga's piece now at Gb's slot and vice versa).
    pub fn exchange_ok(&self, a: Slot, b: Slot) -> bool {
        let q = self.swapped(a, b);
        if !q.home_safe(q.stack(a.0), a.0) || !q.home_safe(q.stack(b.0), b.0) {
            return false;
        }
        if self.rules.ge1_no_new_traps {
            for (s, _) in q.slots() {
                let before = if s == a {
                    b
                } else if s == b {
                    a
                } else {
                    s
                };
                if q.slot_trapped(s) && !self.slot_trapped(before) {
                    return false;
                }
            }
        }
        true
    }

    /// Does the piece at `ga` (seat A) foreign-trap a piece of seat `b` lying below height
    /// `below` in its stack?
    fn guard_traps(&self, ga: Slot, seat: u8, below: usize) -> bool {
        self.traps_seat(self.stack(ga.0), ga.1 - 1, seat, below - 1)
    }

    /// The guards Gb of seats other than `me` that foreign-trap a piece of `me`, each with
    /// its seat.
    fn guards_against(&self, me: u8) -> Vec<(Slot, u8)> {
        self.slots()
            .into_iter()
            .filter(|&(s, p)| p.0 != me && self.guard_traps(s, me, s.1))
            .map(|(s, p)| (s, p.0))
            .collect()
    }

    /// The exchanges after a movement (this position is P, after it): Ga of `me` in the
    /// unit at `dest` from height `b` up, trapping a piece of Gb's seat below `b`.
    pub fn exchanges_after(&self, me: u8, dest: Cell, b: usize) -> Vec<(Slot, Slot)> {
        let mut out = Vec::new();
        let n = self.stack(dest).len();
        for ha in b..=n {
            let ga = (dest, ha);
            if self.piece(ga).expect("a piece").0 != me {
                continue;
            }
            for (gb, seat_b) in self.guards_against(me) {
                if self.guard_traps(ga, seat_b, b) && self.exchange_ok(ga, gb) {
                    out.push((ga, gb));
                }
            }
        }
        out
    }

    /// The stand-alone exchanges of `me` under `e.standalone_exchange`.
    pub fn standalone_exchanges(&self, me: u8) -> Vec<(Slot, Slot)> {
        match self.rules.standalone_exchange {
            Standalone::Off => Vec::new(),
            Standalone::Any => self.any_pairs(me),
            Standalone::PreviousMoveOnly => self.previous_move_pairs(me),
        }
    }

    /// Every pair (Ga of `me`, Gb) of the position whose exchange is legal.
    fn any_pairs(&self, me: u8) -> Vec<(Slot, Slot)> {
        let mut out = Vec::new();
        for (ga, pa) in self.slots() {
            if pa.0 != me {
                continue;
            }
            for (gb, seat_b) in self.guards_against(me) {
                if self.guard_traps(ga, seat_b, ga.1) && self.exchange_ok(ga, gb) {
                    out.push((ga, gb));
                }
            }
        }
        out
    }

    /// `previous_move_only` (spec §4.2): the pairs the previous turn's movement made, read in
    /// the position right after it (its exchange, if any, undone): P of the previous mover
    /// in the unit it brought, trapping a piece of `me` below that unit, and Q of `me`
    /// trapping a piece of P's seat. Each is followed through that exchange to the slot its
    /// piece holds now, where (Q, P) must still be a pair and its exchange legal.
    fn previous_move_pairs(&self, me: u8) -> Vec<(Slot, Slot)> {
        let Some((pc, ph)) = self.prev else {
            return Vec::new();
        };
        let last = self.mover();
        let (moved, swap) = match self.prev_exchange {
            None => (self.clone(), None),
            Some((x, y)) => (self.swapped(x, y), Some((x, y))),
        };
        let now = |s: Slot| match swap {
            Some((x, y)) if s == x => y,
            Some((x, y)) if s == y => x,
            _ => s,
        };
        let mut out = Vec::new();
        for (p, piece_p) in moved.slots() {
            if piece_p.0 != last || p.0 != pc || p.1 < ph || !moved.guard_traps(p, me, ph) {
                continue;
            }
            for (q, piece_q) in moved.slots() {
                if piece_q.0 != me || !moved.guard_traps(q, last, q.1) {
                    continue;
                }
                let (q, p) = (now(q), now(p));
                if self.guard_traps(q, last, q.1) && self.guard_traps(p, me, p.1) && self.exchange_ok(q, p) {
                    out.push((q, p));
                }
            }
        }
        out
    }

    /// The legal moves of the side to move before the end test (spec §4.2 `actions`).
    fn actions(&self) -> Vec<RefMove> {
        let me = self.turn;
        let mut movements: Vec<(Cell, usize, Cell)> = self.movements(me).into_iter().collect();
        let mut standalone = self.rules.standalone_exchange != Standalone::Off;
        if self.rules.ge2_must_unstack {
            // Movements whose X sits directly on a piece of the mover's own seat.
            let unstack: Vec<(Cell, usize, Cell)> =
                movements.iter().copied().filter(|&(c, h, _)| h >= 2 && self.stack(c)[h - 2].0 == me).collect();
            if !unstack.is_empty() {
                movements = unstack;
                standalone = false;
            }
        }
        let mut out = BTreeSet::new();
        for (c, h, to) in movements {
            out.insert(RefMove::Movement { from: c, h, to, exchange: None });
            let b = self.stack(to).len() + 1;
            let p = self.moved(c, h, to);
            for ex in p.exchanges_after(me, to, b) {
                out.insert(RefMove::Movement { from: c, h, to, exchange: Some(ex) });
            }
        }
        if standalone {
            for ex in self.standalone_exchanges(me) {
                out.insert(RefMove::Exchange(ex.0, ex.1));
            }
        }
        if out.is_empty() {
            out.insert(RefMove::Pass);
        }
        out.into_iter().collect()
    }

    /// Plays a legal move.
    pub fn play(&mut self, m: &RefMove) {
        let (mut prev, mut prev_exchange) = (None, None);
        match *m {
            RefMove::Movement { from, h, to, exchange } => {
                let b = self.stack(to).len() + 1;
                let mut p = self.moved(from, h, to);
                if let Some((a, g)) = exchange {
                    p = p.swapped(a, g);
                }
                self.stacks = p.stacks;
                prev = Some((to, b));
                prev_exchange = exchange;
                self.passes = 0;
            }
            RefMove::Exchange(a, g) => {
                self.stacks = self.swapped(a, g).stacks;
                self.passes = 0;
            }
            RefMove::Pass => self.passes += 1,
        }
        let kept = self.rules.standalone_exchange == Standalone::PreviousMoveOnly;
        self.prev = if kept { prev } else { None };
        self.prev_exchange = if kept { prev_exchange } else { None };
        self.turn = ((self.turn as usize + 1) % self.rules.players) as u8;
        self.ply += 1;
    }

    // ---- end of game (spec §6, contract) ----

    /// Has `seat` met the goal test?
    pub fn goal_met(&self, seat: u8) -> bool {
        self.goal(seat).into_iter().all(|(c, ij)| {
            let stack = self.stack(c);
            let mine: Vec<usize> = (0..stack.len()).filter(|&i| stack[i].0 == seat).collect();
            if mine.len() != 1 {
                return false;
            }
            let i = mine[0];
            if self.rules.goal_requires_untouchable && self.covered(stack, i) {
                return false;
            }
            !self.rules.goal_start_pattern || stack[i].1 == opening_size(ij, self.rules.ring4_medium)
        })
    }

    /// The ranks once the game is over: a winner (rank 1, others 2) or a draw among all.
    pub fn outcome(&self) -> Option<Vec<u8>> {
        if self.ply == 0 {
            return None;
        }
        let n = self.rules.players;
        let mover = self.mover() as usize;
        // The mover first, then the seats after it in turn order.
        if let Some(w) = (0..n).map(|k| (mover + k) % n).find(|&s| self.goal_met(s as u8)) {
            return Some((0..n).map(|s| if s == w { 1 } else { 2 }).collect());
        }
        if self.passes as usize == n || self.rules.max_plies.is_some_and(|m| self.ply >= m) {
            return Some(vec![1; n]);
        }
        None
    }

    /// Checks the board: seats, 5 pieces of each size per seat, every stack home-safe.
    fn validate(&self) -> Result<(), String> {
        let n = self.rules.players;
        if self.turn as usize >= n || self.passes as usize > n || self.passes > self.ply {
            return Err("turn or passes".into());
        }
        for p in self.stacks.values().flatten() {
            if p.0 as usize >= n {
                return Err(format!("seat {} of {n}", p.0));
            }
        }
        for seat in 0..n as u8 {
            if self.counts(seat) != [5, 5, 5] {
                return Err(format!("seat {seat} has {:?} pieces", self.counts(seat)));
            }
        }
        for (&c, stack) in &self.stacks {
            if !self.home_safe(stack, c) {
                return Err(format!("a piece trapped in its own home at {}", name(c)));
            }
        }
        if self
            .prev
            .is_some_and(|s| self.rules.standalone_exchange != Standalone::PreviousMoveOnly || self.piece(s).is_none())
        {
            return Err("bad prev".into());
        }
        if let Some((a, b)) = self.prev_exchange {
            // The previous mover's guard came from the unit at `prev` and now lies at `b`;
            // the other seat's guard it took lies at `a`.
            let last = self.mover();
            let unit = self.prev.is_some_and(|(pc, ph)| a.0 == pc && a.1 >= ph);
            let seats = (self.piece(a).map(|p| p.0), self.piece(b).map(|p| p.0));
            if a == b || !unit || seats.1 != Some(last) || seats.0.is_none_or(|s| s == last) {
                return Err("bad prev exchange".into());
            }
        }
        Ok(())
    }

    /// A random move, preferring with probability `bias` the moves that stack (land on a
    /// piece) or exchange.
    pub fn pick(&self, moves: &[RefMove], rng: &mut impl Rng, bias: f64) -> RefMove {
        let stacking: Vec<&RefMove> = moves
            .iter()
            .filter(|m| match m {
                RefMove::Movement { to, exchange, .. } => exchange.is_some() || !self.stack(*to).is_empty(),
                RefMove::Exchange(..) => true,
                RefMove::Pass => false,
            })
            .collect();
        if !stacking.is_empty() && rng.random_bool(bias) {
            return stacking[rng.random_range(0..stacking.len())].clone();
        }
        moves[rng.random_range(0..moves.len())].clone()
    }

    /// The tallest stack.
    pub fn tallest(&self) -> usize {
        self.stacks.values().map(Vec::len).max().unwrap_or(0)
    }
}

/// Reads one rank's cells: `.`, a piece `0s`, or a bracketed stack `[1s0l]`.
fn read_rank(text: &str) -> Result<Vec<Vec<Piece>>, String> {
    let piece = |seat: char, size: char| -> Result<Piece, String> {
        let s = seat.to_digit(10).ok_or(format!("bad seat {seat}"))? as u8;
        let z = match size {
            's' => 1,
            'm' => 2,
            'l' => 3,
            _ => return Err(format!("bad size {size}")),
        };
        Ok((s, z))
    };
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '.' => {
                out.push(Vec::new());
                i += 1;
            }
            '[' => {
                let end = chars[i..].iter().position(|&c| c == ']').ok_or("unclosed [")? + i;
                let inner = &chars[i + 1..end];
                if inner.len() < 4 || !inner.len().is_multiple_of(2) {
                    return Err(format!("bad stack in {text}"));
                }
                out.push(inner.chunks(2).map(|p| piece(p[0], p[1])).collect::<Result<_, _>>()?);
                i = end + 1;
            }
            c => {
                let z = *chars.get(i + 1).ok_or("cut piece")?;
                out.push(vec![piece(c, z)?]);
                i += 2;
            }
        }
    }
    Ok(out)
}

fn write_stack(stack: &[Piece]) -> String {
    let pieces: String = stack.iter().map(|p| format!("{}{}", p.0, size_letter(p.1))).collect();
    match stack.len() {
        0 => ".".into(),
        1 => pieces,
        _ => format!("[{pieces}]"),
    }
}

/// Reads `cell/h` (or `cell` = the top piece when `top` is allowed).
fn read_slot(p: &Pos, text: &str) -> Result<Slot, String> {
    match text.split_once('/') {
        Some((c, h)) => {
            let c = parse_name(c).ok_or(format!("bad cell {c}"))?;
            let h: usize = h.parse().map_err(|_| format!("bad height {h}"))?;
            if h == 0 || h.to_string() != text.split_once('/').expect("a slash").1 {
                return Err(format!("bad height in {text}"));
            }
            Ok((c, h))
        }
        None => {
            let c = parse_name(text).ok_or(format!("bad cell {text}"))?;
            Ok((c, p.stack(c).len()))
        }
    }
}

impl Reference for Pos {
    type Rules = Rules;
    type Move = RefMove;

    fn rules(column: &str) -> Result<Rules, String> {
        Rules::parse(column)
    }

    fn rules_of(&self) -> &Rules {
        &self.rules
    }

    /// The opening of spec §2 in each seat's home sector.
    fn start(rules: Rules) -> Pos {
        let mut stacks = BTreeMap::new();
        for (seat, &k) in rules.sectors().iter().enumerate() {
            for (c, ij) in sector(k) {
                if ij.0 + ij.1 >= 2 {
                    stacks.insert(c, vec![(seat as u8, opening_size(ij, rules.ring4_medium))]);
                }
            }
        }
        Pos { rules, stacks, turn: 0, ply: 0, passes: 0, prev: None, prev_exchange: None }
    }

    fn from_text(text: &str) -> Result<Pos, String> {
        let mut it = text.split(' ');
        if it.next() != Some("e") {
            return Err("not e".into());
        }
        let mut field = |k: &str| -> Result<String, String> {
            it.next().and_then(|t| t.strip_prefix(k)).map(str::to_string).ok_or(format!("missing {k}"))
        };
        let players = field("players=")?;
        let sectors = field("sectors=")?;
        let number = |s: String| -> Result<u32, String> {
            let n: u32 = s.parse().map_err(|_| format!("bad number {s}"))?;
            if n.to_string() != s {
                return Err(format!("bad number {s}"));
            }
            Ok(n)
        };
        let turn = number(field("turn=")?)?;
        let ply = number(field("ply=")?)?;
        let passes = number(field("passes=")?)?;
        let board = field("board=")?;
        let mut rules = Rules::default();
        rules.set("players", &players)?;
        if players != rules.players.to_string() {
            return Err("bad players".into());
        }
        let mut prev_text = None;
        let mut options = Vec::new();
        for (i, t) in it.enumerate() {
            if let Some(v) = t.strip_prefix("prev=") {
                if i != 0 {
                    return Err("prev out of place".into());
                }
                prev_text = Some(v.to_string());
            } else {
                let (k, v) = t.split_once('=').ok_or(format!("bad option {t}"))?;
                rules.set(k, v)?;
                options.push(t.to_string());
            }
        }
        if options != rules.non_default() {
            return Err("options not canonical".into());
        }
        let want: String = rules.sectors().iter().map(|s| s.to_string()).collect();
        if sectors != want {
            return Err(format!("sectors {sectors} do not seat the players"));
        }
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 13 {
            return Err("13 ranks".into());
        }
        let mut stacks = BTreeMap::new();
        for (k, row) in rows.iter().enumerate() {
            let r = k as i32 - RADIUS;
            let rank_cells: Vec<Cell> = (-RADIUS..=RADIUS).map(|q| (q, r)).filter(|&c| on_board(c)).collect();
            let tokens = read_rank(row)?;
            if tokens.len() != rank_cells.len() {
                return Err(format!("rank {row}"));
            }
            for (stack, c) in tokens.into_iter().zip(rank_cells) {
                if !stack.is_empty() {
                    stacks.insert(c, stack);
                }
            }
        }
        if turn > 6 {
            return Err("turn".into());
        }
        let mut p = Pos { rules, stacks, turn: turn as u8, ply, passes, prev: None, prev_exchange: None };
        if let Some(v) = prev_text {
            let (landing, exchange) = match v.split_once(",X") {
                Some((l, x)) => (l, Some(x)),
                None => (v.as_str(), None),
            };
            let read = |t: &str| -> Result<Slot, String> {
                let (c, h) = t.split_once('/').ok_or("bad prev slot")?;
                let c = parse_name(c).ok_or("bad prev cell")?;
                Ok((c, number(h.to_string())? as usize))
            };
            p.prev = Some(read(landing)?);
            if let Some(x) = exchange {
                let (a, b) = x.split_once('=').ok_or("bad prev exchange")?;
                p.prev_exchange = Some((read(a)?, read(b)?));
            }
        }
        p.validate()?;
        if p.to_text() != text {
            return Err("not canonical".into());
        }
        Ok(p)
    }

    fn to_text(&self) -> String {
        let mut ranks = Vec::new();
        for r in -RADIUS..=RADIUS {
            let row: String =
                (-RADIUS..=RADIUS).filter(|&q| on_board((q, r))).map(|q| write_stack(self.stack((q, r)))).collect();
            ranks.push(row);
        }
        let sectors: String = self.rules.sectors().iter().map(|s| s.to_string()).collect();
        let mut s = format!(
            "e players={} sectors={sectors} turn={} ply={} passes={} board={}",
            self.rules.players,
            self.turn,
            self.ply,
            self.passes,
            ranks.join("/")
        );
        if let Some(slot) = self.prev {
            s += &format!(" prev={}", slot_name(slot));
        }
        if let Some((a, b)) = self.prev_exchange {
            s += &format!(",X{}={}", slot_name(a), slot_name(b));
        }
        for o in self.rules.non_default() {
            s += &format!(" {o}");
        }
        s
    }

    /// The legal moves; none once the game is over.
    fn moves(&self) -> Vec<RefMove> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.actions()
    }

    /// `cell/h-cell`, `Xcell/h=cell/h` (mover's guard first), both joined by `,`, `pass`.
    fn notation(&self, m: &RefMove) -> String {
        let ex = |a: Slot, b: Slot| format!("X{}={}", slot_name(a), slot_name(b));
        match *m {
            RefMove::Movement { from, h, to, exchange } => {
                let mv = format!("{}-{}", slot_name((from, h)), name(to));
                match exchange {
                    None => mv,
                    Some((a, b)) => format!("{mv},{}", ex(a, b)),
                }
            }
            RefMove::Exchange(a, b) => ex(a, b),
            RefMove::Pass => "pass".into(),
        }
    }

    fn after(&self, m: &RefMove) -> Pos {
        let mut p = self.clone();
        p.play(m);
        p
    }

    fn ranks(&self) -> Option<Vec<u8>> {
        self.outcome()
    }
}

impl Pos {
    /// Reads a move in notation, including the parser shorthands (`cell-cell` for the top
    /// piece, exchange slots in either order), as the legal move it names.
    pub fn read_move(&self, text: &str) -> Result<RefMove, String> {
        let moves = self.moves();
        let find =
            |want: &dyn Fn(&RefMove) -> bool| moves.iter().find(|m| want(m)).cloned().ok_or(format!("illegal {text}"));
        if text == "pass" {
            return find(&|m| *m == RefMove::Pass);
        }
        let read_ex = |p: &Pos, t: &str| -> Result<(Slot, Slot), String> {
            let (a, b) = t.strip_prefix('X').and_then(|t| t.split_once('=')).ok_or(format!("bad exchange {t}"))?;
            Ok((read_slot(p, a)?, read_slot(p, b)?))
        };
        let same = |x: (Slot, Slot), y: (Slot, Slot)| x == y || (x.1, x.0) == y;
        if text.starts_with('X') {
            let e = read_ex(self, text)?;
            return find(&|m| matches!(*m, RefMove::Exchange(a, b) if same(e, (a, b))));
        }
        let (mv, ex) = match text.split_once(',') {
            Some((a, b)) => (a, Some(b)),
            None => (text, None),
        };
        let (from, to) = mv.split_once('-').ok_or(format!("bad move {text}"))?;
        let (fc, fh) = read_slot(self, from)?;
        if self.piece((fc, fh)).is_none() {
            return Err(format!("no piece at {from}"));
        }
        let to = parse_name(to).ok_or(format!("bad cell {to}"))?;
        let ex = match ex {
            None => None,
            Some(e) => Some(read_ex(&self.moved(fc, fh, to), e)?),
        };
        find(&|m| match *m {
            RefMove::Movement { from, h, to: t, exchange } => {
                (from, h, t) == (fc, fh, to)
                    && match (ex, exchange) {
                        (None, None) => true,
                        (Some(x), Some(y)) => same(x, y),
                        _ => false,
                    }
            }
            _ => false,
        })
    }
}

#[cfg(test)]
mod tests {
    use rayon::prelude::*;

    use super::*;

    const START_2P: &str = "e players=2 sectors=03 turn=0 ply=0 passes=0 board=......./.......0l/.......0m0l/.......0s0m0l/.......0s0m0m0l/.......0s0s0s0m0l/............./1l1m1s1s1s......./1l1m1m1s......./1l1m1s......./1l1m......./1l......./.......";

    fn start(column: &str) -> Pos {
        Pos::start(Rules::parse(column).expect("rules"))
    }

    /// Moves the top piece of `from` onto `to` (a test setup, not a move).
    fn relocate(p: &mut Pos, from: &str, to: &str) {
        let (f, t) = (parse_name(from).unwrap(), parse_name(to).unwrap());
        let piece = p.stacks.get_mut(&f).unwrap().pop().unwrap();
        if p.stacks[&f].is_empty() {
            p.stacks.remove(&f);
        }
        p.stacks.entry(t).or_default().push(piece);
    }

    #[test]
    fn geometry_follows_the_spec_tables() {
        assert_eq!(cells().len(), 127);
        let names = |v: Vec<Cell>| v.into_iter().map(name).collect::<Vec<_>>().join(" ");
        assert_eq!(names(ray(0)), "h8 i9 j10 k11 l12 m13");
        assert_eq!(names(ray(2)), "g6 g5 g4 g3 g2 g1");
        assert_eq!(names(ray(5)), "g8 g9 g10 g11 g12 g13");
        // Each sector's ring-6, ring-5, ring-4 (clockwise side first), ring-3 and ring-2 cells.
        let table = [
            "m8 m9 m10 m11 m12 l8 l9 l10 l11 k8 k9 k10 j8 j9 i8",
            "h2 i3 j4 k5 l6 h3 i4 j5 k6 h4 i5 j6 h5 i6 h6",
            "b1 c1 d1 e1 f1 c2 d2 e2 f2 d3 e3 f3 e4 f4 f5",
            "a6 a5 a4 a3 a2 b6 b5 b4 b3 c6 c5 c4 d6 d5 e6",
            "f12 e11 d10 c9 b8 f11 e10 d9 c8 f10 e9 d8 f9 e8 f8",
            "l13 k13 j13 i13 h13 k12 j12 i12 h12 j11 i11 h11 i10 h10 h9",
        ];
        for (k, want) in table.iter().enumerate() {
            let mut cells = sector(k);
            // By ring outwards-in, then from the clockwise side (i = 1) on.
            cells.sort_by_key(|&(_, (i, j))| (-(i + j), i));
            assert_eq!(names(cells.into_iter().map(|(c, _)| c).collect()), *want, "sector {k}");
        }
        // Sizes of sector 0 with each ring-4 option.
        let size = |c: &str, r4| {
            let (_, ij) = sector(0).into_iter().find(|&(x, _)| name(x) == c).unwrap();
            opening_size(ij, r4)
        };
        assert_eq!((size("k8", Ring4::Middle), size("k9", Ring4::Middle), size("k10", Ring4::Middle)), (1, 2, 1));
        assert_eq!(size("k8", Ring4::Clockwise), 2);
        assert_eq!(size("k10", Ring4::Counterclockwise), 2);
    }

    #[test]
    fn start_matches_the_contract_text_and_the_spec_picture() {
        let p = start("");
        assert_eq!(p.to_text(), START_2P);
        assert_eq!(Pos::from_text(START_2P).unwrap(), p);
        // The spec's picture, seat 0 upper case, seat 1 lower case; b/C/. are empty cells.
        let picture = [
            "b . . . . . b",
            ". b . . . . b L",
            ". . b . . . b M L",
            ". . . b . . b S M L",
            ". . . . b . b S M M L",
            ". . . . . b b S S S M L",
            "b b b b b b C b b b b b b",
            "l m s s s b b . . . . .",
            "l m m s b . b . . . .",
            "l m s b . . b . . .",
            "l m b . . . b . .",
            "l b . . . . b .",
            "b . . . . . b",
        ];
        for (k, row) in picture.iter().enumerate() {
            let r = k as i32 - RADIUS;
            let got: Vec<String> = (-RADIUS..=RADIUS)
                .filter(|&q| on_board((q, r)))
                .map(|q| match p.stack((q, r)) {
                    [] => "_".to_string(),
                    [(0, z)] => size_letter(*z).to_ascii_uppercase().to_string(),
                    [(1, z)] => size_letter(*z).to_string(),
                    _ => unreachable!(),
                })
                .collect();
            let want: Vec<String> = row
                .split(' ')
                .map(|t| if matches!(t, "b" | "C" | ".") { "_".to_string() } else { t.to_string() })
                .collect();
            assert_eq!(got, want, "rank {}", 13 - k);
        }
        for column in ["players=3", "players=4", "players=4 e.seats_4p=0235", "players=5", "players=6"] {
            let p = start(column);
            assert_eq!(Pos::from_text(&p.to_text()).unwrap(), p, "{column}");
            for seat in 0..p.rules.players as u8 {
                assert_eq!(p.counts(seat), [5, 5, 5]);
            }
        }
    }

    #[test]
    fn spec_counts() {
        let p = start("players=2");
        assert_eq!(p.move_strings().len(), 62);
        for m in ["i8/1-h7", "k9/1-i9", "l8/1-j6", "m8/1-j5"] {
            assert!(p.move_strings().contains(&m.to_string()), "{m}");
        }
        assert_eq!((p.perft(1), p.perft(2), p.perft(3)), (62, 3844, 269_948));
        let s = start("players=2 e.straight_line_only=true");
        assert_eq!((s.perft(1), s.perft(2), s.perft(3)), (28, 784, 24_696));
        for (column, n) in [
            ("players=3", 62),
            ("players=3 e.straight_line_only=true", 28),
            ("players=6", 50),
            ("players=6 e.straight_line_only=true", 22),
        ] {
            let p = start(column);
            assert_eq!(p.perft(1), n, "{column}");
            // Every seat has as many at the start.
            for seat in 0..p.rules.players as u8 {
                let mut q = p.clone();
                q.turn = seat;
                assert_eq!(q.moves().len() as u64, n, "{column} seat {seat}");
            }
        }
    }

    /// Spec §9 quotes perft(4) from the 2-player start; rayon over the root moves.
    #[test]
    #[ignore]
    fn spec_perft_4() {
        let p = start("players=2");
        let total: u64 = p.moves().par_iter().map(|m| p.after(m).perft(3)).sum();
        assert_eq!(total, 18_957_296);
    }

    /// Seed example 1 (spec §4.2): blue's medium from g3 onto g5 traps red's small, then the
    /// guards swap; without the swap red may make it next turn as its whole move.
    #[test]
    fn seed_exchange_example_1() {
        let mut p = start("");
        // h5 = [blue S, red L], g5 = [red S], a lone blue M on g3; blue to move.
        relocate(&mut p, "e6", "h5"); // blue small
        relocate(&mut p, "m8", "h5"); // red large on it
        relocate(&mut p, "i8", "g5"); // red small
        relocate(&mut p, "b6", "g3"); // blue medium
        p.turn = 1;
        p.ply = 1;
        p.validate().unwrap();
        assert_eq!(p.stack(parse_name("h5").unwrap()), &[(1, 1), (0, 3)]);
        let moves = p.move_strings();
        assert!(moves.contains(&"g3/1-g5".to_string()));
        let mut q = p.clone();
        q.play_str("g3/1-g5,Xg5/2=h5/2").unwrap();
        assert_eq!(q.stack(parse_name("g5").unwrap()), &[(0, 1), (0, 3)]);
        assert_eq!(q.stack(parse_name("h5").unwrap()), &[(1, 1), (1, 2)]);
        // Red's turn after the plain movement: the exchange is its whole move.
        let mut r = p.clone();
        r.play_str("g3/1-g5").unwrap();
        assert!(r.move_strings().contains(&"Xh5/2=g5/2".to_string()));
        let mut s = r.clone();
        s.play_str("Xh5/2=g5/2").unwrap();
        assert_eq!(s.stacks, q.stacks);
        // The reversed spelling reads as the same move.
        assert_eq!(r.read_move("Xg5/2=h5/2").unwrap(), r.read_move("Xh5/2=g5/2").unwrap());
        // previous_move_only allows it too (blue moved last turn and made the trap).
        let mut po = p.clone();
        po.rules.standalone_exchange = Standalone::PreviousMoveOnly;
        po.play_str("g3/1-g5").unwrap();
        assert_eq!(po.prev, Some((parse_name("g5").unwrap(), 2)));
        assert!(po.move_strings().contains(&"Xh5/2=g5/2".to_string()));
        assert!(po.to_text().contains(" prev=g5/2 e.standalone_exchange=previous_move_only"));
        assert_eq!(Pos::from_text(&po.to_text()).unwrap(), po);
        // off: none.
        let mut off = p.clone();
        off.rules.standalone_exchange = Standalone::Off;
        off.play_str("g3/1-g5").unwrap();
        assert!(!off.move_strings().iter().any(|m| m.starts_with('X')));
    }

    /// Seed example 2: blue's large from h2 onto [blue S, red M] at h5, swapped with the red
    /// medium: h5 = [blue S, blue L, red M].
    #[test]
    fn seed_exchange_example_2() {
        let mut p = start("");
        relocate(&mut p, "e6", "h5"); // blue small
        relocate(&mut p, "l8", "h5"); // red medium on it
        relocate(&mut p, "a6", "h2"); // blue large
        p.turn = 1;
        p.ply = 1;
        p.validate().unwrap();
        let mut q = p.clone();
        q.play_str("h2/1-h5,Xh5/3=h5/2").unwrap();
        assert_eq!(q.stack(parse_name("h5").unwrap()), &[(1, 1), (1, 3), (0, 2)]);
        assert_eq!(Pos::from_text(&q.to_text()).unwrap(), q);
    }

    #[test]
    fn text_round_trip_and_rejections() {
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(5);
        let mut p = start("players=3 e.jump_cost=1 max_plies=80");
        for _ in 0..40 {
            let moves = p.moves();
            if moves.is_empty() {
                break;
            }
            let m = p.pick(&moves, &mut rng, 0.7);
            p.play(&m);
            let t = p.to_text();
            assert_eq!(Pos::from_text(&t).unwrap(), p, "{t}");
        }
        // Trapped in its own home: a blue large on red's small at i8 (sector 0).
        let mut bad = start("");
        relocate(&mut bad, "a6", "i8");
        assert!(bad.validate().is_err());
        assert!(Pos::from_text(&bad.to_text()).is_err());
        // Outside any home it is fine.
        let mut ok = start("");
        relocate(&mut ok, "i8", "h5");
        relocate(&mut ok, "a6", "h5");
        assert!(Pos::from_text(&ok.to_text()).is_ok());
        // Malformed fields.
        for t in [
            START_2P.replace("turn=0", "turn=2"),
            START_2P.replace("passes=0", "passes=1"),
            START_2P.replace("sectors=03", "sectors=04"),
            START_2P.replace("0l/", "0m/"),
            format!("{START_2P} e.jump_cost=2"),
            format!("{START_2P} prev=m8/1"),
            START_2P.replace("players=2", "players=7"),
        ] {
            assert!(Pos::from_text(&t).is_err(), "{t}");
        }
        assert!(Pos::from_text(&format!("{START_2P} e.jump_cost=1 max_plies=9")).is_ok());
        assert!(Pos::from_text(&format!("{START_2P} max_plies=9 e.jump_cost=1")).is_err());
    }
}
