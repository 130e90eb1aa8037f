//! MCTS-Solver with two seats: proven wins, losses and draws propagate up the tree; a
//! proven root is reported as `score::WIN - plies` or its negation.

use tabula_rules::{MAX_SEATS, Outcome};

use super::proof::{DRAW, UNPROVEN, WON};
use super::rewards::Rewards;
use super::tree::{NONE, Tree};
use crate::api::EngineGame;

impl<G: EngineGame> Tree<G> {
    /// Proves `node` from its children if it can (two seats); whether it did.
    pub(super) fn try_prove(&mut self, node: u32) -> bool {
        let n = self.nodes[node as usize];
        if n.proof != UNPROVEN {
            return false;
        }
        let me = WON + n.to_move;
        let mut all = n.moves_start != NONE && n.tried == n.moves_len;
        let (mut win, mut draw, mut loss): (Option<u16>, bool, u16) = (None, false, 0);
        let mut other = WON;
        for child in self.children(node) {
            let ch = &self.nodes[child as usize];
            match ch.proof {
                UNPROVEN => all = false,
                DRAW => draw = true,
                p if p == me => win = Some(win.map_or(ch.plies, |w| w.min(ch.plies))),
                p => {
                    other = p;
                    loss = loss.max(ch.plies);
                }
            }
        }
        self.nodes[node as usize].draw_floor = draw;
        let (proof, plies) = match win {
            Some(plies) => (me, plies),
            None if all && draw => (DRAW, 0),
            None if all => (other, loss),
            None => return false,
        };
        let node = &mut self.nodes[node as usize];
        node.proof = proof;
        node.plies = plies.saturating_add(1);
        true
    }
}

/// The proof code of a finished game (`UNPROVEN` for a shared first place short of a draw).
pub(super) fn outcome_proof(outcome: &Outcome) -> u8 {
    match outcome.sole_winner() {
        Some(seat) => WON + seat.0,
        None if outcome.ranks().iter().all(|&r| r == 1) => DRAW,
        None => UNPROVEN,
    }
}

/// The rewards of a proven result.
pub(super) fn proof_rewards(proof: u8, seats: usize) -> Rewards {
    let mut r = [0.0; MAX_SEATS];
    if proof == DRAW {
        r[..seats].fill(1.0 / seats as f64);
    } else {
        r[(proof - WON) as usize] = 1.0;
    }
    r
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use tabula_rules::Game;

    use crate::api::score;
    use crate::playout::Uniform;
    use crate::search::mcts::{Mcts, MctsConfig};
    use crate::{Limits, Searcher};

    fn quiet<M>(_: &crate::SearchInfo<M>) {}

    /// Tic-tac-toe, to check the solver against exhaustive search.
    mod ttt {
        use tabula_rules::core::game::{Generator, Notation};
        use tabula_rules::core::turn::Turn;
        use tabula_rules::{Finish, Game, GameOptions, MAX_SEATS, MoveList, NotationError, RulesError, Seat};

        use crate::api::{EngineGame, Evaluator, Score};

        #[derive(Clone, Copy, Debug, Default, PartialEq)]
        pub struct NoOptions;

        impl GameOptions for NoOptions {
            const SETTINGS: &'static [&'static dyn tabula_rules::core::settings::Setting<Self>] = &[];
            fn set_players(&mut self, players: usize) -> Result<(), RulesError> {
                if players == 2 { Ok(()) } else { Err(RulesError::Players { given: players, expected: "2".into() }) }
            }
        }

        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Ttt {
            cells: [u8; 9],
            turn: Turn,
        }

        const LINES: [[usize; 3]; 8] =
            [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

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
    }

    #[test]
    fn the_solver_agrees_with_exhaustive_search() {
        use ttt::Ttt;
        // Every position after two plies, and a few before and after.
        let empty = Ttt::new(&ttt::NoOptions).unwrap();
        let mut positions = vec![];
        for a in 0..9u8 {
            for b in (0..9u8).filter(|&b| b != a) {
                let mut g = empty;
                g.play(a);
                g.play(b);
                positions.push(g);
            }
        }
        for text in ["", "0", "4", "1", "04", "0481", "40", "408", "01", "0148"] {
            positions.push(Ttt::from_text(text).unwrap());
        }
        for g in positions {
            let mut m: Mcts<Ttt> = Mcts::new(MctsConfig { seed: 11, ..MctsConfig::default() }, Arc::new(Uniform));
            let r = m.search(&g, &Limits::nodes(2_000_000), &mut quiet);
            let exact = ttt::solve(&g);
            assert!(r.nodes < 2_000_000, "{}: not proven", g.to_text());
            match exact {
                1 => assert!(r.score >= score::WIN_THRESHOLD, "{}: {}", g.to_text(), r.score),
                -1 => assert!(r.score <= -score::WIN_THRESHOLD, "{}: {}", g.to_text(), r.score),
                _ => assert_eq!(r.score, 0, "{}", g.to_text()),
            }
            // The move chosen keeps the exact value.
            let mut after = g;
            after.play(r.best.unwrap());
            assert_eq!(-ttt::solve(&after), exact, "{}", g.to_text());
        }
    }

    #[test]
    fn a_win_in_one_scores_win_minus_one() {
        use ttt::Ttt;
        // X has 0 and 1, O has 3 and 4: X wins at 2 (O would win at 5).
        let g = Ttt::from_text("0314").unwrap();
        let mut m: Mcts<Ttt> = Mcts::new(MctsConfig::default(), Arc::new(Uniform));
        let r = m.search(&g, &Limits::nodes(100_000), &mut quiet);
        assert_eq!(r.best, Some(2));
        assert_eq!(r.score, score::WIN - 1);
    }
}
