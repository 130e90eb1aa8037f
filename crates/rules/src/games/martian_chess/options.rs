//! Martian Chess and Coaster Chess rule options (spec §9) and their `--opt` parser.

use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;

use super::board::BoardKind;
use crate::core::error::RulesError;
use crate::core::game::GameOptions;

/// Which of the two games: the movement rule and the option defaults.
pub trait Variant: Clone + Copy + Debug + Default + PartialEq + Eq + Hash + Send + Sync + 'static {
    /// The game's command-line name.
    const NAME: &'static str;
    /// Coaster Chess (arrows) rather than Martian Chess (piece movement).
    const COASTER: bool;
    /// The option names this game accepts.
    const KEYS: &'static [&'static str];
}

/// Standard Martian Chess.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Martian;

/// Coaster Chess: Martian Chess on four Martian Coasters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Coaster;

const COMMON_KEYS: [&str; 7] =
    ["mc.clock", "mc.clock_limit", "mc.field_promotion", "mc.no_reject_4p", "mc.no_move", "mc.teams", "max_plies"];

impl Variant for Martian {
    const NAME: &'static str = "martian-chess";
    const COASTER: bool = false;
    const KEYS: &'static [&'static str] = &COMMON_KEYS;
}

impl Variant for Coaster {
    const NAME: &'static str = "coaster-chess";
    const COASTER: bool = true;
    const KEYS: &'static [&'static str] = &[
        "mc.clock",
        "mc.clock_limit",
        "mc.field_promotion",
        "mc.no_reject_4p",
        "mc.no_move",
        "mc.teams",
        "max_plies",
        "mc.move_model",
        "mc.canal",
        "mc.setup_mirror",
        "mc.tiles",
    ];
}

/// `mc.clock`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Clock {
    /// A seat may call the clock (a move written with `!`).
    #[default]
    Callable,
    /// Running from the start.
    AlwaysOn,
    /// No clock.
    Off,
}

/// `mc.no_reject_4p`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum NoReject4p {
    /// No rejection rule with four players.
    #[default]
    Off,
    /// The seat that moves next may not send back a piece just moved into its zone.
    NextPlayerOnly,
}

/// `mc.no_move`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum NoMove {
    /// A seat without a move passes.
    #[default]
    Pass,
    /// The game ends at once, scored as a clock ending.
    EndGameAndScore,
}

/// `mc.move_model` (Coaster Chess).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MoveModel {
    /// 1 to pips single arrow steps; the direction may change.
    #[default]
    Path,
    /// One direction from an arrow of the start square, then straight on.
    StraightStart,
    /// Straight, every square left carrying the arrow.
    StraightEach,
}

/// `mc.canal` (Coaster Chess, 2 players).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Canal {
    /// Seat 0 on ranks 1–3.
    #[default]
    Horizontal,
    /// Seat 0 on files a–c.
    Vertical,
}

/// Player count and rule options of Martian Chess or Coaster Chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct McOptions<V: Variant> {
    /// 2 or 4 players.
    pub players: u8,
    /// `mc.clock`.
    pub clock: Clock,
    /// `mc.clock_limit`: plies without a capture that end the game once the clock runs.
    pub clock_limit: u8,
    /// `mc.field_promotion`.
    pub field_promotion: bool,
    /// `mc.no_reject_4p`.
    pub no_reject_4p: NoReject4p,
    /// `mc.no_move`.
    pub no_move: NoMove,
    /// `mc.teams` (4 players): seats 0 + 2 against 1 + 3.
    pub teams: bool,
    /// `mc.move_model` (Coaster Chess).
    pub move_model: MoveModel,
    /// `mc.canal` (Coaster Chess, 2 players).
    pub canal: Canal,
    /// `mc.setup_mirror` (Coaster Chess): drone and pawn swap sides.
    pub setup_mirror: bool,
    /// `max_plies`: the game ends, scored as a clock ending, once this many plies are played.
    pub max_plies: Option<u32>,
    variant: PhantomData<V>,
}

impl<V: Variant> Default for McOptions<V> {
    fn default() -> Self {
        McOptions {
            players: 2,
            clock: Clock::Callable,
            clock_limit: 7,
            field_promotion: !V::COASTER,
            no_reject_4p: NoReject4p::Off,
            no_move: NoMove::Pass,
            teams: false,
            move_model: MoveModel::Path,
            canal: Canal::Horizontal,
            setup_mirror: false,
            max_plies: None,
            variant: PhantomData,
        }
    }
}

impl<V: Variant> McOptions<V> {
    /// The board these options play on.
    pub fn board(&self) -> BoardKind {
        match (V::COASTER, self.players, self.canal) {
            (false, 2, _) => BoardKind::Martian2,
            (false, _, _) => BoardKind::Martian4,
            (true, 2, Canal::Horizontal) => BoardKind::Coaster2H,
            (true, 2, Canal::Vertical) => BoardKind::Coaster2V,
            (true, _, _) => BoardKind::Coaster4,
        }
    }

    /// Checks the combination: a player count of 2 or 4, teams and the 4-player rejection
    /// rule only with four, the canal only with two.
    pub fn validate(&self) -> Result<(), RulesError> {
        if self.players != 2 && self.players != 4 {
            return Err(RulesError::Players { given: self.players as usize, expected: "2 or 4".into() });
        }
        let four_only = |key: &str, value: &str| RulesError::BadValue {
            key: key.into(),
            value: value.into(),
            expected: "the default with 2 players (a 4-player option)".into(),
        };
        if self.players == 2 && self.teams {
            return Err(four_only("mc.teams", "true"));
        }
        if self.players == 2 && self.no_reject_4p != NoReject4p::Off {
            return Err(four_only("mc.no_reject_4p", "next_player_only"));
        }
        if self.players == 4 && self.canal != Canal::Horizontal {
            return Err(RulesError::BadValue {
                key: "mc.canal".into(),
                value: "vertical".into(),
                expected: "horizontal with 4 players (each seat has its own coaster)".into(),
            });
        }
        Ok(())
    }

    /// Whether the no-reject rule applies to the seat that moves next.
    pub fn no_reject(&self) -> bool {
        self.players == 2 || self.no_reject_4p == NoReject4p::NextPlayerOnly
    }

    /// The seats a seat counts points with: itself, and its partner with teams.
    pub fn partner(&self, seat: usize) -> Option<usize> {
        (self.teams && self.players == 4).then_some((seat + 2) % 4)
    }
}

fn parse_bool(value: &str) -> Option<bool> {
    match value {
        "true" | "on" | "1" => Some(true),
        "false" | "off" | "0" => Some(false),
        _ => None,
    }
}

impl<V: Variant> GameOptions for McOptions<V> {
    const KEYS: &'static [&'static str] = V::KEYS;

    fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let bad = |expected: &str| RulesError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            expected: expected.to_string(),
        };
        if !V::KEYS.contains(&key) {
            return Err(RulesError::UnknownOption { key: key.to_string(), known: V::KEYS.join(", ") });
        }
        match key {
            "mc.clock" => {
                self.clock = match value {
                    "callable" => Clock::Callable,
                    "always_on" => Clock::AlwaysOn,
                    "off" => Clock::Off,
                    _ => return Err(bad("callable, always_on or off")),
                }
            }
            "mc.clock_limit" => {
                self.clock_limit = value
                    .parse()
                    .ok()
                    .filter(|&n: &u8| (1..=250).contains(&n))
                    .ok_or_else(|| bad("a number from 1 to 250"))?
            }
            "mc.field_promotion" => self.field_promotion = parse_bool(value).ok_or_else(|| bad("true or false"))?,
            "mc.no_reject_4p" => {
                self.no_reject_4p = match value {
                    "off" => NoReject4p::Off,
                    "next_player_only" => NoReject4p::NextPlayerOnly,
                    _ => return Err(bad("off or next_player_only")),
                }
            }
            "mc.no_move" => {
                self.no_move = match value {
                    "pass" => NoMove::Pass,
                    "end_game_and_score" => NoMove::EndGameAndScore,
                    _ => return Err(bad("pass or end_game_and_score")),
                }
            }
            "mc.teams" => self.teams = parse_bool(value).ok_or_else(|| bad("true or false"))?,
            "mc.move_model" => {
                self.move_model = match value {
                    "path" => MoveModel::Path,
                    "straight_start" => MoveModel::StraightStart,
                    "straight_each" => MoveModel::StraightEach,
                    _ => return Err(bad("path, straight_start or straight_each")),
                }
            }
            "mc.canal" => {
                self.canal = match value {
                    "horizontal" => Canal::Horizontal,
                    "vertical" => Canal::Vertical,
                    _ => return Err(bad("horizontal or vertical")),
                }
            }
            "mc.setup_mirror" => self.setup_mirror = parse_bool(value).ok_or_else(|| bad("true or false"))?,
            "mc.tiles" => {
                if value != "same" {
                    return Err(RulesError::Unsupported { what: format!("mc.tiles={value}") });
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
            _ => unreachable!("every key of KEYS is handled"),
        }
        Ok(())
    }

    fn set_players(&mut self, players: usize) -> Result<(), RulesError> {
        if players != 2 && players != 4 {
            return Err(RulesError::Players { given: players, expected: "2 or 4".into() });
        }
        self.players = players as u8;
        Ok(())
    }

    fn non_default(&self) -> Vec<(&'static str, String)> {
        let d = McOptions::<V>::default();
        let mut out = Vec::new();
        if self.clock != d.clock {
            out.push(("mc.clock", if self.clock == Clock::AlwaysOn { "always_on" } else { "off" }.to_string()));
        }
        if self.clock_limit != d.clock_limit {
            out.push(("mc.clock_limit", self.clock_limit.to_string()));
        }
        if self.field_promotion != d.field_promotion {
            out.push(("mc.field_promotion", self.field_promotion.to_string()));
        }
        if self.no_reject_4p != d.no_reject_4p {
            out.push(("mc.no_reject_4p", "next_player_only".to_string()));
        }
        if self.no_move != d.no_move {
            out.push(("mc.no_move", "end_game_and_score".to_string()));
        }
        if self.teams != d.teams {
            out.push(("mc.teams", "true".to_string()));
        }
        if let Some(n) = self.max_plies {
            out.push(("max_plies", n.to_string()));
        }
        if self.move_model != d.move_model {
            let v = if self.move_model == MoveModel::StraightStart { "straight_start" } else { "straight_each" };
            out.push(("mc.move_model", v.to_string()));
        }
        if self.canal != d.canal {
            out.push(("mc.canal", "vertical".to_string()));
        }
        if self.setup_mirror != d.setup_mirror {
            out.push(("mc.setup_mirror", "true".to_string()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_value_and_rejects_the_rest() {
        let mut m = McOptions::<Martian>::default();
        assert!(m.field_promotion);
        assert!(!McOptions::<Coaster>::default().field_promotion);
        m.set("mc.clock", "off").unwrap();
        m.set("mc.clock_limit", "27").unwrap();
        m.set("max_plies", "200").unwrap();
        assert_eq!((m.clock, m.clock_limit, m.max_plies), (Clock::Off, 27, Some(200)));
        assert!(matches!(m.set("mc.canal", "vertical"), Err(RulesError::UnknownOption { .. })));
        assert!(matches!(m.set("mc.clock", "sometimes"), Err(RulesError::BadValue { .. })));
        assert!(matches!(m.set("mc.clock_limit", "0"), Err(RulesError::BadValue { .. })));
        assert!(m.set_players(3).is_err());
        m.set("mc.teams", "true").unwrap();
        assert!(m.validate().is_err(), "teams need four players");
        m.set_players(4).unwrap();
        m.validate().unwrap();
        let keys: Vec<_> = m.non_default().into_iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["mc.clock", "mc.clock_limit", "mc.teams", "max_plies"]);
        let mut c = McOptions::<Coaster>::default();
        c.set("mc.canal", "vertical").unwrap();
        c.set("mc.move_model", "straight_each").unwrap();
        assert_eq!(c.board(), BoardKind::Coaster2V);
        assert!(matches!(c.set("mc.tiles", "rotated"), Err(RulesError::Unsupported { .. })));
        c.set("mc.tiles", "same").unwrap();
        c.set_players(4).unwrap();
        assert!(c.validate().is_err(), "the canal is a 2-player setup");
    }
}
