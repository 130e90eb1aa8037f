//! An independent, slow and deliberately plain Chinese Checkers reference, written from
//! `spec/chinese-checkers.md` and `spec/README.md` alone. It shares no code with the crate:
//!
//! * its own axial cells `(q, r)` and cell names (README §5.2 with R = 8);
//! * the camps from the hole lists of the spec's camp table (checked against the axial rule);
//! * a `HashMap` board and a `HashSet`-based recursive hop search;
//! * its own position-text reader and writer, win test and perft.
//!
//! Moves come out as spec notation strings so they can be compared with the crate's.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;

use rand::Rng;

use super::Reference;

/// An axial cell `(q, r)`; `s = -q - r`.
pub type Cell = (i32, i32);

/// The naming radius of the star.
pub const RADIUS: i32 = 8;

/// The six hex directions of README §5.3, clockwise: NE, E, SE, SW, W, NW.
pub const DIRS: [Cell; 6] = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)];

/// The holes of each camp, copied from the table of spec §1.
const CAMP_HOLES: [&str; 6] = [
    "m17 l16 m16 k15 l15 m15 j14 k14 l14 m14",
    "n13 o13 p13 q13 n12 o12 p12 n11 o11 n10",
    "m8 l7 m7 k6 l6 m6 j5 k5 l5 m5",
    "e4 f4 g4 h4 e3 f3 g3 e2 f2 e1",
    "d8 c7 d7 b6 c6 d6 a5 b5 c5 d5",
    "e13 f13 g13 h13 e12 f12 g12 e11 f11 e10",
];

fn add(a: Cell, b: Cell) -> Cell {
    (a.0 + b.0, a.1 + b.1)
}

fn twice(d: Cell) -> Cell {
    (2 * d.0, 2 * d.1)
}

/// Is the cell one of the 121 holes: the union of two big triangles (spec §1).
pub fn is_hole(c: Cell) -> bool {
    let (q, r) = c;
    let s = -q - r;
    q.max(r).max(s) <= 4 || q.min(r).min(s) >= -4
}

/// Every hole in position-text order: rank 17 (r = -8) down to rank 1, each rank west to east.
pub fn holes() -> Vec<Cell> {
    let mut out = Vec::new();
    for r in -RADIUS..=RADIUS {
        for q in -RADIUS..=RADIUS {
            if is_hole((q, r)) {
                out.push((q, r));
            }
        }
    }
    out
}

/// The holes of one rank (1 to 17), west to east.
pub fn rank_holes(rank: i32) -> Vec<Cell> {
    let r = RADIUS + 1 - rank;
    (-RADIUS..=RADIUS).map(|q| (q, r)).filter(|&c| is_hole(c)).collect()
}

/// The name of a cell: file `'a' + (q + R)`, rank `R + 1 - r`.
pub fn name(c: Cell) -> String {
    let file = (b'a' + (c.0 + RADIUS) as u8) as char;
    format!("{file}{}", RADIUS + 1 - c.1)
}

/// Reads a canonical cell name of a hole.
pub fn parse_name(text: &str) -> Option<Cell> {
    let mut chars = text.chars();
    let file = chars.next()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    let rank: i32 = digits.parse().ok()?;
    let q = (file as i32 - 'a' as i32) - RADIUS;
    let r = RADIUS + 1 - rank;
    let c = (q, r);
    (is_hole(c) && name(c) == text).then_some(c)
}

/// The hex distance between two cells.
pub fn distance(a: Cell, b: Cell) -> i32 {
    let (dq, dr) = (a.0 - b.0, a.1 - b.1);
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}

/// The holes of a camp (0 to 5), from the spec's table.
pub fn camp_cells(camp: u8) -> Vec<Cell> {
    CAMP_HOLES[camp as usize].split(' ').map(|n| parse_name(n).expect("camp hole")).collect()
}

/// The camp a hole belongs to, if any (table lookup, not the axial rule).
pub fn camp_of(c: Cell) -> Option<u8> {
    (0..6u8).find(|&k| camp_cells(k).contains(&c))
}

/// The camp opposite `camp`: the point reflection through i9.
pub fn opposite(camp: u8) -> u8 {
    (camp + 3) % 6
}

/// The corner of a camp farthest from the centre.
pub fn tip(camp: u8) -> Cell {
    *camp_cells(camp).iter().max_by_key(|&&c| distance(c, (0, 0))).expect("camp")
}

/// The camps of seats 0, 1, … (spec §2).
pub fn seating(players: usize, seats_0235: bool) -> Vec<u8> {
    match players {
        2 => vec![0, 3],
        3 => vec![0, 2, 4],
        4 if seats_0235 => vec![0, 2, 3, 5],
        4 => vec![0, 1, 3, 4],
        5 => vec![0, 1, 2, 3, 4],
        6 => vec![0, 1, 2, 3, 4, 5],
        _ => panic!("{players} players"),
    }
}

/// `cc.target_stay`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stay {
    /// Every landing inside the target.
    Strict,
    /// Only the final hole inside the target.
    FinalOnly,
    /// No restriction.
    Off,
}

/// `cc.anti_block`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anti {
    /// Full target with at least one own peg wins.
    Fill,
    /// Swap moves; all ten own pegs in the target win.
    Swap,
    /// All ten own pegs in the target win.
    None,
}

/// Player count, seating and rule options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Number of seats.
    pub players: usize,
    /// The camp of each seat.
    pub camps: Vec<u8>,
    /// `cc.target_stay`.
    pub stay: Stay,
    /// `cc.anti_block`.
    pub anti: Anti,
    /// `max_plies`.
    pub max_plies: Option<u32>,
}

impl Rules {
    /// The default rules for `players` seats.
    pub fn new(players: usize) -> Rules {
        Rules { players, camps: seating(players, false), stay: Stay::Strict, anti: Anti::Fill, max_plies: None }
    }

    /// Reads `players=N cc.target_stay=… cc.anti_block=… cc.seats_4p=… max_plies=N` (any order).
    pub fn parse(text: &str) -> Result<Rules, String> {
        let mut rules = Rules::new(2);
        let mut players = None;
        let mut seats_0235 = false;
        for token in text.split_whitespace() {
            let (key, value) = token.split_once('=').ok_or_else(|| format!("bad option {token}"))?;
            match key {
                "players" => players = Some(value.parse::<usize>().map_err(|_| format!("bad {token}"))?),
                _ => {
                    if !rules.set(key, value)? {
                        if key == "cc.seats_4p" {
                            seats_0235 = match value {
                                "0235" => true,
                                "0134" => false,
                                _ => return Err(format!("bad {token}")),
                            };
                        } else {
                            return Err(format!("unknown option {token}"));
                        }
                    }
                }
            }
        }
        let players = players.unwrap_or(2);
        if !(2..=6).contains(&players) {
            return Err(format!("{players} players"));
        }
        rules.players = players;
        rules.camps = seating(players, seats_0235);
        Ok(rules)
    }

    /// Sets a rule option (not the seating); `Ok(false)` if the key is not a rule option.
    fn set(&mut self, key: &str, value: &str) -> Result<bool, String> {
        let bad = || Err(format!("bad value {key}={value}"));
        match key {
            "cc.target_stay" => {
                self.stay = match value {
                    "strict" => Stay::Strict,
                    "final_only" => Stay::FinalOnly,
                    "off" => Stay::Off,
                    _ => return bad(),
                }
            }
            "cc.anti_block" => {
                self.anti = match value {
                    "fill" => Anti::Fill,
                    "swap" => Anti::Swap,
                    "none" => Anti::None,
                    _ => return bad(),
                }
            }
            "max_plies" => {
                self.max_plies = match value.parse::<u32>() {
                    Ok(n) if n > 0 => Some(n),
                    _ => return bad(),
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The options that differ from the defaults, in the position text's order.
    pub fn non_default(&self) -> Vec<String> {
        let mut out = Vec::new();
        match self.stay {
            Stay::Strict => {}
            Stay::FinalOnly => out.push("cc.target_stay=final_only".to_string()),
            Stay::Off => out.push("cc.target_stay=off".to_string()),
        }
        match self.anti {
            Anti::Fill => {}
            Anti::Swap => out.push("cc.anti_block=swap".to_string()),
            Anti::None => out.push("cc.anti_block=none".to_string()),
        }
        if self.players == 4 && self.camps == [0, 2, 3, 5] {
            out.push("cc.seats_4p=0235".to_string());
        }
        if let Some(n) = self.max_plies {
            out.push(format!("max_plies={n}"));
        }
        out
    }

    /// The target holes of a seat.
    pub fn target(&self, seat: usize) -> HashSet<Cell> {
        camp_cells(opposite(self.camps[seat])).into_iter().collect()
    }
}

/// A reference move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RefMove {
    /// The forced pass.
    Pass,
    /// A step, hop chain or swap.
    Peg {
        /// Start hole.
        from: Cell,
        /// Final hole.
        to: Cell,
    },
}

impl RefMove {
    /// Spec notation: `from-to` or `pass`.
    pub fn notation(&self) -> String {
        match *self {
            RefMove::Pass => "pass".to_string(),
            RefMove::Peg { from, to } => format!("{}-{}", name(from), name(to)),
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefOutcome {
    /// One seat won; every other seat loses.
    Winner(usize),
    /// Drawn among all seats.
    Draw,
}

impl RefOutcome {
    /// The ranks per seat (1 = best) as README §3 defines them.
    pub fn ranks(&self, seats: usize) -> Vec<u8> {
        match *self {
            RefOutcome::Winner(w) => (0..seats).map(|s| if s == w { 1 } else { 2 }).collect(),
            RefOutcome::Draw => vec![1; seats],
        }
    }
}

/// A reference position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pos {
    /// Seating and options.
    pub rules: Rules,
    /// The seat of the peg in each occupied hole.
    pub board: HashMap<Cell, usize>,
    /// The seat to move.
    pub turn: usize,
    /// Plies played.
    pub ply: u32,
    /// Consecutive passes just played.
    pub passes: usize,
    /// The result once the game is over.
    pub outcome: Option<RefOutcome>,
}

impl Pos {
    /// The holes of a seat's pegs, sorted.
    pub fn pegs_of(&self, seat: usize) -> Vec<Cell> {
        let mut v: Vec<Cell> = self.board.iter().filter(|&(_, &s)| s == seat).map(|(&c, _)| c).collect();
        v.sort();
        v
    }

    /// Plays a move known to be legal.
    pub fn play_unchecked(&mut self, mv: RefMove) {
        let mover = self.turn;
        match mv {
            RefMove::Pass => self.passes += 1,
            RefMove::Peg { from, to } => {
                let seat = self.board.remove(&from).expect("peg on from");
                assert_eq!(seat, mover);
                if let Some(other) = self.board.insert(to, seat) {
                    // A swap: the other peg takes the mover's starting hole.
                    assert_ne!(other, mover);
                    self.board.insert(from, other);
                }
                self.passes = 0;
            }
        }
        self.ply += 1;
        self.turn = (mover + 1) % self.rules.players;
        self.outcome = self.judge(mover);
    }

    /// Has a seat met its winning condition (spec §4)?
    pub fn has_won(&self, seat: usize) -> bool {
        let target = self.rules.target(seat);
        match self.rules.anti {
            Anti::Fill => {
                target.iter().all(|c| self.board.contains_key(c))
                    && target.iter().any(|c| self.board.get(c) == Some(&seat))
            }
            Anti::Swap | Anti::None => target.iter().all(|c| self.board.get(c) == Some(&seat)),
        }
    }

    /// The result after `mover` has moved: a winner (the mover if it is among the seats that
    /// meet their condition, else the first of them in turn order after the mover), the
    /// all-pass draw, the `max_plies` draw, or none.
    fn judge(&self, mover: usize) -> Option<RefOutcome> {
        let n = self.rules.players;
        let winners: Vec<usize> = (0..n).filter(|&s| self.has_won(s)).collect();
        if !winners.is_empty() {
            let first = (0..n).map(|k| (mover + k) % n).find(|s| winners.contains(s)).expect("a winner");
            return Some(RefOutcome::Winner(first));
        }
        if self.passes >= n {
            return Some(RefOutcome::Draw);
        }
        if self.rules.max_plies.is_some_and(|m| self.ply >= m) {
            return Some(RefOutcome::Draw);
        }
        None
    }

    /// How far a move brings the peg toward the tip of the mover's target.
    pub fn progress(&self, mv: RefMove) -> i32 {
        match mv {
            RefMove::Pass => 0,
            RefMove::Peg { from, to } => {
                let t = tip(opposite(self.rules.camps[self.turn]));
                distance(from, t) - distance(to, t)
            }
        }
    }

    /// Picks a move: with probability `greed` one of the most forward moves, else any move.
    pub fn pick(&self, moves: &[RefMove], rng: &mut impl Rng, greed: f64) -> RefMove {
        assert!(!moves.is_empty());
        if rng.random::<f64>() < greed {
            let best = moves.iter().map(|&m| self.progress(m)).max().expect("moves");
            let top: Vec<RefMove> = moves.iter().copied().filter(|&m| self.progress(m) == best).collect();
            top[rng.random_range(0..top.len())]
        } else {
            moves[rng.random_range(0..moves.len())]
        }
    }
}

/// Rotates a cell 60 degrees clockwise about i9: cube `(q, r, s) -> (-r, -s, -q)`.
pub fn rotate60(c: Cell) -> Cell {
    let (q, r) = c;
    let s = -q - r;
    (-r, -s)
}

/// Rotates a cell by `k` sixths of a turn clockwise.
pub fn rotate(c: Cell, k: usize) -> Cell {
    (0..k % 6).fold(c, |c, _| rotate60(c))
}

/// Self-checks of the reference geometry against the spec's statements.
pub fn self_check() {
    let all = holes();
    assert_eq!(all.len(), 121);
    assert_eq!(name(all[0]), "m17");
    assert_eq!(name(all[120]), "e1");
    assert_eq!(name((0, 0)), "i9");
    for &c in &all {
        assert_eq!(parse_name(&name(c)), Some(c));
        assert!(is_hole(rotate60(c)));
    }
    let lens: Vec<usize> = (1..=17).rev().map(|r| rank_holes(r).len()).collect();
    assert_eq!(lens, [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]);
    // The camp table agrees with the axial rule of spec §1 and the inner hexagon has 61 holes.
    for &c in &all {
        let (q, r) = c;
        let s = -q - r;
        let rule = [r <= -5, q >= 5, s <= -5, r >= 5, q <= -5, s >= 5].iter().position(|&b| b).map(|k| k as u8);
        assert_eq!(camp_of(c), rule, "{}", name(c));
    }
    assert_eq!(all.iter().filter(|&&c| camp_of(c).is_none()).count(), 61);
    for k in 0..6u8 {
        assert_eq!(camp_cells(k).len(), 10);
        // The opposite camp is the point reflection; the 60-degree rotation maps camp k to k + 1.
        let reflected: BTreeSet<Cell> = camp_cells(k).iter().map(|&(q, r)| (-q, -r)).collect();
        assert_eq!(reflected, camp_cells(opposite(k)).into_iter().collect::<BTreeSet<_>>());
        let rotated: BTreeSet<Cell> = camp_cells(k).iter().map(|&c| rotate60(c)).collect();
        assert_eq!(rotated, camp_cells((k + 1) % 6).into_iter().collect::<BTreeSet<_>>());
    }
    // README §5.3: E is file + 1; NE is file + 1, rank + 1; NW is rank + 1.
    let c3 = parse_name("i9").expect("i9");
    assert_eq!(name(add(c3, DIRS[0])), "j10");
    assert_eq!(name(add(c3, DIRS[1])), "j9");
    assert_eq!(name(add(c3, DIRS[5])), "i10");
    assert_eq!(name(add(c3, DIRS[2])), "i8");
}

impl Reference for Pos {
    type Rules = Rules;
    type Move = RefMove;

    fn rules(column: &str) -> Result<Rules, String> {
        Rules::parse(column)
    }

    /// The start position: each seat's ten pegs fill its camp.
    fn start(rules: Rules) -> Pos {
        let mut board = HashMap::new();
        for (seat, &camp) in rules.camps.iter().enumerate() {
            for c in camp_cells(camp) {
                board.insert(c, seat);
            }
        }
        let mut pos = Pos { rules, board, turn: 0, ply: 0, passes: 0, outcome: None };
        pos.outcome = pos.judge((pos.turn + pos.rules.players - 1) % pos.rules.players);
        pos
    }

    /// Reads a position text (the crate's one-line format), checking every field.
    fn from_text(text: &str) -> Result<Pos, String> {
        let mut tokens = text.split_whitespace();
        if tokens.next() != Some("chinese-checkers") {
            return Err("not a chinese-checkers position".into());
        }
        let mut fields: HashMap<&str, &str> = HashMap::new();
        for token in tokens {
            let (k, v) = token.split_once('=').ok_or_else(|| format!("bad token {token}"))?;
            if fields.insert(k, v).is_some() {
                return Err(format!("{k} given twice"));
            }
        }
        let get = |k: &str| fields.get(k).copied().ok_or_else(|| format!("missing {k}"));
        let number = |k: &str| -> Result<u64, String> { get(k)?.parse::<u64>().map_err(|_| format!("bad {k}")) };
        let players = number("players")? as usize;
        if !(2..=6).contains(&players) {
            return Err(format!("{players} players"));
        }
        let camps: Vec<u8> = get("camps")?.bytes().map(|b| b.wrapping_sub(b'0')).collect();
        let seats_0235 = players == 4 && camps == [0, 2, 3, 5];
        if camps != seating(players, seats_0235) {
            return Err(format!("camps {camps:?} do not seat {players} players"));
        }
        let mut rules = Rules::new(players);
        rules.camps = camps;
        for (&k, &v) in &fields {
            match k {
                "players" | "camps" | "turn" | "ply" | "passes" | "board" => {}
                "cc.seats_4p" => {
                    let want = if seats_0235 { "0235" } else { "0134" };
                    if v != want {
                        return Err(format!("cc.seats_4p={v} does not match the camps"));
                    }
                }
                _ => {
                    if !rules.set(k, v)? {
                        return Err(format!("unknown field {k}"));
                    }
                }
            }
        }
        let turn = number("turn")? as usize;
        let ply = number("ply")? as u32;
        let passes = number("passes")? as usize;
        if turn >= players || passes > players {
            return Err("turn or passes out of range".into());
        }
        let rows: Vec<&str> = get("board")?.split('/').collect();
        if rows.len() != 17 {
            return Err(format!("{} ranks", rows.len()));
        }
        let mut board = HashMap::new();
        for (i, row) in rows.iter().enumerate() {
            let cells = rank_holes(17 - i as i32);
            if row.len() != cells.len() {
                return Err(format!("rank {} has {} holes, not {}", 17 - i, cells.len(), row.len()));
            }
            for (ch, &c) in row.chars().zip(&cells) {
                match ch {
                    '.' => {}
                    '0'..='5' if (ch as usize - '0' as usize) < players => {
                        board.insert(c, ch as usize - '0' as usize);
                    }
                    _ => return Err(format!("bad board character {ch}")),
                }
            }
        }
        for seat in 0..players {
            let n = board.values().filter(|&&s| s == seat).count();
            if n != 10 {
                return Err(format!("seat {seat} has {n} pegs"));
            }
        }
        let mut pos = Pos { rules, board, turn, ply, passes, outcome: None };
        pos.outcome = pos.judge((turn + players - 1) % players);
        Ok(pos)
    }

    /// The position text in the crate's format.
    fn to_text(&self) -> String {
        let camps: String = self.rules.camps.iter().map(|c| c.to_string()).collect();
        let rows: Vec<String> = (1..=17)
            .rev()
            .map(|rank| {
                rank_holes(rank)
                    .iter()
                    .map(|c| match self.board.get(c) {
                        Some(&s) => char::from(b'0' + s as u8),
                        None => '.',
                    })
                    .collect()
            })
            .collect();
        let mut text = format!(
            "chinese-checkers players={} camps={camps} turn={} ply={} passes={} board={}",
            self.rules.players,
            self.turn,
            self.ply,
            self.passes,
            rows.join("/")
        );
        for o in self.rules.non_default() {
            let _ = write!(text, " {o}");
        }
        text
    }

    /// The legal moves (spec §3): empty once the game is over, `pass` only when nothing else.
    fn moves(&self) -> Vec<RefMove> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let seat = self.turn;
        let target = self.rules.target(seat);
        let mut found: BTreeSet<(Cell, Cell)> = BTreeSet::new();
        for p in self.pegs_of(seat) {
            // At the start of the turn, with the moving peg lifted off its hole.
            let occupied = |x: Cell| x != p && self.board.contains_key(&x);
            let empty = |x: Cell| is_hole(x) && !occupied(x);
            let bound = target.contains(&p) && self.rules.stay != Stay::Off;
            let land_ok = |x: Cell| !bound || self.rules.stay == Stay::FinalOnly || target.contains(&x);
            let final_ok = |x: Cell| !bound || target.contains(&x);

            for d in DIRS {
                let t = add(p, d);
                if empty(t) && final_ok(t) {
                    found.insert((p, t));
                }
            }

            // Hop chains: every hole reachable by one or more hops whose landings obey land_ok.
            fn explore(
                x: Cell,
                reached: &mut HashSet<Cell>,
                occupied: &dyn Fn(Cell) -> bool,
                empty: &dyn Fn(Cell) -> bool,
                land_ok: &dyn Fn(Cell) -> bool,
            ) {
                for d in DIRS {
                    let over = add(x, d);
                    let land = add(x, twice(d));
                    if occupied(over) && empty(land) && land_ok(land) && reached.insert(land) {
                        explore(land, reached, occupied, empty, land_ok);
                    }
                }
            }
            let mut reached: HashSet<Cell> = HashSet::from([p]);
            explore(p, &mut reached, &occupied, &empty, &land_ok);
            for &t in &reached {
                if t != p && final_ok(t) {
                    found.insert((p, t));
                }
            }

            if self.rules.anti == Anti::Swap {
                // `reached` is H ∪ {p}: the places a final hop may start from.
                for &y in &target {
                    match self.board.get(&y) {
                        Some(&other) if other != seat => {}
                        _ => continue,
                    }
                    let by_step = DIRS.iter().any(|&d| add(p, d) == y);
                    let by_hop =
                        reached.iter().any(|&x| DIRS.iter().any(|&d| occupied(add(x, d)) && add(x, twice(d)) == y));
                    if by_step || by_hop {
                        found.insert((p, y));
                    }
                }
            }
        }
        if found.is_empty() {
            return vec![RefMove::Pass];
        }
        found.into_iter().map(|(from, to)| RefMove::Peg { from, to }).collect()
    }

    fn notation(&self, mv: &RefMove) -> String {
        mv.notation()
    }

    fn after(&self, mv: &RefMove) -> Pos {
        let mut child = self.clone();
        child.play_unchecked(*mv);
        child
    }

    fn rules_of(&self) -> &Rules {
        &self.rules
    }

    fn ranks(&self) -> Option<Vec<u8>> {
        self.outcome.map(|o| o.ranks(self.rules.players))
    }
}
