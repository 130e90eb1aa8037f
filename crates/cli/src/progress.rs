//! The progress bar of a long command: drawn on stderr when it is a terminal, hidden
//! otherwise, so that scripts and tests see only the report.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar of `len` steps in the style `template` on stderr when it is a terminal, else a
/// hidden one.
pub fn bar(template: &str, len: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}
