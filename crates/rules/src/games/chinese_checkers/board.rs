//! The 121-hole star, its six camps and the Zobrist keys, built once.

use std::sync::LazyLock;

use crate::core::zobrist;
use crate::geometry::bits::{Bits, bit};
use crate::geometry::hex::{Hex, HexBoard};
use crate::geometry::seating::opposite;

/// The radius whose names the star uses (files a–q, ranks 1–17).
pub const RADIUS: i8 = 8;
/// Holes on the board.
pub const HOLES: usize = 121;
/// Pegs per seat.
pub const PEGS: u32 = 10;

/// The star board with its camps.
#[derive(Debug)]
pub struct Star {
    /// Cells, neighbours and hops.
    pub board: HexBoard,
    /// `tip_distance[camp][hole]`: steps from the hole to the camp's tip (its hole
    /// farthest from the centre); 0 past the board.
    tip_distance: [[u8; 128]; 6],
}

/// `camp_of` of a hole outside every camp.
pub const NO_CAMP: u8 = 6;

/// The camp of each hole by index (spec §1), [`NO_CAMP`] for the inner hexagon. Computed
/// at compile time in the board's cell order (top rank first, west to east).
pub static CAMP_OF: [u8; 128] = {
    let mut out = [NO_CAMP; 128];
    let mut index = 0;
    let mut r = -RADIUS;
    while r <= RADIUS {
        let mut q = -RADIUS;
        while q <= RADIUS {
            let s = -q - r;
            let (max, min) = (max3(q, r, s), min3(q, r, s));
            if max <= RADIUS && min >= -RADIUS && (max <= 4 || min >= -4) {
                out[index] = if r <= -5 {
                    0
                } else if q >= 5 {
                    1
                } else if s <= -5 {
                    2
                } else if r >= 5 {
                    3
                } else if q <= -5 {
                    4
                } else if s >= 5 {
                    5
                } else {
                    NO_CAMP
                };
                index += 1;
            }
            q += 1;
        }
        r += 1;
    }
    out
};

/// The holes of each camp, computed at compile time from [`CAMP_OF`].
pub static CAMP_MASKS: [Bits; 6] = {
    let mut out = [0; 6];
    let mut i = 0;
    while i < 128 {
        if CAMP_OF[i] != NO_CAMP {
            out[CAMP_OF[i] as usize] |= bit(i);
        }
        i += 1;
    }
    out
};

const fn max3(a: i8, b: i8, c: i8) -> i8 {
    let m = if a > b { a } else { b };
    if m > c { m } else { c }
}

const fn min3(a: i8, b: i8, c: i8) -> i8 {
    let m = if a < b { a } else { b };
    if m < c { m } else { c }
}

impl Star {
    /// The ten holes of camp `camp` (0 to 5).
    #[inline(always)]
    pub fn camp(&self, camp: u8) -> Bits {
        CAMP_MASKS[camp as usize % 6]
    }
    /// Steps from `hole` to the tip of `camp`; the ten holes of the camp are the ten
    /// nearest its tip (sum 20), so a race toward a target can measure by it.
    #[inline(always)]
    pub fn tip_distance(&self, camp: u8, hole: usize) -> u8 {
        self.tip_distance[camp as usize % 6][hole & 127]
    }
    /// The table behind [`tip_distance`](Star::tip_distance), for copying into hot loops.
    pub fn tip_distances(&self) -> &[[u8; 128]; 6] {
        &self.tip_distance
    }
    /// The target of a seat sitting in `camp`: the opposite camp.
    #[inline(always)]
    pub fn target(&self, camp: u8) -> Bits {
        CAMP_MASKS[opposite(camp) as usize]
    }
}

/// Is `(q, r)` a hole: the union of the two big triangles.
fn is_hole(h: Hex) -> bool {
    let (q, r, s) = (h.q, h.r, h.s());
    q.max(r).max(s) <= 4 || q.min(r).min(s) >= -4
}

/// Which camp a hole is in, if any: the axial rules of spec §1 (checks [`CAMP_OF`]).
#[cfg(test)]
fn camp_of(h: Hex) -> Option<usize> {
    let (q, r, s) = (h.q, h.r, h.s());
    [r <= -5, q >= 5, s <= -5, r >= 5, q <= -5, s >= 5].iter().position(|&c| c)
}

/// The star, built on first use.
pub static STAR: LazyLock<Star> = LazyLock::new(|| {
    let board = HexBoard::new(RADIUS, is_hole);
    let mut tip_distance = [[0u8; 128]; 6];
    for (camp, row) in tip_distance.iter_mut().enumerate() {
        let tip = (0..HOLES).filter(|&i| CAMP_OF[i] as usize == camp).max_by_key(|&i| board.cell(i).ring());
        let tip = board.cell(tip.expect("ten holes a camp"));
        for (i, d) in row.iter_mut().enumerate().take(HOLES) {
            *d = board.cell(i).distance(tip) as u8;
        }
    }
    Star { board, tip_distance }
});

/// Zobrist key of a peg of `seat` in hole `i`.
pub static PEG_KEYS: [[u64; 128]; 6] = {
    let flat: [u64; 768] = zobrist::keys(0xC4EC_0001);
    let mut out = [[0u64; 128]; 6];
    let mut s = 0;
    while s < 6 {
        let mut i = 0;
        while i < 128 {
            out[s][i] = flat[s * 128 + i];
            i += 1;
        }
        s += 1;
    }
    out
};
/// Zobrist key of the seat to move.
pub static TURN_KEYS: [u64; 6] = zobrist::keys(0xC4EC_0002);
/// Zobrist key of the consecutive-pass count (0 has key 0).
pub static PASS_KEYS: [u64; 7] = {
    let mut k: [u64; 7] = zobrist::keys(0xC4EC_0003);
    k[0] = 0;
    k
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_has_121_holes_and_ten_per_camp() {
        let star = &*STAR;
        assert_eq!(star.board.len(), HOLES);
        for (i, &camp) in CAMP_OF.iter().enumerate() {
            let expected = if i < HOLES { camp_of(star.board.cell(i)) } else { None };
            assert_eq!(camp, expected.map_or(NO_CAMP, |c| c as u8), "hole {i}");
        }
        for (c, &camp) in CAMP_MASKS.iter().enumerate() {
            assert_eq!(camp.count_ones(), 10, "camp {c}");
        }
        let all: Bits = CAMP_MASKS.iter().fold(0, |a, &c| a | c);
        for c in 0..6 {
            let own: u32 = crate::geometry::bits::BitIter(star.camp(c)).map(|i| star.tip_distance(c, i) as u32).sum();
            assert_eq!(own, 20, "a camp is the ten holes nearest its tip");
        }
        assert_eq!(star.tip_distance(0, star.board.parse("m17").unwrap()), 0);
        assert_eq!(star.tip_distance(0, star.board.parse("e1").unwrap()), 16);
        assert_eq!(all.count_ones(), 60);
        assert_eq!(star.board.name(0), "m17");
        assert_eq!(star.board.name(HOLES - 1), "e1");
        let name = |camp: usize| -> Vec<String> {
            crate::geometry::bits::BitIter(star.camp(camp as u8)).map(|i| star.board.name(i)).collect()
        };
        assert_eq!(name(0), ["m17", "l16", "m16", "k15", "l15", "m15", "j14", "k14", "l14", "m14"]);
        assert_eq!(name(4), ["d8", "c7", "d7", "b6", "c6", "d6", "a5", "b5", "c5", "d5"]);
        assert_eq!(name(1), ["n13", "o13", "p13", "q13", "n12", "o12", "p12", "n11", "o11", "n10"]);
        // The centre and the opposite camps are point reflections of each other.
        assert_eq!(star.board.parse("i9"), star.board.index(Hex::new(0, 0)));
        for c in 0..6 {
            let reflected: Bits = crate::geometry::bits::BitIter(star.camp(c as u8))
                .map(|i| bit(star.board.index(star.board.cell(i).reflect()).unwrap()))
                .fold(0, |a, b| a | b);
            assert_eq!(reflected, star.target(c as u8));
        }
    }
}
