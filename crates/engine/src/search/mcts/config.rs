//! The settings of an MCTS searcher.

use super::sides::MctsModel;

/// The settings of an [`Mcts`](super::Mcts) searcher.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// The exploration constant of UCT (rewards lie in `[0, 1]`). The default 0.5 beat
    /// 1.0 in Chinese Checkers self-play at 1000 iterations a move.
    pub c: f64,
    /// The seed of thread 0; thread `i` uses `seed + i`.
    pub seed: u64,
    /// Trees searched in parallel (root parallelism), at least 1.
    pub threads: usize,
    /// Truncated playouts: after this many plies the evaluator scores the position.
    pub playout_cap: Option<u32>,
    /// Mix a table of move rewards into the selection (progressive history).
    pub progressive_history: bool,
    /// The weight `W` of progressive history: the bonus is `W * H / ((1 - Q) * n + 1)`.
    pub history_weight: f64,
    /// Prove wins, losses and draws (two seats only).
    pub solver: bool,
    /// Keep the subtree of the position reached for the next search.
    pub reuse_tree: bool,
    /// Evaluation units per factor `e` of reward odds when a truncated playout is scored:
    /// seat rewards are `softmax(value / eval_scale)`.
    pub eval_scale: f64,
    /// The memory of the trees in MB (setting `memory`), in total: each of the `threads`
    /// trees gets an even share, at least 1 MB. A tree holds as many nodes as its share
    /// buys at [`Mcts::bytes_per_node`](super::Mcts::bytes_per_node) bytes a node, at most 2^28; a full tree still runs
    /// playouts from its leaves. The memory is reserved when the searcher is built, and
    /// refused if more than the memory available or if it cannot be allocated (see
    /// [`crate::memory`], whose budget counts this size). Tree reuse copies the subtree it keeps into fresh arrays:
    /// for that moment the old tree and the copy are both held.
    pub memory_mb: usize,
    /// Rewards of a finished playout move toward an even split by this much per ply from the
    /// root (at most halfway): a win sooner is worth more, a loss later less bad. Without it
    /// a seat that wins every playout sees no reason to hurry and dawdles for hundreds of
    /// plies.
    pub length_discount: f64,
    /// The opponent model with three or more seats (with two all models are max^n). Under
    /// `best-reply` a game that cannot hand the turn on is searched paranoid.
    pub model: MctsModel,
    /// The weight of the implicit minimax value in selection (0 to 1; 0 is off): each node
    /// keeps the evaluator's rewards backed up by minimax over its expanded children, and
    /// selection mixes them with the average reward (`implicit.rs`).
    pub implicit: f64,
    /// A position repeated in the game counts as a draw. If not, as where a cycle only
    /// delays the end, it grows no subtree and each visit plays it out like any leaf, the
    /// seat whose move repeated getting at most a draw's share (see `iteration.rs`); and
    /// when every root move looks lost, the one that progresses most is played rather than
    /// the one that delays longest (see `root.rs`).
    pub repeat_draws: bool,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            c: 0.5,
            seed: 0,
            threads: 1,
            playout_cap: None,
            progressive_history: true,
            history_weight: 5.0,
            solver: true,
            reuse_tree: true,
            eval_scale: 400.0,
            memory_mb: 512,
            length_discount: 0.002,
            model: MctsModel::MaxN,
            implicit: 0.0,
            repeat_draws: true,
        }
    }
}
