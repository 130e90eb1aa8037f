//! E's rule options (spec §8), declared once for `--opt`, position texts and listings.

use crate::core::ending::max_plies;
use crate::core::game::{GameOptions, Players};
use crate::core::settings::{Choice, Limit, Number, Setting, Switch};
use crate::geometry::seating;
pub use crate::geometry::seating::Seats4p;

crate::words! {
    /// `e.standalone_exchange`: when a guard exchange may be a whole turn (spec §4.2).
    pub enum Standalone {
        /// Any pair of guards that exists at the start of the turn.
        #[default]
        Any = "any",
        /// Only a pair of pieces that the previous turn's movement made, followed through
        /// the exchange that may have ended that turn.
        PreviousMoveOnly = "previous_move_only",
        /// Never: exchanges only follow the mover's own movement.
        Off = "off",
    }
}

crate::words! {
    /// `e.ring4_medium`: where the opening's fifth medium stands on ring 4 of a home sector.
    pub enum Ring4Medium {
        /// The middle cell (sector 0: k9).
        #[default]
        Middle = "middle",
        /// The cell next to ray k + 1 (sector 0: k8).
        Clockwise = "clockwise",
        /// The cell next to ray k (sector 0: k10).
        Counterclockwise = "counterclockwise",
    }
}

impl Ring4Medium {
    /// The `j` coordinate (along direction k + 1) of the ring-4 medium in sector cells
    /// `i * Dk + j * D(k+1)`.
    pub fn j(self) -> i8 {
        match self {
            Ring4Medium::Middle => 2,
            Ring4Medium::Clockwise => 3,
            Ring4Medium::Counterclockwise => 1,
        }
    }
}

/// The largest stack a landing may make with `e.stack_limit`: every piece of six seats.
pub const MAX_STACK: u8 = 90;

/// Player count and rule options of E.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EOptions {
    /// 2 to 6 players.
    pub players: u8,
    /// `e.straight_line_only`: a whole path keeps one direction.
    pub straight_line_only: bool,
    /// `e.jump_cost`: what a jump costs of the moved piece's size (2 or 1).
    pub jump_cost: u8,
    /// `e.equal_size_covers`: an equal-size piece above also covers (and traps).
    pub equal_size_covers: bool,
    /// `e.stack_limit`: the most pieces a landing may leave on a cell.
    pub stack_limit: Option<u8>,
    /// `e.standalone_exchange`.
    pub standalone_exchange: Standalone,
    /// `e.ge1_no_new_traps`: an exchange may not trap a piece that was free.
    pub ge1_no_new_traps: bool,
    /// `e.ge2_must_unstack`: a seat stacked on its own colour must unstack first.
    pub ge2_must_unstack: bool,
    /// `e.goal_requires_untouchable`: the 15 pieces in the goal must also be uncovered.
    pub goal_requires_untouchable: bool,
    /// `e.goal_start_pattern`: the goal must repeat the opening pattern.
    pub goal_start_pattern: bool,
    /// `e.ring4_medium`.
    pub ring4_medium: Ring4Medium,
    /// `e.three_adjacent`: three players sit in sectors 0, 1, 2.
    pub three_adjacent: bool,
    /// `e.seats_4p` (4 players only).
    pub seats_4p: Seats4p,
    /// `max_plies`: the game is drawn once this many plies are played.
    pub max_plies: Option<u32>,
}

impl Default for EOptions {
    fn default() -> Self {
        EOptions {
            players: 2,
            straight_line_only: false,
            jump_cost: 2,
            equal_size_covers: false,
            stack_limit: None,
            standalone_exchange: Standalone::Any,
            ge1_no_new_traps: false,
            ge2_must_unstack: false,
            goal_requires_untouchable: false,
            goal_start_pattern: false,
            ring4_medium: Ring4Medium::Middle,
            three_adjacent: false,
            seats_4p: Seats4p::C0134,
            max_plies: None,
        }
    }
}

impl EOptions {
    /// The home sectors of seats 0, 1, … for these options.
    pub fn sectors(&self) -> &'static [u8] {
        seating::sectors(self.players, self.seats_4p, self.three_adjacent)
    }

    /// Whether a piece of `above` size over one of `below` size covers it.
    #[inline(always)]
    pub fn covers(&self, above: u8, below: u8) -> bool {
        above > below || (self.equal_size_covers && above == below)
    }
}

impl GameOptions for EOptions {
    const SETTINGS: &'static [&'static dyn Setting<Self>] = &[
        &Switch::<Self> {
            key: "e.straight_line_only",
            doc: "a whole movement keeps one direction",
            get: |o| o.straight_line_only,
            set: |o, v| o.straight_line_only = v,
        },
        &Number::<Self, _> {
            key: "e.jump_cost",
            doc: "what a jump costs of the moved piece's size (2: a small never jumps)",
            min: 1,
            max: 2,
            get: |o| o.jump_cost,
            set: |o, v| o.jump_cost = v,
        },
        &Switch::<Self> {
            key: "e.equal_size_covers",
            doc: "an equal-size piece on top also covers, and traps, the one below",
            get: |o| o.equal_size_covers,
            set: |o, v| o.equal_size_covers = v,
        },
        &Limit::<Self, _> {
            key: "e.stack_limit",
            doc: "the most pieces a landing may leave on a cell",
            min: 1,
            max: MAX_STACK,
            get: |o| o.stack_limit,
            set: |o, v| o.stack_limit = v,
        },
        &Choice::<Self, _> {
            key: "e.standalone_exchange",
            doc: "a guard exchange as a whole turn: any pair, only the last movement's, or never",
            get: |o| o.standalone_exchange,
            set: |o, v| o.standalone_exchange = v,
            applies: None,
        },
        &Switch::<Self> {
            key: "e.ge1_no_new_traps",
            doc: "an exchange may not leave a piece trapped that was free before it",
            get: |o| o.ge1_no_new_traps,
            set: |o, v| o.ge1_no_new_traps = v,
        },
        &Switch::<Self> {
            key: "e.ge2_must_unstack",
            doc: "a seat stacked on its own colour must move such a piece off first",
            get: |o| o.ge2_must_unstack,
            set: |o, v| o.ge2_must_unstack = v,
        },
        &Switch::<Self> {
            key: "e.goal_requires_untouchable",
            doc: "the 15 pieces in the goal must also be uncovered",
            get: |o| o.goal_requires_untouchable,
            set: |o, v| o.goal_requires_untouchable = v,
        },
        &Switch::<Self> {
            key: "e.goal_start_pattern",
            doc: "the goal must repeat the opening pattern (a handicap)",
            get: |o| o.goal_start_pattern,
            set: |o, v| o.goal_start_pattern = v,
        },
        &Choice::<Self, _> {
            key: "e.ring4_medium",
            doc: "the opening's ring-4 medium: middle cell, or beside ray k+1 or ray k",
            get: |o| o.ring4_medium,
            set: |o, v| o.ring4_medium = v,
            applies: None,
        },
        &Switch::<Self> {
            key: "e.three_adjacent",
            doc: "three players sit in three neighbouring sectors (0, 1, 2)",
            get: |o| o.three_adjacent,
            set: |o, v| o.three_adjacent = v,
        },
        &Choice::<Self, _> {
            key: "e.seats_4p",
            doc: "the home sectors of four players",
            get: |o| o.seats_4p,
            set: |o, v| o.seats_4p = v,
            applies: Some(|o| o.players == 4),
        },
        &Self::MAX_PLIES.unwrap(),
    ];
    const MAX_PLIES: Option<Limit<Self, u32>> = Some(max_plies(|o| o.max_plies, |o, v| o.max_plies = v));
    const PLAYERS: Option<Players<Self>> =
        Some(Players { counts: &[2, 3, 4, 5, 6], get: |o| o.players, set: |o, n| o.players = n });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::error::RulesError;

    #[test]
    fn parses_every_option_and_rejects_the_rest() {
        let mut o = EOptions::default();
        for (k, v) in [
            ("e.straight_line_only", "true"),
            ("e.jump_cost", "1"),
            ("e.equal_size_covers", "true"),
            ("e.stack_limit", "4"),
            ("e.standalone_exchange", "previous_move_only"),
            ("e.ge1_no_new_traps", "true"),
            ("e.ge2_must_unstack", "true"),
            ("e.goal_requires_untouchable", "true"),
            ("e.goal_start_pattern", "true"),
            ("e.ring4_medium", "clockwise"),
            ("max_plies", "500"),
        ] {
            o.set(k, v).unwrap_or_else(|e| panic!("{k}={v}: {e}"));
        }
        assert_eq!((o.jump_cost, o.stack_limit, o.ring4_medium.j()), (1, Some(4), 3));
        assert_eq!(o.non_default().len(), 11);
        for (k, v) in [("e.jump_cost", "3"), ("e.stack_limit", "0"), ("e.standalone_exchange", "some")] {
            assert!(matches!(o.set(k, v), Err(RulesError::BadValue { .. })), "{k}={v}");
        }
        assert!(matches!(o.set("e.bogus", "1"), Err(RulesError::UnknownOption { .. })));
        o.set_players(3).unwrap();
        o.set("e.three_adjacent", "true").unwrap();
        assert_eq!(o.sectors(), &[0, 1, 2]);
        o.set_players(4).unwrap();
        o.set("e.seats_4p", "0235").unwrap();
        assert_eq!(o.sectors(), &[0, 2, 3, 5]);
        assert!(o.set_players(7).is_err());
    }
}
