//! Opponent models with three or more seats, as Nijssen and Winands define them for MCTS
//! ("Search policies in multi-player games", ICGA Journal 2013):
//!
//! * `maxn` (MCTS-max^n): every seat keeps its own reward and selects for it.
//! * `paranoid`: the root seat's team against a coalition of all other seats. Only the
//!   root seat's reward `r` is backed up: its team gets `r`, every other seat `1 - r`, so
//!   that the opponents' nodes select to minimise the root seat's reward.
//! * `best-reply` (MCTS-BRS): layers of the root seat's moves alternate with opponents'
//!   layers, whose children are the moves of all opponents, each listed on the position
//!   with the turn handed to its seat. After an opponent's move the root seat moves again;
//!   after the root seat's, an opponent (the turn skips team-mates). Backup is paranoid;
//!   playouts from a leaf are ordinary, every seat in turn. The root seat looks deeper at
//!   the price of positions that cannot occur, which the principal variation leaves out.
//!
//! With two seats the three are one search, and the tree runs max^n unchanged.

use rand::Rng;
use tabula_rules::{MAX_SEATS, MoveList, Seat};

use super::rewards::Rewards;
use super::tree::Tree;
use crate::api::EngineGame;

/// Who the seats in an MCTS tree play for with three or more seats (all are max^n with two).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MctsModel {
    /// Every seat for its own reward (MCTS-max^n).
    #[default]
    MaxN,
    /// The root seat's team against all other seats, every seat moving in turn.
    Paranoid,
    /// MCTS-BRS: the root seat, then any one opponent's move, then the root seat again.
    BestReply,
}

impl MctsModel {
    /// Whether a tree of this model for `seats` seats keeps the seat of every listed move
    /// (the owner of a move of an opponents' layer is not the seat to move).
    pub(super) fn keeps_owners(self, seats: usize) -> bool {
        self == MctsModel::BestReply && seats > 2
    }
}

/// The model a search applies, and which seats are the root seat's allies.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Sides {
    /// The model applied: max^n with two seats, paranoid for best-reply in a game that
    /// cannot hand the turn on.
    pub(super) model: MctsModel,
    /// The seat to move at the root.
    pub(super) root: u8,
    /// The seats in play.
    seats: usize,
    /// `allies[s]`: seat `s` plays for the root seat's team (the root seat too).
    allies: [bool; MAX_SEATS],
}

impl Sides {
    /// The sides of a search of `model` from `game`, whose seat to move is the root seat.
    pub(super) fn new<G: EngineGame>(model: MctsModel, game: &G) -> Self {
        let seats = game.seats();
        let root = game.to_move();
        let mut allies = [false; MAX_SEATS];
        for (s, ally) in allies.iter_mut().enumerate().take(seats) {
            *ally = game.team(Seat(s as u8)) == game.team(root);
        }
        let model = match model {
            _ if seats <= 2 => MctsModel::MaxN,
            MctsModel::BestReply if !game.clone().hand_turn_to(root) => MctsModel::Paranoid,
            model => model,
        };
        Sides { model, root: root.0, seats, allies }
    }

    /// Whether the moves at a node where `seat` is to move are an opponents' layer of
    /// best-reply search.
    #[inline]
    pub(super) fn replies(&self, seat: u8) -> bool {
        self.model == MctsModel::BestReply && !self.allies[seat as usize]
    }

    /// The rewards backed up for an iteration's `rewards`: unchanged under max^n; the root
    /// seat's reward for its team and its complement for everyone else under paranoid and
    /// best-reply.
    #[inline]
    pub(super) fn backed_up(&self, mut rewards: Rewards) -> Rewards {
        if self.model != MctsModel::MaxN {
            let r = rewards[self.root as usize];
            for (reward, &ally) in rewards.iter_mut().zip(&self.allies).take(self.seats) {
                *reward = if ally { r } else { 1.0 - r };
            }
        }
        rewards
    }

    /// Plays `mv`, which seat `owner` plays, on `game`. In best-reply search an opponent's
    /// move out of turn gets the turn handed to it first; then the turn goes to the root
    /// seat after an opponent's move, and to the next opponent after the root seat's if a
    /// team-mate would be next (the game going on).
    #[inline]
    pub(super) fn advance<G: EngineGame>(&self, game: &mut G, mv: G::Move, owner: u8) {
        if self.model != MctsModel::BestReply {
            game.play(mv);
            return;
        }
        let replied = self.replies(game.to_move().0);
        if owner != game.to_move().0 {
            game.hand_turn_to(Seat(owner));
        }
        game.play(mv);
        if game.is_over() {
            return;
        }
        let next = game.to_move().0;
        let seat = if replied {
            self.root
        } else if self.allies[next as usize] {
            self.opponent_after(next)
        } else {
            next
        };
        if seat != next {
            game.hand_turn_to(Seat(seat));
        }
    }

    /// The first opponent after `seat` in turn order.
    fn opponent_after(&self, seat: u8) -> u8 {
        (1..=self.seats)
            .map(|k| ((seat as usize + k) % self.seats) as u8)
            .find(|&s| !self.allies[s as usize])
            .unwrap_or(seat)
    }
}

impl<G: EngineGame> Tree<G> {
    /// Lists the moves of an opponents' layer node at `game` after the tree's moves, with
    /// their owners: every opponent's, the seat to move's first, then the others in turn
    /// order, each listed with the turn handed to it (a seat the game will not hand the
    /// turn to has none). Whether they fit in the room left; if not, nothing is listed.
    pub(super) fn list_replies(&mut self, game: &G) -> bool {
        let (start, to_move) = (self.moves.len(), game.to_move().0);
        for k in 0..self.sides.seats {
            let seat = ((to_move as usize + k) % self.sides.seats) as u8;
            if self.sides.allies[seat as usize] {
                continue;
            }
            if seat == to_move {
                game.legal_moves(&mut self.list);
            } else {
                let mut handed = game.clone();
                if !handed.hand_turn_to(Seat(seat)) {
                    continue;
                }
                handed.legal_moves(&mut self.list);
            }
            if self.moves.len() + self.list.len() > self.moves.capacity() {
                self.moves.truncate(start);
                self.owners.truncate(start);
                return false;
            }
            self.moves.extend_from_slice(self.list.as_slice());
            self.owners.extend(std::iter::repeat_n(seat, self.list.len()));
        }
        true
    }

    /// Moves the untried move of `node` chosen uniformly at random to the front of its
    /// untried moves, with its owner; returns the move and its owner. (The playout policy
    /// expects moves of the seat to move, which an opponents' layer mixes.)
    pub(super) fn pick_reply(&mut self, node: u32) -> (G::Move, u8) {
        let n = &self.nodes[node as usize];
        let (start, end) = ((n.moves_start + n.tried) as usize, (n.moves_start + n.moves_len) as usize);
        let k = start + self.rng.random_range(0..end - start);
        self.moves.swap(start, k);
        self.owners.swap(start, k);
        (self.moves[start], self.owners[start])
    }

    /// Whether the child `node`'s move is the move of the seat to move in `game`, the real
    /// game after the moves above it, and legal there; if so it is played. A best-reply
    /// line stops before the first move out of turn.
    pub(super) fn real_step(&self, game: &mut G, node: u32, list: &mut MoveList<G::Move>) -> bool {
        let n = &self.nodes[node as usize];
        if n.mover != game.to_move().0 || game.is_over() {
            return false;
        }
        game.legal_moves(list);
        if !list.as_slice().contains(&n.mv) {
            return false;
        }
        game.play(n.mv);
        true
    }
}
