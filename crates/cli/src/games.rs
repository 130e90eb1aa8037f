//! The game registry: one `match` on the game's name that calls a generic command, so
//! every game is monomorphised. The games come from [`tabula_rules::for_each_game!`].

use tabula_arena::OpeningGame;
use tabula_board::Picture;
use tabula_rules::games::NAMES;

use crate::error::{CliError, usage};

/// What the commands need of a game: the engine's view of it, its random openings and its
/// pictures.
pub trait CliGame: OpeningGame + Picture {}

impl<G: OpeningGame + Picture> CliGame for G {}

/// A command that runs for any game.
pub trait GameCommand {
    /// Runs the command for game `G`.
    fn run<G: CliGame>(self) -> Result<(), CliError>;
}

macro_rules! dispatch_by_name {
    ($($game:ty),* $(,)?) => {
        /// Runs `command` for the game named `name`.
        pub fn dispatch(name: &str, command: impl GameCommand) -> Result<(), CliError> {
            $(if name == <$game as tabula_rules::Game>::NAME {
                return command.run::<$game>();
            })*
            Err(usage(format!("unknown game '{name}' (available: {})", NAMES.join(", "))))
        }
    };
}

tabula_rules::for_each_game!(dispatch_by_name);
