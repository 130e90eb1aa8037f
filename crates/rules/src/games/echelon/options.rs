//! Gentleman's Echelon rule options (spec §7) and their `--opt` parser.

use crate::core::ending::max_plies;
use crate::core::error::RulesError;
use crate::core::game::GameOptions;
use crate::core::settings::{Limit, Number, Setting, Switch, Text};
use crate::geometry::hex::Hex;
use crate::geometry::square::file_and_rank;

/// The smallest board radius: the two start stacks and room to move.
pub const MIN_RADIUS: u8 = 2;
/// The largest board radius whose hexes (127) fit a `u128` bitboard.
pub const MAX_RADIUS: u8 = 6;
/// The default board radius (spec §1, provisional): 61 hexes.
pub const DEFAULT_RADIUS: u8 = 4;

/// A hex named by its file letter index (`a` = 0) and rank number, as written in
/// `ge.stack_cells`. Names depend on the radius, so they are resolved when the start
/// position is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellName {
    /// File index, `a` = 0.
    pub file: u8,
    /// Rank number, from 1.
    pub rank: u8,
}

impl CellName {
    /// Reads a name such as `d5`; `None` unless it is a lower-case letter and a rank
    /// number from 1 with no leading zero.
    pub fn parse(text: &str) -> Option<CellName> {
        let (file, rank) = file_and_rank(text)?;
        Some(CellName { file, rank })
    }

    /// The axial cell of this name on a board of radius `radius`, if it lies on it.
    pub fn resolve(self, radius: u8) -> Option<Hex> {
        let r = radius as i32;
        let q = self.file as i32 - r;
        let rr = r + 1 - self.rank as i32;
        let h = (q.abs() <= r && rr.abs() <= r && (q + rr).abs() <= r).then(|| Hex::new(q as i8, rr as i8))?;
        Some(h)
    }

    fn text(self) -> String {
        format!("{}{}", (b'a' + self.file) as char, self.rank)
    }
}

/// Rule and setup options of Gentleman's Echelon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EgOptions {
    /// `ge.radius`: the hex-hex board's radius, [`MIN_RADIUS`] to [`MAX_RADIUS`].
    pub radius: u8,
    /// `ge.stack_cells`: the red-topped and the blue-topped start stack; `None` = axial
    /// (−1, 0) and (+1, 0), beside the centre (d5 and f5 on the default board).
    pub stack_cells: Option<[CellName; 2]>,
    /// `ge.stack_height`: counters per side, 6 or 10 (each start stack is this high).
    pub stack_height: u8,
    /// `ge.slide_to_end`: a slide must go as far as it can.
    pub slide_to_end: bool,
    /// `max_plies`: the game is drawn once this many plies are played.
    pub max_plies: Option<u32>,
}

impl Default for EgOptions {
    fn default() -> Self {
        EgOptions { radius: DEFAULT_RADIUS, stack_cells: None, stack_height: 6, slide_to_end: false, max_plies: None }
    }
}

impl EgOptions {
    /// The axial cells of the red-topped and the blue-topped start stack.
    pub fn stack_hexes(&self) -> Result<[Hex; 2], RulesError> {
        let Some(names) = self.stack_cells else {
            return Ok([Hex::new(-1, 0), Hex::new(1, 0)]);
        };
        let bad = || RulesError::BadValue {
            key: "ge.stack_cells".into(),
            value: format!("{},{}", names[0].text(), names[1].text()),
            expected: format!("two hexes of the radius-{} board", self.radius),
        };
        let a = names[0].resolve(self.radius).ok_or_else(bad)?;
        let b = names[1].resolve(self.radius).ok_or_else(bad)?;
        Ok([a, b])
    }
}

impl GameOptions for EgOptions {
    const SETTINGS: &'static [&'static dyn Setting<Self>] = &[
        &Number::<Self, _> {
            key: "ge.radius",
            doc: "the radius of the hex-hex board (4: 61 hexes)",
            min: MIN_RADIUS,
            max: MAX_RADIUS,
            get: |o| o.radius,
            set: |o, v| o.radius = v,
        },
        &Text::<Self> {
            key: "ge.stack_cells",
            doc: "the hexes of the red-topped and the blue-topped start stack (default: beside the centre)",
            form: "centre, or two different hexes, red-topped first, e.g. d5,f5",
            get: |o| o.stack_cells.map_or_else(|| "centre".to_string(), |[a, b]| format!("{},{}", a.text(), b.text())),
            set: |o, v| {
                if v == "centre" {
                    o.stack_cells = None;
                    return Some(());
                }
                let (a, b) = v.split_once(',')?;
                let (a, b) = (CellName::parse(a)?, CellName::parse(b)?);
                (a != b).then(|| o.stack_cells = Some([a, b]))
            },
        },
        &Text::<Self> {
            key: "ge.stack_height",
            doc: "counters per side, each start stack this high",
            form: "6 or 10",
            get: |o| o.stack_height.to_string(),
            set: |o, v| {
                o.stack_height = match v {
                    "6" => 6,
                    "10" => 10,
                    _ => return None,
                };
                Some(())
            },
        },
        &Switch::<Self> {
            key: "ge.slide_to_end",
            doc: "a slide must go as far as it can",
            get: |o| o.slide_to_end,
            set: |o, v| o.slide_to_end = v,
        },
        &Self::MAX_PLIES.unwrap(),
    ];
    const MAX_PLIES: Option<Limit<Self, u32>> = Some(max_plies(|o| o.max_plies, |o, v| o.max_plies = v));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_value_and_rejects_the_rest() {
        let mut o = EgOptions::default();
        o.set("ge.radius", "5").unwrap();
        o.set("ge.stack_cells", "c5,g5").unwrap();
        o.set("ge.stack_height", "10").unwrap();
        o.set("ge.slide_to_end", "true").unwrap();
        o.set("max_plies", "90").unwrap();
        assert_eq!((o.radius, o.stack_height, o.slide_to_end, o.max_plies), (5, 10, true, Some(90)));
        let keys: Vec<_> = o.non_default().into_iter().map(|(k, _)| k).collect();
        let declared: Vec<_> = EgOptions::SETTINGS.iter().map(|s| s.key()).collect();
        assert_eq!(keys, declared);
        assert_eq!(o.non_default()[1].1, "c5,g5");
        // Radius 5: c5 is (-3, 1) and g5 is (1, 1).
        assert_eq!(o.stack_hexes().unwrap(), [Hex::new(-3, 1), Hex::new(1, 1)]);
        for (k, v) in [
            ("ge.radius", "1"),
            ("ge.radius", "7"),
            ("ge.radius", "04"),
            ("ge.stack_cells", "d5"),
            ("ge.stack_cells", "d5,d5"),
            ("ge.stack_cells", "d5,F5"),
            ("ge.stack_height", "8"),
            ("ge.slide_to_end", "maybe"),
            ("max_plies", "0"),
        ] {
            assert!(matches!(o.set(k, v), Err(RulesError::BadValue { .. })), "{k}={v}");
        }
        assert!(matches!(o.set("ge.bogus", "1"), Err(RulesError::UnknownOption { .. })));
        assert!(o.set_players(3).is_err() && o.set_players(2).is_ok());
        o.set("ge.radius", "2").unwrap();
        assert!(o.stack_hexes().is_err(), "g5 is off the radius-2 board");
    }
}
