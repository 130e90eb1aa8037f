//! Time controls and the time manager: from a clock to a soft target and a hard cap per move.
//!
//! Shared by the engine and the match runner:
//!
//! - [`TimeControl`] is a time control in the cutechess spellings (`inf`, `st=2.5`, `60+0.5`,
//!   `40/60`, `1:30+1`, `nodes=1000`, `depth=8`), parsed with [`str::parse`] and written back
//!   canonically with [`Display`](fmt::Display).
//! - [`Clock`] is one seat's clock under a timed control: it is told how long each move took
//!   and never reads the wall clock, so a match runner (or a test) can drive it with any
//!   durations.
//! - [`TimeManager`] turns the time left into a [`Budget`] (a soft target and a hard cap) for
//!   the next move, and any control into the search [`Limits`].
//! - [`should_start_iteration`] tells an iterative-deepening search whether its next iteration
//!   can predictably finish within the soft target.

use std::error::Error;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::api::Limits;

/// The largest time a control may name, in seconds (about 116 days); larger values are rejected
/// as absurd.
pub const MAX_SECONDS: u64 = 10_000_000;

/// The least time a budget or a fixed move time ever grants: a search always gets to move.
pub const MIN_THINK: Duration = Duration::from_millis(1);

/// The default [`TimeManager::overhead`]: time lost per move outside the search.
pub const DEFAULT_OVERHEAD: Duration = Duration::from_millis(10);

/// The default [`TimeManager::horizon`]: how many more moves a seat expects to make in a
/// sudden-death game at its start.
pub const DEFAULT_HORIZON: u32 = 40;

/// How much longer than the last iteration [`should_start_iteration`] expects the next one
/// to take.
pub const ITERATION_GROWTH: u32 = 2;

/// The share of the soft target, in percent, after which [`should_start_iteration`] never
/// starts another iteration.
pub const LATE_START_PERCENT: u32 = 60;

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
struct Seconds(Duration);

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

/// One seat's clock under a timed control, driven by the durations its moves took.
///
/// Follows cutechess: each move's time is taken off the clock, then the increment is added;
/// under `moves/time`, the base time is added again after every `moves` moves. Under
/// [`TimeControl::FixedPerMove`] the clock holds the fixed time afresh for every move.
/// The clock never reads the wall clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    remaining: Duration,
    base: Duration,
    increment: Duration,
    /// Moves per period; `None` for sudden death.
    moves: Option<u32>,
    /// `Some(t)` under a fixed time per move.
    per_move: Option<Duration>,
    /// Moves made in the current period.
    made: u32,
    margin: Duration,
}

/// A move took longer than the time left on the clock (plus the margin): the seat lost on time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged {
    /// How much the move took beyond the time that was left (margin included).
    pub over: Duration,
}

impl fmt::Display for Flagged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "out of time: the move took {}s more than was left", Seconds(self.over))
    }
}

impl Error for Flagged {}

impl Clock {
    /// A full clock at the start of a game under `control`; `None` for controls that are not
    /// measured in time (`inf`, `nodes=`, `depth=`). The margin starts at zero.
    pub fn new(control: &TimeControl) -> Option<Self> {
        let clock = |remaining, increment, moves, per_move| Clock {
            remaining,
            base: remaining,
            increment,
            moves,
            per_move,
            made: 0,
            margin: Duration::ZERO,
        };
        match *control {
            TimeControl::Clock { moves, base, increment } => Some(clock(base, increment, moves, None)),
            TimeControl::FixedPerMove(time) => Some(clock(time, Duration::ZERO, Some(1), Some(time))),
            TimeControl::Infinite | TimeControl::Nodes(_) | TimeControl::Depth(_) => None,
        }
    }

    /// The same clock with a tolerance: a move flags only when it overruns the time left by
    /// more than `margin` (cutechess `timemargin`). An overrun within the margin is forgiven:
    /// the clock stops at zero before the increment is added.
    pub fn with_margin(mut self, margin: Duration) -> Self {
        self.margin = margin;
        self
    }

    /// The time left for the seat's next move(s).
    pub fn remaining(&self) -> Duration {
        self.remaining
    }

    /// The moves left to make before the base time is added again, counting the next one;
    /// `None` for sudden death, `Some(1)` under a fixed time per move.
    pub fn moves_to_go(&self) -> Option<u32> {
        self.moves.map(|moves| moves - self.made)
    }

    /// The time added after every move.
    pub fn increment(&self) -> Duration {
        self.increment
    }

    /// The tolerance set by [`with_margin`](Self::with_margin).
    pub fn margin(&self) -> Duration {
        self.margin
    }

    /// The longest the next move may take without flagging: the time left plus the margin.
    /// A match runner may stop waiting for a move after this long.
    pub fn allowance(&self) -> Duration {
        self.remaining.saturating_add(self.margin)
    }

    /// Records a move that took `used`: the time is taken off the clock, then (if it did not
    /// run out) the increment is added and, at the end of a `moves/time` period, the base time.
    ///
    /// Returns [`Flagged`] when `used` exceeds the time left by more than the margin; the
    /// clock is then left at zero.
    pub fn spend(&mut self, used: Duration) -> Result<(), Flagged> {
        if used > self.allowance() {
            let over = used - self.remaining;
            self.remaining = Duration::ZERO;
            return Err(Flagged { over });
        }
        if let Some(time) = self.per_move {
            self.remaining = time;
            return Ok(());
        }
        self.remaining = self.remaining.saturating_sub(used).saturating_add(self.increment);
        if let Some(moves) = self.moves {
            self.made += 1;
            if self.made >= moves {
                self.made = 0;
                self.remaining = self.remaining.saturating_add(self.base);
            }
        }
        Ok(())
    }
}

/// The time to spend on one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Aim to finish by this time: do not start work that cannot finish before it.
    pub soft: Duration,
    /// Never think longer than this.
    pub hard: Duration,
}

/// Splits the time left on a clock into a [`Budget`] per move.
///
/// The rule, for the next move with `mtg` moves to go (the clock's count, or for sudden death
/// an expected [`horizon`](Self::horizon) that shrinks slowly with the ply, to half of it):
///
/// - the even share is the time left less one overhead per move to go (and one spare), divided
///   by `mtg`, plus 80 % of the increment;
/// - the soft target is that share, but at most 30 % of the time left after the overhead
///   (70 % on the last move before the base time comes back);
/// - the hard cap is four times the share, but at most 40 % of the time left after the
///   overhead (90 % on the last move of a period), and never below the soft target;
/// - both are at least [`MIN_THINK`]; otherwise neither exceeds the time left less the
///   overhead.
///
/// Both grow (never shrink) as the time left grows, everything else equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeManager {
    /// Time lost per move outside the search (communication, the runner's own work); kept off
    /// every budget.
    pub overhead: Duration,
    /// In a sudden-death game, the number of moves a seat expects still to make at the start;
    /// the expectation falls by one every four plies, down to half of this.
    pub horizon: u32,
}

impl Default for TimeManager {
    fn default() -> Self {
        TimeManager { overhead: DEFAULT_OVERHEAD, horizon: DEFAULT_HORIZON }
    }
}

/// Share, soft cap and hard cap ceilings: percent of the time left after the overhead.
const SOFT_PERCENT: u128 = 30;
const HARD_PERCENT: u128 = 40;
const LAST_MOVE_SOFT_PERCENT: u128 = 70;
const LAST_MOVE_HARD_PERCENT: u128 = 90;
/// Hard cap as a multiple of the even share.
const HARD_RATIO: u128 = 4;
/// Percent of the increment counted into the share.
const INCREMENT_PERCENT: u128 = 80;

impl TimeManager {
    /// A manager with the given overhead and the default horizon.
    pub fn new(overhead: Duration) -> Self {
        TimeManager { overhead, ..TimeManager::default() }
    }

    /// The budget for the next move with `remaining` on the clock, `increment` credited after
    /// each move, `moves_to_go` before the base time returns (`None`: sudden death), at game
    /// ply `ply`. See the rule on [`TimeManager`].
    pub fn budget(&self, remaining: Duration, increment: Duration, moves_to_go: Option<u32>, ply: u32) -> Budget {
        let horizon = self.horizon.max(1);
        let mtg = match moves_to_go {
            Some(moves) => moves.max(1),
            None => horizon - (ply / 4).min(horizon / 2),
        };
        let (soft_percent, hard_percent) =
            if mtg == 1 { (LAST_MOVE_SOFT_PERCENT, LAST_MOVE_HARD_PERCENT) } else { (SOFT_PERCENT, HARD_PERCENT) };
        let mtg = u128::from(mtg);
        let remaining = remaining.as_nanos();
        let overhead = self.overhead.as_nanos();
        let usable = remaining.saturating_sub(overhead);
        let pool = remaining.saturating_sub(overhead.saturating_mul(mtg + 1));
        let share = pool / mtg + increment.as_nanos() * INCREMENT_PERCENT / 100;
        let soft = share.min(usable * soft_percent / 100);
        let hard = share.saturating_mul(HARD_RATIO).min(usable * hard_percent / 100).max(soft);
        let floor = MIN_THINK.as_nanos();
        Budget { soft: from_nanos(soft.max(floor)), hard: from_nanos(hard.max(floor)) }
    }

    /// The search limits for the next move under `control`, at game ply `ply`.
    ///
    /// - [`Infinite`](TimeControl::Infinite): no limits;
    /// - [`FixedPerMove`](TimeControl::FixedPerMove): soft and hard both the fixed time less the
    ///   overhead, at least [`MIN_THINK`];
    /// - [`Clock`](TimeControl::Clock): the [`budget`](Self::budget) for `clock` (the seat's
    ///   clock), or for a full clock at the start of the game when `clock` is `None`;
    /// - [`Nodes`](TimeControl::Nodes), [`Depth`](TimeControl::Depth): that limit alone.
    ///
    /// The stop flag is left unset.
    pub fn limits(&self, control: &TimeControl, clock: Option<&Clock>, ply: u32) -> Limits {
        match *control {
            TimeControl::Infinite => Limits::infinite(),
            TimeControl::FixedPerMove(time) => Limits::think(time.saturating_sub(self.overhead).max(MIN_THINK)),
            TimeControl::Clock { moves, base, increment } => {
                let budget = match clock {
                    Some(clock) => self.budget(clock.remaining(), clock.increment(), clock.moves_to_go(), ply),
                    None => self.budget(base, increment, moves, ply),
                };
                Limits { soft_time: Some(budget.soft), hard_time: Some(budget.hard), ..Limits::default() }
            }
            TimeControl::Nodes(nodes) => Limits::nodes(nodes),
            TimeControl::Depth(depth) => Limits::depth(depth),
        }
    }
}

fn from_nanos(nanos: u128) -> Duration {
    const PER_SEC: u128 = 1_000_000_000;
    match u64::try_from(nanos / PER_SEC) {
        Ok(secs) => Duration::new(secs, (nanos % PER_SEC) as u32),
        Err(_) => Duration::MAX,
    }
}

/// Whether an iterative-deepening search, `elapsed` into its move, should start another
/// iteration given that the last one took `last_iteration` and the soft target is `soft`.
///
/// The next iteration is expected to take [`ITERATION_GROWTH`] times the last one. It is
/// started only if:
///
/// - less than [`LATE_START_PERCENT`] % of the soft target has elapsed, and
/// - elapsed time plus the expected iteration does not exceed the soft target.
///
/// So nothing is started at or past the soft target (nor with a zero target). The first
/// iteration is the searcher's to start regardless: it needs a move to play. The hard cap
/// still bounds an iteration that was started and runs long.
pub fn should_start_iteration(elapsed: Duration, last_iteration: Duration, soft: Duration) -> bool {
    let late = elapsed.as_nanos() * 100 >= soft.as_nanos() * u128::from(LATE_START_PERCENT);
    let expected = last_iteration.saturating_mul(ITERATION_GROWTH);
    !late && elapsed.saturating_add(expected) <= soft
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn secs(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    fn parse(s: &str) -> TimeControl {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    fn clock_tc(moves: Option<u32>, base: Duration, increment: Duration) -> TimeControl {
        TimeControl::Clock { moves, base, increment }
    }

    #[test]
    fn parses_every_spelling() {
        let cases = [
            ("inf", TimeControl::Infinite),
            ("infinite", TimeControl::Infinite),
            ("tc=inf", TimeControl::Infinite),
            ("st=2.5", TimeControl::FixedPerMove(ms(2500))),
            ("st=1", TimeControl::FixedPerMove(secs(1))),
            ("st=0.001", TimeControl::FixedPerMove(ms(1))),
            ("60", clock_tc(None, secs(60), Duration::ZERO)),
            ("10+0.1", clock_tc(None, secs(10), ms(100))),
            ("60+0", clock_tc(None, secs(60), Duration::ZERO)),
            ("0.5+0.05", clock_tc(None, ms(500), ms(50))),
            ("40/60", clock_tc(Some(40), secs(60), Duration::ZERO)),
            ("40/60+0.5", clock_tc(Some(40), secs(60), ms(500))),
            ("tc=40/60+0.5", clock_tc(Some(40), secs(60), ms(500))),
            ("1:30+1", clock_tc(None, secs(90), secs(1))),
            ("0:05", clock_tc(None, secs(5), Duration::ZERO)),
            ("0:00.5", clock_tc(None, ms(500), Duration::ZERO)),
            ("2:00", clock_tc(None, secs(120), Duration::ZERO)),
            ("40/1:30+0.25", clock_tc(Some(40), secs(90), ms(250))),
            ("1/2", clock_tc(Some(1), secs(2), Duration::ZERO)),
            ("10000000", clock_tc(None, secs(MAX_SECONDS), Duration::ZERO)),
            ("nodes=1000", TimeControl::Nodes(1000)),
            ("nodes=18446744073709551615", TimeControl::Nodes(u64::MAX)),
            ("depth=8", TimeControl::Depth(8)),
            ("  40/60\n", clock_tc(Some(40), secs(60), Duration::ZERO)),
        ];
        for (text, want) in cases {
            assert_eq!(parse(text), want, "{text}");
        }
    }

    #[test]
    fn fractions_are_exact_to_the_nanosecond() {
        assert_eq!(parse("st=0.1"), TimeControl::FixedPerMove(Duration::from_nanos(100_000_000)));
        assert_eq!(parse("st=0.000000001"), TimeControl::FixedPerMove(Duration::from_nanos(1)));
        assert_eq!(parse("st=1.1234567891"), TimeControl::FixedPerMove(Duration::new(1, 123_456_789)));
    }

    #[test]
    fn displays_canonical_spelling() {
        let cases = [
            ("inf", "inf"),
            ("infinite", "inf"),
            ("st=2.5", "st=2.5"),
            ("st=2.50", "st=2.5"),
            ("10+0.1", "10+0.1"),
            ("60+0", "60"),
            ("40/60", "40/60"),
            ("40/60+0.5", "40/60+0.5"),
            ("tc=40/60+0.5", "40/60+0.5"),
            ("1:30+1", "90+1"),
            ("0:05", "5"),
            ("0:00.5", "0.5"),
            ("nodes=1000", "nodes=1000"),
            ("depth=8", "depth=8"),
        ];
        for (text, want) in cases {
            assert_eq!(parse(text).to_string(), want, "{text}");
        }
    }

    #[test]
    fn display_round_trips() {
        let controls = [
            TimeControl::Infinite,
            TimeControl::FixedPerMove(Duration::new(3, 7)),
            TimeControl::FixedPerMove(ms(1)),
            clock_tc(None, Duration::new(59, 999_999_999), Duration::from_nanos(1)),
            clock_tc(Some(40), secs(60), ms(500)),
            clock_tc(Some(u32::MAX), secs(MAX_SECONDS), secs(MAX_SECONDS)),
            TimeControl::Nodes(1),
            TimeControl::Nodes(u64::MAX),
            TimeControl::Depth(u32::MAX),
        ];
        for control in controls {
            let text = control.to_string();
            assert_eq!(parse(&text), control, "{text}");
        }
        for text in ["inf", "st=2.5", "10+0.1", "40/60", "40/60+0.5", "1:30+1", "0:05", "nodes=1000", "depth=8"] {
            let control = parse(text);
            assert_eq!(parse(&control.to_string()), control, "{text}");
        }
    }

    #[test]
    fn rejects_malformed_controls_naming_the_token() {
        let bad = [
            "",
            "   ",
            "x",
            "40/x",
            "-1",
            "-1+1",
            "60+-1",
            "40/-60",
            "-40/60",
            "nan",
            "NaN",
            "st=nan",
            "st=NaN",
            "inf+1",
            "Inf",
            "1e3",
            "st=1e3",
            "60+",
            "+1",
            "40/",
            "/60",
            "0/60",
            "40/60/1",
            "40//60",
            "60+1+1",
            "60 garbage",
            "60x",
            "60+0.5s",
            "40 / 60",
            "1.2.3",
            ".",
            ".5",
            "5.",
            "0",
            "0.0",
            "0+1",
            "0:00",
            "1:",
            ":30",
            "1:60",
            "1:-5",
            "1:2:3",
            "x:30",
            "10000001",
            "10000000.000000001",
            "166667:00",
            "99999999999999999999999",
            "99999999999999999999999:00",
            "60+10000001",
            "st=",
            "st=0",
            "st=-1",
            "st=1:30",
            "st=2.5x",
            "st=10000001",
            "nodes=",
            "nodes=0",
            "nodes=-5",
            "nodes=1.5",
            "nodes=1k",
            "nodes=18446744073709551616",
            "depth=",
            "depth=x",
            "depth=0",
            "depth=99999999999",
            "depth=8 9",
            "tc=",
            "tc=st=1",
        ];
        for text in bad {
            let err = match text.parse::<TimeControl>() {
                Ok(control) => panic!("'{text}' parsed as {control:?}"),
                Err(err) => err,
            };
            let message = err.to_string();
            assert_eq!(err.token, text.trim(), "{message}");
            assert!(message.starts_with(&format!("bad time control '{}': ", text.trim())), "{message}");
            assert!(!err.reason.is_empty() && !message.contains('\n'), "{message}");
        }
    }

    #[test]
    fn error_reasons_name_the_part() {
        let reason = |s: &str| s.parse::<TimeControl>().unwrap_err().reason;
        assert_eq!(
            "40/x".parse::<TimeControl>().unwrap_err().to_string(),
            "bad time control '40/x': base time 'x' is not a number of seconds"
        );
        assert!(reason("0/60").contains("'0'"));
        assert!(reason("60+-1").contains("negative"));
        assert!(reason("60+").contains("increment"));
        assert!(reason("10000001").contains("10000000 seconds"));
        assert!(reason("nodes=0").contains("positive"));
        assert!(reason("1:60").contains("below 60"));
    }

    #[test]
    fn clock_only_for_timed_controls() {
        assert!(Clock::new(&TimeControl::Infinite).is_none());
        assert!(Clock::new(&TimeControl::Nodes(10)).is_none());
        assert!(Clock::new(&TimeControl::Depth(3)).is_none());
        assert!(Clock::new(&parse("st=1")).is_some());
        assert!(Clock::new(&parse("10+0.1")).is_some());
        assert!(parse("st=1").is_timed() && parse("40/60").is_timed());
        assert!(!parse("inf").is_timed() && !parse("nodes=5").is_timed() && !parse("depth=5").is_timed());
    }

    #[test]
    fn increment_is_credited_after_the_move() {
        let mut clock = Clock::new(&parse("10+0.1")).unwrap();
        assert_eq!(clock.remaining(), secs(10));
        assert_eq!(clock.moves_to_go(), None);
        assert_eq!(clock.increment(), ms(100));
        clock.spend(secs(2)).unwrap();
        assert_eq!(clock.remaining(), ms(8100));
        clock.spend(Duration::ZERO).unwrap();
        assert_eq!(clock.remaining(), ms(8200));
        // Using exactly what is left is not a loss; the increment then refills the clock.
        clock.spend(ms(8200)).unwrap();
        assert_eq!(clock.remaining(), ms(100));
        assert_eq!(clock.moves_to_go(), None);
    }

    #[test]
    fn flags_before_the_increment() {
        let mut clock = Clock::new(&parse("1+1")).unwrap();
        clock.spend(ms(950)).unwrap();
        assert_eq!(clock.remaining(), ms(1050));
        clock.spend(ms(1050)).unwrap();
        assert_eq!(clock.remaining(), secs(1));
        // The increment that would come after the move does not save it.
        assert_eq!(clock.spend(ms(1001)), Err(Flagged { over: ms(1) }));
        assert_eq!(clock.remaining(), Duration::ZERO);
    }

    #[test]
    fn moves_per_time_repeats_the_base() {
        let mut clock = Clock::new(&parse("40/60")).unwrap();
        assert_eq!(clock.moves_to_go(), Some(40));
        for made in 1..=39 {
            clock.spend(secs(1)).unwrap();
            assert_eq!(clock.moves_to_go(), Some(40 - made));
        }
        assert_eq!(clock.remaining(), secs(21));
        assert_eq!(clock.moves_to_go(), Some(1));
        clock.spend(secs(1)).unwrap();
        // 60 - 40 + 60: the new period's base is added to what was saved.
        assert_eq!(clock.remaining(), secs(80));
        assert_eq!(clock.moves_to_go(), Some(40));
        for _ in 0..40 {
            clock.spend(secs(2)).unwrap();
        }
        assert_eq!(clock.remaining(), secs(60));
        assert_eq!(clock.moves_to_go(), Some(40));
    }

    #[test]
    fn moves_per_time_with_increment() {
        let mut clock = Clock::new(&parse("2/10+1")).unwrap();
        clock.spend(secs(3)).unwrap();
        assert_eq!((clock.remaining(), clock.moves_to_go()), (secs(8), Some(1)));
        clock.spend(secs(4)).unwrap();
        assert_eq!((clock.remaining(), clock.moves_to_go()), (secs(15), Some(2)));
        // Running out on the last move of a period is a loss even though the base is due.
        let mut clock = Clock::new(&parse("1/1")).unwrap();
        assert_eq!(clock.spend(ms(1500)), Err(Flagged { over: ms(500) }));
    }

    #[test]
    fn margin_forgives_small_overruns() {
        let mut strict = Clock::new(&parse("1+0.5")).unwrap();
        assert_eq!(strict.margin(), Duration::ZERO);
        assert_eq!(strict.spend(ms(1010)), Err(Flagged { over: ms(10) }));

        let mut lenient = Clock::new(&parse("1+0.5")).unwrap().with_margin(ms(50));
        assert_eq!(lenient.margin(), ms(50));
        assert_eq!(lenient.allowance(), ms(1050));
        lenient.spend(ms(1010)).unwrap();
        // The overrun is forgiven: the clock stopped at zero, then got the increment.
        assert_eq!(lenient.remaining(), ms(500));
        lenient.spend(ms(550)).unwrap();
        assert_eq!(lenient.remaining(), ms(500));
        assert_eq!(lenient.spend(ms(551)), Err(Flagged { over: ms(51) }));
    }

    #[test]
    fn fixed_time_per_move_clock() {
        let mut clock = Clock::new(&parse("st=2")).unwrap().with_margin(ms(100));
        assert_eq!((clock.remaining(), clock.moves_to_go()), (secs(2), Some(1)));
        clock.spend(ms(1500)).unwrap();
        assert_eq!((clock.remaining(), clock.moves_to_go()), (secs(2), Some(1)));
        clock.spend(ms(2100)).unwrap();
        assert_eq!(clock.remaining(), secs(2));
        assert_eq!(clock.spend(ms(2101)), Err(Flagged { over: ms(101) }));
        assert!(Flagged { over: ms(101) }.to_string().contains("0.101s"));
    }

    fn budgets() -> Vec<(TimeManager, Duration, Option<u32>, u32)> {
        let mut cases = Vec::new();
        for manager in [TimeManager::default(), TimeManager::new(Duration::ZERO), TimeManager::new(ms(100))] {
            for increment in [Duration::ZERO, ms(10), ms(100), secs(1), secs(30)] {
                for mtg in [None, Some(1), Some(2), Some(5), Some(40), Some(200)] {
                    for ply in [0, 10, 80, 400] {
                        cases.push((manager, increment, mtg, ply));
                    }
                }
            }
        }
        cases
    }

    fn remainings() -> impl Iterator<Item = Duration> {
        (0..400u64).map(|i| Duration::from_micros(i * i * i / 3 + i * 37))
    }

    #[test]
    fn budget_monotonic_in_remaining_time() {
        for (manager, increment, mtg, ply) in budgets() {
            let mut last = Budget { soft: Duration::ZERO, hard: Duration::ZERO };
            for remaining in remainings() {
                let budget = manager.budget(remaining, increment, mtg, ply);
                assert!(budget.soft >= last.soft && budget.hard >= last.hard, "{remaining:?} {mtg:?} {ply}");
                last = budget;
            }
        }
    }

    #[test]
    fn budget_within_the_clock() {
        for (manager, increment, mtg, ply) in budgets() {
            for remaining in remainings().chain([Duration::MAX]) {
                let budget = manager.budget(remaining, increment, mtg, ply);
                let context = format!("{remaining:?} {increment:?} {mtg:?} {ply} {budget:?}");
                assert!(budget.soft <= budget.hard, "{context}");
                assert!(budget.soft >= MIN_THINK, "{context}");
                let usable = remaining.saturating_sub(manager.overhead);
                if usable >= MIN_THINK {
                    assert!(budget.hard <= usable, "{context}");
                } else {
                    assert_eq!(budget, Budget { soft: MIN_THINK, hard: MIN_THINK }, "{context}");
                }
            }
        }
    }

    #[test]
    fn budget_never_zero() {
        let manager = TimeManager::default();
        for remaining in [Duration::ZERO, Duration::from_nanos(1), ms(5), ms(10), ms(11)] {
            let budget = manager.budget(remaining, Duration::ZERO, None, 0);
            assert_eq!(budget, Budget { soft: MIN_THINK, hard: MIN_THINK }, "{remaining:?}");
        }
    }

    #[test]
    fn budget_for_common_controls() {
        let manager = TimeManager::default();
        // 10+0.1 at the start: a few tenths of a second, a cap of about a second.
        let b = manager.budget(secs(10), ms(100), None, 0);
        assert!(b.soft >= ms(200) && b.soft <= ms(500), "{b:?}");
        assert!(b.hard >= ms(800) && b.hard <= secs(2), "{b:?}");
        // 60+0 at the start: a second or two.
        let b = manager.budget(secs(60), Duration::ZERO, None, 0);
        assert!(b.soft >= secs(1) && b.soft <= secs(2), "{b:?}");
        assert!(b.hard >= secs(4) && b.hard <= secs(8), "{b:?}");
        // 40/60: about a fortieth at the start ...
        let b = manager.budget(secs(60), Duration::ZERO, Some(40), 0);
        assert!(b.soft >= ms(1300) && b.soft <= ms(1500), "{b:?}");
        assert!(b.hard >= secs(5) && b.hard <= secs(6), "{b:?}");
        // ... half of what is left with two to go, most of it on the last move of the period.
        let b = manager.budget(secs(10), Duration::ZERO, Some(2), 60);
        assert!(b.soft >= secs(2) && b.soft <= secs(4) && b.hard <= secs(5), "{b:?}");
        let b = manager.budget(secs(10), Duration::ZERO, Some(1), 78);
        assert!(b.soft >= secs(5) && b.soft < b.hard && b.hard < secs(10), "{b:?}");
        // One second left in sudden death: tens of milliseconds, no gamble.
        let b = manager.budget(secs(1), Duration::ZERO, None, 60);
        assert!(b.soft >= ms(5) && b.soft <= ms(60) && b.hard <= ms(250), "{b:?}");
        // One second left with an increment: live mostly on the increment.
        let b = manager.budget(secs(1), ms(100), None, 60);
        assert!(b.soft >= ms(80) && b.soft <= ms(150) && b.hard <= ms(400), "{b:?}");
        // Little left but a big increment: the increment comes only after the move.
        let b = manager.budget(ms(50), secs(5), None, 60);
        assert!(b.hard <= ms(40), "{b:?}");
    }

    #[test]
    fn budget_uses_increment_and_game_progress() {
        let manager = TimeManager::default();
        let without = manager.budget(secs(60), Duration::ZERO, None, 20);
        let with = manager.budget(secs(60), secs(1), None, 20);
        assert!(with.soft > without.soft && with.hard > without.hard);
        // Later in a sudden-death game, fewer moves are expected: a larger share per move.
        let early = manager.budget(secs(60), Duration::ZERO, None, 0);
        let late = manager.budget(secs(60), Duration::ZERO, None, 200);
        assert!(late.soft > early.soft);
        let horizon_end = manager.budget(secs(60), Duration::ZERO, None, 10_000);
        assert_eq!(late, horizon_end);
        // More overhead, less budget.
        let slow = TimeManager::new(ms(200)).budget(secs(60), Duration::ZERO, None, 0);
        assert!(slow.soft < early.soft);
        // Moves to go of zero are read as one.
        assert_eq!(
            manager.budget(secs(5), Duration::ZERO, Some(0), 0),
            manager.budget(secs(5), Duration::ZERO, Some(1), 0)
        );
    }

    #[test]
    fn limits_for_every_control() {
        let manager = TimeManager::default();
        let limits = manager.limits(&TimeControl::Infinite, None, 0);
        assert_eq!((limits.soft_time, limits.hard_time, limits.depth, limits.nodes), (None, None, None, None));
        assert!(limits.stop.is_none());

        let limits = manager.limits(&parse("st=2.5"), None, 7);
        assert_eq!((limits.soft_time, limits.hard_time), (Some(ms(2490)), Some(ms(2490))));
        assert_eq!((limits.depth, limits.nodes), (None, None));
        let limits = manager.limits(&parse("st=0.005"), None, 7);
        assert_eq!((limits.soft_time, limits.hard_time), (Some(MIN_THINK), Some(MIN_THINK)));

        let limits = manager.limits(&TimeControl::Nodes(1000), None, 0);
        assert_eq!((limits.soft_time, limits.hard_time, limits.depth, limits.nodes), (None, None, None, Some(1000)));
        let limits = manager.limits(&TimeControl::Depth(8), None, 0);
        assert_eq!((limits.soft_time, limits.hard_time, limits.depth, limits.nodes), (None, None, Some(8), None));

        // A clock control without a clock: budgeted as at the start of the game.
        let control = parse("40/60+0.5");
        let start = manager.budget(secs(60), ms(500), Some(40), 3);
        let limits = manager.limits(&control, None, 3);
        assert_eq!((limits.soft_time, limits.hard_time), (Some(start.soft), Some(start.hard)));
        assert_eq!((limits.depth, limits.nodes), (None, None));

        // With the seat's clock: budgeted from what is left on it.
        let mut clock = Clock::new(&control).unwrap();
        for _ in 0..30 {
            clock.spend(ms(1800)).unwrap();
        }
        let now = manager.budget(clock.remaining(), ms(500), Some(10), 60);
        let limits = manager.limits(&control, Some(&clock), 60);
        assert_eq!((limits.soft_time, limits.hard_time), (Some(now.soft), Some(now.hard)));
    }

    #[test]
    fn iteration_start_rule() {
        let soft = secs(1);
        // The first iteration (nothing measured yet) starts while time is young.
        assert!(should_start_iteration(Duration::ZERO, Duration::ZERO, soft));
        assert!(should_start_iteration(ms(100), ms(50), soft));
        // Predicted to finish exactly on the target: start.
        assert!(should_start_iteration(ms(400), ms(300), soft));
        // Predicted to overrun the target: do not.
        assert!(!should_start_iteration(ms(400), ms(301), soft));
        assert!(!should_start_iteration(ms(300), ms(400), soft));
        // Past 60 % of the target: never, however quick the last iteration.
        assert!(should_start_iteration(ms(599), Duration::ZERO, soft));
        assert!(!should_start_iteration(ms(600), Duration::ZERO, soft));
        assert!(!should_start_iteration(ms(900), ms(1), soft));
        // At or past the target, or with no target at all.
        assert!(!should_start_iteration(soft, Duration::ZERO, soft));
        assert!(!should_start_iteration(secs(5), ms(1), soft));
        assert!(!should_start_iteration(Duration::ZERO, Duration::ZERO, Duration::ZERO));
        // No overflow with extreme values.
        assert!(!should_start_iteration(Duration::ZERO, Duration::MAX, soft));
        assert!(!should_start_iteration(Duration::MAX, Duration::MAX, Duration::MAX));
    }
}
