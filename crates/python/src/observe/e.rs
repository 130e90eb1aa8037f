//! E: the radius-6 hexagon on a 13 × 13 grid (row 0 rank 13, the centre g7 on row 6,
//! column 6). Sectors keep their places on the board for every observer; only the seats are
//! reordered.
//!
//! A stack is seen through counts (each seat's smalls, mediums and larges in it, its
//! uncovered and its foreign-trapped pieces) and through its top [`DEPTH`] pieces one by
//! one; the order of the pieces deeper down shows only through the counts.

use tabula_rules::games::e::{CELLS, E, PIECES, Slot, TABLES, Zone};
use tabula_rules::geometry::bits::BitIter;
use tabula_rules::{Game, GameOptions, Seat};

use super::{Observe, Tensor, all_planes, cap_share, hex_cells, hex_slot, seat_after, share};

/// The board radius.
const RADIUS: i8 = 6;
/// The grid's side.
const SIDE: usize = 2 * RADIUS as usize + 1;
/// Pieces of one size a seat has.
const PER_SIZE: u32 = 5;
/// How many pieces from the top of each stack are shown one by one.
const DEPTH: usize = 4;
/// The planes of each seat, in order: counts per size, uncovered and foreign-trapped
/// pieces, the top [`DEPTH`] pieces, Home, Goal, and the turn.
const PER_SEAT: [&str; 12] = [
    "small",
    "medium",
    "large",
    "uncovered",
    "trapped",
    "top",
    "under1",
    "under2",
    "under3",
    "home",
    "goal",
    "to_move",
];
/// The first of each seat's planes of the pieces from the top down.
const TOP: usize = 5;
/// The planes after the seats'.
const SHARED: [&str; 6] = ["cell", "border", "height", "prev_landing", "passes", "ply_cap"];

const _: () = assert!(PER_SEAT.len() == TOP + DEPTH + 3);

impl Observe for E {
    fn planes(&self) -> Vec<String> {
        all_planes(self.seats(), &PER_SEAT, &SHARED)
    }

    fn grid(&self) -> (usize, usize) {
        (SIDE, SIDE)
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let n = self.seats();
        let mut t = Tensor::new(out, n * PER_SEAT.len() + SHARED.len(), self.grid());
        let board = TABLES.hex.mask();
        for j in 0..n {
            let s = seat_after(seat, j, n);
            let base = j * PER_SEAT.len();
            // Per cell: smalls, mediums, larges, uncovered, foreign-trapped.
            let mut counts = [[0u8; 5]; CELLS];
            for (at, size, covered, trapped) in self.pieces(s) {
                let count = &mut counts[at.cell as usize];
                count[size as usize - 1] += 1;
                count[3] += u8::from(!covered);
                count[4] += u8::from(trapped);
            }
            for c in BitIter(self.present(s)) {
                let count = counts[c];
                for (k, &value) in count.iter().enumerate() {
                    let max = if k < 3 { PER_SIZE } else { PIECES as u32 };
                    t.set(base + k, hex_slot(&TABLES.hex, c), share(u32::from(value), max));
                }
            }
            t.fill(base + TOP + DEPTH, hex_cells(&TABLES.hex, self.home(s)), 1.0);
            t.fill(base + TOP + DEPTH + 1, hex_cells(&TABLES.hex, self.goal(s)), 1.0);
            if self.to_move() == s {
                t.fill(base + TOP + DEPTH + 2, hex_cells(&TABLES.hex, board), 1.0);
            }
        }
        for c in BitIter(self.occupied()) {
            let height = self.height(c);
            for depth in 0..DEPTH.min(height as usize) {
                let level = height - depth as u8;
                if let Some(piece) = self.piece_at(Slot { cell: c as u8, level }) {
                    let j = (piece.seat.index() + n - seat.index()) % n;
                    t.set(j * PER_SEAT.len() + TOP + depth, hex_slot(&TABLES.hex, c), f32::from(piece.size) / 3.0);
                }
            }
        }
        let shared = n * PER_SEAT.len();
        let border = BitIter(board).filter(|&c| matches!(TABLES.zone[c], Zone::Centre | Zone::Ray(_)));
        t.fill(shared, hex_cells(&TABLES.hex, board), 1.0);
        t.fill(shared + 1, border.map(|c| hex_slot(&TABLES.hex, c)), 1.0);
        for c in BitIter(self.occupied()) {
            // Every piece of every seat can stand in one stack.
            t.set(shared + 2, hex_slot(&TABLES.hex, c), share(u32::from(self.height(c)), (PIECES * n) as u32));
        }
        if let Some(landing) = self.previous_movement() {
            t.set(shared + 3, hex_slot(&TABLES.hex, landing.cell as usize), 1.0);
        }
        t.fill(shared + 4, hex_cells(&TABLES.hex, board), share(u32::from(self.turn().passes), n as u32));
        t.fill(shared + 5, hex_cells(&TABLES.hex, board), cap_share(self.ply(), self.options().max_plies()));
    }
}
