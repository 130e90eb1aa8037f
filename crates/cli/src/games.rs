//! The game registry: one `match` on the game's name that calls a generic command, so
//! every game is monomorphised.

use tabula_engine::EngineGame;
use tabula_rules::Game;
use tabula_rules::games::chinese_checkers::ChineseCheckers;
use tabula_rules::games::echelon::Echelon;
use tabula_rules::games::icelights::Icelights;
use tabula_rules::games::martian_chess::{CoasterChess, MartianChess};

use crate::error::{CliError, usage};

/// The games that are built, by command-line name.
pub const GAMES: &[&str] =
    &[ChineseCheckers::NAME, Echelon::NAME, Icelights::NAME, MartianChess::NAME, CoasterChess::NAME];

/// A command that runs for any game.
pub trait GameCommand {
    /// Runs the command for game `G`.
    fn run<G: EngineGame>(self) -> Result<(), CliError>;
}

/// Runs `command` for the game named `name`.
pub fn dispatch(name: &str, command: impl GameCommand) -> Result<(), CliError> {
    match name {
        ChineseCheckers::NAME => command.run::<ChineseCheckers>(),
        Echelon::NAME => command.run::<Echelon>(),
        MartianChess::NAME => command.run::<MartianChess>(),
        CoasterChess::NAME => command.run::<CoasterChess>(),
        Icelights::NAME => command.run::<Icelights>(),
        _ => Err(usage(format!("unknown game '{name}' (available: {})", GAMES.join(", ")))),
    }
}
