//! `tabula show`: draws a position, prints its text, its state and its legal moves; or
//! replays a game of a records file, whose `Game` tag names the game. `--svg FILE` also
//! writes a picture of the position.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use tabula_arena::plural::plural;
use tabula_arena::{Record, read_records};
use tabula_board::Marks;
use tabula_rules::{Game, MoveList};

use crate::error::{CliError, usage};
use crate::games::{CliGame, GameCommand, dispatch};
use crate::position::{PositionFlags, game_help};

/// Arguments of `tabula show`.
#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The game; with --record it may be left out (the record names it).
    #[arg(value_name = "GAME", help = game_help())]
    game: Option<String>,
    #[command(flatten)]
    flags: PositionFlags,
    /// Replay a game of a records file (as written by `tabula match --records`).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "moves", "players", "opts"])]
    record: Option<PathBuf>,
    /// Which game of the records file: its game number (the `GameNumber` tag), or its
    /// place in a file whose records have none, from 1.
    #[arg(long = "game", value_name = "K", requires = "record", default_value_t = 1)]
    game_number: usize,
    /// Stop the replay after this many plies (default: the whole game).
    #[arg(long, value_name = "P", requires = "record")]
    ply: Option<usize>,
    /// Also write a picture of the position to FILE as SVG (the last move of --moves or
    /// of the replay marked); the text is printed as usual.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// A game of a records file to replay.
struct Replay {
    path: PathBuf,
    record: Record,
    /// Games in the file.
    games: usize,
}

/// `tabula show` with its game chosen: a position, or a replay.
struct Show {
    args: ShowArgs,
    replay: Option<Replay>,
}

impl ShowArgs {
    /// Reads `--game K` of the `--record FILE`: the record whose `GameNumber` tag is K (a
    /// match writes its games as they end, in any order), or, in a file whose records carry
    /// no such tag, the K-th. A damaged record is skipped with a warning, unless it is the
    /// one asked for (a damaged record's number is its place in the file).
    fn read_record(&self, path: &PathBuf) -> Result<Replay, CliError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| usage(format!("cannot read --record file '{}': {e}", path.display())))?;
        let records = read_records(&text);
        let k = self.game_number;
        let number = |r: &Record| r.tag("GameNumber").and_then(|n| n.parse::<usize>().ok());
        let numbered = records.iter().any(|r| r.as_ref().is_ok_and(|r| number(r).is_some()));
        let wanted = |i: usize, r: &Result<Record, _>| match r {
            Ok(r) if numbered => number(r) == Some(k),
            _ => i + 1 == k,
        };
        for (i, damaged) in records.iter().enumerate().filter_map(|(i, r)| r.as_ref().err().map(|e| (i, e))) {
            if i + 1 != k {
                eprintln!("tabula: warning: --record file '{}': {}; skipped", path.display(), damaged);
            }
        }
        let record = records.iter().enumerate().find(|(i, r)| wanted(*i, r)).map(|(_, r)| r).ok_or_else(|| {
            usage(format!(
                "bad --game '{k}': the file '{}' holds {}",
                path.display(),
                plural(records.len(), "game", "games")
            ))
        })?;
        let record = record
            .as_ref()
            .map_err(|e| usage(format!("bad --game '{k}': the file '{}' has it damaged: {}", path.display(), e)))?;
        Ok(Replay { path: path.clone(), record: record.clone(), games: records.len() })
    }
}

impl Replay {
    /// The position after `ply` plies (default: the end), the move that led to it, and a
    /// line about the game.
    fn position<G: Game>(&self, k: usize, ply: Option<usize>) -> Result<(G, Option<G::Move>, String), CliError> {
        let record = &self.record;
        let bad = |e: tabula_arena::ArenaError| e.at(format!("game {k} of '{}'", self.path.display()));
        let game: G = record.replay(ply).map_err(bad)?;
        let plies = record.moves.len();
        // The last move, read in the position before it (the replay checked it is legal).
        let upto = ply.unwrap_or(plies);
        let last = match upto.checked_sub(1) {
            Some(before) => {
                let previous: G = record.replay(Some(before)).map_err(bad)?;
                previous.parse_move(&record.moves[before].text).ok()
            }
            None => None,
        };
        let line = format!(
            "record game {k} of {}: {} ({}), {}, {}; ply {} of {plies}",
            self.games,
            record.tag("Seats").unwrap_or("?"),
            record.tag("TimeControl").unwrap_or("?"),
            record.result,
            record.tag("Termination").unwrap_or("?"),
            ply.unwrap_or(plies),
        );
        Ok((game, last, line))
    }
}

/// Runs `tabula show`.
pub fn run(args: ShowArgs) -> Result<(), CliError> {
    let replay = args.record.as_ref().map(|path| args.read_record(path)).transpose()?;
    let recorded = replay.as_ref().map(|r| {
        r.record.tag("Game").map(str::to_string).ok_or_else(|| {
            usage(format!("game {} of '{}' has no Game tag: name the game", args.game_number, r.path.display()))
        })
    });
    let game = match (&args.game, recorded) {
        (Some(given), Some(Ok(recorded))) if *given != recorded => {
            return Err(usage(format!(
                "game '{given}' given, but game {} of the record is '{recorded}'",
                args.game_number
            )));
        }
        (Some(given), _) => given.clone(),
        (None, Some(recorded)) => recorded?,
        (None, None) => return Err(usage("missing GAME: name the game, or give --record FILE")),
    };
    dispatch(&game, Show { args, replay })
}

impl GameCommand for Show {
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        let mut out = std::io::stdout().lock();
        let (game, last, line): (G, _, _) = match &self.replay {
            Some(replay) => {
                let (game, last, line) = replay.position::<G>(self.args.game_number, self.args.ply)?;
                (game, last, Some(line))
            }
            None => {
                let (game, last) = self.args.flags.build_with_last(G::NAME)?;
                (game, last, None)
            }
        };
        // The picture is written before anything is printed, so that a file that cannot be
        // written fails the command with nothing on stdout.
        if let Some(path) = &self.args.svg {
            let marks = Marks { last, arrows: Vec::new() };
            std::fs::write(path, game.svg(&marks))
                .map_err(|e| usage(format!("cannot write --svg file '{}': {e}", path.display())))?;
        }
        if let Some(line) = line {
            writeln!(out, "{line}")?;
        }
        write!(out, "{}", game.draw_marked(last))?;
        writeln!(out, "position: {}", game.to_text())?;
        match game.outcome() {
            Some(outcome) => writeln!(out, "result: {outcome} ({})", ended(&game))?,
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

/// Why the finished `game` ended, as the rules say.
pub fn ended<G: Game>(game: &G) -> String {
    game.end_reason().unwrap_or_else(|| "the rules ended the game".to_string())
}
