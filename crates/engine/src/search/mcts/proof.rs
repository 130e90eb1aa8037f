//! The proof codes a tree node carries for MCTS-Solver (`solver.rs`).

/// `Node::proof` of an unproven node; `DRAW` a proven draw; `WON + s` a proven win of seat `s`.
pub(super) const UNPROVEN: u8 = 0;
/// `Node::proof` of a proven draw.
pub(super) const DRAW: u8 = 1;
/// `Node::proof` of a proven win of seat 0; `WON + s` of seat `s`.
pub(super) const WON: u8 = 2;
