//! An outside engine's turn in the game loop: the position and the clocks it is sent, how
//! long the runner waits, and its answer checked against the rules.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use tabula_rules::{Game, Seat};

use super::{Answer, Command, Fault, Go, OutsideEngine, Start};
use crate::clock::Clock;
use crate::move_record::MoveRecord;
use crate::time_control::TimeControl;

/// How long the runner waits for a move under a control without a clock (nodes, depth).
pub const UNTIMED_WAIT: Duration = Duration::from_secs(60);

/// Whole milliseconds, as the protocol counts.
fn millis(d: Duration) -> u64 {
    d.as_millis().try_into().unwrap_or(u64::MAX)
}

/// The `go` for `seat` under `control`: every seat's clock (`pKtime`, `pKinc`, and the
/// seat's `movestogo`) under a clock; `movetime`, `nodes` or `depth` otherwise.
pub fn go_command(control: &TimeControl, clocks: &[Option<Clock>], seat: Seat) -> Go {
    let mut go = Go::default();
    match *control {
        TimeControl::FixedPerMove(time) => go.movetime = Some(millis(time)),
        TimeControl::Nodes(nodes) => go.nodes = Some(nodes),
        TimeControl::Depth(depth) => go.depth = Some(depth),
        TimeControl::Infinite => {}
        TimeControl::Clock { .. } => {
            for (s, clock) in clocks.iter().enumerate().take(go.time.len()) {
                if let Some(clock) = clock {
                    go.time[s] = Some(millis(clock.remaining()));
                    go.inc[s] = Some(millis(clock.increment()));
                }
            }
            go.movestogo = clocks[seat.index()].as_ref().and_then(Clock::moves_to_go);
        }
    }
    go
}

/// Asks `engine` for a move in `game`, which is `start` (a position text) after `moves`,
/// waiting as long as `clock` allows (its time left plus the margin) or [`UNTIMED_WAIT`].
/// The move must be legal. Raising `stop` ends the wait (see [`OutsideEngine::think`]).
pub fn outside_move<G: Game>(
    engine: &mut Result<Box<OutsideEngine>, Fault>,
    game: &G,
    start: &str,
    moves: &[MoveRecord],
    go: &Go,
    clock: Option<&Clock>,
    stop: &AtomicBool,
) -> Result<(G::Move, Answer), Fault> {
    let engine = engine.as_mut().map_err(|fault| fault.clone())?;
    let position = Command::Position {
        start: Start::Fen(start.to_string()),
        moves: moves.iter().map(|m| m.text.clone()).collect(),
    };
    let wait = clock.map_or(UNTIMED_WAIT, Clock::allowance);
    let answer = engine.think(&position, go, wait, stop)?;
    match game.parse_move(&answer.best) {
        Ok(mv) => Ok((mv, answer)),
        Err(_) => Err(engine.explained(Fault::IllegalMove(answer.best))),
    }
}
