//! Implicit minimax backups (Lanctot, Winands, Pepels and Sturtevant, "Monte Carlo Tree
//! Search with Heuristic Evaluations using Implicit Minimax Backups", CIG 2014).
//!
//! Beside the playouts' average rewards, every node keeps the evaluator's rewards of its
//! position backed up by minimax over its expanded children: a new node holds its own
//! evaluation (through the same softmax as a truncated playout, or the result of a
//! finished game), and each node above takes the values of its child that is best for its
//! seat to move. Selection mixes the two for the seat to move, `(1 - w) q + w v`, so that
//! a line the evaluator already sees as lost stops drawing visits long before its playouts
//! say so. The values are backed up through the opponent model like the rewards: under
//! paranoid and best-reply every opponent minimises the root seat's value.

use super::parallel::Ctx;
use super::proof::DRAW;
use super::rewards::{Rewards, eval_rewards, outcome_rewards};
use super::solver::proof_rewards;
use super::tree::Tree;
use crate::api::{EngineGame, Evaluator};

impl<G: EngineGame> Tree<G> {
    /// The implicit value of a new node whose position is `game`: the result if the game
    /// is over, a draw for a repetition that counts as one, else the evaluation.
    pub(super) fn leaf_minimax(&self, ctx: &Ctx<'_, G>, game: &G, drawn: bool) -> Rewards {
        let rewards = if let Some(outcome) = game.outcome() {
            outcome_rewards(&outcome, self.seats)
        } else if drawn {
            proof_rewards(DRAW, self.seats)
        } else {
            eval_rewards(&ctx.eval.evaluate(game), self.seats, ctx.config.eval_scale)
        };
        self.sides.backed_up(rewards)
    }

    /// Backs the implicit values up the current path from its last node, which was just
    /// added: each node above takes its best child's values for its seat to move, and the
    /// backup stops at the first node whose values do not change.
    pub(super) fn back_up_minimax(&mut self) {
        let seats = self.seats;
        for k in (0..self.path.len().saturating_sub(1)).rev() {
            let node = self.path[k];
            let seat = self.nodes[node as usize].to_move as usize;
            let best = self
                .children(node)
                .max_by(|&a, &b| {
                    let (a, b) = (a as usize * seats + seat, b as usize * seats + seat);
                    self.minimax[a].total_cmp(&self.minimax[b])
                })
                .expect("the path's last node is a child");
            let (to, from) = (node as usize * seats, best as usize * seats);
            if self.minimax[to..to + seats] == self.minimax[from..from + seats] {
                break;
            }
            self.minimax.copy_within(from..from + seats, to);
        }
    }

    /// The implicit value of `child` for `seat`.
    #[inline]
    pub(super) fn minimax_value(&self, child: u32, seat: usize) -> f64 {
        f64::from(self.minimax[child as usize * self.seats + seat])
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};
    use tabula_rules::{Game, Seat};

    use super::super::sides::MctsModel;
    use super::super::tree::Tree;
    use super::super::{Mcts, MctsConfig};
    use crate::api::{EngineGame, Evaluator, Limits, Searcher};
    use crate::playout::chinese_checkers::CcForward;

    /// Walks the tree with every node's position: a node without children holds its own
    /// value (the result, a draw for a repetition, or the evaluation's softmax); a node
    /// with children holds the values of a child that is best for its seat to move.
    fn check(tree: &Tree<ChineseCheckers>, root: ChineseCheckers, scale: f64) -> usize {
        let seats = root.seats();
        let values = |node: u32| &tree.minimax[node as usize * seats..(node as usize + 1) * seats];
        let mut checked = 0;
        let mut stack = vec![(0u32, root)];
        while let Some((node, position)) = stack.pop() {
            let n = tree.nodes[node as usize];
            let children: Vec<u32> = tree.children(node).collect();
            if children.is_empty() {
                if node == 0 {
                    continue;
                }
                let own: Vec<f32> = if let Some(outcome) = position.outcome() {
                    (0..seats).map(|s| outcome.score(Seat(s as u8)) as f32).collect()
                } else if n.repeated {
                    vec![1.0 / seats as f32; seats]
                } else {
                    let v = ChineseCheckers::mcts_eval(Default::default()).evaluate(&position);
                    let max = v[..seats].iter().copied().max().unwrap();
                    let e: Vec<f64> = v[..seats].iter().map(|&x| ((x - max) as f64 / scale).exp()).collect();
                    let total: f64 = e.iter().sum();
                    e.iter().map(|x| (x / total) as f32).collect()
                };
                for (a, b) in values(node).iter().zip(&own) {
                    assert!((a - b).abs() < 1e-6, "leaf {node}: {:?} against {own:?}", values(node));
                }
            } else {
                let seat = n.to_move as usize;
                let best = children.iter().map(|&c| values(c)[seat]).fold(f32::NEG_INFINITY, f32::max);
                assert_eq!(values(node)[seat], best, "node {node} takes its best child");
                assert!(children.iter().any(|&c| values(c) == values(node)), "node {node}: a child's values");
            }
            checked += 1;
            for child in children {
                let mut p = position;
                p.play(tree.nodes[child as usize].mv);
                stack.push((child, p));
            }
        }
        checked
    }

    #[test]
    fn every_node_holds_the_minimax_of_its_children() {
        for players in [2, 3] {
            let game = ChineseCheckers::new(&CcOptions { players, ..CcOptions::default() }).unwrap();
            let config = MctsConfig { implicit: 0.5, playout_cap: Some(2), seed: 4, ..MctsConfig::default() };
            let scale = config.eval_scale;
            let mut m = Mcts::new(config, Arc::new(CcForward::default()));
            m.search(&game, &Limits::nodes(4000), &mut |_| {});
            let checked = check(&m.trees[0], game, scale);
            assert!(checked > 3000, "{players} players: {checked} nodes checked");
        }
    }

    /// Under paranoid search the opponents minimise the root seat's value: every node's
    /// values are the root seat's `v` for its team and `1 - v` for the others.
    #[test]
    fn paranoid_values_are_the_root_seats() {
        let game = ChineseCheckers::new(&CcOptions { players: 3, ..CcOptions::default() }).unwrap();
        let config =
            MctsConfig { implicit: 0.5, playout_cap: Some(2), model: MctsModel::Paranoid, ..MctsConfig::default() };
        let mut m = Mcts::new(config, Arc::new(CcForward::default()));
        m.search(&game, &Limits::nodes(2000), &mut |_| {});
        let tree = &m.trees[0];
        for node in 1..tree.nodes.len() {
            let v = &tree.minimax[node * 3..node * 3 + 3];
            assert!((v[1] - (1.0 - v[0])).abs() < 1e-6 && v[1] == v[2], "node {node}: {v:?}");
        }
    }
}
