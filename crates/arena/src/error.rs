//! The arena's error: one line that names the bad token.

use std::fmt;

/// Why a match cannot be set up or a record cannot be read; the message names the bad part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaError(pub String);

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ArenaError {}

/// Shorthand for an [`ArenaError`].
pub(crate) fn error(msg: impl Into<String>) -> ArenaError {
    ArenaError(msg.into())
}
