//! Every command-line example in `README.md` and `docs/**/*.md` runs and prints what the
//! document says.
//!
//! An example is a fenced block opened with ```` ```console ````. In it, a line starting with
//! `$ tabula ` is a command; the lines after it, up to the next `$ ` line or the end of the
//! block, are its expected output. The command is split like a shell would split it, with
//! single quotes only (`'...'` keeps spaces; no double quotes, escapes or variables), and run
//! with the `tabula` binary this package builds. Its standard output followed by its standard
//! error must match the expected lines, one for one, under two wildcards:
//!
//! - `...` inside a line matches any text (possibly empty) on that line, so
//!   `depth=4 nodes=115600 ...` ignores the time and speed;
//! - a line that is `...` alone matches any number of lines (none included).
//!
//! A command whose expected output has a line starting with `tabula: ` (an error message)
//! must exit with status 2; every other command must succeed. A `$ ` line that is not a
//! `tabula` command is an error of the document, so that no example goes unchecked. Blocks
//! marked ```` ```text ```` or ```` ```sh ```` are not run: timed runs and long ones belong
//! there.
//!
//! The file names no module of its own and finds the documents from `CARGO_MANIFEST_DIR`, so
//! it works as a test binary of its own and as a module of a shared `tests/main.rs`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One `$ tabula ...` line of a document and the output written below it.
struct Example {
    /// Where it is written: the file and the line of the command, for failure messages.
    place: String,
    /// The command line after `$ `.
    command: String,
    /// The expected lines.
    expected: Vec<String>,
}

/// The repository's root: two levels above this package.
fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `README.md` and every `.md` file under `docs/`, in a fixed order.
fn documents() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let root = repository();
    let mut out = vec![root.join("README.md")];
    walk(&root.join("docs"), &mut out);
    out
}

/// The examples of one document's ```` ```console ```` blocks.
fn examples_of(path: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    let name = path.strip_prefix(repository()).unwrap_or(path).display().to_string();
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    let mut in_other = false;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```");
        if in_console || in_other {
            if fence {
                in_console = false;
                in_other = false;
            } else if in_console {
                if let Some(command) = line.strip_prefix("$ ") {
                    assert!(
                        command.starts_with("tabula "),
                        "{name}:{}: a console block runs only `tabula` commands: {line}",
                        i + 1
                    );
                    out.push(Example {
                        place: format!("{name}:{}", i + 1),
                        command: command.to_string(),
                        expected: Vec::new(),
                    });
                } else {
                    let example =
                        out.last_mut().unwrap_or_else(|| panic!("{name}:{}: output before any `$ tabula` line", i + 1));
                    example.expected.push(line.to_string());
                }
            }
        } else if fence {
            if line.trim_start().trim_start_matches('`').trim() == "console" {
                in_console = true;
            } else {
                in_other = true;
            }
        }
    }
    assert!(!in_console && !in_other, "{name}: a code block is not closed");
    out
}

/// Splits a command line at spaces outside single quotes; quotes are removed.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut started = false;
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                started = true;
            }
            ' ' | '\t' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            _ => {
                word.push(c);
                started = true;
            }
        }
    }
    assert!(!quoted, "unbalanced single quote in: {line}");
    if started {
        words.push(word);
    }
    words
}

/// Whether `actual` matches the pattern line `pattern`, where each `...` stands for any text.
fn line_matches(pattern: &str, actual: &str) -> bool {
    let parts: Vec<&str> = pattern.split("...").collect();
    if parts.len() == 1 {
        return pattern == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first) || actual.len() < first.len() + last.len() || !actual.ends_with(last) {
        return false;
    }
    let mut rest = &actual[first.len()..actual.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Whether the lines `actual` match the expected lines, a lone `...` standing for any lines.
fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..])),
        Some((first, rest)) => {
            actual.split_first().is_some_and(|(line, others)| line_matches(first, line) && lines_match(rest, others))
        }
    }
}

/// Runs one example; `Err` says how it failed.
fn run(example: &Example) -> Result<(), String> {
    let words = shell_words(&example.command);
    let output = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(&words[1..])
        .output()
        .map_err(|e| format!("cannot run tabula: {e}"))?;
    let text = String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr);
    let actual: Vec<&str> = text.lines().collect();
    let error_expected = example.expected.iter().any(|l| l.starts_with("tabula: "));
    let status = output.status.code();
    let status_ok = if error_expected { status == Some(2) } else { output.status.success() };
    if status_ok && lines_match(&example.expected, &actual) {
        return Ok(());
    }
    Err(format!(
        "{}: $ {}\nexit status {status:?} (expected {})\n--- expected\n{}\n--- printed\n{}",
        example.place,
        example.command,
        if error_expected { "2" } else { "0" },
        example.expected.join("\n"),
        text.trim_end()
    ))
}

#[test]
fn every_documented_example_prints_what_the_document_says() {
    let mut count = 0;
    let mut failures = Vec::new();
    for path in documents() {
        for example in examples_of(&path) {
            count += 1;
            if let Err(e) = run(&example) {
                failures.push(e);
            }
        }
    }
    assert!(count > 0, "no ```console example found in README.md or docs/");
    assert!(failures.is_empty(), "{} of {count} examples failed:\n\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
fn the_example_matcher_follows_its_rules() {
    assert_eq!(
        shell_words("tabula show x --position 'a b  c' --moves=j14"),
        ["tabula", "show", "x", "--position", "a b  c", "--moves=j14"]
    );
    assert!(line_matches("depth=1 nodes=14 ...", "depth=1 nodes=14 time=0.000 nps=5"));
    assert!(line_matches("a ... c ... e", "a b c d e"));
    assert!(line_matches("x...", "x"));
    assert!(!line_matches("depth=1 nodes=15 ...", "depth=1 nodes=14 time=0.000"));
    assert!(!line_matches("ab...ba", "aba"));
    let expected: Vec<String> = ["first", "...", "last"].iter().map(|s| s.to_string()).collect();
    assert!(lines_match(&expected, &["first", "last"]));
    assert!(lines_match(&expected, &["first", "a", "b", "last"]));
    assert!(!lines_match(&expected, &["first", "a"]));
}
