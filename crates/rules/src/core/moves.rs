//! [`MoveList`]: a move buffer that lives on the stack, sized per game for the most moves a
//! position of that game can have.

use smallvec::SmallVec;

/// The inline capacity of most games' move lists.
pub const INLINE_MOVES: usize = 256;

/// A move type and the inline storage of its lists: an array as long as the most moves one
/// position of its game lists, so that listing moves never allocates. A list that would
/// outgrow it moves to the heap once (a defect of the declared size, which each game's
/// random-play test checks with [`Game::count_moves`](super::game::Game::count_moves)).
pub trait Listed: Copy + 'static {
    /// `[Self; N]`, N the most moves of a position.
    type Inline: smallvec::Array<Item = Self>;
}

/// Plain numbers as moves (toy games in tests).
impl Listed for u8 {
    type Inline = [u8; INLINE_MOVES];
}

/// The most moves a list of `M` holds without allocating.
pub const fn capacity<M: Listed>() -> usize {
    std::mem::size_of::<M::Inline>() / std::mem::size_of::<M>()
}

/// The legal moves of a position. Reuse one list per ply to avoid any allocation.
#[derive(Clone, Debug)]
pub struct MoveList<M: Listed> {
    moves: SmallVec<M::Inline>,
}

impl<M: Listed> Default for MoveList<M> {
    fn default() -> Self {
        MoveList { moves: SmallVec::new() }
    }
}

impl<M: Listed> MoveList<M> {
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

impl<'a, M: Listed> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.iter()
    }
}
