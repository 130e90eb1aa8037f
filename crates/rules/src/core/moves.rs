//! [`MoveList`]: a move buffer that lives on the stack for ordinary move counts.

use smallvec::SmallVec;

/// Inline capacity of a [`MoveList`]; longer lists move to the heap once.
pub const INLINE_MOVES: usize = 256;

/// The legal moves of a position. Reuse one list per ply to avoid any allocation.
#[derive(Clone, Debug, Default)]
pub struct MoveList<M> {
    moves: SmallVec<[M; INLINE_MOVES]>,
}

impl<M: Copy> MoveList<M> {
    /// An empty list.
    pub fn new() -> Self {
        MoveList { moves: SmallVec::new() }
    }
    /// Appends a move.
    #[inline]
    pub fn push(&mut self, mv: M) {
        self.moves.push(mv);
    }
    /// Removes every move, keeping the capacity.
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
    }
    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.moves.len()
    }
    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        &self.moves
    }
    /// The moves as a mutable slice (for ordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        &mut self.moves
    }
    /// Iterates over the moves.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, M> {
        self.moves.iter()
    }
}

impl<'a, M: Copy> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}
