//! The command-line contract of `tabula` (DESIGN.md, "Command line") through the built
//! binary, one test binary: the checks every game shares in one table (`games`), each game's
//! own checks in a module named after it, and `go`, `match`, `show --record`, `show --svg`, `play`, `ugi`, `serve`, `solve` and `tune`.
//!
//! The helpers below hold the contract: success leaves stderr empty; bad input exits with
//! status 2, nothing on stdout and exactly one stderr line starting `tabula: ` that names
//! the bad token, without a panic.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};

mod chinese_checkers;
mod cluster;
mod echelon;
mod examples;
mod games;
mod go;
mod icelights;
mod martian_chess;
mod matches;
mod options;
mod outside;
mod serve;
mod solve;
mod svg;
mod tune;
mod ugi;

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Runs the binary with `args`.
pub fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).output().expect("the tabula binary runs")
}

/// Starts the binary with `args`, its stdin, stdout and stderr piped.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tabula binary runs")
}

/// Runs the binary with `input` on stdin.
pub fn tabula_with_input(args: &[&str], input: &str) -> Output {
    let mut child = spawn(args);
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("tabula finishes")
}

/// Asserts that a run (`what`) succeeded with an empty stderr, and returns its stdout.
pub fn succeeded(out: Output, what: &str) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{what} failed with {:?}: {stderr}", out.status.code());
    assert!(stderr.is_empty(), "{what} wrote to stderr: {stderr}");
    String::from_utf8(out.stdout).expect("stdout is UTF-8")
}

/// Runs the binary, asserts success with an empty stderr, and returns stdout.
pub fn ok(args: &[&str]) -> String {
    succeeded(tabula(args), &format!("tabula {args:?}"))
}

/// Asserts the error contract for `args` and returns the stderr line (without its newline):
/// exit status exactly 2, nothing on stdout, exactly one stderr line, starting `tabula: `,
/// containing every one of `tokens`, and no panic message.
pub fn fails(args: &[&str], tokens: &[&str]) -> String {
    let out = tabula(args);
    let stderr = String::from_utf8(out.stderr).expect("stderr is UTF-8");
    assert_eq!(out.status.code(), Some(2), "tabula {args:?}: exit status; stderr: {stderr}");
    assert!(out.stdout.is_empty(), "tabula {args:?} wrote to stdout: {}", String::from_utf8_lossy(&out.stdout));
    assert!(!stderr.contains("panicked"), "tabula {args:?} panicked: {stderr}");
    let line = stderr.strip_suffix('\n').unwrap_or_else(|| panic!("tabula {args:?}: stderr not one line: {stderr:?}"));
    assert!(!line.contains('\n') && !line.contains('\r'), "tabula {args:?}: stderr is not one line: {stderr:?}");
    assert!(line.starts_with("tabula: "), "tabula {args:?}: stderr does not start with 'tabula: ': {line}");
    for token in tokens {
        assert!(line.contains(token), "tabula {args:?}: stderr does not name {token:?}: {line}");
    }
    line.to_string()
}

/// One `depth=d nodes=N time=S nps=X` line, checked field by field; gives `(d, N)`.
pub fn depth_line(line: &str) -> (u32, u64) {
    let fields: Vec<&str> = line.split(' ').collect();
    assert_eq!(fields.len(), 4, "not a depth line: {line:?}");
    let value = |i: usize, key: &str| {
        fields[i].strip_prefix(key).and_then(|v| v.strip_prefix('=')).unwrap_or_else(|| panic!("{key}= in {line:?}"))
    };
    let depth = value(0, "depth").parse().unwrap_or_else(|_| panic!("depth in {line:?}"));
    let nodes = value(1, "nodes").parse().unwrap_or_else(|_| panic!("nodes in {line:?}"));
    let time = value(2, "time");
    assert!(time.parse::<f64>().is_ok_and(|t| t >= 0.0), "time in {line:?}");
    assert!(time.split_once('.').is_some_and(|(_, frac)| frac.len() == 3), "time with 3 decimals in {line:?}");
    value(3, "nps").parse::<u64>().unwrap_or_else(|_| panic!("nps in {line:?}"));
    (depth, nodes)
}

/// The node counts of `tabula perft GAME ARGS --depth D`, after checking that the output
/// is exactly one depth line for each d = 1..=D, in order.
pub fn perft(game: &str, args: &[&str], depth: u32) -> Vec<u64> {
    let depth_text = depth.to_string();
    let mut full = vec!["perft", game];
    full.extend_from_slice(args);
    full.extend_from_slice(&["--depth", &depth_text]);
    let out = ok(&full);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), depth as usize, "tabula {full:?}: one line per depth:\n{out}");
    assert!(out.ends_with('\n'));
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let (d, nodes) = depth_line(line);
            assert_eq!(d as usize, i + 1, "depths in order: {out}");
            nodes
        })
        .collect()
}

/// The output of `tabula perft ... --divide`: its lines, the `MOVE N` rows, and the
/// depth totals.
pub struct Divided {
    /// Every line.
    pub lines: Vec<String>,
    /// The `MOVE N` rows.
    pub rows: Vec<(String, u64)>,
    /// The depth lines' counts.
    pub totals: Vec<u64>,
}

/// Runs `tabula perft ... --divide` and checks each line: the depth lines for 1..=D in
/// order, and one contiguous block of `MOVE N` rows, either before every depth line (as
/// DESIGN.md says) or just before the depth-D line (what the binary does).
pub fn divide_output(game: &str, args: &[&str], depth: u32) -> Divided {
    let depth_text = depth.to_string();
    let mut full = vec!["perft", game];
    full.extend_from_slice(args);
    full.extend_from_slice(&["--depth", &depth_text, "--divide"]);
    let out = ok(&full);
    let lines: Vec<String> = out.lines().map(String::from).collect();
    let is_row = |l: &String| !l.starts_with("depth=");
    let first = lines.iter().position(is_row).unwrap_or(lines.len() - 1);
    let count = lines.iter().filter(|l| is_row(l)).count();
    assert!(lines[first..first + count].iter().all(is_row), "the rows are one block:\n{out}");
    assert!(first == 0 || first + count + 1 == lines.len(), "the rows come first or just before depth={depth}:\n{out}");
    let rows: Vec<(String, u64)> = lines[first..first + count]
        .iter()
        .map(|line| {
            let (mv, n) = line.split_once(' ').unwrap_or_else(|| panic!("not a MOVE N line: {line:?}"));
            assert!(!mv.is_empty() && !mv.contains(' '), "move in {line:?}");
            (mv.to_string(), n.parse().unwrap_or_else(|_| panic!("count in {line:?}")))
        })
        .collect();
    let depth_lines: Vec<(u32, u64)> = lines.iter().filter(|l| !is_row(l)).map(|l| depth_line(l)).collect();
    let depths: Vec<u32> = depth_lines.iter().map(|&(d, _)| d).collect();
    assert_eq!(depths, (1..=depth).collect::<Vec<_>>(), "one depth line per depth, in order:\n{out}");
    Divided { lines, rows, totals: depth_lines.into_iter().map(|(_, n)| n).collect() }
}

/// What `tabula show` printed: the board drawing, the position text, and the rest.
pub struct Shown {
    /// Everything printed.
    pub stdout: String,
    /// The board drawing.
    pub board: Vec<String>,
    /// The position text.
    pub position: String,
    /// `seat S to move, ply P` or `result: ...`.
    pub state: String,
    /// The legal moves, if the game runs.
    pub moves: Option<Vec<String>>,
}

/// Runs `tabula show GAME ARGS` and takes its output apart, checking each part.
pub fn show(game: &str, args: &[&str]) -> Shown {
    let mut full = vec!["show", game];
    full.extend_from_slice(args);
    let stdout = ok(&full);
    let lines: Vec<&str> = stdout.lines().collect();
    let at = lines.iter().position(|l| l.starts_with("position: ")).expect("a position line");
    let position = lines[at].strip_prefix("position: ").expect("position").to_string();
    let state = lines.get(at + 1).expect("a state line").to_string();
    let moves = if state.starts_with("result: ") {
        assert_eq!(lines.len(), at + 2, "nothing after the result: {stdout}");
        None
    } else {
        assert!(state.starts_with("seat ") && state.contains(" to move, ply "), "state line: {state}");
        assert_eq!(lines.len(), at + 3, "the legal moves end the output: {stdout}");
        let (head, list) = lines[at + 2].split_once(": ").expect("legal moves (N): ...");
        let n: usize = head
            .strip_prefix("legal moves (")
            .and_then(|h| h.strip_suffix(')'))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("legal moves line: {}", lines[at + 2]));
        let moves: Vec<String> = list.split(' ').filter(|m| !m.is_empty()).map(String::from).collect();
        assert_eq!(moves.len(), n, "the count matches the list: {}", lines[at + 2]);
        let mut sorted = moves.clone();
        sorted.sort();
        assert_eq!(moves, sorted, "legal moves sorted");
        Some(moves)
    };
    Shown { board: lines[..at].iter().map(|l| l.to_string()).collect(), position, state, moves, stdout }
}

/// The output of `show` without its marks of the last move: what the same position prints
/// when given by its text.
pub fn unmarked(stdout: &str) -> String {
    let mut out = String::new();
    let mut board = true;
    for line in stdout.lines() {
        board &= !line.starts_with("position: ");
        if board && line.starts_with("last move: ") {
            continue;
        }
        let line = if board { line.replace(['+', '~', '*', '='], " ") } else { line.to_string() };
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The rank lines of a board drawing: those that start with a rank number.
pub fn rank_lines(board: &[String]) -> Vec<&str> {
    board.iter().map(String::as_str).filter(|l| l.get(..2).is_some_and(|n| n.trim().parse::<u32>().is_ok())).collect()
}

/// The node counts of the depth lines of a perft output.
pub fn counts(out: &str) -> Vec<u64> {
    out.lines().filter(|l| l.starts_with("depth=")).map(|l| depth_line(l).1).collect()
}
