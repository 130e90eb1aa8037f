//! The pieces every board starts with.

use super::board::BoardKind;

/// A nest of Martian Chess: three queens, three drones, three pawns, by square.
type Nest = [[&'static str; 3]; 3];

/// The nests of the four-player board's corners; the two-player board has the north-west
/// one and its own southern nest.
const SOUTH_WEST: Nest = [["a1", "a2", "b1"], ["a3", "b2", "c1"], ["b3", "c2", "c3"]];
const NORTH_WEST: Nest = [["a7", "a8", "b8"], ["a6", "b7", "c8"], ["b6", "c6", "c7"]];
const NORTH_EAST: Nest = [["g8", "h7", "h8"], ["f8", "g7", "h6"], ["f6", "f7", "g6"]];
const SOUTH_EAST: Nest = [["g1", "h1", "h2"], ["f1", "g2", "h3"], ["f2", "f3", "g3"]];
const SOUTH: Nest = [["c1", "d1", "d2"], ["b1", "c2", "d3"], ["b2", "b3", "c3"]];

/// The start pieces of a board as `(square, size)` lists; `mirror` swaps the Coaster
/// drones and pawns.
pub(super) fn start_pieces(kind: BoardKind, mirror: bool) -> Vec<(&'static str, u8)> {
    let (d, p) = if mirror { (1, 2) } else { (2, 1) };
    let nests: &[Nest] = match kind {
        BoardKind::Martian2 => &[SOUTH, NORTH_WEST],
        BoardKind::Martian4 => &[SOUTH_WEST, NORTH_WEST, NORTH_EAST, SOUTH_EAST],
        BoardKind::Coaster4 => {
            return vec![
                ("a1", 3),
                ("b1", d),
                ("a2", p),
                ("a6", 3),
                ("a5", d),
                ("b6", p),
                ("f6", 3),
                ("e6", d),
                ("f5", p),
                ("f1", 3),
                ("f2", d),
                ("e1", p),
            ];
        }
        BoardKind::Coaster2H | BoardKind::Coaster2V => {
            return vec![("a1", 3), ("f1", 3), ("f2", d), ("e1", p), ("a6", 3), ("a5", d), ("b6", p), ("f6", 3)];
        }
    };
    let sized = |nest: &Nest| {
        let [queens, drones, pawns] = *nest;
        let by_size = [(queens, 3), (drones, 2), (pawns, 1)];
        by_size.into_iter().flat_map(|(squares, size)| squares.map(|square| (square, size)))
    };
    nests.iter().flat_map(sized).collect()
}
