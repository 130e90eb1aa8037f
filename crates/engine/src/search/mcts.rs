//! Monte Carlo tree search: UCT with one reward per seat.
//!
//! * Every node keeps the sum of each seat's rewards. Selection at a node maximises, over
//!   its children, the average reward of the seat to move there plus the UCB exploration
//!   term and, with progressive history, a bonus from the history table that fades as the
//!   child gains visits.
//! * The tree lives in a `Vec` arena (indices, children in a linked list). A node adds one
//!   child per visit until every legal move has one; the playout policy picks which
//!   (sampling without replacement), so likely moves are tried first.
//! * Playouts follow the policy to the end of the game, or (truncated) for a fixed number of
//!   plies, after which the evaluator's per-seat values become rewards through a softmax.
//! * MCTS-Solver with two seats: proven wins, losses and draws propagate up the tree; a
//!   proven root is reported as `score::WIN - plies` or its negation.
//! * Tree reuse: the next search keeps the subtree of the position reached, if it is the
//!   previous root or lies one or two plies below it.
//! * Root parallelism: one tree per thread (seeded `seed + thread index`), root visit
//!   counts merged by move at the end. One thread and a seed make the search deterministic.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tabula_rules::{Game, MAX_SEATS, MoveList, Outcome, Seat};

use crate::api::{EngineGame, Evaluator, Limits, Score, SearchInfo, SearchResult, Searcher, score};
use crate::playout::PlayoutPolicy;

/// The settings of an [`Mcts`] searcher.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// The exploration constant of UCT (rewards lie in `[0, 1]`). The default 0.5 beat
    /// 1.0 in Chinese Checkers self-play at 1000 iterations a move.
    pub c: f64,
    /// The seed of thread 0; thread `i` uses `seed + i`.
    pub seed: u64,
    /// Trees searched in parallel (root parallelism), at least 1.
    pub threads: usize,
    /// Truncated playouts: after this many plies the evaluator scores the position.
    pub playout_cap: Option<u32>,
    /// Mix a table of move rewards into the selection (progressive history).
    pub progressive_history: bool,
    /// The weight `W` of progressive history: the bonus is `W * H / ((1 - Q) * n + 1)`.
    pub history_weight: f64,
    /// Prove wins, losses and draws (two seats only).
    pub solver: bool,
    /// Keep the subtree of the position reached for the next search.
    pub reuse_tree: bool,
    /// Evaluation units per factor `e` of reward odds when a truncated playout is scored:
    /// seat rewards are `softmax(value / eval_scale)`.
    pub eval_scale: f64,
    /// The most nodes one tree may hold; a full tree still runs playouts from its leaves.
    pub max_nodes: usize,
    /// Rewards of a finished playout move toward an even split by this much per ply from the
    /// root (at most halfway): a win sooner is worth more, a loss later less bad. Without it
    /// a seat that wins every playout sees no reason to hurry and dawdles for hundreds of
    /// plies.
    pub length_discount: f64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            c: 0.5,
            seed: 0,
            threads: 1,
            playout_cap: None,
            progressive_history: true,
            history_weight: 5.0,
            solver: true,
            reuse_tree: true,
            eval_scale: 400.0,
            max_nodes: 4_000_000,
            length_discount: 0.002,
        }
    }
}

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

/// An index meaning "no node".
const NONE: u32 = u32::MAX;
/// `Node::proof` of an unproven node; `DRAW` a proven draw; `WON + s` a proven win of seat `s`.
const UNPROVEN: u8 = 0;
const DRAW: u8 = 1;
const WON: u8 = 2;
/// Playouts longer than this are scored by the evaluator, as if truncated.
const MAX_PLAYOUT: u32 = 1000;
/// Iterations between updates of the shared count, depth checks and reports.
const CHECK_EVERY: u64 = 64;
/// Time between two reports.
const REPORT_EVERY: Duration = Duration::from_millis(100);
/// The longest principal variation reported.
const MAX_PV: usize = 64;

/// One node of the arena.
#[derive(Clone, Copy, Debug)]
struct Node<M> {
    /// The move that leads here (the root keeps a dummy).
    mv: M,
    parent: u32,
    first_child: u32,
    next_sibling: u32,
    /// This node's legal moves are `moves[moves_start..][..moves_len]`; the first `tried`
    /// of them have children. `NONE` until the moves are listed.
    moves_start: u32,
    moves_len: u32,
    tried: u32,
    visits: u32,
    /// The slot of `(mover, mv)` in the history table, `NONE` without progressive history.
    hist: u32,
    /// The seat to move here.
    to_move: u8,
    /// The seat that played `mv`.
    mover: u8,
    /// `UNPROVEN`, `DRAW` or `WON + seat`.
    proof: u8,
    /// The game is over here.
    terminal: bool,
    /// The seat to move has a proven draw among its children (solver only).
    draw_floor: bool,
    /// With a proof: plies from here to the end of the game.
    plies: u16,
}

/// A fast hasher for the history table's small keys (the Fx hash).
#[derive(Clone, Copy, Default)]
struct FxHasher(u64);

impl FxHasher {
    #[inline]
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, x: u8) {
        self.add(x as u64);
    }
    fn write_u16(&mut self, x: u16) {
        self.add(x as u64);
    }
    fn write_u32(&mut self, x: u32) {
        self.add(x as u64);
    }
    fn write_u64(&mut self, x: u64) {
        self.add(x);
    }
    fn write_usize(&mut self, x: usize) {
        self.add(x as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Progressive history: the average reward of each move for the seat that played it, over
/// the tree moves of every iteration (tree-only progressive history).
struct History<M> {
    slots: HashMap<(u8, M), u32, BuildHasherDefault<FxHasher>>,
    /// `(reward sum, count)` per slot.
    stats: Vec<(f64, u32)>,
}

impl<M: Copy + Eq + std::hash::Hash> History<M> {
    fn new() -> Self {
        History { slots: HashMap::default(), stats: Vec::new() }
    }
    fn slot(&mut self, seat: u8, mv: M) -> u32 {
        let next = self.stats.len() as u32;
        let slot = *self.slots.entry((seat, mv)).or_insert(next);
        if slot == next {
            self.stats.push((0.0, 0));
        }
        slot
    }
    #[inline]
    fn mean(&self, slot: u32) -> f64 {
        let (sum, n) = self.stats[slot as usize];
        if n == 0 { 0.5 } else { sum / n as f64 }
    }
}

/// What every thread's search shares, read-only.
struct Ctx<'a, G: EngineGame> {
    config: &'a MctsConfig,
    policy: &'a dyn PlayoutPolicy<G>,
    eval: &'a G::Eval,
    /// The solver is on and the game has two seats.
    solver: bool,
}

/// What the threads of one search share.
struct Shared<'a> {
    /// Raised when one thread decides the search is over (time, proof).
    stop: AtomicBool,
    /// Iterations done so far by all threads (updated in batches).
    iterations: AtomicU64,
    limits: &'a Limits,
    /// When to stop thinking.
    deadline: Option<Instant>,
    start: Instant,
}

/// The report callback of [`Searcher::search`].
type Report<'a, M> = &'a mut dyn FnMut(&SearchInfo<M>);

/// The per-seat rewards of an iteration.
type Rewards = [f64; MAX_SEATS];

/// One thread's tree.
struct Tree<G: Game> {
    nodes: Vec<Node<G::Move>>,
    /// `seats` reward sums per node.
    rewards: Vec<f64>,
    /// The listed legal moves of the nodes.
    moves: Vec<G::Move>,
    seats: usize,
    /// The position of the root node.
    root: Option<G>,
    rng: SmallRng,
    history: History<G::Move>,
    /// Scratch: the nodes of the current iteration, root first.
    path: Vec<u32>,
    /// Scratch: a move list for the playouts.
    list: MoveList<G::Move>,
}

impl<G: EngineGame> Tree<G> {
    fn new(seed: u64) -> Self {
        Tree {
            nodes: Vec::new(),
            rewards: Vec::new(),
            moves: Vec::new(),
            seats: 0,
            root: None,
            rng: SmallRng::seed_from_u64(seed),
            history: History::new(),
            path: Vec::new(),
            list: MoveList::new(),
        }
    }

    fn clear(&mut self) {
        self.nodes.clear();
        self.rewards.clear();
        self.moves.clear();
        self.root = None;
    }

    /// Sets the tree up to search `game` (which is not over), keeping the matching
    /// subtree of the previous search when `reuse` is on.
    fn prepare(&mut self, game: &G, reuse: bool) {
        let found = if reuse && self.seats == game.seats() { self.find(game) } else { None };
        match found {
            Some(0) => {}
            Some(node) => self.compact(node),
            None => self.clear(),
        }
        self.seats = game.seats();
        if self.nodes.is_empty() {
            game.legal_moves(&mut self.list);
            let start = self.moves.len() as u32;
            self.moves.extend_from_slice(self.list.as_slice());
            let seat = game.to_move().0;
            self.nodes.push(Node {
                mv: self.list.as_slice()[0],
                parent: NONE,
                first_child: NONE,
                next_sibling: NONE,
                moves_start: start,
                moves_len: self.list.len() as u32,
                tried: 0,
                visits: 0,
                hist: NONE,
                to_move: seat,
                mover: seat,
                proof: UNPROVEN,
                terminal: false,
                draw_floor: false,
                plies: 0,
            });
            self.rewards.extend(std::iter::repeat_n(0.0, self.seats));
        }
        self.root = Some(game.clone());
    }

    /// The node of the previous tree whose position is `game`: the root, a child or a
    /// grandchild.
    fn find(&self, game: &G) -> Option<u32> {
        let old = self.root.as_ref()?;
        if self.nodes.is_empty() {
            return None;
        }
        let same = |g: &G| g.hash() == game.hash() && g.ply() == game.ply() && g.to_text() == game.to_text();
        if same(old) {
            return Some(0);
        }
        for child in self.children(0) {
            let mut g = old.clone();
            g.play(self.nodes[child as usize].mv);
            if same(&g) {
                return Some(child);
            }
            for grandchild in self.children(child) {
                let mut g2 = g.clone();
                g2.play(self.nodes[grandchild as usize].mv);
                if same(&g2) {
                    return Some(grandchild);
                }
            }
        }
        None
    }

    /// Keeps only the subtree under `top`, which becomes the root.
    fn compact(&mut self, top: u32) {
        let seats = self.seats;
        let old_nodes = std::mem::take(&mut self.nodes);
        let old_rewards = std::mem::take(&mut self.rewards);
        let old_moves = std::mem::take(&mut self.moves);
        let copy = |tree: &mut Self, old: u32, parent: u32| -> u32 {
            let mut node = old_nodes[old as usize];
            node.parent = parent;
            node.first_child = NONE;
            node.next_sibling = NONE;
            if node.moves_start != NONE {
                let (start, len) = (node.moves_start as usize, node.moves_len as usize);
                node.moves_start = tree.moves.len() as u32;
                tree.moves.extend_from_slice(&old_moves[start..start + len]);
            }
            let old = old as usize;
            tree.rewards.extend_from_slice(&old_rewards[old * seats..(old + 1) * seats]);
            tree.nodes.push(node);
            tree.nodes.len() as u32 - 1
        };
        // Breadth first: `queue[k]` pairs an old node with its copy.
        let mut queue = vec![(top, copy(self, top, NONE))];
        let mut k = 0;
        while k < queue.len() {
            let (old, new) = queue[k];
            k += 1;
            let mut prev = NONE;
            let mut child = old_nodes[old as usize].first_child;
            while child != NONE {
                let copied = copy(self, child, new);
                if prev == NONE {
                    self.nodes[new as usize].first_child = copied;
                } else {
                    self.nodes[prev as usize].next_sibling = copied;
                }
                prev = copied;
                queue.push((child, copied));
                child = old_nodes[child as usize].next_sibling;
            }
        }
    }

    /// The children of a node, newest first.
    fn children(&self, node: u32) -> Children<'_, G::Move> {
        Children { nodes: &self.nodes, next: self.nodes[node as usize].first_child }
    }

    /// One iteration: select, expand, play out, back up.
    fn iterate(&mut self, ctx: &Ctx<'_, G>) {
        let mut game = self.root.clone().expect("prepared");
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        loop {
            let n = self.nodes[node as usize];
            if n.terminal || (ctx.solver && n.proof != UNPROVEN) {
                break;
            }
            if n.moves_start == NONE {
                game.legal_moves(&mut self.list);
                let node = &mut self.nodes[node as usize];
                node.moves_start = self.moves.len() as u32;
                node.moves_len = self.list.len() as u32;
                self.moves.extend_from_slice(self.list.as_slice());
            }
            let n = self.nodes[node as usize];
            if n.tried < n.moves_len && self.nodes.len() < ctx.config.max_nodes.min(NONE as usize - 1) {
                node = self.expand(ctx, node, &mut game);
                self.path.push(node);
                break;
            }
            let child = self.select(ctx, node);
            if child == NONE {
                break;
            }
            game.play(self.nodes[child as usize].mv);
            self.path.push(child);
            node = child;
        }

        let leaf = self.nodes[node as usize];
        let rewards = if let Some(outcome) = game.outcome() {
            self.finished_rewards(ctx, outcome, &game)
        } else if ctx.solver && leaf.proof != UNPROVEN {
            proof_rewards(leaf.proof, self.seats)
        } else {
            self.simulate(ctx, &mut game)
        };

        // Back up from the leaf. A node whose mover can force at least a draw (it has a
        // proven draw child, which selection no longer visits) passes up at least a draw
        // for that seat, as minimax would.
        let mut rewards = rewards;
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

    /// Adds the child of `node` for one of its untried moves, chosen by the playout
    /// policy, and plays it on `game` (the position of `node`).
    fn expand(&mut self, ctx: &Ctx<'_, G>, node: u32, game: &mut G) -> u32 {
        let n = self.nodes[node as usize];
        let start = (n.moves_start + n.tried) as usize;
        let untried = &mut self.moves[start..(n.moves_start + n.moves_len) as usize];
        let mv = if untried.len() == 1 { untried[0] } else { ctx.policy.choose(game, untried, &mut self.rng) };
        let k = untried.iter().position(|&m| m == mv).unwrap_or(0);
        untried.swap(0, k);
        let mv = untried[0];
        game.play(mv);
        let child = self.nodes.len() as u32;
        let (terminal, proof) = match game.outcome() {
            Some(outcome) => (true, outcome_proof(outcome)),
            None => (false, UNPROVEN),
        };
        let hist = if ctx.config.progressive_history { self.history.slot(n.to_move, mv) } else { NONE };
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
            mover: n.to_move,
            proof,
            terminal,
            draw_floor: false,
            plies: 0,
        });
        self.rewards.extend(std::iter::repeat_n(0.0, self.seats));
        let parent = &mut self.nodes[node as usize];
        parent.first_child = child;
        parent.tried += 1;
        child
    }

    /// The child of `node` with the best UCT value for the seat to move there (proven
    /// losses skipped when solving); `NONE` if there is none to choose.
    fn select(&self, ctx: &Ctx<'_, G>, node: u32) -> u32 {
        let n = &self.nodes[node as usize];
        let seat = n.to_move as usize;
        let log_n = (n.visits.max(1) as f64).ln();
        let c = ctx.config.c;
        let ph = ctx.config.progressive_history;
        let w = ctx.config.history_weight;
        let (mut best, mut best_value) = (NONE, f64::NEG_INFINITY);
        for child in self.children(node) {
            let ch = &self.nodes[child as usize];
            if ctx.solver && ch.proof >= WON && ch.proof != WON + seat as u8 {
                continue;
            }
            if ctx.solver && ch.proof == DRAW {
                // Its value is known and the node already counts on it (`draw_floor`).
                continue;
            }
            let visits = ch.visits.max(1) as f64;
            let q = self.rewards[child as usize * self.seats + seat] / visits;
            let mut value = q + c * (log_n / visits).sqrt();
            if ph && ch.hist != NONE {
                value += w * self.history.mean(ch.hist) / ((1.0 - q) * visits + 1.0);
            }
            if value > best_value {
                best = child;
                best_value = value;
            }
        }
        best
    }

    /// Plays `game` out with the policy and turns the result into rewards.
    fn simulate(&mut self, ctx: &Ctx<'_, G>, game: &mut G) -> Rewards {
        let cap = ctx.config.playout_cap.unwrap_or(MAX_PLAYOUT).min(MAX_PLAYOUT);
        ctx.policy.play_out(game, &mut self.rng, &mut self.list, cap);
        match game.outcome() {
            Some(outcome) => self.finished_rewards(ctx, outcome, game),
            None => eval_rewards(&ctx.eval.evaluate(game), self.seats, ctx.config.eval_scale),
        }
    }

    /// The rewards of a game that ended at `game`, discounted by its length from the root.
    fn finished_rewards(&self, ctx: &Ctx<'_, G>, outcome: &Outcome, game: &G) -> Rewards {
        let root_ply = self.root.as_ref().map_or(game.ply(), Game::ply);
        let plies = f64::from(game.ply().saturating_sub(root_ply));
        discounted(outcome_rewards(outcome, self.seats), self.seats, (plies * ctx.config.length_discount).min(0.5))
    }

    /// Proves `node` from its children if it can (two seats); whether it did.
    fn try_prove(&mut self, node: u32) -> bool {
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

    /// Searches until a limit is reached; returns the iterations done.
    fn run(
        &mut self,
        ctx: &Ctx<'_, G>,
        shared: &Shared<'_>,
        cap: Option<u64>,
        mut report: Option<Report<'_, G::Move>>,
    ) -> u64 {
        let (limits, deadline, start) = (shared.limits, shared.deadline, shared.start);
        let (mut iterations, mut pending) = (0u64, 0u64);
        let mut next_report = start + REPORT_EVERY;
        loop {
            if cap.is_some_and(|cap| iterations >= cap)
                || shared.stop.load(Ordering::Relaxed)
                || limits.stopped()
                || (ctx.solver && self.nodes[0].proof != UNPROVEN)
            {
                break;
            }
            // The clock is read every iteration: a playout takes tens of microseconds (far
            // more on a loaded machine), a clock read tens of nanoseconds.
            let now = Instant::now();
            if deadline.is_some_and(|d| now >= d) {
                shared.stop.store(true, Ordering::Relaxed);
                break;
            }
            if iterations.is_multiple_of(CHECK_EVERY) {
                shared.iterations.fetch_add(pending, Ordering::Relaxed);
                pending = 0;
                if let Some(depth) = limits.depth
                    && iterations > 0
                    && self.line_reaches(depth)
                {
                    shared.stop.store(true, Ordering::Relaxed);
                    break;
                }
                if let Some(report) = report.as_mut()
                    && now >= next_report
                {
                    let nodes = shared.iterations.load(Ordering::Relaxed);
                    let stats = self.root_stats();
                    let (best, score) = choose(&stats, self.seats);
                    let pv = self.pv(best.map(|b| stats[b].mv));
                    let info = SearchInfo { depth: pv.len() as u32, score, nodes, time: now - start, pv };
                    report(&info);
                    next_report = now + REPORT_EVERY;
                }
            }
            self.iterate(ctx);
            iterations += 1;
            pending += 1;
        }
        if ctx.solver && self.nodes[0].proof != UNPROVEN {
            shared.stop.store(true, Ordering::Relaxed);
        }
        shared.iterations.fetch_add(pending, Ordering::Relaxed);
        iterations
    }

    /// Whether the most-visited line is `depth` plies long or ends the game: a depth limit
    /// for MCTS means searching until its principal variation is that deep.
    fn line_reaches(&self, depth: u32) -> bool {
        let stats = self.root_stats();
        let (best, _) = choose(&stats, self.seats);
        let pv = self.pv(best.map(|b| stats[b].mv));
        if pv.len() as u32 >= depth {
            return true;
        }
        let Some(mut game) = self.root.clone() else { return true };
        for &mv in &pv {
            game.play(mv);
        }
        game.outcome().is_some()
    }

    /// The root's children, as seen from the seat to move at the root.
    fn root_stats(&self) -> Vec<RootStat<G::Move>> {
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
    /// else the most visited child, ply by ply.
    fn pv(&self, first: Option<G::Move>) -> Vec<G::Move> {
        let Some(first) = first else { return Vec::new() };
        let mut pv = vec![first];
        let Some(mut node) = self.children(0).find(|&c| self.nodes[c as usize].mv == first) else { return pv };
        while pv.len() < MAX_PV {
            let n = &self.nodes[node as usize];
            let me = WON + n.to_move;
            let best = self.children(node).max_by_key(|&c| {
                let ch = &self.nodes[c as usize];
                (ch.proof == me, ch.visits, std::cmp::Reverse(c))
            });
            match best {
                Some(child) if self.nodes[child as usize].visits > 0 => {
                    pv.push(self.nodes[child as usize].mv);
                    node = child;
                }
                _ => break,
            }
        }
        pv
    }
}

/// Iterates over a linked list of children.
struct Children<'a, M> {
    nodes: &'a [Node<M>],
    next: u32,
}

impl<M> Iterator for Children<'_, M> {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.next == NONE {
            return None;
        }
        let current = self.next;
        self.next = self.nodes[current as usize].next_sibling;
        Some(current)
    }
}

/// Every seat's score in a finished game.
fn outcome_rewards(outcome: &Outcome, seats: usize) -> Rewards {
    let mut r = [0.0; MAX_SEATS];
    for (s, r) in r.iter_mut().enumerate().take(seats) {
        *r = outcome.score(Seat(s as u8));
    }
    r
}

/// `rewards` moved a fraction `d` of the way toward an even split between `seats`.
fn discounted(mut rewards: Rewards, seats: usize, d: f64) -> Rewards {
    let even = 1.0 / seats as f64;
    for r in &mut rewards[..seats] {
        *r = (1.0 - d) * *r + d * even;
    }
    rewards
}

/// The proof code of a finished game (`UNPROVEN` for a shared first place short of a draw).
fn outcome_proof(outcome: &Outcome) -> u8 {
    match outcome.sole_winner() {
        Some(seat) => WON + seat.0,
        None if outcome.ranks().iter().all(|&r| r == 1) => DRAW,
        None => UNPROVEN,
    }
}

/// The rewards of a proven result.
fn proof_rewards(proof: u8, seats: usize) -> Rewards {
    let mut r = [0.0; MAX_SEATS];
    if proof == DRAW {
        r[..seats].fill(1.0 / seats as f64);
    } else {
        r[(proof - WON) as usize] = 1.0;
    }
    r
}

/// Rewards from an evaluation: a softmax of the values over `scale` (for two seats, the
/// logistic function of the difference).
fn eval_rewards(values: &[Score; MAX_SEATS], seats: usize, scale: f64) -> Rewards {
    let max = values[..seats].iter().copied().max().unwrap_or(0);
    let mut r = [0.0; MAX_SEATS];
    let mut total = 0.0;
    for (r, &v) in r.iter_mut().zip(values).take(seats) {
        *r = ((v - max) as f64 / scale.max(1e-9)).exp();
        total += *r;
    }
    for r in r.iter_mut().take(seats) {
        *r /= total;
    }
    r
}

/// A score in centi-units for an average reward: 1000 for a sure win, 0 for an equal
/// share, -1000 / (seats - 1) for a sure loss.
fn reward_score(reward: f64, seats: usize) -> Score {
    let n = seats.max(2) as f64;
    ((reward * n - 1.0) / (n - 1.0) * 1000.0).round() as Score
}

/// The index of the move to play among `stats` and its score: the quickest proven win,
/// else the most visited move not proven lost, else the slowest loss.
fn choose<M>(stats: &[RootStat<M>], seats: usize) -> (Option<usize>, Score) {
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

/// Merges the root statistics of several trees by move.
fn merge<M: Copy + Eq>(all: Vec<Vec<RootStat<M>>>) -> Vec<RootStat<M>> {
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

/// Monte Carlo tree search for any game, with a playout policy.
pub struct Mcts<G: EngineGame> {
    config: MctsConfig,
    policy: Arc<dyn PlayoutPolicy<G>>,
    eval: G::Eval,
    trees: Vec<Tree<G>>,
    last: Vec<RootStat<G::Move>>,
}

impl<G: EngineGame> Mcts<G> {
    /// A searcher with these settings, playing out with `policy` and scoring truncated
    /// playouts with the game's evaluator.
    pub fn new(config: MctsConfig, policy: Arc<dyn PlayoutPolicy<G>>) -> Self {
        Mcts { config, policy, eval: G::Eval::default(), trees: Vec::new(), last: Vec::new() }
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// The root moves of the last search with their merged visits, rewards and proofs,
    /// in the order thread 0 first tried them.
    pub fn root_stats(&self) -> &[RootStat<G::Move>] {
        &self.last
    }

    /// Nodes held by each thread's tree (for tests and memory checks).
    pub fn tree_sizes(&self) -> Vec<usize> {
        self.trees.iter().map(|t| t.nodes.len()).collect()
    }
}

impl<G: EngineGame> Searcher<G> for Mcts<G> {
    fn search(
        &mut self,
        game: &G,
        limits: &Limits,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let start = Instant::now();
        if let Some(outcome) = game.outcome() {
            let s = outcome.score(game.to_move());
            let score = if s >= 1.0 {
                score::WIN
            } else if s <= 0.0 {
                -score::WIN
            } else {
                0
            };
            let info = SearchInfo { depth: 0, score, nodes: 0, time: start.elapsed(), pv: Vec::new() };
            report(&info);
            self.last.clear();
            return SearchResult { best: None, score, pv: Vec::new(), nodes: 0, depth: 0, time: info.time };
        }

        let threads = self.config.threads.max(1);
        if self.trees.len() != threads {
            self.trees = (0..threads).map(|i| Tree::new(self.config.seed.wrapping_add(i as u64))).collect();
        }
        for tree in &mut self.trees {
            tree.prepare(game, self.config.reuse_tree);
        }

        let ctx = Ctx::<G> {
            config: &self.config,
            policy: &*self.policy,
            eval: &self.eval,
            solver: self.config.solver && game.seats() == 2,
        };
        let deadline = match (limits.soft_time, limits.hard_time) {
            (Some(s), Some(h)) => Some(start + s.min(h)),
            (Some(t), None) | (None, Some(t)) => Some(start + t),
            (None, None) => None,
        };
        let shared = Shared { stop: AtomicBool::new(false), iterations: AtomicU64::new(0), limits, deadline, start };
        let caps: Vec<Option<u64>> = (0..threads as u64)
            .map(|i| limits.nodes.map(|n| n / threads as u64 + u64::from(i < n % threads as u64)))
            .collect();

        let (first, rest) = self.trees.split_first_mut().expect("one tree at least");
        let mut total = 0;
        std::thread::scope(|scope| {
            let handles: Vec<_> = rest
                .iter_mut()
                .zip(&caps[1..])
                .map(|(tree, &cap)| {
                    let (ctx, shared) = (&ctx, &shared);
                    scope.spawn(move || tree.run(ctx, shared, cap, None))
                })
                .collect();
            total += first.run(&ctx, &shared, caps[0], Some(report));
            // Thread 0 is done: the others stop too (a time or node limit hit them alike).
            if limits.nodes.is_none() {
                shared.stop.store(true, Ordering::Relaxed);
            }
            for handle in handles {
                total += handle.join().expect("an MCTS thread panicked");
            }
        });

        let stats = merge(self.trees.iter().map(|t| t.root_stats()).collect());
        let (best, score) = choose(&stats, game.seats());
        let best_move = match best {
            Some(b) => Some(stats[b].mv),
            None => {
                // No iteration ran: any legal move.
                let mut list = MoveList::new();
                game.legal_moves(&mut list);
                list.as_slice().first().copied()
            }
        };
        let pv = {
            let tree = best_move.and_then(|mv| {
                self.trees.iter().max_by_key(|t| t.root_stats().iter().find(|s| s.mv == mv).map_or(0, |s| s.visits))
            });
            tree.map_or_else(|| best_move.into_iter().collect(), |t| t.pv(best_move))
        };
        let time = start.elapsed();
        let depth = pv.len() as u32;
        report(&SearchInfo { depth, score, nodes: total, time, pv: pv.clone() });
        self.last = stats;
        SearchResult { best: best_move, score, pv, nodes: total, depth, time }
    }

    fn new_game(&mut self) {
        self.trees.clear();
        self.last.clear();
    }

    fn reseed(&mut self, seed: u64) {
        self.config.seed = seed;
        self.trees.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::Uniform;
    use crate::playout::chinese_checkers::CcForward;
    use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};

    fn cc_mcts(config: MctsConfig) -> Mcts<ChineseCheckers> {
        Mcts::new(config, Arc::new(CcForward::default()))
    }

    fn start() -> ChineseCheckers {
        ChineseCheckers::new(&CcOptions::default()).unwrap()
    }

    fn quiet<M>(_: &SearchInfo<M>) {}

    /// Seat 0 wins with i5-h4 (the only move filling its target) among 41 moves.
    const WIN_IN_ONE: &str = "chinese-checkers players=2 camps=03 turn=0 ply=100 passes=0 \
        board=1/11/1../..../............./............/....0....../........../0.0.0.0.0/........../\
        .........../............/........0..../000./111/11/1";
    /// Seat 0 wins with i5-h4; seat 1 would win next with j13-j14.
    const WIN_OR_LOSE: &str = "chinese-checkers players=2 camps=03 turn=0 ply=100 passes=0 \
        board=1/11/111/.111/.....1......./............/.........../........../........./........../\
        .........../............/........0..../000./000/00/0";
    /// Seat 0 needs two moves; seat 1 wins next with j13-j14 whatever seat 0 does.
    const LOST: &str = "chinese-checkers players=2 camps=03 turn=0 ply=100 passes=0 \
        board=1/11/111/.111/.....1......./............/.........../........../0.......0/........../\
        .........../............/............./00../000/00/0";

    fn cc(text: &str) -> ChineseCheckers {
        ChineseCheckers::from_text(text).unwrap()
    }

    fn winning_moves(game: &ChineseCheckers) -> Vec<CcMoveOf> {
        let mut list = MoveList::new();
        game.legal_moves(&mut list);
        list.iter()
            .copied()
            .filter(|&m| {
                let mut g = *game;
                g.play(m);
                g.outcome().and_then(|o| o.sole_winner()) == Some(game.to_move())
            })
            .collect()
    }
    type CcMoveOf = <ChineseCheckers as Game>::Move;

    #[test]
    fn a_seed_makes_one_thread_deterministic() {
        let run = || {
            let mut m = cc_mcts(MctsConfig { seed: 7, ..MctsConfig::default() });
            let r = m.search(&start(), &Limits::nodes(3000), &mut quiet);
            (r.best, r.score, r.pv, m.root_stats().to_vec())
        };
        let (a, b) = (run(), run());
        assert!(a.0.is_some());
        assert_eq!(a, b);
        let other = {
            let mut m = cc_mcts(MctsConfig { seed: 8, ..MctsConfig::default() });
            m.search(&start(), &Limits::nodes(3000), &mut quiet);
            m.root_stats().to_vec()
        };
        assert_ne!(a.3, other, "another seed searches differently");
    }

    #[test]
    fn the_node_limit_is_exact() {
        for (threads, n) in [(1, 1234), (2, 1235), (3, 100)] {
            let mut m = cc_mcts(MctsConfig { threads, reuse_tree: false, ..MctsConfig::default() });
            let r = m.search(&start(), &Limits::nodes(n), &mut quiet);
            assert_eq!(r.nodes, n, "{threads} threads");
            // Every iteration but the root's first visit goes through one root child.
            let visits: u64 = m.root_stats().iter().map(|s| s.visits).sum();
            assert_eq!(visits, n, "{threads} threads");
            assert!(start().parse_move(&start().format_move(r.best.unwrap())).is_ok());
        }
    }

    #[test]
    fn finds_and_proves_a_win_in_one() {
        for text in [WIN_IN_ONE, WIN_OR_LOSE] {
            let game = cc(text);
            let wins = winning_moves(&game);
            assert_eq!(wins.len(), 1, "the test position has one winning move");
            for solver in [false, true] {
                let mut m = cc_mcts(MctsConfig { solver, seed: 3, ..MctsConfig::default() });
                let r = m.search(&game, &Limits::nodes(2000), &mut quiet);
                assert_eq!(r.best, Some(wins[0]), "solver={solver}");
                assert_eq!(r.pv.first(), Some(&wins[0]));
                // The winning move ends the game: a proven win even without the solver.
                assert_eq!(r.score, score::WIN - 1);
                assert!(r.score >= score::WIN_THRESHOLD);
                if solver {
                    assert!(r.nodes < 2000, "a proven root ends the search early");
                } else {
                    assert_eq!(r.nodes, 2000);
                }
            }
        }
    }

    #[test]
    fn two_threads_find_the_win_too() {
        let game = cc(WIN_OR_LOSE);
        let mut m = cc_mcts(MctsConfig { threads: 2, seed: 5, ..MctsConfig::default() });
        let r = m.search(&game, &Limits::nodes(4000), &mut quiet);
        assert_eq!(r.best, Some(winning_moves(&game)[0]));
        assert!(r.score >= score::WIN_THRESHOLD);
        let mut m = cc_mcts(MctsConfig { threads: 2, seed: 5, solver: false, ..MctsConfig::default() });
        let r = m.search(&start(), &Limits::think(Duration::from_millis(100)), &mut quiet);
        assert!(start().parse_move(&start().format_move(r.best.unwrap())).is_ok());
        assert!(r.nodes > 0);
    }

    #[test]
    fn proves_a_loss() {
        let game = cc(LOST);
        assert!(winning_moves(&game).is_empty());
        let mut m = cc_mcts(MctsConfig { seed: 1, ..MctsConfig::default() });
        let r = m.search(&game, &Limits::nodes(20_000), &mut quiet);
        assert_eq!(r.score, -(score::WIN - 2), "seat 1 wins on the next ply");
        assert!(m.root_stats().iter().all(|s| s.proof == Some(Proof::Loss) && s.plies == 2));
        assert!(r.best.is_some());
    }

    #[test]
    fn reuses_the_subtree_of_the_position_reached() {
        let mut game = start();
        let mut m = cc_mcts(MctsConfig { seed: 2, ..MctsConfig::default() });
        let r = m.search(&game, &Limits::nodes(5000), &mut quiet);
        game.play(r.best.unwrap());
        let reply = r.pv.get(1).copied().unwrap();
        game.play(reply);
        // The grandchild kept its visits: the new root starts with them.
        m.search(&game, &Limits::nodes(1000), &mut quiet);
        let visits: u64 = m.root_stats().iter().map(|s| s.visits).sum();
        assert!(visits > 1000, "visits {visits}");
        // Without reuse the tree starts afresh.
        let mut fresh = cc_mcts(MctsConfig { seed: 2, reuse_tree: false, ..MctsConfig::default() });
        fresh.search(&start(), &Limits::nodes(5000), &mut quiet);
        fresh.search(&game, &Limits::nodes(1000), &mut quiet);
        let visits: u64 = fresh.root_stats().iter().map(|s| s.visits).sum();
        assert_eq!(visits, 1000);
        // A position not near the old root also starts afresh.
        let mut far = game;
        for _ in 0..4 {
            let mut list = MoveList::new();
            far.legal_moves(&mut list);
            far.play(list.as_slice()[0]);
        }
        m.search(&far, &Limits::nodes(500), &mut quiet);
        assert_eq!(m.root_stats().iter().map(|s| s.visits).sum::<u64>(), 500);
    }

    #[test]
    fn reports_stops_and_truncates() {
        let mut reports = 0;
        let mut m = cc_mcts(MctsConfig { playout_cap: Some(8), ..MctsConfig::default() });
        let r = m.search(&start(), &Limits::think(Duration::from_millis(250)), &mut |info| {
            reports += 1;
            assert!(!info.pv.is_empty());
            assert_eq!(info.depth as usize, info.pv.len());
        });
        assert!(reports >= 2, "reports {reports}");
        assert!(r.nodes > 100 && r.time < Duration::from_millis(400));
        assert!(r.score.abs() < score::WIN_THRESHOLD);

        let stop = Arc::new(AtomicBool::new(true));
        let limits = Limits { stop: Some(stop), ..Limits::default() };
        let r = cc_mcts(MctsConfig::default()).search(&start(), &limits, &mut quiet);
        assert_eq!(r.nodes, 0);
        assert!(r.best.is_some(), "a legal move even without thinking");

        // Uniform playouts rarely end: they are cut and scored by the evaluator.
        let mut m: Mcts<ChineseCheckers> = Mcts::new(MctsConfig::default(), Arc::new(Uniform));
        let r = m.search(&start(), &Limits::nodes(50), &mut quiet);
        assert_eq!(r.nodes, 50);
    }

    #[test]
    fn finished_games_have_no_move() {
        let mut g = cc(WIN_IN_ONE);
        g.play(winning_moves(&g)[0]);
        let r = cc_mcts(MctsConfig::default()).search(&g, &Limits::nodes(10), &mut quiet);
        assert_eq!(r.best, None);
        assert_eq!(r.score, -score::WIN, "seat 1 to move has lost");
    }

    #[test]
    fn three_and_six_seats_search_too() {
        for players in [3, 6] {
            let mut game = ChineseCheckers::new(&CcOptions { players, ..CcOptions::default() }).unwrap();
            let mut m = cc_mcts(MctsConfig { threads: 2, playout_cap: Some(30), ..MctsConfig::default() });
            for _ in 0..players {
                let r = m.search(&game, &Limits::nodes(300), &mut quiet);
                assert_eq!(r.nodes, 300);
                let best = r.best.unwrap();
                assert!(game.parse_move(&game.format_move(best)).is_ok());
                assert!(r.score.abs() <= 1000, "{players} players: {}", r.score);
                game.play(best);
            }
        }
    }

    #[test]
    fn searchers_can_move_between_threads() {
        fn send<T: Send + 'static>(_: &T) {}
        send(&cc_mcts(MctsConfig::default()));
        let _boxed: Box<dyn Searcher<ChineseCheckers>> = Box::new(cc_mcts(MctsConfig::default()));
    }

    #[test]
    fn evaluations_become_rewards() {
        let mut v = [0; MAX_SEATS];
        v[0] = 400;
        let r = eval_rewards(&v, 2, 400.0);
        assert!((r[0] - 1.0 / (1.0 + (-1f64).exp())).abs() < 1e-12);
        assert!((r[0] + r[1] - 1.0).abs() < 1e-12);
        let r = eval_rewards(&[5, 5, 5, 0, 0, 0], 3, 100.0);
        assert!(r[..3].iter().all(|&x| (x - 1.0 / 3.0).abs() < 1e-12) && r[3] == 0.0);
        assert_eq!(reward_score(0.5, 2), 0);
        assert_eq!(reward_score(1.0, 2), 1000);
        assert_eq!(reward_score(0.0, 2), -1000);
        assert_eq!(reward_score(1.0 / 3.0, 3), 0);
    }

    /// Tic-tac-toe, to check the solver against exhaustive search.
    mod ttt {
        use tabula_rules::{Game, GameOptions, MAX_SEATS, MoveList, NotationError, Outcome, RulesError, Seat};

        use crate::api::{EngineGame, Evaluator, Score};

        #[derive(Clone, Copy, Debug, Default, PartialEq)]
        pub struct NoOptions;

        impl GameOptions for NoOptions {
            const SETTINGS: &'static [&'static dyn tabula_rules::core::settings::Setting<Self>] = &[];
            fn set_players(&mut self, players: usize) -> Result<(), RulesError> {
                if players == 2 { Ok(()) } else { Err(RulesError::Players { given: players, expected: "2".into() }) }
            }
        }

        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Ttt {
            cells: [u8; 9],
            ply: u32,
            outcome: Option<Outcome>,
        }

        const LINES: [[usize; 3]; 8] =
            [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

        impl Game for Ttt {
            type Move = u8;
            type Options = NoOptions;
            const NAME: &'static str = "tic-tac-toe";
            fn new(_: &NoOptions) -> Result<Self, RulesError> {
                Ok(Ttt { cells: [0; 9], ply: 0, outcome: None })
            }
            fn options(&self) -> &NoOptions {
                &NoOptions
            }
            fn set_options(&mut self, _: &NoOptions) -> Result<(), RulesError> {
                Ok(())
            }
            fn seats(&self) -> usize {
                2
            }
            fn to_move(&self) -> Seat {
                Seat((self.ply % 2) as u8)
            }
            fn ply(&self) -> u32 {
                self.ply
            }
            fn generate(&self, out: &mut MoveList<u8>) {
                (0..9u8).filter(|&i| self.cells[i as usize] == 0).for_each(|i| out.push(i));
            }
            fn play(&mut self, mv: u8) {
                let mark = self.to_move().0 + 1;
                self.cells[mv as usize] = mark;
                self.ply += 1;
                if LINES.iter().any(|l| l.iter().all(|&i| self.cells[i] == mark)) {
                    self.outcome = Some(Outcome::winner(2, Seat(mark - 1)));
                } else if self.ply == 9 {
                    self.outcome = Some(Outcome::draw(2));
                }
            }
            fn outcome(&self) -> Option<&Outcome> {
                self.outcome.as_ref()
            }
            fn hash(&self) -> u64 {
                self.hash_from_scratch()
            }
            fn hash_from_scratch(&self) -> u64 {
                self.cells.iter().fold(0, |h, &c| h * 3 + c as u64)
            }
            fn read_move(&self, text: &str) -> Result<u8, NotationError> {
                text.parse().map_err(|_| NotationError::Illegal { token: text.into() })
            }
            fn format_move(&self, mv: u8) -> String {
                mv.to_string()
            }
            fn to_text(&self) -> String {
                let cells: String = self.cells.iter().map(|c| (b'0' + c) as char).collect();
                format!("{cells} ply={}", self.ply)
            }
            fn from_text(text: &str) -> Result<Self, NotationError> {
                // The moves in the order played, e.g. "0314".
                let mut g = Ttt::new(&NoOptions).unwrap();
                for c in text.bytes() {
                    g.play(c - b'0');
                }
                Ok(g)
            }
            fn draw(&self) -> String {
                self.to_text()
            }
        }

        #[derive(Clone, Copy, Debug, Default)]
        pub struct Zero;

        impl Evaluator<Ttt> for Zero {
            fn evaluate(&self, _: &Ttt) -> [Score; MAX_SEATS] {
                [0; MAX_SEATS]
            }
        }

        impl EngineGame for Ttt {
            type Eval = Zero;
            const BENCH_POSITIONS: &'static [(&'static str, u32)] = &[];
        }

        /// The exact value for the seat to move: 1 win, 0 draw, -1 loss.
        pub fn solve(g: &Ttt) -> i32 {
            if let Some(o) = g.outcome() {
                return match o.sole_winner() {
                    None => 0,
                    Some(s) if s == g.to_move() => 1,
                    Some(_) => -1,
                };
            }
            let mut list = MoveList::new();
            g.legal_moves(&mut list);
            list.iter()
                .map(|&m| {
                    let mut c = *g;
                    c.play(m);
                    -solve(&c)
                })
                .max()
                .unwrap()
        }
    }

    #[test]
    fn the_solver_agrees_with_exhaustive_search() {
        use ttt::Ttt;
        // Every position after two plies, and a few before and after.
        let empty = Ttt::new(&ttt::NoOptions).unwrap();
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
        use ttt::Ttt;
        // X has 0 and 1, O has 3 and 4: X wins at 2 (O would win at 5).
        let g = Ttt::from_text("0314").unwrap();
        let mut m: Mcts<Ttt> = Mcts::new(MctsConfig::default(), Arc::new(Uniform));
        let r = m.search(&g, &Limits::nodes(100_000), &mut quiet);
        assert_eq!(r.best, Some(2));
        assert_eq!(r.score, score::WIN - 1);
    }

    /// Iterations per second from the start, full forward playouts, 1 and 2 threads.
    /// `cargo test --release -p tabula-engine mcts_speed -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn mcts_speed() {
        // Processor time of this process in seconds (Linux; `None` elsewhere): on a shared
        // machine, iterations per processor second estimate the speed on an idle one.
        fn cpu_seconds() -> Option<f64> {
            let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
            let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
            let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
            Some(ticks / 100.0)
        }
        let secs = std::env::var("MCTS_SECS").ok().and_then(|s| s.parse().ok()).unwrap_or(3.0);
        let mut rates = Vec::new();
        for threads in [1, 2] {
            let mut m = cc_mcts(MctsConfig { threads, reuse_tree: false, ..MctsConfig::default() });
            let cpu = cpu_seconds();
            let r = m.search(&start(), &Limits::think(Duration::from_secs_f64(secs)), &mut quiet);
            let cpu = cpu.zip(cpu_seconds()).map(|(a, b)| b - a);
            let rate = r.nodes as f64 / r.time.as_secs_f64();
            eprintln!(
                "threads={threads}: {} iterations in {:.2} s = {rate:.0}/s ({}), best {}, score {}, tree {:?}",
                r.nodes,
                r.time.as_secs_f64(),
                cpu.map_or("no processor time".into(), |c| format!(
                    "{:.0} per processor second, {:.2} processors busy",
                    r.nodes as f64 / c,
                    c / r.time.as_secs_f64()
                )),
                start().format_move(r.best.unwrap()),
                r.score,
                m.tree_sizes()
            );
            rates.push(rate);
        }
        eprintln!("speed-up with 2 threads: {:.2}x", rates[1] / rates[0]);
    }
}
