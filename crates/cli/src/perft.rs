//! `tabula perft`: counts move sequences, one line per depth.

use std::io::Write;
use std::time::Instant;

use clap::Args;
use tabula_rules::{perft, perft_divide, perft_parallel};

use crate::error::{CliError, usage};
use crate::games::{GameCommand, dispatch};
use crate::position::PositionArgs;

/// Arguments of `tabula perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The deepest depth to count; every depth from 1 is printed.
    #[arg(long, value_name = "D")]
    depth: u32,
    /// First print the count below each root move at the deepest depth.
    #[arg(long)]
    divide: bool,
    /// Worker threads (the root is split two plies deep).
    #[arg(long, value_name = "T", default_value_t = 1)]
    threads: usize,
}

/// Runs `tabula perft`.
pub fn run(args: PerftArgs) -> Result<(), CliError> {
    if args.depth == 0 {
        return Err(usage("bad depth '0': expected 1 or more"));
    }
    if args.threads == 0 || args.threads > 1024 {
        return Err(usage(format!("bad thread count '{}': expected 1 to 1024", args.threads)));
    }
    let game = args.position.game.clone();
    dispatch(&game, args)
}

impl GameCommand for PerftArgs {
    fn run<G: tabula_engine::EngineGame>(self) -> Result<(), CliError> {
        let game: G = self.position.build()?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .build()
            .map_err(|e| usage(format!("cannot start {} threads: {e}", self.threads)))?;
        let mut out = std::io::stdout().lock();
        // With --divide the rows for the deepest depth come first, then every depth line.
        let divided = if self.divide {
            let start = Instant::now();
            let rows = pool.install(|| perft_divide(&game, self.depth));
            for (mv, n) in &rows {
                writeln!(out, "{mv} {n}")?;
            }
            Some((rows.iter().map(|(_, n)| n).sum::<u64>(), start.elapsed().as_secs_f64()))
        } else {
            None
        };
        for depth in 1..=self.depth {
            let (nodes, secs) = match divided {
                Some(total) if depth == self.depth => total,
                _ => {
                    let start = Instant::now();
                    let nodes = if self.threads > 1 {
                        pool.install(|| perft_parallel(&game, depth))
                    } else {
                        perft(&game, depth)
                    };
                    (nodes, start.elapsed().as_secs_f64())
                }
            };
            let nps = if secs > 0.0 { (nodes as f64 / secs) as u64 } else { 0 };
            writeln!(out, "depth={depth} nodes={nodes} time={secs:.3} nps={nps}")?;
            out.flush()?;
        }
        Ok(())
    }
}
