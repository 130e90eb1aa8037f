//! The files a match writes (`--records`, `--jsonl`) and reads back (`--resume`, `merge`).
//!
//! A game is appended whole: its record, then its JSON line, each in one write. A write that
//! fails (a full disk) is cut back off, the record's too when the line fails, so the files
//! never hold half a game; the error names the file and the match stops at once. A file
//! killed mid-write (SIGKILL) can end in a cut line or record: readers skip it with a warning,
//! and `--resume` cuts it off before appending.

use std::collections::BTreeSet;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::Write;
use std::path::{Path, PathBuf};

use tabula_arena::{GameLine, Record, read_lines, read_records};

use crate::error::{CliError, usage};

/// A file a match appends to.
pub struct Output {
    path: PathBuf,
    flag: &'static str,
    file: File,
}

impl Output {
    /// Opens (creating) `path` to append to, and locks it: an error naming the file if it
    /// cannot be written or another process holds it, before the first game.
    pub fn open(path: &Path, flag: &'static str) -> Result<Self, CliError> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| usage(format!("cannot open {flag} file '{}': {e}", path.display())))?;
        Self::locked(path, flag, file)
    }

    /// [`Output::open`] if `path` exists; `None` if it does not (and nothing is created).
    pub fn open_existing(path: &Path, flag: &'static str) -> Result<Option<Self>, CliError> {
        match OpenOptions::new().append(true).open(path) {
            Ok(file) => Self::locked(path, flag, file).map(Some),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(usage(format!("cannot open {flag} file '{}': {e}", path.display()))),
        }
    }

    /// Takes the file's advisory lock (released when the file is closed, even by a kill):
    /// two matches appending to one file would interleave their games.
    fn locked(path: &Path, flag: &'static str, file: File) -> Result<Self, CliError> {
        match file.try_lock() {
            Ok(()) => Ok(Output { path: path.to_path_buf(), flag, file }),
            Err(TryLockError::WouldBlock) => Err(usage(format!(
                "{flag} file '{}' is being written by another process (it holds the file's lock); \
                 give each match its own files",
                path.display()
            ))),
            Err(TryLockError::Error(e)) => Err(usage(format!("cannot lock {flag} file '{}': {e}", path.display()))),
        }
    }

    /// The file's length now.
    pub fn len(&self) -> Result<u64, CliError> {
        self.file.metadata().map(|m| m.len()).map_err(|e| self.failed(&e))
    }

    /// Appends `text` in one write; on failure the file is cut back to its old length.
    pub fn append(&mut self, text: &str) -> Result<(), CliError> {
        let before = self.len()?;
        let written = self.file.write_all(text.as_bytes()).and_then(|()| self.file.flush());
        written.map_err(|e| {
            self.cut(before);
            self.failed(&e)
        })
    }

    /// Cuts the file back to `len` bytes (undoing a write), as far as the file allows.
    pub fn cut(&mut self, len: u64) {
        let _ = self.file.set_len(len);
    }

    fn failed(&self, e: &std::io::Error) -> CliError {
        CliError::Failed(format!("cannot write {} file '{}': {e}; the match stops", self.flag, self.path.display()))
    }
}

/// What a resumed match finds in its `--jsonl` file.
pub struct Resumed {
    /// The lines of this match, in file order.
    pub lines: Vec<GameLine>,
    /// Their game numbers.
    pub done: BTreeSet<usize>,
}

/// Reads a resumed match's `--jsonl` file (missing: nothing played yet), warns about damaged
/// lines, cuts a cut-short last line off, and refuses lines of another match.
pub fn resume_lines(path: &Path, id: &str) -> Result<Resumed, CliError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(usage(format!("cannot read --jsonl file '{}': {e}", path.display()))),
    };
    let name = path.display().to_string();
    let read = read_lines(&text, &name);
    for warning in &read.warnings {
        eprintln!("tabula: warning: {warning}");
    }
    if read.whole < text.len() {
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| usage(format!("cannot open --jsonl file '{name}': {e}")))?;
        file.set_len(read.whole as u64).map_err(|e| usage(format!("cannot cut --jsonl file '{name}': {e}")))?;
    }
    if let Some(other) = read.lines.iter().find(|l| l.match_id != id) {
        return Err(usage(format!(
            "--jsonl file '{name}' holds game {} of another match (id {}; this match is {id}): \
             the game, options, engines, time control, openings or seed differ",
            other.game, other.match_id
        )));
    }
    let mut done = BTreeSet::new();
    let mut lines = Vec::with_capacity(read.lines.len());
    for line in read.lines {
        if done.insert(line.game) {
            lines.push(line);
        } else {
            eprintln!("tabula: warning: {name}: game {} appears twice; the first line counts", line.game);
        }
    }
    Ok(Resumed { lines, done })
}

/// Makes a resumed match's `--records` file agree with its JSON lines: keeps the first
/// readable record of each game in `done`, drops damaged and cut records (with a warning)
/// and those of games the lines do not hold (they will be played again), and rewrites the
/// file (through a temporary file and a rename) only if something was dropped: then `true`,
/// and the file is a new one, to be opened again.
pub fn resume_records(path: &Path, done: &BTreeSet<usize>) -> Result<bool, CliError> {
    let name = path.display().to_string();
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(usage(format!("cannot read --records file '{name}': {e}"))),
    };
    let mut kept: Vec<Record> = Vec::new();
    let mut seen = BTreeSet::new();
    let mut dropped = 0;
    for record in read_records(&text) {
        match record {
            Ok(record) => {
                let game = record.tag("GameNumber").and_then(|n| n.parse::<usize>().ok());
                match game {
                    Some(g) if done.contains(&g) && seen.insert(g) => kept.push(record),
                    _ => dropped += 1,
                }
            }
            Err(e) => {
                eprintln!("tabula: warning: {name}: {e}; dropped");
                dropped += 1;
            }
        }
    }
    if dropped == 0 {
        return Ok(false);
    }
    let mut body = String::new();
    for record in &kept {
        let seats = record.tag("Seats").map_or(2, |s| s.split("; ").count());
        body.push_str(&record.to_text(seats));
    }
    let temporary = path.with_extension("resume-tmp");
    std::fs::write(&temporary, body)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|e| usage(format!("cannot rewrite --records file '{name}': {e}")))?;
    eprintln!("tabula: {name}: {dropped} record(s) without a finished game's line dropped; {} kept", kept.len());
    Ok(true)
}
