//! Observation tensors: what one seat sees of a position, as planes of numbers over the
//! board, from that seat's point of view (its own pieces in the first planes, the other seats
//! after it in turn order), the way OpenSpiel's `observation_tensor` is.
//!
//! Every game lays its board on a grid of `height x width` squares (hexagonal boards by their
//! axial coordinates) and names each plane; `docs/python.md` lists them game by game.
//!
//! Conventions shared by every game:
//!
//! * The board is never turned: a cell sits on the same row and column whoever observes,
//!   because the action spaces ([`crate::actions`]) name absolute cells, and a network reads
//!   its planes and its actions on the same grid. Only the seats are reordered.
//! * A plane named `relJ_...` belongs to the seat `J` places after the observer in turn
//!   order: `rel0` is the observer, `rel1` the seat that moves after it, and so on. The
//!   planes of one seat come together, `rel0`'s first; planes shared by every seat (the board,
//!   colourless pieces, the clock) follow them.
//! * Row 0 is the top rank, as the position texts and drawings write it. A hexagonal board of
//!   radius R puts axial cell `(q, r)` on row `r + R`, column `q + R` of a `(2R+1)²` grid;
//!   the plane `cell` is 1 on the board's cells, and no other plane is ever non-zero off them.
//! * Every value lies in 0..=1: counts are divided by their largest possible value, and a
//!   number that holds for the whole position (points, the clock, passes) fills its plane on
//!   every cell.
//! * `observe` does not allocate.

mod chinese_checkers;
mod e;
mod echelon;
mod icelights;
mod martian_chess;
#[cfg(test)]
mod tests;

use tabula_rules::geometry::bits::{BitIter, Bits};
use tabula_rules::geometry::hex::HexBoard;
use tabula_rules::{Game, Seat};

/// A game's observation tensor.
pub trait Observe: Game {
    /// The planes' names, in order; their number is fixed by the rule options.
    fn planes(&self) -> Vec<String>;
    /// The grid every plane covers: (height, width).
    fn grid(&self) -> (usize, usize);
    /// Writes what `seat` sees into `out`, `planes x height x width` numbers in that order
    /// (row-major), which the caller has set to zero.
    fn observe(&self, seat: Seat, out: &mut [f32]);

    /// (planes, height, width).
    fn shape(&self) -> (usize, usize, usize) {
        let (height, width) = self.grid();
        (self.planes().len(), height, width)
    }
}

/// The names of per-seat planes for `seats` seats, seat-major: `rel0_a, rel0_b, rel1_a, ...`.
fn seat_planes(seats: usize, names: &[&str]) -> Vec<String> {
    (0..seats).flat_map(|j| names.iter().map(move |name| format!("rel{j}_{name}"))).collect()
}

/// Every plane's name: each seat's `per_seat` planes, then the `shared` ones.
fn all_planes(seats: usize, per_seat: &[&str], shared: &[&str]) -> Vec<String> {
    let mut planes = seat_planes(seats, per_seat);
    planes.extend(shared.iter().map(|&name| String::from(name)));
    planes
}

/// The seat `j` places after `observer` in turn order, of `seats`.
#[inline]
fn seat_after(observer: Seat, j: usize, seats: usize) -> Seat {
    Seat(((observer.index() + j) % seats) as u8)
}

/// The row and column of cell `i` of a hexagonal board on its grid: axial `(q, r)` at row
/// `r + radius`, column `q + radius`.
#[inline]
fn hex_slot(board: &HexBoard, i: usize) -> (usize, usize) {
    let (h, radius) = (board.cell(i), board.radius());
    ((h.r + radius) as usize, (h.q + radius) as usize)
}

/// The rows and columns of a set of cells of a hexagonal board.
fn hex_cells(board: &HexBoard, set: Bits) -> impl Iterator<Item = (usize, usize)> + '_ {
    BitIter(set).map(move |i| hex_slot(board, i))
}

/// `count / max`, the share of the largest possible value, as a plane value.
#[inline]
fn share(count: u32, max: u32) -> f32 {
    if max == 0 { 0.0 } else { count as f32 / max as f32 }
}

/// The plane value of the ply cap: the share of the capped plies played, 0 without a cap.
#[inline]
fn cap_share(ply: u32, cap: Option<u32>) -> f32 {
    cap.map_or(0.0, |cap| share(ply.min(cap), cap))
}

/// The tensor being written: `planes` planes of `height x width` numbers.
struct Tensor<'a> {
    out: &'a mut [f32],
    width: usize,
    area: usize,
}

impl<'a> Tensor<'a> {
    /// Checks that `out` holds `planes` planes of the grid.
    fn new(out: &'a mut [f32], planes: usize, (height, width): (usize, usize)) -> Self {
        assert_eq!(out.len(), planes * height * width, "an observation holds planes x height x width numbers");
        Tensor { out, width, area: height * width }
    }

    /// Sets one number: plane `plane`, row `row`, column `col`.
    #[inline]
    fn set(&mut self, plane: usize, (row, col): (usize, usize), value: f32) {
        self.out[plane * self.area + row * self.width + col] = value;
    }

    /// Sets every cell of `cells` (row, column) on plane `plane` to `value`.
    #[inline]
    fn fill(&mut self, plane: usize, cells: impl Iterator<Item = (usize, usize)>, value: f32) {
        for cell in cells {
            self.set(plane, cell, value);
        }
    }
}
