//! Chinese Checkers: fixed positions with hop chains, swaps and 2 to 6 players; `pass`
//! only alone.

use tabula_rules::games::chinese_checkers::{CcMove, CcOptions, ChineseCheckers, notation};
use tabula_rules::{Game, GameOptions, NotationError};

use super::Fuzz;

/// Mid-game positions (reached by forward-moving play), exercising hop chains through
/// mixed pegs, pegs already home, and swap moves (the second one has five of them).
const MID_GAMES: [&str; 4] = [
    "chinese-checkers players=2 camps=03 turn=0 ply=30 passes=0 board=./.0/.../..0./........0..../..1..0.1..../\
     ......1..../...1....../0..00..../0........./....11...../...1.0.0..../....1......../..../.../11/.",
    "chinese-checkers players=2 camps=03 turn=0 ply=20 passes=0 board=./00/.../0..0/....0...0..../.....1....../\
     ....1....../....0...../.....1.../....0...../......1..../.....1....../........1..../11../.0./11/0 \
     cc.anti_block=swap",
    "chinese-checkers players=3 camps=024 turn=0 ply=30 passes=0 board=./00/.../.2../....0...0.1../.2.0.0...1../\
     .2.00....1./........0./2.....1../2......0.1/2.2......11/2........1.1/.2.2.......1./..../.../../. \
     cc.target_stay=off",
    "chinese-checkers players=6 camps=012345 turn=0 ply=36 passes=0 board=1/00/51./05.0/55.55.0102111/55.5.0..2111/\
     .50..0..2.3/.44.0...21/2.......4/4....3..2./444..3..3.2/4.....3..2../.4.4..3..2.2./3..3/.../33/.",
];

impl Fuzz for ChineseCheckers {
    const CANONICAL: bool = false;

    /// The starts of 2, 3 and 6 players and the [`MID_GAMES`].
    fn fixed() -> Vec<Self> {
        let starts = [2, 3, 6].map(|players| {
            let mut options = CcOptions::default();
            options.set_players(players).expect("2, 3 and 6 players are supported");
            ChineseCheckers::new(&options).expect("a start position")
        });
        let mid = MID_GAMES.map(|text| ChineseCheckers::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}")));
        starts.into_iter().chain(mid).collect()
    }

    fn syntax(&self, text: &str) -> Result<CcMove, NotationError> {
        notation::parse_move(text)
    }

    fn check_moves(&self, moves: &[CcMove]) {
        assert!(moves.len() == 1 || !moves.contains(&CcMove::PASS), "pass beside other moves in {}", self.to_text());
    }
}
