//! Icelights rule options (spec §9) and their `--opt` parser.

use crate::core::error::RulesError;
use crate::core::game::GameOptions;

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

fn boolean(key: &str, value: &str) -> Result<bool, RulesError> {
    match value {
        "true" | "on" | "1" => Ok(true),
        "false" | "off" | "0" => Ok(false),
        _ => Err(RulesError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            expected: "true or false".to_string(),
        }),
    }
}

impl GameOptions for IlOptions {
    const KEYS: &'static [&'static str] = &["il.move_optional", "il.pass_over_pieces", "max_plies"];

    fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        match key {
            "il.move_optional" => self.move_optional = boolean(key, value)?,
            "il.pass_over_pieces" => self.pass_over_pieces = boolean(key, value)?,
            "max_plies" => {
                self.max_plies = match value {
                    "none" => None,
                    n => Some(n.parse().ok().filter(|&n| n > 0).ok_or_else(|| RulesError::BadValue {
                        key: key.to_string(),
                        value: value.to_string(),
                        expected: "none or a number from 1 to 4294967295".to_string(),
                    })?),
                }
            }
            _ => return Err(RulesError::UnknownOption { key: key.to_string(), known: Self::KEYS.join(", ") }),
        }
        Ok(())
    }

    fn set_players(&mut self, players: usize) -> Result<(), RulesError> {
        if players != 2 {
            return Err(RulesError::Players { given: players, expected: "2".into() });
        }
        Ok(())
    }

    fn non_default(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if self.move_optional {
            out.push(("il.move_optional", "true".to_string()));
        }
        if self.pass_over_pieces {
            out.push(("il.pass_over_pieces", "true".to_string()));
        }
        if let Some(n) = self.max_plies {
            out.push(("max_plies", n.to_string()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
