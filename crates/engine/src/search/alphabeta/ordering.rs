//! Move ordering: the hash move first, then the killers of the ply, then tactical moves
//! (captures, stomps: [`EngineGame::is_tactical`], where the game orders them first), then
//! the history of cut-offs; moves are picked in that order one by one, then sorted.

use std::hash::{Hash, Hasher};

use fnv::FnvHasher;

use tabula_rules::MoveList;

use super::models::IN_TURN;
use super::worker::{HISTORY, Worker};
use crate::api::EngineGame;

/// The most a history slot holds.
const HISTORY_MAX: i32 = 1 << 20;
/// The ordering key of a tactical move: above every history key.
const TACTICAL: i32 = HISTORY_MAX + 1;

/// The history slot of a move: FNV-1a of the move's hash input. Which moves share a slot
/// shapes the ordering and so the node counts of a fixed-depth search (the bench
/// signature), so this function is part of the search's definition and stays fixed.
fn history_slot<M: Hash>(mv: &M) -> usize {
    let mut h = FnvHasher::default();
    mv.hash(&mut h);
    (h.finish() as usize) & (HISTORY - 1)
}

impl<G: EngineGame> Worker<'_, G> {
    /// Ordering keys into `out`: the hash move, then killers, then tactical moves of the
    /// seat in turn, then history.
    /// At the root with a positive contempt, moves that only settle for a draw
    /// ([`EngineGame::seeks_draw`]) come last, so that one is played only when strictly
    /// better than all others.
    pub(super) fn order(
        &self,
        game: &G,
        moves: &MoveList<G::Move>,
        owners: &[u8],
        hash_move: u16,
        ply: usize,
        out: &mut Vec<(i32, usize)>,
    ) {
        let killers = &self.killers[ply];
        let settle_last = ply == 0 && self.contempt > 0;
        // A move out of turn (best-reply search) would be judged from the wrong seat.
        let tactical = |i: usize, mv: G::Move| {
            G::TUNING.tactical_first && owners.get(i).is_none_or(|&o| o == IN_TURN) && game.is_tactical(mv)
        };
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
            } else if tactical(i, *mv) {
                TACTICAL
            } else {
                self.history[history_slot(mv)]
            };
            (key, i)
        }));
    }

    /// Remembers that `mv` cut off at `ply` with `depth` plies left: it becomes the
    /// first killer of the ply and its history grows with the square of the depth.
    pub(super) fn record_cutoff(&mut self, mv: G::Move, ply: usize, depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let h = &mut self.history[history_slot(&mv)];
        *h = (*h + depth * depth).min(HISTORY_MAX);
    }
}

/// Picks before the rest of a node's moves are sorted at once.
const PICKS_BEFORE_SORT: usize = 4;

/// Moves the best-ordered remaining move to position `k` and returns its index: the
/// highest key first, the lower index among equal keys. The first few are picked one by
/// one (a cut-off usually comes early); then the rest is sorted in one go, in the same
/// order, so that a node searching all its moves does not pay for a selection each.
pub(super) fn pick(order: &mut [(i32, usize)], k: usize) -> usize {
    if k < PICKS_BEFORE_SORT {
        let best = (k..order.len()).max_by_key(|&j| (order[j].0, std::cmp::Reverse(order[j].1))).unwrap_or(k);
        order.swap(k, best);
    } else if k == PICKS_BEFORE_SORT {
        order[k..].sort_unstable_by_key(|&(key, i)| (std::cmp::Reverse(key), i));
    }
    order[k].1
}

#[cfg(test)]
mod tests {

    use tabula_rules::Game;
    use tabula_rules::games::martian_chess::{MartianChess, McMove, McOptions};

    use super::*;
    use crate::Limits;
    use crate::search::alphabeta::testing::Parts;
    use crate::search::alphabeta::worker::Shared;

    /// The moves of `game` in the order a fresh worker tries them at `ply`, with `hash` the
    /// index of the hash move and alpha-beta's contempt `contempt`.
    fn ordered(game: &MartianChess, hash: u16, contempt: i32, ply: usize) -> Vec<McMove> {
        let (parts, limits) = (Parts::<MartianChess>::new(1), Limits::depth(1));
        let shared = Shared { contempt, quiescence: 0, ..parts.shared(&limits) };
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let worker = Worker::<MartianChess>::new(&shared, game);
        let mut order = Vec::new();
        worker.order(game, &moves, &[], hash, ply, &mut order);
        (0..order.len()).map(|k| moves.as_slice()[pick(&mut order, k)]).collect()
    }

    #[test]
    fn with_contempt_the_root_tries_settling_moves_last() {
        let game = MartianChess::new(&McOptions::default()).unwrap();
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let calls = moves.iter().filter(|m| m.call).count();
        assert!(calls > 0 && moves.iter().all(|&m| game.seeks_draw(m) == m.call), "0-0: every call settles");
        // The hash move is a call: with contempt it still comes after every other move.
        let hash = moves.iter().position(|m| m.call).unwrap() as u16;
        let root = ordered(&game, hash, 100, 0);
        assert!(root[..moves.len() - calls].iter().all(|m| !m.call), "{root:?}");
        // Without contempt, or below the root, the hash move leads as usual.
        assert_eq!(ordered(&game, hash, 0, 0)[0], moves.as_slice()[hash as usize]);
        assert_eq!(ordered(&game, hash, 100, 1)[0], moves.as_slice()[hash as usize]);
    }

    #[test]
    fn captures_come_right_after_the_hash_move() {
        // The first position of a fixed line of play where a capture stands among quiet moves.
        let mut game = MartianChess::new(&McOptions::default()).unwrap();
        let mut moves = MoveList::new();
        let mut k = 7usize;
        let captures = loop {
            game.legal_moves(&mut moves);
            let captures = moves.iter().filter(|&&m| game.is_capture(m)).count();
            if captures > 0 {
                break captures;
            }
            k = k.wrapping_mul(31).wrapping_add(11);
            game.play(moves.as_slice()[k % moves.len()]);
        };
        assert!(captures < moves.len());
        let order = ordered(&game, u16::MAX, 0, 1);
        assert!(order[..captures].iter().all(|&m| game.is_capture(m)), "{order:?}");
        // A quiet hash move still leads, the captures next.
        let quiet = moves.iter().position(|&m| !game.is_capture(m)).unwrap();
        let order = ordered(&game, quiet as u16, 0, 1);
        assert_eq!(order[0], moves.as_slice()[quiet]);
        assert!(order[1..=captures].iter().all(|&m| game.is_capture(m)), "{order:?}");
    }
}
