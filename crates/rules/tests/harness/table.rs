//! Perft tables as data (`tests/perft/<game>.txt`), shared by every game's perft test.
//!
//! Line format: `options | start | depth | nodes`, `options | moves:m1,m2,... | depth | nodes`
//! or `options | position:<position text> | depth | nodes`; `#` starts a comment line.

use std::collections::BTreeSet;

use tabula_rules::Game;

use super::{Checked, crate_options};
use crate::reference::Reference;

/// Where a case starts.
#[derive(Clone, Debug)]
pub enum Setup {
    /// The start position of the options.
    Start,
    /// Moves played from the start.
    Moves(Vec<String>),
    /// A position text.
    Position(String),
}

/// One line of a perft table.
#[derive(Clone, Debug)]
pub struct Case {
    /// The line number in the file, from 1.
    pub line: usize,
    /// The options column, `key=value ...`.
    pub options: String,
    /// Where it starts.
    pub setup: Setup,
    /// The perft depth.
    pub depth: u32,
    /// The expected count.
    pub nodes: u64,
}

impl Case {
    /// The case for assertion messages.
    pub fn label(&self) -> String {
        let setup = match &self.setup {
            Setup::Start => "start".to_string(),
            Setup::Moves(m) => format!("moves:{}", m.join(",")),
            Setup::Position(p) => format!("position:{p}"),
        };
        format!("line {}: {} | {} | depth {}", self.line, self.options, setup, self.depth)
    }
}

/// The cases of the game's table `tests/perft/<NAME>.txt`.
pub fn cases<G: Checked>() -> Vec<Case> {
    let path = format!("{}/tests/perft/{}.txt", env!("CARGO_MANIFEST_DIR"), G::NAME);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    table_with(&text, G::split_moves)
}

/// The cases of a table's text, `moves:` split by `split`.
pub fn table_with(text: &str, split: fn(&str) -> Vec<String>) -> Vec<Case> {
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(parts.len(), 4, "line {}: expected 4 fields: {line}", i + 1);
        let setup = if parts[1] == "start" {
            Setup::Start
        } else if let Some(m) = parts[1].strip_prefix("moves:") {
            Setup::Moves(split(m))
        } else if let Some(p) = parts[1].strip_prefix("position:") {
            Setup::Position(p.to_string())
        } else {
            panic!("line {}: bad setup {}", i + 1, parts[1]);
        };
        cases.push(Case {
            line: i + 1,
            options: parts[0].to_string(),
            setup,
            depth: parts[2].parse().expect("depth"),
            nodes: parts[3].parse().expect("nodes"),
        });
    }
    cases
}

/// The crate's position of a case: a position text must carry the options column and
/// round-trip.
pub fn crate_game<G: Game>(case: &Case) -> G {
    let options: G::Options = crate_options(&case.options);
    match &case.setup {
        Setup::Start => G::new(&options).expect("start"),
        Setup::Moves(moves) => {
            let mut g = G::new(&options).expect("start");
            for m in moves {
                let mv = g.parse_move(m).unwrap_or_else(|e| panic!("{}: {m}: {e}", case.label()));
                g.play(mv);
            }
            g
        }
        Setup::Position(text) => {
            let g = G::from_text(text).unwrap_or_else(|e| panic!("{}: {e}", case.label()));
            assert_eq!(g.options(), &options, "{}: options column and position text disagree", case.label());
            assert_eq!(&g.to_text(), text, "{}: the position text does not round-trip", case.label());
            g
        }
    }
}

/// The reference's position of a case: a position text must carry the options column and
/// round-trip.
pub fn reference_pos<R: Reference>(case: &Case) -> R {
    let rules = R::rules(&case.options).unwrap_or_else(|e| panic!("{}: {e}", case.label()));
    match &case.setup {
        Setup::Start => R::start(rules),
        Setup::Moves(moves) => {
            let mut p = R::start(rules);
            for m in moves {
                p.play_str(m).unwrap_or_else(|e| panic!("{}: reference: {e}", case.label()));
            }
            p
        }
        Setup::Position(text) => {
            let p = R::from_text(text).unwrap_or_else(|e| panic!("{}: {e}", case.label()));
            assert_eq!(p.rules_of(), &rules, "{}: options column and position text disagree", case.label());
            assert_eq!(&p.to_text(), text, "{}: the position text does not round-trip", case.label());
            p
        }
    }
}

/// Does the table count the start position of `options` to `depth` as `nodes`?
pub fn has_start(cases: &[Case], options: &str, depth: u32, nodes: u64) -> bool {
    cases
        .iter()
        .any(|c| c.options == options && matches!(c.setup, Setup::Start) && c.depth == depth && c.nodes == nodes)
}

/// The distinct position texts of the table.
pub fn positions(cases: &[Case]) -> BTreeSet<&str> {
    cases
        .iter()
        .filter_map(|c| match &c.setup {
            Setup::Position(p) => Some(p.as_str()),
            _ => None,
        })
        .collect()
}
