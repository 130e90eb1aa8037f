//! Time controls in the cutechess spellings (`inf`, `st=2.5`, `60+0.5`, `40/60`, `1:30+1`,
//! `nodes=1000`, `depth=8`): parsed with [`str::parse`], written back canonically with
//! [`Display`](fmt::Display), and turned into search [`Limits`](tabula_engine::Limits) by the
//! engine's [`TimeManager`](tabula_engine::time::TimeManager) (`TimeControl::limits`, beside
//! the [`Clock`](crate::Clock)).

use std::error::Error;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The largest time a control may name, in seconds (about 116 days); larger values are rejected
/// as absurd.
pub const MAX_SECONDS: u64 = 10_000_000;
/// How a player's thinking is limited over a game.
///
/// Parsed from, and written as, the cutechess spellings:
///
/// | spelling            | control                                                          |
/// |---------------------|------------------------------------------------------------------|
/// | `inf`               | [`Infinite`](Self::Infinite) (`infinite` is also read)           |
/// | `st=2.5`            | [`FixedPerMove`](Self::FixedPerMove): 2.5 s for every move       |
/// | `60`, `60+0.5`      | sudden death: 60 s for the game, 0.5 s added after every move    |
/// | `40/60`, `40/60+1`  | 60 s for every 40 moves (repeating), plus any increment          |
/// | `1:30+1`, `40/0:05` | the base time as minutes:seconds                                 |
/// | `nodes=1000`        | [`Nodes`](Self::Nodes): 1000 nodes per move                      |
/// | `depth=8`           | [`Depth`](Self::Depth): 8 plies per move                         |
///
/// Seconds may have a decimal fraction (to the nanosecond); a `tc=` prefix on `inf` and the
/// clock spellings is accepted and dropped. Negative, zero, empty, non-decimal (`nan`, `1e3`)
/// and absurd (over [`MAX_SECONDS`]) values are rejected, as is anything after the control.
/// [`Display`](fmt::Display) writes times in seconds, so `1:30+1` is written `90+1`; parsing what
/// it writes gives back the same control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// No limit: think until stopped.
    Infinite,
    /// The same thinking time for every move; nothing carries over between moves.
    FixedPerMove(Duration),
    /// A chess clock.
    Clock {
        /// `Some(n)`: `base` is for every `n` moves and is credited again after each `n`
        /// moves; `None`: sudden death, `base` is for the whole game.
        moves: Option<u32>,
        /// The time on the clock at the start, and again at each new period.
        base: Duration,
        /// Added to the clock after every move.
        increment: Duration,
    },
    /// A fixed number of nodes (MCTS: iterations) per move.
    Nodes(u64),
    /// A fixed search depth per move.
    Depth(u32),
}

impl TimeControl {
    /// Sudden death: `base` for the game, `increment` after every move.
    pub fn sudden_death(base: Duration, increment: Duration) -> Self {
        TimeControl::Clock { moves: None, base, increment }
    }

    /// Whether the control is measured in time (a clock or a fixed time per move).
    pub fn is_timed(&self) -> bool {
        matches!(self, TimeControl::FixedPerMove(_) | TimeControl::Clock { .. })
    }
}

/// Writes the canonical cutechess spelling: `inf`, `st=2.5`, `40/60+0.5`, `nodes=1000`,
/// `depth=8`; times in seconds, a zero increment left out.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Infinite => f.write_str("inf"),
            TimeControl::FixedPerMove(time) => write!(f, "st={}", Seconds(time)),
            TimeControl::Clock { moves, base, increment } => {
                if let Some(moves) = moves {
                    write!(f, "{moves}/")?;
                }
                write!(f, "{}", Seconds(base))?;
                if !increment.is_zero() {
                    write!(f, "+{}", Seconds(increment))?;
                }
                Ok(())
            }
            TimeControl::Nodes(nodes) => write!(f, "nodes={nodes}"),
            TimeControl::Depth(depth) => write!(f, "depth={depth}"),
        }
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Parses any spelling listed on [`TimeControl`]; surrounding whitespace is ignored.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let token = s.trim();
        parse_control(token).map_err(|reason| TimeControlError { token: token.to_owned(), reason })
    }
}

/// A time control that could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlError {
    /// The text that was given (without surrounding whitespace).
    pub token: String,
    /// What is wrong with it, naming the offending part.
    pub reason: String,
}

/// One line: `bad time control '40/x': base time 'x' is not a number of seconds`.
impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad time control '{}': {}", self.token, self.reason)
    }
}

impl Error for TimeControlError {}

/// A duration written as decimal seconds without trailing zeros (`90`, `0.5`, `0.000000001`).
pub(crate) struct Seconds(pub(crate) Duration);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.as_secs())?;
        let nanos = self.0.subsec_nanos();
        if nanos != 0 {
            let digits = format!("{nanos:09}");
            write!(f, ".{}", digits.trim_end_matches('0'))?;
        }
        Ok(())
    }
}

fn parse_control(token: &str) -> Result<TimeControl, String> {
    if token.is_empty() {
        return Err("empty time control".to_owned());
    }
    if let Some(value) = token.strip_prefix("st=") {
        let time = parse_seconds(value, "move time")?;
        if time.is_zero() {
            return Err(format!("move time '{value}' must be positive"));
        }
        return Ok(TimeControl::FixedPerMove(time));
    }
    if let Some(value) = token.strip_prefix("nodes=") {
        return parse_count::<u64>(value, "node count").map(TimeControl::Nodes);
    }
    if let Some(value) = token.strip_prefix("depth=") {
        return parse_count::<u32>(value, "depth").map(TimeControl::Depth);
    }
    let body = token.strip_prefix("tc=").unwrap_or(token);
    if body == "inf" || body == "infinite" {
        return Ok(TimeControl::Infinite);
    }
    let (moves, rest) = match body.split_once('/') {
        Some((moves, rest)) => (Some(parse_count::<u32>(moves, "move count")?), rest),
        None => (None, body),
    };
    if rest.contains('/') {
        return Err(format!("more than one '/' in '{body}'"));
    }
    let (base, increment) = match rest.split_once('+') {
        Some((base, increment)) => (base, Some(increment)),
        None => (rest, None),
    };
    let base_time = parse_clock_time(base)?;
    if base_time.is_zero() {
        return Err(format!("base time '{base}' must be positive"));
    }
    let increment = match increment {
        Some(increment) => parse_seconds(increment, "increment")?,
        None => Duration::ZERO,
    };
    Ok(TimeControl::Clock { moves, base: base_time, increment })
}

/// A base time: decimal seconds or `minutes:seconds` (the seconds below 60).
fn parse_clock_time(part: &str) -> Result<Duration, String> {
    let Some((minutes, seconds)) = part.split_once(':') else {
        return parse_seconds(part, "base time");
    };
    if minutes.is_empty() || !minutes.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("minutes '{minutes}' in base time '{part}' are not a whole number"));
    }
    let seconds = parse_seconds(seconds, "seconds")?;
    if seconds >= Duration::from_secs(60) {
        return Err(format!("seconds in base time '{part}' must be below 60"));
    }
    let too_large = || format!("base time '{part}' is more than {MAX_SECONDS} seconds");
    let minutes: u64 = minutes.parse().map_err(|_| too_large())?;
    let total = minutes.checked_mul(60).map(Duration::from_secs).and_then(|m| m.checked_add(seconds));
    match total {
        Some(total) if total <= Duration::from_secs(MAX_SECONDS) => Ok(total),
        _ => Err(too_large()),
    }
}

/// Decimal seconds: digits, optionally a point and more digits (beyond nanoseconds ignored).
fn parse_seconds(part: &str, what: &str) -> Result<Duration, String> {
    if part.is_empty() {
        return Err(format!("{what} is empty"));
    }
    if part.starts_with('-') {
        return Err(format!("{what} '{part}' is negative"));
    }
    let (whole, fraction) = match part.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (part, None),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || fraction.is_some_and(|f| !digits(f)) {
        return Err(format!("{what} '{part}' is not a number of seconds"));
    }
    let too_large = || format!("{what} '{part}' is more than {MAX_SECONDS} seconds");
    let secs: u64 = whole.parse().map_err(|_| too_large())?;
    let nanos = fraction.map_or(0, |f| {
        let f = &f[..f.len().min(9)];
        f.bytes().fold(0u32, |n, b| n * 10 + u32::from(b - b'0')) * 10u32.pow(9 - f.len() as u32)
    });
    let time = Duration::new(secs, nanos);
    if time > Duration::from_secs(MAX_SECONDS) {
        return Err(too_large());
    }
    Ok(time)
}

/// A positive whole number.
fn parse_count<T: FromStr + Default + PartialEq>(part: &str, what: &str) -> Result<T, String> {
    if part.is_empty() {
        return Err(format!("{what} is empty"));
    }
    if !part.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{what} '{part}' is not a positive whole number"));
    }
    let value: T = part.parse().map_err(|_| format!("{what} '{part}' is too large"))?;
    if value == T::default() {
        return Err(format!("{what} '{part}' must be positive"));
    }
    Ok(value)
}

#[cfg(test)]
pub(crate) mod tests;
