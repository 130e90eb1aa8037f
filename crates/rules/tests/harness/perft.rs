//! The perft-table driver: every line of a game's table counted by the crate's three perft
//! functions and by the independent reference, and the crate's root moves, texts, outcomes
//! and divides compared with the reference's. A game's module runs it with
//! [`perft_tests!`].

use std::collections::BTreeSet;

use rayon::prelude::*;
use tabula_rules::{Leaves, MoveList, perft, perft_divide, perft_made, perft_parallel};

use super::table::{cases, crate_game, reference_pos};
use super::{Checked, ends_as_read, ranks};
use crate::reference::Reference;

/// How much of a table the slower checks cover.
#[derive(Clone, Copy, Debug)]
pub struct Budgets {
    /// The reference counts a line itself when its count is at most this; a larger line it
    /// counts one ply less, against the crate.
    pub reference: u64,
    /// At least this many lines are counted by the reference itself.
    pub reference_lines: usize,
    /// `perft_made` runs on lines up to this count.
    pub made: u64,
    /// `perft_parallel` runs on lines up to this count (bulk, and made within `made`).
    pub parallel: u64,
    /// The divide comparison runs on positions whose perft 2 is at most this.
    pub divide: u64,
}

impl Budgets {
    /// The reference's budget and line count; the crate's checks run on every line.
    pub const fn reference(reference: u64, reference_lines: usize) -> Budgets {
        Budgets { reference, reference_lines, made: u64::MAX, parallel: u64::MAX, divide: u64::MAX }
    }
}

/// `perft_parallel` counting made leaves runs on lines up to this count (and within the
/// game's `made` and `parallel` budgets): it adds nothing to the split that the bulk count
/// does not check, so small lines suffice.
const MADE_PARALLEL: u64 = 1_000_000;

/// The crate's `perft`, `perft_made` and `perft_parallel` give every line's count.
pub fn crate_matches<G: Checked>() {
    let budgets = G::BUDGETS;
    for case in cases::<G>() {
        let g: G = crate_game(&case);
        assert_eq!(perft(&g, case.depth), case.nodes, "perft {}", case.label());
        if case.nodes <= budgets.made {
            assert_eq!(perft_made(&g, case.depth), case.nodes, "perft_made {}", case.label());
        }
        if case.nodes <= budgets.parallel {
            assert_eq!(perft_parallel(&g, case.depth, Leaves::Bulk), case.nodes, "perft_parallel {}", case.label());
        }
        if case.nodes <= budgets.parallel.min(budgets.made).min(MADE_PARALLEL) {
            let made = perft_parallel(&g, case.depth, Leaves::Made);
            assert_eq!(made, case.nodes, "perft_parallel made {}", case.label());
        }
    }
}

/// The reference gives every line's count (lines in parallel, the reference is slow).
pub fn reference_matches<G: Checked>() {
    let budgets = G::BUDGETS;
    let checked: usize = cases::<G>()
        .par_iter()
        .map(|case| {
            let p: G::Reference = reference_pos(case);
            if case.nodes <= budgets.reference {
                assert_eq!(p.perft(case.depth), case.nodes, "reference {}", case.label());
                1
            } else {
                let g: G = crate_game(case);
                let d = case.depth - 1;
                assert_eq!(p.perft(d), perft(&g, d), "reference depth {d} of {}", case.label());
                0
            }
        })
        .sum();
    assert!(checked >= budgets.reference_lines, "only {checked} lines checked by the reference");
}

/// Per root move, two plies deep: the crate's divide equals the reference's on every
/// distinct position of the table (within the divide budget).
pub fn divide_matches<G: Checked>() {
    let mut seen = BTreeSet::new();
    for case in cases::<G>() {
        let g: G = crate_game(&case);
        if !seen.insert(g.to_text()) {
            continue;
        }
        let p: G::Reference = reference_pos(&case);
        if p.ranks().is_some() {
            assert!(g.outcome().is_some(), "{}", case.label());
            continue;
        }
        if G::BUDGETS.divide < u64::MAX && perft(&g, 2) > G::BUDGETS.divide {
            continue;
        }
        let divide = p.divide(2);
        assert_eq!(perft_divide(&g, 2, Leaves::Bulk), divide, "{}", case.label());
        assert_eq!(perft_divide(&g, 2, Leaves::Made), divide, "made {}", case.label());
    }
}

/// At the root of every line: the crate's sorted move strings, position text and outcome
/// equal the reference's; after each root move the outcome is the one its text reads back.
pub fn roots_agree<G: Checked>() {
    for case in cases::<G>() {
        let g: G = crate_game(&case);
        let p: G::Reference = reference_pos(&case);
        let mut list = MoveList::new();
        g.legal_moves(&mut list);
        let mut crate_moves: Vec<String> = list.iter().map(|&m| g.format_move(m)).collect();
        crate_moves.sort();
        assert_eq!(crate_moves, p.move_strings(), "{}", case.label());
        assert_eq!(g.to_text(), p.to_text(), "{}", case.label());
        assert_eq!(ranks(&g), p.ranks(), "{}", case.label());
        for &m in list.iter() {
            let mut child = g.clone();
            child.play(m);
            if let Err(e) = ends_as_read(&child) {
                panic!("{} after {}: {e}", case.label(), g.format_move(m));
            }
        }
    }
}

/// The four table tests of a game, in the module that invokes it.
macro_rules! perft_tests {
    ($game:ty) => {
        /// The crate's `perft`, `perft_made` and `perft_parallel` count every table line.
        #[test]
        fn crate_perft_matches_the_table() {
            $crate::harness::perft::crate_matches::<$game>();
        }

        /// The independent reference counts every table line.
        #[test]
        fn reference_perft_matches_the_table() {
            $crate::harness::perft::reference_matches::<$game>();
        }

        /// Per root move, two plies deep, the crate's divide equals the reference's.
        #[test]
        fn divide_matches_the_reference() {
            $crate::harness::perft::divide_matches::<$game>();
        }

        /// The roots' moves, texts and outcomes equal the reference's; their children end as
        /// their texts read back.
        #[test]
        fn crate_and_reference_agree_on_the_table_roots() {
            $crate::harness::perft::roots_agree::<$game>();
        }
    };
}

pub(crate) use perft_tests;
