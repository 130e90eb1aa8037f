//! Square cells `(x, y)` with `a1`-style names (file letter `a + x`, rank `y + 1`, rank 1 at
//! the bottom) and the eight compass directions.

/// A square cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Square {
    /// File, from 0 (`a`).
    pub x: u8,
    /// Rank, from 0 (rank 1).
    pub y: u8,
}

/// The eight directions on a square board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareDir {
    /// +y
    N,
    /// +x, +y
    NE,
    /// +x
    E,
    /// +x, −y
    SE,
    /// −y
    S,
    /// −x, −y
    SW,
    /// −x
    W,
    /// −x, +y
    NW,
}

impl SquareDir {
    /// All eight, clockwise from N.
    pub const ALL: [SquareDir; 8] = [
        SquareDir::N,
        SquareDir::NE,
        SquareDir::E,
        SquareDir::SE,
        SquareDir::S,
        SquareDir::SW,
        SquareDir::W,
        SquareDir::NW,
    ];
    /// The four orthogonal directions.
    pub const ORTHOGONAL: [SquareDir; 4] = [SquareDir::N, SquareDir::E, SquareDir::S, SquareDir::W];
    /// The four diagonal directions.
    pub const DIAGONAL: [SquareDir; 4] = [SquareDir::NE, SquareDir::SE, SquareDir::SW, SquareDir::NW];

    /// The step `(dx, dy)`.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            SquareDir::N => (0, 1),
            SquareDir::NE => (1, 1),
            SquareDir::E => (1, 0),
            SquareDir::SE => (1, -1),
            SquareDir::S => (0, -1),
            SquareDir::SW => (-1, -1),
            SquareDir::W => (-1, 0),
            SquareDir::NW => (-1, 1),
        }
    }
}

impl Square {
    /// The cell `(x, y)`.
    pub const fn new(x: u8, y: u8) -> Self {
        Square { x, y }
    }
    /// The neighbour in direction `d` on a `width` × `height` board, if any.
    pub fn step(self, d: SquareDir, width: u8, height: u8) -> Option<Square> {
        let (dx, dy) = d.delta();
        let x = self.x as i16 + dx as i16;
        let y = self.y as i16 + dy as i16;
        ((0..width as i16).contains(&x) && (0..height as i16).contains(&y)).then_some(Square::new(x as u8, y as u8))
    }
    /// The index `y * width + x`.
    pub const fn index(self, width: u8) -> usize {
        self.y as usize * width as usize + self.x as usize
    }
    /// The name, e.g. `a1`.
    pub fn name(self) -> String {
        format!("{}{}", (b'a' + self.x) as char, self.y as u32 + 1)
    }
    /// Reads a name on a `width` × `height` board.
    pub fn parse(text: &str, width: u8, height: u8) -> Option<Square> {
        let (x, rank) = file_and_rank(text)?;
        (x < width && (1..=height).contains(&rank)).then_some(Square::new(x, rank - 1))
    }
}

/// The file index (`a` = 0) and rank number of a cell name such as `d5`: a lower-case
/// letter and a rank from 1 to 99 with no leading zero.
pub fn file_and_rank(text: &str) -> Option<(u8, u8)> {
    let bytes = text.as_bytes();
    let (&file, digits) = bytes.split_first()?;
    if !file.is_ascii_lowercase() || digits.is_empty() || digits.len() > 2 || digits[0] == b'0' {
        return None;
    }
    if !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let rank: u8 = std::str::from_utf8(digits).ok()?.parse().ok()?;
    Some((file - b'a', rank))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        assert_eq!(Square::new(0, 0).name(), "a1");
        assert_eq!(Square::new(7, 7).name(), "h8");
        for y in 0..8 {
            for x in 0..8 {
                let s = Square::new(x, y);
                assert_eq!(Square::parse(&s.name(), 8, 8), Some(s));
            }
        }
        for bad in ["", "i1", "a9", "a0", "a01", "A1", "a"] {
            assert_eq!(Square::parse(bad, 8, 8), None, "{bad}");
        }
    }

    #[test]
    fn steps_stop_at_the_edge() {
        let a1 = Square::new(0, 0);
        assert_eq!(a1.step(SquareDir::NE, 4, 8), Some(Square::new(1, 1)));
        assert_eq!(a1.step(SquareDir::S, 4, 8), None);
        let d8 = Square::new(3, 7);
        assert_eq!(d8.step(SquareDir::E, 4, 8), None);
        assert_eq!(SquareDir::ALL.iter().filter(|&&d| a1.step(d, 4, 8).is_some()).count(), 3);
    }
}
