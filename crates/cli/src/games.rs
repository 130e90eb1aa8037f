//! The game registry: one `match` on the game's name that calls a generic command, so
//! every game is monomorphised.

use tabula_engine::EngineGame;
use tabula_rules::Game;
use tabula_rules::games::chinese_checkers::ChineseCheckers;
use tabula_rules::games::icelights::Icelights;

use crate::error::{CliError, usage};

/// The games that are built, by command-line name.
pub const GAMES: &[&str] = &[ChineseCheckers::NAME, Icelights::NAME];

/// A command that runs for any game.
pub trait GameCommand {
    /// Runs the command for game `G`.
    fn run<G: EngineGame>(self) -> Result<(), CliError>;
}

/// Runs `command` for the game named `name`.
pub fn dispatch(name: &str, command: impl GameCommand) -> Result<(), CliError> {
    match name {
        ChineseCheckers::NAME => command.run::<ChineseCheckers>(),
        Icelights::NAME => command.run::<Icelights>(),
        _ => Err(usage(format!("unknown game '{name}' (available: {})", GAMES.join(", ")))),
    }
}
