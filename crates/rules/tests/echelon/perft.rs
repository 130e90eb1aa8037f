//! The Gentleman's Echelon perft table `tests/perft/echelon.txt`: the harness's table tests,
//! the spec's counts, and the reference's board against the crate's.

use tabula_rules::games::echelon::{Echelon, MAX_RADIUS, MIN_RADIUS, board};

use crate::harness::perft::perft_tests;
use crate::harness::table::{cases, has_start, positions};
use crate::reference::Reference;
use crate::reference::echelon::{Pos, Rules};

perft_tests!(Echelon);

#[test]
fn reference_board_matches_the_crate_cell_order() {
    for radius in MIN_RADIUS..=MAX_RADIUS {
        let rules = Rules { radius: radius as i32, ..Rules::default() };
        let cells = rules.cells();
        let b = board(radius);
        assert_eq!(b.hex.len(), cells.len());
        for (i, &c) in cells.iter().enumerate() {
            assert_eq!(b.hex.name(i), rules.name(c), "radius {radius} cell {i}");
            assert_eq!(b.hex.parse(&rules.name(c)), Some(i));
        }
    }
    let rules = Rules::default();
    assert_eq!(rules.name((0, 0)), "e5");
    assert_eq!(rules.name((-1, 0)), "d5");
    assert_eq!(rules.name((4, -4)), "i9");
    for bad in ["a9", "i1", "e10", "e0", "j5", "e05", ""] {
        assert_eq!(rules.parse_name(bad), None, "{bad}");
        assert_eq!(board(4).hex.parse(bad), None, "{bad}");
    }
}

#[test]
fn table_has_the_spec_counts_and_enough_positions() {
    let cases = cases::<Echelon>();
    for (d, n) in [(1, 18), (2, 602), (3, 17_430), (4, 627_258)] {
        assert!(has_start(&cases, "players=2", d, n), "spec radius 4 depth {d}");
    }
    for (d, n) in [(1, 13), (2, 311), (3, 6_479), (4, 164_218)] {
        assert!(has_start(&cases, "players=2 ge.radius=3", d, n), "spec radius 3 depth {d}");
    }
    for options in ["players=2 ge.slide_to_end=true", "players=2 ge.stack_height=10", "players=2 ge.radius=5"] {
        assert!(cases.iter().any(|c| c.options == options && c.depth >= 3), "{options}");
    }
    // Mid-game positions with stacks several high and many dead hexes.
    let deep = positions(&cases)
        .iter()
        .filter(|t| {
            let p = Pos::from_text(t).expect("position");
            p.stacks.values().map(Vec::len).max().unwrap_or(0) >= 4 && p.dead.len() >= 12
        })
        .count();
    assert!(deep >= 5, "{deep} positions with a stack of 4+ and 12+ dead hexes");
}
