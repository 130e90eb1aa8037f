//! What an engine answers a runner or GUI.

use std::fmt;
use std::str::FromStr;

use super::{ProtocolError, bad, number};

/// The kind of an option, with its default and range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A whole number in `min..=max`.
    Spin {
        /// The default.
        default: i64,
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
    /// `true` or `false`.
    Check {
        /// The default.
        default: bool,
    },
    /// One of the words `vars`.
    Combo {
        /// The default.
        default: String,
        /// The choices.
        vars: Vec<String>,
    },
    /// Any text (also numbers that are not whole).
    Text {
        /// The default.
        default: String,
    },
}

/// An `option name ... type ...` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionDecl {
    /// The name, without spaces.
    pub name: String,
    /// Its kind, default and range.
    pub kind: OptionKind,
}

/// An `info` line. Keys a runner does not know are skipped with their value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// Completed depth.
    pub depth: Option<u32>,
    /// Score in centi-units for the side to move (`score cp`).
    pub score: Option<i64>,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// Milliseconds since `go`.
    pub time: Option<u64>,
    /// The principal variation.
    pub pv: Vec<String>,
    /// `info string TEXT`: a message for people (errors included).
    pub string: Option<String>,
}

/// One line from an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `id name X`.
    Name(String),
    /// `id author X`.
    Author(String),
    /// `option name ...`.
    Option(OptionDecl),
    /// `ugiok`.
    UgiOk,
    /// `readyok`.
    ReadyOk,
    /// `info ...`.
    Info(Info),
    /// `bestmove M`.
    BestMove(String),
    /// `response X` to a query.
    Response(String),
}

impl FromStr for Reply {
    type Err = ProtocolError;

    fn from_str(line: &str) -> Result<Self, ProtocolError> {
        let mut words = line.split_whitespace();
        let Some(head) = words.next() else { return Err(bad("empty line")) };
        let rest: Vec<&str> = words.collect();
        let text = || rest.join(" ");
        match head {
            "id" => match rest.split_first() {
                Some((&"name", value)) => Ok(Reply::Name(value.join(" "))),
                Some((&"author", value)) => Ok(Reply::Author(value.join(" "))),
                _ => Err(bad(format!("expected 'id name' or 'id author', found '{line}'"))),
            },
            "option" => option(&rest).map(Reply::Option),
            "ugiok" => Ok(Reply::UgiOk),
            "readyok" => Ok(Reply::ReadyOk),
            "info" => info(&rest).map(Reply::Info),
            "bestmove" => match rest.as_slice() {
                [mv, ..] => Ok(Reply::BestMove(mv.to_string())),
                [] => Err(bad("'bestmove' without a move")),
            },
            "response" => Ok(Reply::Response(text())),
            other => Err(bad(format!("unknown reply '{other}'"))),
        }
    }
}

fn option(rest: &[&str]) -> Result<OptionDecl, ProtocolError> {
    let field = |key: &str| rest.iter().position(|&w| w == key).and_then(|i| rest.get(i + 1)).copied();
    let name = field("name").ok_or_else(|| bad("'option' without a name"))?.to_string();
    let default = field("default").unwrap_or("");
    let kind = match field("type") {
        Some("spin") => OptionKind::Spin {
            default: number("default", Some(default))?,
            min: number("min", field("min"))?,
            max: number("max", field("max"))?,
        },
        Some("check") => OptionKind::Check { default: default == "true" },
        Some("combo") => OptionKind::Combo {
            default: default.to_string(),
            vars: rest.windows(2).filter(|w| w[0] == "var").map(|w| w[1].to_string()).collect(),
        },
        Some("string") => OptionKind::Text { default: default.to_string() },
        Some(other) => return Err(bad(format!("unknown option type '{other}'"))),
        None => return Err(bad(format!("option '{name}' without a type"))),
    };
    Ok(OptionDecl { name, kind })
}

fn info(rest: &[&str]) -> Result<Info, ProtocolError> {
    let mut info = Info::default();
    let mut i = 0;
    while i < rest.len() {
        let (key, value) = (rest[i], rest.get(i + 1).copied());
        i += 2;
        match key {
            "depth" => info.depth = Some(number(key, value)?),
            "nodes" => info.nodes = Some(number(key, value)?),
            "nps" => info.nps = Some(number(key, value)?),
            "time" => info.time = Some(number(key, value)?),
            "score" => {
                let amount = rest.get(i).copied();
                i += 1;
                info.score = Some(match value {
                    Some("cp") => number("score cp", amount)?,
                    Some("mate") => {
                        let plies: i64 = number("score mate", amount)?;
                        let win = i64::from(tabula_engine::api::score::WIN);
                        if plies >= 0 { win - plies } else { -win - plies }
                    }
                    other => return Err(bad(format!("unknown score kind '{}'", other.unwrap_or("")))),
                });
            }
            "pv" => {
                info.pv = rest[i - 1..].iter().map(|m| m.to_string()).collect();
                break;
            }
            "string" => {
                info.string = Some(rest[i - 1..].join(" "));
                break;
            }
            _ => {}
        }
    }
    Ok(info)
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Name(name) => write!(f, "id name {name}"),
            Reply::Author(author) => write!(f, "id author {author}"),
            Reply::UgiOk => f.write_str("ugiok"),
            Reply::ReadyOk => f.write_str("readyok"),
            Reply::BestMove(mv) => write!(f, "bestmove {mv}"),
            Reply::Response(text) => write!(f, "response {text}"),
            Reply::Option(OptionDecl { name, kind }) => {
                write!(f, "option name {name} type ")?;
                match kind {
                    OptionKind::Spin { default, min, max } => write!(f, "spin default {default} min {min} max {max}"),
                    OptionKind::Check { default } => write!(f, "check default {default}"),
                    OptionKind::Combo { default, vars } => {
                        write!(f, "combo default {default}")?;
                        vars.iter().try_for_each(|v| write!(f, " var {v}"))
                    }
                    OptionKind::Text { default } => write!(f, "string default {default}"),
                }
            }
            Reply::Info(info) => {
                f.write_str("info")?;
                if let Some(text) = &info.string {
                    return write!(f, " string {text}");
                }
                let fields = [("depth", info.depth.map(i64::from)), ("score cp", info.score)];
                let counts = [("nodes", info.nodes), ("nps", info.nps), ("time", info.time)];
                for (key, value) in fields {
                    if let Some(v) = value {
                        write!(f, " {key} {v}")?;
                    }
                }
                for (key, value) in counts {
                    if let Some(v) = value {
                        write!(f, " {key} {v}")?;
                    }
                }
                if !info.pv.is_empty() {
                    write!(f, " pv {}", info.pv.join(" "))?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_read_what_they_write() {
        let all = [
            Reply::Name("Tabula alphabeta".into()),
            Reply::Author("the Tabula developers".into()),
            Reply::UgiOk,
            Reply::ReadyOk,
            Reply::BestMove("g6/3-h8,Xh8/2=g6/2".into()),
            Reply::Response("ranks 1 2 2".into()),
            Reply::Option(OptionDecl {
                name: "hash".into(),
                kind: OptionKind::Spin { default: 16, min: 1, max: 65536 },
            }),
            Reply::Option(OptionDecl { name: "solver".into(), kind: OptionKind::Check { default: true } }),
            Reply::Option(OptionDecl {
                name: "model".into(),
                kind: OptionKind::Combo {
                    default: "paranoid".into(),
                    vars: vec!["paranoid".into(), "best-reply".into()],
                },
            }),
            Reply::Option(OptionDecl { name: "c".into(), kind: OptionKind::Text { default: "0.5".into() } }),
            Reply::Info(Info {
                depth: Some(4),
                score: Some(-35),
                nodes: Some(1000),
                nps: Some(50_000),
                time: Some(20),
                pv: vec!["a1-a2".into(), "b3".into()],
                string: None,
            }),
            Reply::Info(Info { string: Some("error: unknown command 'x'".into()), ..Info::default() }),
        ];
        for r in all {
            assert_eq!(r.to_string().parse::<Reply>(), Ok(r.clone()), "{r}");
        }
    }

    #[test]
    fn other_engines_info_lines_are_read() {
        let Ok(Reply::Info(info)) = "info depth 2 seldepth 3 score mate 3 hashfull 1 nodes 50 pv f1 b1".parse() else {
            panic!()
        };
        assert_eq!(info.depth, Some(2));
        assert_eq!(info.score, Some(i64::from(tabula_engine::api::score::WIN) - 3));
        assert_eq!(info.nodes, Some(50));
        assert_eq!(info.pv, ["f1", "b1"]);
    }

    #[test]
    fn bad_replies_name_the_token() {
        let err = |line: &str| line.parse::<Reply>().unwrap_err().to_string();
        assert!(err("hello there").contains("'hello'"));
        assert!(err("bestmove").contains("without a move"));
        assert!(err("info depth deep").contains("'deep'"));
        assert!(err("option name x type slider").contains("'slider'"));
    }
}
