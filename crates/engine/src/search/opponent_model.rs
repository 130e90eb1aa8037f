//! The opponent model of a search with three or more seats, as a spec names it (what each
//! model does is in `alphabeta/models.rs`).

use tabula_rules::{Game, Seat};

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

    /// Whether best-reply search applies to `game`: asked for, three or more teams (with
    /// two, the other team is truly the opponent and paranoid search is exact), someone to
    /// reply, and a game that can hand the turn on.
    pub fn best_reply_applies<G: Game>(self, game: &G, opponents: &[Seat]) -> bool {
        self == Model::BestReply
            && teams(game) > 2
            && !opponents.is_empty()
            && game.clone().hand_turn_to(game.to_move())
    }

    /// Whether max^n applies to `game`: asked for and three or more seats.
    pub fn maxn_applies<G: Game>(self, game: &G) -> bool {
        self == Model::MaxN && game.seats() > 2
    }
}

/// How many teams play `game`.
fn teams<G: Game>(game: &G) -> usize {
    let mut seen = 0u64;
    (0..game.seats() as u8).for_each(|s| seen |= 1 << game.team(Seat(s)));
    seen.count_ones() as usize
}

/// The seats outside the team `root_team`, in seat order.
pub fn opponents_of<G: Game>(game: &G, root_team: u8) -> Vec<Seat> {
    (0..game.seats() as u8).map(Seat).filter(|&s| game.team(s) != root_team).collect()
}
