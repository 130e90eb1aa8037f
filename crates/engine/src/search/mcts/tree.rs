//! The tree of one thread: nodes in a `Vec` arena (indices, children in a linked list,
//! newest first), per-seat reward sums beside them, and the legal moves of each node listed
//! once, its tried moves first (with best-reply search and three or more seats, the seat
//! that plays each listed move beside them).
//!
//! The tree's memory is a budget in bytes, its thread's share of the setting `memory`. A
//! node costs [`bytes_per_node`]: the node itself, its reward sum and implicit minimax
//! value for each seat and room
//! for [`MOVES_PER_NODE`] listed moves (and their owners); the budget divided by that is
//! the number of nodes the tree may hold (at most [`MAX_NODES`]). The arrays are reserved
//! at that size, fallibly, when the searcher is built, and kept from search to search and
//! game to game.

use std::collections::TryReserveError;
use std::mem::size_of;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tabula_rules::{Game, MoveList};

use super::history::History;
use super::proof::UNPROVEN;
use super::sides::{MctsModel, Sides};
use crate::api::EngineGame;

/// An index meaning "no node".
pub(super) const NONE: u32 = u32::MAX;

/// Listed legal moves a tree may hold per node it may hold: a node whose moves do not fit
/// is not expanded (a playout starts there), as when the tree is full.
pub(super) const MOVES_PER_NODE: usize = 16;

/// The most nodes a tree may hold, whatever its budget: node indices and the indices of the
/// listed moves (`MOVES_PER_NODE` a node) must fit in a `u32` below [`NONE`].
pub(super) const MAX_NODES: usize = (NONE as usize - 1) / MOVES_PER_NODE;

/// The bytes one node of a tree of `model` for a game of `seats` seats costs: the node,
/// its reward sums (one `f64` a seat), its implicit minimax values (one `f32` a seat) and
/// its share of the listed moves (`MOVES_PER_NODE`
/// moves, and as many one-byte owners where the model keeps them).
pub(super) fn bytes_per_node<M>(seats: usize, model: MctsModel) -> usize {
    let owners = if model.keeps_owners(seats) { MOVES_PER_NODE * size_of::<u8>() } else { 0 };
    size_of::<Node<M>>() + seats * (size_of::<f64>() + size_of::<f32>()) + MOVES_PER_NODE * size_of::<M>() + owners
}

/// The nodes a tree of `budget` bytes and `model` may hold for a game of `seats` seats.
pub(super) fn node_capacity<M>(budget: usize, seats: usize, model: MctsModel) -> usize {
    (budget / bytes_per_node::<M>(seats, model)).min(MAX_NODES)
}

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
    /// The game is over here, or (with `repeated`) the node grows no subtree.
    pub(super) terminal: bool,
    /// The position occurred earlier in the game or on the path from the root: a draw, or
    /// played out from at every visit (`MctsConfig::repeat_draws`).
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
    /// `seats` implicit minimax values per node (`implicit.rs`); zeros when that is off.
    pub(super) minimax: Vec<f32>,
    /// The listed legal moves of the nodes.
    pub(super) moves: Vec<G::Move>,
    /// The seat that plays each listed move, where the model keeps owners (else empty).
    pub(super) owners: Vec<u8>,
    pub(super) seats: usize,
    /// The model the arrays are laid out for: whether they keep owners.
    pub(super) model: MctsModel,
    /// The opponent model of the current search and who is on which side.
    pub(super) sides: Sides,
    /// The memory the tree may take, in bytes.
    pub(super) budget: usize,
    /// The nodes it may hold: what `budget` buys for `seats` seats, or less if the
    /// reservation failed at search time.
    pub(super) cap: usize,
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
    /// An empty tree of `budget` bytes whose playouts draw from a generator seeded with
    /// `seed`; nothing is reserved until [`Tree::reserve`].
    pub(super) fn new(seed: u64, budget: usize) -> Self {
        Tree {
            nodes: Vec::new(),
            rewards: Vec::new(),
            minimax: Vec::new(),
            moves: Vec::new(),
            owners: Vec::new(),
            seats: 0,
            model: MctsModel::MaxN,
            sides: Sides::default(),
            budget,
            cap: 0,
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
        self.minimax.clear();
        self.moves.clear();
        self.owners.clear();
        self.root = None;
    }

    /// Forgets every node and starts the generator and the history table afresh, as a new
    /// tree seeded with `seed` would, keeping the reserved memory.
    pub(super) fn reset(&mut self, seed: u64) {
        self.clear();
        self.rng = SmallRng::seed_from_u64(seed);
        self.history = History::new();
    }

    /// Reserves room for the nodes the budget buys for a game of `seats` seats searched
    /// with `model`, and makes that the tree's capacity. A tree for another number of seats
    /// or another layout gives up its arrays first (it holds no nodes then: reuse needs the
    /// same seats and model), so that they are split anew rather than added to.
    ///
    /// The room is reserved at once: the operating system commits a page only when it is
    /// written, so this costs nothing, and the arrays never grow by reallocation during a
    /// search, where copying hundreds of megabytes would overrun the clock.
    pub(super) fn reserve(&mut self, seats: usize, model: MctsModel) -> Result<(), TryReserveError> {
        if seats != self.seats || model.keeps_owners(seats) != self.keeps_owners() {
            self.clear();
            (self.nodes, self.rewards, self.minimax) = (Vec::new(), Vec::new(), Vec::new());
            (self.moves, self.owners) = (Vec::new(), Vec::new());
            self.seats = seats;
        }
        self.model = model;
        let cap = node_capacity::<G::Move>(self.budget, seats, model);
        // Until the reservation is through, the tree holds only what it has room for.
        self.cap = self.room();
        self.nodes.try_reserve_exact(cap.saturating_sub(self.nodes.len()))?;
        self.rewards.try_reserve_exact((cap * seats).saturating_sub(self.rewards.len()))?;
        self.minimax.try_reserve_exact((cap * seats).saturating_sub(self.minimax.len()))?;
        self.moves.try_reserve_exact((cap * MOVES_PER_NODE).saturating_sub(self.moves.len()))?;
        if self.keeps_owners() {
            self.owners.try_reserve_exact((cap * MOVES_PER_NODE).saturating_sub(self.owners.len()))?;
        }
        self.cap = cap;
        Ok(())
    }

    /// Whether the tree keeps the owner of every listed move.
    pub(super) fn keeps_owners(&self) -> bool {
        self.model.keeps_owners(self.seats)
    }

    /// The nodes the arrays have room for as they are.
    fn room(&self) -> usize {
        let seats = self.seats.max(1);
        let room =
            self.nodes.capacity().min(self.rewards.capacity() / seats).min(self.moves.capacity() / MOVES_PER_NODE);
        let room = room.min(self.minimax.capacity() / seats);
        if self.keeps_owners() { room.min(self.owners.capacity() / MOVES_PER_NODE) } else { room }
    }

    /// Sets the tree up to search `game` (which is not over) with opponent model `model`,
    /// keeping the matching subtree of the previous search when `reuse` is on. Under
    /// paranoid and best-reply the rewards are the root seat's: a subtree is kept only if
    /// its seat to move was the previous root's.
    ///
    /// The room for its nodes was reserved when the searcher was built; a game of another
    /// number of seats reserves it anew, and if that fails the tree holds what fits.
    pub(super) fn prepare(&mut self, game: &G, reuse: bool, model: MctsModel) {
        let sides = Sides::new(model, game);
        let found = if reuse && self.seats == game.seats() && self.sides.model == sides.model {
            self.find(game).filter(|_| sides.model == MctsModel::MaxN || sides.root == self.sides.root)
        } else {
            None
        };
        self.sides = sides;
        match found {
            Some(0) => {}
            Some(node) => {
                if self.compact(node).is_err() {
                    self.clear();
                }
            }
            None => self.clear(),
        }
        // A failure leaves `cap` at what fits: a full tree still plays out from its leaves.
        let _ = self.reserve(game.seats(), model);
        if self.nodes.is_empty() {
            game.legal_moves(&mut self.list);
            let start = self.moves.len() as u32;
            self.moves.extend_from_slice(self.list.as_slice());
            let seat = game.to_move().0;
            if self.keeps_owners() {
                self.owners.extend(std::iter::repeat_n(seat, self.list.len()));
            }
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
            self.minimax.extend(std::iter::repeat_n(0.0, self.seats));
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
