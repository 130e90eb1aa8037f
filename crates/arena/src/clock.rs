//! One seat's clock under a timed control, told how long each move took.

use std::error::Error;
use std::fmt;
use std::time::Duration;

use tabula_engine::Limits;
use tabula_engine::time::TimeManager;

use crate::time_control::{Seconds, TimeControl};

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

impl TimeControl {
    /// The search limits for the next move under this control, at game ply `ply`.
    ///
    /// - [`Infinite`](TimeControl::Infinite): no limits;
    /// - [`FixedPerMove`](TimeControl::FixedPerMove): the manager's
    ///   [`move_time`](TimeManager::move_time), the fixed time less the overhead, at least
    ///   [`MIN_THINK`](tabula_engine::time::MIN_THINK);
    /// - [`Clock`](TimeControl::Clock): the manager's budget for `clock` (the seat's clock),
    ///   or for a full clock at the start of the game when `clock` is `None`;
    /// - [`Nodes`](TimeControl::Nodes), [`Depth`](TimeControl::Depth): that limit alone.
    ///
    /// The stop flag is left unset.
    pub fn limits(&self, manager: &TimeManager, clock: Option<&Clock>, ply: u32) -> Limits {
        match *self {
            TimeControl::Infinite => Limits::infinite(),
            TimeControl::FixedPerMove(time) => manager.move_time(time),
            TimeControl::Clock { moves, base, increment } => match clock {
                Some(clock) => manager.clock_limits(clock.remaining(), clock.increment(), clock.moves_to_go(), ply),
                None => manager.clock_limits(base, increment, moves, ply),
            },
            TimeControl::Nodes(nodes) => Limits::nodes(nodes),
            TimeControl::Depth(depth) => Limits::depth(depth),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time_control::tests::{ms, parse, secs};

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
}
