//! One `--engine` of a match: a name, a searcher spec and an optional time control of its own.

use crate::error::{ArenaError, error};
use crate::time_control::TimeControl;

/// An engine taking part in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineEntry {
    /// The name in tables and records; unique within a match.
    pub name: String,
    /// The searcher spec, e.g. `alphabeta:threads=1,hash=16`.
    pub spec: String,
    /// The engine's own time control; `None` takes the match's `--tc`.
    pub tc: Option<TimeControl>,
}

/// The fields of the long form.
const FIELDS: &[&str] = &["name", "spec", "tc"];

impl EngineEntry {
    /// Reads an `--engine` value: either a bare spec (`mcts:c=1.2`), named after itself, or
    /// fields `name=...,spec=...,tc=...` in any order. A spec's own `key=value` settings may
    /// follow `spec=` after commas: `name=ab,spec=alphabeta:threads=1,hash=8,tc=10+0.1`.
    pub fn parse(text: &str) -> Result<Self, ArenaError> {
        let is_field = |part: &str| part.split_once('=').is_some_and(|(k, _)| FIELDS.contains(&k));
        if !is_field(text) {
            if text.is_empty() {
                return Err(error("empty --engine: expected a spec like alphabeta or name=...,spec=...,tc=..."));
            }
            return Ok(EngineEntry { name: text.to_string(), spec: text.to_string(), tc: None });
        }
        let mut fields: Vec<(&str, String)> = Vec::new();
        for part in text.split(',') {
            match part.split_once('=') {
                Some((key, value)) if FIELDS.contains(&key) => {
                    if fields.iter().any(|(k, _)| *k == key) {
                        return Err(error(format!("engine field '{key}' given twice in '{text}'")));
                    }
                    fields.push((key, value.to_string()));
                }
                _ => match fields.last_mut() {
                    Some(("spec", spec)) => {
                        spec.push(',');
                        spec.push_str(part);
                    }
                    _ => {
                        return Err(error(format!("bad engine field '{part}' in '{text}' (fields: name, spec, tc)")));
                    }
                },
            }
        }
        let get = |key: &str| fields.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone());
        let spec =
            get("spec").filter(|s| !s.is_empty()).ok_or_else(|| error(format!("engine '{text}' has no spec=")))?;
        let name = get("name").unwrap_or_else(|| spec.clone());
        if name.is_empty() || name.chars().any(|c| c.is_control() || c == '"' || c == ';') {
            return Err(error(format!(
                "bad engine name '{name}': use letters, digits and punctuation but not \" or ;"
            )));
        }
        let tc = match get("tc") {
            Some(tc) => Some(tc.parse::<TimeControl>().map_err(|e| error(e.to_string()))?),
            None => None,
        };
        Ok(EngineEntry { name, spec, tc })
    }
}

/// Makes names unique by suffixing repeats: `mcts`, `mcts#2`, `mcts#3`.
pub fn unique_names(engines: &mut [EngineEntry]) {
    for i in 1..engines.len() {
        let base = engines[i].name.clone();
        let mut n = 1;
        while engines[..i].iter().any(|e| e.name == engines[i].name) {
            n += 1;
            engines[i].name = format!("{base}#{n}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn bare_specs_and_fields() {
        let e = EngineEntry::parse("mcts:c=1.2,seed=3").unwrap();
        assert_eq!((e.name.as_str(), e.spec.as_str(), e.tc), ("mcts:c=1.2,seed=3", "mcts:c=1.2,seed=3", None));
        let e = EngineEntry::parse("name=ab,spec=alphabeta:threads=1,hash=8,tc=10+0.1").unwrap();
        assert_eq!(e.name, "ab");
        assert_eq!(e.spec, "alphabeta:threads=1,hash=8");
        assert_eq!(e.tc, Some(TimeControl::sudden_death(Duration::from_secs(10), Duration::from_millis(100))));
        let e = EngineEntry::parse("tc=st=1,spec=greedy").unwrap();
        assert_eq!((e.name.as_str(), e.tc), ("greedy", Some(TimeControl::FixedPerMove(Duration::from_secs(1)))));
    }

    #[test]
    fn bad_fields_are_named() {
        let err = |s: &str| EngineEntry::parse(s).unwrap_err().0;
        assert!(err("name=x").contains("no spec="));
        assert!(err("name=x,name=y,spec=random").contains("'name' given twice"));
        assert!(err("name=x,hash=8,spec=random").contains("'hash=8'"));
        assert!(err("spec=random,tc=fast").contains("'fast'"));
        assert!(err("").contains("empty"));
    }

    #[test]
    fn repeated_names_get_suffixes() {
        let mut engines: Vec<EngineEntry> =
            ["random", "random", "greedy", "random"].iter().map(|s| EngineEntry::parse(s).unwrap()).collect();
        unique_names(&mut engines);
        let names: Vec<&str> = engines.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["random", "random#2", "greedy", "random#3"]);
    }
}
