//! Searchers built from spec strings: `alphabeta:threads=2,hash=64`, `greedy`, `random:seed=7`.
//! An unknown name or key is an error that lists the known ones; the keys are declared in
//! [`crate::settings`].

use std::fmt;

use tabula_rules::RulesError;
use tabula_rules::core::settings::{self, Setting};

use crate::api::{EngineGame, Searcher};
use crate::search::alphabeta::{AlphaBeta, Model};
use crate::search::mcts::{Mcts, MctsModel};
use crate::search::minimax::Minimax;
use crate::search::simple::{Greedy, RandomPlayer};
use crate::settings::{
    ALPHABETA, AlphaBetaSpec, GREEDY, GreedySpec, KeyInfo, MCTS, MINIMAX, Policy, RANDOM, RandomSpec, SEARCHERS,
    alphabeta_defaults, key_infos, mcts_defaults,
};
use crate::weights::{Tunable, parse};

/// A spec string that cannot be built; the message names the bad part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

/// A spec's name and its `key=value` pairs.
type Parsed<'a> = (&'a str, Vec<(&'a str, &'a str)>);

/// The error for a searcher name that is not in [`SEARCHERS`].
fn unknown(name: &str) -> SpecError {
    let names: Vec<&str> = SEARCHERS.iter().map(|(name, _)| *name).collect();
    SpecError(format!("unknown engine '{name}' (known: {})", names.join(", ")))
}

/// Splits `name:key=value,...` into the name and its pairs.
fn split(spec: &str) -> Result<Parsed<'_>, SpecError> {
    let (name, rest) = spec.split_once(':').unwrap_or((spec, ""));
    if !SEARCHERS.iter().any(|(known, _)| *known == name) {
        return Err(unknown(name));
    }
    let mut pairs = Vec::new();
    for part in rest.split(',').filter(|p| !p.is_empty()) {
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| SpecError(format!("bad engine setting '{part}': expected key=value")))?;
        pairs.push((k, v));
    }
    Ok((name, pairs))
}

/// Applies the `pairs` of searcher `name` to `target` through its declared keys.
fn apply<T>(name: &str, settings: &[&dyn Setting<T>], target: &mut T, pairs: &[(&str, &str)]) -> Result<(), SpecError> {
    for &(key, value) in pairs {
        let setting = settings::find(settings, key).ok_or_else(|| {
            SpecError(format!("unknown key '{key}' for {name} (known: {})", settings::keys(settings)))
        })?;
        setting.set(target, value).map_err(|e| match e {
            RulesError::BadValue { key, value, expected } => {
                SpecError(format!("bad value '{value}' for {key} (expected {expected})"))
            }
            other => SpecError(other.to_string()),
        })?;
    }
    Ok(())
}

/// Whether game `G` can hand the turn on, as best-reply search needs.
fn hands_turn_on<G: EngineGame>() -> bool {
    G::new(&Default::default()).is_ok_and(|mut g| {
        let seat = g.to_move();
        g.hand_turn_to(seat)
    })
}

/// The seats of `G`'s default game.
fn default_seats<G: EngineGame>() -> usize {
    G::new(&Default::default()).map_or(2, |g| g.seats())
}

/// Refuses best-reply search (alpha-beta's or MCTS's) for a game of three or more seats
/// that cannot hand the turn on. With two seats best-reply is the plain search of either
/// searcher and needs no handing on.
fn best_reply_builds<G: EngineGame>() -> Result<(), SpecError> {
    if hands_turn_on::<G>() || default_seats::<G>() <= 2 {
        return Ok(());
    }
    Err(SpecError(format!("model 'best-reply' is not built for {}: it cannot hand the turn on", G::NAME)))
}

/// The alpha-beta settings of a spec: the game's defaults, then the spec's keys.
fn alphabeta_config<G: EngineGame>(name: &str, pairs: &[(&str, &str)]) -> Result<AlphaBetaSpec, SpecError> {
    let mut s = alphabeta_defaults::<G>();
    apply(name, ALPHABETA, &mut s, pairs)?;
    if s.config.model == Model::BestReply {
        best_reply_builds::<G>()?;
    }
    Ok(s)
}

/// The game's evaluator with the weights of the file at `path` (a spec's `weights`), or
/// the game's own weights for `None`; an error names the file and its bad line.
pub fn evaluator<G: EngineGame>(path: Option<&str>) -> Result<G::Eval, SpecError> {
    let mut eval = G::Eval::default();
    if let Some(path) = path {
        let text =
            std::fs::read_to_string(path).map_err(|e| SpecError(format!("cannot read weights file '{path}': {e}")))?;
        let names = <G::Eval as Tunable>::NAMES;
        let values =
            parse(&text, names).map_err(|e| SpecError(format!("bad weights file '{path}': {}", e.message(names))))?;
        eval.set_weights(&values);
    }
    Ok(eval)
}

/// Builds the searcher a spec string describes. The memory its settings size (`hash`,
/// `memory`) is allocated here, and a size the machine cannot give is an error naming the
/// setting (see [`crate::memory`]).
pub fn build<G: EngineGame>(spec: &str) -> Result<Box<dyn Searcher<G>>, SpecError> {
    let (name, pairs) = split(spec)?;
    Ok(match name {
        "alphabeta" => {
            let s = alphabeta_config::<G>(name, &pairs)?;
            let eval = evaluator::<G>(s.weights.as_deref())?;
            Box::new(AlphaBeta::<G>::try_with_eval(s.config, eval).map_err(|e| SpecError(e.to_string()))?)
        }
        "mcts" => {
            let mut s = mcts_defaults::<G>();
            apply(name, MCTS, &mut s, &pairs)?;
            if s.config.model == MctsModel::BestReply {
                best_reply_builds::<G>()?;
            }
            let policy = match s.policy {
                Policy::Game => G::playout_policy(),
                Policy::Uniform => std::sync::Arc::new(crate::playout::Uniform),
            };
            let eval = G::mcts_eval(evaluator::<G>(s.weights.as_deref())?);
            Box::new(Mcts::<G>::try_with_eval(s.config, policy, eval).map_err(|e| SpecError(e.to_string()))?)
        }
        "minimax" => {
            let mut m = Minimax::default();
            apply(name, MINIMAX, &mut m, &pairs)?;
            Box::new(m)
        }
        "greedy" => {
            let mut s = GreedySpec::default();
            apply(name, GREEDY, &mut s, &pairs)?;
            Box::new(Greedy::<G>::with_eval(evaluator::<G>(s.weights.as_deref())?))
        }
        "random" => {
            let mut s = RandomSpec::default();
            apply(name, RANDOM, &mut s, &pairs)?;
            Box::new(RandomPlayer::new(s.seed))
        }
        _ => return Err(unknown(name)),
    })
}

/// The threads the searcher a spec string describes searches on (1 for searchers without
/// the setting). Under node and depth limits a searcher on one thread plays the same move
/// every time; two or more share their work by timing (Lazy SMP's table, MCTS's shared
/// iteration count), so their moves can differ from run to run.
pub fn threads<G: EngineGame>(spec: &str) -> Result<usize, SpecError> {
    let keys = keys::<G>(spec)?;
    Ok(keys.iter().find(|k| k.key == "threads").and_then(|k| k.default.parse().ok()).unwrap_or(1))
}

/// The MB of tables the searcher a spec string describes claims when it is built (its
/// `hash` or `memory` setting; 0 for searchers without one): what a runner adds up before it
/// builds many (see [`crate::memory`]).
pub fn table_mb<G: EngineGame>(spec: &str) -> Result<usize, SpecError> {
    let keys = keys::<G>(spec)?;
    Ok(keys
        .iter()
        .filter(|k| k.key == "hash" || k.key == "memory")
        .filter_map(|k| k.default.parse::<usize>().ok())
        .sum())
}

/// The keys of the searcher a spec string describes, each with the value it has under the
/// spec (the game's default where the spec does not set it).
pub fn keys<G: EngineGame>(spec: &str) -> Result<Vec<KeyInfo>, SpecError> {
    fn under<T>(
        name: &str,
        settings: &[&dyn Setting<T>],
        mut target: T,
        pairs: &[(&str, &str)],
    ) -> Result<Vec<KeyInfo>, SpecError> {
        apply(name, settings, &mut target, pairs)?;
        Ok(key_infos(settings, &target))
    }
    let (name, pairs) = split(spec)?;
    match name {
        "alphabeta" => under(name, ALPHABETA, alphabeta_defaults::<G>(), &pairs),
        "mcts" => under(name, MCTS, mcts_defaults::<G>(), &pairs),
        "minimax" => under(name, MINIMAX, Minimax::default(), &pairs),
        "greedy" => under(name, GREEDY, GreedySpec::default(), &pairs),
        "random" => under(name, RANDOM, RandomSpec::default(), &pairs),
        _ => Err(unknown(name)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_rules::games::chinese_checkers::ChineseCheckers;

    #[test]
    fn builds_and_rejects() {
        for ok in [
            "alphabeta",
            "alphabeta:threads=2,hash=8",
            "alphabeta:model=paranoid",
            "alphabeta:model=best-reply,threads=2",
            "alphabeta:contempt=50",
            "alphabeta:contempt=-20,threads=2",
            "alphabeta:lmr=8",
            "alphabeta:lmr=0,contempt=0",
            "mcts",
            "mcts:c=1.2,seed=7,threads=2,cap=20,history=off,solver=false,reuse=true",
            "mcts:policy=uniform,cap=10",
            "mcts:policy=game",
            "mcts:model=maxn",
            "mcts:model=paranoid",
            "mcts:model=best-reply,threads=2",
            "greedy",
            "random:seed=7",
            "random",
        ] {
            assert!(build::<ChineseCheckers>(ok).is_ok(), "{ok}");
        }
        let err = |s: &str| build::<ChineseCheckers>(s).err().unwrap().to_string();
        assert!(err("negamax").contains("'negamax'") && err("negamax").contains("alphabeta, mcts, minimax"));
        assert!(build::<ChineseCheckers>("minimax:depth=3").is_ok() && build::<ChineseCheckers>("minimax").is_ok());
        assert!(err("minimax:depth=0").contains("'0'") && err("minimax:depth=x").contains("'x'"));
        assert!(err("minimax:seed=1").contains("'seed'") && err("minimax:seed=1").contains("known: depth"));
        assert!(err("alphabeta:depth=3").contains("'depth'") && err("alphabeta:depth=3").contains("threads, hash"));
        assert!(err("alphabeta:threads=0").contains("'0'"));
        assert_eq!(threads::<ChineseCheckers>("alphabeta"), Ok(1));
        assert_eq!(threads::<ChineseCheckers>("alphabeta:threads=3"), Ok(3));
        assert_eq!(threads::<ChineseCheckers>("mcts:threads=2"), Ok(2));
        assert_eq!(threads::<ChineseCheckers>("greedy"), Ok(1));
        assert!(err("alphabeta:threads").contains("'threads'"));
        assert!(err("alphabeta:depth=3").contains("aspiration, model, contempt, lmr"));
        assert!(err("alphabeta:lmr=-1").contains("'-1'"));
        assert!(err("alphabeta:contempt=20000").contains("'20000'"));
        assert!(err("alphabeta:contempt=x").contains("'x'"));
        assert!(
            err("alphabeta:model=minimax").contains("'minimax'") && err("alphabeta:model=minimax").contains("maxn")
        );
        assert!(err("greedy:x=1").contains("known: weights"));
        assert!(err("mcts:solver=maybe").contains("'maybe'"));
        assert!(err("mcts:c=-1").contains("'-1'"));
        assert!(err("mcts:policy=greedy").contains("'greedy'") && err("mcts:policy=greedy").contains("uniform"));
        assert!(err("mcts:x=1").contains("reuse, policy"));
        assert!(
            err("mcts:model=brs").contains("'brs'") && err("mcts:model=brs").contains("maxn, paranoid or best-reply")
        );
    }

    #[test]
    fn memory_the_machine_cannot_give_is_an_error() {
        let err = |s: &str| build::<ChineseCheckers>(s).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err("alphabeta:hash=100000000").contains("hash"), "{}", err("alphabeta:hash=100000000"));
        assert!(err("mcts:memory=0").contains("'0' for memory"));
        assert!(err("mcts:memory=1,threads=2").starts_with("memory=1: "));
        assert!(build::<ChineseCheckers>("mcts:memory=1").is_ok());
        assert!(build::<ChineseCheckers>("mcts:memory=2,threads=2").is_ok());
        // Sizes beyond the memory available: refused before anything is allocated.
        if let Some(room) = crate::memory::headroom() {
            let over = room.available_mb + 1;
            let text = err(&format!("alphabeta:hash={over}"));
            let asked =
                format!("hash={over}: {over} MB for the transposition table is more than the memory available, ");
            assert!(text.starts_with(&asked), "{text}");
            let text = err(&format!("mcts:memory={over}"));
            assert!(text.starts_with(&format!("memory={over}: {over} MB for the search trees is more")), "{text}");
        }
    }

    #[test]
    fn table_sizes_are_read_from_specs() {
        assert_eq!(table_mb::<ChineseCheckers>("alphabeta:hash=300"), Ok(300));
        assert_eq!(
            table_mb::<ChineseCheckers>("alphabeta"),
            Ok(crate::search::alphabeta::AlphaBetaConfig::default().hash_mb)
        );
        assert_eq!(table_mb::<ChineseCheckers>("mcts:memory=64,threads=2"), Ok(64));
        assert_eq!(table_mb::<ChineseCheckers>("minimax"), Ok(0));
        assert_eq!(table_mb::<ChineseCheckers>("greedy"), Ok(0));
        assert!(table_mb::<ChineseCheckers>("alphabeta:hash=x").is_err());
    }

    #[test]
    fn keys_carry_the_specs_values() {
        let mcts = keys::<ChineseCheckers>("mcts:solver=off,seed=9").unwrap();
        let value = |key: &str| mcts.iter().find(|k| k.key == key).unwrap().default.clone();
        assert_eq!((value("solver"), value("seed"), value("reuse")), ("false".into(), "9".into(), "true".into()));
        assert_eq!(mcts.len(), MCTS.len());
        assert!(keys::<ChineseCheckers>("alphabeta:hash=0").is_err());
        assert_eq!(keys::<ChineseCheckers>("greedy").unwrap().len(), 1);
    }

    #[test]
    fn a_spec_starts_from_the_games_defaults() {
        use tabula_rules::games::e::E;
        let e = alphabeta_config::<E>("alphabeta", &[]).unwrap();
        assert_eq!(e.config.model, E::TUNING.opponent_model);
        assert_eq!(e, alphabeta_defaults::<E>());
        let set = alphabeta_config::<E>("alphabeta", &[("model", "paranoid"), ("contempt", "7")]).unwrap().config;
        assert_eq!((set.model, set.contempt), (Model::Paranoid, Some(7)));
        let cc = alphabeta_config::<ChineseCheckers>("alphabeta", &[]).unwrap().config;
        assert_eq!((cc.model, cc.contempt, cc.lost), (Model::Paranoid, Some(0), Some(900)));
    }
}
