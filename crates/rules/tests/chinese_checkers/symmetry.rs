//! Symmetries of the star: a rotation or mirror of a position that maps the seating onto
//! itself maps the legal moves, the turn and the outcome with it.

use std::collections::{BTreeSet, HashMap};

use proptest::prelude::*;
use proptest::test_runner::Config;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tabula_rules::games::chinese_checkers::ChineseCheckers;
use tabula_rules::{Game, MoveList, perft};

use super::random_games::{GameSpec, game_spec};
use crate::reference::Reference;
use crate::reference::chinese_checkers::{self as reference, Cell, Pos, Rules};

/// The sorted notation of the legal moves.
fn sorted_moves(g: &ChineseCheckers) -> Vec<String> {
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    let mut names: Vec<String> = list.iter().map(|&m| g.format_move(m)).collect();
    names.sort();
    names
}

/// A board symmetry: `k` sixths of a clockwise turn, optionally after the east-west mirror.
#[derive(Clone, Copy, Debug)]
struct Symmetry {
    turns: usize,
    mirror: bool,
}

impl Symmetry {
    fn cell(self, c: Cell) -> Cell {
        let (q, r) = c;
        let c = if self.mirror { (-q - r, r) } else { c };
        reference::rotate(c, self.turns)
    }

    fn camp(self, camp: u8) -> u8 {
        let c = if self.mirror { (6 - camp) % 6 } else { camp };
        (c + self.turns as u8) % 6
    }

    /// The seat map `old -> new` if the symmetry maps the seating onto itself.
    fn seats(self, camps: &[u8]) -> Option<Vec<usize>> {
        camps.iter().map(|&c| camps.iter().position(|&d| d == self.camp(c))).collect()
    }

    fn name(self, name: &str) -> String {
        reference::name(self.cell(reference::parse_name(name).expect("hole")))
    }

    fn token(self, token: &str) -> String {
        match token.split_once('-') {
            Some((a, b)) => format!("{}-{}", self.name(a), self.name(b)),
            None => token.to_string(),
        }
    }
}

/// The symmetric image of a reference position (seats relabelled by the camps they sit in).
fn transform(p: &Pos, sym: Symmetry, seat_map: &[usize]) -> Pos {
    let board: HashMap<Cell, usize> = p.board.iter().map(|(&c, &s)| (sym.cell(c), seat_map[s])).collect();
    let q = Pos { board, turn: seat_map[p.turn], outcome: None, ..p.clone() };
    // Rebuild through the text so that the outcome is derived afresh.
    Pos::from_text(&q.to_text()).expect("transformed position")
}

fn check_symmetries(spec: &GameSpec) -> Result<(), TestCaseError> {
    let options = spec.options();
    let mut p = Pos::start(Rules::parse(&options).map_err(TestCaseError::fail)?);
    let mut rng = StdRng::seed_from_u64(spec.seed);
    while p.ply < spec.plies && p.outcome.is_none() {
        let mv = p.pick(&p.moves(), &mut rng, spec.greed);
        p.play_unchecked(mv);
    }
    let g = ChineseCheckers::from_text(&p.to_text()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let names = sorted_moves(&g);
    let mut tried = 0;
    for mirror in [false, true] {
        for turns in 0..6 {
            let sym = Symmetry { turns, mirror };
            let Some(seat_map) = sym.seats(&p.rules.camps) else { continue };
            tried += 1;
            let q = transform(&p, sym, &seat_map);
            let h = ChineseCheckers::from_text(&q.to_text()).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let ctx = format!("{sym:?} of {}", p.to_text());
            prop_assert_eq!(h.to_move().index(), seat_map[g.to_move().index()], "{}", ctx);
            prop_assert_eq!(h.count_moves(), g.count_moves(), "{}", ctx);
            let mapped: BTreeSet<String> = names.iter().map(|t| sym.token(t)).collect();
            let image = sorted_moves(&h);
            prop_assert_eq!(mapped, image.into_iter().collect::<BTreeSet<_>>(), "{}", ctx);
            prop_assert_eq!(h.outcome().is_some(), g.outcome().is_some(), "{}", ctx);
            if !mirror {
                // A rotation keeps the cyclic turn order, so the winner maps too.
                let winner = |x: &ChineseCheckers| x.outcome().and_then(|o| o.sole_winner()).map(|s| s.index());
                prop_assert_eq!(winner(&h), winner(&g).map(|s| seat_map[s]), "{}", ctx);
                prop_assert_eq!(perft(&h, 2), perft(&g, 2), "{}", ctx);
            }
        }
    }
    // Rotations and mirrors that map the seating onto itself (the mirror is east-west).
    let expected = match spec.players {
        2 => 4,  // 0 and 180 degrees, each with or without the mirror
        3 => 6,  // 0, 120 and 240 degrees, each with or without the mirror
        4 => 4,  // 0 and 180 degrees, and two mirrored rotations
        5 => 2,  // the identity and one mirrored rotation
        _ => 12, // all of them
    };
    prop_assert_eq!(tried, expected, "symmetries of {} players", spec.players);
    Ok(())
}

proptest! {
    #![proptest_config(Config { cases: 96, failure_persistence: None, ..Config::default() })]

    #[test]
    fn symmetric_positions_have_symmetric_moves(spec in game_spec(), plies in 0u32..220) {
        check_symmetries(&GameSpec { plies, max_plies: None, ..spec })?;
    }
}
