//! Both searchers beat the `minimax` yardstick at depth 2 in every game, in short matches
//! limited by nodes (so the games repeat on any machine): a guard against a change that
//! breaks a game's evaluator or a searcher's defaults. The bar itself, at a fixed time a
//! move over 40 games a row, is `docs/strength.md`.

use tabula_arena::TimeControl;
use tabula_arena::{EngineEntry, MatchConfig, OpeningBook, OpeningGame, Source, run_match};
use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};
use tabula_rules::games::e::{E, EOptions};
use tabula_rules::games::echelon::{Echelon, EgOptions};
use tabula_rules::games::icelights::{Icelights, IlOptions};
use tabula_rules::games::martian_chess::{CoasterChess, CoasterOptions, MartianChess, McOptions};
use tabula_rules::{GameOptions, Seat};

use crate::wall;

/// Alpha-beta's nodes and MCTS's iterations a move, where a game does not need fewer to
/// keep the test short.
const BUDGET: [u64; 2] = [20_000, 5_000];

/// Plays `spec` (limited to `nodes` a move) against `minimax:depth=2` from `rounds` random
/// openings, each with the seats swapped; returns `spec`'s share of the points and the
/// games that reached the ply cap.
fn share<G: OpeningGame>(mut options: G::Options, spec: &str, nodes: u64, rounds: usize, cap: u32) -> (f64, usize) {
    options.set_max_plies(Some(cap)).unwrap();
    let engines = vec![
        EngineEntry {
            name: "engine".into(),
            source: Source::Searcher(spec.into()),
            tc: Some(TimeControl::Nodes(nodes)),
        },
        EngineEntry {
            name: "minimax".into(),
            source: Source::Searcher("minimax:depth=2".into()),
            tc: Some(TimeControl::Depth(2)),
        },
    ];
    let mut config = MatchConfig::<G>::new(options, engines, None, 2 * rounds);
    config.openings = OpeningBook::Random { plies: 4 };
    config.seed = 5;
    config.concurrency = 2;
    let games = run_match(&config, wall(), &mut |_| true).unwrap();
    assert_eq!(games.len(), 2 * rounds);
    let mut points = 0.0;
    let mut capped = 0;
    for g in &games {
        let seat = g.pairing.seats.iter().position(|&e| e == 0).unwrap();
        points += g.outcome.score(Seat(seat as u8));
        capped += usize::from(g.plies >= cap as usize);
    }
    (points / games.len() as f64, capped)
}

/// Alpha-beta at `nodes[0]` nodes a move and MCTS at `nodes[1]` iterations each score more
/// than half the points against `minimax:depth=2` over `rounds` openings.
fn both_beat_minimax<G: OpeningGame>(options: G::Options, nodes: [u64; 2], rounds: usize, cap: u32) {
    for (spec, nodes) in [("alphabeta:hash=4", nodes[0]), ("mcts:memory=16", nodes[1])] {
        let (share, capped) = share::<G>(options.clone(), spec, nodes, rounds, cap);
        eprintln!("{} {spec}: {share} against minimax:depth=2, {capped} at the ply cap", G::NAME);
        assert!(share > 0.5, "{} {spec}: {share} ({capped} at the ply cap)", G::NAME);
    }
}

#[test]
fn chinese_checkers() {
    both_beat_minimax::<ChineseCheckers>(CcOptions::default(), BUDGET, 3, 400);
}

#[test]
fn e() {
    both_beat_minimax::<E>(EOptions::default(), [4_000, 1_000], 1, 500);
}

#[test]
fn icelights() {
    both_beat_minimax::<Icelights>(IlOptions::default(), BUDGET, 3, 300);
}

#[test]
fn martian_chess_with_and_without_the_clock() {
    both_beat_minimax::<MartianChess>(McOptions::default(), BUDGET, 3, 300);
    let mut off = McOptions::default();
    off.set("mc.clock", "off").unwrap();
    both_beat_minimax::<MartianChess>(off, BUDGET, 3, 300);
}

#[test]
fn coaster_chess() {
    // Ten openings: most Coaster Chess games at these budgets end drawn (five pieces a side),
    // so three openings could leave MCTS at exactly half with a few draws more or less.
    both_beat_minimax::<CoasterChess>(CoasterOptions::default(), BUDGET, 10, 300);
}

#[test]
fn echelon() {
    both_beat_minimax::<Echelon>(EgOptions::default(), BUDGET, 3, 400);
}
