//! One `--engine` of a match: a name, an in-process searcher spec or an outside engine's
//! command, and an optional time control of its own.

use crate::error::{ArenaError, error};
use crate::time_control::TimeControl;
use crate::ugi::{HANDSHAKE, OutsideCommand};

/// Who plays for an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A Tabula searcher in this process, by its spec, e.g. `alphabeta:threads=1,hash=16`.
    Searcher(String),
    /// A process speaking UGI, started for every game.
    Outside(OutsideCommand),
}

/// An engine taking part in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineEntry {
    /// The name in tables and records; unique within a match.
    pub name: String,
    /// Who plays.
    pub source: Source,
    /// The engine's own time control; `None` takes the match's `--tc`.
    pub tc: Option<TimeControl>,
}

/// The fields of the long form (besides `option.X`).
const FIELDS: &[&str] = &["name", "spec", "tc", "cmd", "args"];

impl EngineEntry {
    /// Reads an `--engine` value: either a bare spec (`mcts:c=1.2`), named after itself, or
    /// fields `name=...,spec=...,tc=...` in any order. A spec's own `key=value` settings may
    /// follow `spec=` after commas: `name=ab,spec=alphabeta:threads=1,hash=8,tc=10+0.1`.
    ///
    /// An outside engine has `cmd=PATH` instead of `spec=`, with `args=...` (split at
    /// spaces; like a spec, it runs on over commas that start no field) and any number of
    /// `option.X=Y`, sent as `setoption name X value Y`. It is named after the program's
    /// file name unless `name=` is given.
    pub fn parse(text: &str) -> Result<Self, ArenaError> {
        let is_field =
            |part: &str| part.split_once('=').is_some_and(|(k, _)| FIELDS.contains(&k) || k.starts_with("option."));
        if !is_field(text) {
            if text.is_empty() {
                return Err(error("empty --engine: expected a spec like alphabeta or name=...,spec=...,tc=..."));
            }
            return Ok(EngineEntry { name: text.to_string(), source: Source::Searcher(text.to_string()), tc: None });
        }
        let mut fields: Vec<(&str, String)> = Vec::new();
        for part in text.split(',') {
            match part.split_once('=') {
                Some((key, value)) if is_field(part) => {
                    if fields.iter().any(|(k, _)| *k == key) {
                        return Err(error(format!("engine field '{key}' given twice in '{text}'")));
                    }
                    fields.push((key, value.to_string()));
                }
                _ => match fields.last_mut() {
                    Some(("spec" | "args", value)) => {
                        value.push(',');
                        value.push_str(part);
                    }
                    _ => {
                        return Err(error(format!(
                            "bad engine field '{part}' in '{text}' (fields: name, spec, tc, cmd, args, option.X)"
                        )));
                    }
                },
            }
        }
        let get = |key: &str| fields.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone());
        let source = match (get("spec"), get("cmd")) {
            (Some(_), Some(_)) => return Err(error(format!("engine '{text}' has both spec= and cmd="))),
            (Some(spec), None) if !spec.is_empty() => Source::Searcher(spec),
            (None, Some(path)) if !path.is_empty() => Source::Outside(OutsideCommand {
                path,
                args: get("args").map(|a| a.split_whitespace().map(str::to_string).collect()).unwrap_or_default(),
                options: fields
                    .iter()
                    .filter_map(|(k, v)| k.strip_prefix("option.").map(|name| (name.to_string(), v.clone())))
                    .collect(),
                handshake: HANDSHAKE,
            }),
            _ => return Err(error(format!("engine '{text}' has no spec= (or cmd=)"))),
        };
        if let (Source::Searcher(_), Some((key, _))) =
            (&source, fields.iter().find(|(k, _)| *k == "args" || k.starts_with("option.")))
        {
            return Err(error(format!("engine field '{key}' is for outside engines (cmd=)")));
        }
        let name = get("name").unwrap_or_else(|| match &source {
            Source::Searcher(spec) => spec.clone(),
            Source::Outside(command) => std::path::Path::new(&command.path)
                .file_name()
                .map_or(command.path.clone(), |f| f.to_string_lossy().into()),
        });
        if name.is_empty() || name.chars().any(|c| c.is_control() || c == '"' || c == ';') {
            return Err(error(format!(
                "bad engine name '{name}': use letters, digits and punctuation but not \" or ;"
            )));
        }
        let tc = match get("tc") {
            Some(tc) => Some(tc.parse::<TimeControl>()?),
            None => None,
        };
        Ok(EngineEntry { name, source, tc })
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
        assert_eq!((e.name.as_str(), e.tc), ("mcts:c=1.2,seed=3", None));
        assert_eq!(e.source, Source::Searcher("mcts:c=1.2,seed=3".into()));
        let e = EngineEntry::parse("name=ab,spec=alphabeta:threads=1,hash=8,tc=10+0.1").unwrap();
        assert_eq!(e.name, "ab");
        assert_eq!(e.source, Source::Searcher("alphabeta:threads=1,hash=8".into()));
        assert_eq!(e.tc, Some(TimeControl::sudden_death(Duration::from_secs(10), Duration::from_millis(100))));
        let e = EngineEntry::parse("tc=st=1,spec=greedy").unwrap();
        assert_eq!((e.name.as_str(), e.tc), ("greedy", Some(TimeControl::FixedPerMove(Duration::from_secs(1)))));
    }

    #[test]
    fn outside_engines_have_a_command() {
        let e = EngineEntry::parse(
            "cmd=target/release/tabula,args=ugi e --engine alphabeta:threads=1,hash=8,option.hash=32,tc=st=1",
        )
        .unwrap();
        assert_eq!(e.name, "tabula");
        assert_eq!(e.tc, Some(TimeControl::FixedPerMove(Duration::from_secs(1))));
        let Source::Outside(command) = e.source else { panic!("{:?}", e.source) };
        assert_eq!(command.path, "target/release/tabula");
        assert_eq!(command.args, ["ugi", "e", "--engine", "alphabeta:threads=1,hash=8"]);
        assert_eq!(command.options, [("hash".to_string(), "32".to_string())]);
        let e = EngineEntry::parse("name=other,cmd=./engine").unwrap();
        assert_eq!(e.name, "other");
        assert_eq!(
            e.source,
            Source::Outside(OutsideCommand {
                path: "./engine".into(),
                args: vec![],
                options: vec![],
                handshake: HANDSHAKE
            })
        );
    }

    #[test]
    fn bad_fields_are_named() {
        let err = |s: &str| EngineEntry::parse(s).unwrap_err().to_string();
        assert!(err("name=x").contains("no spec="));
        assert!(err("name=x,name=y,spec=random").contains("'name' given twice"));
        assert!(err("name=x,hash=8,spec=random").contains("'hash=8'"));
        assert!(err("spec=random,tc=fast").contains("'fast'"));
        assert!(err("").contains("empty"));
        assert!(err("spec=random,cmd=./x").contains("both"));
        assert!(err("spec=random,option.hash=2").contains("'option.hash'"));
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
