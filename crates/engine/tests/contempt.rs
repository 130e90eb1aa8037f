//! Alpha-beta's contempt against a plain reference written here: minimax with a full
//! quiescence over captures, no pruning, no table, no ordering, where a finished draw is
//! worth `-contempt` to the root's side. Martian Chess positions with the clock running
//! near its limit, so that draws by the clock lie inside the searched trees.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabula_engine::api::score;
use tabula_engine::eval::martian_chess::McEval;
use tabula_engine::search::alphabeta::{AlphaBeta, AlphaBetaConfig};
use tabula_engine::search::simple::margin;
use tabula_engine::{EngineGame, Limits, Searcher, registry};
use tabula_rules::games::martian_chess::{MartianChess, McOptions};
use tabula_rules::{Game, MoveList, Seat};

fn moves_of(game: &MartianChess) -> Vec<<MartianChess as Game>::Move> {
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    list.as_slice().to_vec()
}

/// The value of a finished or horizon position for the root seat.
fn leaf(game: &MartianChess, root: Seat, contempt: i32, ply: i32) -> i32 {
    match margin(&McEval::default(), game, root) {
        0 if game.is_over() => -contempt,
        v if v >= score::WIN => score::WIN - ply,
        v if v <= -score::WIN => -(score::WIN - ply),
        v => v - contempt * game.draw_share() / 100,
    }
}

/// Stand pat or any capture, the root seat maximising and the other minimising.
fn quiesce(game: &MartianChess, root: Seat, contempt: i32, ply: i32) -> i32 {
    let stand = leaf(game, root, contempt, ply);
    if game.is_over() {
        return stand;
    }
    let mut best = stand;
    for mv in moves_of(game).into_iter().filter(|&mv| game.is_tactical(mv)) {
        let mut child = *game;
        child.play(mv);
        let v = quiesce(&child, root, contempt, ply + 1);
        best = if game.to_move() == root { best.max(v) } else { best.min(v) };
    }
    best
}

fn minimax(game: &MartianChess, root: Seat, contempt: i32, depth: u32, ply: i32) -> i32 {
    if game.is_over() {
        return leaf(game, root, contempt, ply);
    }
    if depth == 0 {
        return quiesce(game, root, contempt, ply);
    }
    let values = moves_of(game).into_iter().map(|mv| {
        let mut child = *game;
        child.play(mv);
        minimax(&child, root, contempt, depth - 1, ply + 1)
    });
    if game.to_move() == root { values.max().unwrap() } else { values.min().unwrap() }
}

/// A random game in which the clock was called and has run to `counter`, or `None` if
/// the game ended first.
fn clock_position(seed: u64, counter: u8) -> Option<MartianChess> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut g = MartianChess::new(&McOptions::default()).unwrap();
    let call_at = rng.random_range(0..12);
    for ply in 0..200 {
        if g.is_over() {
            return None;
        }
        if g.clock() == Some(counter) {
            return Some(g);
        }
        let moves = moves_of(&g);
        let calls: Vec<_> = moves.iter().copied().filter(|m| m.call).collect();
        let mv = if ply >= call_at && !calls.is_empty() {
            calls[rng.random_range(0..calls.len())]
        } else {
            let quiet: Vec<_> = moves.iter().copied().filter(|m| !m.call).collect();
            quiet[rng.random_range(0..quiet.len())]
        };
        g.play(mv);
    }
    None
}

fn search(game: &MartianChess, contempt: i32, depth: u32) -> i32 {
    let config = AlphaBetaConfig { contempt: Some(contempt), ..AlphaBetaConfig::default() };
    AlphaBeta::<MartianChess>::new(config).search(game, &Limits::depth(depth), &mut |_| {}).score
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn contempt_equals_plain_minimax(seed in any::<u64>(), counter in 4u8..=6, depth in 1u32..=3, contempt in prop::sample::select(vec![0, 37, 100, -20])) {
        let g = clock_position(seed, counter);
        prop_assume!(g.is_some());
        let g = g.unwrap();
        prop_assert_eq!(search(&g, contempt, depth), minimax(&g, g.to_move(), contempt, depth, 0));
    }
}

#[test]
fn contempt_changes_values_and_moves() {
    // Otherwise the test above could not tell contempt from none: draws must be reached.
    let mut differ = 0;
    for seed in 0..60 {
        let Some(g) = clock_position(seed, 6) else { continue };
        if search(&g, 0, 2) != search(&g, 50, 2) {
            differ += 1;
        }
    }
    assert!(differ >= 5, "{differ}");
}

#[test]
fn the_game_sets_the_default_and_the_registry_reads_the_key() {
    assert_eq!(<MartianChess as EngineGame>::TUNING.contempt, 100);
    let g = (0..60).find_map(|seed| clock_position(seed, 6).filter(|g| search(g, 0, 2) != search(g, 100, 2))).unwrap();
    let by_spec =
        |spec: &str| registry::build::<MartianChess>(spec).unwrap().search(&g, &Limits::depth(2), &mut |_| {}).score;
    assert_eq!(by_spec("alphabeta"), search(&g, 100, 2));
    assert_eq!(by_spec("alphabeta:contempt=0"), search(&g, 0, 2));
    let err = registry::build::<MartianChess>("alphabeta:contempt=lots").err().unwrap().to_string();
    assert!(err.contains("'lots'"), "{err}");
}

#[test]
fn a_running_clock_with_the_points_tied_is_partly_a_draw() {
    let share = |points: &str, clock: &str| {
        let text = format!(
            "martian-chess players=2 turn=0 ply=20 passes=0 points={points} clock={clock} last=- board=QQD./QDP./DPP./..../..../.PPD/.PDQ/.DQQ"
        );
        MartianChess::from_text(&text).unwrap().draw_share()
    };
    assert_eq!(share("2,2", "-"), 0, "no clock, no draw in sight");
    assert_eq!(share("3,2", "6"), 0, "a lead on points wins on the clock");
    assert_eq!(share("2,2", "2"), 0, "the positional terms still count in full");
    assert!(share("2,2", "5") > 0 && share("2,2", "5") < share("2,2", "6"), "rising as the clock runs");
    assert_eq!(share("0,0", "6"), 75);
}

/// A call settles for a draw unless the caller leads by two points (`CALL_LEAD`) after it:
/// one pawn taken back undoes a lead of one.
#[test]
fn a_call_settles_for_a_draw_unless_it_keeps_a_lead_of_two() {
    let at = |points: &str, board: &str| {
        MartianChess::from_text(&format!(
            "martian-chess players=2 turn=0 ply=20 passes=0 points={points} clock=- last=- board={board}"
        ))
        .unwrap()
    };
    let start = "QQD./QDP./DPP./..../..../.PPD/.PDQ/.DQQ";
    let settles = |g: &MartianChess, mv: &str| g.seeks_draw(g.parse_move(mv).unwrap());
    assert!(settles(&at("2,2", start), "b2-a1!"));
    assert!(settles(&at("1,2", start), "b2-a1!"));
    assert!(settles(&at("3,2", start), "b2-a1!"), "a lead of one: a pawn taken back levels it");
    assert!(!settles(&at("4,2", start), "b2-a1!"), "a lead of two is kept, not settled");
    assert!(!settles(&at("2,2", start), "b2-a1"), "no call");
    // The pawn on c4 takes seat 1's pawn on d5 (1 point) and calls.
    let board = "QQD./QDP./DPP./...P/..P./.PPD/.PDQ/.DQQ";
    assert!(at("2,2", board).is_capture(at("2,2", board).parse_move("c4-d5!").unwrap()));
    assert!(!settles(&at("3,2", board), "c4-d5!"), "capturing to lead by two, then calling, keeps a lead");
    assert!(settles(&at("2,2", board), "c4-d5!"), "3-2 after the capture: a lead of one, settling");
    assert!(settles(&at("2,3", board), "c4-d5!"), "3-3 after the capture: settling");
}
