//! The memory a match's tables take at once, added up before the first is built and held
//! against what the machine has (see `tabula_engine::memory`).
//!
//! A game holds one searcher a seat, each with its tables (`hash`, `memory`); `concurrency`
//! games play at once, each worker dropping a game's searchers before it builds the next
//! game's. The match also builds every engine once ahead of play, to check it, and hands
//! that searcher to the first game that seats the engine: an engine whose first game is
//! not among the games that start at once holds its searcher until then.

use std::fmt;

use tabula_engine::memory::Headroom;

use crate::error::{ArenaError, error};
use crate::plural::plural;
use crate::schedule::Pairing;

/// The most table memory a match holds at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Peak {
    /// Games played at once.
    pub at_once: usize,
    /// The largest sum of the seats' tables of one game, in MB.
    pub per_game: usize,
    /// MB of the searchers built ahead that wait for a later game.
    pub waiting: usize,
}

impl Peak {
    /// The peak of playing `to_play` in order, `concurrency` at a time, where engine `e`'s
    /// tables take `table_mb[e]` MB.
    pub fn of(to_play: &[Pairing], concurrency: usize, table_mb: &[usize]) -> Peak {
        let at_once = concurrency.min(to_play.len());
        let per_game = to_play.iter().map(|p| p.seats.iter().map(|&e| table_mb[e]).sum()).max().unwrap_or(0);
        let first = &to_play[..at_once];
        let waiting =
            (0..table_mb.len()).filter(|e| !first.iter().any(|p| p.seats.contains(e))).map(|e| table_mb[e]).sum();
        Peak { at_once, per_game, waiting }
    }

    /// The peak in MB.
    pub fn mb(&self) -> usize {
        self.at_once.saturating_mul(self.per_game).saturating_add(self.waiting)
    }

    /// Refuses a peak above the `room` there is (where it is known).
    pub fn check(&self, room: Option<Headroom>) -> Result<(), ArenaError> {
        match room {
            Some(room) if self.mb() > room.mb() => Err(error(format!(
                "{self}, more than the memory available, {room}: lower hash, memory or --concurrency"
            ))),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for Peak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the match needs {} MB of tables at once ({} at a time, up to {} MB a game",
            self.mb(),
            plural(self.at_once, "game", "games"),
            self.per_game
        )?;
        if self.waiting > 0 {
            write!(f, ", and {} MB of engines built ahead for later games", self.waiting)?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_engine::memory::Limit;

    fn games(seatings: &[&[usize]]) -> Vec<Pairing> {
        seatings
            .iter()
            .enumerate()
            .map(|(game, seats)| Pairing { game, round: game / 2, seats: seats.to_vec() })
            .collect()
    }

    #[test]
    fn seats_and_games_at_once_add_up() {
        let two = games(&[&[0, 1], &[1, 0], &[0, 1], &[1, 0]]);
        assert_eq!(Peak::of(&two, 1, &[13_000, 13_000]).mb(), 26_000);
        assert_eq!(Peak::of(&two, 2, &[13_000, 16]).mb(), 26_032);
        assert_eq!(Peak::of(&two, 8, &[100, 16]).mb(), 4 * 116, "no more at once than games to play");
        // Four seats, engine 0 in one seat and engine 1 in three, or the other way round.
        let four = games(&[&[0, 1, 1, 1], &[1, 0, 0, 0]]);
        assert_eq!(Peak::of(&four, 1, &[10, 1000]), Peak { at_once: 1, per_game: 3010, waiting: 0 });
    }

    #[test]
    fn engines_built_ahead_wait_for_their_first_game() {
        // Three engines, two seats: engine 2 first plays in the third game.
        let three = games(&[&[0, 1], &[1, 0], &[0, 2], &[2, 0], &[1, 2], &[2, 1]]);
        assert_eq!(Peak::of(&three, 1, &[1, 1, 500]), Peak { at_once: 1, per_game: 501, waiting: 500 });
        assert_eq!(Peak::of(&three, 3, &[1, 1, 500]).waiting, 0);
        assert_eq!(Peak::of(&[], 2, &[7, 9]), Peak { at_once: 0, per_game: 0, waiting: 16 });
    }

    #[test]
    fn a_peak_above_the_headroom_is_refused_with_both_figures() {
        let peak = Peak { at_once: 2, per_game: 26_000, waiting: 0 };
        let room = Headroom { available_mb: 23_000, limit: Limit::Machine, promised_mb: 0 };
        assert_eq!(
            peak.check(Some(room)).unwrap_err().to_string(),
            "the match needs 52000 MB of tables at once (2 games at a time, up to 26000 MB a game), more than \
             the memory available, 23000 MB (MemAvailable: 23000 MB): lower hash, memory or --concurrency"
        );
        assert!(Peak { at_once: 1, per_game: 22_000, waiting: 0 }.check(Some(room)).is_ok());
        assert!(peak.check(None).is_ok());
    }
}
