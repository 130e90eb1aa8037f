//! Martian Chess and Coaster Chess matches: alpha-beta (depth-limited, so the result does
//! not depend on the machine's load) clearly beats `greedy` with two players, and 4-player
//! games (free-for-all and teams) run to a scored end.

use tabula_arena::TimeControl;
use tabula_arena::{EngineEntry, MatchConfig, OpeningBook, Source, run_match};
use tabula_rules::games::martian_chess::{CoasterChess, MartianChess, Mc, McOptions, Variant};
use tabula_rules::{Game, GameOptions, Seat};

use crate::wall;

/// Plays alpha-beta (depth `depth`) against greedy for `rounds` rounds (both seatings);
/// returns alpha-beta's score share.
fn alphabeta_share<V: Variant>(rounds: usize, depth: u32) -> f64 {
    let mut options = McOptions::<V>::default();
    options.set_max_plies(Some(200)).unwrap();
    let engines = vec![
        EngineEntry {
            name: "ab".into(),
            source: Source::Searcher("alphabeta:hash=4".into()),
            tc: Some(TimeControl::Depth(depth)),
        },
        EngineEntry {
            name: "greedy".into(),
            source: Source::Searcher("greedy".into()),
            tc: Some(TimeControl::Depth(1)),
        },
    ];
    let mut config = MatchConfig::<Mc<V>>::new(options, engines, None, 2 * rounds);
    // Random openings leave out clock calls and gifts across the canal
    // (OpeningGame::opening_move).
    config.openings = OpeningBook::Random { plies: 3 };
    config.seed = 11;
    config.concurrency = 2;
    let games = run_match(&config, wall(), &mut |_| true).unwrap();
    assert_eq!(games.len(), 2 * rounds);
    let mut ab = 0.0;
    for g in &games {
        let seat = g.pairing.seats.iter().position(|&e| e == 0).unwrap();
        assert!(g.outcome.points().is_some(), "Martian games report points");
        ab += g.outcome.score(Seat(seat as u8));
    }
    let share = ab / games.len() as f64;
    eprintln!("{} at depth {depth}: alpha-beta scored {share}", V::NAME);
    share
}

#[test]
fn alphabeta_beats_greedy_at_martian_chess() {
    let share = alphabeta_share::<tabula_rules::games::martian_chess::Martian>(10, 3);
    assert!(share >= 0.8, "alpha-beta scored {share}");
}

/// Coaster Chess is far more drawish (eight pieces on one-way arrows; many games stay 0-0
/// until the clock or the ply limit): alpha-beta wins more than it loses, not by as much.
#[test]
fn alphabeta_beats_greedy_at_coaster_chess() {
    let share = alphabeta_share::<tabula_rules::games::martian_chess::Coaster>(10, 5);
    assert!(share >= 0.6, "alpha-beta scored {share}");
}

#[test]
fn four_player_games_end_scored() {
    for teams in [false, true] {
        let mut options = McOptions::default();
        options.set_players(4).unwrap();
        options.set_max_plies(Some(120)).unwrap();
        if teams {
            options.set("mc.teams", "true").unwrap();
        }
        let engines: Vec<EngineEntry> = ["alphabeta:hash=4", "mcts:seed=1", "greedy", "random"]
            .iter()
            .map(|s| EngineEntry {
                name: s.to_string(),
                source: Source::Searcher(s.to_string()),
                tc: Some(TimeControl::Nodes(300)),
            })
            .collect();
        let engines = if teams { engines[..3].to_vec() } else { engines };
        let config = MatchConfig::<MartianChess>::new(options, engines, None, 4);
        let games = run_match(&config, wall(), &mut |_| true).unwrap();
        for g in &games {
            let points = g.outcome.points().unwrap();
            assert_eq!(points.len(), 4);
            if teams {
                assert_eq!(g.outcome.rank(Seat(0)), g.outcome.rank(Seat(2)), "{:?}", g.outcome);
                assert_eq!(g.outcome.rank(Seat(1)), g.outcome.rank(Seat(3)), "{:?}", g.outcome);
            }
        }
    }
    let _ = CoasterChess::NAME;
}

/// The check at one second a move: alpha-beta against greedy over 40 games (20
/// openings, both seatings), printing wins, draws and losses. Slow (minutes), so ignored:
/// `cargo test --release -p tabula-arena --test martian_chess -- --ignored --nocapture timed`.
fn timed<V: Variant>() {
    let mut options = McOptions::<V>::default();
    options.set_max_plies(Some(160)).unwrap();
    let st = TimeControl::FixedPerMove(std::time::Duration::from_secs(1));
    let engines = vec![
        EngineEntry { name: "ab".into(), source: Source::Searcher("alphabeta:hash=16".into()), tc: Some(st) },
        EngineEntry { name: "greedy".into(), source: Source::Searcher("greedy".into()), tc: Some(st) },
    ];
    let mut config = MatchConfig::<Mc<V>>::new(options, engines, None, 40);
    config.openings = OpeningBook::Random { plies: 3 };
    config.seed = 12;
    // The machine is shared: forgive overruns of the hard limit rather than forfeit.
    config.margin = std::time::Duration::from_secs(1);
    let games = run_match(&config, wall(), &mut |g| {
        let seat = g.pairing.seats.iter().position(|&e| e == 0).unwrap();
        eprintln!(
            "game {} ab seat {seat}: score {} points {:?} {} plies {}",
            g.pairing.game + 1,
            g.outcome.score(Seat(seat as u8)),
            g.outcome.points(),
            g.termination,
            g.plies
        );
        true
    })
    .unwrap();
    let (mut w, mut d, mut l) = (0, 0, 0);
    for g in &games {
        let seat = g.pairing.seats.iter().position(|&e| e == 0).unwrap();
        let score = g.outcome.score(Seat(seat as u8));
        if score >= 1.0 {
            w += 1;
        } else if score <= 0.0 {
            l += 1;
        } else {
            d += 1;
        }
    }
    println!("{}: alpha-beta {w} wins, {d} draws, {l} losses of {}", V::NAME, games.len());
}

#[test]
#[ignore]
fn timed_martian_chess_against_greedy() {
    timed::<tabula_rules::games::martian_chess::Martian>();
}

#[test]
#[ignore]
fn timed_coaster_chess_against_greedy() {
    timed::<tabula_rules::games::martian_chess::Coaster>();
}
