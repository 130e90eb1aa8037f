//! How a game ends: an empty zone, the clock, every seat passing, a stuck seat, the ply
//! cap; and the ranks by points, with the tie rule of an emptied zone.

use super::movegen;
use super::{Mc, NOT_RUNNING, NoMove, Variant};
use crate::core::ending;
use crate::core::game::Game;
use crate::core::outcome::{Finish, Outcome, Seat};

/// How a finished game ended, for the tie rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ending {
    /// A zone is empty: the seat that made the ending move wins ties.
    EmptyZone(u8),
    /// The clock, the all-pass rule, a stuck seat or the ply limit: ties are drawn.
    Clock,
}

impl<V: Variant> Mc<V> {
    /// What ended the game after `mover` moved, or `None` while it runs: a byte, so that
    /// `play` tests it in a register and builds the [`Outcome`] only at the end. Empty zone
    /// first (it decides the tie rule), then the clock, the all-pass rule, a stuck seat
    /// under `end_game_and_score`, and the ply limit.
    #[inline]
    pub(super) fn ending(&self, mover: u8) -> Option<Ending> {
        let t = self.topology();
        if t.zones[..self.seats as usize].iter().any(|&z| z & self.occ == 0) {
            return Some(Ending::EmptyZone(mover));
        }
        let clock_out = self.clock != NOT_RUNNING && self.clock >= self.options.clock_limit;
        let stuck = self.options.no_move == NoMove::EndGameAndScore && movegen::count_piece_moves(self) == 0;
        let stalled = ending::all_passed(self.turn.passes as u32, self.seats as u32);
        if clock_out || stalled || stuck || ending::capped(self.turn.ply, self.options.max_plies) {
            return Some(Ending::Clock);
        }
        None
    }

    /// The points seat `s` is ranked by: its own, with its partner's in teams.
    pub(super) fn team_points(&self, s: usize) -> i64 {
        self.points[s] as i64 + self.options.partner(s).map_or(0, |p| self.points[p] as i64)
    }

    /// The ranks of a game that ended now (once a game, so kept out of `play`'s body).
    #[cold]
    #[inline(never)]
    pub(super) fn rank(&self, ending: Ending) -> Finish {
        let n = self.seats as usize;
        let value = |s: usize| self.team_points(s);
        let best = (0..n).map(value).max().unwrap_or(0);
        let mut standings = [0i64; 4];
        for (s, standing) in standings.iter_mut().enumerate().take(n) {
            let ender_bonus = match ending {
                Ending::EmptyZone(e) => value(e as usize) == best && self.team(Seat(s as u8)) == self.team(Seat(e)),
                Ending::Clock => false,
            };
            *standing = 2 * value(s) + ender_bonus as i64;
        }
        Finish::of(&Outcome::from_standings(&standings[..n]))
    }
}
