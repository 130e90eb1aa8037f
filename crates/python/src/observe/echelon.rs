//! Gentleman's Echelon: the hex-hex board of radius R (`ge.radius`) on a (2R+1)² grid, row 0
//! the top rank. The board keeps its places for both observers; only the colours are
//! reordered.
//!
//! Each seat has one plane per depth in a stack, from its top counter (depth 0, the only one
//! that can move) down to depth `2 × ge.stack_height − 1`: every counter of both sides can
//! stand in one stack, so no counter is ever left out.

use tabula_rules::games::echelon::Echelon;
use tabula_rules::geometry::bits::{BitIter, has};
use tabula_rules::{Game, GameOptions, Seat};

use super::{Observe, Tensor, cap_share, hex_cells, hex_slot, seat_after, share};

/// The planes after the seats'.
const SHARED: [&str; 4] = ["cell", "dead", "height", "ply_cap"];

/// The tallest stack: every counter of both sides.
fn depths(game: &Echelon) -> usize {
    2 * game.options().stack_height as usize
}

impl Observe for Echelon {
    fn planes(&self) -> Vec<String> {
        let mut planes = Vec::new();
        for j in 0..2 {
            planes.extend((0..depths(self)).map(|k| format!("rel{j}_depth{k}")));
            planes.push(format!("rel{j}_to_move"));
        }
        planes.extend(SHARED.map(String::from));
        planes
    }

    fn grid(&self) -> (usize, usize) {
        let side = 2 * self.radius() as usize + 1;
        (side, side)
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        // Each seat's planes: one per depth, then the turn.
        let per_seat = depths(self) + 1;
        let mut t = Tensor::new(out, 2 * per_seat + SHARED.len(), self.grid());
        // The plane of depth `depth` of the seat with colour `colour`.
        let plane = |colour: usize, depth: usize| (colour + 2 - seat.index()) % 2 * per_seat + depth;
        for i in BitIter(self.occupied()) {
            let at = hex_slot(&self.board().hex, i);
            if has(self.tall(), i) {
                for (depth, colour) in self.stack_from_top(i).enumerate() {
                    t.set(plane(colour.index(), depth), at, 1.0);
                }
            } else {
                let colour = usize::from(has(self.tops(Seat(1)), i));
                t.set(plane(colour, 0), at, 1.0);
            }
        }
        let board = self.board().hex.mask();
        for j in 0..2 {
            if self.to_move() == seat_after(seat, j, 2) {
                t.fill(j * per_seat + per_seat - 1, hex_cells(&self.board().hex, board), 1.0);
            }
        }
        let shared = 2 * per_seat;
        t.fill(shared, hex_cells(&self.board().hex, board), 1.0);
        t.fill(shared + 1, hex_cells(&self.board().hex, self.dead()), 1.0);
        for i in BitIter(self.occupied()) {
            t.set(shared + 2, hex_slot(&self.board().hex, i), share(self.height(i), depths(self) as u32));
        }
        t.fill(shared + 3, hex_cells(&self.board().hex, board), cap_share(self.ply(), self.options().max_plies()));
    }
}
