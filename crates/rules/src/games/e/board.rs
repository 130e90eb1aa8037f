//! The radius-6 hexagon of E (127 cells, a1–m13, centre g7) and its tables, built once:
//! neighbours and jump landings per direction, the zone of every cell (centre, one of the
//! six border rays, or one of the six sectors), Home and Goal sets per sector, the opening
//! layout, the cells within reach of a move, and the Zobrist keys.

use std::sync::LazyLock;

use crate::core::zobrist::keys;
use crate::geometry::bits::{BITS, Bits, bit, has};
use crate::geometry::hex::{Hex, HexBoard, HexDir, NONE};

/// The board radius: 13 ranks, 127 cells.
pub const RADIUS: i8 = 6;
/// The number of cells.
pub const CELLS: usize = 127;
/// Pieces per seat: 5 small, 5 medium, 5 large.
pub const PIECES: usize = 15;
/// The most seats.
pub const MAX_SEATS: usize = 6;
/// Piece kinds: seat × size.
pub const KINDS: usize = MAX_SEATS * 3;

/// A cell's zone (spec §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    /// g7, safe for everyone.
    Centre,
    /// Border ray `k` (direction D`k` from the centre).
    Ray(u8),
    /// Sector `k` (between rays `k` and `k + 1`).
    Sector(u8),
}

/// The board's tables.
pub struct Tables {
    /// Cells, names, neighbours.
    pub hex: HexBoard,
    /// `step[c][d]`: the neighbour of `c` in direction `d`, or [`NONE`].
    pub step: [[u8; 6]; CELLS],
    /// `jump[c][d]`: the cell two steps from `c` in direction `d`, or [`NONE`].
    pub jump: [[u8; 6]; CELLS],
    /// Neighbours of each cell as a bitboard.
    pub neighbors: [Bits; CELLS],
    /// Cells within distance `k` of each cell (`reach[c][k]`, k = 0..=6), itself excluded.
    pub reach: [[Bits; 7]; CELLS],
    /// The zone of each cell.
    pub zone: [Zone; CELLS],
    /// Sector `k`'s 15 cells: the goal of a seat whose home sector is `k + 3`.
    pub sector: [Bits; 6],
    /// Home of sector `k`: the sector, its two border rays and the centre.
    pub home: [Bits; 6],
    /// For each cell, the sectors whose Home holds it, a bit per sector.
    pub home_of: [u8; CELLS],
    /// The distance of each cell to each sector (0 inside it).
    pub distance_to_sector: [[u8; 6]; CELLS],
}

// Walks treat any table entry of `CELLS` or more as off the board.
const _: () = assert!(NONE as usize == CELLS);

/// The tables of the one E board.
pub static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

/// The cell at `i * D[a] + j * D[b]`.
fn combine(i: i8, a: HexDir, j: i8, b: HexDir) -> Hex {
    let (aq, ar) = a.delta();
    let (bq, br) = b.delta();
    Hex::new(i * aq + j * bq, i * ar + j * br)
}

/// The cell of sector `k` at `i * Dk + j * D(k+1)` (i, j ≥ 1, i + j ≤ 6).
pub fn sector_cell(k: u8, i: i8, j: i8) -> Hex {
    combine(i, HexDir::ALL[k as usize % 6], j, HexDir::ALL[(k as usize + 1) % 6])
}

impl Tables {
    fn build() -> Tables {
        let hex = HexBoard::hexagon(RADIUS);
        assert_eq!(hex.len(), CELLS);
        let mut t = Tables {
            step: [[NONE; 6]; CELLS],
            jump: [[NONE; 6]; CELLS],
            neighbors: [0; CELLS],
            reach: [[0; 7]; CELLS],
            zone: [Zone::Centre; CELLS],
            sector: [0; 6],
            home: [0; 6],
            home_of: [0; CELLS],
            distance_to_sector: [[0; 6]; CELLS],
            hex,
        };
        for c in 0..CELLS {
            let h = t.hex.cell(c);
            for d in HexDir::ALL {
                t.step[c][d as usize] = t.hex.neighbor(c, d);
                t.jump[c][d as usize] = t.hex.index(h.step(d).step(d)).map_or(NONE, |i| i as u8);
            }
            t.neighbors[c] = t.hex.neighbor_mask(c);
            for other in (0..CELLS).filter(|&o| o != c) {
                let dist = h.distance(t.hex.cell(other));
                for k in dist..=6 {
                    t.reach[c][k as usize] |= BITS[other];
                }
            }
        }
        for k in 0..6u8 {
            let dir = HexDir::ALL[k as usize];
            for i in 1..=RADIUS {
                let c = t.hex.index(combine(i, dir, 0, dir)).expect("a ray cell");
                t.zone[c] = Zone::Ray(k);
            }
            for i in 1..RADIUS {
                for j in 1..=(RADIUS - i) {
                    let c = t.hex.index(sector_cell(k, i, j)).expect("a sector cell");
                    t.zone[c] = Zone::Sector(k);
                    t.sector[k as usize] |= BITS[c];
                }
            }
        }
        let centre = t.hex.index(Hex::new(0, 0)).expect("the centre");
        for k in 0..6usize {
            let mut home = t.sector[k] | BITS[centre];
            for (c, zone) in t.zone.iter().enumerate() {
                if *zone == Zone::Ray(k as u8) || *zone == Zone::Ray(((k + 1) % 6) as u8) {
                    home |= bit(c);
                }
            }
            t.home[k] = home;
            for c in 0..CELLS {
                if has(home, c) {
                    t.home_of[c] |= 1 << k;
                }
                let h = t.hex.cell(c);
                t.distance_to_sector[c][k] = (0..CELLS)
                    .filter(|&g| has(t.sector[k], g))
                    .map(|g| h.distance(t.hex.cell(g)) as u8)
                    .min()
                    .unwrap_or(0);
            }
        }
        t
    }
}

/// The size of the piece the opening puts on sector cell `(i, j)` (ring `i + j`): ring 6
/// large, ring 5 medium, ring 4 small–medium–small with the medium at `medium_j` (2 in
/// the middle, 3 next to ray k+1, 1 next to ray k), rings 3 and 2 small.
pub fn opening_size(i: i8, j: i8, medium_j: i8) -> u8 {
    match i + j {
        6 => 3,
        5 => 2,
        4 if j == medium_j => 2,
        _ => 1,
    }
}

/// The index of axial cell `(q, r)` on the board (cells ranked from the top row down,
/// each row west to east), for tables built at compile time.
const fn index_of(q: i32, r: i32) -> usize {
    let mut i = 0;
    let mut row = -6;
    while row < r {
        i += 13 - if row < 0 { -row } else { row } as usize;
        row += 1;
    }
    let first = if r < 0 { -6 - r } else { -6 };
    i + (q - first) as usize
}

/// The 15 cells of each sector as bitboards, known at compile time (the same sets as
/// [`Tables::sector`]): the goal test reads them on every move.
pub const SECTORS: [Bits; 6] = {
    // Directions NE, E, SE, SW, W, NW as (dq, dr).
    const D: [(i32, i32); 6] = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)];
    let mut out = [0; 6];
    let mut k = 0;
    while k < 6 {
        let (a, b) = (D[k], D[(k + 1) % 6]);
        let mut i = 1;
        while i < 6 {
            let mut j = 1;
            while i + j <= 6 {
                out[k] |= 1u128 << index_of(i * a.0 + j * b.0, i * a.1 + j * b.1);
                j += 1;
            }
            i += 1;
        }
        k += 1;
    }
    out
};

/// Each seat's goal by its home sector `k` (sector `k + 3`), as the one 64-bit word of a
/// bitboard that holds it: whether that is the high word, and the goal's bits in it. No
/// sector crosses bit 64 (checked at compile time). The last two entries belong to no home
/// sector, and no seat fills them.
pub const GOAL_WORDS: [(bool, u64); 8] = {
    let mut out = [(false, u64::MAX); 8];
    let mut k = 0;
    while k < 6 {
        let goal = SECTORS[(k + 3) % 6];
        let (low, high) = (goal as u64, (goal >> 64) as u64);
        assert!(low == 0 || high == 0, "a sector lies within one 64-bit word");
        out[k] = if high == 0 { (false, low) } else { (true, high) };
        k += 1;
    }
    out
};

/// Zobrist key of a piece of `kind` (seat × 3 + size − 1) at `cell`, height `level`: the
/// cell-and-kind key times an odd key per height (a bijection per height, so the same
/// pieces in another order hash apart).
#[inline(always)]
pub fn piece_key(cell: usize, level: u8, kind: usize) -> u64 {
    CELL_KIND_KEYS[(cell % CELLS) * KINDS + kind % KINDS].wrapping_mul(LEVEL_KEYS[level as usize] | 1)
}

static CELL_KIND_KEYS: [u64; CELLS * KINDS] = keys(0xE0E0_0001);
/// One key per height 0..=255, mixed with the cell-and-kind key.
const LEVEL_KEYS: [u64; 256] = keys(0xE0E0_0002);
/// The seat to move.
pub const TURN_KEYS: [u64; MAX_SEATS] = keys(0xE0E0_0003);
/// Consecutive passes.
pub const PASS_KEYS: [u64; MAX_SEATS + 1] = keys(0xE0E0_0004);
/// The slots of the previous turn's movement and exchange (with `previous_move_only`): a
/// cell's key, mixed with the height and the slot's part.
pub const PREV_KEYS: [u64; CELLS] = keys(0xE0E0_0005);

#[cfg(test)]
mod tests {
    use super::*;

    fn name(c: usize) -> String {
        TABLES.hex.name(c)
    }

    #[test]
    fn zones_follow_the_spec_map() {
        let t = &*TABLES;
        let count = |z: Zone| (0..CELLS).filter(|&c| t.zone[c] == z).count();
        assert_eq!(count(Zone::Centre), 1);
        for k in 0..6 {
            assert_eq!(count(Zone::Ray(k)), 6);
            assert_eq!(count(Zone::Sector(k)), 15);
            assert_eq!(t.sector[k as usize].count_ones(), 15);
            assert_eq!(t.home[k as usize].count_ones(), 15 + 12 + 1);
        }
        let ray0: Vec<String> = (0..CELLS).filter(|&c| t.zone[c] == Zone::Ray(0)).map(name).collect();
        let mut want = vec!["h8", "i9", "j10", "k11", "l12", "m13"];
        want.sort_by_key(|n| t.hex.parse(n));
        assert_eq!(ray0, want);
        assert_eq!(t.zone[t.hex.parse("g7").unwrap()], Zone::Centre);
        assert_eq!(SECTORS, t.sector, "the compile-time sectors");
        for (k, &(high, bits)) in GOAL_WORDS.iter().enumerate().take(6) {
            let goal = if high { (bits as Bits) << 64 } else { bits as Bits };
            assert_eq!(goal, t.sector[(k + 3) % 6], "the goal of home sector {k}");
        }
        assert_eq!(t.zone[t.hex.parse("i8").unwrap()], Zone::Sector(0));
        assert_eq!(t.zone[t.hex.parse("a6").unwrap()], Zone::Sector(3));
        assert_eq!(t.zone[t.hex.parse("h13").unwrap()], Zone::Sector(5));
        // A ray belongs to the homes of the two sectors beside it; g7 to every home.
        assert_eq!(t.home_of[t.hex.parse("h7").unwrap()], 0b000011);
        assert_eq!(t.home_of[t.hex.parse("g7").unwrap()], 0b111111);
        assert_eq!(t.distance_to_sector[t.hex.parse("i8").unwrap()][0], 0);
        assert_eq!(t.distance_to_sector[t.hex.parse("g7").unwrap()][0], 2);
    }

    #[test]
    fn reach_and_jumps() {
        let t = &*TABLES;
        let g7 = t.hex.parse("g7").unwrap();
        assert_eq!(t.reach[g7][1].count_ones(), 6);
        assert_eq!(t.reach[g7][3].count_ones(), 36);
        assert_eq!(t.reach[g7][6].count_ones(), 126);
        let a1 = t.hex.parse("a1").unwrap();
        assert_eq!(name(t.jump[a1][HexDir::NE as usize] as usize), "c3");
        assert_eq!(t.jump[a1][HexDir::W as usize], NONE);
    }
}
