//! The 8×8 grid (square `y * 8 + x`), the four edge directions, precomputed rays and the
//! Zobrist keys, all built at compile time.

use crate::core::zobrist;

/// Squares on the board.
pub const SQUARES: usize = 64;
/// "No square" in the step table.
pub const NONE: u8 = u8::MAX;

/// An edge direction: N (+y), E (+x), S (−y), W (−x). `d ^ 2` is the opposite.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Dir {
    /// +y (up-left on the rotated board).
    N = 0,
    /// +x (up-right).
    E = 1,
    /// −y (down-right).
    S = 2,
    /// −x (down-left).
    W = 3,
}

impl Dir {
    /// N, E, S, W.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// The direction with index `i & 3`.
    #[inline(always)]
    pub const fn from_index(i: u8) -> Dir {
        match i & 3 {
            0 => Dir::N,
            1 => Dir::E,
            2 => Dir::S,
            _ => Dir::W,
        }
    }
    /// The index 0..4.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The opposite direction.
    #[inline(always)]
    pub const fn opposite(self) -> Dir {
        Dir::from_index(self as u8 ^ 2)
    }
    /// The letter of the notation.
    pub const fn letter(self) -> char {
        match self {
            Dir::N => 'N',
            Dir::E => 'E',
            Dir::S => 'S',
            Dir::W => 'W',
        }
    }
    /// Reads a letter of the notation.
    pub const fn from_letter(c: u8) -> Option<Dir> {
        match c {
            b'N' => Some(Dir::N),
            b'E' => Some(Dir::E),
            b'S' => Some(Dir::S),
            b'W' => Some(Dir::W),
            _ => None,
        }
    }
    /// `(dx, dy)`.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::E => (1, 0),
            Dir::S => (0, -1),
            Dir::W => (-1, 0),
        }
    }
}

const fn step(sq: usize, d: usize) -> u8 {
    let (x, y) = ((sq % 8) as i8, (sq / 8) as i8);
    let (dx, dy) = Dir::from_index(d as u8).delta();
    let (nx, ny) = (x + dx, y + dy);
    if nx < 0 || nx > 7 || ny < 0 || ny > 7 { NONE } else { (ny * 8 + nx) as u8 }
}

/// `NEXT[d][sq]`: the neighbour across edge `d`, or [`NONE`].
pub static NEXT: [[u8; SQUARES]; 4] = {
    let mut t = [[NONE; SQUARES]; 4];
    let mut d = 0;
    while d < 4 {
        let mut sq = 0;
        while sq < SQUARES {
            t[d][sq] = step(sq, d);
            sq += 1;
        }
        d += 1;
    }
    t
};

/// `RAYS[d][sq]`: the squares beyond `sq` in direction `d`, up to the edge.
pub static RAYS: [[u64; SQUARES]; 4] = {
    let mut t = [[0u64; SQUARES]; 4];
    let mut d = 0;
    while d < 4 {
        let mut sq = 0;
        while sq < SQUARES {
            let mut s = step(sq, d);
            while s != NONE {
                t[d][sq] |= 1u64 << s;
                s = step(s as usize, d);
            }
            sq += 1;
        }
        d += 1;
    }
    t
};

/// `EDGE[d][sq]`: the last square on the board going from `sq` in direction `d` (`sq`
/// itself on that edge).
pub static EDGE: [[u8; SQUARES]; 4] = {
    let mut t = [[0u8; SQUARES]; 4];
    let mut d = 0;
    while d < 4 {
        let mut sq = 0;
        while sq < SQUARES {
            let mut last = sq as u8;
            let mut s = step(sq, d);
            while s != NONE {
                last = s;
                s = step(s as usize, d);
            }
            t[d][sq] = last;
            sq += 1;
        }
        d += 1;
    }
    t
};

/// The nearest set square of `ray` seen from its origin in direction `d` (`ray` must be a
/// non-empty subset of a ray in direction `d`): N and E run up the index, S and W down.
#[inline(always)]
pub fn nearest(ray: u64, d: Dir) -> u8 {
    if (d as u8) < 2 { ray.trailing_zeros() as u8 } else { 63 - ray.leading_zeros() as u8 }
}

/// The name of a square, e.g. `a1`.
pub fn name(sq: u8) -> String {
    format!("{}{}", (b'a' + sq % 8) as char, sq / 8 + 1)
}

/// Reads a square name.
pub fn parse_square(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some((r - b'1') * 8 + (f - b'a')),
        _ => None,
    }
}

/// Piece keys: `PIECE_KEYS[seat][kind][sq]` with kind 0 = Tower, 1..=4 = Beamer facing
/// N/E/S/W, 5..=8 = Icelight facing N/E/S/W.
pub static PIECE_KEYS: [[[u64; SQUARES]; 9]; 2] = {
    let flat: [u64; 2 * 9 * SQUARES] = zobrist::keys(0x1CE1_0001);
    let mut t = [[[0u64; SQUARES]; 9]; 2];
    let mut i = 0;
    while i < flat.len() {
        t[i / (9 * SQUARES)][(i / SQUARES) % 9][i % SQUARES] = flat[i];
        i += 1;
    }
    t
};
/// Side-to-move keys.
pub static TURN_KEYS: [u64; 2] = zobrist::keys(0x1CE1_0002);
/// Keys of the consecutive-pass count 0, 1, 2 (0 has key 0).
pub static PASS_KEYS: [u64; 3] = {
    let k: [u64; 3] = zobrist::keys(0x1CE1_0003);
    [0, k[1], k[2]]
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rays_and_edges() {
        let a1 = parse_square("a1").unwrap();
        assert_eq!(RAYS[Dir::N.index()][a1 as usize].count_ones(), 7);
        assert_eq!(RAYS[Dir::S.index()][a1 as usize], 0);
        assert_eq!(EDGE[Dir::E.index()][a1 as usize], parse_square("h1").unwrap());
        assert_eq!(EDGE[Dir::W.index()][a1 as usize], a1);
        assert_eq!(NEXT[Dir::W.index()][a1 as usize], NONE);
        let d4 = parse_square("d4").unwrap();
        let ray = RAYS[Dir::S.index()][d4 as usize];
        assert_eq!(name(nearest(ray, Dir::S)), "d3");
        assert_eq!(name(nearest(RAYS[Dir::W.index()][d4 as usize], Dir::W)), "c4");
        for sq in 0..64u8 {
            assert_eq!(parse_square(&name(sq)), Some(sq));
        }
        for bad in ["i1", "a9", "a0", "", "a", "a10", "A1"] {
            assert_eq!(parse_square(bad), None);
        }
    }
}
