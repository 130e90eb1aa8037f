//! max^n with shallow pruning (Korf 1991; Sturtevant and Korf 2000): a node's value is one
//! value per seat, and the seat to move takes the child best for itself.
//!
//! Shallow pruning needs a bound on what two seats can have together. A seat's value is its
//! team's margin ([`margins`]): only the leading team's margin is positive, and it is at most
//! what any other team trails by, so the values of two seats of different teams add up to
//! at most 0 (contempt can raise that for two seats outside the root's team, see
//! [`Worker::pair_bound`]). Once the seat to move has a child worth `v` to it, and its
//! parent's seat, of another team, has a child worth `b` to itself, every further child
//! leaves that parent's seat at most `bound - v`: when that is below `b` the parent will not
//! take this node, and its other children need not be searched. A pruned node's values are
//! not its true ones, but its parent never takes them. The test is strict, so that the
//! root's value does not depend on the order moves are searched in (see `models.rs` for how
//! ties are broken).
//!
//! Only the pruning two plies deep is sound in max^n (no deep pruning), and the table keeps
//! best moves for ordering, not values.

use std::cmp::Ordering;

use tabula_rules::{MAX_SEATS, MoveList, Seat};

use super::MAX_PLY;
use super::ordering::pick;
use super::worker::{Abort, Worker};
use crate::api::{EngineGame, score};
use crate::search::simple::margins;
use crate::search::table::{Bound, Entry};

/// A node's value for every seat (entries past the game's seats are 0).
pub(super) type Values = [i32; MAX_SEATS];

/// What the parent's seat already has: its team and its value, if it has searched a child.
#[derive(Clone, Copy, Debug)]
pub(super) struct Parent {
    team: u8,
    best: Option<i32>,
}

impl Parent {
    /// No parent to prune for (the root).
    pub(super) const ROOT: Parent = Parent { team: u8::MAX, best: None };
}

impl<G: EngineGame> Worker<'_, G> {
    /// The values of `game` for every seat, searched `depth` plies deep; `ply` plies from
    /// the root, below a parent whose seat has `parent`.
    pub(super) fn maxn(&mut self, game: &G, depth: i32, ply: usize, parent: Parent) -> Result<Values, Abort> {
        self.check_limits()?;
        self.nodes += 1;
        self.deepest = self.deepest.max(ply);
        self.pv[ply].clear();
        if game.is_over() {
            return Ok(self.leaf_values(game, ply));
        }
        let key = self.key(game);
        if ply > 0 && self.repeats(key) {
            return Ok(self.draw_values(game));
        }
        if depth <= 0 || ply + 1 >= MAX_PLY {
            return self.quiesce_maxn(game, ply, parent, self.quiescence_plies(game));
        }
        let hash_move = self.table.probe(key).map_or(u16::MAX, |e| e.best);
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let mut order = std::mem::take(&mut self.orders[ply]);
        self.order(game, &moves, &[], hash_move, ply, &mut order);
        self.path.push(key);
        let searched = self.maxn_moves(game, depth, ply, parent, &moves, &mut order);
        self.path.pop();
        self.orders[ply] = order;
        let (best, best_index) = searched?;
        let me = game.to_move().index();
        let entry = Entry { score: best[me], depth: depth.clamp(0, 255) as u8, bound: Bound::Exact, best: best_index };
        self.table.store(key, entry);
        Ok(best)
    }

    /// The children of a node in order: the values of the one its seat takes and its index.
    fn maxn_moves(
        &mut self,
        game: &G,
        depth: i32,
        ply: usize,
        parent: Parent,
        moves: &MoveList<G::Move>,
        order: &mut [(i32, usize)],
    ) -> Result<(Values, u16), Abort> {
        let seat = game.to_move();
        let mut best: Option<Values> = None;
        let mut best_index = u16::MAX;
        for k in 0..order.len() {
            let i = pick(order, k);
            let mv = moves.as_slice()[i];
            let mut child = game.clone();
            child.play(mv);
            let here = self.parent_here(game, best.map(|b| b[seat.index()]));
            let values = self.maxn(&child, depth - 1, ply + 1, here)?;
            if best.is_none_or(|b| self.prefers(game, seat, &values, &b)) {
                best = Some(values);
                best_index = i as u16;
                if ply == 0 {
                    self.root_value = values[self.root.index()];
                }
                let (head, tail) = self.pv.split_at_mut(ply + 1);
                head[ply].clear();
                head[ply].push(mv);
                head[ply].extend_from_slice(&tail[0]);
            }
            let v = best.map_or(i32::MIN, |b| b[seat.index()]);
            if v >= score::WIN - (ply as i32 + 1) || self.prunes(game, seat, v, parent) {
                // A win on the next ply cannot be bettered, or the parent will not come here.
                self.record_cutoff(mv, ply, depth);
                break;
            }
        }
        Ok((best.unwrap_or_else(|| self.leaf_values(game, ply)), best_index))
    }

    /// Stand pat or play tactical moves, at most `left` plies more: max^n's quiescence.
    fn quiesce_maxn(&mut self, game: &G, ply: usize, parent: Parent, left: u32) -> Result<Values, Abort> {
        let mut best = self.leaf_values(game, ply);
        let seat = game.to_move();
        if left == 0 || ply + 1 >= MAX_PLY || game.is_over() {
            return Ok(best);
        }
        if self.prunes(game, seat, best[seat.index()], parent) {
            return Ok(best);
        }
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        for &mv in &moves {
            if !game.is_tactical(mv) {
                continue;
            }
            self.check_limits()?;
            self.nodes += 1;
            let mut child = game.clone();
            child.play(mv);
            let here = self.parent_here(game, Some(best[seat.index()]));
            let values = self.quiesce_maxn(&child, ply + 1, here, left - 1)?;
            if self.prefers(game, seat, &values, &best) {
                best = values;
            }
            if self.prunes(game, seat, best[seat.index()], parent) {
                break;
            }
        }
        Ok(best)
    }

    /// How far past the horizon tactical moves are played. With three or more seats, one
    /// round: shallow pruning rarely cuts a capture chain (a seat's reply is pruned only
    /// when it would lead by more than the parent's seat trails), so every seat's every
    /// capture is searched, and 4-player Martian Chess's captures, searched to the end,
    /// kept max^n at depth 1 from the start for a whole second. With two seats shallow
    /// pruning is alpha-beta, whose stand-pat cuts keep quiescence small.
    fn quiescence_plies(&self, game: &G) -> u32 {
        if game.seats() > 2 { self.quiescence.min(game.seats() as u32) } else { self.quiescence }
    }

    /// What a child of `game` learns of its parent: the team of the seat to move and the
    /// best value it has so far.
    fn parent_here(&self, game: &G, best: Option<i32>) -> Parent {
        Parent { team: game.team(game.to_move()), best }
    }

    /// Whether a node where `seat` already has `value` can be left: its parent's seat, of
    /// another team, would then have at most `pair_bound - value`, less than it has.
    fn prunes(&self, game: &G, seat: Seat, value: i32, parent: Parent) -> bool {
        let team = game.team(seat);
        match parent.best {
            Some(b) if parent.team != team => value > self.pair_bound(team, parent.team).saturating_sub(b),
            _ => false,
        }
    }

    /// The most that two seats of teams `a` and `b` (not the same) can have together. 0,
    /// unless both are outside the root's team and the contempt is positive: each then
    /// counts up to `contempt` for a draw's share.
    pub(super) fn pair_bound(&self, a: u8, b: u8) -> i32 {
        if a == self.root_team || b == self.root_team { 0 } else { 2 * self.contempt.max(0) }
    }

    /// Whether `seat` takes a child worth `a` over one worth `b`: more for itself, then less
    /// for the other teams together, then lower values in seat order.
    fn prefers(&self, game: &G, seat: Seat, a: &Values, b: &Values) -> bool {
        let team = game.team(seat);
        let others = |v: &Values| -> i64 {
            (0..game.seats()).filter(|&s| game.team(Seat(s as u8)) != team).map(|s| i64::from(v[s])).sum()
        };
        let order = a[seat.index()]
            .cmp(&b[seat.index()])
            .then_with(|| others(b).cmp(&others(a)))
            .then_with(|| b[..game.seats()].cmp(&a[..game.seats()]));
        order == Ordering::Greater
    }

    /// The values of a finished or horizon position for every seat: [`Worker::leaf`]'s value
    /// for each seat's team (a draw and the contempt as the root's team and the others see
    /// them).
    pub(super) fn leaf_values(&self, game: &G, ply: usize) -> Values {
        let mut values = margins(self.eval, game);
        let finished = game.is_over();
        for (s, v) in values.iter_mut().enumerate().take(game.seats()) {
            let sign = self.sign(game, Seat(s as u8));
            *v = match *v {
                0 if finished => -sign * self.contempt,
                m if m >= score::WIN => score::WIN - ply as i32,
                m if m <= -score::WIN => -(score::WIN - ply as i32),
                m if self.contempt != 0 => m - sign * self.contempt * game.draw_share() / 100,
                m => m,
            };
        }
        values
    }

    /// A draw's values: `-contempt` for the root's team, `+contempt` for the others.
    pub(super) fn draw_values(&self, game: &G) -> Values {
        let mut values = [0; MAX_SEATS];
        for (s, v) in values.iter_mut().enumerate().take(game.seats()) {
            *v = -self.sign(game, Seat(s as u8)) * self.contempt;
        }
        values
    }

    /// +1 for a seat of the root's team, -1 for the others.
    fn sign(&self, game: &G, seat: Seat) -> i32 {
        if game.team(seat) == self.root_team { 1 } else { -1 }
    }
}
