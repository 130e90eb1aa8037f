//! `tabula tune`: fits a game's evaluator weights to the results of the games in records
//! files (written by `tabula match --records`; a sharded run's several files) by Texel
//! tuning ([`tabula_engine::texel`]), and writes a weights file of the form the build reads.
//!
//! Positions are taken from every game the rules ended (`Termination "normal"`), after its
//! opening book and `--skip-opening` more plies, each with every seat's final score; games
//! capped at the ply limit, ended by a clock or an engine's fault, or seen before (the same
//! match and game number in another file) are skipped. Positions where a tactical move is
//! legal (a capture, a trap, a beam threat: what quiescence would play on) are left out
//! unless `--tactical`: the static evaluation of such a position is about to change, and
//! the fit should not bend the weights to it. A share of the games (`--holdout`, drawn by
//! game from `--seed`) is held out: its loss is printed after every pass and stops the fit
//! when it stops improving.

use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use indicatif::ProgressBar;
use tabula_arena::plural::plural;
use tabula_arena::{Record, read_records};
use tabula_engine::EngineGame;
use tabula_engine::texel::{Pass, Progress, Sample, Stop, Stopping, fit_k, tune};
use tabula_engine::weights::{Tunable, write};
use tabula_rules::core::ending::MAX_PLIES;
use tabula_rules::{MAX_SEATS, MoveList, Seat};

use crate::error::{CliError, usage};
use crate::games::{CliGame, GameCommand, dispatch};
use crate::position::game_help;
use crate::progress::bar;

/// Arguments of `tabula tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The game whose evaluator to tune.
    #[arg(value_name = "GAME", help = game_help())]
    game: String,
    /// Records files written by `tabula match --records` (a sharded run's: one per shard).
    #[arg(long, value_name = "FILE", num_args = 1.., required = true)]
    records: Vec<PathBuf>,
    /// Write the weights file here; without it the file is printed on stdout (the report
    /// goes to stderr either way).
    #[arg(long, value_name = "PATH")]
    out: Option<PathBuf>,
    /// At most this many passes over the weights.
    #[arg(long, value_name = "N", default_value_t = 50)]
    passes: usize,
    /// The share of games held out to measure the fit and stop it, from 0 to 0.5.
    #[arg(long, value_name = "F", default_value_t = 0.1)]
    holdout: f64,
    /// Plies after each game's opening book whose positions are not taken.
    #[arg(long, value_name = "N", default_value_t = 0)]
    skip_opening: usize,
    /// The seed of the draw of held-out games.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Also take positions where a tactical move (a capture, a trap, a beam threat) is legal.
    #[arg(long)]
    tactical: bool,
}

/// Runs `tabula tune`.
pub fn run(args: TuneArgs) -> Result<(), CliError> {
    if !(args.holdout.is_finite() && (0.0..=0.5).contains(&args.holdout)) {
        return Err(usage(format!("bad --holdout '{}': expected a share from 0 to 0.5", args.holdout)));
    }
    if let Some(out) = &args.out {
        let dir = out.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        if !dir.is_dir() {
            return Err(usage(format!("bad --out '{}': no directory '{}'", out.display(), dir.display())));
        }
    }
    let game = args.game.clone();
    dispatch(&game, args)
}

/// The positions of one game, and where it came from.
struct Played<G> {
    /// Its place in the draw of held-out games.
    key: u64,
    samples: Vec<Sample<G>>,
}

/// What the records files gave.
struct Gathered<G> {
    games: Vec<Played<G>>,
    /// Games not used, by reason.
    skipped: BTreeMap<&'static str, usize>,
}

/// An `Options` tag without the ply limit, which adjudicates but does not change the rules.
fn rules_of(options: &str) -> String {
    let prefix = format!("{MAX_PLIES}=");
    options.split_whitespace().filter(|o| !o.starts_with(&prefix)).collect::<Vec<_>>().join(" ")
}

impl TuneArgs {
    /// Reads every records file and replays its games into samples.
    fn gather<G: EngineGame>(&self, bar: &ProgressBar) -> Result<Gathered<G>, CliError> {
        let mut gathered = Gathered { games: Vec::new(), skipped: BTreeMap::new() };
        let mut first_options: Option<(String, String)> = None;
        let mut seen = HashSet::new();
        let mut moves = MoveList::new();
        for (f, path) in self.records.iter().enumerate() {
            let name = path.display().to_string();
            let text = std::fs::read_to_string(path)
                .map_err(|e| usage(format!("cannot read --records file '{name}': {e}")))?;
            let records = read_records(&text);
            if let Some(Err(e)) = records.iter().find(|r| r.is_err()).filter(|_| records.iter().all(|r| r.is_err())) {
                return Err(usage(format!("--records file '{name}' holds no readable record: {e}")));
            }
            if records.is_empty() {
                return Err(usage(format!("--records file '{name}' holds no record")));
            }
            bar.inc_length(records.len() as u64);
            for (place, record) in records.into_iter().enumerate() {
                bar.inc(1);
                let record = match record {
                    Ok(record) => record,
                    Err(e) => {
                        bar.suspend(|| eprintln!("tabula: warning: --records file '{name}': {e}; skipped"));
                        *gathered.skipped.entry("damaged").or_default() += 1;
                        continue;
                    }
                };
                let number = record.tag("GameNumber").and_then(|n| n.parse::<u64>().ok());
                let which = format!("game {} of '{name}'", number.unwrap_or(place as u64 + 1));
                match record.tag("Game") {
                    Some(game) if game == G::NAME => {}
                    other => {
                        return Err(usage(format!(
                            "{which} is of game '{}', not '{}': tune one game at a time",
                            other.unwrap_or("?"),
                            G::NAME
                        )));
                    }
                }
                let options = rules_of(record.tag("Options").unwrap_or(""));
                match &first_options {
                    Some((first, at)) if *first != options => {
                        return Err(usage(format!(
                            "{which} has options '{options}', but {at} has '{first}': tune on games of one set of options"
                        )));
                    }
                    Some(_) => {}
                    None => first_options = Some((options, which.clone())),
                }
                let id = record.tag("Match").map(str::to_string);
                let key = match (&id, number) {
                    (Some(id), Some(n)) => {
                        if !seen.insert((id.clone(), n)) {
                            *gathered.skipped.entry("seen before").or_default() += 1;
                            continue;
                        }
                        tabula_arena::seed::mix(self.seed, u64::from_str_radix(id, 16).unwrap_or(0), n)
                    }
                    _ => tabula_arena::seed::mix(self.seed, f as u64, place as u64),
                };
                match record.tag("Termination") {
                    Some("normal") => {}
                    Some("max plies") => {
                        *gathered.skipped.entry("capped at the ply limit").or_default() += 1;
                        continue;
                    }
                    _ => {
                        *gathered.skipped.entry("not ended by the rules").or_default() += 1;
                        continue;
                    }
                }
                if let Some(samples) =
                    self.samples::<G>(&record, &mut moves).map_err(|e| usage(format!("{which}: {e}")))?
                {
                    gathered.games.push(Played { key, samples });
                } else {
                    *gathered.skipped.entry("without a result").or_default() += 1;
                }
            }
        }
        Ok(gathered)
    }

    /// The samples of a finished game's record: its positions after the book and
    /// `--skip-opening` plies, quiet unless `--tactical`, with every seat's final score;
    /// `None` if the replayed game has no result.
    fn samples<G: EngineGame>(
        &self,
        record: &Record,
        moves: &mut MoveList<G::Move>,
    ) -> Result<Option<Vec<Sample<G>>>, tabula_arena::ArenaError> {
        let positions = record.positions::<G>()?;
        let Some(outcome) = positions.last().and_then(|g| g.outcome()) else {
            return Ok(None);
        };
        let mut target = [0.0; MAX_SEATS];
        for (s, t) in target.iter_mut().enumerate().take(outcome.seats()) {
            *t = outcome.score(Seat(s as u8));
        }
        let first = record.book_plies() + self.skip_opening;
        let samples = positions
            .into_iter()
            .skip(first)
            .filter(|g| !g.is_over())
            .filter(|g| {
                self.tactical || {
                    g.legal_moves(moves);
                    !moves.iter().any(|&m| g.is_tactical(m))
                }
            })
            .map(|game| Sample { game, target })
            .collect();
        Ok(Some(samples))
    }
}

/// Writes a line of the report on stderr, above the progress bar.
fn say(bar: &ProgressBar, line: &str) {
    bar.suspend(|| eprintln!("{line}"));
}

/// A pass as a row of the report.
fn row(pass: &Pass, weights: usize) -> String {
    let held_out = pass.held_out.map_or_else(|| "-".to_string(), |l| format!("{l:.6}"));
    format!(
        "{:<5} {:<13} {:.6}  {held_out:<9} {:>3}/{weights:<3} {:>8.1}s",
        pass.number,
        pass.method.name(),
        pass.train,
        pass.changed,
        pass.elapsed.as_secs_f64()
    )
}

impl GameCommand for TuneArgs {
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        let reading = bar("{bar:40} {pos}/{len} games read, {elapsed}", 0);
        let gathered = self.gather::<G>(&reading)?;
        reading.finish_and_clear();
        let mut games = gathered.games;
        games.sort_by_key(|g| g.key);
        let held = match games.len() {
            0 | 1 => 0,
            n => ((n as f64 * self.holdout).round() as usize).clamp(usize::from(self.holdout > 0.0), n - 1),
        };
        let take = |games: &mut Vec<Played<G>>, n: usize| -> Vec<Sample<G>> {
            games.drain(..n).flat_map(|g| g.samples).collect()
        };
        let held_out = take(&mut games, held);
        let fitted = games.len();
        let train = take(&mut games, fitted);
        let skipped: Vec<String> = gathered.skipped.iter().map(|(why, n)| format!("{n} {why}")).collect();
        let skipped = if skipped.is_empty() { String::new() } else { format!("; skipped {}", skipped.join(", ")) };
        if train.is_empty() {
            return Err(usage(format!(
                "no positions to tune on in the --records files: {} with positions{skipped}",
                plural(fitted, "game", "games")
            )));
        }
        let names = <G::Eval as Tunable>::NAMES;
        let start = G::Eval::default();
        let quiet = if self.tactical { "" } else { " (quiet)" };
        eprintln!(
            "tune {}: {} positions{quiet} of {} to fit, {} of {} held out{skipped}",
            G::NAME,
            train.len(),
            plural(fitted, "game", "games"),
            held_out.len(),
            plural(held, "game", "games")
        );
        let k = fit_k(&start, &train);
        eprintln!("K {k:.1}: a seat's predicted score is sigmoid(margin / K)");
        eprintln!("pass  method        train     held-out  changed     time");
        let tuning = bar("{bar:40} pass {pos}/{len}: {msg}, {elapsed}", self.passes as u64);
        let tuned = tune(
            &start,
            k,
            &train,
            &held_out,
            Stopping { passes: self.passes, ..Stopping::default() },
            &mut |p| match p {
                Progress::Step { pass } => {
                    tuning.set_position(pass.saturating_sub(1) as u64);
                    tuning.set_message("a Gauss-Newton step");
                }
                Progress::Weight { pass, weight } => {
                    tuning.set_position(pass.saturating_sub(1) as u64);
                    tuning.set_message(format!("weight {} of {}", weight + 1, names.len()));
                }
                Progress::Pass(pass) => say(&tuning, &row(pass, names.len())),
            },
        );
        tuning.finish_and_clear();
        let (first, best) = (&tuned.passes[0], &tuned.passes[tuned.best]);
        let last = tuned.passes.len() - 1;
        let why = match tuned.stop {
            Stop::Converged => "every weight settled".to_string(),
            Stop::HeldOut => "the held-out loss stopped improving".to_string(),
            Stop::Passes => format!("--passes {} ran out", self.passes),
        };
        eprintln!("stopped after pass {last}: {why}; the weights of pass {} kept", tuned.best);
        let changes: Vec<String> = (names.iter().zip(first.weights.iter().zip(best.weights.iter())))
            .filter(|(_, (a, b))| a != b)
            .map(|(name, (a, b))| format!("{name} {a} -> {b}"))
            .collect();
        eprintln!("weights: {}", if changes.is_empty() { "unchanged".to_string() } else { changes.join(", ") });
        let losses = |a: Option<f64>, b: Option<f64>| match (a, b) {
            (Some(a), Some(b)) => format!("{a:.6} -> {b:.6}"),
            _ => "none".to_string(),
        };
        let header = [
            format!("Weights of the {} evaluator, made by `tabula tune` on {} (UTC):", G::NAME, today()),
            format!("  {}", command_line()),
            format!(
                "{} positions of {} fitted, {} of {} held out; K {k:.1}.",
                train.len(),
                plural(fitted, "game", "games"),
                held_out.len(),
                plural(held, "game", "games")
            ),
            format!(
                "Mean squared error: train {}, held out {} (pass {} of {last}).",
                losses(Some(first.train), Some(best.train)),
                losses(first.held_out, best.held_out),
                tuned.best
            ),
            format!(
                "The build reads {}; an engine spec's `weights=PATH` reads a file like this one.",
                <G::Eval as Tunable>::FILE
            ),
        ]
        .join("\n");
        let file = write::<G::Eval>(&header, tuned.weights());
        match &self.out {
            Some(path) => std::fs::write(path, file)
                .map_err(|e| CliError::Failed(format!("cannot write --out file '{}': {e}", path.display())))?,
            None => std::io::stdout().lock().write_all(file.as_bytes())?,
        }
        Ok(())
    }
}

/// The command line as run, `tabula` first, arguments with spaces or quotes quoted.
fn command_line() -> String {
    let quote = |a: String| {
        if a.is_empty() || a.contains(|c: char| c.is_whitespace() || "'\"\\$`".contains(c)) {
            format!("'{}'", a.replace('\'', "'\\''"))
        } else {
            a
        }
    };
    std::iter::once("tabula".to_string()).chain(std::env::args().skip(1).map(quote)).collect::<Vec<_>>().join(" ")
}

/// Today's date in UTC, `YYYY-MM-DD`.
fn today() -> String {
    time::OffsetDateTime::now_utc().date().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ply_limit_is_not_a_rule() {
        assert_eq!(rules_of("players=2 max_plies=900 mc.clock=off"), "players=2 mc.clock=off");
        assert_eq!(rules_of(""), "");
    }
}
