//! Chinese Checkers: the 121-hole star on a 17 × 17 grid (axial radius 8, row 0 the top
//! point m17, the centre i9 on row 8, column 8). Camps keep their places on the board for
//! every observer; only the seats are reordered.

use tabula_rules::games::chinese_checkers::{ChineseCheckers, STAR};
use tabula_rules::{Game, GameOptions, Seat};

use super::{Observe, Tensor, all_planes, cap_share, hex_cells, seat_after, share};

/// The radius whose axial coordinates name the star's holes.
const RADIUS: i8 = 8;
/// The grid's side.
const SIDE: usize = 2 * RADIUS as usize + 1;
/// The planes of each seat, in order.
const PER_SEAT: [&str; 4] = ["pegs", "camp", "target", "to_move"];
/// The planes after the seats'.
const SHARED: [&str; 3] = ["cell", "passes", "ply_cap"];

impl Observe for ChineseCheckers {
    fn planes(&self) -> Vec<String> {
        all_planes(self.seats(), &PER_SEAT, &SHARED)
    }

    fn grid(&self) -> (usize, usize) {
        (SIDE, SIDE)
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let n = self.seats();
        let mut t = Tensor::new(out, n * PER_SEAT.len() + SHARED.len(), self.grid());
        let board = STAR.board.mask();
        for j in 0..n {
            let s = seat_after(seat, j, n);
            let base = j * PER_SEAT.len();
            t.fill(base, hex_cells(&STAR.board, self.pegs(s)), 1.0);
            t.fill(base + 1, hex_cells(&STAR.board, STAR.camp(self.camp(s))), 1.0);
            t.fill(base + 2, hex_cells(&STAR.board, self.target(s)), 1.0);
            if self.to_move() == s {
                t.fill(base + 3, hex_cells(&STAR.board, board), 1.0);
            }
        }
        let shared = n * PER_SEAT.len();
        t.fill(shared, hex_cells(&STAR.board, board), 1.0);
        // Every seat passing in a row draws: the passes just played, of the seats.
        t.fill(shared + 1, hex_cells(&STAR.board, board), share(u32::from(self.passes()), n as u32));
        t.fill(shared + 2, hex_cells(&STAR.board, board), cap_share(self.ply(), self.options().max_plies()));
    }
}
