//! Small games for tests: tic-tac-toe (solved exhaustively) and a corridor (one line as
//! long as asked).

pub mod corridor;
pub mod ttt;

use tabula_rules::{GameOptions, RulesError};

/// The options of a toy game: none, and two seats.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct NoOptions;

impl GameOptions for NoOptions {
    const SETTINGS: &'static [&'static dyn tabula_rules::core::settings::Setting<Self>] = &[];
    fn set_players(&mut self, players: usize) -> Result<(), RulesError> {
        if players == 2 { Ok(()) } else { Err(RulesError::Players { given: players, expected: "2".into() }) }
    }
}
