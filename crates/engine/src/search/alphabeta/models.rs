//! Opponent models: who moves in the tree with three or more seats.
//!
//! * `paranoid`: the root seat's team against a coalition of all other seats, in turn
//!   order. Nodes where the root's team moves maximise, the others minimise.
//! * `best-reply` (Schadd and Winands' Best-Reply Search): root-seat layers alternate with
//!   layers where only the single strongest reply among all opponents' moves is played
//!   (each opponent's moves generated on the position with the turn handed to it); the
//!   root seat's team-mates do not move. Deeper lines of the root seat for the same depth,
//!   at the price of positions that cannot occur.
//! * `maxn` (Luckhardt and Irani's max^n, searched as in `maxn.rs`): every seat moves in
//!   turn and picks the child best for its own team by its own value, which is the margin
//!   of [`margins`](crate::search::simple::margins). Ties between children of equal value
//!   for the seat to move go to the one worst for the other teams (the lower sum of their
//!   values), then to the lower values in seat order, so that the value of a node never
//!   depends on the order its moves were searched in.
//!
//! With two seats all three are exactly plain negamax.
//!
//! Best-reply search's opponents' layer tries every opponent move (`replies=all`), or
//! (`replies=tactical`) only those that reach the root seat's pieces
//! ([`EngineGame::reaches`]: captures; in E, moves on stacks that hold them) and a null
//! reply, where no opponent moves and the root seat moves again. In a race the other
//! replies only advance the opponents' own races, which the root seat's moves cannot
//! change; leaving them out buys the root seat's own lines the depth to plan several moves
//! ahead.

use tabula_rules::{MoveList, Seat};

use super::worker::Worker;
use crate::api::EngineGame;

/// Who moves in the tree with three or more seats (all are plain negamax with two).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Model {
    /// The root seat's team against all other seats, every seat moving in turn.
    #[default]
    Paranoid,
    /// Best-Reply Search: the root seat, then the best reply of any one opponent.
    BestReply,
    /// max^n with shallow pruning: every seat for itself, in turn.
    MaxN,
}

impl Model {
    /// The spelling in spec strings.
    pub fn name(self) -> &'static str {
        match self {
            Model::Paranoid => "paranoid",
            Model::BestReply => "best-reply",
            Model::MaxN => "maxn",
        }
    }
}

/// The replies best-reply search tries in its opponents' layer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Replies {
    /// Every move of every opponent.
    #[default]
    All,
    /// The opponents' moves that reach the root seat's pieces, and a null reply: no
    /// opponent moves.
    Tactical,
}

/// `Worker::owners` entry of a move the seat to move plays in turn.
pub(super) const IN_TURN: u8 = u8::MAX;

/// `Worker::owners` entry of the null reply of best-reply search with
/// [`Replies::Tactical`]: no move is played (the move beside it is a placeholder) and the
/// turn goes back to the root seat.
pub(super) const NULL_REPLY: u8 = u8::MAX - 1;

/// The seats outside the team `root_team`, in seat order.
pub(super) fn opponents_of<G: EngineGame>(game: &G, root_team: u8) -> Vec<Seat> {
    (0..game.seats() as u8).map(Seat).filter(|&s| game.team(s) != root_team).collect()
}

/// Whether best-reply search applies to `game`: asked for, three or more seats, someone to
/// reply, and a game that can hand the turn on.
pub(super) fn best_reply_applies<G: EngineGame>(model: Model, game: &G, opponents: &[Seat]) -> bool {
    model == Model::BestReply && game.seats() > 2 && !opponents.is_empty() && game.clone().hand_turn_to(game.to_move())
}

/// Whether max^n applies to `game`: asked for and three or more seats.
pub(super) fn maxn_applies<G: EngineGame>(model: Model, game: &G) -> bool {
    model == Model::MaxN && game.seats() > 2
}

impl<G: EngineGame> Worker<'_, G> {
    /// Lists the moves of a node into `moves`. At an opponents' layer of best-reply
    /// search these are the moves of every opponent, from the seat to move on, each on the
    /// position with the turn handed to its seat, which `owners` records (with
    /// [`Replies::Tactical`] only those that reach the root seat, then the null reply);
    /// elsewhere `owners` is left empty.
    pub(super) fn list_moves(&self, game: &G, moves: &mut MoveList<G::Move>, owners: &mut Vec<u8>) {
        owners.clear();
        if !self.brs || self.side(game) > 0 {
            game.legal_moves(moves);
            return;
        }
        moves.clear();
        let mut own = MoveList::new();
        let to_move = game.to_move();
        let first = self.opponents.iter().position(|&s| s >= to_move).unwrap_or(0);
        let n = self.opponents.len();
        let tactical_only = self.replies == Replies::Tactical;
        for k in 0..n {
            let seat = self.opponents[(first + k) % n];
            let mut handed = None;
            if seat == to_move {
                game.legal_moves(&mut own);
            } else {
                let position = handed.insert(game.clone());
                let handed_ok = position.hand_turn_to(seat);
                debug_assert!(handed_ok, "the game refused to hand the turn on");
                position.legal_moves(&mut own);
            }
            let mover = handed.as_ref().unwrap_or(game);
            let owner = if seat == to_move { IN_TURN } else { seat.0 };
            for &mv in &own {
                if !tactical_only || mover.reaches(mv, self.root) {
                    moves.push(mv);
                    owners.push(owner);
                }
            }
        }
        if tactical_only {
            // The null reply, with any move as its placeholder.
            if let Some(&mv) = moves.as_slice().first().or(own.as_slice().first()) {
                moves.push(mv);
                owners.push(NULL_REPLY);
            }
        }
    }

    /// The position after `mv`, which `owner` plays ([`IN_TURN`]: the seat to move), and
    /// whether it is the game's own position after `mv` (no turn handed on), so that a
    /// principal variation may go on through it. In best-reply search the turn then goes to
    /// the root seat after an opponent's move, and to an opponent after the root seat's.
    pub(super) fn child(&self, game: &G, mv: G::Move, owner: u8) -> (G, bool) {
        let mut child = game.clone();
        if owner == NULL_REPLY {
            child.hand_turn_to(self.root);
            return (child, false);
        }
        if owner != IN_TURN {
            child.hand_turn_to(Seat(owner));
        }
        child.play(mv);
        let mut real = owner == IN_TURN;
        if self.brs && !child.is_over() {
            let seat = if self.side(game) < 0 {
                Some(self.root)
            } else if self.side(&child) > 0 {
                // A team-mate would move next: the opponents' layer starts with the first
                // opponent after it.
                let next = child.to_move();
                Some(self.opponents.iter().copied().find(|&s| s > next).unwrap_or(self.opponents[0]))
            } else {
                None
            };
            if let Some(seat) = seat.filter(|&s| s != child.to_move()) {
                child.hand_turn_to(seat);
                real = false;
            }
        }
        (child, real)
    }

    /// Whether `mv`, played by `owner`, is tactical (quiescence searches only those).
    pub(super) fn is_tactical(&self, game: &G, mv: G::Move, owner: u8) -> bool {
        if owner == IN_TURN {
            game.is_tactical(mv)
        } else if owner == NULL_REPLY {
            false
        } else {
            let mut handed = game.clone();
            handed.hand_turn_to(Seat(owner));
            handed.is_tactical(mv)
        }
    }
}
