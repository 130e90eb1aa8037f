//! Martian Chess and Coaster Chess rule options (spec §9) and their `--opt` parser.

use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;

use super::board::BoardKind;
use crate::core::ending::max_plies;
use crate::core::error::RulesError;
use crate::core::game::{GameOptions, Players};
use crate::core::settings::{Choice, Limit, Number, Setting, Switch};

/// Which of the two games: the movement rule and the option defaults.
pub trait Variant: Clone + Copy + Debug + Default + PartialEq + Eq + Hash + Send + Sync + 'static {
    /// The game's command-line name.
    const NAME: &'static str;
    /// Coaster Chess (arrows) rather than Martian Chess (piece movement).
    const COASTER: bool;
    /// The options this game accepts.
    const SETTINGS: &'static [&'static dyn Setting<McOptions<Self>>];
}

/// Standard Martian Chess.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Martian;

/// Coaster Chess: Martian Chess on four Martian Coasters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Coaster;

impl Variant for Martian {
    const NAME: &'static str = "martian-chess";
    const COASTER: bool = false;
    const SETTINGS: &'static [&'static dyn Setting<McOptions<Self>>] = &[
        &McOptions::CLOCK,
        &McOptions::CLOCK_LIMIT,
        &McOptions::FIELD_PROMOTION,
        &McOptions::NO_REJECT_4P,
        &McOptions::NO_MOVE,
        &McOptions::TEAMS,
        &McOptions::<Self>::MAX_PLIES.unwrap(),
    ];
}

impl Variant for Coaster {
    const NAME: &'static str = "coaster-chess";
    const COASTER: bool = true;
    const SETTINGS: &'static [&'static dyn Setting<McOptions<Self>>] = &[
        &McOptions::CLOCK,
        &McOptions::CLOCK_LIMIT,
        &McOptions::FIELD_PROMOTION,
        &McOptions::NO_REJECT_4P,
        &McOptions::NO_MOVE,
        &McOptions::TEAMS,
        &McOptions::<Self>::MAX_PLIES.unwrap(),
        &McOptions::MOVE_MODEL,
        &McOptions::CANAL,
        &McOptions::SETUP_MIRROR,
        &Tiles,
    ];
}

crate::words! {
    /// `mc.clock`.
    pub enum Clock {
        /// A seat may call the clock (a move written with `!`).
        #[default]
        Callable = "callable",
        /// Running from the start.
        AlwaysOn = "always_on",
        /// No clock.
        Off = "off",
    }
}

crate::words! {
    /// `mc.no_reject_4p`.
    pub enum NoReject4p {
        /// No rejection rule with four players.
        #[default]
        Off = "off",
        /// The seat that moves next may not send back a piece just moved into its zone.
        NextPlayerOnly = "next_player_only",
    }
}

crate::words! {
    /// `mc.no_move`.
    pub enum NoMove {
        /// A seat without a move passes.
        #[default]
        Pass = "pass",
        /// The game ends at once, scored as a clock ending.
        EndGameAndScore = "end_game_and_score",
    }
}

crate::words! {
    /// `mc.move_model` (Coaster Chess).
    pub enum MoveModel {
        /// 1 to pips single arrow steps; the direction may change.
        #[default]
        Path = "path",
        /// One direction from an arrow of the start square, then straight on.
        StraightStart = "straight_start",
        /// Straight, every square left carrying the arrow.
        StraightEach = "straight_each",
    }
}

crate::words! {
    /// `mc.canal` (Coaster Chess, 2 players).
    pub enum Canal {
        /// Seat 0 on ranks 1–3.
        #[default]
        Horizontal = "horizontal",
        /// Seat 0 on files a–c.
        Vertical = "vertical",
    }
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

impl<V: Variant> McOptions<V> {
    const CLOCK: Choice<Self, Clock> = Choice {
        key: "mc.clock",
        doc: "the clock: a seat may call it (a move written with !), it runs from the start, or none",
        get: |o| o.clock,
        set: |o, v| o.clock = v,
        applies: None,
    };
    const CLOCK_LIMIT: Number<Self, u8> = Number {
        key: "mc.clock_limit",
        doc: "plies without a capture that end the game once the clock runs",
        min: 1,
        max: 250,
        get: |o| o.clock_limit,
        set: |o, v| o.clock_limit = v,
    };
    const FIELD_PROMOTION: Switch<Self> = Switch {
        key: "mc.field_promotion",
        doc: "a field promotion merges two pieces of a zone into a larger one (Coaster Chess: off)",
        get: |o| o.field_promotion,
        set: |o, v| o.field_promotion = v,
    };
    const NO_REJECT_4P: Choice<Self, NoReject4p> = Choice {
        key: "mc.no_reject_4p",
        doc: "with four players, the next seat may not send back a piece just moved into its zone",
        get: |o| o.no_reject_4p,
        set: |o, v| o.no_reject_4p = v,
        applies: None,
    };
    const NO_MOVE: Choice<Self, NoMove> = Choice {
        key: "mc.no_move",
        doc: "a seat without a move passes, or the game ends and is scored",
        get: |o| o.no_move,
        set: |o, v| o.no_move = v,
        applies: None,
    };
    const TEAMS: Switch<Self> = Switch {
        key: "mc.teams",
        doc: "four players in two teams, seats 0 and 2 against 1 and 3",
        get: |o| o.teams,
        set: |o, v| o.teams = v,
    };
    const MOVE_MODEL: Choice<Self, MoveModel> = Choice {
        key: "mc.move_model",
        doc: "how a piece follows the arrows: a path of single steps, straight from the start, or straight on arrows",
        get: |o| o.move_model,
        set: |o, v| o.move_model = v,
        applies: None,
    };
    const CANAL: Choice<Self, Canal> = Choice {
        key: "mc.canal",
        doc: "with two players, the canal between ranks 3 and 4 or between files c and d",
        get: |o| o.canal,
        set: |o, v| o.canal = v,
        applies: None,
    };
    const SETUP_MIRROR: Switch<Self> = Switch {
        key: "mc.setup_mirror",
        doc: "drone and pawn swap sides in the setup",
        get: |o| o.setup_mirror,
        set: |o, v| o.setup_mirror = v,
    };
}

/// `mc.tiles`: the arrow pattern of the four coaster tiles. Only the spec's standard
/// pattern, `same`, is built; the other patterns are documented variants.
struct Tiles;

impl<V: Variant> Setting<McOptions<V>> for Tiles {
    fn key(&self) -> &'static str {
        "mc.tiles"
    }
    fn doc(&self) -> &'static str {
        "the arrow pattern of the coaster tiles (only same is built)"
    }
    fn expected(&self) -> String {
        "same".to_string()
    }
    fn get(&self, _: &McOptions<V>) -> String {
        "same".to_string()
    }
    fn set(&self, _: &mut McOptions<V>, value: &str) -> Result<(), RulesError> {
        if value != "same" {
            return Err(RulesError::Unsupported { what: format!("mc.tiles={value}") });
        }
        Ok(())
    }
}

impl<V: Variant> GameOptions for McOptions<V> {
    const SETTINGS: &'static [&'static dyn Setting<Self>] = V::SETTINGS;
    const PLAYERS: Option<Players<Self>> =
        Some(Players { counts: &[2, 4], get: |o| o.players, set: |o, n| o.players = n });
    const MAX_PLIES: Option<Limit<Self, u32>> = Some(max_plies(|o| o.max_plies, |o, v| o.max_plies = v));
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
