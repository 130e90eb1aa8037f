//! Alpha-beta's opponent models against plain references written here: with two seats
//! `paranoid`, `best-reply` and `maxn` all equal plain negamax; with three and four seats
//! `best-reply` equals a simple Best-Reply Search, `paranoid` (with teams too) a plain
//! paranoid minimax and `maxn` (with teams too) a plain max^n. No pruning, no table, no
//! ordering in the references. The registry builds MCTS's models too.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabula_engine::api::score;
use tabula_engine::eval::chinese_checkers::CcEval;
use tabula_engine::search::alphabeta::{AlphaBeta, AlphaBetaConfig, Model};
use tabula_engine::search::mcts::{Mcts, MctsConfig, MctsModel};
use tabula_engine::search::simple::{margin, margins};
use tabula_engine::{EngineGame, Evaluator, Limits, Score, Searcher, registry};
use tabula_rules::core::game::{Generator, Notation};
use tabula_rules::core::turn::Turn;
use tabula_rules::games::chinese_checkers::{CcMove, CcOptions, ChineseCheckers};
use tabula_rules::{Game, MAX_SEATS, MoveList, NotationError, RulesError, Seat};

/// A finished or horizon position's value for `seat`, wins nearer the root scoring more.
fn leaf<G: EngineGame>(e: &G::Eval, game: &G, seat: Seat, ply: i32) -> i32 {
    leaf_with_rivals(e, game, seat, ply, 0)
}

/// [`leaf`] with alpha-beta's `rivals`: `rivals` percent of an unfinished position's margin
/// taken over the mean of the other seats' values (every seat its own team) instead of
/// the best of them.
fn leaf_with_rivals<G: EngineGame>(e: &G::Eval, game: &G, seat: Seat, ply: i32, rivals: i32) -> i32 {
    let value = if rivals == 0 || game.is_over() {
        margin(e, game, seat)
    } else {
        let values = e.evaluate(game);
        let mine = values[seat.index()];
        let others: Vec<i32> = (0..game.seats()).filter(|&s| s != seat.index()).map(|s| values[s]).collect();
        let over_best = mine - others.iter().max().unwrap();
        let over_mean = mine - others.iter().sum::<i32>().div_euclid(others.len() as i32);
        ((100 - rivals) * over_best + rivals * over_mean).div_euclid(100)
    };
    match value {
        v if v >= score::WIN => score::WIN - ply,
        v if v <= -score::WIN => -(score::WIN - ply),
        v => v,
    }
}

/// The evaluator of these tests for Chinese Checkers: the race alone, cheaper than the
/// default (the references evaluate every leaf of full trees).
const RACE: CcEval = CcEval::RACE;

fn moves_of<G: Game>(game: &G) -> Vec<G::Move> {
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    list.as_slice().to_vec()
}

/// Plain negamax: the value for the seat to move (two seats).
fn negamax<G: EngineGame>(e: &G::Eval, game: &G, depth: u32, ply: i32) -> i32 {
    if game.is_over() || depth == 0 {
        return leaf(e, game, game.to_move(), ply);
    }
    moves_of(game)
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            child.play(mv);
            -negamax(e, &child, depth - 1, ply + 1)
        })
        .max()
        .unwrap()
}

/// Plain paranoid minimax: the value for `root`; its team maximises, everyone else
/// minimises.
fn paranoid<G: EngineGame>(e: &G::Eval, game: &G, root: Seat, depth: u32, ply: i32) -> i32 {
    if game.is_over() || depth == 0 {
        return leaf(e, game, root, ply);
    }
    let values = moves_of(game).into_iter().map(|mv| {
        let mut child = game.clone();
        child.play(mv);
        paranoid(e, &child, root, depth - 1, ply + 1)
    });
    if game.team(game.to_move()) == game.team(root) { values.max().unwrap() } else { values.min().unwrap() }
}

/// Best-Reply Search as Schadd and Winands define it: `root` moves, then the one reply of
/// any opponent that is worst for `root`, each opponent's moves taken with the turn given to
/// it; then `root` again.
fn best_reply<G: EngineGame>(e: &G::Eval, game: &G, root: Seat, depth: u32, ply: i32) -> i32 {
    best_reply_with_rivals(e, game, root, depth, ply, 0)
}

/// [`best_reply`] over [`leaf_with_rivals`].
fn best_reply_with_rivals<G: EngineGame>(e: &G::Eval, game: &G, root: Seat, depth: u32, ply: i32, rivals: i32) -> i32 {
    if game.is_over() || depth == 0 {
        return leaf_with_rivals(e, game, root, ply, rivals);
    }
    if game.to_move() == root {
        return moves_of(game)
            .into_iter()
            .map(|mv| {
                let mut child = game.clone();
                child.play(mv);
                best_reply_with_rivals(e, &child, root, depth - 1, ply + 1, rivals)
            })
            .max()
            .unwrap();
    }
    let mut worst = i32::MAX;
    for seat in (0..game.seats() as u8).map(Seat).filter(|&s| s != root) {
        let mut handed = game.clone();
        assert!(handed.hand_turn_to(seat));
        for mv in moves_of(&handed) {
            let mut child = handed.clone();
            child.play(mv);
            if !child.is_over() {
                child.hand_turn_to(root);
            }
            worst = worst.min(best_reply_with_rivals(e, &child, root, depth - 1, ply + 1, rivals));
        }
    }
    worst
}

/// Plain max^n: every seat's value, each seat taking the child best for its own team (ties
/// to the one worst for the other teams together, then to lower values in seat order), and
/// the number of nodes of the full tree.
fn maxn<G: EngineGame>(e: &G::Eval, game: &G, depth: u32, ply: i32, nodes: &mut u64) -> [i32; MAX_SEATS] {
    *nodes += 1;
    if game.is_over() || depth == 0 {
        return margins(e, game).map(|m| match m {
            v if v >= score::WIN => score::WIN - ply,
            v if v <= -score::WIN => -(score::WIN - ply),
            v => v,
        });
    }
    let seat = game.to_move();
    let team = game.team(seat);
    let n = game.seats();
    let others = |v: &[i32; MAX_SEATS]| -> i64 {
        (0..n).filter(|&s| game.team(Seat(s as u8)) != team).map(|s| i64::from(v[s])).sum()
    };
    let key = |v: &[i32; MAX_SEATS]| (v[seat.index()], -others(v), std::cmp::Reverse(v[..n].to_vec()));
    moves_of(game)
        .into_iter()
        .map(|mv| {
            let mut child = game.clone();
            child.play(mv);
            maxn(e, &child, depth - 1, ply + 1, nodes)
        })
        .max_by(|a, b| key(a).cmp(&key(b)).then(std::cmp::Ordering::Greater))
        .unwrap()
}

fn random_position(players: u8, plies: usize, seed: u64) -> ChineseCheckers {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut g = ChineseCheckers::new(&CcOptions { players, ..CcOptions::default() }).unwrap();
    for _ in 0..plies {
        let moves = moves_of(&g);
        if moves.is_empty() {
            break;
        }
        g.play(moves[rng.random_range(0..moves.len())]);
    }
    g
}

fn search<G: EngineGame>(e: &G::Eval, game: &G, model: Model, depth: u32) -> tabula_engine::SearchResult<G::Move> {
    let config = AlphaBetaConfig { model, ..AlphaBetaConfig::default() };
    AlphaBeta::<G>::with_eval(config, e.clone()).search(game, &Limits::depth(depth), &mut |_| {})
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn every_model_is_negamax_with_two_seats(seed in any::<u64>(), plies in 0usize..90, depth in 1u32..=4) {
        let g = random_position(2, plies, seed);
        prop_assume!(!g.is_over());
        let expected = negamax(&RACE, &g, depth, 0);
        for model in [Model::Paranoid, Model::BestReply, Model::MaxN] {
            let got = search(&RACE, &g, model, depth);
            prop_assert_eq!(got.score, expected, "{:?}", model);
            prop_assert_eq!(got.depth, depth);
            // The move found keeps the value.
            let mut after = g;
            after.play(got.best.unwrap());
            prop_assert_eq!(-negamax(&RACE, &after, depth - 1, 1), expected, "{:?}", model);
        }
    }

    #[test]
    fn best_reply_equals_the_reference(seed in any::<u64>(), players in prop::sample::select(vec![3u8, 4]), plies in 0usize..60, depth in 1u32..=3) {
        let g = random_position(players, plies, seed);
        prop_assume!(!g.is_over());
        let expected = best_reply(&RACE, &g, g.to_move(), depth, 0);
        let got = search(&RACE, &g, Model::BestReply, depth);
        prop_assert_eq!(got.score, expected);
        prop_assert_eq!(got.depth, depth);
        prop_assert!(got.best.is_some_and(|m| g.parse_move(&g.format_move(m)).is_ok()));
    }

    #[test]
    fn paranoid_equals_the_reference(seed in any::<u64>(), players in prop::sample::select(vec![3u8, 4]), plies in 0usize..60, depth in 1u32..=3) {
        let g = random_position(players, plies, seed);
        prop_assume!(!g.is_over());
        prop_assert_eq!(search(&RACE, &g, Model::Paranoid, depth).score, paranoid(&RACE, &g, g.to_move(), depth, 0));
    }

}

proptest! {
    // Ties for the seat to move are common in the race: enough cases to meet those that
    // reach the root's value.
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn maxn_equals_the_reference(seed in any::<u64>(), players in prop::sample::select(vec![3u8, 4, 6]), plies in 0usize..60, depth in 1u32..=3) {
        let g = random_position(players, plies, seed);
        prop_assume!(!g.is_over());
        let root = g.to_move().index();
        let mut full = 0; // the nodes of every iteration's whole tree
        for d in 1..depth {
            maxn(&RACE, &g, d, 0, &mut full);
        }
        let expected = maxn(&RACE, &g, depth, 0, &mut full);
        let got = search(&RACE, &g, Model::MaxN, depth);
        prop_assert_eq!(got.score, expected[root]);
        prop_assert_eq!(got.depth, depth);
        // The move found is worth that much to the root seat, and shallow pruning never
        // searches more than the whole tree.
        let mut after = g;
        after.play(got.best.unwrap());
        prop_assert_eq!(maxn(&RACE, &after, depth - 1, 1, &mut 0)[root], expected[root]);
        prop_assert!(got.nodes <= full, "{} nodes, trees of {}", got.nodes, full);
    }
}

#[test]
fn the_models_differ_with_three_seats() {
    // Otherwise the tests above could not tell them apart.
    let differ = |a: Model, b: Model| {
        (0..40u64).any(|seed| {
            let g = random_position(3, 20 + seed as usize, seed);
            !g.is_over() && search(&RACE, &g, a, 3).score != search(&RACE, &g, b, 3).score
        })
    };
    assert!(differ(Model::BestReply, Model::Paranoid));
    assert!(differ(Model::MaxN, Model::Paranoid));
    assert!(differ(Model::MaxN, Model::BestReply));
}

/// Shallow pruning leaves part of the tree unsearched: over a few positions max^n searches
/// fewer nodes than the whole trees of its iterations (the table orders moves but never
/// cuts in max^n, so pruning is all that can save a node).
#[test]
fn maxn_prunes() {
    let (mut searched, mut whole) = (0, 0);
    for seed in 0..8u64 {
        let g = random_position(3, 10 + 5 * seed as usize, seed);
        if g.is_over() {
            continue;
        }
        searched += search(&RACE, &g, Model::MaxN, 3).nodes;
        for d in 1..=3 {
            maxn(&RACE, &g, d, 0, &mut whole);
        }
    }
    assert!(searched * 10 < whole * 9, "{searched} of {whole}");
}

#[test]
fn best_reply_with_two_threads_and_a_node_limit() {
    let g = random_position(4, 30, 9);
    let config = AlphaBetaConfig { model: Model::BestReply, threads: 2, ..AlphaBetaConfig::default() };
    let r = AlphaBeta::<ChineseCheckers>::with_eval(config, CcEval::RACE).search(&g, &Limits::depth(3), &mut |_| {});
    assert_eq!(r.score, best_reply(&RACE, &g, g.to_move(), 3, 0));
    let config = AlphaBetaConfig { model: Model::BestReply, ..AlphaBetaConfig::default() };
    let r = AlphaBeta::<ChineseCheckers>::new(config).search(&g, &Limits::nodes(777), &mut |_| {});
    assert_eq!(r.nodes, 777);
    assert!(r.best.is_some());
}

#[test]
fn the_registry_builds_both_models() {
    let g = random_position(3, 12, 4);
    let full = CcEval::default();
    let expected = best_reply(&full, &g, g.to_move(), 2, 0);
    let mut s = registry::build::<ChineseCheckers>("alphabeta:model=best-reply").unwrap();
    assert_eq!(s.search(&g, &Limits::depth(2), &mut |_| {}).score, expected);
    let mut s = registry::build::<ChineseCheckers>("alphabeta:model=paranoid").unwrap();
    assert_eq!(s.search(&g, &Limits::depth(2), &mut |_| {}).score, paranoid(&full, &g, g.to_move(), 2, 0));
    let err = registry::build::<ChineseCheckers>("alphabeta:modle=paranoid").err().unwrap().to_string();
    assert!(err.contains("'modle'") && err.contains("model"), "{err}");
}

/// Four-seat Chinese Checkers where seats 0 and 2 play against seats 1 and 3, to test
/// that the paranoid model treats team-mates as allies. It cannot hand the turn on.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pairs(ChineseCheckers);

#[derive(Clone, Copy, Debug, Default)]
struct PairsEval;

impl Evaluator<Pairs> for PairsEval {
    fn evaluate(&self, game: &Pairs) -> [Score; MAX_SEATS] {
        CcEval::RACE.evaluate(&game.0)
    }
}

impl tabula_engine::weights::Tunable for PairsEval {}

impl EngineGame for Pairs {
    type Eval = PairsEval;
    fn plain_value(&self) -> [Score; MAX_SEATS] {
        self.0.plain_value()
    }
}

/// The move generator and notation of [`Pairs`]: Chinese Checkers'.
struct PairsRules;

impl Generator<Pairs> for PairsRules {
    fn generate(game: &Pairs, out: &mut MoveList<CcMove>) {
        game.0.generate(out)
    }
}

impl Notation<Pairs> for PairsRules {
    fn read_move(game: &Pairs, text: &str) -> Result<CcMove, NotationError> {
        game.0.read_move(text)
    }
    fn format_move(game: &Pairs, mv: CcMove) -> String {
        game.0.format_move(mv)
    }
    fn to_text(game: &Pairs) -> String {
        game.0.to_text()
    }
    fn from_text(text: &str) -> Result<Pairs, NotationError> {
        ChineseCheckers::from_text(text).map(Pairs)
    }
    fn draw(game: &Pairs) -> String {
        game.0.draw()
    }
}

impl Game for Pairs {
    type Move = CcMove;
    type Generator = PairsRules;
    type Notation = PairsRules;
    type Options = CcOptions;
    const NAME: &'static str = "pairs";
    fn new(options: &CcOptions) -> Result<Self, RulesError> {
        ChineseCheckers::new(&CcOptions { players: 4, ..*options }).map(Pairs)
    }
    fn options(&self) -> &CcOptions {
        self.0.options()
    }
    fn set_options(&mut self, options: &CcOptions) -> Result<(), RulesError> {
        self.0.set_options(options)
    }
    fn seats(&self) -> usize {
        4
    }
    fn turn(&self) -> &Turn {
        self.0.turn()
    }
    fn play(&mut self, mv: CcMove) {
        self.0.play(mv)
    }
    fn hash_from_scratch(&self) -> u64 {
        self.0.hash_from_scratch()
    }
    fn team(&self, seat: Seat) -> u8 {
        seat.0 % 2
    }
}

#[test]
fn paranoid_plays_for_the_team() {
    let mut differ = false;
    for seed in 0..12u64 {
        let g = Pairs(random_position(4, 8 + 3 * seed as usize, seed));
        if g.is_over() {
            continue;
        }
        let root = g.to_move();
        for depth in 1..=3 {
            let got = search(&PairsEval, &g, Model::Paranoid, depth).score;
            assert_eq!(got, paranoid(&PairsEval, &g, root, depth, 0), "seed {seed} depth {depth}");
            // Teams matter: alone against three, the root seat would see other values.
            differ |= got != paranoid(&RACE, &g.0, root, depth, 0);
        }
    }
    assert!(differ);
    // A team's value is its best member's: the team-mate's progress counts for the root.
    let g = Pairs::new(&CcOptions::default()).unwrap();
    assert_eq!(margin(&PairsEval, &g, Seat(0)), margin(&PairsEval, &g, Seat(2)));
}

#[test]
fn maxn_plays_for_the_team() {
    let mut differ = false;
    for seed in 0..12u64 {
        let g = Pairs(random_position(4, 8 + 3 * seed as usize, seed));
        if g.is_over() {
            continue;
        }
        let root = g.to_move().index();
        for depth in 1..=3 {
            let got = search(&PairsEval, &g, Model::MaxN, depth).score;
            assert_eq!(got, maxn(&PairsEval, &g, depth, 0, &mut 0)[root], "seed {seed} depth {depth}");
            differ |= got != maxn(&RACE, &g.0, depth, 0, &mut 0)[root];
        }
    }
    assert!(differ);
}

#[test]
fn best_reply_is_refused_where_the_turn_cannot_be_handed_on() {
    let err = registry::build::<Pairs>("alphabeta:model=best-reply").err().unwrap().to_string();
    assert!(err.contains("best-reply") && err.contains("pairs"), "{err}");
    assert!(registry::build::<Pairs>("alphabeta:model=paranoid").is_ok());
    assert!(registry::build::<Pairs>("alphabeta:model=maxn").is_ok());
    let err = registry::build::<ChineseCheckers>("alphabeta:model=minimax").err().unwrap().to_string();
    assert!(err.contains("'minimax'") && err.contains("paranoid, best-reply or maxn"), "{err}");
}

/// Paranoid, best-reply and max^n give the same move and score in random positions of a
/// 2-seat game.
fn two_seat_models_agree<G: EngineGame>(options: &G::Options, depth: u32) {
    let spec = |model: &str| format!("alphabeta:model={model},hash=1");
    for seed in 0..6u64 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut g = G::new(options).unwrap();
        for _ in 0..rng.random_range(0..40) {
            let moves = moves_of(&g);
            if moves.is_empty() || g.is_over() {
                break;
            }
            g.play(moves[rng.random_range(0..moves.len())]);
        }
        if g.is_over() {
            continue;
        }
        let mut paranoid = registry::build::<G>(&spec("paranoid")).unwrap();
        let a = paranoid.search(&g, &Limits::depth(depth), &mut |_| {});
        for model in ["best-reply", "maxn"] {
            let b = registry::build::<G>(&spec(model)).unwrap().search(&g, &Limits::depth(depth), &mut |_| {});
            assert_eq!((a.score, a.best), (b.score, b.best), "{model}, {} seed {seed}: {}", G::NAME, g.to_text());
        }
    }
}

#[test]
fn every_model_is_negamax_in_every_two_seat_game() {
    use tabula_rules::games::e::{E, EOptions};
    use tabula_rules::games::echelon::Echelon;
    use tabula_rules::games::icelights::Icelights;
    use tabula_rules::games::martian_chess::{CoasterChess, MartianChess};
    two_seat_models_agree::<ChineseCheckers>(&CcOptions::default(), 3);
    two_seat_models_agree::<E>(&EOptions { players: 2, ..EOptions::default() }, 2);
    two_seat_models_agree::<Echelon>(&Default::default(), 3);
    two_seat_models_agree::<Icelights>(&Default::default(), 3);
    two_seat_models_agree::<MartianChess>(&Default::default(), 3);
    two_seat_models_agree::<CoasterChess>(&Default::default(), 3);
}

#[test]
fn best_reply_equals_the_reference_in_four_player_martian_chess() {
    use tabula_engine::eval::martian_chess::McEval;
    use tabula_rules::games::martian_chess::{MartianChess, MartianOptions};
    let mut options = MartianOptions::default();
    options.players = 4;
    let eval = McEval::default();
    let (mut compared, mut rivals_told) = (0, false);
    for seed in 0..16u64 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut g = MartianChess::new(&options).unwrap();
        for _ in 0..rng.random_range(0..30) {
            let moves = moves_of(&g);
            if g.is_over() || moves.is_empty() {
                break;
            }
            g.play(moves[rng.random_range(0..moves.len())]);
        }
        if g.is_over() {
            continue;
        }
        for (depth, rivals) in [(1, 0), (2, 0), (1, 100), (2, 100), (2, 30)] {
            // Without contempt and quiescence, which the reference does not know (a
            // running clock's share of a draw is part of alpha-beta's leaf values).
            let config = AlphaBetaConfig {
                model: Model::BestReply,
                contempt: Some(0),
                quiescence: Some(0),
                rivals: Some(rivals),
                ..AlphaBetaConfig::default()
            };
            let got = AlphaBeta::<MartianChess>::with_eval(config, eval).search(&g, &Limits::depth(depth), &mut |_| {});
            assert_eq!(
                got.score,
                best_reply_with_rivals(&eval, &g, g.to_move(), depth, 0, rivals),
                "seed {seed} depth {depth} rivals {rivals}: {}",
                g.to_text()
            );
            assert!(got.best.is_some_and(|m| g.parse_move(&g.format_move(m)).is_ok()));
            rivals_told |= rivals > 0 && got.score != best_reply(&eval, &g, g.to_move(), depth, 0);
            compared += 1;
        }
    }
    assert!(compared >= 10);
    assert!(rivals_told, "the mean of the other seats changed no search's score");
}

#[test]
fn best_reply_lines_are_legal_in_turn_order() {
    // The principal variation stops before the first move out of turn.
    for players in [3, 4, 6] {
        for seed in 0..4 {
            let g = random_position(players, 10 * seed as usize, seed);
            let mut lines = Vec::new();
            let config = AlphaBetaConfig { model: Model::BestReply, ..AlphaBetaConfig::default() };
            let r = AlphaBeta::<ChineseCheckers>::with_eval(config, RACE)
                .search(&g, &Limits::depth(4), &mut |info| lines.push(info.pv.clone()));
            lines.push(r.pv.clone());
            assert_eq!(r.pv.first(), r.best.as_ref());
            for line in lines {
                let mut replay = g;
                for mv in line {
                    let text = replay.format_move(mv);
                    replay.play(replay.parse_move(&text).unwrap_or_else(|e| panic!("{players} players: {e}")));
                }
            }
        }
    }
}

#[test]
fn the_registry_builds_every_mcts_model() {
    let g = random_position(3, 12, 4);
    for model in ["maxn", "paranoid", "best-reply"] {
        let mut s = registry::build::<ChineseCheckers>(&format!("mcts:model={model},seed=3,memory=8")).unwrap();
        let r = s.search(&g, &Limits::nodes(300), &mut |_| {});
        assert!(r.best.is_some_and(|m| moves_of(&g).contains(&m)), "{model}");
    }
    // A game that cannot hand the turn on searches paranoid, but not best-reply.
    let err = registry::build::<Pairs>("mcts:model=best-reply").err().unwrap().to_string();
    assert!(err.contains("best-reply") && err.contains("pairs"), "{err}");
    let pairs = Pairs(random_position(4, 8, 1));
    let mut s = registry::build::<Pairs>("mcts:model=paranoid,memory=8,cap=10").unwrap();
    assert!(s.search(&pairs, &Limits::nodes(200), &mut |_| {}).best.is_some_and(|m| moves_of(&pairs).contains(&m)));
    // Built directly, best-reply falls back to paranoid there.
    let config =
        MctsConfig { model: MctsModel::BestReply, memory_mb: 8, playout_cap: Some(10), ..MctsConfig::default() };
    let mut s = Mcts::<Pairs>::new(config, Pairs::playout_policy());
    assert!(s.search(&pairs, &Limits::nodes(200), &mut |_| {}).best.is_some_and(|m| moves_of(&pairs).contains(&m)));
    let err = registry::build::<ChineseCheckers>("mcts:model=brs").err().unwrap().to_string();
    assert!(err.contains("'brs'") && err.contains("maxn, paranoid or best-reply"), "{err}");
}
