//! An outside engine: a process that speaks UGI (or UGI-N) on its stdin and stdout, started
//! by the runner for each game. The runner keeps the clocks; this side only sends the
//! position and the clocks, and waits for `bestmove` until a deadline.
//!
//! A reader thread turns the engine's stdout into a channel of lines, so every wait has a
//! deadline and a dead process shows as a closed channel. What goes wrong during a game is
//! a [`Fault`], which loses that game; the engine is then killed, and the next game starts
//! a new process.
//!
//! Its stderr is read too ([`Stderr`]): into a log file, when the runner is given one, and
//! the last line is quoted in the fault or the error when the engine dies or misbehaves.
//!
//! On Unix each engine runs in a process group of its own, and is killed with the whole
//! group: a process it started (a shell script's child) goes with it, and no longer holds
//! the engine's pipes open. The group is killed before the engine is reaped, while its
//! number cannot belong to another group. A group does not get the terminal's Ctrl-C, so
//! a runner that is interrupted calls [`kill_outside_engines`].

use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use super::stderr::Stderr;
use super::{Command, Go, Info, NO_MOVE, OptionDecl, Reply};
use crate::game::STOP_POLL;

/// How long an engine may take to answer `ugi` with `ugiok` and `isready` with `readyok`.
pub const HANDSHAKE: Duration = Duration::from_secs(10);

/// How long the runner waits for the stderr of an engine that died to end, so that its
/// last words are read before they are quoted.
const LAST_WORDS: Duration = Duration::from_millis(500);

/// How long an engine sent `quit` has to close its output before it is killed.
const QUIT: Duration = Duration::from_millis(200);

/// The process ids of the engines running, not yet reaped: each is its group's id.
static RUNNING: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// Kills every outside engine running and the processes they started (their process
/// groups), for a runner that is interrupted and will not drop its engines.
pub fn kill_outside_engines() {
    let running = RUNNING.lock().unwrap_or_else(PoisonError::into_inner);
    for &pid in running.iter() {
        kill_group(pid);
    }
}

/// Sends SIGKILL to process group `pid` (on Unix; elsewhere nothing), with `kill`, as the
/// standard library has no call for it.
fn kill_group(pid: u32) {
    if cfg!(unix) {
        let group = format!("-{pid}");
        let mut kill = Process::new("kill");
        kill.args(["-KILL", "--", &group]).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null());
        let _ = kill.status();
    }
}

/// How an outside engine is started: `--engine cmd=PATH[,args=...][,option.X=Y]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutsideCommand {
    /// The program.
    pub path: String,
    /// Its arguments (the `args=` field split at whitespace).
    pub args: Vec<String>,
    /// Options sent with `setoption` after `ugiok`, in order.
    pub options: Vec<(String, String)>,
    /// How long it may take to answer `ugi` and `isready` ([`HANDSHAKE`] from `--engine`).
    pub handshake: Duration,
}

impl fmt::Display for OutsideCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.path)?;
        self.args.iter().try_for_each(|a| write!(f, " {a}"))
    }
}

/// Why an engine lost a game: an outside engine, or an in-process searcher (which can
/// give no move, an illegal one, no answer in time, or panic).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A searcher gave no move though the game was not over.
    NoMove,
    /// An outside engine answered `bestmove (none)`: it had no move to give. With the last
    /// `info string` it sent while thinking, which says why (`error ...`) if it said.
    GaveNoMove(Option<String>),
    /// The move is not legal in the position, or not a move of the game at all.
    IllegalMove(String),
    /// Nothing came within the time left plus the margin.
    NoAnswer,
    /// The process died or closed its output (for an in-process searcher: its thread could
    /// not be started).
    Crashed,
    /// A line that is not the protocol.
    Garbage(String),
    /// An in-process searcher panicked, with this message (on one line).
    Panicked(String),
    /// An outside engine could not be started for the game, or did not answer `ugi` or
    /// `isready` as it should: the message says which and what it said.
    NotStarted(String),
    /// An outside engine's fault, with the last line it wrote on its stderr.
    Stderr(Box<Fault>, String),
}

impl Fault {
    /// The fault without its details, for counts: `illegal move`, `no answer`, ...
    pub fn kind(&self) -> &'static str {
        match self {
            Fault::NoMove | Fault::GaveNoMove(_) => "no move",
            Fault::IllegalMove(_) => "illegal move",
            Fault::NoAnswer => "no answer",
            Fault::Crashed => "engine crashed",
            Fault::Garbage(_) => "garbage",
            Fault::Panicked(_) => "engine panic",
            Fault::NotStarted(_) => "not started",
            Fault::Stderr(fault, _) => fault.kind(),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::GaveNoMove(None) => write!(f, "no move: bestmove {NO_MOVE}"),
            Fault::GaveNoMove(Some(said)) => write!(f, "no move: bestmove {NO_MOVE}; info string: {said}"),
            Fault::IllegalMove(mv) => write!(f, "illegal move {mv}"),
            Fault::Garbage(line) => write!(f, "garbage '{line}'"),
            Fault::Panicked(message) => write!(f, "engine panic: {message}"),
            Fault::NotStarted(message) => write!(f, "not started: {message}"),
            Fault::Stderr(fault, line) => write!(f, "{fault}; stderr: {line}"),
            other => f.write_str(other.kind()),
        }
    }
}

/// What an engine answered a `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    /// The move, in the game's notation (not yet checked).
    pub best: String,
    /// The last `info` line with a depth, if any.
    pub info: Info,
}

/// A running outside engine.
pub struct OutsideEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The name it gave with `id name`.
    pub name: String,
    /// The options it declared.
    pub options: Vec<OptionDecl>,
    handshake: Duration,
    stderr: Arc<Stderr>,
    /// The file its stderr goes to, if any.
    log: Option<PathBuf>,
    /// How long it has to close its output after `quit` (none once it was stopped in the
    /// middle of a move: the runner is ending at once).
    quit: Duration,
}

impl OutsideEngine {
    /// Starts the engine, waits for `ugiok` (lines before it that are not the protocol,
    /// such as a banner, are skipped), sets its options and waits for `readyok`. Its stderr
    /// is appended to `log` if given. The error says what failed, naming the program or the
    /// option, and quotes the last line the engine wrote on its stderr.
    pub fn start(command: &OutsideCommand, log: Option<&Path>) -> Result<Self, String> {
        let program = &command.path;
        let file = match log {
            Some(path) => Some(
                File::options()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("cannot open '{}' for the stderr of '{program}': {e}", path.display()))?,
            ),
            None => None,
        };
        let mut process = Process::new(program);
        process.args(&command.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut process, 0);
        let mut child = {
            let mut running = RUNNING.lock().unwrap_or_else(PoisonError::into_inner);
            let child = process.spawn().map_err(|e| format!("cannot start '{program}': {e}"))?;
            running.push(child.id());
            child
        };
        let (stdin, stdout, stderr) = (child.stdin.take(), child.stdout.take(), child.stderr.take());
        let (Some(stdin), Some(stdout), Some(stderr)) = (stdin, stdout, stderr) else {
            kill(&mut child);
            return Err(format!("cannot talk to '{program}'"));
        };
        let stderr = Stderr::read(stderr, file, child.id());
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = OutsideEngine {
            child,
            stdin,
            lines,
            name: program.clone(),
            options: Vec::new(),
            handshake: command.handshake,
            stderr,
            log: log.map(Path::to_path_buf),
            quit: QUIT,
        };
        engine.note(&format!("started: {command}"));
        let exited = |engine: &OutsideEngine, when: &str| {
            format!("'{program}' exited {when}{}", engine.said(LAST_WORDS).unwrap_or_default())
        };
        engine.send(&Command::Ugi).map_err(|_| exited(&engine, "before ugiok"))?;
        let until = Instant::now() + command.handshake;
        loop {
            match engine.next_line(until) {
                Ok(line) => match line.parse::<Reply>() {
                    Ok(Reply::UgiOk) => break,
                    Ok(Reply::Name(name)) => engine.name = name,
                    Ok(Reply::Option(option)) => engine.options.push(option),
                    _ => {}
                },
                Err(Fault::NoAnswer) => {
                    let said = engine.said(Duration::ZERO).unwrap_or_default();
                    let within = command.handshake.as_secs_f64();
                    return Err(format!("'{program}' sent no ugiok within {within:.1}s{said}"));
                }
                Err(_) => return Err(exited(&engine, "before ugiok")),
            }
        }
        for (name, value) in &command.options {
            if !engine.options.iter().any(|o| o.name.eq_ignore_ascii_case(name)) {
                let known: Vec<&str> = engine.options.iter().map(|o| o.name.as_str()).collect();
                return Err(format!("'{program}' has no option '{name}' (it has: {})", known.join(", ")));
            }
            let set = Command::SetOption { name: name.clone(), value: value.clone() };
            engine.send(&set).map_err(|_| exited(&engine, &format!("while setting '{name}'")))?;
        }
        if let Err(fault) = engine.ready() {
            return Err(format!("'{program}' did not answer isready: {}", engine.explained(fault)));
        }
        Ok(engine)
    }

    /// Writes `[pid PID] -- TEXT` to the engine's log, if it has one: what the runner did
    /// with it (started it, a game), among the lines of its stderr.
    pub fn note(&self, text: &str) {
        if let Some(path) = &self.log
            && let Ok(mut file) = File::options().append(true).open(path)
        {
            let _ = file.write_all(format!("[pid {}] -- {text}\n", self.child.id()).as_bytes());
        }
    }

    /// `; stderr: LINE`, the last line the engine wrote on its stderr (waiting up to `wait`
    /// for the stream to end), if it wrote one.
    fn said(&self, wait: Duration) -> Option<String> {
        self.stderr.last(wait).map(|line| format!("; stderr: {}", one_line(&line)))
    }

    /// `fault` with the last line the engine wrote on its stderr, if it wrote one; for an
    /// engine that died, once its stderr has ended.
    pub(super) fn explained(&self, fault: Fault) -> Fault {
        let wait = if fault == Fault::Crashed { LAST_WORDS } else { Duration::ZERO };
        match self.stderr.last(wait) {
            Some(line) => Fault::Stderr(Box::new(fault), one_line(&line)),
            None => fault,
        }
    }

    /// Tells the engine a new game starts and waits until it is ready.
    pub fn new_game(&mut self) -> Result<(), Fault> {
        let ready = self.send(&Command::NewGame).and_then(|()| self.ready());
        ready.map_err(|fault| self.explained(fault))
    }

    /// Sends the position and the clocks and waits for `bestmove` until `wait` has passed
    /// (then the engine loses the game: a move after its time is lost on time anyway).
    /// `info` lines are kept; any other line is garbage. `bestmove (none)` is no move: the
    /// engine loses, with the last `info string` it sent as its reason. Raising `stop`
    /// ends the wait within [`STOP_POLL`] as [`Fault::NoAnswer`] (the runner drops the
    /// game), and the engine is then killed without the grace `quit` gives.
    pub fn think(&mut self, position: &Command, go: &Go, wait: Duration, stop: &AtomicBool) -> Result<Answer, Fault> {
        self.answer(position, go, wait, stop).map_err(|fault| self.explained(fault))
    }

    /// [`think`](Self::think) without the engine's stderr in the fault.
    fn answer(&mut self, position: &Command, go: &Go, wait: Duration, stop: &AtomicBool) -> Result<Answer, Fault> {
        self.send(position)?;
        self.send(&Command::Go(go.clone()))?;
        let until = Instant::now() + wait;
        let mut answer = Answer::default();
        let mut said = None;
        loop {
            let line = loop {
                match self.next_line(until.min(Instant::now() + STOP_POLL)) {
                    Err(Fault::NoAnswer) if stop.load(Ordering::Relaxed) => {
                        self.quit = Duration::ZERO;
                        return Err(Fault::NoAnswer);
                    }
                    Err(Fault::NoAnswer) if Instant::now() < until => {}
                    line => break line?,
                }
            };
            match line.parse::<Reply>() {
                Ok(Reply::BestMove(best)) if best == NO_MOVE => return Err(Fault::GaveNoMove(said)),
                Ok(Reply::BestMove(best)) => {
                    answer.best = best;
                    return Ok(answer);
                }
                Ok(Reply::Info(info)) => {
                    if info.string.is_some() {
                        said = info.string.map(|text| one_line(&text));
                    } else if info.depth.is_some() || info.nodes.is_some() {
                        answer.info = info;
                    }
                }
                _ if line.trim().is_empty() => {}
                _ => return Err(Fault::Garbage(line)),
            }
        }
    }

    /// Sends `isready` and waits for `readyok`, skipping `info` lines.
    fn ready(&mut self) -> Result<(), Fault> {
        self.send(&Command::IsReady)?;
        let until = Instant::now() + self.handshake;
        loop {
            let line = self.next_line(until)?;
            match line.parse::<Reply>() {
                Ok(Reply::ReadyOk) => return Ok(()),
                Ok(Reply::Info(_)) => {}
                _ if line.trim().is_empty() => {}
                _ => return Err(Fault::Garbage(line)),
            }
        }
    }

    fn send(&mut self, command: &Command) -> Result<(), Fault> {
        writeln!(self.stdin, "{command}").and_then(|_| self.stdin.flush()).map_err(|_| Fault::Crashed)
    }

    /// The next line before `until`.
    fn next_line(&mut self, until: Instant) -> Result<String, Fault> {
        let wait = until.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(Fault::NoAnswer),
            Err(RecvTimeoutError::Disconnected) => Err(Fault::Crashed),
        }
    }
}

/// The most characters of an engine's own words quoted in a fault.
const QUOTED: usize = 200;

/// `text` made fit to quote in a record: control characters as spaces, cut to [`QUOTED`]
/// characters (an ellipsis marks the cut).
fn one_line(text: &str) -> String {
    let clean: String = text.trim().chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    match clean.char_indices().nth(QUOTED) {
        Some((cut, _)) => format!("{}...", &clean[..cut]),
        None => clean,
    }
}

/// Kills `child` with its process group, and reaps it. The group goes first: until the
/// child is reaped its number cannot be another's.
fn kill(child: &mut Child) {
    let mut running = RUNNING.lock().unwrap_or_else(PoisonError::into_inner);
    kill_group(child.id());
    let _ = child.kill();
    running.retain(|&pid| pid != child.id());
    drop(running);
    let _ = child.wait();
}

/// Asks the engine to quit and gives it a moment to close its output; then kills what is
/// left of it: itself if it still runs, and any process it started.
impl Drop for OutsideEngine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "{}", Command::Quit).and_then(|_| self.stdin.flush());
        let until = Instant::now() + self.quit;
        while self.lines.recv_timeout(until.saturating_duration_since(Instant::now())).is_ok() {}
        kill(&mut self.child);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faults_say_what_the_engine_said() {
        let quiet = Fault::GaveNoMove(None);
        assert_eq!((quiet.to_string().as_str(), quiet.kind()), ("no move: bestmove (none)", "no move"));
        let said = Fault::GaveNoMove(Some("error game over".into()));
        assert_eq!(said.to_string(), "no move: bestmove (none); info string: error game over");
        assert_eq!(said.kind(), Fault::NoMove.kind());
    }

    #[test]
    fn quotes_are_one_short_line() {
        assert_eq!(one_line("  a\tb\rc\u{0}d  "), "a b c d");
        let long = "é".repeat(QUOTED + 5);
        assert_eq!(one_line(&long), format!("{}...", "é".repeat(QUOTED)));
        assert_eq!(one_line(&"x".repeat(QUOTED)), "x".repeat(QUOTED));
    }
}
