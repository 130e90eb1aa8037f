//! The opponent models: max^n unchanged with two seats, paranoid backup, best-reply layers
//! and lines, reuse across seats, determinism with three and four seats.

use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};
use tabula_rules::games::e::{E, EOptions};
use tabula_rules::games::martian_chess::{MartianChess, MartianOptions};
use tabula_rules::{Game, MoveList, Seat};

use super::tree::NONE;
use super::*;
use crate::search::testing::random_position;

const MODELS: [MctsModel; 3] = [MctsModel::MaxN, MctsModel::Paranoid, MctsModel::BestReply];

fn quiet<M>(_: &SearchInfo<M>) {}

fn mcts<G: EngineGame>(model: MctsModel, seed: u64) -> Mcts<G> {
    Mcts::new(MctsConfig { model, seed, playout_cap: Some(20), ..MctsConfig::default() }, G::playout_policy())
}

fn cc(players: u8, plies: usize, seed: u64) -> ChineseCheckers {
    random_position(&CcOptions { players, ..CcOptions::default() }, plies, seed)
}

fn legal<G: Game>(game: &G, mv: G::Move) -> bool {
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    list.as_slice().contains(&mv)
}

/// Best move, line, nodes and root statistics of a search of `model` with `seed`.
type Summary<M> = (Option<M>, Vec<M>, u64, Vec<RootStat<M>>);

fn summary<G: EngineGame>(game: &G, model: MctsModel, seed: u64, nodes: u64) -> Summary<G::Move> {
    let mut m = mcts::<G>(model, seed);
    let r = m.search(game, &Limits::nodes(nodes), &mut quiet);
    (r.best, r.pv, r.nodes, m.root_stats().to_vec())
}

fn two_seat_models_are_maxn<G: EngineGame>(options: &G::Options) {
    for seed in 0..3u64 {
        let game: G = random_position(options, 7 * seed as usize, seed);
        if game.is_over() {
            continue;
        }
        let maxn = summary(&game, MctsModel::MaxN, seed, 3000);
        for model in [MctsModel::Paranoid, MctsModel::BestReply] {
            assert_eq!(summary(&game, model, seed, 3000), maxn, "{} {model:?} seed {seed}", G::NAME);
        }
    }
}

#[test]
fn with_two_seats_every_model_is_maxn() {
    two_seat_models_are_maxn::<ChineseCheckers>(&CcOptions::default());
    two_seat_models_are_maxn::<E>(&EOptions { players: 2, ..EOptions::default() });
}

#[test]
fn a_seed_makes_every_model_deterministic_with_three_and_four_seats() {
    for players in [3, 4] {
        let game = cc(players, 12, u64::from(players));
        for model in MODELS {
            let first = summary(&game, model, 11, 1500);
            assert!(first.0.is_some_and(|mv| legal(&game, mv)));
            assert_eq!(summary(&game, model, 11, 1500), first, "{players} players, {model:?}");
        }
    }
}

/// Under paranoid and best-reply every node's sums hold the root seat's reward for its team
/// and the complement for everyone else: an opponent's sum and the root's add up to the
/// node's visits.
fn assert_paranoid_sums<G: EngineGame>(m: &Mcts<G>, root: usize, allies: &[bool]) {
    let tree = &m.trees[0];
    let seats = tree.seats;
    let mut checked = 0;
    for (i, n) in tree.nodes.iter().enumerate() {
        let sums = &tree.rewards[i * seats..(i + 1) * seats];
        for (s, &ally) in allies.iter().enumerate() {
            let expected = if ally { sums[root] } else { n.visits as f64 - sums[root] };
            assert!((sums[s] - expected).abs() < 1e-6, "node {i} seat {s}: {sums:?}, {} visits", n.visits);
        }
        checked += usize::from(n.visits > 1);
    }
    assert!(checked > 100, "only {checked} nodes visited twice");
}

#[test]
fn paranoid_backs_up_the_root_seats_reward() {
    for players in [3, 4] {
        let game = cc(players, 9, 5);
        for model in [MctsModel::Paranoid, MctsModel::BestReply] {
            let mut m = mcts::<ChineseCheckers>(model, 1);
            m.search(&game, &Limits::nodes(2000), &mut quiet);
            let mut allies = vec![false; players as usize];
            allies[game.to_move().index()] = true;
            assert_paranoid_sums(&m, game.to_move().index(), &allies);
        }
    }
    // With teams the root seat's partner shares its reward.
    let mut options = MartianOptions::default();
    (options.players, options.teams) = (4, true);
    let game: MartianChess = random_position(&options, 6, 2);
    let root = game.to_move();
    let allies: Vec<bool> = (0..4).map(|s| game.team(Seat(s)) == game.team(root)).collect();
    assert_eq!(allies.iter().filter(|&&a| a).count(), 2);
    for model in [MctsModel::Paranoid, MctsModel::BestReply] {
        let mut m = mcts::<MartianChess>(model, 3);
        m.search(&game, &Limits::nodes(2000), &mut quiet);
        assert_paranoid_sums(&m, root.index(), &allies);
    }
}

#[test]
fn paranoid_and_maxn_search_differently_with_three_seats() {
    // Otherwise the tests above could not tell them apart.
    let differ = (0..4u64).any(|seed| {
        let game = cc(3, 10 + seed as usize, seed);
        summary(&game, MctsModel::MaxN, seed, 1000).3 != summary(&game, MctsModel::Paranoid, seed, 1000).3
    });
    assert!(differ);
}

/// Walks the tree of `m` from `game`, its root, with the positions of the tree; calls
/// `visit(node, position)` on each node.
fn walk<G: EngineGame>(m: &Mcts<G>, game: &G, mut visit: impl FnMut(u32, &G)) {
    let tree = &m.trees[0];
    let mut stack = vec![(0u32, game.clone())];
    while let Some((node, position)) = stack.pop() {
        visit(node, &position);
        for child in tree.children(node) {
            let mut p = position.clone();
            let ch = &tree.nodes[child as usize];
            tree.sides.advance(&mut p, ch.mv, ch.mover);
            stack.push((child, p));
        }
    }
}

/// The root seat's layers list its own moves; the opponents' layers every opponent's, each
/// legal with the turn handed to its owner; some hold the moves of two or more opponents.
fn assert_best_reply_layers<G: EngineGame>(game: &G, nodes: u64) {
    let root = game.to_move();
    let mut m = mcts::<G>(MctsModel::BestReply, 4);
    m.search(game, &Limits::nodes(nodes), &mut quiet);
    let tree = &m.trees[0];
    let (mut mixed, mut replies) = (0, 0);
    walk(&m, game, |node, position| {
        let n = tree.nodes[node as usize];
        assert_eq!(n.to_move, position.to_move().0);
        if n.moves_start == NONE || position.is_over() {
            return;
        }
        let range = n.moves_start as usize..(n.moves_start + n.moves_len) as usize;
        let owners = &tree.owners[range.clone()];
        if game.team(position.to_move()) == game.team(root) {
            assert_eq!(position.to_move(), root, "the turn skips the root seat's team-mates");
            assert!(owners.iter().all(|&o| o == root.0));
        } else {
            replies += 1;
            assert!(owners.iter().all(|&o| game.team(Seat(o)) != game.team(root)));
            for s in 0..game.seats() as u8 {
                let listed = owners.iter().filter(|&&o| o == s).count();
                if game.team(Seat(s)) != game.team(root) {
                    let mut handed = position.clone();
                    assert!(s == position.to_move().0 || handed.hand_turn_to(Seat(s)));
                    let mut list = MoveList::new();
                    handed.legal_moves(&mut list);
                    assert_eq!(listed, list.len(), "every move of seat {s}");
                }
            }
            mixed += usize::from(owners.iter().any(|&o| o != owners[0]));
        }
        for (&mv, &owner) in tree.moves[range].iter().zip(owners) {
            let mut handed = position.clone();
            if owner != position.to_move().0 {
                handed.hand_turn_to(Seat(owner));
            }
            assert!(legal(&handed, mv));
        }
        for child in tree.children(node) {
            let ch = &tree.nodes[child as usize];
            assert!(owners.contains(&ch.mover));
        }
    });
    assert!(replies > 10 && mixed > 10, "{replies} opponents' layers, {mixed} with several opponents");
}

#[test]
fn best_reply_layers_list_every_opponents_moves() {
    assert_best_reply_layers(&cc(3, 9, 1), 2000);
    assert_best_reply_layers(&cc(4, 5, 2), 2000);
    let mut options = MartianOptions::default();
    (options.players, options.teams) = (4, true);
    assert_best_reply_layers(&random_position::<MartianChess>(&options, 3, 4), 2000);
    assert_best_reply_layers(&random_position::<E>(&EOptions { players: 3, ..EOptions::default() }, 5, 1), 2000);
}

/// Whether the tree's own line from the best move went on past the reported one, after
/// checking that every reported line is legal in turn order and every root move the root
/// seat's.
fn best_reply_lines_are_legal<G: EngineGame>(game: &G, seed: u64) -> bool {
    let mut m = mcts::<G>(MctsModel::BestReply, seed);
    let mut lines = Vec::new();
    let r = m.search(game, &Limits::nodes(3000), &mut |info| lines.push(info.pv.clone()));
    assert_eq!(r.pv.first(), r.best.as_ref());
    assert!(m.root_stats().iter().all(|s| legal(game, s.mv)), "every root move is the root seat's");
    for line in lines {
        let mut replay = game.clone();
        for mv in line {
            assert!(legal(&replay, mv), "{}: {}", replay.to_text(), replay.format_move(mv));
            replay.play(mv);
        }
    }
    let tree = &m.trees[0];
    let top = tree.children(0).find(|&c| Some(tree.nodes[c as usize].mv) == r.best).unwrap();
    tree.line(top, false).len() > r.pv.len()
}

#[test]
fn best_reply_lines_are_legal_in_turn_order() {
    let mut cut = false;
    for (players, seed) in [(3, 0), (3, 1), (4, 2), (6, 3)] {
        cut |= best_reply_lines_are_legal(&cc(players, 6 * seed as usize, seed), seed);
    }
    let mut options = MartianOptions::default();
    (options.players, options.teams) = (4, true);
    cut |= best_reply_lines_are_legal(&random_position::<MartianChess>(&options, 5, 1), 1);
    cut |= best_reply_lines_are_legal(&random_position::<E>(&EOptions { players: 3, ..EOptions::default() }, 5, 2), 2);
    // The tree's own line goes on past the cut: the root seat moves again out of turn.
    assert!(cut, "no line was cut");
}

#[test]
fn a_depth_limit_stops_best_reply_beyond_its_reported_line() {
    // The reported line stops at the first move out of turn; the depth counts the tree's.
    let game = cc(3, 6, 2);
    let mut m = mcts::<ChineseCheckers>(MctsModel::BestReply, 5);
    let limits = Limits { depth: Some(4), nodes: Some(200_000), ..Limits::default() };
    let r = m.search(&game, &limits, &mut quiet);
    assert!(r.nodes < 200_000, "the depth limit stopped the search");
    assert!(r.pv.len() <= 2, "three seats: the root seat, then the next seat at most: {:?}", r.pv);
}

#[test]
fn reuse_keeps_a_subtree_only_for_the_same_root_seat() {
    let game = cc(3, 4, 7);
    for model in MODELS {
        let mut m = mcts::<ChineseCheckers>(model, 2);
        let r = m.search(&game, &Limits::nodes(3000), &mut quiet);
        // The same position again: the whole tree is kept.
        m.search(&game, &Limits::nodes(500), &mut quiet);
        assert!(m.root_stats().iter().map(|s| s.visits).sum::<u64>() > 3000, "{model:?}");
        // One ply later another seat is to move: only max^n keeps the subtree.
        let mut next = game;
        next.play(r.best.unwrap());
        m.search(&next, &Limits::nodes(500), &mut quiet);
        let visits: u64 = m.root_stats().iter().map(|s| s.visits).sum();
        if model == MctsModel::MaxN {
            assert!(visits > 500, "{model:?}: {visits}");
        } else {
            assert_eq!(visits, 500, "{model:?}");
        }
    }
}

#[test]
fn best_reply_keeps_owners_in_the_trees_memory() {
    let per_node = |seats, model| Mcts::<ChineseCheckers>::bytes_per_node(seats, model);
    assert_eq!(per_node(2, MctsModel::BestReply), per_node(2, MctsModel::MaxN));
    assert_eq!(per_node(3, MctsModel::Paranoid), per_node(3, MctsModel::MaxN));
    assert_eq!(per_node(3, MctsModel::BestReply), per_node(3, MctsModel::MaxN) + 16);
    let mb = 1 << 20;
    let config =
        MctsConfig { memory_mb: 1, model: MctsModel::BestReply, playout_cap: Some(10), ..MctsConfig::default() };
    let mut m: Mcts<ChineseCheckers> = Mcts::new(config, ChineseCheckers::playout_policy());
    assert_eq!(m.tree_capacities(), [mb / per_node(2, MctsModel::BestReply)]);
    m.search(&cc(3, 0, 0), &Limits::nodes(10), &mut quiet);
    assert_eq!(m.tree_capacities(), [mb / per_node(3, MctsModel::BestReply)]);
    // A full tree still plays a legal move.
    let cap = m.tree_capacities()[0];
    let game = cc(3, 3, 1);
    let r = m.search(&game, &Limits::nodes(2 * cap as u64), &mut quiet);
    assert_eq!(m.tree_sizes(), [cap]);
    assert!(legal(&game, r.best.unwrap()));
}
