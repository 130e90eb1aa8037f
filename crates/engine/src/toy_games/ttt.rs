//! Tic-tac-toe, small enough to solve exhaustively: checks MCTS-Solver.

use tabula_rules::core::game::{Generator, Notation};
use tabula_rules::core::turn::Turn;
use tabula_rules::{Finish, Game, MAX_SEATS, MoveList, NotationError, RulesError, Seat};

use super::NoOptions;
use crate::api::{EngineGame, Evaluator, Score};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ttt {
    cells: [u8; 9],
    turn: Turn,
}

const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// The moves and the text of [`Ttt`].
pub struct TttRules;

impl Generator<Ttt> for TttRules {
    fn generate(game: &Ttt, out: &mut MoveList<u8>) {
        (0..9u8).filter(|&i| game.cells[i as usize] == 0).for_each(|i| out.push(i));
    }
}

impl Notation<Ttt> for TttRules {
    fn read_move(_: &Ttt, text: &str) -> Result<u8, NotationError> {
        text.parse().map_err(|_| NotationError::Illegal { token: text.into() })
    }
    fn format_move(_: &Ttt, mv: u8) -> String {
        mv.to_string()
    }
    fn to_text(game: &Ttt) -> String {
        let cells: String = game.cells.iter().map(|c| (b'0' + c) as char).collect();
        format!("{cells} ply={}", game.turn.ply)
    }
    fn from_text(text: &str) -> Result<Ttt, NotationError> {
        // The moves in the order played, e.g. "0314".
        let mut g = Ttt::new(&NoOptions).unwrap();
        for c in text.bytes() {
            g.play(c - b'0');
        }
        Ok(g)
    }
    fn draw(game: &Ttt) -> String {
        Self::to_text(game)
    }
}

impl Game for Ttt {
    type Move = u8;
    type Generator = TttRules;
    type Notation = TttRules;
    type Options = NoOptions;
    const NAME: &'static str = "tic-tac-toe";
    fn new(_: &NoOptions) -> Result<Self, RulesError> {
        Ok(Ttt { cells: [0; 9], turn: Turn::default() })
    }
    fn options(&self) -> &NoOptions {
        &NoOptions
    }
    fn set_options(&mut self, _: &NoOptions) -> Result<(), RulesError> {
        Ok(())
    }
    fn seats(&self) -> usize {
        2
    }
    fn turn(&self) -> &Turn {
        &self.turn
    }
    fn play(&mut self, mv: u8) {
        let mark = self.to_move().0 + 1;
        self.cells[mv as usize] = mark;
        let t = &mut self.turn;
        t.ply += 1;
        t.to_move = (t.ply % 2) as u8;
        if LINES.iter().any(|l| l.iter().all(|&i| self.cells[i] == mark)) {
            t.finish = Some(Finish::winner(2, Seat(mark - 1)));
        } else if t.ply == 9 {
            t.finish = Some(Finish::DRAW);
        }
        t.hash = self.cells.iter().fold(0, |h, &c| h * 3 + c as u64);
    }
    fn hash_from_scratch(&self) -> u64 {
        self.cells.iter().fold(0, |h, &c| h * 3 + c as u64)
    }
}

#[derive(Clone, Copy, Debug, Default)]
pub struct Zero;

impl Evaluator<Ttt> for Zero {
    fn evaluate(&self, _: &Ttt) -> [Score; MAX_SEATS] {
        [0; MAX_SEATS]
    }
}

impl crate::weights::Tunable for Zero {}

impl EngineGame for Ttt {
    type Eval = Zero;
    fn plain_value(&self) -> [Score; MAX_SEATS] {
        [0; MAX_SEATS]
    }
}

/// The exact value for the seat to move: 1 win, 0 draw, -1 loss.
pub fn solve(g: &Ttt) -> i32 {
    if let Some(o) = g.outcome() {
        return match o.sole_winner() {
            None => 0,
            Some(s) if s == g.to_move() => 1,
            Some(_) => -1,
        };
    }
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    list.iter()
        .map(|&m| {
            let mut c = *g;
            c.play(m);
            -solve(&c)
        })
        .max()
        .unwrap()
}
