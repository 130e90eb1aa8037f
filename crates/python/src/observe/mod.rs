//! Observation tensors: what one seat sees of a position, as planes of numbers over the
//! board, from that seat's point of view (its own pieces in the first planes, the other seats
//! after it in turn order), the way OpenSpiel's `observation_tensor` is.
//!
//! Every game lays its board on a grid of `height x width` squares (hexagonal boards by their
//! axial coordinates) and names each plane; `docs/python.md` lists them game by game.


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
