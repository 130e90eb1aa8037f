//! A test game whose only line is as long as asked: each seat in turn steps down a corridor
//! of `length` plies, and seat 0 wins at its end. df-pn follows the one line to the end, one
//! frame a ply, so the game measures the solver's recursion.

use tabula_rules::core::game::{Generator, Notation};
use tabula_rules::core::turn::Turn;
use tabula_rules::{Finish, Game, MoveList, NotationError, RulesError, Seat};

use super::NoOptions;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Corridor {
    length: u32,
    turn: Turn,
}

impl Corridor {
    /// The start of a corridor of `length` plies.
    pub fn of(length: u32) -> Self {
        Corridor { length, turn: Turn::default() }
    }
}

/// The one move and the text of [`Corridor`].
pub struct CorridorRules;

impl Generator<Corridor> for CorridorRules {
    fn generate(_: &Corridor, out: &mut MoveList<u8>) {
        out.push(0);
    }
}

impl Notation<Corridor> for CorridorRules {
    fn read_move(_: &Corridor, text: &str) -> Result<u8, NotationError> {
        if text == "step" { Ok(0) } else { Err(NotationError::Illegal { token: text.into() }) }
    }
    fn format_move(_: &Corridor, _: u8) -> String {
        "step".into()
    }
    fn to_text(game: &Corridor) -> String {
        format!("corridor {} ply={}", game.length, game.turn.ply)
    }
    fn from_text(text: &str) -> Result<Corridor, NotationError> {
        let length = text.parse().map_err(|_| NotationError::Illegal { token: text.into() })?;
        Ok(Corridor::of(length))
    }
    fn draw(game: &Corridor) -> String {
        Self::to_text(game)
    }
}

impl Game for Corridor {
    type Move = u8;
    type Generator = CorridorRules;
    type Notation = CorridorRules;
    type Options = NoOptions;
    const NAME: &'static str = "corridor";
    fn new(_: &NoOptions) -> Result<Self, RulesError> {
        Ok(Corridor::of(1))
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
    fn play(&mut self, _: u8) {
        let t = &mut self.turn;
        t.ply += 1;
        t.to_move = (t.ply % 2) as u8;
        if t.ply >= self.length {
            t.finish = Some(Finish::winner(2, Seat(0)));
        }
        self.turn.hash = self.hash_from_scratch();
    }
    fn hash_from_scratch(&self) -> u64 {
        (self.turn.ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}
