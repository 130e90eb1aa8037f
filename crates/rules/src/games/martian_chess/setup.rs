//! The pieces every board starts with.

use super::board::BoardKind;

/// The start pieces of a board as `(square, size)` lists; `mirror` swaps the Coaster
/// drones and pawns.
pub(super) fn start_pieces(kind: BoardKind, mirror: bool) -> Vec<(&'static str, u8)> {
    let (d, p) = if mirror { (1, 2) } else { (2, 1) };
    let list: &[(&str, u8)] = match kind {
        BoardKind::Martian2 => &[
            ("c1", 3),
            ("d1", 3),
            ("d2", 3),
            ("b1", 2),
            ("c2", 2),
            ("d3", 2),
            ("b2", 1),
            ("b3", 1),
            ("c3", 1),
            ("a7", 3),
            ("a8", 3),
            ("b8", 3),
            ("a6", 2),
            ("b7", 2),
            ("c8", 2),
            ("b6", 1),
            ("c6", 1),
            ("c7", 1),
        ],
        BoardKind::Martian4 => &[
            ("a1", 3),
            ("a2", 3),
            ("b1", 3),
            ("a3", 2),
            ("b2", 2),
            ("c1", 2),
            ("b3", 1),
            ("c2", 1),
            ("c3", 1),
            ("a7", 3),
            ("a8", 3),
            ("b8", 3),
            ("a6", 2),
            ("b7", 2),
            ("c8", 2),
            ("b6", 1),
            ("c6", 1),
            ("c7", 1),
            ("g8", 3),
            ("h7", 3),
            ("h8", 3),
            ("f8", 2),
            ("g7", 2),
            ("h6", 2),
            ("f6", 1),
            ("f7", 1),
            ("g6", 1),
            ("g1", 3),
            ("h1", 3),
            ("h2", 3),
            ("f1", 2),
            ("g2", 2),
            ("h3", 2),
            ("f2", 1),
            ("f3", 1),
            ("g3", 1),
        ],
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
    list.to_vec()
}
