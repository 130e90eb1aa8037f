//! Hex cells in axial coordinates `(q, r)` (pointy-top, +q east, +r south-east), the six
//! directions, cell names (file letter, rank number) and boards with precomputed
//! neighbour and hop tables.

use super::bits::{Bits, bit};

/// A hex cell in axial coordinates; `s = -q - r`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Hex {
    /// Axial q: east is +1.
    pub q: i8,
    /// Axial r: south-east is +1.
    pub r: i8,
}

impl Hex {
    /// The cell `(q, r)`.
    pub const fn new(q: i8, r: i8) -> Self {
        Hex { q, r }
    }
    /// The third cube coordinate, `-q - r`.
    pub const fn s(self) -> i8 {
        -self.q - self.r
    }
    /// The neighbour in direction `d`.
    pub const fn step(self, d: HexDir) -> Hex {
        let (dq, dr) = d.delta();
        Hex { q: self.q + dq, r: self.r + dr }
    }
    /// Distance from the centre: `max(|q|, |r|, |s|)`.
    pub const fn ring(self) -> i8 {
        let (a, b, c) = (self.q.abs(), self.r.abs(), self.s().abs());
        let m = if a > b { a } else { b };
        if m > c { m } else { c }
    }
    /// The number of steps from `self` to `other`.
    pub const fn distance(self, other: Hex) -> i8 {
        let (dq, dr) = (self.q - other.q, self.r - other.r);
        (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
    }
    /// The point reflection through the centre.
    pub const fn reflect(self) -> Hex {
        Hex { q: -self.q, r: -self.r }
    }
    /// Rotation by 60 degrees clockwise about the centre.
    pub const fn rotate_cw(self) -> Hex {
        // Cube (q, r, s) -> (-r, -s, -q).
        Hex { q: -self.r, r: -self.s() }
    }

    /// The spec's name of this cell on a board of radius `radius`: file `'a' + (q + R)`,
    /// rank `R + 1 - r`.
    pub fn name(self, radius: i8) -> String {
        let file = (b'a' + (self.q + radius) as u8) as char;
        format!("{file}{}", radius as i32 + 1 - self.r as i32)
    }

    /// Reads a cell name for radius `radius`; `None` unless it is a letter and a rank
    /// with no leading zero. The cell may still lie off a particular board.
    pub fn parse(text: &str, radius: i8) -> Option<Hex> {
        let bytes = text.as_bytes();
        let (&file, digits) = bytes.split_first()?;
        if !file.is_ascii_lowercase() || digits.is_empty() || digits.len() > 2 {
            return None;
        }
        if !digits.iter().all(u8::is_ascii_digit) || digits[0] == b'0' {
            return None;
        }
        let rank: i32 = std::str::from_utf8(digits).ok()?.parse().ok()?;
        let q = (file - b'a') as i32 - radius as i32;
        let r = radius as i32 + 1 - rank;
        let fits = |v: i32| (-(radius as i32)..=radius as i32).contains(&v);
        (fits(q) && fits(r)).then_some(Hex::new(q as i8, r as i8))
    }
}

/// The six hex directions, in the spec's clockwise order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HexDir {
    /// (+1, −1)
    NE,
    /// (+1, 0)
    E,
    /// (0, +1)
    SE,
    /// (−1, +1)
    SW,
    /// (−1, 0)
    W,
    /// (0, −1)
    NW,
}

impl HexDir {
    /// All six, clockwise from NE.
    pub const ALL: [HexDir; 6] = [HexDir::NE, HexDir::E, HexDir::SE, HexDir::SW, HexDir::W, HexDir::NW];

    /// The axial step `(dq, dr)`.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            HexDir::NE => (1, -1),
            HexDir::E => (1, 0),
            HexDir::SE => (0, 1),
            HexDir::SW => (-1, 1),
            HexDir::W => (-1, 0),
            HexDir::NW => (0, -1),
        }
    }
    /// The opposite direction.
    pub const fn opposite(self) -> HexDir {
        HexDir::ALL[(self as usize + 3) % 6]
    }
}

/// The index used in tables for "no cell": never a cell of any board (boards have at
/// most 127 cells), and its bit is never set in a board's bitboards.
pub const NONE: u8 = 127;

/// A hex board: its cells indexed from the top rank down, each rank west to east, with
/// neighbour and hop tables. At most 127 cells, so every set of cells is a `u128`.
#[derive(Clone, Debug)]
pub struct HexBoard {
    radius: i8,
    len: usize,
    cells: [Hex; 128],
    /// Cell index per `(q + R, r + R)` in a `(2R+1)²` grid, [`NONE`] off the board.
    grid: Vec<u8>,
    neighbors: [[u8; 6]; 128],
    neighbor_mask: [Bits; 128],
    /// Neighbours of each cell that have a cell beyond them (can be hopped over).
    jumpable: [Bits; 128],
    /// The cells one hop away from each cell (two steps in a straight line).
    hop_landings: [Bits; 128],
    /// `landing[x][m]`: where a hop from `x` over its neighbour `m` lands.
    landing: Box<[[u8; 128]; 128]>,
    mask: Bits,
}

impl HexBoard {
    /// The board of radius `radius` holding the cells `contains` accepts.
    ///
    /// Panics if more than 127 cells are accepted (a programming error, not input).
    pub fn new(radius: i8, contains: impl Fn(Hex) -> bool) -> Self {
        let side = (2 * radius as usize) + 1;
        let mut board = HexBoard {
            radius,
            len: 0,
            cells: [Hex::default(); 128],
            grid: vec![NONE; side * side],
            neighbors: [[NONE; 6]; 128],
            neighbor_mask: [0; 128],
            jumpable: [0; 128],
            hop_landings: [0; 128],
            landing: Box::new([[NONE; 128]; 128]),
            mask: 0,
        };
        for r in -radius..=radius {
            for q in -radius..=radius {
                let h = Hex::new(q, r);
                if h.ring() <= radius && contains(h) {
                    assert!(board.len < NONE as usize, "a hex board has at most 127 cells");
                    board.cells[board.len] = h;
                    let slot = board.grid_slot(h).unwrap();
                    board.grid[slot] = board.len as u8;
                    board.mask |= bit(board.len);
                    board.len += 1;
                }
            }
        }
        for i in 0..board.len {
            let h = board.cells[i];
            for d in HexDir::ALL {
                let n = board.index(h.step(d));
                let land = board.index(h.step(d).step(d));
                if let Some(n) = n {
                    board.neighbors[i][d as usize] = n as u8;
                    board.neighbor_mask[i] |= bit(n);
                    if let Some(land) = land {
                        board.jumpable[i] |= bit(n);
                        board.hop_landings[i] |= bit(land);
                        board.landing[i][n] = land as u8;
                    }
                }
            }
        }
        board
    }

    /// The full hexagon of radius `radius`.
    pub fn hexagon(radius: i8) -> Self {
        HexBoard::new(radius, |_| true)
    }

    fn grid_slot(&self, h: Hex) -> Option<usize> {
        let side = 2 * self.radius as i32 + 1;
        let (x, y) = (h.q as i32 + self.radius as i32, h.r as i32 + self.radius as i32);
        ((0..side).contains(&x) && (0..side).contains(&y)).then_some((y * side + x) as usize)
    }

    /// The radius that names the cells.
    pub fn radius(&self) -> i8 {
        self.radius
    }
    /// The number of cells.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether the board has no cells.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Every cell as a bitboard.
    #[inline(always)]
    pub fn mask(&self) -> Bits {
        self.mask
    }
    /// The cell at index `i`.
    #[inline(always)]
    pub fn cell(&self, i: usize) -> Hex {
        self.cells[i]
    }
    /// The index of a cell, if it is on the board.
    pub fn index(&self, h: Hex) -> Option<usize> {
        let slot = self.grid_slot(h)?;
        let i = self.grid[slot];
        (i != NONE).then_some(i as usize)
    }
    /// The neighbour of cell `i` in direction `d`, or [`NONE`].
    #[inline(always)]
    pub fn neighbor(&self, i: usize, d: HexDir) -> u8 {
        self.neighbors[i & 127][d as usize]
    }
    /// The neighbours of cell `i` as a bitboard.
    #[inline(always)]
    pub fn neighbor_mask(&self, i: usize) -> Bits {
        self.neighbor_mask[i & 127]
    }
    /// The neighbours of cell `i` that have a cell beyond them, as a bitboard.
    #[inline(always)]
    pub fn jumpable(&self, i: usize) -> Bits {
        self.jumpable[i & 127]
    }
    /// The cells a hop from cell `i` can land on (two steps in a straight line).
    #[inline(always)]
    pub fn hop_landings(&self, i: usize) -> Bits {
        self.hop_landings[i & 127]
    }
    /// Where a hop from cell `from` over its neighbour `over` lands ([`NONE`] if `over`
    /// is not in [`jumpable`](HexBoard::jumpable)`(from)`).
    #[inline(always)]
    pub fn landing(&self, from: usize, over: usize) -> u8 {
        self.landing[from & 127][over & 127]
    }
    /// The name of cell `i`.
    pub fn name(&self, i: usize) -> String {
        self.cells[i].name(self.radius)
    }
    /// The index of a named cell on this board.
    pub fn parse(&self, text: &str) -> Option<usize> {
        self.index(Hex::parse(text, self.radius)?)
    }
    /// The cells of each rank as index ranges, the top rank first (the order in which
    /// position texts and drawings write them).
    pub fn ranks(&self) -> Vec<std::ops::Range<usize>> {
        let mut rows = Vec::new();
        let mut start = 0;
        for i in 1..=self.len {
            if i == self.len || self.cells[i].r != self.cells[start].r {
                rows.push(start..i);
                start = i;
            }
        }
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_spec_example() {
        // Radius 2: the centre is c3, the top row rank 5, the bottom row rank 1.
        assert_eq!(Hex::new(0, 0).name(2), "c3");
        assert_eq!(Hex::new(0, -2).name(2), "c5");
        assert_eq!(Hex::new(-2, 2).name(2), "a1");
        assert_eq!(Hex::new(2, -2).name(2), "e5");
        let c3 = Hex::new(0, 0);
        let names: Vec<String> = HexDir::ALL.iter().map(|&d| c3.step(d).name(2)).collect();
        assert_eq!(names, ["d4", "d3", "c2", "b2", "b3", "c4"]);
    }

    #[test]
    fn parse_inverts_name() {
        for r in -8..=8 {
            for q in -8..=8 {
                let h = Hex::new(q, r);
                assert_eq!(Hex::parse(&h.name(8), 8), Some(h));
            }
        }
        for bad in ["", "a", "5", "a0", "a05", "A5", "r1", "a18", "a1x", "aa1"] {
            assert_eq!(Hex::parse(bad, 8), None, "{bad}");
        }
    }

    #[test]
    fn hexagon_sizes_and_tables() {
        for (r, n) in [(2, 19), (4, 61), (6, 127)] {
            assert_eq!(HexBoard::hexagon(r).len(), n);
        }
        let b = HexBoard::hexagon(2);
        let c3 = b.parse("c3").unwrap();
        assert_eq!(b.neighbor_mask(c3).count_ones(), 6);
        let a1 = b.parse("a1").unwrap();
        assert_eq!(b.neighbor_mask(a1).count_ones(), 3);
        let mid = b.neighbor(a1, HexDir::NE);
        let land = b.landing(a1, mid as usize);
        assert_eq!((b.name(mid as usize), b.name(land as usize)), ("b2".into(), "c3".into()));
        assert_eq!(b.neighbor(a1, HexDir::W), NONE);
        assert_eq!(b.jumpable(a1).count_ones(), 3);
        assert_eq!(b.hop_landings(a1).count_ones(), 3);
        assert!(b.hop_landings(a1) & bit(land as usize) != 0);
        assert_eq!(b.jumpable(c3).count_ones(), 6);
        assert_eq!(HexBoard::hexagon(1).jumpable(3), 0, "radius 1: nothing lies beyond a neighbour of the centre");
        assert_eq!(b.name(0), "c5");
    }

    #[test]
    fn rotation_has_order_six() {
        let h = Hex::new(3, -1);
        let mut x = h;
        for _ in 0..6 {
            x = x.rotate_cw();
            assert_eq!(x.ring(), h.ring());
        }
        assert_eq!(x, h);
        assert_eq!(h.rotate_cw().rotate_cw().rotate_cw(), h.reflect());
        assert_eq!(h.distance(Hex::new(0, 0)), h.ring());
        assert_eq!(Hex::new(2, -2).distance(Hex::new(-2, 2)), 4);
        assert_eq!(Hex::new(1, 1).distance(Hex::new(-1, 0)), 3);
        for d in HexDir::ALL {
            assert_eq!(Hex::new(0, 0).step(d).step(d.opposite()), Hex::new(0, 0));
        }
    }
}
