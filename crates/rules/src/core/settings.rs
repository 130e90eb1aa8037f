//! Settings declared once: a key, the values it takes, a one-line doc and how it reads and
//! writes its field. Game options (`--opt KEY=VALUE`) and searcher keys
//! (`alphabeta:threads=2`) are lists of these; parsing, the "expected ..." errors, the list
//! of known keys, the options that differ from the defaults and `tabula options` all derive
//! from the list, so a setting is never mapped to text twice.
//!
//! ```
//! use tabula_rules::core::settings::{Limit, Setting, Switch, find};
//!
//! #[derive(Default)]
//! struct Config { fast: bool, depth: Option<u32> }
//!
//! const SETTINGS: &[&dyn Setting<Config>] = &[
//!     &Switch::<Config> { key: "fast", doc: "think less", get: |c| c.fast, set: |c, v| c.fast = v },
//!     &Limit::<Config, _> { key: "depth", doc: "plies to search", min: 1, max: 99,
//!               get: |c| c.depth, set: |c, v| c.depth = v },
//! ];
//!
//! let mut c = Config::default();
//! find(SETTINGS, "depth").unwrap().set(&mut c, "12").unwrap();
//! assert_eq!(c.depth, Some(12));
//! let err = find(SETTINGS, "depth").unwrap().set(&mut c, "0").unwrap_err();
//! assert_eq!(err.to_string(), "bad value '0' for option 'depth' (expected none or a number from 1 to 99)");
//! assert!(find(SETTINGS, "width").is_none());
//! ```

use std::fmt::Display;
use std::str::FromStr;

use super::error::RulesError;

/// The error for `value`, which `setting` cannot take.
pub fn bad_value<T>(setting: &(impl Setting<T> + ?Sized), value: &str) -> RulesError {
    RulesError::BadValue { key: setting.key().to_string(), value: value.to_string(), expected: setting.expected() }
}

/// One declared setting of a value of type `T` (an options or config struct).
pub trait Setting<T>: Sync {
    /// The key, e.g. `cc.target_stay` or `threads`.
    fn key(&self) -> &'static str;
    /// One line saying what it does.
    fn doc(&self) -> &'static str;
    /// The values it takes, as an error message ends: `strict, final_only or off`.
    fn expected(&self) -> String;
    /// Its value in `target`, written as it is set.
    fn get(&self, target: &T) -> String;
    /// Sets it from text; a value it cannot take is a [`RulesError::BadValue`] that says
    /// what it [expects](Setting::expected).
    fn set(&self, target: &mut T, value: &str) -> Result<(), RulesError>;
    /// Whether it matters in `target` (a 4-player option with two players does not); one
    /// that does not is left out of [`non_default`].
    fn applies(&self, _target: &T) -> bool {
        true
    }
    /// The kind of value it takes, for interfaces that declare options by kind (UGI's
    /// spin, check, combo and string); by default [`SettingKind::Other`].
    fn kind(&self) -> SettingKind {
        SettingKind::Other
    }
}

/// The kind of value a setting takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingKind {
    /// A whole number from `min` to `max` (bounds beyond `i64` are clamped to it).
    Whole {
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
    },
    /// `true` or `false`.
    Switch,
    /// One of these words.
    Words(Vec<&'static str>),
    /// Anything else: fractional numbers, limits (`none` or a number), texts.
    Other,
}

/// The setting named `key`, if declared.
pub fn find<'a, T>(settings: &'a [&'a dyn Setting<T>], key: &str) -> Option<&'a dyn Setting<T>> {
    settings.iter().copied().find(|s| s.key() == key)
}

/// The declared keys, joined for a message: `a, b, c`.
pub fn keys<T>(settings: &[&dyn Setting<T>]) -> String {
    let keys: Vec<&str> = settings.iter().map(|s| s.key()).collect();
    if keys.is_empty() { "none".to_string() } else { keys.join(", ") }
}

/// The settings whose value in `target` differs from `default`, as `(key, value)` in
/// declaration order.
pub fn non_default<T>(settings: &[&dyn Setting<T>], target: &T, default: &T) -> Vec<(&'static str, String)> {
    settings
        .iter()
        .filter(|s| s.applies(target))
        .map(|s| (s.key(), s.get(target)))
        .filter(|(key, value)| settings.iter().find(|s| s.key() == *key).is_some_and(|s| &s.get(default) != value))
        .collect()
}

/// `a`, `a or b`, `a, b or c`.
pub fn one_of(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// An enum whose values are written as words.
pub trait Words: Copy + PartialEq + 'static {
    /// Every value with its word, in the order a listing shows them.
    const WORDS: &'static [(Self, &'static str)];
    /// The word of this value.
    fn word(self) -> &'static str {
        Self::WORDS.iter().find(|(v, _)| *v == self).map_or("", |(_, w)| w)
    }
    /// The value of a word.
    fn from_word(word: &str) -> Option<Self> {
        Self::WORDS.iter().find(|(_, w)| *w == word).map(|(v, _)| *v)
    }
}

/// Declares an enum whose values are written as words, with its [`Words`] table.
#[macro_export]
macro_rules! words {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $word:literal ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant ),*
        }
        impl $crate::core::settings::Words for $name {
            const WORDS: &'static [(Self, &'static str)] = &[$(($name::$variant, $word)),*];
        }
    };
}

/// One of an enum's words.
pub struct Choice<T: 'static, W: 'static> {
    /// The key.
    pub key: &'static str,
    /// One line saying what it does.
    pub doc: &'static str,
    /// Reads the field.
    pub get: fn(&T) -> W,
    /// Writes the field.
    pub set: fn(&mut T, W),
    /// Whether it matters (see [`Setting::applies`]); `None`: always.
    pub applies: Option<fn(&T) -> bool>,
}

impl<T, W: Words> Setting<T> for Choice<T, W> {
    fn key(&self) -> &'static str {
        self.key
    }
    fn doc(&self) -> &'static str {
        self.doc
    }
    fn expected(&self) -> String {
        let words: Vec<&str> = W::WORDS.iter().map(|(_, w)| *w).collect();
        one_of(&words)
    }
    fn get(&self, target: &T) -> String {
        (self.get)(target).word().to_string()
    }
    fn set(&self, target: &mut T, value: &str) -> Result<(), RulesError> {
        let v = W::from_word(value).ok_or_else(|| bad_value(self, value))?;
        (self.set)(target, v);
        Ok(())
    }
    fn applies(&self, target: &T) -> bool {
        self.applies.is_none_or(|f| f(target))
    }
    fn kind(&self) -> SettingKind {
        SettingKind::Words(W::WORDS.iter().map(|(_, w)| *w).collect())
    }
}

/// A number in a range.
pub struct Number<T: 'static, N: 'static> {
    /// The key.
    pub key: &'static str,
    /// One line saying what it does.
    pub doc: &'static str,
    /// The smallest value.
    pub min: N,
    /// The largest value.
    pub max: N,
    /// Reads the field.
    pub get: fn(&T) -> N,
    /// Writes the field.
    pub set: fn(&mut T, N),
}

/// A limit: a number in a range, or `none` for no limit.
pub struct Limit<T: 'static, N: 'static> {
    /// The key.
    pub key: &'static str,
    /// One line saying what it does.
    pub doc: &'static str,
    /// The smallest value.
    pub min: N,
    /// The largest value.
    pub max: N,
    /// Reads the field; `None` is no limit.
    pub get: fn(&T) -> Option<N>,
    /// Writes the field.
    pub set: fn(&mut T, Option<N>),
}

/// The numbers [`Number`] and [`Limit`] take.
pub trait Numeric: Copy + PartialOrd + Display + FromStr + Sync + 'static {}

impl<N: Copy + PartialOrd + Display + FromStr + Sync + 'static> Numeric for N {}

/// `value` as a number from `min` to `max`, written one way only: no sign, no leading zero.
fn number_in<N: Numeric>(value: &str, min: N, max: N) -> Option<N> {
    let bytes = value.as_bytes();
    let leading_zero = bytes.len() > 1 && bytes[0] == b'0' && bytes[1].is_ascii_digit();
    if value.starts_with('+') || leading_zero {
        return None;
    }
    value.parse::<N>().ok().filter(|n| *n >= min && *n <= max)
}

impl<T, N: Numeric> Setting<T> for Number<T, N> {
    fn key(&self) -> &'static str {
        self.key
    }
    fn doc(&self) -> &'static str {
        self.doc
    }
    fn expected(&self) -> String {
        format!("a number from {} to {}", self.min, self.max)
    }
    fn get(&self, target: &T) -> String {
        (self.get)(target).to_string()
    }
    fn set(&self, target: &mut T, value: &str) -> Result<(), RulesError> {
        let n = number_in(value, self.min, self.max).ok_or_else(|| bad_value(self, value))?;
        (self.set)(target, n);
        Ok(())
    }
    fn kind(&self) -> SettingKind {
        // An integer type refuses a fraction; a float type reads it.
        if N::from_str("0.5").is_ok() {
            return SettingKind::Other;
        }
        let clamped = |n: N| {
            let text = n.to_string();
            text.parse::<i128>().map_or(if text.starts_with('-') { i64::MIN } else { i64::MAX }, |n| {
                n.clamp(i64::MIN.into(), i64::MAX.into()) as i64
            })
        };
        SettingKind::Whole { min: clamped(self.min), max: clamped(self.max) }
    }
}

impl<T, N: Numeric> Setting<T> for Limit<T, N> {
    fn key(&self) -> &'static str {
        self.key
    }
    fn doc(&self) -> &'static str {
        self.doc
    }
    fn expected(&self) -> String {
        format!("none or a number from {} to {}", self.min, self.max)
    }
    fn get(&self, target: &T) -> String {
        (self.get)(target).map_or_else(|| "none".to_string(), |n| n.to_string())
    }
    fn set(&self, target: &mut T, value: &str) -> Result<(), RulesError> {
        let limit = match value {
            "none" => None,
            _ => Some(number_in(value, self.min, self.max).ok_or_else(|| bad_value(self, value))?),
        };
        (self.set)(target, limit);
        Ok(())
    }
}

/// `true` or `false` (also `on`/`off`, `yes`/`no`, `1`/`0`).
pub struct Switch<T: 'static> {
    /// The key.
    pub key: &'static str,
    /// One line saying what it does.
    pub doc: &'static str,
    /// Reads the field.
    pub get: fn(&T) -> bool,
    /// Writes the field.
    pub set: fn(&mut T, bool),
}

impl<T> Setting<T> for Switch<T> {
    fn key(&self) -> &'static str {
        self.key
    }
    fn doc(&self) -> &'static str {
        self.doc
    }
    fn expected(&self) -> String {
        "true or false".to_string()
    }
    fn get(&self, target: &T) -> String {
        (self.get)(target).to_string()
    }
    fn set(&self, target: &mut T, value: &str) -> Result<(), RulesError> {
        let v = match value {
            "true" | "on" | "yes" | "1" => true,
            "false" | "off" | "no" | "0" => false,
            _ => return Err(bad_value(self, value)),
        };
        (self.set)(target, v);
        Ok(())
    }
    fn kind(&self) -> SettingKind {
        SettingKind::Switch
    }
}

/// A value of its own form, read and written by the setting's functions.
pub struct Text<T: 'static> {
    /// The key.
    pub key: &'static str,
    /// One line saying what it does.
    pub doc: &'static str,
    /// The form, as an error message ends: `two different hexes, e.g. d5,f5`.
    pub form: &'static str,
    /// Reads the field.
    pub get: fn(&T) -> String,
    /// Writes the field; `None` when the text is not of the form.
    pub set: fn(&mut T, &str) -> Option<()>,
}

impl<T> Setting<T> for Text<T> {
    fn key(&self) -> &'static str {
        self.key
    }
    fn doc(&self) -> &'static str {
        self.doc
    }
    fn expected(&self) -> String {
        self.form.to_string()
    }
    fn get(&self, target: &T) -> String {
        (self.get)(target)
    }
    fn set(&self, target: &mut T, value: &str) -> Result<(), RulesError> {
        (self.set)(target, value).ok_or_else(|| bad_value(self, value))
    }
}

#[cfg(test)]
mod tests;
