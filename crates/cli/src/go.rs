//! `tabula go`: one search from a position, an info line per iteration, then `bestmove`.

use std::io::Write;
use std::time::Duration;

use clap::Args;
use tabula_arena::TimeControl;
use tabula_engine::time::TimeManager;
use tabula_engine::{EngineGame, Limits, SearchInfo, registry};

use crate::error::{CliError, usage};
use crate::games::{GameCommand, dispatch};
use crate::position::PositionArgs;

/// Arguments of `tabula go`.
#[derive(Args, Debug)]
pub struct GoArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The searcher, e.g. alphabeta:threads=2,hash=64 or greedy (default: the game's
    /// strongest, alphabeta, or mcts in six-seat E and in Chinese Checkers with three to five
    /// seats or two without a blocking rule).
    #[arg(long, value_name = "SPEC")]
    engine: Option<String>,
    /// A time control (cutechess spelling: 10+0.1, 40/60, st=2, nodes=N, depth=N, inf); a
    /// clock is taken as full at this move.
    #[arg(long, value_name = "TC", conflicts_with_all = ["think", "depth", "nodes"])]
    tc: Option<String>,
    /// Think this many seconds (the default is 1).
    #[arg(long, value_name = "SECONDS", conflicts_with_all = ["depth", "nodes"])]
    think: Option<f64>,
    /// Search to this depth.
    #[arg(long, value_name = "N", conflicts_with = "nodes")]
    depth: Option<u32>,
    /// Search this many nodes.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
}

/// Runs `tabula go`.
pub fn run(args: GoArgs) -> Result<(), CliError> {
    let game = args.position.game.clone();
    dispatch(&game, args)
}

impl GoArgs {
    fn control(&self) -> Result<TimeControl, CliError> {
        if let Some(tc) = &self.tc {
            return Ok(tc.parse::<TimeControl>()?);
        }
        if let Some(d) = self.depth {
            return if d == 0 { Err(usage("bad depth '0': expected 1 or more")) } else { Ok(TimeControl::Depth(d)) };
        }
        if let Some(n) = self.nodes {
            return if n == 0 {
                Err(usage("bad node count '0': expected 1 or more"))
            } else {
                Ok(TimeControl::Nodes(n))
            };
        }
        let secs = self.think.unwrap_or(1.0);
        if !(secs.is_finite() && secs > 0.0 && secs <= 1e7) {
            return Err(usage(format!("bad thinking time '{secs}': expected seconds above 0")));
        }
        Ok(TimeControl::FixedPerMove(Duration::from_secs_f64(secs)))
    }
}

/// One info line: `info depth=D score=S nodes=N nps=X time=T pv M1 M2 ...`.
pub fn info_line<G: EngineGame>(game: &G, info: &SearchInfo<G::Move>) -> String {
    let mut pv_game = game.clone();
    let mut pv = Vec::with_capacity(info.pv.len());
    for &mv in &info.pv {
        pv.push(pv_game.format_move(mv));
        pv_game.play(mv);
    }
    format!(
        "info depth={} score={} nodes={} nps={} time={:.3} pv {}",
        info.depth,
        info.score,
        info.nodes,
        info.nps(),
        info.time.as_secs_f64(),
        pv.join(" ")
    )
}

impl GameCommand for GoArgs {
    fn run<G: EngineGame>(self) -> Result<(), CliError> {
        let game: G = self.position.build()?;
        if let Some(outcome) = game.outcome() {
            return Err(usage(format!("the game is over ({outcome}): there is no move to search")));
        }
        let control = self.control()?;
        let spec = self.engine.as_deref().unwrap_or(game.default_engine());
        let mut searcher = registry::build::<G>(spec)?;
        let limits: Limits = control.limits(&TimeManager::default(), None, game.ply());
        let mut out = std::io::stdout().lock();
        let mut failed = None;
        let result = searcher.search(&game, &limits, &mut |info| {
            if failed.is_none()
                && let Err(e) = writeln!(out, "{}", info_line(&game, info)).and_then(|_| out.flush())
            {
                failed = Some(e);
            }
        });
        if let Some(e) = failed {
            return Err(e.into());
        }
        let best = result.best.map(|m| game.format_move(m)).unwrap_or_else(|| "none".into());
        writeln!(out, "bestmove {best}")?;
        Ok(())
    }
}
