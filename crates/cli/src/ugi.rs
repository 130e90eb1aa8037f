//! `tabula ugi`: an engine speaking UGI (and UGI-N, for 3 to 6 seats) on stdin and stdout,
//! for match runners and GUIs. docs/protocol.md describes the protocol.

use clap::Args;
use tabula_arena::ugi::UgiEngine;
use tabula_engine::EngineGame;

use crate::error::CliError;
use crate::games::{GameCommand, dispatch};
use crate::position::GameArgs;

/// Arguments of `tabula ugi`.
#[derive(Args, Debug)]
pub struct UgiArgs {
    /// The game, and the player count and rule options of `position startpos`.
    #[command(flatten)]
    game: GameArgs,
    /// The searcher, e.g. alphabeta:threads=2,hash=64 or mcts; its keys are the UGI options
    /// (default: the game's strongest, alphabeta, or mcts in six-seat E and in Chinese Checkers
    /// with three to five seats or two without a blocking rule).
    #[arg(long, value_name = "SPEC")]
    engine: Option<String>,
}

/// Runs `tabula ugi`.
pub fn run(args: UgiArgs) -> Result<(), CliError> {
    let game = args.game.game.clone();
    dispatch(&game, args)
}

impl GameCommand for UgiArgs {
    fn run<G: EngineGame>(self) -> Result<(), CliError> {
        let options = self.game.options::<G>()?;
        let spec = match self.engine {
            Some(spec) => spec,
            None => G::new(&options)?.default_engine().to_string(),
        };
        let engine = UgiEngine::<G>::new(options, &spec)?;
        engine.serve(std::io::stdin().lock(), std::io::stdout())?;
        Ok(())
    }
}
