//! The arena's error: one line that names the bad token.

use std::fmt;

use tabula_engine::registry::SpecError;
use tabula_rules::{NotationError, RulesError};

use crate::time_control::TimeControlError;

/// Why a match cannot be set up or a record cannot be read; the message names the bad part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArenaError {
    /// A setting, a file's contents or a token that cannot be used.
    Invalid(String),
    /// Options, a player count or a position the game's rules refuse.
    Rules(RulesError),
    /// A position or move text that does not read, or a move that is not legal.
    Notation(NotationError),
    /// A time control that does not parse.
    TimeControl(TimeControlError),
    /// An engine spec the registry cannot build.
    Spec(SpecError),
    /// An error in one part of a larger input (a line, a record, a game of a file), which
    /// the message names first.
    At(String, Box<ArenaError>),
}

impl ArenaError {
    /// The same error, said to be in `place` (`line 3`, `record 2`).
    pub fn at(self, place: impl Into<String>) -> Self {
        ArenaError::At(place.into(), Box::new(self))
    }
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::Invalid(message) => f.write_str(message),
            ArenaError::Rules(e) => e.fmt(f),
            ArenaError::Notation(e) => e.fmt(f),
            ArenaError::TimeControl(e) => e.fmt(f),
            ArenaError::Spec(e) => e.fmt(f),
            ArenaError::At(place, e) => write!(f, "{place}: {e}"),
        }
    }
}

impl std::error::Error for ArenaError {}

macro_rules! from_errors {
    ($($variant:ident($error:ty)),*) => {$(
        impl From<$error> for ArenaError {
            fn from(e: $error) -> Self {
                ArenaError::$variant(e)
            }
        }
    )*};
}

from_errors!(Rules(RulesError), Notation(NotationError), TimeControl(TimeControlError), Spec(SpecError));

/// Shorthand for an [`ArenaError::Invalid`].
pub(crate) fn error(msg: impl Into<String>) -> ArenaError {
    ArenaError::Invalid(msg.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_comes_before_the_error_it_holds() {
        let inner = ArenaError::from(RulesError::UnknownOption { key: "x.y".into(), known: "a, b".into() });
        let at = inner.clone().at("record 2").at("file 'f'");
        assert_eq!(at.to_string(), format!("file 'f': record 2: {inner}"));
        assert!(inner.to_string().contains("x.y"), "{inner}");
    }
}
