//! `tabula`: the command line of the Tabula game engines.
//!
//! Thin by design: it parses arguments, picks the game through [`games::dispatch`] and
//! calls the libraries. Bad input exits with status 2 and one line on stderr.

mod bench;
mod error;
mod games;
mod go;
mod match_files;
mod matches;
mod merge;
mod options;
mod perft;
mod play;
mod position;
mod progress;
mod serve;
mod show;
mod solve;
mod tune;
mod ugi;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use error::CliError;

/// The command line.
#[derive(Parser, Debug)]
#[command(name = "tabula", version, about = about(), disable_help_subcommand = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the move sequences of each depth from a position.
    Perft(perft::PerftArgs),
    /// Draw a position, its text and its legal moves.
    Show(show::ShowArgs),
    /// Search a position and print the best move.
    Go(go::GoArgs),
    /// Search fixed positions to a fixed depth: nodes, time, nodes/s and a signature.
    Bench(bench::BenchArgs),
    /// Play engines against each other: a fair schedule under clocks, records, statistics.
    Match(matches::MatchArgs),
    /// Join the JSON lines (and records) of a match's shards into the report of one run.
    Merge(merge::MergeArgs),
    /// Play against the engine in the terminal (or from a script on stdin).
    Play(play::PlayArgs),
    /// List a game's rule options and the searchers' keys, with values, defaults and docs.
    Options(options::OptionsArgs),
    /// Be an engine speaking UGI on stdin and stdout, for match runners and GUIs.
    Ugi(ugi::UgiArgs),
    /// Serve a web board on a local port: play, watch the engine, replay records.
    Serve(serve::ServeArgs),
    /// Prove the value of a position of a 2-seat game (win, loss or draw) by proof-number search.
    Solve(solve::SolveArgs),
    /// Fit a game's evaluator weights to the results of recorded games (Texel tuning).
    Tune(tune::TuneArgs),
}

/// The one-line description `--help` starts with, naming every game.
fn about() -> String {
    format!("Exact rules and strong computer players for abstract games: {}", tabula_rules::games::NAMES.join(", "))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            return CliError::Usage(
                "missing command: perft, show, go, bench, match, merge, play, options, ugi, serve, solve or tune (see tabula --help)"
                    .into(),
            )
            .report();
        }
        Err(e) => {
            // clap's first paragraph, on one line: it names the bad argument.
            let text = e.to_string();
            let first: Vec<&str> = text.lines().take_while(|l| !l.trim().is_empty()).map(str::trim).collect();
            let first = first.join(" ");
            let first = first.trim_start_matches("error: ");
            return CliError::Usage(format!("{first} (see tabula --help)")).report();
        }
    };
    let result = match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Show(args) => show::run(args),
        Command::Go(args) => go::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Match(args) => matches::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Play(args) => play::run(args),
        Command::Options(args) => options::run(args),
        Command::Ugi(args) => ugi::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Tune(args) => tune::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.report(),
    }
}
