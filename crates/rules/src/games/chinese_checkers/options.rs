//! Chinese Checkers rule options (spec §6) and their `--opt` parser.

use crate::core::error::RulesError;
use crate::core::game::GameOptions;

/// `cc.target_stay`: how a peg already in its target may move (spec §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TargetStay {
    /// Every landing of the turn, intermediate hops included, stays in the target.
    #[default]
    Strict,
    /// Only the final hole must be in the target.
    FinalOnly,
    /// No restriction.
    Off,
}

/// `cc.anti_block`: what stops a seat from blocking another's target (spec §3, §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum AntiBlock {
    /// A seat wins once its target is full and holds at least one of its pegs.
    #[default]
    Fill,
    /// A peg that could reach a target hole held by another seat may swap with it.
    Swap,
    /// Blocking is legal; a seat wins only with all ten of its pegs in its target.
    None,
}

/// `cc.seats_4p`: which camps four players use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Seats4p {
    /// Camps 0, 1, 3, 4.
    #[default]
    C0134,
    /// Camps 0, 2, 3, 5.
    C0235,
}

/// Player count and rule options of Chinese Checkers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CcOptions {
    /// 2 to 6 players.
    pub players: u8,
    /// `cc.target_stay`.
    pub target_stay: TargetStay,
    /// `cc.anti_block`.
    pub anti_block: AntiBlock,
    /// `cc.seats_4p` (used with 4 players only).
    pub seats_4p: Seats4p,
    /// `max_plies`: the game is drawn once this many plies are played.
    pub max_plies: Option<u32>,
}

impl Default for CcOptions {
    fn default() -> Self {
        CcOptions {
            players: 2,
            target_stay: TargetStay::default(),
            anti_block: AntiBlock::default(),
            seats_4p: Seats4p::default(),
            max_plies: None,
        }
    }
}

/// Variants the spec documents that are not built yet; naming one is an error.
const VARIANTS: [&str; 5] =
    ["cc.no_end_in_foreign_camp", "cc.long_jumps", "cc.play_for_places", "cc.pegs_15", "cc.sets_per_player"];

impl CcOptions {
    /// The camps of seats 0, 1, … for these options.
    pub fn camps(&self) -> &'static [u8] {
        match (self.players, self.seats_4p) {
            (2, _) => &[0, 3],
            (3, _) => &[0, 2, 4],
            (4, Seats4p::C0134) => &[0, 1, 3, 4],
            (4, Seats4p::C0235) => &[0, 2, 3, 5],
            (5, _) => &[0, 1, 2, 3, 4],
            _ => &[0, 1, 2, 3, 4, 5],
        }
    }
}

impl GameOptions for CcOptions {
    const KEYS: &'static [&'static str] = &["cc.target_stay", "cc.anti_block", "cc.seats_4p", "max_plies"];

    fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let bad = |expected: &str| RulesError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            expected: expected.to_string(),
        };
        match key {
            "cc.target_stay" => {
                self.target_stay = match value {
                    "strict" => TargetStay::Strict,
                    "final_only" => TargetStay::FinalOnly,
                    "off" => TargetStay::Off,
                    _ => return Err(bad("strict, final_only or off")),
                }
            }
            "cc.anti_block" => {
                self.anti_block = match value {
                    "fill" => AntiBlock::Fill,
                    "swap" => AntiBlock::Swap,
                    "none" => AntiBlock::None,
                    _ => return Err(bad("fill, swap or none")),
                }
            }
            "cc.seats_4p" => {
                self.seats_4p = match value {
                    "0134" => Seats4p::C0134,
                    "0235" => Seats4p::C0235,
                    _ => return Err(bad("0134 or 0235")),
                }
            }
            "max_plies" => {
                self.max_plies = match value {
                    "none" => None,
                    n => Some(
                        n.parse()
                            .ok()
                            .filter(|&n| n > 0)
                            .ok_or_else(|| bad("none or a number from 1 to 4294967295"))?,
                    ),
                }
            }
            k if VARIANTS.contains(&k) => return Err(RulesError::Unsupported { what: k.to_string() }),
            _ => {
                return Err(RulesError::UnknownOption { key: key.to_string(), known: Self::KEYS.join(", ") });
            }
        }
        Ok(())
    }

    fn set_players(&mut self, players: usize) -> Result<(), RulesError> {
        if !(2..=6).contains(&players) {
            return Err(RulesError::Players { given: players, expected: "2 to 6".into() });
        }
        self.players = players as u8;
        Ok(())
    }

    fn non_default(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        let d = CcOptions::default();
        if self.target_stay != d.target_stay {
            let v = match self.target_stay {
                TargetStay::Strict => "strict",
                TargetStay::FinalOnly => "final_only",
                TargetStay::Off => "off",
            };
            out.push(("cc.target_stay", v.to_string()));
        }
        if self.anti_block != d.anti_block {
            let v = match self.anti_block {
                AntiBlock::Fill => "fill",
                AntiBlock::Swap => "swap",
                AntiBlock::None => "none",
            };
            out.push(("cc.anti_block", v.to_string()));
        }
        if self.players == 4 && self.seats_4p != d.seats_4p {
            out.push(("cc.seats_4p", "0235".to_string()));
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
        let mut o = CcOptions::default();
        o.set("cc.target_stay", "final_only").unwrap();
        o.set("cc.anti_block", "swap").unwrap();
        o.set("max_plies", "300").unwrap();
        assert_eq!((o.target_stay, o.anti_block, o.max_plies), (TargetStay::FinalOnly, AntiBlock::Swap, Some(300)));
        assert!(matches!(o.set("cc.target_stay", "loose"), Err(RulesError::BadValue { .. })));
        assert!(matches!(o.set("max_plies", "0"), Err(RulesError::BadValue { .. })));
        assert!(matches!(o.set("cc.bogus", "1"), Err(RulesError::UnknownOption { .. })));
        assert!(matches!(o.set("cc.long_jumps", "true"), Err(RulesError::Unsupported { .. })));
        assert!(o.set_players(7).is_err() && o.set_players(1).is_err());
        o.set_players(4).unwrap();
        o.set("cc.seats_4p", "0235").unwrap();
        assert_eq!(o.camps(), &[0, 2, 3, 5]);
        let keys: Vec<_> = o.non_default().into_iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["cc.target_stay", "cc.anti_block", "cc.seats_4p", "max_plies"]);
    }
}
