//! The Chinese Checkers perft table `tests/perft/chinese-checkers.txt`: the harness's table
//! tests, the spec's counts, and the reference's board against the crate's.

use tabula_rules::games::chinese_checkers::{ChineseCheckers, STAR};

use crate::harness::perft::perft_tests;
use crate::harness::table::{cases, has_start, positions};
use crate::reference::chinese_checkers as reference;

perft_tests!(ChineseCheckers);

#[test]
fn reference_board_matches_the_crate_hole_order() {
    reference::self_check();
    let holes = reference::holes();
    assert_eq!(STAR.board.len(), holes.len());
    for (i, &c) in holes.iter().enumerate() {
        assert_eq!(STAR.board.name(i), reference::name(c), "hole {i}");
        assert_eq!(STAR.board.parse(&reference::name(c)), Some(i));
    }
    for bad in ["a1", "q1", "i18", "i0", "i09", "r9", "m18", "d9", "n9", ""] {
        assert_eq!(reference::parse_name(bad), None, "{bad}");
        assert_eq!(STAR.board.parse(bad), None, "{bad}");
    }
}

#[test]
fn table_has_the_spec_counts_and_enough_positions() {
    let cases = cases::<ChineseCheckers>();
    for (d, n) in [(1, 14), (2, 196), (3, 4760), (4, 115_600)] {
        assert!(has_start(&cases, "players=2", d, n), "spec 2p depth {d}");
    }
    for (d, n) in [(1, 14), (2, 196), (3, 2744)] {
        assert!(has_start(&cases, "players=3", d, n), "spec 3p depth {d}");
    }
    for (d, n) in [(1, 14), (2, 199), (3, 2828)] {
        assert!(has_start(&cases, "players=6", d, n), "spec 6p depth {d}");
    }
    for options in ["players=4", "players=4 cc.seats_4p=0235", "players=5"] {
        for d in 1..=3 {
            assert!(cases.iter().any(|c| c.options == options && c.depth == d), "{options} depth {d}");
        }
    }
    assert!(positions(&cases).len() >= 8, "{} positions", positions(&cases).len());
}
