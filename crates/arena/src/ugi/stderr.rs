//! An outside engine's standard error, read on a thread of its own: each line is appended
//! to the engine's log file, when the runner keeps one, and the last lines are kept, so
//! that a fault can quote what the engine said last.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How many of the last lines are kept.
const KEPT: usize = 16;

/// The longest line read whole; a longer one is read as several.
const LONGEST: u64 = 64 * 1024;

/// Where engine `name`'s standard error goes when the runner writes to `base` (its records
/// or JSON lines file): `BASE.NAME.stderr.log`, each character of the name that is not a
/// letter, a digit or one of `-_+#=.` written `_`.
pub fn stderr_log(base: &Path, name: &str) -> PathBuf {
    let name: String =
        name.chars().map(|c| if c.is_alphanumeric() || "-_+#=.".contains(c) { c } else { '_' }).collect();
    let mut path = base.as_os_str().to_owned();
    path.push(format!(".{name}.stderr.log"));
    PathBuf::from(path)
}

#[derive(Default)]
struct Tail {
    lines: VecDeque<String>,
    /// The stream has ended: every line the engine wrote is here.
    closed: bool,
}

/// The last lines an engine wrote on its standard error.
pub(super) struct Stderr {
    tail: Mutex<Tail>,
    /// Signalled when the stream ends.
    ended: Condvar,
}

impl Stderr {
    /// Reads `stream` on a thread until it ends, appending each line to `log` as
    /// `[pid PID] LINE` (a log that cannot be written is given up).
    pub(super) fn read(stream: impl Read + Send + 'static, mut log: Option<File>, pid: u32) -> Arc<Self> {
        let me = Arc::new(Stderr { tail: Mutex::default(), ended: Condvar::new() });
        let reader = me.clone();
        std::thread::spawn(move || {
            let mut stream = BufReader::new(stream);
            let mut bytes = Vec::new();
            loop {
                bytes.clear();
                match (&mut stream).take(LONGEST).read_until(b'\n', &mut bytes) {
                    Ok(0) => break,
                    Ok(_) => {}
                    Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                    Err(_) => break,
                }
                let text = String::from_utf8_lossy(&bytes);
                let line = text.trim_end_matches(['\n', '\r']);
                let written = log.as_mut().map(|file| file.write_all(format!("[pid {pid}] {line}\n").as_bytes()));
                if matches!(written, Some(Err(_))) {
                    log = None;
                }
                let mut tail = reader.lock();
                if tail.lines.len() == KEPT {
                    tail.lines.pop_front();
                }
                tail.lines.push_back(line.to_string());
            }
            reader.lock().closed = true;
            reader.ended.notify_all();
        });
        me
    }

    fn lock(&self) -> MutexGuard<'_, Tail> {
        self.tail.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The last line that is not blank, once the stream has ended or `wait` has passed
    /// (an engine that died has closed it, and its last words are read by then).
    pub(super) fn last(&self, wait: Duration) -> Option<String> {
        let until = Instant::now() + wait;
        let mut tail = self.lock();
        while !tail.closed {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            tail = self.ended.wait_timeout(tail, left).unwrap_or_else(PoisonError::into_inner).0;
        }
        tail.lines.iter().rev().find(|line| !line.trim().is_empty()).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn the_last_words_are_kept_and_logged() {
        let dir = std::env::temp_dir().join(format!("tabula-stderr-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = stderr_log(&dir.join("games.pgn"), "my engine/2");
        assert_eq!(path, dir.join("games.pgn.my_engine_2.stderr.log"));
        let log = File::options().create(true).append(true).open(&path).unwrap();
        let lines: String = (1..=40).map(|i| format!("line {i}\r\n")).collect();
        let input = [lines.as_bytes(), b"not \xff text\nthe last words\n  \n\n"].concat();
        let stderr = Stderr::read(Cursor::new(input), Some(log), 77);
        assert_eq!(stderr.last(Duration::from_secs(10)).as_deref(), Some("the last words"));
        assert_eq!(stderr.lock().lines.len(), KEPT);
        let logged = std::fs::read_to_string(&path).unwrap();
        assert!(logged.starts_with("[pid 77] line 1\n[pid 77] line 2\n"), "{logged}");
        assert!(logged.ends_with("[pid 77] not \u{FFFD} text\n[pid 77] the last words\n[pid 77]   \n[pid 77] \n"));
        assert_eq!(logged.lines().count(), 44);
        std::fs::remove_dir_all(&dir).unwrap();

        let long = "x".repeat(LONGEST as usize + 10);
        let stderr = Stderr::read(Cursor::new(format!("{long}\n").into_bytes()), None, 1);
        assert_eq!(stderr.last(Duration::from_secs(10)).as_deref(), Some("x".repeat(10).as_str()));
        let quiet = Stderr::read(Cursor::new(Vec::new()), None, 1);
        assert_eq!(quiet.last(Duration::from_secs(10)), None);
    }
}
