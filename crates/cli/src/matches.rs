//! `tabula match`: engines play a fair schedule of games under clocks; a running score,
//! records, JSON lines and a statistics table.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use clap::Args;
use tabula_arena::plural::plural;
use tabula_arena::report::MatchStats;
use tabula_arena::sprt::{Sprt, SprtStatus};
use tabula_arena::ugi::kill_outside_engines;
use tabula_arena::{
    EngineEntry, FinishedGame, GameLine, MatchConfig, OpeningBook, Seatings, Shard, Source, TimeControl, WallClock,
    run_plan, unique_names,
};
use tabula_engine::time::TimeManager;
use tabula_rules::core::ending::MAX_PLIES;
use tabula_rules::{Game, GameOptions};

use crate::error::{CliError, usage};
use crate::games::{CliGame, GameCommand, dispatch};
use crate::match_files::{Output, Resumed, resume_lines, resume_records};
use crate::position::GameArgs;
use crate::progress;

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
    /// Where rounds start: random:PLIES (that many random moves drawn from the seed and the
    /// round; in Martian and Coaster Chess drawn again until no piece hangs), file:PATH (one opening a line: moves from the start, a position text, or a
    /// position text then ` moves ` and moves), or start (the bare start position).
    #[arg(long, value_name = "BOOK", default_value = "random:4")]
    openings: String,
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
    /// Append every game's record to this file (and each outside engine's stderr to
    /// FILE.NAME.stderr.log).
    #[arg(long, value_name = "FILE")]
    records: Option<PathBuf>,
    /// Append one JSON line per game to this file (and, without --records, each outside
    /// engine's stderr to FILE.NAME.stderr.log).
    #[arg(long, value_name = "FILE")]
    jsonl: Option<PathBuf>,
    /// Play only shard K of N (K from 1): the rounds whose number is K-1 modulo N, with the
    /// same openings and seeds as one run; `tabula merge` joins the shards' --jsonl files.
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
    /// How engines take the seats with three or more seats: rotate (each round, every
    /// engine moves one seat on) or all (each round plays every assignment of engines to
    /// seats, as the multi-player papers do, so that no engine profits from its neighbour).
    #[arg(long, value_name = "HOW", default_value = "rotate")]
    seatings: String,
    /// Skip the games the --jsonl file already holds (a match that was stopped) and play
    /// the rest; the report counts them all.
    #[arg(long)]
    resume: bool,
    /// Stop when a sequential probability ratio test on game pairs decides (two engines,
    /// two seats): elo0=A,elo1=B[,alpha=0.05,beta=0.05,model=normalized|logistic].
    #[arg(long, value_name = "TEST")]
    sprt: Option<String>,
}

/// Runs `tabula match`.
pub fn run(args: MatchArgs) -> Result<(), CliError> {
    let game = args.game.game.clone();
    dispatch(&game, args)
}

/// Seconds from a flag, checked.
pub(crate) fn seconds(flag: &str, value: f64) -> Result<Duration, CliError> {
    if !(value.is_finite() && (0.0..=1e6).contains(&value)) {
        return Err(usage(format!("bad {flag} '{value}': expected seconds, 0 or more")));
    }
    Ok(Duration::from_secs_f64(value))
}

impl MatchArgs {
    /// The rule options, the ply limit included.
    fn options<G: Game>(&self) -> Result<G::Options, CliError> {
        let mut options = self.game.options::<G>()?;
        let has_limit = <G::Options as GameOptions>::MAX_PLIES.is_some();
        let given = self.game.opts.iter().any(|o| o.split_once('=').is_some_and(|(key, _)| key == MAX_PLIES));
        if has_limit && !given {
            options.set(MAX_PLIES, &self.max_plies).map_err(|e| usage(format!("bad --max-plies: {e}")))?;
        } else if !has_limit && self.max_plies != "1000" {
            return Err(usage(format!("game '{}' has no ply limit: drop --max-plies", G::NAME)));
        }
        Ok(options)
    }
}

impl GameCommand for MatchArgs {
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        let options = self.options::<G>()?;
        let mut engines = self.engines.iter().map(|e| EngineEntry::parse(e)).collect::<Result<Vec<_>, _>>()?;
        unique_names(&mut engines);
        let tc = match &self.tc {
            Some(text) => Some(text.parse::<TimeControl>()?),
            None => None,
        };
        if self.resume && self.jsonl.is_none() {
            return Err(usage("--resume needs --jsonl FILE: the file that holds the games played so far"));
        }
        let mut config = MatchConfig::<G>::new(options.clone(), engines, tc, self.games);
        config.concurrency = self.concurrency;
        config.seed = self.seed;
        config.margin = seconds("--margin", self.margin)?;
        config.time_manager = TimeManager::new(seconds("--overhead", self.overhead)?);
        config.openings = OpeningBook::parse::<G>(&self.openings, &options)?;
        config.seatings = self.seatings.parse::<Seatings>()?;
        config.shard = self.shard.as_deref().map(str::parse::<Shard>).transpose()?;
        config.stderr_logs = self.records.clone().or_else(|| self.jsonl.clone());
        let sprt = self.sprt.as_deref().map(str::parse::<Sprt>).transpose()?;
        let id = config.id()?;
        // Files that exist are locked before they are read for --resume (and cut): a
        // second match writing them is refused. New files are made once the match is ready.
        let mut jsonl = self.jsonl.as_ref().map(|p| Output::open_existing(p, "--jsonl")).transpose()?.flatten();
        let mut records = self.records.as_ref().map(|p| Output::open_existing(p, "--records")).transpose()?.flatten();
        let previous = match (&self.jsonl, self.resume) {
            (Some(path), true) => resume_lines(path, &id)?,
            _ => Resumed { lines: Vec::new(), done: Default::default() },
        };
        if let (Some(path), true) = (&self.records, self.resume)
            && resume_records(path, &previous.done)?
        {
            records = Some(Output::open(path, "--records")?);
        }
        config.done = previous.done.clone();
        let prepared = config.prepare()?;
        let (seats, plan, controls) = (prepared.seats, &prepared.to_play, &prepared.controls);
        if sprt.is_some() && (config.engines.len() != 2 || seats != 2) {
            return Err(usage("--sprt needs two engines in a 2-seat game: it tests game pairs"));
        }
        if records.is_none() {
            records = self.records.as_ref().map(|p| Output::open(p, "--records")).transpose()?;
        }
        if jsonl.is_none() {
            jsonl = self.jsonl.as_ref().map(|p| Output::open(p, "--jsonl")).transpose()?;
        }

        let names: Vec<String> = config.engines.iter().map(|e| e.name.clone()).collect();
        let total = plan.len() + previous.lines.len();
        let untimed = controls.iter().all(|c| !c.is_timed());
        let controls: Vec<String> = controls.iter().map(ToString::to_string).collect();
        let mut header = format!(
            "Match: {} of {} ({} seats), {}; time control {}; openings {}; seed {}; id {id}",
            plural(prepared.schedule.len(), "game", "games"),
            G::NAME,
            seats,
            names.join(" vs "),
            if controls.iter().all(|c| *c == controls[0]) { controls[0].clone() } else { controls.join(", ") },
            config.openings.describe(),
            self.seed
        );
        if config.seatings == Seatings::All && seats > 2 {
            let size = prepared.schedule.iter().filter(|p| p.round == 0).count();
            let _ = write!(header, "; every seating, {} a round", plural(size, "game", "games"));
        }
        if let Some(shard) = config.shard {
            let _ = write!(header, "; shard {shard}: {}", plural(plan.len() + previous.lines.len(), "game", "games"));
        }
        if !previous.lines.is_empty() {
            let _ = write!(header, "; resumed with {} played", plural(previous.lines.len(), "game", "games"));
        }
        if untimed {
            // Node and depth limits repeat a match move for move only when every searcher
            // works alone: threads share their work by timing.
            let shared: Vec<String> = config
                .engines
                .iter()
                .filter_map(|e| match &e.source {
                    Source::Searcher(spec) => tabula_engine::registry::threads::<G>(spec)
                        .ok()
                        .filter(|&t| t > 1)
                        .map(|t| format!("{} searches on {t} threads", e.name)),
                    Source::Outside(_) => None,
                })
                .collect();
            if !shared.is_empty() {
                let _ = write!(header, "; will not repeat move for move: {}", shared.join(", "));
            }
        }
        println!("{header}");
        if config.openings == OpeningBook::Start && untimed {
            eprintln!(
                "tabula: note: every round starts from the start position; deterministic engines under \
                 node or depth limits will repeat the same games (see --openings)"
            );
        }
        let bar = progress::bar("{bar:40} {pos}/{len} games, {elapsed} elapsed, eta {eta}", total as u64);
        bar.set_position(previous.lines.len() as u64);
        let mut running = MatchStats::new(names.clone(), seats).with_sprt(sprt);
        for line in &previous.lines {
            running.add_line(line);
        }
        let state = Arc::new(Mutex::new(Progress { lines: previous.lines, records, jsonl, running }));
        {
            let (state, bar, names, sprt) = (state.clone(), bar.clone(), names.clone(), sprt);
            // Runs on its own thread: it waits until no game is being written, then reports
            // the finished games and ends the process; games in flight are not recorded.
            // Outside engines, in process groups of their own, do not get the Ctrl-C: they
            // are killed, once no game can be written.
            let installed = ctrlc::set_handler(move || {
                let state = state.lock().unwrap_or_else(|e| e.into_inner());
                kill_outside_engines();
                bar.finish_and_clear();
                let report = MatchStats::from_lines(names.clone(), seats, &state.lines).with_sprt(sprt);
                println!(
                    "\nInterrupted: {} finished and written; games in flight are not recorded\n\n{}",
                    plural(state.lines.len(), "game", "games"),
                    report.report()
                );
                std::process::exit(130);
            });
            if let Err(e) = installed {
                eprintln!("tabula: warning: Ctrl-C will not print the statistics: {e}");
            }
        }
        let mut failure: Option<CliError> = None;
        let mut on_game = |game: &FinishedGame| -> bool {
            let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
            match state.write(game, seats) {
                Ok(()) => {}
                Err(e) => {
                    failure = Some(e);
                    return false;
                }
            }
            state.running.add_line(&game.line);
            let seated: Vec<&str> = game.pairing.seats.iter().map(|&e| names[e].as_str()).collect();
            let lines = format!(
                "Finished game {} ({}): {} {{{}, {}}}\n{}",
                game.pairing.game + 1,
                seated.join(" vs "),
                game.record.result,
                game.termination,
                plural(game.plies, "ply", "plies"),
                state.running.running_line(total)
            );
            let written = bar.suspend(|| {
                let mut out = std::io::stdout().lock();
                writeln!(out, "{lines}").and_then(|_| out.flush())
            });
            bar.inc(1);
            if let Err(e) = written {
                failure = Some(e.into());
                return false;
            }
            state.running.sprt_status() == SprtStatus::Continue
        };
        let outcome = run_plan(&config, &prepared, Arc::new(WallClock::new()), &mut on_game);
        bar.finish_and_clear();
        let state = state.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = failure {
            return Err(e);
        }
        outcome?;
        let report = MatchStats::from_lines(names, seats, &state.lines).with_sprt(sprt);
        let mut out = std::io::stdout().lock();
        writeln!(out)?;
        write!(out, "{}", report.report())?;
        Ok(())
    }
}

/// What the match has played and written so far; the Ctrl-C handler reads it.
struct Progress {
    /// The lines of every finished game, earlier runs' included.
    lines: Vec<GameLine>,
    records: Option<Output>,
    jsonl: Option<Output>,
    /// The statistics in the running line.
    running: MatchStats,
}

impl Progress {
    /// Writes a finished game: its record, then its line; if the line fails the record is
    /// cut off again, so that the files never disagree.
    fn write(&mut self, game: &FinishedGame, seats: usize) -> Result<(), CliError> {
        let mark = self.records.as_ref().map(Output::len).transpose()?;
        if let Some(file) = self.records.as_mut() {
            file.append(&game.record.to_text(seats))?;
        }
        if let Some(file) = self.jsonl.as_mut()
            && let Err(e) = file.append(&format!("{}\n", game.line.to_json()))
        {
            if let (Some(records), Some(len)) = (self.records.as_mut(), mark) {
                records.cut(len);
            }
            return Err(e);
        }
        self.lines.push(game.line.clone());
        Ok(())
    }
}
