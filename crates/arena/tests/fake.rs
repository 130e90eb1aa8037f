//! A fake clock and a fake searcher: time moves only when the searcher says so, so clock
//! tests do not depend on the machine.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tabula_arena::TimeSource;
use tabula_engine::{Limits, SearchInfo, SearchResult, Searcher};
use tabula_rules::games::chinese_checkers::ChineseCheckers;
use tabula_rules::{Game, MoveList};

/// The game of the fake tests.
pub type Cc = ChineseCheckers;

/// Time that moves only when a fake engine says so.
#[derive(Default)]
pub struct FakeTime(AtomicU64);

impl FakeTime {
    pub fn advance(&self, d: Duration) {
        self.0.fetch_add(d.as_nanos() as u64, Ordering::SeqCst);
    }
}

impl TimeSource for FakeTime {
    fn now(&self) -> Duration {
        Duration::from_nanos(self.0.load(Ordering::SeqCst))
    }
}

/// Plays the first legal move, taking `cost` of fake time; or misbehaves.
pub struct Fake {
    /// The shared fake time.
    pub time: Arc<FakeTime>,
    /// Fake time each move takes.
    pub cost: Duration,
    /// Plays an illegal move.
    pub illegal: bool,
}

impl Searcher<Cc> for Fake {
    fn search(
        &mut self,
        game: &Cc,
        _: &Limits,
        _: &mut dyn FnMut(&SearchInfo<<Cc as Game>::Move>),
    ) -> SearchResult<<Cc as Game>::Move> {
        self.time.advance(self.cost);
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let mut best = moves.as_slice().first().copied();
        if self.illegal {
            // A move of the other side: never legal for the mover.
            let mut other = *game;
            other.play(best.expect("a move"));
            other.legal_moves(&mut moves);
            best = moves.as_slice().first().copied();
        }
        SearchResult { best, score: 0, pv: best.into_iter().collect(), nodes: 1, depth: 1, time: self.cost }
    }
}
