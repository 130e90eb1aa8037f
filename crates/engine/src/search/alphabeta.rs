//! Alpha-beta: iterative deepening negamax with principal variation search, aspiration
//! windows, a shared transposition table, hash-move / killer / history ordering, win
//! scores that prefer the fastest win and the slowest loss, repetition as a draw, a
//! quiescence search over tactical moves, contempt for draws, and Lazy SMP across threads.
//!
//! Repetition: a position that is already on the search path, or that occurred earlier in
//! the game (the searcher remembers the positions it searched and the ones its moves
//! made, since it is handed only the current position), counts as a draw. A draw is worth
//! `-contempt` to the root seat's team (and `+contempt` to the others), so with a positive
//! contempt the searcher avoids repeating and drawn endings unless it is worse off.
//!
//! With three or more seats an opponent [`Model`] decides who moves in the tree:
//!
//! * `paranoid`: the root seat's team against a coalition of all other seats, in turn
//!   order. Nodes where the root's team moves maximise, the others minimise.
//! * `best-reply` (Schadd and Winands' Best-Reply Search): root-seat layers alternate with
//!   layers where only the single strongest reply among all opponents' moves is played
//!   (each opponent's moves generated on the position with the turn handed to it); the
//!   root seat's team-mates do not move. Deeper lines of the root seat for the same depth,
//!   at the price of positions that cannot occur.
//!
//! With two seats both are exactly plain negamax.

use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tabula_rules::{MoveList, Seat};

use super::simple::margin;
use super::table::{Bound, Entry, Table};
use crate::api::{EngineGame, Limits, SearchInfo, SearchResult, Searcher, score};

/// The deepest ply the search tracks (killers, path).
const MAX_PLY: usize = 128;
/// Slots in the history table.
const HISTORY: usize = 1 << 12;
/// Key mixed into the hash with three or more seats: the coalition depends on the root.
const ROOT_KEYS: [u64; 6] = tabula_rules::core::zobrist::keys(0xAB_0001);

/// Who moves in the tree with three or more seats (both are plain negamax with two).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Model {
    /// The root seat's team against all other seats, every seat moving in turn.
    #[default]
    Paranoid,
    /// Best-Reply Search: the root seat, then the best reply of any one opponent.
    BestReply,
}

impl Model {
    /// The spelling in spec strings.
    pub fn name(self) -> &'static str {
        match self {
            Model::Paranoid => "paranoid",
            Model::BestReply => "best-reply",
        }
    }
}

/// Settings of the alpha-beta searcher.
#[derive(Clone, Debug, PartialEq)]
pub struct AlphaBetaConfig {
    /// Search threads (Lazy SMP).
    pub threads: usize,
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// Aspiration window half-width at the root.
    pub aspiration: i32,
    /// The opponent model with three or more seats. `BestReply` needs a game that can
    /// hand the turn on ([`EngineGame::hand_turn_to`]); in one that cannot, it searches
    /// paranoid (the registry refuses the spec).
    pub model: Model,
    /// What a draw (a finished tie or a repetition) costs the root seat's team, in
    /// evaluation units: it is scored `-contempt` for the root's team and `+contempt` for
    /// the others, so a positive value plays on rather than settle. `None` takes the game's
    /// [`EngineGame::CONTEMPT`].
    pub contempt: Option<i32>,
    /// Late move reductions: after this many moves of a node (searched in order), quiet
    /// moves are searched one ply shallower first; 0 turns them off; `None`: the game's
    /// default ([`EngineGame::LATE_MOVE_REDUCTIONS`]).
    pub lmr: Option<usize>,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig { threads: 1, hash_mb: 16, aspiration: 50, model: Model::Paranoid, contempt: None, lmr: None }
    }
}

/// The alpha-beta searcher.
pub struct AlphaBeta<G: EngineGame> {
    config: AlphaBetaConfig,
    table: Arc<Table>,
    eval: G::Eval,
    /// Positions of this game seen before the current root: (ply, search key).
    seen: Vec<(u32, u64)>,
}

impl<G: EngineGame> AlphaBeta<G> {
    /// A searcher with these settings and the game's default evaluator.
    pub fn new(config: AlphaBetaConfig) -> Self {
        Self::with_eval(config, G::Eval::default())
    }

    /// A searcher with these settings and evaluator `eval`.
    pub fn with_eval(config: AlphaBetaConfig, eval: G::Eval) -> Self {
        let table = Arc::new(Table::new(config.hash_mb));
        AlphaBeta { config, table, eval, seen: Vec::new() }
    }

    /// The contempt in use: the configured one, else the game's default.
    pub fn contempt(&self) -> i32 {
        self.config.contempt.unwrap_or(G::CONTEMPT)
    }
}

/// The search key of a position for a searcher whose root seat is `root`: with three or
/// more seats (the coalition) or contempt (the draw's value) scores depend on the root
/// seat, so it is mixed in.
fn search_key<G: EngineGame>(game: &G, root: Seat, contempt: i32) -> u64 {
    if game.seats() > 2 || contempt != 0 { game.hash() ^ ROOT_KEYS[root.index()] } else { game.hash() }
}

/// A cheap hasher for the history table (FNV-1a over the move's hash input).
#[derive(Default)]
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
}

fn history_slot<M: Hash>(mv: &M) -> usize {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    mv.hash(&mut h);
    (h.finish() as usize) & (HISTORY - 1)
}

/// Why a search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Abort;

/// `Worker::owners` entry of a move the seat to move plays in turn.
const IN_TURN: u8 = u8::MAX;

/// One thread's search state.
struct Worker<'a, G: EngineGame> {
    table: &'a Table,
    eval: &'a G::Eval,
    root: Seat,
    root_team: u8,
    /// A draw's value for the root seat's team is `-contempt`.
    contempt: i32,
    /// Keys of the game's earlier positions: reaching one is a repetition.
    seen: &'a [u64],
    /// Moves of a node searched before late ones are reduced (0: no reductions).
    lmr: usize,
    /// Best-reply search is on (three or more seats, a game that can hand the turn on).
    brs: bool,
    /// The seats outside the root's team, in seat order.
    opponents: Vec<Seat>,
    nodes: u64,
    node_limit: Option<u64>,
    hard: Option<Instant>,
    stop: &'a AtomicBool,
    external: Option<&'a AtomicBool>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    path: Vec<u64>,
    pv: Vec<Vec<G::Move>>,
    /// Per ply, reused: the seat playing each move out of turn ([`IN_TURN`] if none).
    owners: Vec<Vec<u8>>,
    /// Per ply, reused: ordering keys and move indices.
    orders: Vec<Vec<(i32, usize)>>,
}

impl<'a, G: EngineGame> Worker<'a, G> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        table: &'a Table,
        eval: &'a G::Eval,
        game: &G,
        model: Model,
        stop: &'a AtomicBool,
        limits: &'a Limits,
        contempt: i32,
        seen: &'a [u64],
        lmr: usize,
    ) -> Self {
        let root = game.to_move();
        let root_team = game.team(root);
        let opponents: Vec<Seat> = (0..game.seats() as u8).map(Seat).filter(|&s| game.team(s) != root_team).collect();
        let brs =
            model == Model::BestReply && game.seats() > 2 && !opponents.is_empty() && game.clone().hand_turn_to(root);
        Worker {
            table,
            eval,
            root,
            root_team,
            contempt,
            seen,
            lmr,
            brs,
            opponents,
            nodes: 0,
            node_limit: limits.nodes,
            hard: None,
            stop,
            external: limits.stop.as_deref(),
            killers: vec![[None; 2]; MAX_PLY],
            history: vec![0; HISTORY],
            path: Vec::with_capacity(MAX_PLY),
            pv: vec![Vec::new(); MAX_PLY + 1],
            owners: vec![Vec::new(); MAX_PLY + 1],
            orders: vec![Vec::new(); MAX_PLY + 1],
        }
    }

    /// The table key ([`search_key`]).
    fn key(&self, game: &G) -> u64 {
        search_key(game, self.root, self.contempt)
    }

    /// A draw's value for the side to move.
    fn draw(&self, game: &G) -> i32 {
        -self.side(game) * self.contempt
    }

    /// +1 where the root seat's team moves, -1 where the others do.
    fn side(&self, game: &G) -> i32 {
        if game.team(game.to_move()) == self.root_team { 1 } else { -1 }
    }

    fn check_limits(&mut self) -> Result<(), Abort> {
        if self.node_limit.is_some_and(|n| self.nodes >= n) {
            return Err(Abort);
        }
        if self.nodes.is_multiple_of(1024) {
            let late = self.hard.is_some_and(|h| Instant::now() >= h);
            let external = self.external.is_some_and(|s| s.load(Ordering::Relaxed));
            if late || external {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        if self.stop.load(Ordering::Relaxed) { Err(Abort) } else { Ok(()) }
    }

    /// The value of a finished or horizon position for the side to move.
    fn leaf(&self, game: &G, ply: usize) -> i32 {
        // A finished game's margin is a win, a loss or 0 (a draw); an unfinished one's
        // evaluation is never as large as a win.
        let value = match margin(self.eval, game, self.root) {
            0 if game.outcome().is_some() => return self.draw(game),
            v if v >= score::WIN => score::WIN - ply as i32,
            v if v <= -score::WIN => -(score::WIN - ply as i32),
            v if self.contempt != 0 => v - self.contempt * game.draw_share() / 100,
            v => v,
        };
        self.side(game) * value
    }

    /// Lists the moves of a node into `moves`. At an opponents' layer of best-reply
    /// search these are the moves of every opponent, from the seat to move on, each on the
    /// position with the turn handed to its seat, which `owners` records; elsewhere
    /// `owners` is left empty.
    fn list_moves(&self, game: &G, moves: &mut MoveList<G::Move>, owners: &mut Vec<u8>) {
        owners.clear();
        if !self.brs || self.side(game) > 0 {
            game.legal_moves(moves);
            return;
        }
        moves.clear();
        let mut own = MoveList::new();
        let to_move = game.to_move();
        let first = self.opponents.iter().position(|&s| s >= to_move).unwrap_or(0);
        let n = self.opponents.len();
        for k in 0..n {
            let seat = self.opponents[(first + k) % n];
            if seat == to_move {
                game.legal_moves(&mut own);
            } else {
                let mut handed = game.clone();
                let handed_ok = handed.hand_turn_to(seat);
                debug_assert!(handed_ok, "the game refused to hand the turn on");
                handed.legal_moves(&mut own);
            }
            for &mv in &own {
                moves.push(mv);
                owners.push(if seat == to_move { IN_TURN } else { seat.0 });
            }
        }
    }

    /// The position after `mv`, which `owner` plays ([`IN_TURN`]: the seat to move), and
    /// whether it is the game's own position after `mv` (no turn handed on), so that a
    /// principal variation may go on through it. In best-reply search the turn then goes to
    /// the root seat after an opponent's move, and to an opponent after the root seat's.
    fn child(&self, game: &G, mv: G::Move, owner: u8) -> (G, bool) {
        let mut child = game.clone();
        if owner != IN_TURN {
            child.hand_turn_to(Seat(owner));
        }
        child.play(mv);
        let mut real = owner == IN_TURN;
        if self.brs && child.outcome().is_none() {
            let seat = if self.side(game) < 0 {
                Some(self.root)
            } else if self.side(&child) > 0 {
                // A team-mate would move next: the opponents' layer starts with the first
                // opponent after it.
                let next = child.to_move();
                Some(self.opponents.iter().copied().find(|&s| s > next).unwrap_or(self.opponents[0]))
            } else {
                None
            };
            if let Some(seat) = seat.filter(|&s| s != child.to_move()) {
                child.hand_turn_to(seat);
                real = false;
            }
        }
        (child, real)
    }

    fn negamax(&mut self, game: &G, depth: i32, ply: usize, alpha: i32, beta: i32) -> Result<i32, Abort> {
        self.check_limits()?;
        self.nodes += 1;
        self.pv[ply].clear();
        if game.outcome().is_some() {
            return Ok(self.leaf(game, ply));
        }
        let key = self.key(game);
        if ply > 0 && (self.path.contains(&key) || self.seen.contains(&key)) {
            return Ok(self.draw(game)); // a repetition: nobody gains by it
        }
        if depth <= 0 || ply + 1 >= MAX_PLY {
            return self.quiesce(game, ply, alpha, beta);
        }

        let mut hash_move = u16::MAX;
        if let Some(e) = self.table.probe(key) {
            hash_move = e.best;
            let s = from_table(e.score, ply);
            if ply > 0 && e.depth as i32 >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return Ok(s);
                }
            }
        }

        let mut moves = MoveList::new();
        let mut owners = std::mem::take(&mut self.owners[ply]);
        let mut order = std::mem::take(&mut self.orders[ply]);
        self.list_moves(game, &mut moves, &mut owners);
        self.order(game, &moves, hash_move, ply, &mut order);
        self.path.push(key);
        let searched = self.search_moves(game, depth, ply, alpha, beta, &moves, &owners, &mut order);
        self.path.pop();
        self.owners[ply] = owners;
        self.orders[ply] = order;
        let (best, best_index) = searched?;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.store(
            key,
            Entry { score: to_table(best, ply), depth: depth.clamp(0, 255) as u8, bound, best: best_index },
        );
        Ok(best)
    }

    /// The principal variation search over the ordered moves of a node: its value and
    /// the index of its best move.
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        game: &G,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        moves: &MoveList<G::Move>,
        owners: &[u8],
        order: &mut [(i32, usize)],
    ) -> Result<(i32, u16), Abort> {
        let me = self.side(game);
        let mut best = -score::INFINITY;
        let mut best_index = u16::MAX;
        for k in 0..order.len() {
            let i = pick(order, k);
            let mv = moves.as_slice()[i];
            let owner = owners.get(i).copied().unwrap_or(IN_TURN);
            let (child, real) = self.child(game, mv, owner);
            let same = self.side(&child) == me;
            // Search a child: its value seen from here, with the window flipped unless the
            // same side moves again.
            let search = |w: &mut Self, reduce: i32, lo: i32, hi: i32| -> Result<i32, Abort> {
                if same {
                    w.negamax(&child, depth - 1 - reduce, ply + 1, lo, hi)
                } else {
                    Ok(-w.negamax(&child, depth - 1 - reduce, ply + 1, -hi, -lo)?)
                }
            };
            // Late move reduction: a late quiet move is first searched one ply shallower
            // with a null window, and again at full depth only if it beats alpha.
            let reduced = self.lmr > 0
                && k >= self.lmr
                && depth >= 3
                && owner == IN_TURN
                && !game.is_tactical(mv)
                && search(self, 1, alpha, alpha + 1)? <= alpha;
            let value = if reduced {
                alpha
            } else if k == 0 {
                search(self, 0, alpha, beta)?
            } else {
                match search(self, 0, alpha, alpha + 1)? {
                    v if v > alpha && v < beta => search(self, 0, alpha, beta)?,
                    v => v,
                }
            };
            if value > best {
                best = value;
                best_index = i as u16;
                if value > alpha {
                    alpha = value;
                    // The principal variation holds moves of the game in turn order only:
                    // best-reply search cuts it before a move out of turn.
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    if owner == IN_TURN {
                        head[ply].push(mv);
                        if real {
                            head[ply].extend_from_slice(&tail[0]);
                        }
                    }
                }
            }
            if alpha >= beta {
                let killers = &mut self.killers[ply];
                if killers[0] != Some(mv) {
                    killers[1] = killers[0];
                    killers[0] = Some(mv);
                }
                let h = &mut self.history[history_slot(&mv)];
                *h = (*h + depth * depth).min(1 << 20);
                break;
            }
        }
        Ok((best, best_index))
    }

    /// Stand pat, then tactical moves only.
    fn quiesce(&mut self, game: &G, ply: usize, mut alpha: i32, beta: i32) -> Result<i32, Abort> {
        let stand = self.leaf(game, ply);
        if stand >= beta || ply + 1 >= MAX_PLY {
            return Ok(stand);
        }
        alpha = alpha.max(stand);
        let mut moves = MoveList::new();
        let mut owners = std::mem::take(&mut self.owners[ply]);
        self.list_moves(game, &mut moves, &mut owners);
        let me = self.side(game);
        let mut best = Ok(stand);
        for (i, &mv) in moves.iter().enumerate() {
            let owner = owners.get(i).copied().unwrap_or(IN_TURN);
            let tactical = if owner == IN_TURN {
                game.is_tactical(mv)
            } else {
                let mut handed = game.clone();
                handed.hand_turn_to(Seat(owner));
                handed.is_tactical(mv)
            };
            if !tactical {
                continue;
            }
            if let Err(e) = self.check_limits() {
                best = Err(e);
                break;
            }
            self.nodes += 1;
            let (child, _) = self.child(game, mv, owner);
            let value = if self.side(&child) == me {
                self.quiesce(&child, ply + 1, alpha, beta)
            } else {
                self.quiesce(&child, ply + 1, -beta, -alpha).map(|v| -v)
            };
            match value {
                Ok(v) => {
                    best = best.map(|b| b.max(v));
                    alpha = alpha.max(v);
                    if alpha >= beta {
                        break;
                    }
                }
                Err(e) => {
                    best = Err(e);
                    break;
                }
            }
        }
        self.owners[ply] = owners;
        best
    }

    /// Ordering keys into `out`: the hash move, then killers, then history.
    /// At the root with a positive contempt, moves that only settle for a draw
    /// ([`EngineGame::seeks_draw`]) come last, so that one is played only when strictly
    /// better than all others.
    fn order(&self, game: &G, moves: &MoveList<G::Move>, hash_move: u16, ply: usize, out: &mut Vec<(i32, usize)>) {
        let killers = &self.killers[ply];
        let settle_last = ply == 0 && self.contempt > 0;
        out.clear();
        out.extend(moves.iter().enumerate().map(|(i, mv)| {
            let key = if settle_last && game.seeks_draw(*mv) {
                i32::MIN
            } else if i as u16 == hash_move {
                i32::MAX
            } else if killers[0] == Some(*mv) {
                i32::MAX - 1
            } else if killers[1] == Some(*mv) {
                i32::MAX - 2
            } else {
                self.history[history_slot(mv)]
            };
            (key, i)
        }));
    }
}

/// Picks before the rest of a node's moves are sorted at once.
const PICKS_BEFORE_SORT: usize = 4;

/// Moves the best-ordered remaining move to position `k` and returns its index: the
/// highest key first, the lower index among equal keys. The first few are picked one by
/// one (a cut-off usually comes early); then the rest is sorted in one go, in the same
/// order, so that a node searching all its moves does not pay for a selection each.
fn pick(order: &mut [(i32, usize)], k: usize) -> usize {
    if k < PICKS_BEFORE_SORT {
        let best = (k..order.len()).max_by_key(|&j| (order[j].0, std::cmp::Reverse(order[j].1))).unwrap_or(k);
        order.swap(k, best);
    } else if k == PICKS_BEFORE_SORT {
        order[k..].sort_unstable_by_key(|&(key, i)| (std::cmp::Reverse(key), i));
    }
    order[k].1
}

/// Win scores are stored as distances from the stored node, not from the root.
fn to_table(s: i32, ply: usize) -> i32 {
    if s >= score::WIN_THRESHOLD {
        s + ply as i32
    } else if s <= -score::WIN_THRESHOLD {
        s - ply as i32
    } else {
        s
    }
}

fn from_table(s: i32, ply: usize) -> i32 {
    if s >= score::WIN_THRESHOLD {
        s - ply as i32
    } else if s <= -score::WIN_THRESHOLD {
        s + ply as i32
    } else {
        s
    }
}

/// One thread's iterative deepening; reports completed iterations through `report`.
fn iterate<G: EngineGame>(
    worker: &mut Worker<'_, G>,
    game: &G,
    limits: &Limits,
    start: Instant,
    first_depth: u32,
    aspiration: i32,
    report: &mut dyn FnMut(&SearchInfo<G::Move>),
) -> SearchResult<G::Move> {
    let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 2).min(MAX_PLY as u32 - 2);
    let mut result = SearchResult { best: None, score: 0, pv: Vec::new(), nodes: 0, depth: 0, time: Duration::ZERO };
    let mut last_iteration = Duration::ZERO;
    let mut depth = first_depth.min(max_depth);
    while depth <= max_depth {
        if let Some(soft) = limits.soft_time
            && depth > first_depth
            && !crate::time::should_start_iteration(start.elapsed(), last_iteration, soft)
        {
            break;
        }
        let began = Instant::now();
        let (mut lo, mut hi) = if depth > 1 && result.score.abs() < score::WIN_THRESHOLD {
            (result.score - aspiration, result.score + aspiration)
        } else {
            (-score::INFINITY, score::INFINITY)
        };
        let mut widen = aspiration;
        let outcome = loop {
            match worker.negamax(game, depth as i32, 0, lo, hi) {
                Ok(v) if v <= lo && lo > -score::INFINITY => lo = (v - widen).max(-score::INFINITY),
                Ok(v) if v >= hi && hi < score::INFINITY => hi = (v + widen).min(score::INFINITY),
                other => break other,
            }
            widen *= 4;
        };
        let Ok(value) = outcome else { break };
        last_iteration = began.elapsed();
        let pv = worker.pv[0].clone();
        result = SearchResult {
            best: pv.first().copied(),
            score: value,
            pv,
            nodes: worker.nodes,
            depth,
            time: start.elapsed(),
        };
        report(&SearchInfo { depth, score: value, nodes: worker.nodes, time: result.time, pv: result.pv.clone() });
        if value.abs() >= score::WIN_THRESHOLD && (score::WIN - value.abs()) as u32 <= depth {
            break; // a proven result no deeper search can change
        }
        depth += 1;
    }
    result.nodes = worker.nodes;
    result.time = start.elapsed();
    result
}

impl<G: EngineGame> Searcher<G> for AlphaBeta<G> {
    fn search(
        &mut self,
        game: &G,
        limits: &Limits,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let start = Instant::now();
        let stop = AtomicBool::new(false);
        let hard = limits.hard_time.map(|t| start + t);
        let model = self.config.model;
        let contempt = self.contempt();
        let lmr = self.config.lmr.unwrap_or(G::LATE_MOVE_REDUCTIONS);
        // Positions from later plies belong to another game or a line taken back.
        let ply = game.ply();
        let root = game.to_move();
        self.seen.retain(|&(p, _)| p < ply);
        let seen: Vec<u64> = self.seen.iter().map(|&(_, k)| k).collect();
        let make_worker = || {
            let mut w = Worker::<G>::new(&self.table, &self.eval, game, model, &stop, limits, contempt, &seen, lmr);
            w.hard = hard;
            w
        };
        let aspiration = self.config.aspiration;
        let mut result = std::thread::scope(|scope| {
            for t in 1..self.config.threads {
                let mut helper = make_worker();
                scope.spawn(move || {
                    // Helpers start one ply deeper on odd threads to spread the work.
                    let first = 1 + (t as u32 % 2);
                    iterate(&mut helper, game, limits, start, first, aspiration, &mut |_| {});
                });
            }
            let mut main = make_worker();
            let result = iterate(&mut main, game, limits, start, 1, aspiration, report);
            stop.store(true, Ordering::Relaxed);
            result
        });
        if result.best.is_none() {
            // Not even depth 1 finished: play the first legal move rather than nothing.
            let mut moves = MoveList::new();
            game.legal_moves(&mut moves);
            result.best = moves.as_slice().first().copied();
        }
        self.seen.push((ply, search_key(game, root, contempt)));
        if let Some(mv) = result.best {
            let mut child = game.clone();
            child.play(mv);
            self.seen.push((ply + 1, search_key(&child, root, contempt)));
        }
        result
    }

    fn new_game(&mut self) {
        self.table.clear();
        self.seen.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use tabula_rules::Game;
    use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};

    /// Plain paranoid minimax, no pruning, no table: the reference value for the root seat.
    fn minimax(game: &ChineseCheckers, root: Seat, depth: u32, ply: i32) -> i32 {
        let eval = crate::eval::chinese_checkers::CcEval::default();
        if game.outcome().is_some() || depth == 0 {
            return match margin(&eval, game, root) {
                v if v >= score::WIN => score::WIN - ply,
                v if v <= -score::WIN => -(score::WIN - ply),
                v => v,
            };
        }
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let values = moves.iter().map(|&mv| {
            let mut child = *game;
            child.play(mv);
            minimax(&child, root, depth - 1, ply + 1)
        });
        if game.to_move() == root { values.max().unwrap() } else { values.min().unwrap() }
    }

    fn random_position(players: u8, plies: usize, seed: u64) -> ChineseCheckers {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut g = ChineseCheckers::new(&CcOptions { players, ..CcOptions::default() }).unwrap();
        let mut moves = MoveList::new();
        for _ in 0..plies {
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            g.play(moves.as_slice()[rng.random_range(0..moves.len())]);
        }
        g
    }

    fn search(game: &ChineseCheckers, limits: Limits) -> SearchResult<tabula_rules::games::chinese_checkers::CcMove> {
        AlphaBeta::<ChineseCheckers>::new(AlphaBetaConfig::default()).search(game, &limits, &mut |_| {})
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]
        #[test]
        fn equals_plain_minimax(seed in any::<u64>(), players in prop::sample::select(vec![2u8, 3]), plies in 0usize..40, depth in 1u32..=3) {
            let g = random_position(players, plies, seed);
            prop_assume!(g.outcome().is_none());
            let expected = minimax(&g, g.to_move(), depth, 0);
            let got = search(&g, Limits::depth(depth));
            prop_assert_eq!(got.score, expected);
            prop_assert_eq!(got.depth, depth);
            prop_assert!(got.best.is_some());
        }
    }

    /// With the game drawn after one ply, every move is a draw: worth `-contempt` to the
    /// root seat, 0 without contempt.
    #[test]
    fn contempt_scores_draws_below_even() {
        let options = CcOptions { max_plies: Some(1), ..CcOptions::default() };
        let g = ChineseCheckers::new(&options).unwrap();
        for (contempt, expected) in [(None, 0), (Some(0), 0), (Some(40), -40), (Some(-25), 25)] {
            let config = AlphaBetaConfig { contempt, ..AlphaBetaConfig::default() };
            let r = AlphaBeta::<ChineseCheckers>::new(config).search(&g, &Limits::depth(2), &mut |_| {});
            assert_eq!(r.score, expected, "contempt {contempt:?}");
        }
    }

    /// The searcher remembers the position it searched and the one its move made; a search
    /// at the same ply again first forgets them.
    #[test]
    fn the_searcher_remembers_its_positions() {
        let g = random_position(2, 6, 5);
        let config = AlphaBetaConfig { contempt: Some(5_000), ..AlphaBetaConfig::default() };
        let mut ab = AlphaBeta::<ChineseCheckers>::new(config.clone());
        let first = ab.search(&g, &Limits::depth(1), &mut |_| {});
        assert_eq!(ab.seen.len(), 2);
        // Keys carry the root seat: with contempt a draw's value depends on it.
        let key = |p: &ChineseCheckers| search_key(p, g.to_move(), 5_000);
        assert_eq!(ab.seen[0], (g.ply(), key(&g)));
        let mut after = g;
        after.play(first.best.unwrap());
        assert_eq!(ab.seen[1], (g.ply() + 1, key(&after)));
        // Searching the first position again: the entries of its ply and later go.
        ab.search(&g, &Limits::depth(1), &mut |_| {});
        assert_eq!(ab.seen.len(), 2);
    }

    /// Icelights pieces can go back: after d1-d2 e8-e7 d2-d1, seat 1's e7-e8 returns to the
    /// start. A searcher for seat 1 that saw the start (and loves draws: contempt -5000)
    /// scores that move as the draw and plays it; a fresh one does not know it.
    #[test]
    fn a_return_to_a_remembered_position_is_a_draw() {
        use tabula_rules::games::icelights::{Icelights, IlOptions};
        let start = Icelights::new(&IlOptions::default()).unwrap();
        let mut g = start;
        for text in ["d1-d2", "e8-e7", "d2-d1"] {
            let mv = g.parse_move(text).unwrap();
            g.play(mv);
        }
        assert!(g.outcome().is_none());
        let config = AlphaBetaConfig { contempt: Some(-5_000), lmr: Some(0), ..AlphaBetaConfig::default() };
        let mut knowing = AlphaBeta::<Icelights>::new(config.clone());
        knowing.seen = vec![(0, search_key(&start, g.to_move(), -5_000))];
        let r = knowing.search(&g, &Limits::depth(1), &mut |_| {});
        assert_eq!(r.score, 5_000);
        assert_eq!(g.format_move(r.best.unwrap()), "e7-e8");
        let fresh = AlphaBeta::<Icelights>::new(config).search(&g, &Limits::depth(1), &mut |_| {});
        assert!(fresh.score < 5_000);
    }

    #[test]
    fn node_limit_is_exact() {
        let g = random_position(2, 10, 1);
        for n in [1, 100, 5000] {
            assert_eq!(search(&g, Limits::nodes(n)).nodes, n);
        }
    }

    /// Seat 0 has nine pegs home and one on i5, a step from the empty h4; seat 1's pegs
    /// sit on rank 12.
    fn one_to_go() -> ChineseCheckers {
        let text = "chinese-checkers players=2 camps=03 turn=0 ply=80 passes=0 \
            board=./../.../..../............./1111111111../.........../........../........./........../.........../............/........0..../000./000/00/0";
        ChineseCheckers::from_text(text).unwrap()
    }

    #[test]
    fn finds_the_win_in_one_and_scores_it() {
        let g = one_to_go();
        let r = search(&g, Limits::depth(4));
        assert_eq!(g.format_move(r.best.unwrap()), "i5-h4");
        assert_eq!(r.score, score::WIN - 1);
    }

    /// Seat 0 has eight pegs home, g4 and h4 empty, and pegs on h5 and i5, each a step
    /// from one of them: the win takes two of its moves, three plies.
    fn two_to_go() -> ChineseCheckers {
        let rows = [
            ".",
            "..",
            "...",
            "....",
            ".............",
            "1111111111..",
            "...........",
            "..........",
            ".........",
            "..........",
            "...........",
            "............",
            ".......00....",
            "00..",
            "000",
            "00",
            "0",
        ];
        let text = format!("chinese-checkers players=2 camps=03 turn=0 ply=80 passes=0 board={}", rows.join("/"));
        ChineseCheckers::from_text(&text).unwrap()
    }

    /// Late move reductions keep the proven win in one and its score.
    #[test]
    fn late_move_reductions_keep_the_win() {
        let g = one_to_go();
        for lmr in [1, 2, 8] {
            let config = AlphaBetaConfig { lmr: Some(lmr), ..AlphaBetaConfig::default() };
            let r = AlphaBeta::<ChineseCheckers>::new(config).search(&g, &Limits::depth(4), &mut |_| {});
            assert_eq!(g.format_move(r.best.unwrap()), "i5-h4", "lmr {lmr}");
            assert_eq!(r.score, score::WIN - 1, "lmr {lmr}");
        }
    }

    #[test]
    fn prefers_the_fastest_win() {
        let g = two_to_go();
        let r = search(&g, Limits::depth(5));
        assert_eq!(r.score, score::WIN - 3, "pv {:?}", r.pv.iter().map(|&m| g.format_move(m)).collect::<Vec<_>>());
        let mut after = g;
        after.play(r.best.unwrap());
        let next = search(&after, Limits::depth(4));
        assert_eq!(next.score, -(score::WIN - 2), "seat 1 sees the loss two plies away");
    }

    #[test]
    fn two_threads_give_a_legal_move_and_a_proven_win() {
        let g = one_to_go();
        let mut ab = AlphaBeta::<ChineseCheckers>::new(AlphaBetaConfig { threads: 2, ..AlphaBetaConfig::default() });
        let r = ab.search(&g, &Limits::depth(6), &mut |_| {});
        assert_eq!(g.format_move(r.best.unwrap()), "i5-h4");
        assert_eq!(r.score, score::WIN - 1);
    }

    #[test]
    fn a_think_time_is_kept() {
        let g = ChineseCheckers::new(&CcOptions::default()).unwrap();
        let start = Instant::now();
        let r = search(&g, Limits::think(Duration::from_millis(300)));
        let spent = start.elapsed();
        assert!(r.best.is_some());
        assert!(spent < Duration::from_millis(450), "overran: {spent:?}");
    }

    #[test]
    fn with_contempt_the_root_tries_settling_moves_last() {
        use tabula_rules::games::martian_chess::{MartianChess, McOptions};
        let game = MartianChess::new(&McOptions::default()).unwrap();
        let (table, eval, stop, limits) =
            (Table::new(1), crate::eval::martian_chess::McEval, AtomicBool::new(false), Limits::depth(1));
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let calls = moves.iter().filter(|m| m.call).count();
        assert!(calls > 0 && moves.iter().all(|&m| game.seeks_draw(m) == m.call), "0-0: every call settles");
        // The hash move is a call: with contempt it still comes after every other move.
        let hash = moves.iter().position(|m| m.call).unwrap() as u16;
        let order_of = |contempt: i32, ply: usize| {
            let worker = Worker::new(&table, &eval, &game, Model::Paranoid, &stop, &limits, contempt, &[], 0);
            let mut order = Vec::new();
            worker.order(&game, &moves, hash, ply, &mut order);
            (0..order.len()).map(|k| moves.as_slice()[pick(&mut order, k)]).collect::<Vec<_>>()
        };
        let root = order_of(100, 0);
        assert!(root[..moves.len() - calls].iter().all(|m| !m.call), "{root:?}");
        // Without contempt, or below the root, the hash move leads as usual.
        assert_eq!(order_of(0, 0)[0], moves.as_slice()[hash as usize]);
        assert_eq!(order_of(100, 1)[0], moves.as_slice()[hash as usize]);
    }
}
