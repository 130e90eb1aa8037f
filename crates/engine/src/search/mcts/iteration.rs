//! One iteration of the search: select down the tree, expand one child, play out, and
//! back the rewards up.
//!
//! A node adds one child per visit until every legal move has one; the playout policy
//! picks which (sampling without replacement), so likely moves are tried first (at an
//! opponents' layer of best-reply search, which mixes several seats' moves, a uniformly
//! random one). Tree moves follow the opponent model (`models.rs`); playouts
//! follow the policy to the end of the game, or (truncated) for a fixed number of plies,
//! after which the evaluator's per-seat values become rewards; where those say the game is
//! decided, the playout goes on to the end, so that a quick win scores more than a slow
//! one where the evaluation would give both a reward of 1.
//!
//! A child whose position occurred earlier in the game, or on the path from the root, grows
//! no subtree. By default it is a draw (as alpha-beta scores repetitions): a seat that is
//! ahead then does not shuffle pieces back and forth, and one that is behind may aim for
//! it. Where no rule ends a cycle (setting `repeat=false`: Chinese Checkers, whose races
//! only end when someone finishes) a cycle only delays the race, so each visit plays the
//! position out like any leaf, and the seat whose move repeated gets at most a draw's
//! share: the repetition is worth the draw or the loss it leads to. A seat that is behind
//! then gains nothing by shuffling (it would otherwise keep pegs at home and stall the
//! game), and one that is ahead throws its win away by it.

use std::time::Instant;

use tabula_rules::MAX_SEATS;

use super::parallel::Ctx;
use super::proof::{DRAW, UNPROVEN};
use super::rewards::{Rewards, eval_rewards};
use super::solver::{outcome_proof, proof_rewards};
use super::tree::{NONE, Node, Tree};
use crate::api::{EngineGame, Evaluator};

/// Playouts longer than this are scored by the evaluator, as if truncated.
const MAX_PLAYOUT: u32 = 1000;
/// Plies a playout runs between looks at the clock, when the search has a deadline: a
/// playout of E in a decided race lists every turn of hundreds of plies (milliseconds), so
/// it must not run on past the deadline.
const CLOCK_PLIES: u32 = 32;
/// A truncated playout whose evaluation gives one seat a reward above this is played on to
/// the end of the game.
const DECIDED: f64 = 0.99;

impl<G: EngineGame> Tree<G> {
    /// One iteration: select, expand, play out, back up.
    pub(super) fn iterate(&mut self, ctx: &Ctx<'_, G>) {
        let mut game = self.root.clone().expect("prepared");
        self.path.clear();
        self.path.push(0);
        self.path_keys.clear();
        self.path_keys.push(game.hash());
        let mut node = 0u32;
        let mut expanded = false;
        loop {
            let n = self.nodes[node as usize];
            if n.terminal || (ctx.solver && n.proof != UNPROVEN) {
                break;
            }
            if n.moves_start == NONE && !self.list_moves(node, &game) {
                // No room for its moves: a leaf, like a node of a full tree.
                break;
            }
            let n = self.nodes[node as usize];
            if n.tried < n.moves_len && self.nodes.len() < self.cap {
                node = self.expand(ctx, node, &mut game);
                self.path.push(node);
                expanded = true;
                break;
            }
            let child = self.select(ctx, node);
            if child == NONE {
                break;
            }
            let ch = &self.nodes[child as usize];
            self.sides.advance(&mut game, ch.mv, ch.mover);
            self.path.push(child);
            self.path_keys.push(game.hash());
            node = child;
        }

        if expanded && ctx.config.implicit > 0.0 {
            self.back_up_minimax();
        }
        let leaf = self.nodes[node as usize];
        let rewards = if leaf.repeated && ctx.config.repeat_draws {
            proof_rewards(DRAW, self.seats)
        } else if leaf.repeated {
            let played = self.simulate(ctx, &mut game);
            at_most_a_draw(played, leaf.mover as usize, self.seats)
        } else if let Some(outcome) = game.outcome() {
            self.finished_rewards(ctx, &outcome, &game)
        } else if ctx.solver && leaf.proof != UNPROVEN {
            proof_rewards(leaf.proof, self.seats)
        } else {
            self.simulate(ctx, &mut game)
        };

        // Back up from the leaf. A node whose mover can force at least a draw (it has a
        // proven draw child, which selection no longer visits) passes up at least a draw
        // for that seat, as minimax would.
        let mut rewards = self.sides.backed_up(rewards);
        for k in (0..self.path.len()).rev() {
            let i = self.path[k] as usize;
            let n = &mut self.nodes[i];
            if n.draw_floor {
                let seat = n.to_move as usize;
                if rewards[seat] < 0.5 {
                    rewards[seat] = 0.5;
                    rewards[1 - seat] = 0.5;
                }
            }
            n.visits += 1;
            let (hist, mover) = (n.hist, n.mover as usize);
            for (sum, r) in self.rewards[i * self.seats..(i + 1) * self.seats].iter_mut().zip(&rewards) {
                *sum += r;
            }
            if k > 0 && hist != NONE {
                let stat = &mut self.history.stats[hist as usize];
                stat.0 += rewards[mover];
                stat.1 += 1;
            }
        }
        if ctx.solver && leaf.proof != UNPROVEN {
            // A new proof can only start at the leaf: try to extend it upwards.
            for k in (0..self.path.len() - 1).rev() {
                if !self.try_prove(self.path[k]) {
                    break;
                }
            }
        }
    }

    /// Lists the moves of `node` at `game`, its position: the legal moves, or every
    /// opponent's at an opponents' layer of best-reply search. Whether they fit in the room
    /// left; if not, nothing is listed.
    fn list_moves(&mut self, node: u32, game: &G) -> bool {
        let start = self.moves.len();
        let seat = self.nodes[node as usize].to_move;
        if self.sides.replies(seat) {
            if !self.list_replies(game) {
                return false;
            }
        } else {
            game.legal_moves(&mut self.list);
            if self.moves.len() + self.list.len() > self.moves.capacity() {
                return false;
            }
            self.moves.extend_from_slice(self.list.as_slice());
            if self.keeps_owners() {
                self.owners.extend(std::iter::repeat_n(seat, self.list.len()));
            }
        }
        let node = &mut self.nodes[node as usize];
        node.moves_start = start as u32;
        node.moves_len = (self.moves.len() - start) as u32;
        true
    }

    /// Adds the child of `node` for one of its untried moves, chosen by the playout
    /// policy (at random at an opponents' layer), and plays it on `game` (the position of
    /// `node`).
    fn expand(&mut self, ctx: &Ctx<'_, G>, node: u32, game: &mut G) -> u32 {
        let n = self.nodes[node as usize];
        let (mv, mover) = if self.sides.replies(n.to_move) {
            self.pick_reply(node)
        } else {
            let start = (n.moves_start + n.tried) as usize;
            let untried = &mut self.moves[start..(n.moves_start + n.moves_len) as usize];
            let mv = if untried.len() == 1 { untried[0] } else { ctx.policy.choose(game, untried, &mut self.rng) };
            let k = untried.iter().position(|&m| m == mv).unwrap_or(0);
            // The moves of a node in turn all have one owner: the owners need no swap.
            untried.swap(0, k);
            (untried[0], n.to_move)
        };
        self.sides.advance(game, mv, mover);
        let child = self.nodes.len() as u32;
        let (terminal, proof) = match game.outcome() {
            Some(outcome) => (true, outcome_proof(&outcome)),
            None => (false, UNPROVEN),
        };
        let key = game.hash();
        let repeated = !terminal && (ctx.history.binary_search(&key).is_ok() || self.path_keys.contains(&key));
        // A repetition played out is no proof: the other seats need not repeat.
        let drawn = repeated && ctx.config.repeat_draws;
        let (terminal, proof) =
            if repeated { (true, if ctx.solver && drawn { DRAW } else { UNPROVEN }) } else { (terminal, proof) };
        let minimax = if ctx.config.implicit > 0.0 { self.leaf_minimax(ctx, game, drawn) } else { [0.0; MAX_SEATS] };
        let hist = if ctx.config.progressive_history { self.history.slot(mover, mv) } else { NONE };
        self.nodes.push(Node {
            mv,
            parent: node,
            first_child: NONE,
            next_sibling: n.first_child,
            moves_start: NONE,
            moves_len: 0,
            tried: 0,
            visits: 0,
            hist,
            to_move: game.to_move().0,
            mover,
            proof,
            terminal,
            repeated,
            draw_floor: false,
            plies: 0,
        });
        self.rewards.extend(std::iter::repeat_n(0.0, self.seats));
        self.minimax.extend(minimax[..self.seats].iter().map(|&v| v as f32));
        let parent = &mut self.nodes[node as usize];
        parent.first_child = child;
        parent.tried += 1;
        child
    }

    /// Plays `game` out with the policy and turns the result into rewards. A playout cut
    /// short by the deadline is scored by the evaluator where it stopped.
    fn simulate(&mut self, ctx: &Ctx<'_, G>, game: &mut G) -> Rewards {
        let cap = ctx.config.playout_cap.unwrap_or(MAX_PLAYOUT).min(MAX_PLAYOUT);
        let (played, late) = self.play_on(ctx, game, cap);
        if let Some(outcome) = game.outcome() {
            return self.finished_rewards(ctx, &outcome, game);
        }
        let rewards = eval_rewards(&ctx.eval.evaluate(game), self.seats, ctx.config.eval_scale);
        if !late && played < MAX_PLAYOUT && rewards[..self.seats].iter().any(|&r| r > DECIDED) {
            // Every line of a decided game would score about 1: played to the end, the
            // quicker wins score more (the length discount).
            self.play_on(ctx, game, MAX_PLAYOUT - played);
            if let Some(outcome) = game.outcome() {
                return self.finished_rewards(ctx, &outcome, game);
            }
        }
        rewards
    }

    /// Plays `game` on with the policy for at most `plies` plies, or until it ends or the
    /// policy finds no move. With a deadline the clock is read every [`CLOCK_PLIES`]
    /// plies; the playout is the same as in one go, the policies drawing each ply afresh.
    /// Returns the plies played and whether the deadline cut them short.
    fn play_on(&mut self, ctx: &Ctx<'_, G>, game: &mut G, plies: u32) -> (u32, bool) {
        let Some(deadline) = ctx.deadline else {
            return (ctx.policy.play_out(game, &mut self.rng, &mut self.list, plies), false);
        };
        let mut played = 0;
        while played < plies {
            let ask = CLOCK_PLIES.min(plies - played);
            let done = ctx.policy.play_out(game, &mut self.rng, &mut self.list, ask);
            played += done;
            if done < ask || game.is_over() {
                break;
            }
            if played < plies && Instant::now() >= deadline {
                return (played, true);
            }
        }
        (played, false)
    }
}

/// `rewards` with seat `mover`'s capped at an even share, what it gives up going to the
/// other seats evenly.
fn at_most_a_draw(mut rewards: Rewards, mover: usize, seats: usize) -> Rewards {
    let even = 1.0 / seats as f64;
    let excess = rewards[mover] - even;
    if excess > 0.0 {
        rewards[mover] = even;
        let others = (seats - 1) as f64;
        for (seat, r) in rewards.iter_mut().enumerate().take(seats) {
            if seat != mover {
                *r += excess / others;
            }
        }
    }
    rewards
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With a deadline a playout is played in pieces between looks at the clock: the same
    /// plies as in one go while time is left, and cut after one piece once it has passed.
    #[test]
    fn a_playout_stops_at_the_deadline_and_is_otherwise_the_same() {
        use std::time::Duration;

        use tabula_rules::Game;
        use tabula_rules::games::e::E;

        use crate::search::mcts::MctsConfig;

        let start = E::new(&Default::default()).unwrap();
        let (config, eval) = (MctsConfig::default(), <E as EngineGame>::Eval::default());
        let policy = E::playout_policy();
        let run = |deadline: Option<Instant>| {
            let ctx = Ctx::<E> { config: &config, policy: &*policy, eval: &eval, solver: true, history: &[], deadline };
            let mut tree = Tree::<E>::new(7, 1 << 20);
            let mut game = start;
            let (played, late) = tree.play_on(&ctx, &mut game, 200);
            (played, late, game.to_text())
        };
        let whole = run(None);
        assert!(!whole.1 && whole.0 > 2 * CLOCK_PLIES, "a long playout: {} plies", whole.0);
        assert_eq!(run(Some(Instant::now() + Duration::from_secs(3600))), whole, "in pieces, the same playout");
        let past = Instant::now().checked_sub(Duration::from_secs(1)).unwrap();
        let (played, late, _) = run(Some(past));
        assert_eq!((played, late), (CLOCK_PLIES, true), "past the deadline: one piece");
    }

    #[test]
    fn a_repetition_gives_the_repeating_seat_at_most_a_draw() {
        let mut r = [0.0; MAX_SEATS];
        r[..3].copy_from_slice(&[0.1, 0.7, 0.2]);
        let capped = at_most_a_draw(r, 1, 3);
        let third = 1.0 / 3.0;
        let expected = [0.1 + (0.7 - third) / 2.0, third, 0.2 + (0.7 - third) / 2.0];
        for (c, e) in capped[..3].iter().zip(expected) {
            assert!((c - e).abs() < 1e-12, "{capped:?}");
        }
        // A seat already below an even share keeps its playouts' reward.
        assert_eq!(at_most_a_draw(r, 0, 3), r);
    }
}
