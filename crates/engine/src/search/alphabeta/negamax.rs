//! Negamax with principal variation search, late move reductions and the transposition
//! table; win scores that prefer the fastest win and the slowest loss.

use tabula_rules::MoveList;

use super::MAX_PLY;
use super::busy::{DEFER_DEPTH, move_key};
use super::models::IN_TURN;
use super::ordering::pick;
use super::worker::{Abort, Worker};
use crate::api::{EngineGame, score};
use crate::search::table::{Bound, Entry};

impl<G: EngineGame> Worker<'_, G> {
    /// The value of `game` for the side to move, searched `depth` plies deep within the
    /// window `(alpha, beta)`; `ply` plies from the root.
    pub(super) fn negamax(&mut self, game: &G, depth: i32, ply: usize, alpha: i32, beta: i32) -> Result<i32, Abort> {
        self.check_limits()?;
        self.nodes += 1;
        self.deepest = self.deepest.max(ply);
        self.pv[ply].clear();
        if game.is_over() {
            return Ok(self.leaf(game, ply));
        }
        let key = self.key(game);
        if ply > 0 && self.repeats(key) {
            return Ok(self.draw(game)); // a repetition: nobody gains by it
        }
        if depth <= 0 || ply + 1 >= MAX_PLY {
            return self.quiesce(game, ply, alpha, beta, self.quiescence);
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
        self.order(game, &moves, &owners, hash_move, ply, &mut order);
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
    /// the index of its best move. With other threads searching, a move one of them is in
    /// is deferred to after the others (see `busy.rs`).
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
        let busy = self.busy.filter(|_| depth >= DEFER_DEPTH);
        let node = self.path.last().copied().unwrap_or_default();
        let mut deferred = std::mem::take(&mut self.deferred[ply]);
        deferred.clear();
        let mut best = -score::INFINITY;
        let mut best_index = u16::MAX;
        let (mut k, mut next_deferred) = (0, 0);
        let outcome = loop {
            // The moves in order, then the deferred ones, each with its place in the order.
            let (place, i, first_pass) = if k < order.len() {
                k += 1;
                (k - 1, pick(order, k - 1), true)
            } else if let Some(&(place, i)) = deferred.get(next_deferred) {
                next_deferred += 1;
                (place, i, false)
            } else {
                break Ok(());
            };
            let mv = moves.as_slice()[i];
            let owner = owners.get(i).copied().unwrap_or(IN_TURN);
            let mark = busy.map(|busy| (busy, move_key(node, i)));
            if let Some((busy, key)) = mark {
                if first_pass && place > 0 && busy.contains(key) {
                    deferred.push((place, i));
                    continue;
                }
                busy.enter(key);
            }
            let searched = self.search_move(game, mv, owner, depth, ply, place, alpha, beta);
            if let Some((busy, key)) = mark {
                busy.leave(key);
            }
            let (value, real) = match searched {
                Ok(searched) => searched,
                Err(abort) => break Err(abort),
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
                        if ply == 0 {
                            self.root_value = value;
                        }
                        head[ply].push(mv);
                        if real {
                            head[ply].extend_from_slice(&tail[0]);
                        }
                    }
                }
            }
            if alpha >= beta {
                self.record_cutoff(mv, ply, depth);
                break Ok(());
            }
        };
        self.deferred[ply] = deferred;
        outcome.map(|()| (best, best_index))
    }

    /// The value of move `mv` (played by `owner`), the `place`-th of its node in order,
    /// seen from the node, and whether it is a move of the game in turn order. The first
    /// move gets the full window; a later one a null window first, and the full one only if
    /// it lands inside; a late quiet one is first searched a ply shallower (late move
    /// reduction), and at full depth only if that beats alpha.
    #[allow(clippy::too_many_arguments)]
    fn search_move(
        &mut self,
        game: &G,
        mv: G::Move,
        owner: u8,
        depth: i32,
        ply: usize,
        place: usize,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, bool), Abort> {
        let (child, real) = self.child(game, mv, owner);
        let same = self.side(&child) == self.side(game);
        // Search the child: its value seen from here, with the window flipped unless the
        // same side moves again.
        let search = |w: &mut Self, reduce: i32, lo: i32, hi: i32| -> Result<i32, Abort> {
            if same {
                w.negamax(&child, depth - 1 - reduce, ply + 1, lo, hi)
            } else {
                Ok(-w.negamax(&child, depth - 1 - reduce, ply + 1, -hi, -lo)?)
            }
        };
        let reduced = self.lmr > 0
            && place >= self.lmr
            && depth >= 3
            && owner == IN_TURN
            && !game.is_tactical(mv)
            && search(self, 1, alpha, alpha + 1)? <= alpha;
        let value = if reduced {
            alpha
        } else if place == 0 {
            search(self, 0, alpha, beta)?
        } else {
            match search(self, 0, alpha, alpha + 1)? {
                v if v > alpha && v < beta => search(self, 0, alpha, beta)?,
                v => v,
            }
        };
        Ok((value, real))
    }
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

/// A stored score seen from `ply` plies below the root ([`to_table`] undone).
fn from_table(s: i32, ply: usize) -> i32 {
    score::from_below(s, ply as u32)
}
