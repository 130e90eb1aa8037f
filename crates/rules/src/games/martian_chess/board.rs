//! The boards as data: cells, zones, neighbours, the Coaster arrows and the tables move
//! generation reads, one [`Topology`] per [`BoardKind`].
//!
//! Every board uses the same 8-wide layout: square `(x, y)` is bit `8 * y + x` of a `u64`,
//! so the 4×8, 8×8 and 6×6 boards share shifts and names.

use crate::core::zobrist::keys;

/// A set of squares, bit `8 * y + x`.
pub type Squares = u64;

/// Direction indices, clockwise from N (as [`crate::geometry::square::SquareDir::ALL`]).
pub const N: usize = 0;
/// North-east.
pub const NE: usize = 1;
/// East.
pub const E: usize = 2;
/// South-east.
pub const SE: usize = 3;
/// South.
pub const S: usize = 4;
/// South-west.
pub const SW: usize = 5;
/// West.
pub const W: usize = 6;
/// North-west.
pub const NW: usize = 7;

/// `(dx, dy)` of each direction.
pub const DELTA: [(i8, i8); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// The index change of a step in each direction in the 8-wide layout.
pub const SHIFT: [i8; 8] = [8, 9, 1, -7, -8, -9, -1, 7];

/// Arrow bits of a Coaster square: the square may be left to the N, E, S or W.
pub const AN: u8 = 1;
/// East arrow.
pub const AE: u8 = 2;
/// South arrow.
pub const AS: u8 = 4;
/// West arrow.
pub const AW: u8 = 8;

/// The arrow bit of orthogonal direction `d` (N, E, S, W), 0 for a diagonal.
pub const fn arrow_bit(d: usize) -> u8 {
    match d {
        N => AN,
        E => AE,
        S => AS,
        W => AW,
        _ => 0,
    }
}

/// "No square" in the neighbour table.
pub const NONE: u8 = u8::MAX;

/// The board a position is played on: the game, its player count and (Coaster, two
/// players) the canal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// Martian Chess, 2 players: 4×8, seat 0 on ranks 1–4.
    Martian2,
    /// Martian Chess, 4 players: 8×8 in quadrants.
    Martian4,
    /// Coaster Chess, 2 players, horizontal canal: seat 0 on ranks 1–3.
    Coaster2H,
    /// Coaster Chess, 2 players, vertical canal: seat 0 on files a–c.
    Coaster2V,
    /// Coaster Chess, 4 players: one coaster each.
    Coaster4,
}

impl BoardKind {
    /// Every kind, in [`TOPOLOGIES`] order.
    pub const ALL: [BoardKind; 5] =
        [BoardKind::Martian2, BoardKind::Martian4, BoardKind::Coaster2H, BoardKind::Coaster2V, BoardKind::Coaster4];

    /// The board's tables.
    #[inline(always)]
    pub fn topology(self) -> &'static Topology {
        &TOPOLOGIES[self as usize]
    }

    /// Whether this is a Coaster Chess board.
    pub fn is_coaster(self) -> bool {
        !matches!(self, BoardKind::Martian2 | BoardKind::Martian4)
    }
}

/// The Coaster arrows of the full 6×6 board (spec §4), rank 6 first, files a to f: the
/// board's topology as data. Squares with no coaster have no arrows.
pub const COASTER_ARROWS: [[u8; 6]; 6] = [
    [AN | AE | AS, AE | AS | AW, AN | AE | AW, AN | AS | AW, AN | AE | AS, AE | AS | AW],
    [AN | AE | AW, AN | AE | AS, AN | AE | AS, AN | AE | AS | AW, AE | AS | AW, AN | AS | AW],
    [AE | AS | AW, AN | AE | AS | AW, AN | AE | AW, AN | AE | AS, AE | AS | AW, AN | AE | AS],
    [AN | AS | AW, AN | AE | AW, AN | AS | AW, AE | AS | AW, AN | AE | AS | AW, AN | AE | AW],
    [AN | AE | AS, AN | AE | AW, AN | AE | AS | AW, AN | AS | AW, AN | AS | AW, AE | AS | AW],
    [AN | AE | AW, AN | AS | AW, AN | AE | AS, AE | AS | AW, AN | AE | AW, AN | AS | AW],
];

/// One Martian Coaster with its dot at the bottom left (the a1–c3 coaster), rank 3 first.
pub const COASTER_TILE: [[u8; 3]; 3] = [
    [AN | AS | AW, AN | AE | AW, AN | AS | AW],
    [AN | AE | AS, AN | AE | AW, AN | AE | AS | AW],
    [AN | AE | AW, AN | AS | AW, AN | AE | AS],
];

/// Everything move generation needs to know about one board.
#[derive(Debug)]
pub struct Topology {
    /// The board kind.
    pub kind: BoardKind,
    /// Files.
    pub width: u8,
    /// Ranks.
    pub height: u8,
    /// Seats (= zones).
    pub seats: u8,
    /// The squares of the board.
    pub cells: Squares,
    /// Each seat's zone.
    pub zones: [Squares; 4],
    /// The seat whose zone holds each square ([`NONE`] off the board).
    pub zone_of: [u8; 64],
    /// The neighbour of each square in each direction, [`NONE`] off the board.
    pub neighbour: [[u8; 8]; 64],
    /// The squares that have a neighbour in direction `d` (the shift sources of `d`).
    pub has_step: [Squares; 8],
    /// Coaster arrows of each square (0 on Martian boards).
    pub arrows: [u8; 64],
    /// The squares one arrow step away (Coaster boards).
    pub arrow_steps: [Squares; 64],
    /// The diagonal neighbours of each square (a pawn's reach).
    pub diagonal: [Squares; 64],
    /// The ray from each square in each direction, the square itself excluded.
    pub rays: [[Squares; 64]; 8],
}

const fn square_bit(x: i32, y: i32) -> Squares {
    1u64 << (8 * y + x)
}

const fn build(kind: BoardKind) -> Topology {
    let (width, height, seats): (i32, i32, u8) = match kind {
        BoardKind::Martian2 => (4, 8, 2),
        BoardKind::Martian4 => (8, 8, 4),
        BoardKind::Coaster2H | BoardKind::Coaster2V => (6, 6, 2),
        BoardKind::Coaster4 => (6, 6, 4),
    };
    let mut t = Topology {
        kind,
        width: width as u8,
        height: height as u8,
        seats,
        cells: 0,
        zones: [0; 4],
        zone_of: [NONE; 64],
        neighbour: [[NONE; 8]; 64],
        has_step: [0; 8],
        arrows: [0; 64],
        arrow_steps: [0; 64],
        diagonal: [0; 64],
        rays: [[0; 64]; 8],
    };
    let mut y = 0;
    while y < height {
        let mut x = 0;
        while x < width {
            let i = (8 * y + x) as usize;
            t.cells |= square_bit(x, y);
            let (hx, hy) = (x >= width / 2, y >= height / 2);
            let zone: u8 = match kind {
                BoardKind::Martian2 | BoardKind::Coaster2H => hy as u8,
                BoardKind::Coaster2V => hx as u8,
                // Quadrants clockwise from a1: a1 (0), top-left (1), top-right (2), bottom-right (3).
                BoardKind::Martian4 | BoardKind::Coaster4 => match (hx, hy) {
                    (false, false) => 0,
                    (false, true) => 1,
                    (true, true) => 2,
                    (true, false) => 3,
                },
            };
            t.zone_of[i] = zone;
            t.zones[zone as usize] |= square_bit(x, y);
            if kind.is_coaster_const() {
                t.arrows[i] = COASTER_ARROWS[(5 - y) as usize][x as usize];
            }
            let mut d = 0;
            while d < 8 {
                let (dx, dy) = DELTA[d];
                let (mut nx, mut ny) = (x + dx as i32, y + dy as i32);
                if nx >= 0 && nx < width && ny >= 0 && ny < height {
                    t.neighbour[i][d] = (8 * ny + nx) as u8;
                    t.has_step[d] |= square_bit(x, y);
                    if d % 2 == 1 {
                        t.diagonal[i] |= square_bit(nx, ny);
                    }
                    if t.arrows[i] & arrow_bit(d) != 0 {
                        t.arrow_steps[i] |= square_bit(nx, ny);
                    }
                }
                while nx >= 0 && nx < width && ny >= 0 && ny < height {
                    t.rays[d][i] |= square_bit(nx, ny);
                    nx += dx as i32;
                    ny += dy as i32;
                }
                d += 1;
            }
            x += 1;
        }
        y += 1;
    }
    t
}

impl BoardKind {
    const fn is_coaster_const(self) -> bool {
        !matches!(self, BoardKind::Martian2 | BoardKind::Martian4)
    }
}

/// The tables of every board, in [`BoardKind::ALL`] order.
pub static TOPOLOGIES: [Topology; 5] = [
    build(BoardKind::Martian2),
    build(BoardKind::Martian4),
    build(BoardKind::Coaster2H),
    build(BoardKind::Coaster2V),
    build(BoardKind::Coaster4),
];

impl Topology {
    /// The index of square `(x, y)`.
    pub const fn index(x: u8, y: u8) -> usize {
        8 * y as usize + x as usize
    }

    /// The name of square `i`, e.g. `a1`.
    pub fn name(i: usize) -> String {
        format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1)
    }

    /// Reads a square name on this board.
    pub fn parse(&self, text: &str) -> Option<usize> {
        crate::geometry::square::Square::parse(text, self.width, self.height).map(|s| Topology::index(s.x, s.y))
    }
}

/// Zobrist keys: piece size (1 to 3) on a square.
pub static PIECE_KEYS: [[u64; 64]; 3] = [keys(0x6d63_0001), keys(0x6d63_0002), keys(0x6d63_0003)];
/// The seat to move.
pub static TURN_KEYS: [u64; 4] = keys(0x6d63_0004);
/// Clock state: index 0 = not running, `1 + n` = running with `n` counted.
pub static CLOCK_KEYS: [u64; 257] = keys(0x6d63_0005);
/// The no-reject memory: the previous move's `from` and `to`.
pub static MEMORY_FROM_KEYS: [u64; 64] = keys(0x6d63_0006);
/// See [`MEMORY_FROM_KEYS`].
pub static MEMORY_TO_KEYS: [u64; 64] = keys(0x6d63_0007);
/// Consecutive passes, 0 to 4.
pub static PASS_KEYS: [u64; 5] = keys(0x6d63_0008);
/// Captured points per seat, 0 to 72 each.
pub static POINT_KEYS: [[u64; 73]; 4] = [keys(0x6d63_0009), keys(0x6d63_000a), keys(0x6d63_000b), keys(0x6d63_000c)];

#[cfg(test)]
mod tests {
    use super::*;

    /// The full board is the one coaster turned 90° clockwise for a4–c6, 180° for d4–f6
    /// and 270° for d1–f3 (spec §4), and turning the whole board 90° leaves it unchanged.
    #[test]
    fn the_arrow_table_is_the_tile_turned() {
        // Arrow at (x, y) of the board, y = 0 is rank 1.
        let board = |x: usize, y: usize| COASTER_ARROWS[5 - y][x];
        let tile = |x: usize, y: usize| COASTER_TILE[2 - y][x];
        // Turning 90° clockwise: (x, y) -> (y, 5 - x) on the board, N -> E -> S -> W.
        let turn_arrows = |a: u8| ((a << 1) | (a >> 3)) & 0xf;
        for y in 0..3 {
            for x in 0..3 {
                assert_eq!(board(x, y), tile(x, y), "a1-c3 at {x},{y}");
            }
        }
        for y in 0..6 {
            for x in 0..6 {
                let (tx, ty) = (y, 5 - x);
                assert_eq!(board(tx, ty), turn_arrows(board(x, y)), "turned {x},{y}");
            }
        }
        let arrows: u32 = COASTER_ARROWS.iter().flatten().map(|a| a.count_ones()).sum();
        let t = BoardKind::Coaster4.topology();
        let usable: u32 = (0..64).map(|i| t.arrow_steps[i].count_ones()).sum();
        assert_eq!(arrows - usable, 16, "sixteen arrows point off the board");
    }

    #[test]
    fn zones_split_each_board() {
        for kind in BoardKind::ALL {
            let t = kind.topology();
            let union = t.zones.iter().fold(0, |a, z| a | z);
            assert_eq!(union, t.cells);
            let per = t.cells.count_ones() / t.seats as u32;
            for s in 0..t.seats as usize {
                assert_eq!(t.zones[s].count_ones(), per, "{kind:?}");
            }
        }
        let m4 = BoardKind::Martian4.topology();
        let sq = |n: &str| m4.parse(n).unwrap();
        assert_eq!([sq("a1"), sq("a5"), sq("e5"), sq("e1")].map(|i| m4.zone_of[i]), [0, 1, 2, 3]);
        let v = BoardKind::Coaster2V.topology();
        assert_eq!(v.zone_of[v.parse("c6").unwrap()], 0);
        assert_eq!(v.zone_of[v.parse("d1").unwrap()], 1);
    }
}
