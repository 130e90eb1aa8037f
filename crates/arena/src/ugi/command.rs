//! What a runner or GUI sends an engine.

use std::fmt;
use std::str::FromStr;

use super::{MAX_SEATS, ProtocolError, bad, number};

/// Where `position` starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The game's start under the engine's options.
    StartPos,
    /// A position text of the game (`position fen TEXT`): everything up to `moves`.
    Fen(String),
}

/// The limits of a `go`: clocks in milliseconds per seat (`p1time`..`p6time`, `p1inc`..),
/// or one of the fixed limits.
///
/// `wtime`, `btime`, `winc` and `binc`, the names chess runners give the clocks, are read as
/// `p1time`, `p2time`, `p1inc` and `p2inc`; they name the clocks of a 2-seat game only.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Milliseconds left on each seat's clock.
    pub time: [Option<u64>; MAX_SEATS],
    /// Milliseconds added to each seat's clock per move.
    pub inc: [Option<u64>; MAX_SEATS],
    /// Some clock was named the chess way (`wtime`, `btime`, `winc`, `binc`), which only a
    /// 2-seat game may take; it is written back so.
    pub chess_names: bool,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Think exactly this many milliseconds.
    pub movetime: Option<u64>,
    /// Search this many plies.
    pub depth: Option<u32>,
    /// Search this many nodes.
    pub nodes: Option<u64>,
    /// Think until `stop`.
    pub infinite: bool,
}

/// A `query`: UGI's three and UGI-N's two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `true` or `false`.
    GameOver,
    /// Whether the first seat is to move: `true` or `false`.
    P1Turn,
    /// `none`, `draw`, `pKwin` or (UGI-N) `ranks R1 .. RN`.
    Result,
    /// UGI-N: the seat to move, `pK`.
    Turn,
    /// UGI-N: the number of seats.
    Seats,
}

const QUERIES: [(Query, &str); 5] = [
    (Query::GameOver, "gameover"),
    (Query::P1Turn, "p1turn"),
    (Query::Result, "result"),
    (Query::Turn, "turn"),
    (Query::Seats, "seats"),
];

/// One line to an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `ugi`: identify yourself and list your options.
    Ugi,
    /// `isready`: answer `readyok` when ready.
    IsReady,
    /// `setoption name X value Y` (a name may hold spaces; `value` may be absent).
    SetOption {
        /// The option's name.
        name: String,
        /// Its new value (empty without `value`).
        value: String,
    },
    /// `uginewgame`: the next position belongs to a new game.
    NewGame,
    /// `position startpos|fen TEXT [moves M1 M2 ...]`.
    Position {
        /// The position before the moves.
        start: Start,
        /// Moves in the game's notation.
        moves: Vec<String>,
    },
    /// `go ...`: search the position and answer `bestmove`.
    Go(Go),
    /// `stop`: answer `bestmove` at once.
    Stop,
    /// `query ...`: answer `response ...`.
    Query(Query),
    /// `quit`: exit.
    Quit,
}

impl FromStr for Command {
    type Err = ProtocolError;

    fn from_str(line: &str) -> Result<Self, ProtocolError> {
        let mut words = line.split_whitespace();
        let Some(head) = words.next() else { return Err(bad("empty line")) };
        let rest: Vec<&str> = words.collect();
        let no_args = |command: Command| match rest.first() {
            None => Ok(command),
            Some(extra) => Err(bad(format!("unexpected '{extra}' after '{head}'"))),
        };
        match head {
            "ugi" => no_args(Command::Ugi),
            "isready" => no_args(Command::IsReady),
            "uginewgame" => no_args(Command::NewGame),
            "stop" => no_args(Command::Stop),
            "quit" => no_args(Command::Quit),
            "setoption" => set_option(&rest),
            "position" => position(&rest),
            "go" => go(&rest).map(Command::Go),
            "query" => match rest.as_slice() {
                [what] => QUERIES
                    .iter()
                    .find(|(_, word)| word == what)
                    .map(|&(q, _)| Command::Query(q))
                    .ok_or_else(|| bad(format!("unknown query '{what}' (gameover, p1turn, result, turn, seats)"))),
                [] => Err(bad("'query' needs a question: gameover, p1turn, result, turn or seats")),
                [_, extra, ..] => Err(bad(format!("unexpected '{extra}' after the query"))),
            },
            other => Err(bad(format!("unknown command '{other}'"))),
        }
    }
}

fn set_option(rest: &[&str]) -> Result<Command, ProtocolError> {
    if rest.first() != Some(&"name") {
        return Err(bad(format!("expected 'name' after 'setoption', found '{}'", rest.first().unwrap_or(&""))));
    }
    let value_at = rest.iter().position(|&w| w == "value").unwrap_or(rest.len());
    let name = rest[1..value_at].join(" ");
    if name.is_empty() {
        return Err(bad("'setoption' needs an option name"));
    }
    let value = rest.get(value_at + 1..).map(|v| v.join(" ")).unwrap_or_default();
    Ok(Command::SetOption { name, value })
}

fn position(rest: &[&str]) -> Result<Command, ProtocolError> {
    let moves_at = rest.iter().position(|&w| w == "moves").unwrap_or(rest.len());
    let start = match rest.first() {
        Some(&"startpos") if moves_at == 1 => Start::StartPos,
        Some(&"startpos") => return Err(bad(format!("unexpected '{}' after 'startpos'", rest[1]))),
        Some(&"fen") if moves_at > 1 => Start::Fen(rest[1..moves_at].join(" ")),
        Some(&"fen") => return Err(bad("'position fen' needs a position text")),
        Some(other) => return Err(bad(format!("expected 'startpos' or 'fen', found '{other}'"))),
        None => return Err(bad("'position' needs 'startpos' or 'fen'")),
    };
    let moves = rest.get(moves_at + 1..).unwrap_or(&[]).iter().map(|m| m.to_string()).collect();
    Ok(Command::Position { start, moves })
}

/// The chess names of the first two seats' clocks: `(time, increment)` of p1, then p2.
const CHESS_NAMES: [(&str, &str); 2] = [("wtime", "winc"), ("btime", "binc")];

/// The seat index of `pKtime` / `pKinc`, if `word` is one with `suffix` (`time` or `inc`).
fn seat_field(word: &str, suffix: &str) -> Option<usize> {
    let k: usize = word.strip_prefix('p')?.strip_suffix(suffix)?.parse().ok()?;
    k.checked_sub(1).filter(|&seat| seat < MAX_SEATS)
}

/// The seat index of a chess name with `suffix`: `wtime` 0, `btime` 1, `winc` 0, `binc` 1.
fn chess_field(word: &str, suffix: &str) -> Option<usize> {
    CHESS_NAMES.iter().position(|&(time, inc)| word == if suffix == "time" { time } else { inc })
}

/// Sets one seat's clock field, which may be given only once.
fn set_clock(field: &mut Option<u64>, key: &str, value: Option<&str>) -> Result<(), ProtocolError> {
    if field.is_some() {
        return Err(bad(format!("'{key}' names a clock already given")));
    }
    *field = Some(number(key, value)?);
    Ok(())
}

fn go(rest: &[&str]) -> Result<Go, ProtocolError> {
    let mut go = Go::default();
    let mut words = rest.iter().copied();
    while let Some(key) = words.next() {
        if key == "infinite" {
            go.infinite = true;
            continue;
        }
        let value = words.next();
        let chess = |suffix| chess_field(key, suffix);
        go.chess_names |= chess("time").or(chess("inc")).is_some();
        if let Some(seat) = seat_field(key, "time").or(chess("time")) {
            set_clock(&mut go.time[seat], key, value)?;
        } else if let Some(seat) = seat_field(key, "inc").or(chess("inc")) {
            set_clock(&mut go.inc[seat], key, value)?;
        } else {
            match key {
                "movestogo" => go.movestogo = Some(number(key, value)?),
                "movetime" => go.movetime = Some(number(key, value)?),
                "depth" => go.depth = Some(number(key, value)?),
                "nodes" => go.nodes = Some(number(key, value)?),
                other => return Err(bad(format!("unknown go parameter '{other}'"))),
            }
        }
    }
    Ok(go)
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Ugi => f.write_str("ugi"),
            Command::IsReady => f.write_str("isready"),
            Command::NewGame => f.write_str("uginewgame"),
            Command::Stop => f.write_str("stop"),
            Command::Quit => f.write_str("quit"),
            Command::SetOption { name, value } => write!(f, "setoption name {name} value {value}"),
            Command::Position { start, moves } => {
                match start {
                    Start::StartPos => f.write_str("position startpos")?,
                    Start::Fen(text) => write!(f, "position fen {text}")?,
                }
                if !moves.is_empty() {
                    write!(f, " moves {}", moves.join(" "))?;
                }
                Ok(())
            }
            Command::Go(go) => {
                f.write_str("go")?;
                let name = |seat: usize, suffix: &str| match CHESS_NAMES.get(seat) {
                    Some(&(time, inc)) if go.chess_names => if suffix == "time" { time } else { inc }.to_string(),
                    _ => format!("p{}{suffix}", seat + 1),
                };
                for (seat, t) in go.time.iter().enumerate() {
                    if let Some(t) = t {
                        write!(f, " {} {t}", name(seat, "time"))?;
                    }
                }
                for (seat, t) in go.inc.iter().enumerate() {
                    if let Some(t) = t {
                        write!(f, " {} {t}", name(seat, "inc"))?;
                    }
                }
                let fields = [("movestogo", go.movestogo.map(u64::from)), ("movetime", go.movetime)];
                let fields = fields.into_iter().chain([("depth", go.depth.map(u64::from)), ("nodes", go.nodes)]);
                for (key, value) in fields {
                    if let Some(v) = value {
                        write!(f, " {key} {v}")?;
                    }
                }
                if go.infinite {
                    f.write_str(" infinite")?;
                }
                Ok(())
            }
            Command::Query(q) => {
                let word = QUERIES.iter().find(|(x, _)| x == q).map_or("", |(_, w)| w);
                write!(f, "query {word}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_read_what_they_write() {
        let mut clocks = Go { movestogo: Some(12), ..Go::default() };
        clocks.time[0] = Some(1000);
        clocks.time[3] = Some(20);
        clocks.inc[1] = Some(5);
        let all = [
            Command::Ugi,
            Command::IsReady,
            Command::NewGame,
            Command::Stop,
            Command::Quit,
            Command::SetOption { name: "hash".into(), value: "64".into() },
            Command::SetOption { name: "two words".into(), value: "a b".into() },
            Command::Position { start: Start::StartPos, moves: vec![] },
            Command::Position {
                start: Start::Fen("e players=2 turn=0".into()),
                moves: vec!["a1-b2".into(), "c3".into()],
            },
            Command::Go(clocks.clone()),
            Command::Go(Go { chess_names: true, ..clocks }),
            Command::Go(Go { depth: Some(3), ..Go::default() }),
            Command::Go(Go { infinite: true, ..Go::default() }),
            Command::Query(Query::Turn),
            Command::Query(Query::P1Turn),
        ];
        for c in all {
            assert_eq!(c.to_string().parse::<Command>(), Ok(c.clone()), "{c}");
        }
    }

    #[test]
    fn ugi_lines_are_read() {
        let go: Command = "go p1time 100 p2time 200 p1inc 10 p2inc 20".parse().unwrap();
        let Command::Go(go) = go else { panic!() };
        assert_eq!((go.time[0], go.time[1], go.inc[1], go.time[2]), (Some(100), Some(200), Some(20), None));
        assert!(!go.chess_names);
        let chess: Command = "go wtime 100 btime 200 winc 10 binc 20 movestogo 5".parse().unwrap();
        assert_eq!(chess, Command::Go(Go { chess_names: true, movestogo: Some(5), ..go }));
        assert_eq!(chess.to_string(), "go wtime 100 btime 200 winc 10 binc 20 movestogo 5");
        assert_eq!(
            "position startpos moves a b".parse::<Command>(),
            Ok(Command::Position { start: Start::StartPos, moves: vec!["a".into(), "b".into()] })
        );
        assert_eq!(
            "setoption name c value 1.5".parse::<Command>(),
            Ok(Command::SetOption { name: "c".into(), value: "1.5".into() })
        );
    }

    #[test]
    fn bad_lines_name_the_token() {
        let err = |line: &str| line.parse::<Command>().unwrap_err().to_string();
        assert!(err("launch").contains("'launch'"));
        assert!(err("").contains("empty"));
        assert!(err("isready now").contains("'now'"));
        assert!(err("go p7time 5").contains("'p7time'"));
        assert!(err("go p0time 5").contains("'p0time'"));
        assert!(err("go p0inc 5").contains("'p0inc'"));
        assert!(err("go wtime 5 p1time 6").contains("'p1time' names a clock already given"));
        assert!(err("go binc 5 binc 6").contains("'binc' names a clock already given"));
        assert!(err("go wtime soon").contains("'soon'"));
        assert!(err("go ptime 5").contains("'ptime'"));
        assert!(err("go p1time soon").contains("'soon'"));
        assert!(err("go depth").contains("'depth' needs a value"));
        assert!(err("query weather").contains("'weather'"));
        assert!(err("position middle").contains("'middle'"));
        assert!(err("position fen moves a").contains("position text"));
        assert!(err("setoption hash 5").contains("'hash'"));
    }
}
