//! The Gentleman's Echelon evaluator. The game is lost by the side that runs out of moves
//! first, so each seat is valued by the moves it has and will keep:
//!
//! * **mobility**: its legal moves now (as if it were its turn);
//! * **safe moves**: moves onto hexes the opponent cannot reach in one move (the
//!   opponent can neither stomp there nor take the hex away first);
//! * **counters**: its top counters (buried counters cannot move), the free ones more.
//!
//! A count of the live hexes each seat reaches first (its room in an ending) cost more
//! than it told: against `minimax` (mobility alone) at 0.1 s a move, alpha-beta with it
//! scored 70% of 40 games, without it 90% (`docs/strength.md`).
//!
//! The weights were fitted by `tabula tune` to 1,350 games of alpha-beta's self-play and kept
//! because they won: +100 Elo (95% +53.5 to +150.2) over 200 games at 0.1 s a move against
//! the hand-set ones (mobility 6, safe 10, top 30, free 20). The fit counts the top counter
//! of a stack against its seat (top -23) and a lone one for it (-23 + 34), and safe moves at
//! more than twice the weight they had.

use tabula_rules::MAX_SEATS;
use tabula_rules::games::echelon::{Echelon, EgMove};
use tabula_rules::geometry::bits::{BitIter, Bits};
use tabula_rules::{Game, Seat};

use crate::api::{EngineGame, Evaluator, Score};
use crate::tuning::Tuning;
use crate::weights::tunable;

/// The destinations of every move of `seat` (as if it were its turn), as one set, and the
/// number of moves.
pub fn reach(game: &Echelon, seat: Seat) -> (Bits, u32) {
    let mut all = 0;
    let mut count = 0;
    for from in BitIter(game.tops(seat)) {
        let to = game.destinations(from);
        count += to.count_ones();
        all |= to;
    }
    (all, count)
}

/// The Echelon evaluator (see the module docs), with its weights
/// (`crates/engine/weights/echelon.weights`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EgEval {
    /// Each legal move a seat has.
    pub mobility: Score,
    /// Each move onto a hex the opponent cannot reach.
    pub safe: Score,
    /// Each top counter.
    pub top: Score,
    /// Extra for a free (lone) top counter: it can stomp.
    pub free: Score,
}

tunable!(EgEval, "echelon.weights", [mobility, safe, top, free]);

impl Evaluator<Echelon> for EgEval {
    fn evaluate(&self, game: &Echelon) -> [Score; MAX_SEATS] {
        let mut out = [0; MAX_SEATS];
        let reaches = [reach(game, Seat(0)), reach(game, Seat(1))];
        for s in 0..2 {
            let (mine, moves) = reaches[s];
            let theirs = reaches[1 - s].0;
            let safe = (mine & !theirs).count_ones() as Score;
            let tops = game.tops(Seat(s as u8));
            let free = (tops & !game.tall()).count_ones() as Score;
            out[s] = self.mobility * moves as Score
                + self.safe * safe
                + self.top * tops.count_ones() as Score
                + self.free * free;
        }
        out
    }
}

impl EngineGame for Echelon {
    type Eval = EgEval;

    /// The moves each seat has (as if it were its turn): the seat without one loses.
    fn plain_value(&self) -> [Score; MAX_SEATS] {
        let mut out = [0; MAX_SEATS];
        for (s, value) in out.iter_mut().enumerate().take(2) {
            *value = reach(self, Seat(s as u8)).1 as Score;
        }
        out
    }

    const TUNING: Tuning = Tuning {
        // Four plies, then the evaluator, backed up by minimax at weight 0.5: the game is
        // lost by the side that runs out of moves first, which random playouts judge poorly.
        // Against `minimax:depth=2` (mobility alone), 12 games at 3,000 iterations a move:
        // full playouts 50%, these 92% (`cap=2,implicit=0.8` 67%); at 10,000 iterations
        // 83%, full playouts 17% in six games.
        playout_cap: Some(4),
        mcts_implicit: 0.5,
        ..Tuning::DEFAULT
    };

    /// Stomping an opponent's counter buries it: a tactical move for quiescence.
    fn is_tactical(&self, mv: EgMove) -> bool {
        self.tops(Seat(1 - self.to_move().0)) >> mv.to & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_rules::MoveList;
    use tabula_rules::games::echelon::EgOptions;

    #[test]
    fn the_start_is_even_and_reach_counts_the_moves() {
        let g = Echelon::new(&EgOptions::default()).unwrap();
        let e = EgEval::DEFAULT.evaluate(&g);
        assert_eq!(e[0], e[1]);
        for s in 0..2 {
            assert_eq!(reach(&g, Seat(s)).1, g.mobility(Seat(s)));
        }
    }

    #[test]
    fn reach_equals_mobility_in_play() {
        let mut g = Echelon::new(&EgOptions::default()).unwrap();
        let mut moves = MoveList::new();
        let mut k = 7usize;
        while !g.is_over() {
            for s in 0..2 {
                assert_eq!(reach(&g, Seat(s)).1, g.mobility(Seat(s)), "{}", g.to_text());
            }
            g.legal_moves(&mut moves);
            k = k.wrapping_mul(31).wrapping_add(11);
            g.play(moves.as_slice()[k % moves.len()]);
        }
    }

    #[test]
    fn a_seat_with_moves_leads_one_without() {
        // Red's lone counter on e9 has two live hexes; blue's top counter is walled in.
        let g = Echelon::from_text(
            "echelon radius=4 turn=0 ply=30 board=r..xx/xxxxxx/xxxxxxx/xxxxxxxx/xxxxxxxxx/xxxxxxxx/xxxxxxx/xxxxx./[rrrrrbbbbbb]x.xx",
        )
        .unwrap();
        assert_eq!([reach(&g, Seat(0)).1, reach(&g, Seat(1)).1], [2, 0]);
        let e = EgEval::DEFAULT.evaluate(&g);
        assert!(e[0] > e[1]);
    }

    /// Red's lone counter on e9 has f9 g9 h9 ahead, blue's on a1 has b1 c1; everything else
    /// is dead but a buried stack. Red wins (three moves against two: a win in 5 plies) by
    /// stepping to f9 or sliding to h9 and walking back; e9-g9 splits the line, leaves red
    /// two moves and loses, though the evaluator sees the same position after either.
    const PARITY: &str = "echelon radius=4 turn=0 ply=40 board=r...x/xxxxxx/xxxxxxx/xxxxxxxx/xxxx[rrrrrbbbbb]xxxx/xxxxxxxx/xxxxxxx/xxxxxx/b..xx";

    fn parity() -> (Echelon, [EgMove; 2]) {
        let g = Echelon::from_text(PARITY).unwrap();
        let wins = [g.parse_move("e9-f9").unwrap(), g.parse_move("e9-h9").unwrap()];
        (g, wins)
    }

    #[test]
    fn alphabeta_proves_the_parity_win() {
        use crate::api::{Limits, score};
        let (g, wins) = parity();
        let mut ab = crate::registry::build::<Echelon>("alphabeta").unwrap();
        let r = ab.search(&g, &Limits::depth(8), &mut |_| {});
        assert!(r.best.is_some_and(|b| wins.contains(&b)), "{:?}", r.best);
        assert_eq!(r.score, score::WIN - 5, "a win in five plies");
        // After the mistake e9-g9, blue to move is the one with the proven win.
        let mut lost = g;
        lost.play(g.parse_move("e9-g9").unwrap());
        let r = ab.search(&lost, &Limits::depth(8), &mut |_| {});
        assert!(r.score >= score::WIN_THRESHOLD, "blue wins after e9-g9: {}", r.score);
    }

    #[test]
    fn mcts_solver_proves_the_parity_win() {
        use crate::api::{Limits, score};
        let (g, wins) = parity();
        let mut m = crate::registry::build::<Echelon>("mcts:seed=3").unwrap();
        let r = m.search(&g, &Limits::nodes(20_000), &mut |_| {});
        assert!(r.best.is_some_and(|b| wins.contains(&b)), "{:?}", r.best);
        assert_eq!(r.score, score::WIN - 5, "MCTS-Solver proves the win in five plies");
        assert!(r.nodes < 20_000, "a proven root ends the search early");
    }

    #[test]
    fn greedy_cannot_tell_the_parity_moves_apart() {
        let (g, _) = parity();
        let mut a = g;
        a.play(g.parse_move("e9-f9").unwrap());
        let mut b = g;
        b.play(g.parse_move("e9-g9").unwrap());
        assert_eq!(EgEval::DEFAULT.evaluate(&a), EgEval::DEFAULT.evaluate(&b), "only search sees the parity");
    }
}
