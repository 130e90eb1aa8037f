//! Alpha-beta: iterative deepening negamax with principal variation search, aspiration
//! windows, a shared transposition table, hash-move / killer / history ordering, win
//! scores that prefer the fastest win and the slowest loss, repetition as a draw, a
//! quiescence search over tactical moves, and Lazy SMP across threads.
//!
//! With three or more seats it searches the paranoid model: the root seat against a
//! coalition of all others. Nodes where the root seat moves maximise, the others minimise;
//! with two seats that is exactly plain negamax.

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

/// Settings of the alpha-beta searcher.
#[derive(Clone, Debug, PartialEq)]
pub struct AlphaBetaConfig {
    /// Search threads (Lazy SMP).
    pub threads: usize,
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// Aspiration window half-width at the root.
    pub aspiration: i32,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig { threads: 1, hash_mb: 16, aspiration: 50 }
    }
}

/// The alpha-beta searcher.
pub struct AlphaBeta<G: EngineGame> {
    config: AlphaBetaConfig,
    table: Arc<Table>,
    eval: G::Eval,
}

impl<G: EngineGame> AlphaBeta<G> {
    /// A searcher with these settings.
    pub fn new(config: AlphaBetaConfig) -> Self {
        let table = Arc::new(Table::new(config.hash_mb));
        AlphaBeta { config, table, eval: G::Eval::default() }
    }
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

/// One thread's search state.
struct Worker<'a, G: EngineGame> {
    table: &'a Table,
    eval: &'a G::Eval,
    root: Seat,
    seats: usize,
    nodes: u64,
    node_limit: Option<u64>,
    hard: Option<Instant>,
    stop: &'a AtomicBool,
    external: Option<&'a AtomicBool>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    path: Vec<u64>,
    pv: Vec<Vec<G::Move>>,
}

impl<'a, G: EngineGame> Worker<'a, G> {
    fn key(&self, game: &G) -> u64 {
        if self.seats > 2 { game.hash() ^ ROOT_KEYS[self.root.index()] } else { game.hash() }
    }

    /// +1 where the root seat moves, -1 where the coalition does.
    fn side(&self, game: &G) -> i32 {
        if game.to_move() == self.root { 1 } else { -1 }
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
        let value = margin(self.eval, game, self.root);
        let value = match value {
            v if v >= score::WIN => score::WIN - ply as i32,
            v if v <= -score::WIN => -(score::WIN - ply as i32),
            v => v,
        };
        self.side(game) * value
    }

    fn negamax(&mut self, game: &G, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> Result<i32, Abort> {
        self.check_limits()?;
        self.nodes += 1;
        self.pv[ply].clear();
        if game.outcome().is_some() {
            return Ok(self.leaf(game, ply));
        }
        let key = self.key(game);
        if ply > 0 && self.path.contains(&key) {
            return Ok(0); // a repetition on the path: nobody gains by it
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
        game.legal_moves(&mut moves);
        let mut order = self.order(&moves, hash_move, ply);
        let me = self.side(game);
        let alpha0 = alpha;
        let mut best = -score::INFINITY;
        let mut best_index = u16::MAX;
        self.path.push(key);
        for k in 0..order.len() {
            let i = pick(&mut order, k);
            let mv = moves.as_slice()[i];
            let mut child = game.clone();
            child.play(mv);
            let same = self.side(&child) == me;
            // Search a child: its value seen from here, with the window flipped unless the
            // same side moves again.
            let search = |w: &mut Self, lo: i32, hi: i32| -> Result<i32, Abort> {
                if same {
                    w.negamax(&child, depth - 1, ply + 1, lo, hi)
                } else {
                    Ok(-w.negamax(&child, depth - 1, ply + 1, -hi, -lo)?)
                }
            };
            let value = if k == 0 {
                search(self, alpha, beta)
            } else {
                match search(self, alpha, alpha + 1) {
                    Ok(v) if v > alpha && v < beta => search(self, alpha, beta),
                    other => other,
                }
            };
            let value = match value {
                Ok(v) => v,
                Err(e) => {
                    self.path.pop();
                    return Err(e);
                }
            };
            if value > best {
                best = value;
                best_index = i as u16;
                if value > alpha {
                    alpha = value;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(mv);
                    head[ply].extend_from_slice(&tail[0]);
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
        self.path.pop();
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
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

    /// Stand pat, then tactical moves only.
    fn quiesce(&mut self, game: &G, ply: usize, mut alpha: i32, beta: i32) -> Result<i32, Abort> {
        let stand = self.leaf(game, ply);
        if stand >= beta || ply + 1 >= MAX_PLY {
            return Ok(stand);
        }
        alpha = alpha.max(stand);
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let me = self.side(game);
        let mut best = stand;
        for &mv in moves.iter().filter(|&&m| game.is_tactical(m)) {
            self.check_limits()?;
            self.nodes += 1;
            let mut child = game.clone();
            child.play(mv);
            let value = if self.side(&child) == me {
                self.quiesce(&child, ply + 1, alpha, beta)?
            } else {
                -self.quiesce(&child, ply + 1, -beta, -alpha)?
            };
            best = best.max(value);
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        Ok(best)
    }

    /// Ordering keys: the hash move, then killers, then history.
    fn order(&self, moves: &MoveList<G::Move>, hash_move: u16, ply: usize) -> Vec<(i32, usize)> {
        let killers = &self.killers[ply];
        moves
            .iter()
            .enumerate()
            .map(|(i, mv)| {
                let key = if i as u16 == hash_move {
                    i32::MAX
                } else if killers[0] == Some(*mv) {
                    i32::MAX - 1
                } else if killers[1] == Some(*mv) {
                    i32::MAX - 2
                } else {
                    self.history[history_slot(mv)]
                };
                (key, i)
            })
            .collect()
    }
}

/// Moves the best-ordered remaining move to position `k` and returns its index.
fn pick(order: &mut [(i32, usize)], k: usize) -> usize {
    let best = (k..order.len()).max_by_key(|&j| (order[j].0, std::cmp::Reverse(order[j].1))).unwrap_or(k);
    order.swap(k, best);
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
        let make_worker = || Worker::<G> {
            table: &self.table,
            eval: &self.eval,
            root: game.to_move(),
            seats: game.seats(),
            nodes: 0,
            node_limit: limits.nodes,
            hard,
            stop: &stop,
            external: limits.stop.as_deref(),
            killers: vec![[None; 2]; MAX_PLY],
            history: vec![0; HISTORY],
            path: Vec::with_capacity(MAX_PLY),
            pv: vec![Vec::new(); MAX_PLY + 1],
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
        result
    }

    fn new_game(&mut self) {
        self.table.clear();
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
        let eval = crate::eval::chinese_checkers::CcEval;
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
}
