//! The searchers' keys, declared once (key, values, default, doc): the registry parses spec
//! strings with them and `tabula options` lists them.

use tabula_rules::core::settings::{Choice, Limit, Number, Setting, SettingKind, Switch, Text, Words};

use crate::api::EngineGame;
use crate::search::alphabeta::{AlphaBetaConfig, Model};
use crate::search::mcts::{MctsConfig, MctsModel};
use crate::search::minimax::Minimax;

impl Words for Model {
    const WORDS: &'static [(Self, &'static str)] =
        &[(Model::Paranoid, "paranoid"), (Model::BestReply, "best-reply"), (Model::MaxN, "maxn")];
}

impl Words for MctsModel {
    const WORDS: &'static [(Self, &'static str)] =
        &[(MctsModel::MaxN, "maxn"), (MctsModel::Paranoid, "paranoid"), (MctsModel::BestReply, "best-reply")];
}

tabula_rules::words! {
    /// The playout policy an MCTS searcher uses.
    pub enum Policy {
        /// The game's own policy (biased toward good moves where the game has one).
        #[default]
        Game = "game",
        /// Uniformly random legal moves.
        Uniform = "uniform",
    }
}

/// An alpha-beta searcher's settings: its config and its evaluator's weights.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AlphaBetaSpec {
    /// The search settings.
    pub config: AlphaBetaConfig,
    /// A weights file for the evaluator (`weights`); `None`: the game's own.
    pub weights: Option<String>,
}

/// An MCTS searcher's settings: its config, its playout policy and its evaluator's weights.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MctsSpec {
    /// The search settings.
    pub config: MctsConfig,
    /// The playout policy.
    pub policy: Policy,
    /// A weights file for the evaluator (`weights`), whose weights MCTS's own evaluator is
    /// made from ([`EngineGame::mcts_eval`], which may keep some or all weights of its own);
    /// `None`: the game's own.
    pub weights: Option<String>,
}

/// A greedy player's settings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GreedySpec {
    /// A weights file for the evaluator (`weights`); `None`: the game's own.
    pub weights: Option<String>,
}

/// A searcher's settings that name a weights file for its evaluator.
pub trait WeightsFile: 'static {
    /// The file named, if any.
    fn weights(&self) -> &Option<String>;
    /// Names a file, or none.
    fn set_weights(&mut self, file: Option<String>);
}

macro_rules! weights_file {
    ($($spec:ty),*) => {$(
        impl WeightsFile for $spec {
            fn weights(&self) -> &Option<String> {
                &self.weights
            }
            fn set_weights(&mut self, file: Option<String>) {
                self.weights = file;
            }
        }
    )*};
}

weights_file!(AlphaBetaSpec, MctsSpec, GreedySpec);

/// The `weights` key of a searcher that takes an evaluator: a weights file, as `tabula tune`
/// writes it, read when the searcher is built; `none` for the game's own weights.
pub const fn weights_key<T: WeightsFile>() -> Text<T> {
    Text {
        key: "weights",
        doc: "a weights file for the evaluator, one `name = integer` a line as `tabula tune` writes it \
              (read when the searcher is built); none: the game's own",
        form: "none or the path of a weights file",
        get: |t| t.weights().clone().unwrap_or_else(|| "none".to_string()),
        set: |t, v| {
            t.set_weights((!v.is_empty() && v != "none").then(|| v.to_string()));
            Some(())
        },
    }
}

const WEIGHTS_OF_ALPHABETA: Text<AlphaBetaSpec> = weights_key();
const WEIGHTS_OF_MCTS: Text<MctsSpec> = weights_key();
const WEIGHTS_OF_GREEDY: Text<GreedySpec> = weights_key();

/// A random player's settings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RandomSpec {
    /// The seed of its choices.
    pub seed: u64,
}

/// The keys of `alphabeta`.
pub const ALPHABETA: &[&dyn Setting<AlphaBetaSpec>] = &[
    &Number::<AlphaBetaSpec, _> {
        key: "threads",
        doc: "search threads (Lazy SMP)",
        min: 1,
        max: 256,
        get: |s| s.config.threads,
        set: |s, v| s.config.threads = v,
    },
    &Number::<AlphaBetaSpec, _> {
        key: "hash",
        doc: "transposition table size in MB; refused if more than the memory available \
              (MemAvailable or the cgroup's limit, less what other tables hold) or if it cannot be allocated",
        min: 1,
        max: 65_536,
        get: |s| s.config.hash_mb,
        set: |s, v| s.config.hash_mb = v,
    },
    &Number::<AlphaBetaSpec, _> {
        key: "aspiration",
        doc: "half-width of the aspiration window at the root, in evaluation units",
        min: 1,
        max: 100_000,
        get: |s| s.config.aspiration,
        set: |s, v| s.config.aspiration = v,
    },
    &Choice::<AlphaBetaSpec, _> {
        key: "model",
        doc: "the opponent model with three or more seats",
        get: |s| s.config.model,
        set: |s, v| s.config.model = v,
        applies: None,
    },
    &Number::<AlphaBetaSpec, _> {
        key: "contempt",
        doc: "what a draw costs the searching side, in evaluation units (the game sets the default)",
        min: -10_000,
        max: 10_000,
        get: |s| s.config.contempt.unwrap_or_default(),
        set: |s, v| s.config.contempt = Some(v),
    },
    &Number::<AlphaBetaSpec, _> {
        key: "lmr",
        doc: "late move reductions after this many moves of a node; 0 turns them off (the game sets the default)",
        min: 0,
        max: 1_000,
        get: |s| s.config.lmr.unwrap_or_default(),
        set: |s, v| s.config.lmr = Some(v),
    },
    &Number::<AlphaBetaSpec, _> {
        key: "rivals",
        doc: "with three or more teams, the percent of the margin taken over the other teams' mean value \
              instead of the best other team's (the game sets the default)",
        min: 0,
        max: 100,
        get: |s| s.config.rivals.unwrap_or_default(),
        set: |s, v| s.config.rivals = Some(v),
    },
    &Number::<AlphaBetaSpec, _> {
        key: "quiescence",
        doc: "plies past the horizon that quiescence plays tactical moves (the game sets the default; max^n with 3 or more seats: at most one round)",
        min: 0,
        max: crate::search::alphabeta::MAX_PLY as u32,
        get: |s| s.config.quiescence.unwrap_or_default(),
        set: |s, v| s.config.quiescence = Some(v),
    },
    &Number::<AlphaBetaSpec, _> {
        key: "lost",
        doc: "with two seats, a search score at or below minus this counts the race as lost: where the \
              search's move makes no progress of its own, the move that progresses most is played instead; \
              0 turns it off (the game sets the default)",
        min: 0,
        max: 1_000_000,
        get: |s| s.config.lost.unwrap_or_default(),
        set: |s, v| s.config.lost = Some(v),
    },
    &WEIGHTS_OF_ALPHABETA,
];

/// The keys of `mcts`.
pub const MCTS: &[&dyn Setting<MctsSpec>] = &[
    &Number::<MctsSpec, _> {
        key: "c",
        doc: "the exploration constant of UCT (rewards lie in 0 to 1)",
        min: 0.0,
        max: 100.0,
        get: |s| s.config.c,
        set: |s, v| s.config.c = v,
    },
    &Number::<MctsSpec, _> {
        key: "seed",
        doc: "the seed of thread 0; thread i uses seed + i",
        min: 0,
        max: u64::MAX,
        get: |s| s.config.seed,
        set: |s, v| s.config.seed = v,
    },
    &Number::<MctsSpec, _> {
        key: "threads",
        doc: "trees searched in parallel (root parallelism)",
        min: 1,
        max: 256,
        get: |s| s.config.threads,
        set: |s, v| s.config.threads = v,
    },
    &Number::<MctsSpec, _> {
        key: "memory",
        doc: "memory of the search trees in MB, split evenly between the threads (at least 1 MB a thread); \
              a node costs its own bytes, 12 a seat and room for 16 moves (and 16 bytes for their seats \
              with model=best-reply and three or more seats); refused if more than the memory \
              available (as for hash) or if it cannot be allocated",
        min: 1,
        max: 1_048_576,
        get: |s| s.config.memory_mb,
        set: |s, v| s.config.memory_mb = v,
    },
    &Limit::<MctsSpec, _> {
        key: "cap",
        doc: "truncated playouts: the evaluator scores the position after this many plies",
        min: 1,
        max: 1_000_000,
        get: |s| s.config.playout_cap,
        set: |s, v| s.config.playout_cap = v,
    },
    &Switch::<MctsSpec> {
        key: "history",
        doc: "progressive history: mix a table of move rewards into the selection",
        get: |s| s.config.progressive_history,
        set: |s, v| s.config.progressive_history = v,
    },
    &Switch::<MctsSpec> {
        key: "solver",
        doc: "prove wins, losses and draws (two seats)",
        get: |s| s.config.solver,
        set: |s, v| s.config.solver = v,
    },
    &Switch::<MctsSpec> {
        key: "reuse",
        doc: "keep the subtree of the position reached for the next search",
        get: |s| s.config.reuse_tree,
        set: |s, v| s.config.reuse_tree = v,
    },
    &Choice::<MctsSpec, _> {
        key: "policy",
        doc: "the playout policy",
        get: |s| s.policy,
        set: |s, v| s.policy = v,
        applies: None,
    },
    &Number::<MctsSpec, _> {
        key: "scale",
        doc: "evaluation units per factor e of reward odds when a truncated playout is scored \
              (seat rewards are the softmax of value / scale)",
        min: 1.0,
        max: 1_000_000.0,
        get: |s| s.config.eval_scale,
        set: |s, v| s.config.eval_scale = v,
    },
    &Number::<MctsSpec, _> {
        key: "length",
        doc: "per ply from the root, finished playouts' rewards move this much toward an even split",
        min: 0.0,
        max: 0.5,
        get: |s| s.config.length_discount,
        set: |s, v| s.config.length_discount = v,
    },
    &Choice::<MctsSpec, _> {
        key: "model",
        doc: "the opponent model with three or more seats",
        get: |s| s.config.model,
        set: |s, v| s.config.model = v,
        applies: None,
    },
    &Number::<MctsSpec, _> {
        key: "implicit",
        doc: "implicit minimax backups: the weight of the evaluator's values, backed up by minimax \
              over the expanded children, beside the average reward in selection (0 is off)",
        min: 0.0,
        max: 1.0,
        get: |s| s.config.implicit,
        set: |s, v| s.config.implicit = v,
    },
    &Switch::<MctsSpec> {
        key: "repeat",
        doc: "a position repeated in the game is a draw (true), or it is played out like any leaf, \
              the game going on, and a lost game is played on for progress rather than delay (false)",
        get: |s| s.config.repeat_draws,
        set: |s, v| s.config.repeat_draws = v,
    },
    &WEIGHTS_OF_MCTS,
];

/// The keys of `minimax`.
pub const MINIMAX: &[&dyn Setting<Minimax>] = &[&Limit::<Minimax, _> {
    key: "depth",
    doc: "the depth it searches to; none: one ply deeper at a time until the time is up",
    min: 1,
    max: crate::search::minimax::MAX_DEPTH,
    get: |m| m.depth,
    set: |m, v| m.depth = v,
}];

/// The keys of `greedy`.
pub const GREEDY: &[&dyn Setting<GreedySpec>] = &[&WEIGHTS_OF_GREEDY];

/// The keys of `random`.
pub const RANDOM: &[&dyn Setting<RandomSpec>] = &[&Number::<RandomSpec, _> {
    key: "seed",
    doc: "the seed of its choices (a match gives every game its own)",
    min: 0,
    max: u64::MAX,
    get: |s| s.seed,
    set: |s, v| s.seed = v,
}];

/// One key of a searcher as `tabula options` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyInfo {
    /// The key.
    pub key: &'static str,
    /// The values it takes.
    pub values: String,
    /// Its default for the game.
    pub default: String,
    /// What it does.
    pub doc: &'static str,
    /// The kind of value it takes.
    pub kind: SettingKind,
}

/// A searcher as `tabula options` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearcherInfo {
    /// Its name in spec strings.
    pub name: &'static str,
    /// What it is.
    pub doc: &'static str,
    /// Its keys.
    pub keys: Vec<KeyInfo>,
}

/// The keys of `settings` with their values in `default`.
pub(crate) fn key_infos<T>(settings: &[&dyn Setting<T>], default: &T) -> Vec<KeyInfo> {
    settings
        .iter()
        .map(|s| KeyInfo { key: s.key(), values: s.expected(), default: s.get(default), doc: s.doc(), kind: s.kind() })
        .collect()
}

/// The alpha-beta settings a spec starts from for `G`: the game's contempt, reductions,
/// opponent model, quiescence and lost race.
pub fn alphabeta_defaults<G: EngineGame>() -> AlphaBetaSpec {
    let config = AlphaBetaConfig {
        contempt: Some(G::TUNING.contempt),
        lmr: Some(G::TUNING.late_move_reductions),
        rivals: Some(G::TUNING.rivals),
        model: G::TUNING.opponent_model,
        quiescence: Some(G::TUNING.quiescence_plies),
        lost: Some(G::TUNING.lost_race),
        ..AlphaBetaConfig::default()
    };
    AlphaBetaSpec { config, weights: None }
}

/// The MCTS settings a spec starts from for `G`: the game's playout truncation, implicit
/// minimax weight and treatment of repetitions.
pub fn mcts_defaults<G: EngineGame>() -> MctsSpec {
    let mut spec = MctsSpec::default();
    spec.config.playout_cap = G::TUNING.playout_cap;
    spec.config.implicit = G::TUNING.mcts_implicit;
    spec.config.repeat_draws = G::TUNING.mcts_repeat_draws;
    spec
}

/// Every searcher's name in spec strings with what it is, in the order errors and listings
/// give them.
pub const SEARCHERS: [(&str, &str); 5] = [
    ("alphabeta", "iterative-deepening alpha-beta (negamax/PVS) with a transposition table"),
    ("mcts", "Monte Carlo tree search with one reward per seat"),
    (
        "minimax",
        "the plain yardstick: textbook alpha-beta (paranoid with more seats) over the game's simplest score, \
         no move ordering, table or quiescence",
    ),
    ("greedy", "the move the evaluator likes best one ply deep"),
    ("random", "a uniformly random legal move"),
];

/// Every searcher with its keys and their defaults for game `G`, in [`SEARCHERS`] order.
pub fn searchers<G: EngineGame>() -> Vec<SearcherInfo> {
    let keys = [
        key_infos(ALPHABETA, &alphabeta_defaults::<G>()),
        key_infos(MCTS, &mcts_defaults::<G>()),
        key_infos(MINIMAX, &Minimax::default()),
        key_infos(GREEDY, &GreedySpec::default()),
        key_infos(RANDOM, &RandomSpec::default()),
    ];
    SEARCHERS.iter().zip(keys).map(|(&(name, doc), keys)| SearcherInfo { name, doc, keys }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_rules::games::martian_chess::MartianChess;

    #[test]
    fn the_listing_shows_the_games_defaults() {
        let list = searchers::<MartianChess>();
        let names: Vec<&str> = list.iter().map(|s| s.name).collect();
        assert_eq!(names, ["alphabeta", "mcts", "minimax", "greedy", "random"]);
        let contempt = list[0].keys.iter().find(|k| k.key == "contempt").unwrap();
        assert_eq!(contempt.default, MartianChess::TUNING.contempt.to_string());
        assert_eq!(contempt.values, "a number from -10000 to 10000");
        let model = list[0].keys.iter().find(|k| k.key == "model").unwrap();
        assert_eq!((model.values.as_str(), model.default.as_str()), ("paranoid, best-reply or maxn", "best-reply"));
        let rivals = list[0].keys.iter().find(|k| k.key == "rivals").unwrap();
        assert_eq!((rivals.values.as_str(), rivals.default.as_str()), ("a number from 0 to 100", "100"));
        let cap = list[1].keys.iter().find(|k| k.key == "cap").unwrap();
        assert_eq!((cap.values.as_str(), cap.default.as_str()), ("none or a number from 1 to 1000000", "2"));
        let implicit = list[1].keys.iter().find(|k| k.key == "implicit").unwrap();
        assert_eq!(implicit.default, "0.8");
        let depth = list[2].keys.iter().find(|k| k.key == "depth").unwrap();
        assert_eq!((depth.values.as_str(), depth.default.as_str()), ("none or a number from 1 to 64", "none"));
        let memory = list[1].keys.iter().find(|k| k.key == "memory").unwrap();
        assert_eq!((memory.values.as_str(), memory.default.as_str()), ("a number from 1 to 1048576", "512"));
        let model = list[1].keys.iter().find(|k| k.key == "model").unwrap();
        assert_eq!((model.values.as_str(), model.default.as_str()), ("maxn, paranoid or best-reply", "maxn"));
    }

    #[test]
    fn e_searches_best_reply_and_truncates_playouts_by_default() {
        use tabula_rules::games::e::E;
        let list = searchers::<E>();
        let default =
            |searcher: usize, key: &str| list[searcher].keys.iter().find(|k| k.key == key).unwrap().default.clone();
        assert_eq!(default(0, "model"), "best-reply");
        assert_eq!(default(1, "cap"), "12");
        assert_eq!(alphabeta_defaults::<E>().config.model, Model::BestReply);
    }
}
