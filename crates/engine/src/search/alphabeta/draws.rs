//! Draws: repetition and contempt.
//!
//! A position that is already on the search path, or that occurred earlier in the game
//! (the searcher remembers the positions it searched and the ones its moves made, since it
//! is handed only the current position), counts as a draw. A draw is worth `-contempt` to
//! the root seat's team (and `+contempt` to the others), so with a positive contempt the
//! searcher avoids repeating and drawn endings unless it is worse off.

use tabula_rules::Seat;

use super::AlphaBeta;
use super::worker::Worker;
use crate::api::EngineGame;

/// Key mixed into the hash with three or more seats: the coalition depends on the root.
const ROOT_KEYS: [u64; 6] = tabula_rules::core::zobrist::keys(0xAB_0001);

/// The search key of a position for a searcher whose root seat is `root`: with three or
/// more seats (the coalition) or contempt (the draw's value) scores depend on the root
/// seat, so it is mixed in.
pub(super) fn search_key<G: EngineGame>(game: &G, root: Seat, contempt: i32) -> u64 {
    if game.seats() > 2 || contempt != 0 { game.hash() ^ ROOT_KEYS[root.index()] } else { game.hash() }
}

impl<G: EngineGame> Worker<'_, G> {
    /// The table key ([`search_key`]).
    pub(super) fn key(&self, game: &G) -> u64 {
        search_key(game, self.root, self.contempt)
    }

    /// A draw's value for the side to move.
    pub(super) fn draw(&self, game: &G) -> i32 {
        -self.side(game) * self.contempt
    }

    /// Whether the position with search key `key` is on the search path or occurred
    /// earlier in the game.
    pub(super) fn repeats(&self, key: u64) -> bool {
        self.path.contains(&key) || self.seen.contains(&key)
    }
}

impl<G: EngineGame> AlphaBeta<G> {
    /// The keys of the positions remembered from before ply `ply`; later ones are
    /// forgotten, as they belong to another game or a line taken back.
    pub(super) fn seen_before(&mut self, ply: u32) -> Vec<u64> {
        self.seen.retain(|&(p, _)| p < ply);
        self.seen.iter().map(|&(_, k)| k).collect()
    }

    /// Remembers the searched position `game` and the one the move `best` makes.
    pub(super) fn remember(&mut self, game: &G, best: Option<G::Move>, contempt: i32) {
        let (ply, root) = (game.ply(), game.to_move());
        self.seen.push((ply, search_key(game, root, contempt)));
        if let Some(mv) = best {
            let mut child = game.clone();
            child.play(mv);
            self.seen.push((ply + 1, search_key(&child, root, contempt)));
        }
    }
}

#[cfg(test)]
mod tests {
    use tabula_rules::Game;
    use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};

    use super::*;
    use crate::search::alphabeta::AlphaBetaConfig;
    use crate::search::alphabeta::tests::random_position;
    use crate::{Limits, Searcher};

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
        assert!(!g.is_over());
        let config = AlphaBetaConfig { contempt: Some(-5_000), lmr: Some(0), ..AlphaBetaConfig::default() };
        let mut knowing = AlphaBeta::<Icelights>::new(config.clone());
        knowing.seen = vec![(0, search_key(&start, g.to_move(), -5_000))];
        let r = knowing.search(&g, &Limits::depth(1), &mut |_| {});
        assert_eq!(r.score, 5_000);
        assert_eq!(g.format_move(r.best.unwrap()), "e7-e8");
        let fresh = AlphaBeta::<Icelights>::new(config).search(&g, &Limits::depth(1), &mut |_| {});
        assert!(fresh.score < 5_000);
    }
}
