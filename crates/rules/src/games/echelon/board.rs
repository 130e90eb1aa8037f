//! The hex-hex boards of every radius with their ray tables, and the Zobrist keys.
//!
//! Cells are indexed as [`HexBoard`] does: from the top rank down, each rank west to
//! east. So along E, SE and SW the index rises (the first counter met on a ray is its
//! lowest set bit) and along NE, W and NW it falls (the highest set bit).

use std::sync::LazyLock;

use super::options::{MAX_RADIUS, MIN_RADIUS};
use crate::core::zobrist;
use crate::geometry::bits::{Bits, bit};
use crate::geometry::hex::{HexBoard, HexDir};

/// The most counters a position holds (two sides of ten).
pub const MAX_COUNTERS: usize = 20;

/// Whether the index rises along direction `d` (in [`HexDir::ALL`] order).
pub const RISING: [bool; 6] = [false, true, true, true, false, false];

/// One board size: cells, names and rays.
#[derive(Debug)]
pub struct Board {
    /// Cells, names and neighbours.
    pub hex: HexBoard,
    /// `rays[i][d]`: the cells beyond cell `i` in direction `d` up to the edge.
    pub rays: [[Bits; 6]; 128],
    /// The neighbours of each cell.
    pub neighbors: [Bits; 128],
}

impl Board {
    fn new(radius: u8) -> Board {
        let hex = HexBoard::hexagon(radius as i8);
        let mut rays = [[0; 6]; 128];
        let mut neighbors = [0; 128];
        for (i, cell_rays) in rays.iter_mut().enumerate().take(hex.len()) {
            for (d, dir) in HexDir::ALL.into_iter().enumerate() {
                let mut h = hex.cell(i).step(dir);
                while let Some(j) = hex.index(h) {
                    cell_rays[d] |= bit(j);
                    h = h.step(dir);
                }
            }
            neighbors[i] = hex.neighbor_mask(i);
        }
        Board { hex, rays, neighbors }
    }

    /// The radius.
    pub fn radius(&self) -> u8 {
        self.hex.radius() as u8
    }
}

type Lazy = LazyLock<Board>;

static BOARDS: [Lazy; (MAX_RADIUS - MIN_RADIUS + 1) as usize] = [
    Lazy::new(|| Board::new(2)),
    Lazy::new(|| Board::new(3)),
    Lazy::new(|| Board::new(4)),
    Lazy::new(|| Board::new(5)),
    Lazy::new(|| Board::new(6)),
];

/// The board of radius `radius` ([`MIN_RADIUS`] to [`MAX_RADIUS`]), built on first use.
pub fn board(radius: u8) -> &'static Board {
    &BOARDS[(radius.clamp(MIN_RADIUS, MAX_RADIUS) - MIN_RADIUS) as usize]
}

/// `COUNTER_KEYS[cell][level][colour]`: a counter of `colour` (0 red, 1 blue) at height
/// `level` (0 = bottom) of the stack on `cell`.
pub static COUNTER_KEYS: [[[u64; 2]; MAX_COUNTERS]; 128] = {
    let flat: [u64; 128 * MAX_COUNTERS * 2] = zobrist::keys(0xEC4E_0001);
    let mut out = [[[0u64; 2]; MAX_COUNTERS]; 128];
    let mut i = 0;
    while i < 128 {
        let mut l = 0;
        while l < MAX_COUNTERS {
            out[i][l][0] = flat[(i * MAX_COUNTERS + l) * 2];
            out[i][l][1] = flat[(i * MAX_COUNTERS + l) * 2 + 1];
            l += 1;
        }
        i += 1;
    }
    out
};

/// Zobrist key of a dead hex.
pub static DEAD_KEYS: [u64; 128] = zobrist::keys(0xEC4E_0002);

/// Zobrist key of blue to move.
pub const BLUE_TO_MOVE: u64 = zobrist::splitmix64(0xEC4E_0003).1;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::bits::BitIter;

    #[test]
    fn rays_run_to_the_edge_in_index_order() {
        for radius in MIN_RADIUS..=MAX_RADIUS {
            let b = board(radius);
            assert_eq!(b.radius(), radius);
            let n = 3 * radius as usize * (radius as usize + 1) + 1;
            assert_eq!(b.hex.len(), n);
            for i in 0..n {
                for (d, &rising) in RISING.iter().enumerate() {
                    let ray = b.rays[i][d];
                    assert_eq!(ray & bit(i), 0);
                    // The ray's first cell is the neighbour, and the index moves one way.
                    if ray != 0 {
                        let first = if rising { ray.trailing_zeros() } else { 127 - ray.leading_zeros() };
                        assert_eq!(first as u8, b.hex.neighbor(i, HexDir::ALL[d]));
                        assert!(BitIter(ray).all(|j| (j > i) == rising));
                    } else {
                        assert_eq!(b.hex.neighbor(i, HexDir::ALL[d]), crate::geometry::hex::NONE);
                    }
                }
            }
        }
        // From d5 on the default board: 1 cell E to the centre... 4 to the east edge.
        let b = board(4);
        let d5 = b.hex.parse("d5").unwrap();
        let lens: Vec<u32> = (0..6).map(|d| b.rays[d5][d].count_ones()).collect();
        assert_eq!(lens, [4, 5, 4, 3, 3, 3]);
    }
}
