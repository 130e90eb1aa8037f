//! One thread against two, side by side: perft, alpha-beta's time to depth and MCTS's
//! iterations a second, each measured with 1 and then 2 threads, and the ratio printed.
//!
//! - perft: bulk-counted perft of the 2-player start to `perft_depth`, split over a rayon
//!   pool of 1 or 2 threads; leaves a second.
//! - alpha-beta: every bench position of the game (`tabula_engine::bench::positions`, as
//!   `tabula bench` searches them) to its bench depth, a fresh searcher each; the ratio is
//!   of the total time to reach the depths (every thread's nodes are counted, so nodes a
//!   second say nothing about the second thread's use).
//! - MCTS: the default searcher from the 2-player start for `mcts_seconds`, without tree
//!   reuse; iterations a second, summed over the threads.
//!
//! `cargo run --release -p tabula-benches --bin threads -- [game=chinese-checkers]
//! [perft_depth=6] [mcts_seconds=3] [runs=3]` (each figure is the median of `runs`).
//! Run it on an idle machine: it prints the load average first.

use std::time::{Duration, Instant};

use tabula_benches::{GameTask, with_game};
use tabula_engine::search::alphabeta::{AlphaBeta, AlphaBetaConfig};
use tabula_engine::{EngineGame, Limits, Searcher, registry};
use tabula_rules::{Leaves, perft_parallel};

/// What to measure, from the command line.
struct Plan {
    game: String,
    perft_depth: u32,
    mcts_seconds: f64,
    runs: usize,
}

fn main() {
    let plan = match parse(std::env::args().skip(1)) {
        Ok(plan) => plan,
        Err(e) => {
            eprintln!("threads: {e}");
            std::process::exit(2);
        }
    };
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average before: {}", load.split_whitespace().take(3).collect::<Vec<_>>().join(" "));
    with_game(&plan.game, Measure(&plan)).expect("names are checked by parse");
}

/// Every figure for one game.
struct Measure<'a>(&'a Plan);

impl GameTask for Measure<'_> {
    type Output = ();
    fn run<G: EngineGame>(self) {
        measure::<G>(self.0);
    }
}

/// Reads `key=value` arguments; an unknown key, game or a bad number is an error naming it.
fn parse(args: impl Iterator<Item = String>) -> Result<Plan, String> {
    let mut plan = Plan { game: "chinese-checkers".into(), perft_depth: 6, mcts_seconds: 3.0, runs: 3 };
    for arg in args {
        let (key, value) = arg.split_once('=').ok_or(format!("bad argument '{arg}': expected KEY=VALUE"))?;
        let bad = || format!("bad value '{value}' for {key}");
        match key {
            "game" if tabula_rules::games::NAMES.contains(&value) => plan.game = value.into(),
            "game" => return Err(format!("unknown game '{value}'")),
            "perft_depth" => plan.perft_depth = value.parse().ok().filter(|d| (1..=12).contains(d)).ok_or_else(bad)?,
            "mcts_seconds" => {
                plan.mcts_seconds = value.parse().ok().filter(|s: &f64| *s > 0.0 && *s < 600.0).ok_or_else(bad)?
            }
            "runs" => plan.runs = value.parse().ok().filter(|&r| r > 0).ok_or_else(bad)?,
            _ => return Err(format!("unknown key '{key}': expected game, perft_depth, mcts_seconds or runs")),
        }
    }
    Ok(plan)
}

/// The median of `runs` values of `f`.
fn median(runs: usize, mut f: impl FnMut() -> f64) -> f64 {
    let mut values: Vec<f64> = (0..runs).map(|_| f()).collect();
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Prints one row: the figure with 1 and 2 threads and their ratio (`higher` is better, or
/// lower for times).
fn row(what: &str, unit: &str, one: f64, two: f64, higher: bool) {
    let ratio = if higher { two / one } else { one / two };
    println!("{what:<40} 1 thread {one:>14.3} {unit:<10} 2 threads {two:>14.3} {unit:<10} ratio {ratio:.2}x");
}

fn measure<G: EngineGame>(plan: &Plan) {
    let start = G::new(&G::Options::default()).expect("the default start");
    let perft = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("a thread pool");
        median(plan.runs, || {
            let began = Instant::now();
            let leaves = pool.install(|| perft_parallel(&start, plan.perft_depth, Leaves::Bulk));
            leaves as f64 / began.elapsed().as_secs_f64() / 1e6
        })
    };
    row(&format!("perft({}) bulk", plan.perft_depth), "M leaves/s", perft(1), perft(2), true);

    let alphabeta = |threads: usize| {
        median(plan.runs, || {
            let mut total = Duration::ZERO;
            for tabula_engine::bench::BenchPosition { text, depth } in tabula_engine::bench::positions::<G>() {
                let game = G::from_text(text).expect("a bench position");
                let mut searcher = AlphaBeta::<G>::new(AlphaBetaConfig { threads, ..AlphaBetaConfig::default() });
                let began = Instant::now();
                searcher.search(&game, &Limits::depth(depth), &mut |_| {});
                total += began.elapsed();
            }
            total.as_secs_f64()
        })
    };
    row("alpha-beta, bench positions to depth", "s", alphabeta(1), alphabeta(2), false);

    let mcts = |threads: usize| {
        median(plan.runs, || {
            let spec = format!("mcts:threads={threads},reuse=false");
            let mut searcher = registry::build::<G>(&spec).expect("an MCTS spec");
            let time = Duration::from_secs_f64(plan.mcts_seconds);
            let result = searcher.search(&start, &Limits::think(time), &mut |_| {});
            result.nodes as f64 / result.time.as_secs_f64()
        })
    };
    row("MCTS from the start", "iter/s", mcts(1), mcts(2), true);
}
