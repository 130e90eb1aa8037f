use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};
use tabula_rules::games::e::{E, EOptions};
use tabula_rules::games::echelon::{Echelon, EgOptions};
use tabula_rules::games::icelights::{Icelights, IlOptions};
use tabula_rules::games::martian_chess::{CoasterChess, CoasterOptions, MartianChess, McOptions};
use tabula_rules::{GameOptions, Seat};

use super::*;
use crate::search::testing::random_position;

/// Every line to `depth`, no pruning: the paranoid value for `root`.
fn reference<G: EngineGame>(game: &G, root: Seat, depth: u32, ply: u32) -> Score {
    if game.is_over() || depth == 0 {
        return score::from_below(margin(&Plain, game, root), ply);
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let values = moves.iter().map(|&mv| {
        let mut child = game.clone();
        child.play(mv);
        reference(&child, root, depth - 1, ply + 1)
    });
    if game.team(game.to_move()) == game.team(root) { values.max().unwrap() } else { values.min().unwrap() }
}

/// Checks minimax's score at `depth` against the reference on random positions of a game.
fn agrees<G: EngineGame>(options: &G::Options, depth: u32, positions: u64, plies: u64) -> usize {
    let mut checked = 0;
    for seed in 0..positions {
        let g: G = random_position(options, (seed * 7 % plies) as usize, seed);
        if g.is_over() {
            continue;
        }
        let result = Minimax { depth: Some(depth) }.search(&g, &Limits::default(), &mut |_| {});
        assert_eq!(result.depth, depth.min(result.depth), "{}", g.to_text());
        if result.score.abs() < score::WIN_THRESHOLD {
            assert_eq!(result.depth, depth, "{}", g.to_text());
        }
        let expected = reference(&g, g.to_move(), result.depth, 0);
        assert_eq!(result.score, expected, "{} at depth {}", g.to_text(), result.depth);
        // The move it plays scores what it says.
        let mut child = g.clone();
        child.play(result.best.unwrap());
        assert_eq!(reference(&child, g.to_move(), result.depth - 1, 1), expected, "{}", g.to_text());
        checked += 1;
    }
    checked
}

#[test]
fn equals_the_unpruned_search_in_every_game() {
    let players = |n| {
        let mut o = CcOptions::default();
        o.set_players(n).unwrap();
        o
    };
    assert!(agrees::<ChineseCheckers>(&players(2), 3, 12, 60) > 8);
    assert!(agrees::<ChineseCheckers>(&players(3), 3, 8, 60) > 5);
    let mut e3 = EOptions::default();
    e3.set_players(3).unwrap();
    assert!(agrees::<E>(&e3, 2, 8, 60) > 5);
    assert!(agrees::<Icelights>(&IlOptions::default(), 2, 8, 6) > 5);
    let mut off = McOptions::default();
    off.set("mc.clock", "off").unwrap();
    assert!(agrees::<MartianChess>(&off, 3, 12, 60) > 8);
    assert!(agrees::<MartianChess>(&McOptions::default(), 3, 12, 8) > 4);
    let mut teams = McOptions::default();
    teams.set_players(4).unwrap();
    teams.set("mc.teams", "true").unwrap();
    assert!(agrees::<MartianChess>(&teams, 2, 8, 8) > 4);
    assert!(agrees::<CoasterChess>(&CoasterOptions::default(), 3, 12, 8) > 4);
    assert!(agrees::<Echelon>(&EgOptions::default(), 3, 12, 60) > 8);
}

/// Seat 0 can end the game by carrying its last piece out of its zone: leading 5-1 it
/// does, trailing 1-5 it does not.
#[test]
fn a_leader_ends_the_game_and_a_trailer_does_not() {
    let board = "board=Q.../..../..P./..../..../D.../..../.... mc.clock=off";
    for (points, wins) in [("5,1", true), ("1,5", false)] {
        let text = format!("martian-chess players=2 turn=0 ply=40 passes=0 points={points} clock=- last=- {board}");
        let g = MartianChess::from_text(&text).unwrap();
        let result = Minimax { depth: Some(3) }.search(&g, &Limits::default(), &mut |_| {});
        let mut after = g;
        after.play(result.best.unwrap());
        assert_eq!(after.is_over(), wins, "{points}: {result:?}");
        if wins {
            assert_eq!((result.score, result.depth), (score::WIN - 1, 1));
        } else {
            assert!(result.score > -score::WIN_THRESHOLD, "{result:?}");
        }
    }
}

#[test]
fn deepens_on_the_clock_and_stops_on_the_node_limit() {
    let g = MartianChess::new(&McOptions::default()).unwrap();
    let mut depths = Vec::new();
    let limits = Limits::think(Duration::from_millis(50));
    let result = Minimax::default().search(&g, &limits, &mut |info| depths.push(info.depth));
    assert!(result.depth >= 2, "{result:?}");
    assert_eq!(depths, (1..=result.depth).collect::<Vec<_>>());
    assert!(result.time < Duration::from_millis(200), "{:?}", result.time);
    let limited = Minimax::default().search(&g, &Limits::nodes(5_000), &mut |_| {});
    assert!(limited.nodes <= 5_000 && limited.depth >= 2, "{limited:?}");
    let again = Minimax::default().search(&g, &Limits::nodes(5_000), &mut |_| {});
    assert_eq!((again.best, again.score, again.depth), (limited.best, limited.score, limited.depth));
}
