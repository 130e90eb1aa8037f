//! `tabula perft`: counts move sequences, one line per depth.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use tabula_engine::search::max_ply::MAX_PLY;
use tabula_engine::search::thread::STACK;
use tabula_rules::{Leaves, perft_divide, perft_parallel};

use crate::error::{CliError, usage};
use crate::games::{GameCommand, dispatch};
use crate::position::PositionArgs;

/// Arguments of `tabula perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The deepest depth to count (at most 128); every depth from 1 is printed.
    #[arg(long, value_name = "D")]
    depth: u32,
    /// First print the count below each root move at the deepest depth.
    #[arg(long)]
    divide: bool,
    /// Play every leaf (copy-make), as peers that count that way do; the default counts the
    /// moves at the last ply without playing them. The counts are the same.
    #[arg(long)]
    made: bool,
    /// Worker threads (the root is split two plies deep).
    #[arg(long, value_name = "T", default_value_t = 1)]
    threads: usize,
}

/// Runs `tabula perft`.
pub fn run(args: PerftArgs) -> Result<(), CliError> {
    // Each ply of the count is a frame with a move list and a position, as a search's is:
    // deeper than a search may go, the first line alone would outgrow the stack.
    if args.depth == 0 || args.depth as usize > MAX_PLY {
        return Err(usage(format!("bad depth '{}': expected 1 to {MAX_PLY}", args.depth)));
    }
    if args.threads == 0 || args.threads > 1024 {
        return Err(usage(format!("bad thread count '{}': expected 1 to 1024", args.threads)));
    }
    let game = args.position.game.clone();
    dispatch(&game, args)
}

/// A spinner on stderr with the depth being counted and the time elapsed, only when stderr
/// is a terminal (`terminal`): scripts and tests see no change. Drawn to `target`.
fn progress(terminal: bool, target: ProgressDrawTarget) -> Option<ProgressBar> {
    terminal.then(|| {
        let bar = ProgressBar::with_draw_target(None, target);
        if let Ok(style) = ProgressStyle::with_template("{spinner} perft: counting {msg}, {elapsed} elapsed") {
            bar.set_style(style);
        }
        bar.enable_steady_tick(Duration::from_millis(100));
        bar
    })
}

/// The spinner's message while depth `depth` of `deepest` is counted.
fn counting(depth: u32, deepest: u32) -> String {
    format!("depth {depth} of {deepest}")
}

impl GameCommand for PerftArgs {
    fn run<G: tabula_engine::EngineGame>(self) -> Result<(), CliError> {
        let game: G = self.position.build()?;
        let leaves = if self.made { Leaves::Made } else { Leaves::Bulk };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .stack_size(STACK)
            .build()
            .map_err(|e| usage(format!("cannot start {} threads: {e}", self.threads)))?;
        let mut out = std::io::stdout().lock();
        let bar = progress(std::io::stderr().is_terminal(), ProgressDrawTarget::stderr());
        let show = |depth| {
            if let Some(bar) = &bar {
                bar.set_message(counting(depth, self.depth));
            }
        };
        // Output goes out with the spinner out of the way.
        let mut emit = |text: &str| -> std::io::Result<()> {
            let mut write = || out.write_all(text.as_bytes()).and_then(|()| out.flush());
            match &bar {
                Some(bar) => bar.suspend(write),
                None => write(),
            }
        };
        // With --divide the rows for the deepest depth come first, then every depth line.
        let divided = if self.divide {
            show(self.depth);
            let start = Instant::now();
            let rows = pool.install(|| perft_divide(&game, self.depth, leaves));
            let text: String = rows.iter().map(|(mv, n)| format!("{mv} {n}\n")).collect();
            emit(&text)?;
            Some((rows.iter().map(|(_, n)| n).sum::<u64>(), start.elapsed().as_secs_f64()))
        } else {
            None
        };
        for depth in 1..=self.depth {
            let (nodes, secs) = match divided {
                Some(total) if depth == self.depth => total,
                _ => {
                    show(depth);
                    let start = Instant::now();
                    let nodes = if self.threads > 1 {
                        pool.install(|| perft_parallel(&game, depth, leaves))
                    } else {
                        leaves.perft(&game, depth)
                    };
                    (nodes, start.elapsed().as_secs_f64())
                }
            };
            let nps = if secs > 0.0 { (nodes as f64 / secs) as u64 } else { 0 };
            emit(&format!("depth={depth} nodes={nodes} time={secs:.3} nps={nps}\n"))?;
        }
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_only_on_a_terminal() {
        assert!(progress(false, ProgressDrawTarget::hidden()).is_none());
        let bar = progress(true, ProgressDrawTarget::hidden()).expect("a spinner on a terminal");
        bar.set_message(counting(7, 9));
        assert_eq!(bar.message(), "depth 7 of 9");
        bar.finish_and_clear();
    }
}
