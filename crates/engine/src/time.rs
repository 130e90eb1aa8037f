//! The time manager: from the time left on a clock to a soft target and a hard cap per move.
//!
//! The engine knows no time controls or clocks (the arena holds them); it takes plain
//! durations:
//!
//! - [`TimeManager`] turns the time left, the increment and the moves to go into a [`Budget`]
//!   (a soft target and a hard cap) for the next move, and a budget or a fixed move time into
//!   the search [`Limits`].
//! - [`should_start_iteration`] tells an iterative-deepening search whether its next iteration
//!   can predictably finish within the soft target.

use std::time::Duration;

use crate::api::Limits;

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

    /// The search limits for a fixed time per move: soft and hard both `time` less the
    /// overhead, at least [`MIN_THINK`]. The stop flag is left unset.
    pub fn move_time(&self, time: Duration) -> Limits {
        Limits::think(time.saturating_sub(self.overhead).max(MIN_THINK))
    }

    /// The search limits for the next move from a clock: the [`budget`](Self::budget) as soft
    /// target and hard cap. The stop flag is left unset.
    pub fn clock_limits(&self, remaining: Duration, increment: Duration, moves_to_go: Option<u32>, ply: u32) -> Limits {
        let budget = self.budget(remaining, increment, moves_to_go, ply);
        Limits { soft_time: Some(budget.soft), hard_time: Some(budget.hard), ..Limits::default() }
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
    fn move_time_and_clock_limits() {
        let manager = TimeManager::default();
        let limits = manager.move_time(ms(2500));
        assert_eq!((limits.soft_time, limits.hard_time), (Some(ms(2490)), Some(ms(2490))));
        assert_eq!((limits.depth, limits.nodes), (None, None));
        assert!(limits.stop.is_none());
        let limits = manager.move_time(ms(5));
        assert_eq!((limits.soft_time, limits.hard_time), (Some(MIN_THINK), Some(MIN_THINK)));

        let budget = manager.budget(secs(60), ms(500), Some(40), 3);
        let limits = manager.clock_limits(secs(60), ms(500), Some(40), 3);
        assert_eq!((limits.soft_time, limits.hard_time), (Some(budget.soft), Some(budget.hard)));
        assert_eq!((limits.depth, limits.nodes), (None, None));
        assert!(limits.stop.is_none());
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
