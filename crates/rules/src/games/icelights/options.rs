//! Icelights rule options (spec §9) and their `--opt` parser.

use crate::core::ending::max_plies;
use crate::core::game::GameOptions;
use crate::core::settings::{Limit, Setting, Switch};

/// Rule options of Icelights (always two players).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct IlOptions {
    /// `il.move_optional`: a turn may be an orientation alone, or `pass`.
    pub move_optional: bool,
    /// `il.pass_over_pieces`: moves may cross occupied squares (never end on one).
    pub pass_over_pieces: bool,
    /// `max_plies`: the game is drawn once this many plies are played.
    pub max_plies: Option<u32>,
}

impl GameOptions for IlOptions {
    const SETTINGS: &'static [&'static dyn Setting<Self>] = &[
        &Switch::<Self> {
            key: "il.move_optional",
            doc: "a turn may be an orientation alone, or pass",
            get: |o| o.move_optional,
            set: |o, v| o.move_optional = v,
        },
        &Switch::<Self> {
            key: "il.pass_over_pieces",
            doc: "moves may cross occupied squares (never end on one)",
            get: |o| o.pass_over_pieces,
            set: |o, v| o.pass_over_pieces = v,
        },
        &Self::MAX_PLIES.unwrap(),
    ];
    const MAX_PLIES: Option<Limit<Self, u32>> = Some(max_plies(|o| o.max_plies, |o, v| o.max_plies = v));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::RulesError;

    #[test]
    fn parses_every_value_and_rejects_the_rest() {
        let mut o = IlOptions::default();
        o.set("il.move_optional", "true").unwrap();
        o.set("il.pass_over_pieces", "on").unwrap();
        o.set("max_plies", "80").unwrap();
        assert_eq!(o, IlOptions { move_optional: true, pass_over_pieces: true, max_plies: Some(80) });
        assert_eq!(o.non_default().len(), 3);
        assert!(matches!(o.set("il.move_optional", "maybe"), Err(RulesError::BadValue { .. })));
        assert!(matches!(o.set("max_plies", "0"), Err(RulesError::BadValue { .. })));
        assert!(matches!(o.set("cc.target_stay", "off"), Err(RulesError::UnknownOption { .. })));
        assert!(o.set_players(3).is_err() && o.set_players(2).is_ok());
        o.set("max_plies", "none").unwrap();
        o.set("il.move_optional", "false").unwrap();
        assert_eq!(o.non_default(), vec![("il.pass_over_pieces", "true".to_string())]);
    }
}
