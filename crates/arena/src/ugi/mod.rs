//! The Universal Game Interface (UGI, the UCI-like protocol of the cutegames runner) and
//! UGI-N, our extension of it to 3 to 6 seats: the lines a runner sends ([`Command`]) and
//! the lines an engine answers ([`Reply`]), each read from and written to text, so that
//! the engine side and the runner side share one definition. docs/protocol.md describes
//! the protocol for people.

mod command;
mod outside;
mod reply;
mod serve;
mod stderr;
mod turn;

pub use command::{Command, Go, Query, Start};
pub use outside::{Answer, Fault, HANDSHAKE, OutsideCommand, OutsideEngine, kill_outside_engines};
pub use reply::{Info, OptionDecl, OptionKind, Reply};
pub use serve::UgiEngine;
pub use stderr::stderr_log;
pub use turn::{UNTIMED_WAIT, go_command, outside_move};

use std::fmt;

/// A line that is not the protocol: the message names the bad token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProtocolError(pub String);

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ProtocolError {}

/// Shorthand for a [`ProtocolError`].
fn bad(msg: impl Into<String>) -> ProtocolError {
    ProtocolError(msg.into())
}

/// Reads a whole number in a field `key`.
fn number<T: std::str::FromStr>(key: &str, value: Option<&str>) -> Result<T, ProtocolError> {
    let value = value.ok_or_else(|| bad(format!("'{key}' needs a value")))?;
    value.parse().map_err(|_| bad(format!("bad {key} value '{value}': expected a whole number")))
}

/// What `bestmove` names when an engine has no move to give for a `go`: never a move to
/// play.
pub const NO_MOVE: &str = "(none)";

/// The most seats a game has, and so the highest `pK` in UGI-N.
pub const MAX_SEATS: usize = tabula_rules::MAX_SEATS;
