//! `tabula match`: engines play a fair schedule of games under clocks; a running score,
//! records, JSON lines and a statistics table.

use std::fs::{File, OpenOptions};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use tabula_arena::plural::plural;
use tabula_arena::report::MatchStats;
use tabula_arena::{
    EngineEntry, FinishedGame, MatchConfig, OpeningBook, TimeControl, WallClock, run_match, unique_names,
};
use tabula_engine::EngineGame;
use tabula_engine::time::TimeManager;
use tabula_rules::{Game, GameOptions};

use crate::error::{CliError, usage};
use crate::games::{GameCommand, dispatch};
use crate::position::GameArgs;

/// Arguments of `tabula match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The game, its player count and rule options.
    #[command(flatten)]
    game: GameArgs,
    /// An engine (at least twice): a spec (alphabeta:threads=1), name=NAME,spec=SPEC,tc=TC, or an
    /// outside UGI engine: cmd=PATH, optionally with args=ARGS, name=NAME, option.X=Y and tc=TC.
    #[arg(long = "engine", value_name = "SPEC")]
    engines: Vec<String>,
    /// The time control of engines without their own: 10+0.1, 40/60, st=1, nodes=N, depth=N.
    #[arg(long, value_name = "TC")]
    tc: Option<String>,
    /// Games to play (rounded up to whole rounds so that seats stay balanced).
    #[arg(long, value_name = "N", default_value_t = 10)]
    games: usize,
    /// Games played at once.
    #[arg(long, value_name = "C", default_value_t = 1)]
    concurrency: usize,
    /// Where rounds start: random:PLIES (random moves drawn from the seed) or file:PATH.
    #[arg(long, value_name = "BOOK")]
    openings: Option<String>,
    /// The match seed (openings and engine seeds derive from it).
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Adjudicate a game after this many plies (the game's own rule: a draw, or by points);
    /// `none` for no limit.
    #[arg(long, value_name = "P", default_value = "1000")]
    max_plies: String,
    /// Time a clock may run below zero before the game is lost, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 0.05)]
    margin: f64,
    /// Time kept off every move's budget for the runner's own work, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 0.01)]
    overhead: f64,
    /// Append every game's record to this file.
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,
    /// Append one JSON line per game to this file.
    #[arg(long, value_name = "FILE")]
    jsonl: Option<PathBuf>,
}

/// Runs `tabula match`.
pub fn run(args: MatchArgs) -> Result<(), CliError> {
    let game = args.game.game.clone();
    dispatch(&game, args)
}

/// Seconds from a flag, checked.
fn seconds(flag: &str, value: f64) -> Result<Duration, CliError> {
    if !(value.is_finite() && (0.0..=1e6).contains(&value)) {
        return Err(usage(format!("bad {flag} '{value}': expected seconds, 0 or more")));
    }
    Ok(Duration::from_secs_f64(value))
}

/// Opens a file to append to.
fn append(path: &PathBuf, flag: &str) -> Result<File, CliError> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| usage(format!("cannot open {flag} file '{}': {e}", path.display())))
}

impl MatchArgs {
    /// The rule options, the ply limit included.
    fn options<G: Game>(&self) -> Result<G::Options, CliError> {
        let mut options = self.game.options::<G>()?;
        let has_limit = <G::Options as GameOptions>::SETTINGS.iter().any(|s| s.key() == "max_plies");
        let given = self.game.opts.iter().any(|o| o.starts_with("max_plies="));
        if has_limit && !given {
            options.set("max_plies", &self.max_plies).map_err(|e| usage(format!("bad --max-plies: {e}")))?;
        } else if !has_limit && self.max_plies != "1000" {
            return Err(usage(format!("game '{}' has no ply limit: drop --max-plies", G::NAME)));
        }
        Ok(options)
    }
}

impl GameCommand for MatchArgs {
    fn run<G: EngineGame>(self) -> Result<(), CliError> {
        let options = self.options::<G>()?;
        let mut engines = self
            .engines
            .iter()
            .map(|e| EngineEntry::parse(e))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| usage(e.0))?;
        unique_names(&mut engines);
        let tc = match &self.tc {
            Some(text) => Some(text.parse::<TimeControl>().map_err(|e| usage(e.to_string()))?),
            None => None,
        };
        if self.concurrency == 0 {
            return Err(usage("bad --concurrency '0': expected 1 or more"));
        }
        let mut config = MatchConfig::<G>::new(options.clone(), engines, tc, self.games);
        config.concurrency = self.concurrency;
        config.seed = self.seed;
        config.margin = seconds("--margin", self.margin)?;
        config.time_manager = TimeManager::new(seconds("--overhead", self.overhead)?);
        if let Some(book) = &self.openings {
            config.openings = OpeningBook::parse::<G>(book, &options).map_err(|e| usage(e.0))?;
        }
        let controls: Vec<String> =
            config.controls().map_err(|e| usage(e.0))?.iter().map(ToString::to_string).collect();
        let plan = config.schedule().map_err(|e| usage(e.0))?;
        let seats = config.seats().map_err(|e| usage(e.0))?;
        let mut records = self.records.as_ref().map(|p| append(p, "--records")).transpose()?;
        let mut jsonl = self.jsonl.as_ref().map(|p| append(p, "--jsonl")).transpose()?;

        let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
        let total = plan.len();
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "Match: {} of {} ({} seats), {}; time control {}; openings {}; seed {}",
            plural(total, "game", "games"),
            G::NAME,
            seats,
            names.join(" vs "),
            if controls.iter().all(|c| *c == controls[0]) { controls[0].clone() } else { controls.join(", ") },
            config.openings.describe(),
            self.seed
        )?;
        out.flush()?;
        let bar = if std::io::stderr().is_terminal() {
            let bar = ProgressBar::new(total as u64);
            if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} elapsed, eta {eta}")
            {
                bar.set_style(style);
            }
            bar
        } else {
            ProgressBar::hidden()
        };
        let mut stats = MatchStats::new(names.clone(), seats);
        let mut failure: Option<CliError> = None;
        let mut terminations: Vec<(String, u32)> = Vec::new();
        let mut on_game = |game: &FinishedGame| -> bool {
            stats.add(game.pairing.round, &game.pairing.seats, &game.outcome);
            let kind = game.termination.kind().to_string();
            match terminations.iter_mut().find(|(k, _)| *k == kind) {
                Some(entry) => entry.1 += 1,
                None => terminations.push((kind, 1)),
            }
            let seated: Vec<&str> = game.pairing.seats.iter().map(|&e| names[e].as_str()).collect();
            let lines = format!(
                "Finished game {} ({}): {} {{{}, {}}}\n{}",
                game.pairing.game + 1,
                seated.join(" vs "),
                game.record.result,
                game.termination,
                plural(game.plies, "ply", "plies"),
                stats.running_line(total)
            );
            let written = bar.suspend(|| writeln!(out, "{lines}").and_then(|_| out.flush()));
            bar.inc(1);
            let mut result = written.map_err(CliError::from);
            if result.is_ok()
                && let Some(file) = records.as_mut()
            {
                result = file.write_all(game.record.to_text(seats).as_bytes()).map_err(CliError::from);
            }
            if result.is_ok()
                && let Some(file) = jsonl.as_mut()
            {
                result = writeln!(file, "{}", game.json).map_err(CliError::from);
            }
            match result {
                Ok(()) => true,
                Err(e) => {
                    failure = Some(e);
                    false
                }
            }
        };
        let outcome = run_match(&config, Arc::new(WallClock::new()), &mut on_game);
        bar.finish_and_clear();
        if let Some(e) = failure {
            return Err(e);
        }
        outcome.map_err(|e| usage(e.0))?;
        writeln!(out)?;
        write!(out, "{}", stats.table())?;
        let ends: Vec<String> = terminations.iter().map(|(k, n)| format!("{k} {n}")).collect();
        writeln!(out, "Ends: {}", ends.join(", "))?;
        Ok(())
    }
}
