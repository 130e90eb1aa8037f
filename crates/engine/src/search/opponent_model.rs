//! The opponent model of a search with three or more seats, as a spec names it (what each
//! model does is in `alphabeta/models.rs`).

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
