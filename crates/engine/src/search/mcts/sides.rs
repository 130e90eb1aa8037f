//! The model a search applies (`MctsModel`), and which seats are on the root seat's side
//! (`Sides`): what `models.rs` walks the tree by.

use tabula_rules::{MAX_SEATS, Seat};

use super::rewards::Rewards;
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
    pub(super) seats: usize,
    /// `allies[s]`: seat `s` plays for the root seat's team (the root seat too).
    pub(super) allies: [bool; MAX_SEATS],
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
