//! Icelights: the 8 × 8 grid as the position text writes it (row 0 rank 8, column 0 file
//! a), not the diamond it is drawn as; the directions N, E, S, W of the rules are up, right,
//! down and left on the grid. The board keeps its places for both observers; only the seats
//! are reordered.

use tabula_rules::games::icelights::{Dir, Icelights};
use tabula_rules::geometry::bits::BitIter;
use tabula_rules::{Game, GameOptions, Seat};

use super::{Observe, Tensor, all_planes, cap_share, seat_after, share};

/// The planes of each seat, in order.
const PER_SEAT: [&str; 5] = ["tower", "beamer", "icelight", "beam", "to_move"];
/// The planes after the seats': the facing of Beamers and Icelights (N, E, S, W, in
/// [`Dir`] order), then the passes and the ply cap.
const SHARED: [&str; 6] = ["facing_n", "facing_e", "facing_s", "facing_w", "passes", "ply_cap"];
/// Every square.
const BOARD: u64 = u64::MAX;

/// The row and column of square `sq` (`y * 8 + x`).
fn slot(sq: usize) -> (usize, usize) {
    (7 - sq / 8, sq % 8)
}

/// The rows and columns of a set of squares.
fn cells(set: u64) -> impl Iterator<Item = (usize, usize)> {
    BitIter(set).map(slot)
}

impl Observe for Icelights {
    fn planes(&self) -> Vec<String> {
        all_planes(2, &PER_SEAT, &SHARED)
    }

    fn grid(&self) -> (usize, usize) {
        (8, 8)
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let mut t = Tensor::new(out, 2 * PER_SEAT.len() + SHARED.len(), self.grid());
        for j in 0..2 {
            let s = seat_after(seat, j, 2);
            let (base, own) = (j * PER_SEAT.len(), self.pieces(s));
            t.fill(base, cells(own & self.towers()), 1.0);
            t.fill(base + 1, cells(own & self.beamers()), 1.0);
            t.fill(base + 2, cells(own & self.icelights()), 1.0);
            if self.to_move() == s {
                t.fill(base + 4, cells(BOARD), 1.0);
            }
        }
        // Tracing keeps the paths in fixed arrays: no allocation.
        let beams = self.beams();
        for beam in beams.beams() {
            let j = usize::from(self.pieces(seat) >> beam.beamer & 1 == 0);
            t.fill(j * PER_SEAT.len() + 3, beam.squares().map(|(sq, _)| slot(sq as usize)), 1.0);
        }
        let shared = 2 * PER_SEAT.len();
        for sq in BitIter(self.beamers() | self.icelights()) {
            if let Some(facing) = self.facing(sq as u8) {
                t.set(shared + facing.index(), slot(sq), 1.0);
            }
        }
        t.fill(shared + Dir::ALL.len(), cells(BOARD), share(u32::from(self.passes()), 2));
        t.fill(shared + Dir::ALL.len() + 1, cells(BOARD), cap_share(self.ply(), self.options().max_plies()));
    }
}
