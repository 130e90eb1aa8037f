//! Matches end to end: schedules, clocks (on a fake time source), records, reproducibility.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tabula_arena::TimeControl;
use tabula_arena::game::forfeit;
use tabula_arena::runner::Builder;
use tabula_arena::ugi::Fault;
use tabula_arena::{
    EngineEntry, FinishedGame, FlagRule, GameSetup, MatchConfig, OpeningBook, Player, Termination, TimeSource,
    parse_records, play_game, run_match,
};
use tabula_engine::time::TimeManager;
use tabula_engine::{Limits, SearchInfo, SearchResult, Searcher, registry};
use tabula_rules::games::chinese_checkers::CcOptions;
use tabula_rules::{Game, GameOptions, MoveList, Seat};

use crate::fake::{Cc, Fake, FakeTime};
use crate::wall;

fn options(players: usize, max_plies: u32) -> CcOptions {
    let mut o = CcOptions::default();
    o.set_players(players).unwrap();
    o.set_max_plies(Some(max_plies)).unwrap();
    o
}

fn engines(specs: &[&str]) -> Vec<EngineEntry> {
    specs.iter().map(|s| EngineEntry::parse(s).unwrap()).collect()
}

/// Every game's record parses back and replays to its final position.
fn check_records(games: &[FinishedGame]) {
    let text: String = games.iter().map(|g| g.record.to_text(g.pairing.seats.len())).collect();
    let records = parse_records(&text).unwrap();
    assert_eq!(records.len(), games.len());
    for (record, game) in records.iter().zip(games) {
        assert_eq!(record, &game.record);
        let end: Cc = record.replay(None).unwrap();
        assert_eq!(end.to_text(), game.final_position);
        assert_eq!(record.tag("PlyCount"), Some(game.plies.to_string().as_str()));
    }
}

#[test]
fn random_and_greedy_finish_every_game_with_balanced_seats() {
    for (players, specs) in [
        (2, vec!["random", "greedy"]),
        (3, vec!["random", "greedy", "random"]),
        (4, vec!["greedy", "random"]),
        (6, vec!["random", "greedy"]),
    ] {
        let mut config = MatchConfig::<Cc>::new(options(players, 160), engines(&specs), Some(TimeControl::Nodes(1)), 4);
        tabula_arena::unique_names(&mut config.engines);
        config.concurrency = 2;
        config.openings = OpeningBook::Random { plies: 2 };
        let mut seen = std::collections::BTreeSet::new();
        let games = run_match(&config, wall(), &mut |g| {
            assert!(seen.insert(g.pairing.game), "game {} delivered twice", g.pairing.game);
            true
        })
        .unwrap();
        assert_eq!(seen.len(), games.len(), "every game delivered");
        assert!(games.windows(2).all(|w| w[0].pairing.game < w[1].pairing.game), "returned in game order");
        let expect = tabula_arena::schedule::games_played(specs.len(), players, 4, Default::default()).unwrap();
        assert_eq!(games.len(), expect, "{players} seats");
        let mut seat_count = vec![vec![0; players]; specs.len()];
        for g in &games {
            let total: f64 = (0..players).map(|s| g.outcome.score(Seat(s as u8))).sum();
            assert!((total - 1.0).abs() < 1e-9, "scores share one point");
            assert!(matches!(g.termination, Termination::Normal | Termination::MaxPlies), "{:?}", g.termination);
            assert!(g.plies <= 160);
            for (s, &e) in g.pairing.seats.iter().enumerate() {
                seat_count[e][s] += 1;
            }
        }
        for row in &seat_count {
            assert!(row.iter().all(|&c| c == row[0]), "{players} seats: {seat_count:?}");
        }
        check_records(&games);
    }
}

#[test]
fn a_seed_and_node_limits_give_the_same_records_at_any_concurrency() {
    let run = |concurrency| {
        let mut config = MatchConfig::<Cc>::new(
            options(2, 120),
            engines(&[
                "name=ab,spec=alphabeta:hash=1,tc=depth=2",
                "name=mc,spec=mcts:threads=1,tc=nodes=150",
                "tc=nodes=1,spec=random",
            ]),
            None,
            6,
        );
        config.concurrency = concurrency;
        config.seed = 99;
        config.openings = OpeningBook::Random { plies: 4 };
        let games = run_match(&config, wall(), &mut |_| true).unwrap();
        let records: String = games.iter().map(|g| g.record.to_text(2)).collect();
        let json: Vec<String> = games.iter().map(|g| g.line.to_json()).collect();
        (records, json)
    };
    let one = run(1);
    assert_eq!(one, run(1));
    assert_eq!(one, run(3));
    assert!(one.0.contains("[Seed \"99\"]") && one.0.contains("[Opening \"random:4 "));
    assert!(!one.0.contains("s d="), "no wall times in records of untimed games");
}

#[test]
fn mcts_on_two_threads_under_a_node_limit_plays_the_same_match_twice() {
    let run = || {
        let mut config = MatchConfig::<Cc>::new(
            options(2, 60),
            engines(&["name=mc2,spec=mcts:threads=2,tc=nodes=400", "name=ab,spec=alphabeta,tc=depth=1"]),
            None,
            4,
        );
        config.seed = 7;
        config.openings = OpeningBook::Random { plies: 2 };
        let games = run_match(&config, wall(), &mut |_| true).unwrap();
        games.iter().map(|g| g.record.to_text(2)).collect::<String>()
    };
    let first = run();
    assert!(first.contains("mc2"));
    assert_eq!(first, run());
}

fn fake_builder(time: Arc<FakeTime>) -> Builder<Cc> {
    Arc::new(move |spec: &str| -> Result<Box<dyn Searcher<Cc>>, String> {
        let (kind, ms) = spec.split_once(':').ok_or("fake:MS")?;
        let cost = Duration::from_millis(ms.parse().map_err(|_| "ms")?);
        let time = time.clone();
        match kind {
            "fake" => Ok(Box::new(Fake { time, cost, illegal: false })),
            "illegal" => Ok(Box::new(Fake { time, cost, illegal: true })),
            _ => registry::build::<Cc>(spec).map_err(|e| e.to_string()),
        }
    })
}

#[test]
fn overruns_are_counted_in_the_line_and_written_in_the_record() {
    // st=1 gives a hard limit of 990 ms; a 1020 ms move is 30 ms over, within the margin.
    let time = Arc::new(FakeTime::default());
    let mut config = MatchConfig::<Cc>::new(
        options(2, 6),
        engines(&["name=late,spec=fake:1020", "name=prompt,spec=fake:500"]),
        Some("st=1".parse().unwrap()),
        2,
    );
    config.margin = Duration::from_millis(50);
    config.build = fake_builder(time.clone());
    let games = run_match(&config, time, &mut |_| true).unwrap();
    for g in &games {
        let late = g.pairing.seats.iter().position(|&e| e == 0).unwrap();
        let mut expected = vec![0, 0];
        expected[late] = 3;
        assert_eq!(g.line.overruns, expected);
        assert_eq!(g.record.to_text(2).matches("over=0.030s}").count(), 3);
    }
}

#[test]
fn a_slow_engine_loses_on_time_and_the_record_says_so() {
    let time = Arc::new(FakeTime::default());
    // 10 s + 1 s a move: at 3 s a move the clock reads 8, 6, 4, 2 after four moves, and the
    // fifth move overruns it. The fast side spends 1 s and gains it back every move.
    let mut config = MatchConfig::<Cc>::new(
        options(2, 400),
        engines(&["name=slow,spec=fake:3000", "name=fast,spec=fake:1000"]),
        Some(TimeControl::sudden_death(Duration::from_secs(10), Duration::from_secs(1))),
        2,
    );
    config.build = fake_builder(time.clone());
    let games = run_match(&config, time, &mut |_| true).unwrap();
    for g in &games {
        let slow_seat = g.pairing.seats.iter().position(|&e| e == 0).unwrap();
        assert_eq!(g.termination, Termination::TimeForfeit(Seat(slow_seat as u8)));
        assert_eq!(g.outcome, forfeit(2, Seat(slow_seat as u8)));
        assert_eq!(g.record.tag("Termination"), Some(format!("time forfeit by seat {slow_seat}").as_str()));
        let slow_moves = g.record.moves.iter().skip(slow_seat).step_by(2).count();
        assert_eq!(slow_moves, 4, "four moves fit on the slow clock");
        assert!(g.record.moves[0].comment.as_deref().unwrap().starts_with(if slow_seat == 0 {
            "3.000s"
        } else {
            "1.000s"
        }));
        assert_eq!(g.thinking[slow_seat], Duration::from_secs(12), "the flagging move is not recorded");
    }
    check_records(&games);
}

#[test]
fn increments_are_credited_and_the_margin_forgives() {
    let time: Arc<FakeTime> = Arc::new(FakeTime::default());
    let fake = |ms| {
        Player::<Cc>::searcher(
            Box::new(Fake { time: time.clone(), cost: Duration::from_millis(ms), illegal: false }),
            TimeControl::sudden_death(Duration::from_secs(2), Duration::from_millis(500)),
        )
    };
    let setup = |margin| GameSetup {
        start: Cc::new(&options(2, 60)).unwrap(),
        book: vec![],
        margin,
        flag: FlagRule::Forfeit,
        time_manager: TimeManager::default(),
        time: time.clone() as Arc<dyn TimeSource>,
    };
    // 500 ms a move against a 500 ms increment: the clock never runs down.
    let r = play_game(setup(Duration::ZERO), &mut [fake(500), fake(500)], &mut ());
    assert_eq!(r.termination, Termination::MaxPlies);
    // 600 ms a move against a 500 ms increment: the clock reads 2000 - 100k ms after k moves,
    // so 15 moves fit and the 16th (600 ms with 500 left) flags.
    let r = play_game(setup(Duration::ZERO), &mut [fake(600), fake(100)], &mut ());
    assert_eq!(r.termination, Termination::TimeForfeit(Seat(0)));
    assert_eq!(r.moves.iter().step_by(2).count(), 15);
    // A margin of 99 ms does not cover the 100 ms overrun; 100 ms does, every move after.
    let r = play_game(setup(Duration::from_millis(99)), &mut [fake(600), fake(100)], &mut ());
    assert_eq!(r.termination, Termination::TimeForfeit(Seat(0)));
    let r = play_game(setup(Duration::from_millis(100)), &mut [fake(600), fake(100)], &mut ());
    assert_eq!(r.termination, Termination::MaxPlies);
}

#[test]
fn illegal_moves_are_engine_errors() {
    let time = Arc::new(FakeTime::default());
    let mut config = MatchConfig::<Cc>::new(
        options(2, 100),
        engines(&["name=bad,spec=illegal:1", "name=good,spec=fake:1"]),
        Some(TimeControl::Nodes(1)),
        2,
    );
    config.build = fake_builder(time.clone());
    let games = run_match(&config, time, &mut |_| true).unwrap();
    for g in &games {
        let bad = g.pairing.seats.iter().position(|&e| e == 0).unwrap();
        assert!(matches!(&g.termination, Termination::EngineError(s, Fault::IllegalMove(_)) if s.index() == bad));
        assert_eq!(g.outcome.score(Seat(bad as u8)), 0.0);
    }
}

#[test]
fn bad_setups_are_refused_by_name() {
    let err = |config: MatchConfig<Cc>| run_match(&config, wall(), &mut |_| true).unwrap_err().to_string();
    let c =
        MatchConfig::<Cc>::new(CcOptions::default(), engines(&["random", "negamax"]), Some(TimeControl::Nodes(1)), 2);
    assert!(err(c).contains("'negamax'"));
    let c = MatchConfig::<Cc>::new(CcOptions::default(), engines(&["random", "greedy"]), None, 2);
    assert!(err(c).contains("no time control"));
    let c = MatchConfig::<Cc>::new(CcOptions::default(), engines(&["random"]), Some(TimeControl::Nodes(1)), 2);
    assert!(err(c).contains("two --engine"));
}

/// Thinks until its search is told to stop, then plays the first legal move.
struct Stuck;

impl Searcher<Cc> for Stuck {
    fn search(
        &mut self,
        game: &Cc,
        limits: &Limits,
        _: &mut dyn FnMut(&SearchInfo<<Cc as Game>::Move>),
    ) -> SearchResult<<Cc as Game>::Move> {
        while !limits.stopped() {
            std::thread::sleep(Duration::from_millis(1));
        }
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let best = moves.as_slice().first().copied();
        SearchResult { best, score: 0, pv: best.into_iter().collect(), nodes: 1, depth: 1, time: Duration::ZERO }
    }
}

#[test]
fn a_game_that_cannot_start_stops_the_games_in_flight_at_once() {
    // Two games at once at a minute a move: the first game's engines were built ahead and
    // think until stopped; the second game's second engine cannot be built again. The
    // failure stops the first game's search at once, and no game is counted.
    let builds = Arc::new(AtomicUsize::new(0));
    let mut config = MatchConfig::<Cc>::new(
        options(2, 100),
        engines(&["name=stuck,spec=stuck", "name=flaky,spec=flaky"]),
        Some("st=60".parse().unwrap()),
        4,
    );
    config.concurrency = 2;
    config.build = Arc::new(move |spec: &str| -> Result<Box<dyn Searcher<Cc>>, String> {
        match spec {
            "flaky" if builds.fetch_add(1, Ordering::SeqCst) > 0 => Err("flaky cannot be built twice".into()),
            _ => Ok(Box::new(Stuck)),
        }
    });
    let started = std::time::Instant::now();
    let mut delivered = 0;
    let result = run_match(&config, wall(), &mut |_| {
        delivered += 1;
        true
    });
    let took = started.elapsed();
    assert!(result.is_err_and(|e| e.to_string().contains("flaky cannot be built twice")));
    assert_eq!(delivered, 0, "a stopped game is not a result");
    // The search would run a minute; a few seconds allow for any load.
    assert!(took < Duration::from_secs(5), "the match took {took:?} to stop");
}
