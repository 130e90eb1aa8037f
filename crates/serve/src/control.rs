//! How the page asks for a setting (a rule option or a searcher key), from the values the
//! setting declares: a checkbox for true or false, a list for a choice of words, a number
//! field with its range, a number field that may be left empty for a limit (`none` or a
//! number), and a text field for anything else.

use serde::Serialize;
use tabula_rules::core::settings::SettingKind;

/// The control that asks for a setting's value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Control {
    /// `true` or `false`: a checkbox.
    Switch,
    /// One of these words: a list.
    Choice {
        /// The words, in declaration order.
        choices: Vec<&'static str>,
    },
    /// A whole number from `min` to `max`: a number field.
    Number {
        /// The smallest value.
        min: i64,
        /// The largest value.
        max: i64,
    },
    /// `none` or a whole number from `min` to `max`: a number field, empty for `none`.
    Limit {
        /// The smallest number.
        min: i64,
        /// The largest number.
        max: i64,
    },
    /// Any other text: a text field.
    Text,
}

impl Control {
    /// The control for a setting of `kind` whose values are described as `expected` (a
    /// limit declares no kind of its own; its description reads `none or a number from A
    /// to B`).
    pub fn of(kind: SettingKind, expected: &str) -> Control {
        match kind {
            SettingKind::Switch => Control::Switch,
            SettingKind::Words(choices) => Control::Choice { choices },
            SettingKind::Whole { min, max } => Control::Number { min, max },
            SettingKind::Other => limit(expected).unwrap_or(Control::Text),
        }
    }
}

/// The limit `expected` describes, if it describes one.
fn limit(expected: &str) -> Option<Control> {
    let (min, max) = expected.strip_prefix("none or a number from ")?.split_once(" to ")?;
    Some(Control::Limit { min: min.parse().ok()?, max: max.parse().ok()? })
}
