//! Errors for bad options, bad positions and bad moves. Each one names the bad token.

use std::fmt;

/// A rule option, player count or setup that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// An option name the game does not know; `known` lists the ones it does.
    UnknownOption {
        /// The name given.
        key: String,
        /// The option names of this game.
        known: String,
    },
    /// A known option given a value it cannot take.
    BadValue {
        /// The option name.
        key: String,
        /// The value given.
        value: String,
        /// What the option accepts.
        expected: String,
    },
    /// A documented variant that this engine does not implement yet.
    Unsupported {
        /// The option or setting.
        what: String,
    },
    /// A player count the game cannot seat.
    Players {
        /// The count given.
        given: usize,
        /// What the game accepts.
        expected: String,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownOption { key, known } => {
                write!(f, "unknown option '{key}' (known: {known})")
            }
            RulesError::BadValue { key, value, expected } => {
                write!(f, "bad value '{value}' for option '{key}' (expected {expected})")
            }
            RulesError::Unsupported { what } => {
                write!(f, "'{what}' is a documented variant that is not implemented yet")
            }
            RulesError::Players { given, expected } => {
                write!(f, "bad player count '{given}' (expected {expected})")
            }
        }
    }
}

impl std::error::Error for RulesError {}

/// A move or position text that does not parse, or a move that is not legal here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not well formed; `token` is the offending part.
    Malformed {
        /// The offending token.
        token: String,
        /// What was expected there.
        reason: String,
    },
    /// A well-formed move that is not legal in the position.
    Illegal {
        /// The move text.
        token: String,
    },
    /// The position's rule options are not valid.
    Rules(RulesError),
}

impl NotationError {
    /// A malformed-text error for `token`.
    pub fn malformed(token: impl Into<String>, reason: impl Into<String>) -> Self {
        NotationError::Malformed { token: token.into(), reason: reason.into() }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Malformed { token, reason } => write!(f, "bad token '{token}': {reason}"),
            NotationError::Illegal { token } => write!(f, "illegal move '{token}'"),
            NotationError::Rules(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for NotationError {}

impl From<RulesError> for NotationError {
    fn from(e: RulesError) -> Self {
        NotationError::Rules(e)
    }
}
