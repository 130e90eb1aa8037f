//! `tabula solve`: the game-theoretic value of a position of a two-seat game, by
//! proof-number search, with the line that shows it.

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use tabula_engine::Limits;
use tabula_engine::solve::{Progress, Solution, Solver, Value};
use tabula_rules::{Game, Seat};

use crate::error::{CliError, usage};
use crate::games::{CliGame, GameCommand, dispatch};
use crate::position::PositionArgs;

/// Arguments of `tabula solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The solver's table size in MB.
    #[arg(long, value_name = "MB", default_value_t = 64)]
    hash: usize,
    /// Stop after expanding this many nodes.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Stop after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    time: Option<f64>,
}

/// Runs `tabula solve`.
pub fn run(args: SolveArgs) -> Result<(), CliError> {
    let game = args.position.game.clone();
    dispatch(&game, args)
}

/// Without a terminal, a progress line this often on stderr.
const LINE_EVERY: Duration = Duration::from_secs(10);

/// One progress report as text.
fn progress_text(p: &Progress) -> String {
    let secs = p.time.as_secs_f64();
    let nps = if secs > 0.0 { (p.nodes as f64 / secs) as u64 } else { 0 };
    let number = |n: u32| if n == u32::MAX { "inf".to_string() } else { n.to_string() };
    format!(
        "nodes={} nps={nps} time={secs:.1} proving seat {} wins: root pn={} dn={}",
        p.nodes,
        p.attacker,
        number(p.pn),
        number(p.dn)
    )
}

/// The value line: the value for the side to move and what it means for each seat.
fn value_line(value: Value, to_move: Seat) -> String {
    let other = Seat(1 - to_move.0);
    match value {
        Value::Win => format!("value: win for seat {to_move} (to move); seat {other} loses"),
        Value::Loss => format!("value: loss for seat {to_move} (to move); seat {other} wins"),
        Value::Draw => format!("value: draw (seat {to_move} to move): neither seat forces a win"),
    }
}

/// The lines printed for a solution.
fn report<G: Game>(game: &G, solution: &Solution<G::Move>) -> Vec<String> {
    let mut lines = Vec::new();
    match solution.value {
        Ok(value) => {
            lines.push(value_line(value, solution.to_move));
            let mut shown = game.clone();
            let mut parts: Vec<String> = solution
                .line
                .iter()
                .map(|&mv| {
                    let text = shown.format_move(mv);
                    shown.play(mv);
                    text
                })
                .collect();
            parts.push(match shown.outcome() {
                Some(o) => format!("({o})"),
                None => "(...)".into(),
            });
            lines.push(format!("line: {}", parts.join(" ")));
        }
        Err(stop) => lines.push(format!("unknown after {} nodes ({stop})", solution.nodes)),
    }
    let secs = solution.time.as_secs_f64();
    let nps = if secs > 0.0 { (solution.nodes as f64 / secs) as u64 } else { 0 };
    lines.push(format!("nodes={} time={secs:.3} nps={nps}", solution.nodes));
    lines
}

impl GameCommand for SolveArgs {
    fn run<G: CliGame>(self) -> Result<(), CliError> {
        let game: G = self.position.build()?;
        if game.seats() != 2 {
            return Err(usage(format!(
                "solve takes 2-seat games; '{}' is set for {} seats (--players 2)",
                G::NAME,
                game.seats()
            )));
        }
        let hard_time = match self.time {
            Some(t) if t.is_finite() && t > 0.0 && t <= 1e9 => Some(Duration::from_secs_f64(t)),
            Some(t) => return Err(usage(format!("bad time '{t}': expected seconds above 0"))),
            None => None,
        };
        if self.nodes == Some(0) {
            return Err(usage("bad node count '0': expected 1 or more"));
        }
        let mut solver = Solver::new(self.hash).map_err(|e| usage(e.to_string()))?;
        let stop = Arc::new(AtomicBool::new(false));
        {
            let stop = stop.clone();
            // A second Ctrl-C while the line is being printed ends the process as usual.
            let _ = ctrlc::set_handler(move || {
                if stop.swap(true, Ordering::Relaxed) {
                    std::process::exit(130);
                }
            });
        }
        let limits = Limits { nodes: self.nodes, hard_time, stop: Some(stop), ..Limits::default() };
        let terminal = std::io::stderr().is_terminal();
        let bar = if terminal {
            let bar = ProgressBar::new_spinner();
            if let Ok(style) = ProgressStyle::with_template("{spinner} solve: {msg}") {
                bar.set_style(style);
            }
            bar.enable_steady_tick(Duration::from_millis(100));
            Some(bar)
        } else {
            None
        };
        let mut last_line = Duration::ZERO;
        let mut on_progress = |p: &Progress| match &bar {
            Some(bar) => bar.set_message(progress_text(p)),
            None if p.time >= last_line + LINE_EVERY => {
                last_line = p.time;
                eprintln!("solve: {}", progress_text(p));
            }
            None => {}
        };
        let solution = solver.solve(&game, &limits, &mut on_progress).map_err(|e| usage(e.to_string()))?;
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        let mut out = std::io::stdout().lock();
        for line in report(&game, &solution) {
            writeln!(out, "{line}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_and_value_lines() {
        let p = Progress { nodes: 3000, time: Duration::from_secs(2), attacker: Seat(1), pn: 4, dn: u32::MAX };
        assert_eq!(progress_text(&p), "nodes=3000 nps=1500 time=2.0 proving seat 1 wins: root pn=4 dn=inf");
        assert_eq!(value_line(Value::Loss, Seat(0)), "value: loss for seat 0 (to move); seat 1 wins");
        assert_eq!(value_line(Value::Win, Seat(1)), "value: win for seat 1 (to move); seat 0 loses");
    }
}
