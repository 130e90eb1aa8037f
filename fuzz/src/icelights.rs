//! Icelights: piece, Beamer and Tower counts conserved; beams end and agree with a fresh
//! trace; `is_legal` agrees with the list.

use tabula_rules::games::icelights::{Icelights, IlMove, IlOptions, MAX_LEGS, notation};
use tabula_rules::{Game, NotationError, Seat};

use super::Fuzz;

/// Positions with reflections, absorptions, a loop and a boxed-in seat.
const MID_GAMES: [&str; 4] = [
    "icelights turn=0 ply=40 passes=0 board=6bN1/3bS3t/3iS3iE/BEISiSiW4/7IS/7IW/T7/1BN3IN2",
    "icelights turn=0 ply=10 passes=0 board=6bSt/7iW/2IE2IS2/8/8/BE1IN2IW2/8/T6bN",
    "icelights turn=0 ply=6 passes=0 board=6iSt/8/8/8/8/iN7/BNiN6/TBNiN5",
    "icelights turn=0 ply=12 passes=0 board=2iSiS2bSt/3iS2bW1/8/8/2IN5/2IE1IN3/BE2IN4/T1BN5 il.pass_over_pieces=true",
];

/// Pieces of each seat, Beamers and Towers: no turn changes them.
fn counts(game: &Icelights) -> [u32; 4] {
    let pieces = |seat| game.pieces(Seat(seat)).count_ones();
    [pieces(0), pieces(1), game.beamers().count_ones(), game.towers().count_ones()]
}

impl Fuzz for Icelights {
    const CANONICAL: bool = false;
    /// A position has hundreds of turns (646 at the start).
    const PARSE_BACK_EVERY: usize = 10;
    /// Every ply lists hundreds of turns, each traced through the beams.
    const MAX_PLIES: usize = 32;

    /// The start (moves forced and optional) and [`MID_GAMES`].
    fn fixed() -> Vec<Self> {
        let starts = [false, true].map(|move_optional| {
            Icelights::new(&IlOptions { move_optional, ..IlOptions::default() }).expect("the start")
        });
        let mid = MID_GAMES.map(|text| Icelights::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}")));
        starts.into_iter().chain(mid).collect()
    }

    fn syntax(&self, text: &str) -> Result<IlMove, NotationError> {
        notation::parse_move(text)
    }

    /// The hit Towers agree with a fresh trace; each beam has at most [`MAX_LEGS`] legs
    /// and never passes a square in the same direction twice.
    fn check_position(&self) {
        let beams = self.beams();
        assert_eq!(beams.hits, self.hit_towers(), "hits differ from a fresh trace: {}", self.to_text());
        for b in beams.beams() {
            assert!(b.legs().len() <= MAX_LEGS, "a beam with {} legs: {}", b.legs().len(), self.to_text());
            let mut seen = std::collections::HashSet::new();
            assert!(b.squares().all(|s| seen.insert(s)), "a beam repeats a square and direction: {}", self.to_text());
        }
    }

    fn check_syntax(&self, mv: IlMove, listed: bool) {
        assert_eq!(self.is_legal(mv) && self.outcome().is_none(), listed, "is_legal({mv:?}) in {}", self.to_text());
    }

    fn check_move(before: &Self, mv: IlMove, after: &Self) {
        assert_eq!(counts(after), counts(before), "{mv:?} changed the piece counts in {}", before.to_text());
    }
}
