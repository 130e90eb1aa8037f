//! Gentleman's Echelon: counters conserved, dead hexes only grow, only the top counter
//! moves, each move kills a hex or unstomps, no draw without the ply cap.

use tabula_rules::games::echelon::{BLUE, Echelon, EgMove, EgOptions, RED, board, notation};
use tabula_rules::{Game, NotationError, Seat};

use super::Fuzz;

/// Positions of the perft table: tall stacks, many dead hexes, both options.
const POSITIONS: [&str; 4] = [
    "echelon radius=4 turn=1 ply=23 board=.x.../....../x..x.../rr....../x..[brbrbb].[rbrb]..x/......../.x.x.x./x.x..x/.x...",
    "echelon radius=4 turn=0 ply=44 board=x..x./....x./...x.x./..x.xrx./.xr[brb]x[rbrbrb]xxx/..xxxx.x/.x.xxxx/x.bx.x/...xx",
    "echelon radius=4 turn=1 ply=25 board=xxrx./x.xx.x/......./...x..../x..[brbrrbb]x[rbrb].../......../.x...../x....x/.x... ge.slide_to_end=true",
    "echelon radius=3 turn=1 ply=23 board=xbxx/..x[brbr]./xx..x./x.[brbr]x[rbr]../..xxx./...../....",
];

/// `2 · live hexes + Σ (height − 1)`: every move lowers it.
fn potential(game: &Echelon) -> u32 {
    2 * (game.board().hex.len() as u32 - game.dead().count_ones()) + game.excess()
}

impl Fuzz for Echelon {
    const CANONICAL: bool = true;

    /// The starts (default, radius 3, ten counters) and [`POSITIONS`].
    fn fixed() -> Vec<Self> {
        let starts = [(4, 6), (3, 6), (5, 10)].map(|(radius, stack_height)| {
            Echelon::new(&EgOptions { radius, stack_height, ..EgOptions::default() }).expect("a start position")
        });
        let mid = POSITIONS.map(|text| Echelon::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}")));
        starts.into_iter().chain(mid).collect()
    }

    fn syntax(&self, text: &str) -> Result<EgMove, NotationError> {
        notation::parse_move(self.board(), text)
    }

    /// No counter on a dead hex or off the board.
    fn check_position(&self) {
        assert_eq!(self.dead() & self.occupied(), 0, "a dead hex holds a counter: {}", self.to_text());
        let off = self.occupied() & !board(self.radius()).hex.mask();
        assert_eq!(off, 0, "a counter off the board: {}", self.to_text());
    }

    fn check_move(before: &Self, mv: EgMove, after: &Self) {
        let text = || before.to_text();
        let (from, to) = (mv.from as usize, mv.to as usize);
        assert_eq!(before.dead() & !after.dead(), 0, "a dead hex came back after {mv:?} in {}", text());
        for seat in [RED, BLUE] {
            assert_eq!(after.counters(seat), before.counters(seat), "counters not conserved in {}", text());
        }
        let mut rest = before.stack(from);
        let top = rest.pop().expect("a counter moves");
        assert_eq!(top, before.to_move(), "moved a counter not of the mover in {}", text());
        let mut onto = before.stack(to);
        assert!(onto.is_empty() || before.height(from) == 1, "a stack top stomped in {}", text());
        onto.push(top);
        assert_eq!(after.stack(from), rest, "not the top alone moved in {}", text());
        assert_eq!(after.stack(to), onto, "the counter did not land on top in {}", text());
        let killed = (after.dead() & !before.dead()).count_ones();
        assert!(killed == 1 || after.excess() + 1 == before.excess(), "neither a kill nor an unstomp in {}", text());
        assert!(potential(after) < potential(before), "the potential did not fall in {}", text());
    }

    /// The side that cannot move loses; a draw only at the ply cap.
    fn check_end(&self) {
        let outcome = self.outcome().expect("the game is over");
        let capped = self.options().max_plies.is_some_and(|m| self.ply() >= m);
        assert!(outcome.sole_winner().is_some() || capped, "a draw without the ply cap: {}", self.to_text());
        if !capped {
            assert_eq!(outcome.sole_winner(), Some(Seat(1 - self.to_move().0)), "the stuck side loses");
        }
    }
}
