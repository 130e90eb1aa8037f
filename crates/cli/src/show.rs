//! `tabula show`: draws a position, prints its text, its state and its legal moves.

use std::io::Write;

use clap::Args;
use tabula_rules::MoveList;

use crate::error::CliError;
use crate::games::{GameCommand, dispatch};
use crate::position::PositionArgs;

/// Arguments of `tabula show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    position: PositionArgs,
}

/// Runs `tabula show`.
pub fn run(args: ShowArgs) -> Result<(), CliError> {
    let game = args.position.game.clone();
    dispatch(&game, args)
}

impl GameCommand for ShowArgs {
    fn run<G: tabula_engine::EngineGame>(self) -> Result<(), CliError> {
        let game: G = self.position.build()?;
        let mut out = std::io::stdout().lock();
        write!(out, "{}", game.draw())?;
        writeln!(out, "position: {}", game.to_text())?;
        match game.outcome() {
            Some(outcome) => writeln!(out, "result: {outcome}")?,
            None => {
                let mut moves = MoveList::new();
                game.legal_moves(&mut moves);
                let mut names: Vec<String> = moves.iter().map(|&m| game.format_move(m)).collect();
                names.sort();
                writeln!(out, "seat {} to move, ply {}", game.to_move(), game.ply())?;
                writeln!(out, "legal moves ({}): {}", names.len(), names.join(" "))?;
            }
        }
        Ok(())
    }
}
