//! `tabula bench`: alpha-beta to a fixed depth on fixed positions of every game; total
//! nodes, time, nodes/s, and a node-count signature that is the same on every run with
//! one thread.

use std::io::Write;
use std::time::{Duration, Instant};

use clap::Args;
use tabula_engine::search::alphabeta::{AlphaBeta, AlphaBetaConfig};
use tabula_engine::{EngineGame, Limits, Searcher};

use crate::error::{CliError, usage};
use crate::games::{GameCommand, dispatch};
use tabula_rules::games::NAMES;

fn bench_games_help() -> String {
    format!("The games to bench (default: every game): {}", NAMES.join(", "))
}

/// Arguments of `tabula bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The games to bench (default: every game).
    #[arg(value_name = "GAME", help = bench_games_help())]
    games: Vec<String>,
    /// Search threads.
    #[arg(long, value_name = "T", default_value_t = 1)]
    threads: usize,
    /// Search depth instead of each position's bench depth.
    #[arg(long, value_name = "D")]
    depth: Option<u32>,
}

/// One game's share of the bench.
struct GameBench<'a> {
    threads: usize,
    depth: Option<u32>,
    totals: &'a mut (u64, Duration),
}

impl GameCommand for GameBench<'_> {
    fn run<G: EngineGame>(self) -> Result<(), CliError> {
        let mut out = std::io::stdout().lock();
        for (i, position) in tabula_engine::bench::positions::<G>().into_iter().enumerate() {
            let depth = self.depth.unwrap_or(position.depth);
            let game =
                G::from_text(position.text).map_err(|e| usage(format!("bench position {i} of {}: {e}", G::NAME)))?;
            let config = AlphaBetaConfig { threads: self.threads, ..AlphaBetaConfig::default() };
            let mut searcher = AlphaBeta::<G>::new(config);
            let start = Instant::now();
            let result = searcher.search(&game, &Limits::depth(depth), &mut |_| {});
            let time = start.elapsed();
            let nps = (result.nodes as f64 / time.as_secs_f64().max(1e-9)) as u64;
            writeln!(
                out,
                "{} {i} depth={depth} nodes={} time={:.3} nps={nps}",
                G::NAME,
                result.nodes,
                time.as_secs_f64()
            )?;
            self.totals.0 += result.nodes;
            self.totals.1 += time;
        }
        Ok(())
    }
}

/// Runs `tabula bench`.
pub fn run(args: BenchArgs) -> Result<(), CliError> {
    if args.threads == 0 || args.threads > 256 {
        return Err(usage(format!("bad thread count '{}': expected 1 to 256", args.threads)));
    }
    if args.depth == Some(0) {
        return Err(usage("bad depth '0': expected 1 or more"));
    }
    let games: Vec<String> =
        if args.games.is_empty() { NAMES.iter().map(|g| g.to_string()).collect() } else { args.games.clone() };
    let mut totals = (0u64, Duration::ZERO);
    for game in &games {
        dispatch(game, GameBench { threads: args.threads, depth: args.depth, totals: &mut totals })?;
    }
    let (nodes, time) = totals;
    let nps = (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64;
    let mut out = std::io::stdout().lock();
    writeln!(out, "bench nodes={nodes} time={:.3} nps={nps} signature={nodes}", time.as_secs_f64())?;
    Ok(())
}
