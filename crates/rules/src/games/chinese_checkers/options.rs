//! Chinese Checkers rule options (spec §6) and their `--opt` parser.

use crate::core::ending::max_plies;
use crate::core::game::{GameOptions, Players};
use crate::core::settings::{Choice, Limit, Setting};
use crate::geometry::seating;
pub use crate::geometry::seating::Seats4p;

crate::words! {
    /// `cc.target_stay`: how a peg already in its target may move (spec §3).
    pub enum TargetStay {
        /// Every landing of the turn, intermediate hops included, stays in the target.
        #[default]
        Strict = "strict",
        /// Only the final hole must be in the target.
        FinalOnly = "final_only",
        /// No restriction.
        Off = "off",
    }
}

crate::words! {
    /// `cc.anti_block`: what stops a seat from blocking another's target (spec §3, §4).
    pub enum AntiBlock {
        /// A seat wins once its target is full and holds at least one of its pegs.
        #[default]
        Fill = "fill",
        /// A peg that could reach a target hole held by another seat may swap with it.
        Swap = "swap",
        /// Blocking is legal; a seat wins only with all ten of its pegs in its target.
        None = "none",
    }
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

impl CcOptions {
    /// The camps of seats 0, 1, … for these options.
    pub fn camps(&self) -> &'static [u8] {
        seating::sectors(self.players, self.seats_4p, false)
    }
}

impl GameOptions for CcOptions {
    const SETTINGS: &'static [&'static dyn Setting<Self>] = &[
        &Choice::<Self, _> {
            key: "cc.target_stay",
            doc: "how a peg in its target may move: every landing, the final hole, or freely",
            get: |o| o.target_stay,
            set: |o, v| o.target_stay = v,
            applies: None,
        },
        &Choice::<Self, _> {
            key: "cc.anti_block",
            doc: "against blocking: a full target wins, swaps into it, or all ten pegs home",
            get: |o| o.anti_block,
            set: |o, v| o.anti_block = v,
            applies: None,
        },
        &Choice::<Self, _> {
            key: "cc.seats_4p",
            doc: "the camps of four players",
            get: |o| o.seats_4p,
            set: |o, v| o.seats_4p = v,
            applies: Some(|o| o.players == 4),
        },
        &Self::MAX_PLIES.unwrap(),
    ];
    const MAX_PLIES: Option<Limit<Self, u32>> = Some(max_plies(|o| o.max_plies, |o, v| o.max_plies = v));
    const PLAYERS: Option<Players<Self>> =
        Some(Players { counts: &[2, 3, 4, 5, 6], get: |o| o.players, set: |o, n| o.players = n });
    const UNSUPPORTED: &'static [&'static str] =
        &["cc.no_end_in_foreign_camp", "cc.long_jumps", "cc.play_for_places", "cc.pegs_15", "cc.sets_per_player"];
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::RulesError;

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
