//! Time controls: every spelling read and written back, errors that name the token, and
//! the limits each control gives a search.

use tabula_engine::time::TimeManager;

use super::*;
use crate::clock::Clock;
use tabula_engine::time::MIN_THINK;

pub(crate) fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

pub(crate) fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

pub(crate) fn parse(s: &str) -> TimeControl {
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
fn limits_for_every_control() {
    let manager = TimeManager::default();
    let limits = TimeControl::Infinite.limits(&manager, None, 0);
    assert_eq!((limits.soft_time, limits.hard_time, limits.depth, limits.nodes), (None, None, None, None));
    assert!(limits.stop.is_none());

    let limits = parse("st=2.5").limits(&manager, None, 7);
    assert_eq!((limits.soft_time, limits.hard_time), (Some(ms(2490)), Some(ms(2490))));
    assert_eq!((limits.depth, limits.nodes), (None, None));
    let limits = parse("st=0.005").limits(&manager, None, 7);
    assert_eq!((limits.soft_time, limits.hard_time), (Some(MIN_THINK), Some(MIN_THINK)));

    let limits = TimeControl::Nodes(1000).limits(&manager, None, 0);
    assert_eq!((limits.soft_time, limits.hard_time, limits.depth, limits.nodes), (None, None, None, Some(1000)));
    let limits = TimeControl::Depth(8).limits(&manager, None, 0);
    assert_eq!((limits.soft_time, limits.hard_time, limits.depth, limits.nodes), (None, None, Some(8), None));

    // A clock control without a clock: budgeted as at the start of the game.
    let control = parse("40/60+0.5");
    let start = manager.budget(secs(60), ms(500), Some(40), 3);
    let limits = control.limits(&manager, None, 3);
    assert_eq!((limits.soft_time, limits.hard_time), (Some(start.soft), Some(start.hard)));
    assert_eq!((limits.depth, limits.nodes), (None, None));

    // With the seat's clock: budgeted from what is left on it.
    let mut clock = Clock::new(&control).unwrap();
    for _ in 0..30 {
        clock.spend(ms(1800)).unwrap();
    }
    let now = manager.budget(clock.remaining(), ms(500), Some(10), 60);
    let limits = control.limits(&manager, Some(&clock), 60);
    assert_eq!((limits.soft_time, limits.hard_time), (Some(now.soft), Some(now.hard)));
}
