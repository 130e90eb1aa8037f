//! MCTS-Solver with two seats: proven wins, losses and draws propagate up the tree; a
//! proven root is reported as `score::WIN - plies` or its negation.

use tabula_rules::{MAX_SEATS, Outcome};

use super::proof::{DRAW, UNPROVEN, WON};
use super::rewards::Rewards;
use super::tree::{NONE, Tree};
use crate::api::EngineGame;

impl<G: EngineGame> Tree<G> {
    /// Proves `node` from its children if it can (two seats); whether it did.
    pub(super) fn try_prove(&mut self, node: u32) -> bool {
        let n = self.nodes[node as usize];
        if n.proof != UNPROVEN {
            return false;
        }
        let me = WON + n.to_move;
        let mut all = n.moves_start != NONE && n.tried == n.moves_len;
        let (mut win, mut draw, mut loss): (Option<u16>, bool, u16) = (None, false, 0);
        let mut other = WON;
        for child in self.children(node) {
            let ch = &self.nodes[child as usize];
            match ch.proof {
                UNPROVEN => all = false,
                DRAW => draw = true,
                p if p == me => win = Some(win.map_or(ch.plies, |w| w.min(ch.plies))),
                p => {
                    other = p;
                    loss = loss.max(ch.plies);
                }
            }
        }
        self.nodes[node as usize].draw_floor = draw;
        let (proof, plies) = match win {
            Some(plies) => (me, plies),
            None if all && draw => (DRAW, 0),
            None if all => (other, loss),
            None => return false,
        };
        let node = &mut self.nodes[node as usize];
        node.proof = proof;
        node.plies = plies.saturating_add(1);
        true
    }
}

/// The proof code of a finished game (`UNPROVEN` for a shared first place short of a draw).
pub(super) fn outcome_proof(outcome: &Outcome) -> u8 {
    match outcome.sole_winner() {
        Some(seat) => WON + seat.0,
        None if outcome.ranks().iter().all(|&r| r == 1) => DRAW,
        None => UNPROVEN,
    }
}

/// The rewards of a proven result.
pub(super) fn proof_rewards(proof: u8, seats: usize) -> Rewards {
    let mut r = [0.0; MAX_SEATS];
    if proof == DRAW {
        r[..seats].fill(1.0 / seats as f64);
    } else {
        r[(proof - WON) as usize] = 1.0;
    }
    r
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use tabula_rules::Game;

    use crate::api::score;
    use crate::playout::Uniform;
    use crate::search::mcts::{Mcts, MctsConfig};
    use crate::{Limits, Searcher};

    use crate::toy_games::ttt::{self, Ttt};

    fn quiet<M>(_: &crate::SearchInfo<M>) {}

    #[test]
    fn the_solver_agrees_with_exhaustive_search() {
        // Every position after two plies, and a few before and after.
        let empty = Ttt::new(&crate::toy_games::NoOptions).unwrap();
        let mut positions = vec![];
        for a in 0..9u8 {
            for b in (0..9u8).filter(|&b| b != a) {
                let mut g = empty;
                g.play(a);
                g.play(b);
                positions.push(g);
            }
        }
        for text in ["", "0", "4", "1", "04", "0481", "40", "408", "01", "0148"] {
            positions.push(Ttt::from_text(text).unwrap());
        }
        for g in positions {
            let mut m: Mcts<Ttt> = Mcts::new(MctsConfig { seed: 11, ..MctsConfig::default() }, Arc::new(Uniform));
            let r = m.search(&g, &Limits::nodes(2_000_000), &mut quiet);
            let exact = ttt::solve(&g);
            assert!(r.nodes < 2_000_000, "{}: not proven", g.to_text());
            match exact {
                1 => assert!(r.score >= score::WIN_THRESHOLD, "{}: {}", g.to_text(), r.score),
                -1 => assert!(r.score <= -score::WIN_THRESHOLD, "{}: {}", g.to_text(), r.score),
                _ => assert_eq!(r.score, 0, "{}", g.to_text()),
            }
            // The move chosen keeps the exact value.
            let mut after = g;
            after.play(r.best.unwrap());
            assert_eq!(-ttt::solve(&after), exact, "{}", g.to_text());
        }
    }

    #[test]
    fn a_win_in_one_scores_win_minus_one() {
        // X has 0 and 1, O has 3 and 4: X wins at 2 (O would win at 5).
        let g = Ttt::from_text("0314").unwrap();
        let mut m: Mcts<Ttt> = Mcts::new(MctsConfig::default(), Arc::new(Uniform));
        let r = m.search(&g, &Limits::nodes(100_000), &mut quiet);
        assert_eq!(r.best, Some(2));
        assert_eq!(r.score, score::WIN - 1);
    }
}
