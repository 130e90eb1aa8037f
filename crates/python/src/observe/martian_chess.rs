//! Martian Chess and Coaster Chess: the board's own grid, `height × width` (Martian Chess
//! 8 × 4 with two players and 8 × 8 with four, Coaster Chess 6 × 6), row 0 the top rank,
//! column 0 file a. Pieces have no colour, so the piece planes are shared; what belongs to
//! whom shows in the zone planes. The board keeps its places for every observer; only the
//! seats are reordered.

use tabula_rules::games::martian_chess::board::{E, N, NONE, S, W, arrow_bit};
use tabula_rules::games::martian_chess::{Mc, Squares, Variant};
use tabula_rules::geometry::bits::BitIter;
use tabula_rules::{Game, GameOptions, Seat};

use super::{Observe, Tensor, cap_share, seat_after, seat_planes, share};

/// The planes of each seat, in order.
const PER_SEAT: [&str; 3] = ["zone", "points", "to_move"];
/// The shared planes before the arrows.
const PIECES: [&str; 3] = ["pawn", "drone", "queen"];
/// Coaster Chess's arrow planes: the square may be left to the N (up), E, S or W.
const ARROWS: [&str; 4] = ["arrow_n", "arrow_e", "arrow_s", "arrow_w"];
/// The shared planes after the arrows.
const STATE: [&str; 6] = ["no_return_piece", "no_return_square", "clock_running", "clock", "passes", "ply_cap"];

/// The arrow planes of variant `V`: Martian Chess has none.
fn arrows<V: Variant>() -> &'static [&'static str] {
    if V::COASTER { &ARROWS } else { &[] }
}

/// The row and column of square `i` (`8 * y + x`) on a board `height` ranks high.
fn slot(i: usize, height: usize) -> (usize, usize) {
    (height - 1 - i / 8, i % 8)
}

impl<V: Variant> Observe for Mc<V> {
    fn planes(&self) -> Vec<String> {
        let mut planes = seat_planes(self.seats(), &PER_SEAT);
        planes.extend(PIECES.iter().chain(arrows::<V>()).chain(&STATE).map(|name| name.to_string()));
        planes
    }

    fn grid(&self) -> (usize, usize) {
        let t = self.topology();
        (t.height as usize, t.width as usize)
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let n = self.seats();
        let arrow_planes = arrows::<V>().len();
        let planes = n * PER_SEAT.len() + PIECES.len() + arrow_planes + STATE.len();
        let mut t = Tensor::new(out, planes, self.grid());
        let topology = self.topology();
        let height = topology.height as usize;
        let cells = |set: Squares| BitIter(set).map(move |i| slot(i, height));
        let board = topology.cells;
        // Captures move pips from the board to the points and merges keep them: the sum is
        // every pip of the game.
        let pips = self.pips_on_board() + (0..n).map(|s| u32::from(self.points(Seat(s as u8)))).sum::<u32>();
        for j in 0..n {
            let s = seat_after(seat, j, n);
            let base = j * PER_SEAT.len();
            t.fill(base, cells(self.zone(s)), 1.0);
            t.fill(base + 1, cells(board), share(u32::from(self.points(s)), pips));
            if self.to_move() == s {
                t.fill(base + 2, cells(board), 1.0);
            }
        }
        let mut plane = n * PER_SEAT.len();
        for size in 1..=3 {
            t.fill(plane, cells(self.pieces(size)), 1.0);
            plane += 1;
        }
        if V::COASTER {
            for d in [N, E, S, W] {
                // The arrows a move can use: those pointing off the board are left out.
                let exits = BitIter(board)
                    .filter(|&i| topology.arrows[i] & arrow_bit(d) != 0 && topology.neighbour[i][d] != NONE);
                t.fill(plane, exits.map(|i| slot(i, height)), 1.0);
                plane += 1;
            }
        }
        if let Some((from, to)) = self.memory() {
            t.set(plane, slot(to, height), 1.0);
            t.set(plane + 1, slot(from, height), 1.0);
        }
        if let Some(clock) = self.clock() {
            t.fill(plane + 2, cells(board), 1.0);
            let limit = self.options().clock_limit;
            t.fill(plane + 3, cells(board), share(u32::from(clock.min(limit)), u32::from(limit)));
        }
        t.fill(plane + 4, cells(board), share(u32::from(self.passes()), n as u32));
        t.fill(plane + 5, cells(board), cap_share(self.ply(), self.options().max_plies()));
    }
}
