//! The root's statistics: what each root move learned, the move to play, the principal
//! variation, and the merge of several trees' statistics by move (root parallelism).

use tabula_rules::MoveList;

use super::proof::{DRAW, UNPROVEN, WON};
use super::rewards::reward_score;
use super::sides::MctsModel;
use super::tree::Tree;
use crate::api::{EngineGame, Score, score};
use crate::search::simple::own_progress;

/// A proven result of a root move, for the seat to move at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The move wins.
    Win,
    /// The move loses.
    Loss,
    /// The move draws.
    Draw,
}

/// What the last search learned about one root move (merged over the threads).
#[derive(Clone, Debug, PartialEq)]
pub struct RootStat<M> {
    /// The move.
    pub mv: M,
    /// Iterations through it.
    pub visits: u64,
    /// The average reward of the seat to move, in `[0, 1]`.
    pub reward: f64,
    /// The proven result, if any.
    pub proof: Option<Proof>,
    /// With a proof: the plies from the root to the end of the game.
    pub plies: u32,
}

/// The longest principal variation reported.
const MAX_PV: usize = 64;

impl<G: EngineGame> Tree<G> {
    /// Whether the most-visited line is `depth` plies long or ends the game: a depth limit
    /// for MCTS means searching until its principal variation is that deep. In best-reply
    /// search the line is the tree's own, which goes on past the reported variation (the
    /// root seat moves again after an opponent's move).
    pub(super) fn line_reaches(&self, depth: u32) -> bool {
        let stats = self.root_stats();
        let (best, _) = choose(&stats, self.seats);
        let top = best.and_then(|b| self.children(0).find(|&c| self.nodes[c as usize].mv == stats[b].mv));
        let line = top.map_or_else(Vec::new, |top| self.line(top, false));
        if line.len() as u32 >= depth {
            return true;
        }
        let Some(mut game) = self.root.clone() else { return true };
        for &node in &line {
            let n = &self.nodes[node as usize];
            self.sides.advance(&mut game, n.mv, n.mover);
        }
        game.is_over()
    }

    /// The root's children, as seen from the seat to move at the root.
    pub(super) fn root_stats(&self) -> Vec<RootStat<G::Move>> {
        let seat = self.nodes[0].to_move;
        let mut out: Vec<RootStat<G::Move>> = self
            .children(0)
            .map(|child| {
                let ch = &self.nodes[child as usize];
                let sum = self.rewards[child as usize * self.seats + seat as usize];
                RootStat {
                    mv: ch.mv,
                    visits: ch.visits as u64,
                    reward: if ch.visits == 0 { 0.0 } else { sum / ch.visits as f64 },
                    proof: match ch.proof {
                        UNPROVEN => None,
                        DRAW => Some(Proof::Draw),
                        p if p == WON + seat => Some(Proof::Win),
                        _ => Some(Proof::Loss),
                    },
                    plies: ch.plies as u32 + 1,
                }
            })
            .collect();
        // Children are linked newest first: list them in the order they were tried.
        out.reverse();
        out
    }

    /// The principal variation starting with root move `first`: then the proven win or
    /// else the most visited child, ply by ply. In best-reply search it stops before the
    /// first move that the real game, replayed from the root, would not play in turn.
    pub(super) fn pv(&self, first: Option<G::Move>) -> Vec<G::Move> {
        let Some(first) = first else { return Vec::new() };
        match self.children(0).find(|&c| self.nodes[c as usize].mv == first) {
            Some(top) => self.line(top, true).iter().map(|&node| self.nodes[node as usize].mv).collect(),
            None => vec![first],
        }
    }

    /// The nodes of the line from root child `top`: then the proven win or else the most
    /// visited child, ply by ply, at most [`MAX_PV`] of them. With `in_turn`, a best-reply
    /// line stops before the first move the real game would not play in turn.
    pub(super) fn line(&self, top: u32, in_turn: bool) -> Vec<u32> {
        let mut line = vec![top];
        let mut real = self.root.clone().filter(|_| in_turn && self.sides.model == MctsModel::BestReply);
        let mut list = MoveList::new();
        if let Some(game) = real.as_mut() {
            game.play(self.nodes[top as usize].mv);
        }
        let mut node = top;
        while line.len() < MAX_PV {
            let n = &self.nodes[node as usize];
            let me = WON + n.to_move;
            let best = self.children(node).max_by_key(|&c| {
                let ch = &self.nodes[c as usize];
                (ch.proof == me, ch.visits, std::cmp::Reverse(c))
            });
            match best {
                Some(child) if self.nodes[child as usize].visits > 0 => {
                    if real.as_mut().is_some_and(|game| !self.real_step(game, child, &mut list)) {
                        break;
                    }
                    line.push(child);
                    node = child;
                }
                _ => break,
            }
        }
        line
    }
}

/// The index of the move to play among `stats` and its score: the quickest proven win,
/// else the most visited move not proven lost, else the slowest loss.
pub(super) fn choose<M>(stats: &[RootStat<M>], seats: usize) -> (Option<usize>, Score) {
    let pick = |best: Option<usize>| {
        let score = best.map_or(0, |b| {
            let s = &stats[b];
            match s.proof {
                Some(Proof::Win) => score::WIN - s.plies as Score,
                Some(Proof::Loss) => -(score::WIN - s.plies as Score),
                Some(Proof::Draw) => 0,
                None => reward_score(s.reward, seats),
            }
        });
        (best, score)
    };
    let win = (0..stats.len()).filter(|&i| stats[i].proof == Some(Proof::Win)).min_by_key(|&i| stats[i].plies);
    if win.is_some() {
        return pick(win);
    }
    let open = (0..stats.len())
        .filter(|&i| stats[i].proof != Some(Proof::Loss))
        .max_by(|&a, &b| (stats[a].visits, stats[a].reward).partial_cmp(&(stats[b].visits, stats[b].reward)).unwrap());
    // Selection stops visiting a proven draw, so visits alone do not weigh it: prefer it
    // to an open move that looks worse than a draw.
    let draw = (0..stats.len()).find(|&i| stats[i].proof == Some(Proof::Draw));
    if let (Some(d), Some(o)) = (draw, open)
        && stats[o].proof.is_none()
        && stats[o].reward < 1.0 / seats as f64
    {
        return pick(Some(d));
    }
    if open.is_some() {
        return pick(open);
    }
    pick((0..stats.len()).max_by_key(|&i| stats[i].plies))
}

/// The share of an even split at or below which a root move's average reward counts as
/// lost (0.25 with two seats): a finished playout's loss is discounted toward an even split
/// by its length, and a truncated one's is the evaluation's softmax, so a lost line
/// averages above 0.
const HOPELESS: f64 = 0.5;

/// Where delaying gains nothing (setting `repeat=false`): when every root move is proven
/// lost or scores at most [`HOPELESS`] of an even share, the one whose position the evaluator values most
/// for the mover (its own progress) is played instead of the one that delays longest. A
/// seat that has lost a race then runs it out rather than keeping a peg at home on the
/// winner's last target hole until the ply cap.
pub(super) fn progress_when_lost<G: EngineGame>(
    stats: &[RootStat<G::Move>],
    best: usize,
    game: &G,
    eval: &G::Eval,
) -> usize {
    let hopeless = HOPELESS / game.seats() as f64;
    let lost = |s: &RootStat<G::Move>| match s.proof {
        Some(Proof::Loss) => true,
        None => s.reward <= hopeless,
        Some(_) => false,
    };
    if !stats.iter().all(lost) {
        return best;
    }
    let mover = game.to_move();
    let progress = |i: usize| {
        let mut child = game.clone();
        child.play(stats[i].mv);
        own_progress(eval, &child, mover)
    };
    (0..stats.len()).max_by_key(|&i| (progress(i), i == best)).unwrap_or(best)
}

/// Merges the root statistics of several trees by move.
pub(super) fn merge<M: Copy + Eq>(all: Vec<Vec<RootStat<M>>>) -> Vec<RootStat<M>> {
    let mut out: Vec<RootStat<M>> = Vec::new();
    for stats in all {
        for s in stats {
            match out.iter_mut().find(|o| o.mv == s.mv) {
                None => out.push(s),
                Some(o) => {
                    let visits = o.visits + s.visits;
                    if visits > 0 {
                        o.reward = (o.reward * o.visits as f64 + s.reward * s.visits as f64) / visits as f64;
                    }
                    o.visits = visits;
                    // Proofs are sound in every tree; keep the most informative.
                    match (o.proof, s.proof) {
                        (None, Some(_)) => (o.proof, o.plies) = (s.proof, s.plies),
                        (Some(Proof::Win), Some(Proof::Win)) => o.plies = o.plies.min(s.plies),
                        (Some(Proof::Loss), Some(Proof::Loss)) => o.plies = o.plies.max(s.plies),
                        _ => {}
                    }
                }
            }
        }
    }
    out
}
