//! Searchers built from spec strings: `alphabeta:threads=2,hash=64`, `greedy`, `random:seed=7`.
//! An unknown name or key is an error that lists the known ones.

use std::fmt;

use crate::api::{EngineGame, Searcher};
use crate::search::alphabeta::{AlphaBeta, AlphaBetaConfig, Model};
use crate::search::mcts::{Mcts, MctsConfig};
use crate::search::simple::{Greedy, RandomPlayer};

/// A spec string that cannot be built; the message names the bad part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SpecError {}

/// The searcher names and their keys.
pub const SEARCHERS: &[(&str, &[&str])] = &[
    ("alphabeta", &["threads", "hash", "aspiration", "model", "contempt", "lmr"]),
    ("mcts", &["c", "seed", "threads", "cap", "history", "solver", "reuse", "policy", "length"]),
    ("greedy", &[]),
    ("random", &["seed"]),
];

/// A spec's name and its `key=value` pairs.
type Parsed<'a> = (&'a str, Vec<(&'a str, &'a str)>);

/// Splits `name:key=value,...` into the name and its pairs, checking the keys.
fn parse(spec: &str) -> Result<Parsed<'_>, SpecError> {
    let (name, rest) = spec.split_once(':').unwrap_or((spec, ""));
    let Some(&(_, keys)) = SEARCHERS.iter().find(|(n, _)| *n == name) else {
        let names: Vec<&str> = SEARCHERS.iter().map(|(n, _)| *n).collect();
        return Err(SpecError(format!("unknown engine '{name}' (known: {})", names.join(", "))));
    };
    let mut pairs = Vec::new();
    for part in rest.split(',').filter(|p| !p.is_empty()) {
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| SpecError(format!("bad engine setting '{part}': expected key=value")))?;
        if !keys.contains(&k) {
            let known = if keys.is_empty() { "none".to_string() } else { keys.join(", ") };
            return Err(SpecError(format!("unknown key '{k}' for {name} (known: {known})")));
        }
        pairs.push((k, v));
    }
    Ok((name, pairs))
}

fn number<T: std::str::FromStr + PartialOrd>(key: &str, value: &str, lo: T, hi: T) -> Result<T, SpecError> {
    value
        .parse::<T>()
        .ok()
        .filter(|v| *v >= lo && *v <= hi)
        .ok_or_else(|| SpecError(format!("bad value '{value}' for {key}")))
}

fn boolean(key: &str, value: &str) -> Result<bool, SpecError> {
    match value {
        "true" | "on" | "1" => Ok(true),
        "false" | "off" | "0" => Ok(false),
        _ => Err(SpecError(format!("bad value '{value}' for {key} (expected true or false)"))),
    }
}

/// The opponent model `value` names; `best-reply` only for a game that can hand the turn on.
fn model<G: EngineGame>(value: &str) -> Result<Model, SpecError> {
    match value {
        "paranoid" => Ok(Model::Paranoid),
        "best-reply" => {
            let handed = G::new(&Default::default()).is_ok_and(|mut g| {
                let seat = g.to_move();
                g.hand_turn_to(seat)
            });
            if handed {
                Ok(Model::BestReply)
            } else {
                Err(SpecError(format!("model 'best-reply' is not built for {}: it cannot hand the turn on", G::NAME)))
            }
        }
        _ => Err(SpecError(format!("bad value '{value}' for model (expected paranoid or best-reply)"))),
    }
}

/// Builds the searcher a spec string describes.
pub fn build<G: EngineGame>(spec: &str) -> Result<Box<dyn Searcher<G>>, SpecError> {
    let (name, pairs) = parse(spec)?;
    Ok(match name {
        "alphabeta" => {
            let mut c = AlphaBetaConfig::default();
            for (k, v) in pairs {
                match k {
                    "threads" => c.threads = number(k, v, 1, 256)?,
                    "hash" => c.hash_mb = number(k, v, 1, 65_536)?,
                    "aspiration" => c.aspiration = number(k, v, 1, 100_000)?,
                    "contempt" => c.contempt = Some(number(k, v, -10_000, 10_000)?),
                    "lmr" => c.lmr = Some(number(k, v, 0, 1_000)?),
                    _ => c.model = model::<G>(v)?,
                }
            }
            Box::new(AlphaBeta::<G>::new(c))
        }
        "mcts" => {
            let mut c = MctsConfig::default();
            let mut policy = G::playout_policy();
            for (k, v) in pairs {
                match k {
                    "c" => c.c = number(k, v, 0.0, 100.0)?,
                    "seed" => c.seed = number(k, v, 0, u64::MAX)?,
                    "threads" => c.threads = number(k, v, 1, 256)?,
                    "cap" => c.playout_cap = if v == "none" { None } else { Some(number(k, v, 1, 1_000_000)?) },
                    "history" => c.progressive_history = boolean(k, v)?,
                    "solver" => c.solver = boolean(k, v)?,
                    "reuse" => c.reuse_tree = boolean(k, v)?,
                    "length" => c.length_discount = number(k, v, 0.0, 0.5)?,
                    _ => {
                        policy = match v {
                            "game" => G::playout_policy(),
                            "uniform" => std::sync::Arc::new(crate::playout::Uniform),
                            _ => {
                                return Err(SpecError(format!(
                                    "bad value '{v}' for policy (expected game or uniform)"
                                )));
                            }
                        }
                    }
                }
            }
            Box::new(Mcts::<G>::new(c, policy))
        }
        "greedy" => Box::new(Greedy::<G>::new()),
        _ => {
            let mut seed = 0;
            for (k, v) in pairs {
                debug_assert_eq!(k, "seed");
                seed = number(k, v, 0, u64::MAX)?;
            }
            Box::new(RandomPlayer::new(seed))
        }
    })
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
            "greedy",
            "random:seed=7",
            "random",
        ] {
            assert!(build::<ChineseCheckers>(ok).is_ok(), "{ok}");
        }
        let err = |s: &str| build::<ChineseCheckers>(s).err().unwrap().to_string();
        assert!(err("minimax").contains("'minimax'") && err("minimax").contains("alphabeta"));
        assert!(err("alphabeta:depth=3").contains("'depth'") && err("alphabeta:depth=3").contains("threads, hash"));
        assert!(err("alphabeta:threads=0").contains("'0'"));
        assert!(err("alphabeta:threads").contains("'threads'"));
        assert!(err("alphabeta:depth=3").contains("aspiration, model, contempt, lmr"));
        assert!(err("alphabeta:lmr=-1").contains("'-1'"));
        assert!(err("alphabeta:contempt=20000").contains("'20000'"));
        assert!(err("alphabeta:contempt=x").contains("'x'"));
        assert!(err("alphabeta:model=maxn").contains("'maxn'") && err("alphabeta:model=maxn").contains("best-reply"));
        assert!(err("greedy:x=1").contains("known: none"));
        assert!(err("mcts:solver=maybe").contains("'maybe'"));
        assert!(err("mcts:c=-1").contains("'-1'"));
        assert!(err("mcts:policy=greedy").contains("'greedy'") && err("mcts:policy=greedy").contains("uniform"));
        assert!(err("mcts:x=1").contains("reuse, policy"));
    }
}
