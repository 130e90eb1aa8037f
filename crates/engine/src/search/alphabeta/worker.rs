//! One thread's search state and what every node asks of it: the side to move, the value
//! of a leaf, and whether a limit has stopped the search.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tabula_rules::Seat;

use crate::api::{EngineGame, Limits, score};
use crate::search::max_ply::MAX_PLY;
use crate::search::opponent_model::{Model, opponents_of};
use crate::search::simple::rivals_margin;
use crate::search::table::Table;

use super::busy::Busy;

/// The most nodes a thread searches between looks at the clock, the stop flags and the
/// shared node count.
const CHECK_EVERY: u64 = 1024;
/// The fewest: where nodes are slow (an Icelights node lists and orders hundreds of moves,
/// each firing the beams), the interval shrinks so that the clock is read about every
/// [`CHECK_TIME`].
const CHECK_MIN: u64 = 16;
/// The time aimed at between two looks at the clock.
const CHECK_TIME: Duration = Duration::from_micros(100);

/// The next interval between looks at the clock, after `interval` nodes took `took`:
/// halved when they took more than twice [`CHECK_TIME`], doubled when less than half of
/// it, within [`CHECK_MIN`] and [`CHECK_EVERY`].
pub(super) fn next_interval(interval: u64, took: Duration) -> u64 {
    if took > 2 * CHECK_TIME {
        (interval / 2).max(CHECK_MIN)
    } else if took < CHECK_TIME / 2 {
        (interval * 2).min(CHECK_EVERY)
    } else {
        interval
    }
}

/// Slots in the history table.
pub(super) const HISTORY: usize = 1 << 12;

/// Why a search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Abort;

/// What a thread's search shares with the searcher and the other threads.
pub(super) struct Shared<'a, G: EngineGame> {
    /// The transposition table of every thread.
    pub table: &'a Table,
    /// The evaluator.
    pub eval: &'a G::Eval,
    /// Raised by the first thread that sees a limit passed; every thread then stops.
    pub stop: &'a AtomicBool,
    /// Every thread's nodes: each thread adds its own whenever it looks at the clock and
    /// when its search ends.
    pub counted: &'a AtomicU64,
    /// The depth of the main thread's current iteration: helpers search deeper.
    pub main_depth: &'a AtomicU32,
    /// The limits of this search.
    pub limits: &'a Limits,
    /// When the search started.
    pub start: Instant,
    /// The aspiration window's half-width at the root.
    pub aspiration: i32,
    /// A draw's value for the root seat's team is `-contempt`.
    pub contempt: i32,
    /// Keys of the game's earlier positions: reaching one is a repetition.
    pub seen: &'a [u64],
    /// Moves of a node searched before late ones are reduced (0: no reductions).
    pub lmr: usize,
    /// Percent of the root's margin taken over the other teams' mean (see
    /// [`Tuning::rivals`](crate::tuning::Tuning::rivals)).
    pub rivals: i32,
    /// Plies past the horizon that quiescence plays tactical moves.
    pub quiescence: u32,
    /// The opponent model with three or more seats.
    pub model: Model,
    /// The moves in search on some thread, with two or more threads.
    pub busy: Option<&'a Busy>,
}

/// One thread's search state.
pub(super) struct Worker<'a, G: EngineGame> {
    pub table: &'a Table,
    pub eval: &'a G::Eval,
    pub root: Seat,
    pub root_team: u8,
    /// A draw's value for the root seat's team is `-contempt`.
    pub contempt: i32,
    /// Keys of the game's earlier positions: reaching one is a repetition.
    pub seen: &'a [u64],
    /// Moves of a node searched before late ones are reduced (0: no reductions).
    pub lmr: usize,
    /// Percent of the root's margin taken over the other teams' mean.
    pub rivals: i32,
    /// Plies past the horizon that quiescence plays tactical moves.
    pub quiescence: u32,
    /// Best-reply search is on (three or more seats, a game that can hand the turn on).
    pub brs: bool,
    /// max^n is on (three or more seats).
    pub maxn: bool,
    /// The seats outside the root's team, in seat order.
    pub opponents: Vec<Seat>,
    pub limits: &'a Limits,
    pub start: Instant,
    pub aspiration: i32,
    /// This thread's nodes.
    pub nodes: u64,
    /// How many of `nodes` were added to `counted`.
    flushed: u64,
    /// The other threads' nodes as `counted` held them at the last flush.
    others: u64,
    /// Nodes between looks at the clock (see [`next_interval`]), the node count of the
    /// next look, and when the last one was.
    interval: u64,
    next_check: u64,
    checked: Instant,
    /// Every thread's nodes (see [`Shared::counted`]).
    counted: &'a AtomicU64,
    /// The depth of the main thread's current iteration (see [`Shared::main_depth`]).
    pub main_depth: &'a AtomicU32,
    /// A helper thread (Lazy SMP): it keeps a ply ahead of the main thread.
    pub helper: bool,
    /// The deepest ply a node of the full-width search reached.
    pub deepest: usize,
    /// A limit on every thread's nodes together.
    pub node_limit: Option<u64>,
    /// The time by which every thread must stop.
    pub hard: Option<Instant>,
    pub stop: &'a AtomicBool,
    pub external: Option<&'a AtomicBool>,
    pub killers: Vec<[Option<G::Move>; 2]>,
    pub history: Vec<i32>,
    pub path: Vec<u64>,
    pub pv: Vec<Vec<G::Move>>,
    /// The value of the first move of `pv[0]` for the root seat, searched in the current
    /// iteration: what an unfinished iteration found.
    pub root_value: i32,
    /// Per ply, reused: the seat playing each move out of turn
    /// ([`IN_TURN`](super::models::IN_TURN) if none).
    pub owners: Vec<Vec<u8>>,
    /// Per ply, reused: ordering keys and move indices.
    pub orders: Vec<Vec<(i32, usize)>>,
    /// The moves in search on some thread, with two or more threads (see `busy.rs`).
    pub busy: Option<&'a Busy>,
    /// Per ply, reused: the moves deferred because another thread was searching them,
    /// each with its place in the order.
    pub deferred: Vec<Vec<(usize, usize)>>,
}

impl<'a, G: EngineGame> Worker<'a, G> {
    /// A fresh worker for a search of `game` with what the threads share.
    pub fn new(shared: &Shared<'a, G>, game: &G) -> Self {
        let root = game.to_move();
        let root_team = game.team(root);
        let opponents = opponents_of(game, root_team);
        let brs = shared.model.best_reply_applies(game, &opponents);
        Worker {
            table: shared.table,
            eval: shared.eval,
            root,
            root_team,
            contempt: shared.contempt,
            seen: shared.seen,
            lmr: shared.lmr,
            rivals: shared.rivals,
            quiescence: shared.quiescence,
            brs,
            maxn: shared.model.maxn_applies(game),
            opponents,
            limits: shared.limits,
            start: shared.start,
            aspiration: shared.aspiration,
            nodes: 0,
            flushed: 0,
            others: 0,
            interval: CHECK_EVERY,
            next_check: CHECK_EVERY,
            checked: shared.start,
            counted: shared.counted,
            main_depth: shared.main_depth,
            helper: false,
            deepest: 0,
            node_limit: shared.limits.nodes,
            hard: shared.limits.hard_time.map(|t| shared.start + t),
            stop: shared.stop,
            external: shared.limits.stop.as_deref(),
            killers: vec![[None; 2]; MAX_PLY],
            history: vec![0; HISTORY],
            path: Vec::with_capacity(MAX_PLY),
            pv: vec![Vec::new(); MAX_PLY + 1],
            root_value: 0,
            owners: vec![Vec::new(); MAX_PLY + 1],
            orders: vec![Vec::new(); MAX_PLY + 1],
            busy: shared.busy,
            deferred: vec![Vec::new(); MAX_PLY + 1],
        }
    }

    /// +1 where the root seat's team moves, -1 where the others do.
    pub fn side(&self, game: &G) -> i32 {
        if game.team(game.to_move()) == self.root_team { 1 } else { -1 }
    }

    /// Fails once the node limit is reached, the hard time has passed, or
    /// a stop was asked for (the clock, the outside flag and the other threads' nodes are
    /// read every [`CHECK_MIN`] to [`CHECK_EVERY`] nodes: with one thread the node limit is
    /// exact).
    pub fn check_limits(&mut self) -> Result<(), Abort> {
        if self.node_limit.is_some_and(|n| self.nodes + self.others >= n) {
            return Err(Abort);
        }
        if self.nodes >= self.next_check {
            self.flush();
            let now = Instant::now();
            self.interval = next_interval(self.interval, now.saturating_duration_since(self.checked));
            self.next_check = self.nodes + self.interval;
            self.checked = now;
            let late = self.hard.is_some_and(|h| now >= h);
            let external = self.external.is_some_and(|s| s.load(Ordering::Relaxed));
            if late || external {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        if self.stop.load(Ordering::Relaxed) { Err(Abort) } else { Ok(()) }
    }

    /// Adds this thread's new nodes to the shared count and reads the other threads'.
    pub fn flush(&mut self) {
        let new = self.nodes - self.flushed;
        let all = self.counted.fetch_add(new, Ordering::Relaxed) + new;
        self.flushed = self.nodes;
        self.others = all - self.nodes;
    }

    /// Every thread's nodes so far (the others' as of their last flush).
    pub fn all_nodes(&mut self) -> u64 {
        self.flush();
        self.nodes + self.others
    }

    /// The value of a finished or horizon position for the side to move.
    pub fn leaf(&self, game: &G, ply: usize) -> i32 {
        // A finished game's margin is a win, a loss or 0 (a draw); an unfinished one's
        // evaluation is never as large as a win.
        let value = match rivals_margin(self.eval, game, self.root, self.rivals) {
            0 if game.is_over() => return self.draw(game),
            v if v >= score::WIN => score::WIN - ply as i32,
            v if v <= -score::WIN => -(score::WIN - ply as i32),
            v if self.contempt != 0 => v - self.contempt * game.draw_share() / 100,
            v => v,
        };
        self.side(game) * value
    }
}
