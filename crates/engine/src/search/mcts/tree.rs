//! The tree of one thread: nodes in a `Vec` arena (indices, children in a linked list,
//! newest first), per-seat reward sums beside them, and the legal moves of each node listed
//! once, its tried moves first.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tabula_rules::{Game, MoveList};

use super::selection::History;
use super::solver::UNPROVEN;
use crate::api::EngineGame;

/// An index meaning "no node".
pub(super) const NONE: u32 = u32::MAX;

/// Listed legal moves a tree may hold per node it may hold: a node whose moves do not fit
/// is not expanded (a playout starts there), as when the tree is full.
pub(super) const MOVES_PER_NODE: usize = 16;

/// One node of the arena.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node<M> {
    /// The move that leads here (the root keeps a dummy).
    pub(super) mv: M,
    pub(super) parent: u32,
    pub(super) first_child: u32,
    pub(super) next_sibling: u32,
    /// This node's legal moves are `moves[moves_start..][..moves_len]`; the first `tried`
    /// of them have children. `NONE` until the moves are listed.
    pub(super) moves_start: u32,
    pub(super) moves_len: u32,
    pub(super) tried: u32,
    pub(super) visits: u32,
    /// The slot of `(mover, mv)` in the history table, `NONE` without progressive history.
    pub(super) hist: u32,
    /// The seat to move here.
    pub(super) to_move: u8,
    /// The seat that played `mv`.
    pub(super) mover: u8,
    /// `UNPROVEN`, `DRAW` or `WON + seat`.
    pub(super) proof: u8,
    /// The game is over here, or (with `repeated`) the search treats it as over.
    pub(super) terminal: bool,
    /// The position occurred earlier in the game or on the path from the root: a draw.
    pub(super) repeated: bool,
    /// The seat to move has a proven draw among its children (solver only).
    pub(super) draw_floor: bool,
    /// With a proof: plies from here to the end of the game.
    pub(super) plies: u16,
}

/// One thread's tree.
pub(super) struct Tree<G: Game> {
    pub(super) nodes: Vec<Node<G::Move>>,
    /// `seats` reward sums per node.
    pub(super) rewards: Vec<f64>,
    /// The listed legal moves of the nodes.
    pub(super) moves: Vec<G::Move>,
    pub(super) seats: usize,
    /// The position of the root node.
    pub(super) root: Option<G>,
    pub(super) rng: SmallRng,
    pub(super) history: History<G::Move>,
    /// Scratch: the nodes of the current iteration, root first.
    pub(super) path: Vec<u32>,
    /// Scratch: the hashes of the positions of the current iteration, root first.
    pub(super) path_keys: Vec<u64>,
    /// Scratch: a move list for the playouts.
    pub(super) list: MoveList<G::Move>,
}

impl<G: EngineGame> Tree<G> {
    /// An empty tree whose playouts draw from a generator seeded with `seed`.
    pub(super) fn new(seed: u64) -> Self {
        Tree {
            nodes: Vec::new(),
            rewards: Vec::new(),
            moves: Vec::new(),
            seats: 0,
            root: None,
            rng: SmallRng::seed_from_u64(seed),
            history: History::new(),
            path: Vec::new(),
            path_keys: Vec::new(),
            list: MoveList::new(),
        }
    }

    /// Forgets every node.
    pub(super) fn clear(&mut self) {
        self.nodes.clear();
        self.rewards.clear();
        self.moves.clear();
        self.root = None;
    }

    /// Sets the tree up to search `game` (which is not over), keeping the matching
    /// subtree of the previous search when `reuse` is on, with room for `max_nodes` nodes.
    ///
    /// The room is reserved at once: the operating system commits a page only when it is
    /// written, so this costs nothing, and the arrays never grow by reallocation during a
    /// search, where copying hundreds of megabytes would overrun the clock.
    pub(super) fn prepare(&mut self, game: &G, reuse: bool, max_nodes: usize) {
        let found = if reuse && self.seats == game.seats() { self.find(game) } else { None };
        match found {
            Some(0) => {}
            Some(node) => self.compact(node),
            None => self.clear(),
        }
        self.seats = game.seats();
        self.nodes.reserve_exact(max_nodes.saturating_sub(self.nodes.len()));
        self.rewards.reserve_exact((max_nodes * self.seats).saturating_sub(self.rewards.len()));
        self.moves.reserve_exact((max_nodes * MOVES_PER_NODE).saturating_sub(self.moves.len()));
        if self.nodes.is_empty() {
            game.legal_moves(&mut self.list);
            let start = self.moves.len() as u32;
            self.moves.extend_from_slice(self.list.as_slice());
            let seat = game.to_move().0;
            self.nodes.push(Node {
                mv: self.list.as_slice()[0],
                parent: NONE,
                first_child: NONE,
                next_sibling: NONE,
                moves_start: start,
                moves_len: self.list.len() as u32,
                tried: 0,
                visits: 0,
                hist: NONE,
                to_move: seat,
                mover: seat,
                proof: UNPROVEN,
                terminal: false,
                repeated: false,
                draw_floor: false,
                plies: 0,
            });
            self.rewards.extend(std::iter::repeat_n(0.0, self.seats));
        }
        self.root = Some(game.clone());
    }

    /// The children of a node, newest first.
    pub(super) fn children(&self, node: u32) -> Children<'_, G::Move> {
        Children { nodes: &self.nodes, next: self.nodes[node as usize].first_child }
    }
}

/// Iterates over a linked list of children.
pub(super) struct Children<'a, M> {
    nodes: &'a [Node<M>],
    next: u32,
}

impl<M> Iterator for Children<'_, M> {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.next == NONE {
            return None;
        }
        let current = self.next;
        self.next = self.nodes[current as usize].next_sibling;
        Some(current)
    }
}
