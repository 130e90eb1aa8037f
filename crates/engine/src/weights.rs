//! Evaluator weights as data: one file per game in `crates/engine/weights/`, read when the
//! crate is compiled (each evaluator's `Default`), written by `tabula tune`, and read at run
//! time by an engine spec's `weights=PATH`; and [`Tunable`], through which a tuner reads and
//! sets an evaluator's weights.
//!
//! A weights file has one `name = integer` a line, where the name is one of the evaluator's
//! [`Tunable::NAMES`]; `#` starts a comment and blank lines are skipped. Every name stands
//! exactly once, and every value lies within ±[`MAX_WEIGHT`]:
//!
//! ```
//! use tabula_engine::eval::echelon::EgEval;
//! use tabula_engine::weights::{Tunable, parse};
//!
//! let text = "# Echelon\nmobility = 7\nsafe = 10\ntop = 30 # a comment\nfree = -2\n";
//! let values = parse(text, EgEval::NAMES).unwrap();
//! assert_eq!(values, [7, 10, 30, -2]);
//! let mut eval = EgEval::default();
//! eval.set_weights(&values);
//! assert_eq!(eval.mobility, 7);
//!
//! let err = parse("mobility = 7\nsafe = x\n", EgEval::NAMES).unwrap_err();
//! assert_eq!(err.message(EgEval::NAMES), "line 2 'safe = x': expected name = integer");
//! ```
//!
//! One parser serves both readings: a `const fn`, so that a malformed file in the repository
//! fails the build with the same message a file given at run time gets.

use crate::score::Score;

/// The largest magnitude of a weight. Evaluations sum weights times counts of at most a few
/// hundred, so weights within this bound keep them far from overflow and from the scores of
/// proven results.
pub const MAX_WEIGHT: Score = 10_000;

/// The most weights an evaluator may have (the parser marks the names seen in a `u64`).
pub const MAX_WEIGHTS: usize = 64;

/// An evaluator whose weights are plain integers that can be read, set and written to a
/// weights file. Every item has a default for an evaluator without weights, which
/// implements it as `impl Tunable for MyEval {}`.
pub trait Tunable {
    /// The names of its weights, in the order of [`Tunable::weights`].
    const NAMES: &'static [&'static str] = &[];
    /// Its weights file, as a path from the repository's root (empty: none).
    const FILE: &'static str = "";
    /// The text of its weights file as it was compiled in (the template `tabula tune`
    /// writes its values into, comments and all).
    const TEXT: &'static str = "";
    /// Its weights, one for each of [`Tunable::NAMES`].
    fn weights(&self) -> Vec<Score> {
        Vec::new()
    }
    /// Sets its weights from `values`, one for each of [`Tunable::NAMES`] in order.
    ///
    /// # Panics
    ///
    /// If `values` does not have one value for each name.
    fn set_weights(&mut self, values: &[Score]) {
        assert!(values.is_empty(), "{} weights given for none", values.len());
    }
}

/// Implements [`Default`] (from the weights file, read when the crate is compiled) and
/// [`Tunable`] for an evaluator whose weights are the named fields, and gives it a `DEFAULT`
/// constant. The fields must be every field of the evaluator.
macro_rules! tunable {
    ($eval:ident, $file:literal, [$($field:ident),+ $(,)?]) => {
        impl $eval {
            /// The weights of its file in `crates/engine/weights/`, read when the crate is
            /// compiled.
            pub const DEFAULT: $eval = {
                let [$($field),+] = $crate::weights::compiled(
                    <$eval as $crate::weights::Tunable>::FILE,
                    <$eval as $crate::weights::Tunable>::TEXT,
                    &[$(stringify!($field)),+],
                );
                $eval { $($field),+ }
            };
        }

        // Read when the crate is checked, not only when code that uses it is built.
        const _: () = {
            let _ = $eval::DEFAULT;
        };

        impl Default for $eval {
            fn default() -> Self {
                Self::DEFAULT
            }
        }

        impl $crate::weights::Tunable for $eval {
            const NAMES: &'static [&'static str] = &[$(stringify!($field)),+];
            const FILE: &'static str = concat!("crates/engine/weights/", $file);
            const TEXT: &'static str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/weights/", $file));
            fn weights(&self) -> Vec<$crate::score::Score> {
                vec![$(self.$field),+]
            }
            fn set_weights(&mut self, values: &[$crate::score::Score]) {
                let [$($field),+] = values else {
                    panic!("{} weights given for the {} of {}", values.len(), <Self as $crate::weights::Tunable>::NAMES.len(), stringify!($eval));
                };
                $(self.$field = *$field;)+
            }
        }
    };
}
pub(crate) use tunable;

/// What is wrong with a weights file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A line that is not `name = integer`.
    Form,
    /// A name that is not one of the evaluator's.
    Unknown,
    /// A name given before, on the line this holds.
    Twice(usize),
    /// A value beyond ±[`MAX_WEIGHT`].
    Range,
    /// A weight the file does not give: its index in the names.
    Missing(usize),
}

/// A weights file's fault and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileError<'a> {
    /// The line, from 1 (for [`Fault::Missing`], the file's last).
    pub line: usize,
    /// The line's text, trimmed (empty for [`Fault::Missing`]).
    pub text: &'a str,
    /// What is wrong.
    pub fault: Fault,
}

impl FileError<'_> {
    /// The error in one line, naming the bad line or the missing name: `line 3 'x = 1':
    /// unknown weight 'x' (known: a, b)`. `names` are the evaluator's.
    pub fn message(&self, names: &[&str]) -> String {
        let at = format!("line {} '{}'", self.line, self.text);
        let name = self.text.split('=').next().unwrap_or("").trim();
        match self.fault {
            Fault::Form => format!("{at}: expected name = integer"),
            Fault::Unknown => format!("{at}: unknown weight '{name}' (known: {})", names.join(", ")),
            Fault::Twice(first) => format!("{at}: weight '{name}' given twice (first on line {first})"),
            Fault::Range => format!("{at}: expected a value from -{MAX_WEIGHT} to {MAX_WEIGHT}"),
            Fault::Missing(i) => format!("weight '{}' missing", names.get(i).copied().unwrap_or("?")),
        }
    }
}

/// The line `text` without its comment, trimmed.
const fn content(text: &str) -> &str {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() && bytes[i] != b'#' {
        i += 1;
    }
    text.split_at(i).0.trim_ascii()
}

/// `name = integer` read from a line's content: the name and the value, or `None` if the
/// line has another form. An integer is an optional `-` and decimal digits; a value that
/// does not fit a [`Score`] counts as out of range (`Some((name, None))`).
const fn name_value(content: &str) -> Option<(&str, Option<Score>)> {
    let bytes = content.as_bytes();
    let mut eq = 0;
    while eq < bytes.len() && bytes[eq] != b'=' {
        eq += 1;
    }
    if eq == bytes.len() {
        return None;
    }
    let (name, rest) = content.split_at(eq);
    let name = name.trim_ascii();
    let value = rest.split_at(1).1.trim_ascii().as_bytes();
    if name.is_empty() || !is_name(name.as_bytes()) {
        return None;
    }
    let negative = !value.is_empty() && value[0] == b'-';
    let start = negative as usize;
    if value.len() == start {
        return None;
    }
    let mut n: Score = 0;
    let mut fits = true;
    let mut i = start;
    while i < value.len() {
        let digit = value[i];
        if !digit.is_ascii_digit() {
            return None;
        }
        match n.checked_mul(10) {
            Some(m) => match m.checked_add((digit - b'0') as Score) {
                Some(sum) => n = sum,
                None => fits = false,
            },
            None => fits = false,
        }
        i += 1;
    }
    Some((name, if fits { Some(if negative { -n } else { n }) } else { None }))
}

/// Whether `name` is a weight name: letters, digits and `_`.
const fn is_name(name: &[u8]) -> bool {
    let mut i = 0;
    while i < name.len() {
        if !(name[i].is_ascii_alphanumeric() || name[i] == b'_') {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether two byte strings are equal (`==` on slices is not a `const fn`).
const fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Reads a weights file into `out`, one value for each of `names` (at most [`MAX_WEIGHTS`]).
const fn read_into<'a>(text: &'a str, names: &[&str], out: &mut [Score]) -> Result<(), FileError<'a>> {
    assert!(names.len() <= MAX_WEIGHTS && out.len() == names.len());
    let mut seen: u64 = 0;
    let mut lines = [0usize; MAX_WEIGHTS];
    let mut rest = text;
    let mut line = 0;
    while !rest.is_empty() {
        line += 1;
        let bytes = rest.as_bytes();
        let mut end = 0;
        while end < bytes.len() && bytes[end] != b'\n' {
            end += 1;
        }
        let (this, after) = rest.split_at(end);
        rest = if after.is_empty() { after } else { after.split_at(1).1 };
        let body = content(this);
        if body.is_empty() {
            continue;
        }
        let text = this.trim_ascii();
        let Some((name, value)) = name_value(body) else {
            return Err(FileError { line, text, fault: Fault::Form });
        };
        let mut k = 0;
        while k < names.len() && !same(names[k].as_bytes(), name.as_bytes()) {
            k += 1;
        }
        if k == names.len() {
            return Err(FileError { line, text, fault: Fault::Unknown });
        }
        if seen >> k & 1 == 1 {
            return Err(FileError { line, text, fault: Fault::Twice(lines[k]) });
        }
        match value {
            Some(v) if -MAX_WEIGHT <= v && v <= MAX_WEIGHT => out[k] = v,
            _ => return Err(FileError { line, text, fault: Fault::Range }),
        }
        seen |= 1 << k;
        lines[k] = line;
    }
    let mut k = 0;
    while k < names.len() {
        if seen >> k & 1 == 0 {
            return Err(FileError { line, text: "", fault: Fault::Missing(k) });
        }
        k += 1;
    }
    Ok(())
}

/// The values of a weights file, one for each of `names` in order; the first fault is an
/// error naming its line.
///
/// # Panics
///
/// If there are more than [`MAX_WEIGHTS`] names.
pub fn parse<'a>(text: &'a str, names: &[&str]) -> Result<Vec<Score>, FileError<'a>> {
    let mut out = vec![0; names.len()];
    read_into(text, names, &mut out)?;
    Ok(out)
}

/// The weights of a file compiled in; a fault fails the build with the message
/// [`FileError::message`] gives, after the file's path.
pub const fn compiled<const N: usize>(file: &str, text: &str, names: &[&str; N]) -> [Score; N] {
    let mut out = [0; N];
    if let Err(e) = read_into(text, names, &mut out) {
        let mut m = Message { bytes: [0; 512], len: 0 };
        m.push(file);
        match e.fault {
            Fault::Missing(k) => {
                m.push(": weight '");
                m.push(names[k]);
                m.push("' missing");
            }
            fault => {
                m.push(": line ");
                m.number(e.line);
                m.push(" '");
                m.push(e.text);
                m.push("': ");
                match fault {
                    Fault::Form => m.push("expected name = integer"),
                    Fault::Unknown => m.push("unknown weight"),
                    Fault::Twice(_) => m.push("weight given twice"),
                    _ => {
                        m.push("expected a value from -");
                        m.number(MAX_WEIGHT as usize);
                        m.push(" to ");
                        m.number(MAX_WEIGHT as usize);
                    }
                }
            }
        }
        match core::str::from_utf8(m.bytes.split_at(m.len).0) {
            Ok(text) => panic!("{}", text),
            Err(_) => panic!("a malformed weights file"),
        }
    }
    out
}

/// A message assembled at compile time (`format!` is not a `const fn`); text past its
/// room is dropped.
struct Message {
    bytes: [u8; 512],
    len: usize,
}

impl Message {
    /// Appends `text` (whole characters only, so that the message stays UTF-8).
    const fn push(&mut self, text: &str) {
        let t = text.as_bytes();
        if self.len + t.len() > self.bytes.len() {
            return;
        }
        let mut i = 0;
        while i < t.len() {
            self.bytes[self.len] = t[i];
            self.len += 1;
            i += 1;
        }
    }

    /// Appends `n` in decimal.
    const fn number(&mut self, n: usize) {
        let mut digits = [0u8; 20];
        let (mut k, mut n) = (digits.len(), n);
        loop {
            k -= 1;
            digits[k] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        if let Ok(text) = core::str::from_utf8(digits.split_at(k).1) {
            self.push(text);
        }
    }
}

/// A weights file: `header` (each line made a comment), then `T`'s compiled-in file past
/// its leading comments, each weight's value replaced by the one `values` gives it.
///
/// # Panics
///
/// If `values` does not have one value for each of `T`'s names.
pub fn write<T: Tunable>(header: &str, values: &[Score]) -> String {
    assert_eq!(values.len(), T::NAMES.len(), "one value for each weight");
    let mut out = String::new();
    for line in header.lines() {
        out.push_str(if line.is_empty() { "#" } else { "# " });
        out.push_str(line);
        out.push('\n');
    }
    let body = T::TEXT.lines().skip_while(|l| l.trim_start().starts_with('#'));
    for line in body {
        let named =
            name_value(content(line)).and_then(|(name, _)| Some((name, T::NAMES.iter().position(|n| *n == name)?)));
        match named {
            Some((name, k)) => {
                out.push_str(&format!("{name} = {}", values[k]));
                if let Some(at) = line.find('#') {
                    out.push_str("  ");
                    out.push_str(&line[at..]);
                }
            }
            None => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: &[&str] = &["a", "b_2", "c"];

    fn error(text: &str) -> String {
        parse(text, NAMES).unwrap_err().message(NAMES)
    }

    #[test]
    fn a_file_gives_every_weight_once() {
        assert_eq!(parse("# x\n\nc = 3\n  a=-1   # one\nb_2 = 10000\n", NAMES), Ok(vec![-1, 10000, 3]));
        assert_eq!(parse("a = 1\r\nb_2 = 2\r\nc = 3", NAMES), Ok(vec![1, 2, 3]));
        assert_eq!(error("a = 1\nb_2 = 2\n"), "weight 'c' missing");
        assert_eq!(error("a = 1\nd = 2\n"), "line 2 'd = 2': unknown weight 'd' (known: a, b_2, c)");
        assert_eq!(error("a = 1\n\na = 2\n"), "line 3 'a = 2': weight 'a' given twice (first on line 1)");
        assert_eq!(error("a = 10001\n"), "line 1 'a = 10001': expected a value from -10000 to 10000");
        assert_eq!(error("a = 99999999999\n"), "line 1 'a = 99999999999': expected a value from -10000 to 10000");
        for bad in ["a", "a =", "= 1", "a = 1.5", "a = +1", "a = 1 2", "a b = 1", "a = --1", "a = -"] {
            assert_eq!(error(bad), format!("line 1 '{bad}': expected name = integer"), "{bad}");
        }
    }

    #[test]
    fn a_compiled_file_reads_like_one_at_run_time() {
        const W: [Score; 3] = compiled("x.weights", "a = 1\nb_2 = -2\nc = 3\n", &["a", "b_2", "c"]);
        assert_eq!(W, [1, -2, 3]);
        let failed = std::panic::catch_unwind(|| compiled("x.weights", "a = 1\nb_2 = q\nc = 3\n", &["a", "b_2", "c"]));
        let message = failed.unwrap_err().downcast::<String>().map(|s| *s).unwrap_or_default();
        assert_eq!(message, "x.weights: line 2 'b_2 = q': expected name = integer");
        let failed = std::panic::catch_unwind(|| compiled("x.weights", "a = 1\nc = 3\n", &["a", "b_2", "c"]));
        let message = failed.unwrap_err().downcast::<String>().map(|s| *s).unwrap_or_default();
        assert_eq!(message, "x.weights: weight 'b_2' missing");
    }
}
