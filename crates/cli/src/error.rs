//! The command line's errors: bad input exits 2 with one line on stderr.

use std::fmt;
use std::io;
use std::process::ExitCode;

use tabula_arena::{ArenaError, TimeControlError};
use tabula_engine::registry::SpecError;
use tabula_rules::{NotationError, RulesError};

/// What went wrong, in one line.
#[derive(Debug)]
pub enum CliError {
    /// Bad input: arguments, options, positions, moves. Exit status 2.
    Usage(String),
    /// Writing the output failed; a closed pipe ends the program quietly.
    Io(io::Error),
    /// A failure while working (a file that cannot be written): exit status 1, one line.
    Failed(String),
    /// The work was done but its result is incomplete (a merge with games missing,
    /// duplicated or damaged): exit status 3, one line.
    Incomplete(String),
}

impl CliError {
    /// Prints the error (if any is worth printing) and gives the exit code.
    pub fn report(self) -> ExitCode {
        match self {
            CliError::Usage(msg) => {
                // One line, whatever the bad token held.
                let msg = msg.replace('\r', "\\r").replace('\n', "\\n");
                eprintln!("tabula: {msg}");
                ExitCode::from(2)
            }
            CliError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            CliError::Io(e) => {
                eprintln!("tabula: cannot write output: {e}");
                ExitCode::from(1)
            }
            CliError::Failed(msg) => {
                eprintln!("tabula: {}", msg.replace('\r', "\\r").replace('\n', "\\n"));
                ExitCode::from(1)
            }
            CliError::Incomplete(msg) => {
                eprintln!("tabula: {}", msg.replace('\r', "\\r").replace('\n', "\\n"));
                ExitCode::from(3)
            }
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(msg) | CliError::Failed(msg) | CliError::Incomplete(msg) => f.write_str(msg),
            CliError::Io(e) => e.fmt(f),
        }
    }
}

/// Bad input, all of them: a match's settings, a records or openings file, rule options, a
/// position or move, an engine spec, a time control.
macro_rules! usage_from {
    ($($error:ty),*) => {$(
        impl From<$error> for CliError {
            fn from(e: $error) -> Self {
                CliError::Usage(e.to_string())
            }
        }
    )*};
}

usage_from!(ArenaError, RulesError, NotationError, SpecError, TimeControlError);

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        CliError::Io(e)
    }
}

/// Shorthand for a usage error.
pub fn usage(msg: impl Into<String>) -> CliError {
    CliError::Usage(msg.into())
}
