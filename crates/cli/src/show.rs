//! `tabula show`: draws a position, prints its text, its state and its legal moves.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use tabula_arena::parse_records;
use tabula_rules::{Game, MoveList};

use crate::error::{CliError, usage};
use crate::games::{GameCommand, dispatch};
use crate::position::PositionArgs;

/// Arguments of `tabula show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Replay a game of a records file (as written by `tabula match --records`).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "moves", "players", "opts"])]
    record: Option<PathBuf>,
    /// Which game of the records file, from 1.
    #[arg(long = "game", value_name = "K", requires = "record", default_value_t = 1)]
    game_number: usize,
    /// Stop the replay after this many plies (default: the whole game).
    #[arg(long, value_name = "P", requires = "record")]
    ply: Option<usize>,
}

impl ShowArgs {
    /// The position of `--game K` of `--record FILE` after `--ply P`, and a line about it.
    fn replay<G: Game>(&self, path: &PathBuf) -> Result<(G, String), CliError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| usage(format!("cannot read --record file '{}': {e}", path.display())))?;
        let records =
            parse_records(&text).map_err(|e| usage(format!("bad --record file '{}': {}", path.display(), e.0)))?;
        let k = self.game_number;
        let record = records.get(k.wrapping_sub(1)).ok_or_else(|| {
            usage(format!("bad --game '{k}': the file '{}' holds {} games", path.display(), records.len()))
        })?;
        let game: G =
            record.replay(self.ply).map_err(|e| usage(format!("game {k} of '{}': {}", path.display(), e.0)))?;
        let plies = record.moves.len();
        let line = format!(
            "record game {k} of {}: {} ({}), {}, {}; ply {} of {plies}",
            records.len(),
            record.tag("Seats").unwrap_or("?"),
            record.tag("TimeControl").unwrap_or("?"),
            record.result,
            record.tag("Termination").unwrap_or("?"),
            self.ply.unwrap_or(plies),
        );
        Ok((game, line))
    }
}

/// Runs `tabula show`.
pub fn run(args: ShowArgs) -> Result<(), CliError> {
    let game = args.position.game.clone();
    dispatch(&game, args)
}

impl GameCommand for ShowArgs {
    fn run<G: tabula_engine::EngineGame>(self) -> Result<(), CliError> {
        let mut out = std::io::stdout().lock();
        let game: G = match &self.record {
            Some(path) => {
                let (game, line) = self.replay::<G>(path)?;
                writeln!(out, "{line}")?;
                game
            }
            None => self.position.build()?,
        };
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
