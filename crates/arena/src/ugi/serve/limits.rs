//! From a `go` command to search limits: the clock and increment of the seat to move go
//! through the engine's time manager, as `tabula go --tc` takes a clock.

use std::time::Duration;

use tabula_engine::Limits;
use tabula_engine::time::TimeManager;
use tabula_rules::Seat;

use crate::time_control::MAX_SECONDS;
use crate::ugi::Go;

/// The limits of `go` for seat `mover` at game ply `ply`:
///
/// - `movetime`: that time, less the manager's overhead;
/// - else `infinite`: none (the search runs until `stop`);
/// - else the mover's `pKtime` with its `pKinc` and `movestogo`: the manager's budget;
/// - else, when no clock is given at all, none: `go` alone thinks until `stop`.
///
/// `depth` and `nodes` cap any of these. Clocks given for other seats but not the mover's
/// are an error, and so are the chess names of the clocks in a game of more than 2 `seats`.
pub(super) fn limits(go: &Go, mover: Seat, seats: usize, ply: u32, manager: &TimeManager) -> Result<Limits, String> {
    if go.chess_names && seats > 2 {
        return Err(format!(
            "'wtime', 'btime', 'winc' and 'binc' name the clocks of 2 seats, and this game has {seats}: \
             use p1time to p{seats}time and p1inc to p{seats}inc"
        ));
    }
    // Absurd times are cut to the longest a time control may name, so that no searcher's
    // deadline (its start plus the time) can overflow.
    let ms = |ms: u64| Duration::from_millis(ms.min(MAX_SECONDS * 1000));
    let seat = mover.index();
    let mut limits = if let Some(time) = go.movetime {
        manager.move_time(ms(time))
    } else if go.infinite {
        Limits::infinite()
    } else if let Some(time) = go.time.get(seat).copied().flatten() {
        let increment = go.inc.get(seat).copied().flatten().unwrap_or(0);
        manager.clock_limits(ms(time), ms(increment), go.movestogo, ply)
    } else if go.time.iter().any(Option::is_some) {
        return Err(format!("'go' gives no p{}time for p{}, the seat to move", seat + 1, seat + 1));
    } else {
        Limits::infinite()
    };
    limits.depth = go.depth.or(limits.depth);
    limits.nodes = go.nodes.or(limits.nodes);
    Ok(limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> Go {
        match line.parse() {
            Ok(crate::ugi::Command::Go(go)) => go,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn the_movers_clock_sets_the_budget() {
        let manager = TimeManager::default();
        let clocks = go("go p1time 60000 p2time 1000 p3time 5000 p1inc 100 p2inc 0 p3inc 500");
        for (seat, time, inc) in [(0, 60_000, 100), (1, 1000, 0), (2, 5000, 500)] {
            let limits = limits(&clocks, Seat(seat), 3, 12, &manager).unwrap();
            let expected = manager.clock_limits(Duration::from_millis(time), Duration::from_millis(inc), None, 12);
            assert_eq!((limits.soft_time, limits.hard_time), (expected.soft_time, expected.hard_time), "p{seat}");
            assert_eq!((limits.depth, limits.nodes), (None, None));
        }
        let period = limits(&go("go p1time 1000 p2time 1000 movestogo 1"), Seat(1), 2, 0, &manager).unwrap();
        let last = manager.clock_limits(Duration::from_millis(1000), Duration::ZERO, Some(1), 0);
        assert_eq!(period.hard_time, last.hard_time);
        let err = limits(&clocks, Seat(3), 4, 0, &manager).unwrap_err();
        assert!(err.contains("p4time"), "{err}");
    }

    #[test]
    fn chess_clock_names_are_the_first_two_seats() {
        let manager = TimeManager::default();
        let chess = go("go wtime 60000 btime 1000 winc 100 binc 0");
        let seats = go("go p1time 60000 p2time 1000 p1inc 100 p2inc 0");
        for seat in [Seat(0), Seat(1)] {
            let (a, b) = (limits(&chess, seat, 2, 7, &manager).unwrap(), limits(&seats, seat, 2, 7, &manager).unwrap());
            assert_eq!((a.soft_time, a.hard_time), (b.soft_time, b.hard_time), "{seat:?}");
        }
        for seats in [3, 6] {
            let err = limits(&chess, Seat(0), seats, 0, &manager).unwrap_err();
            assert!(err.contains("'wtime'") && err.contains(&format!("p{seats}time")), "{err}");
        }
        let err = limits(&go("go depth 3 binc 5"), Seat(0), 4, 0, &manager).unwrap_err();
        assert!(err.contains("'binc'"), "{err}");
    }

    #[test]
    fn fixed_limits_and_none() {
        let manager = TimeManager::default();
        let fixed = limits(&go("go movetime 500 depth 3"), Seat(0), 2, 0, &manager).unwrap();
        assert_eq!(fixed.hard_time, manager.move_time(Duration::from_millis(500)).hard_time);
        assert_eq!(fixed.depth, Some(3));
        let nodes = limits(&go("go nodes 900"), Seat(1), 2, 0, &manager).unwrap();
        assert_eq!((nodes.nodes, nodes.soft_time, nodes.hard_time), (Some(900), None, None));
        let absurd = limits(&go("go movetime 18446744073709551615"), Seat(0), 2, 0, &manager).unwrap();
        assert_eq!(absurd.hard_time, Some(Duration::from_secs(MAX_SECONDS) - manager.overhead));
        for line in ["go infinite", "go", "go infinite p1time 10 p2time 10"] {
            let open = limits(&go(line), Seat(0), 2, 0, &manager).unwrap();
            assert_eq!((open.soft_time, open.hard_time, open.depth, open.nodes), (None, None, None, None), "{line}");
        }
    }
}
