//! The Icelights perft table `tests/perft/icelights.txt`: the harness's table tests, the
//! spec's counts and opening figures, and the table's beams against the reference tracer's.

use std::collections::BTreeSet;

use tabula_rules::Game;
use tabula_rules::games::icelights::Icelights;

use super::beams::same_beams;
use crate::harness::perft::perft_tests;
use crate::harness::table::{cases, crate_game, has_start, positions, reference_pos};
use crate::reference::Reference;
use crate::reference::icelights::{Pos, Rules};

perft_tests!(Icelights);

#[test]
fn table_has_the_spec_counts_and_enough_positions() {
    let cases = cases::<Icelights>();
    assert!(has_start(&cases, "", 1, 646), "spec: 646 opening turns");
    assert!(has_start(&cases, "il.move_optional=true", 1, 665), "spec: 665 with il.move_optional");
    assert!(has_start(&cases, "", 2, 374_680), "spec: perft 2");
    let positions = positions(&cases);
    assert!(positions.len() >= 5, "{} positions", positions.len());
    // Between them the positions' beams reflect, pass through backs, are absorbed, loop,
    // stop at Beamers and leave the board.
    let mut ends = BTreeSet::new();
    let mut reflections = 0;
    for p in &positions {
        let g = Icelights::from_text(p).expect("position");
        for b in g.beams().beams() {
            ends.insert(format!("{:?}", b.end));
            reflections += b.legs().windows(2).filter(|w| w[0].dir != w[1].dir).count();
        }
    }
    for end in ["OffBoard", "Beamer", "Absorbed", "Loop"] {
        assert!(ends.contains(end), "no position has a beam ending {end}: {ends:?}");
    }
    assert!(reflections >= 10, "{reflections} reflections");
}

/// The spec's other opening figures in the reference: 34 piece moves, 66 turns that end
/// the game at once.
#[test]
fn opening_figures_of_the_spec() {
    let p = Pos::start(Rules::parse(""));
    assert_eq!(p.piece_moves().len(), 34);
    let turns = p.moves();
    assert_eq!(turns.len(), 646);
    // The crate's own figures are checked by its unit tests (games/icelights/tests.rs).
    assert_eq!(turns.iter().filter(|t| p.after(t).outcome.is_some()).count(), 66);
    assert_eq!(Pos::start(Rules::parse("il.move_optional=true")).moves().len(), 665);
}

/// At the root of every line, every beam's path and end equal the reference tracer's.
#[test]
fn table_roots_have_the_reference_beams() {
    for case in cases::<Icelights>() {
        let g: Icelights = crate_game(&case);
        let p: Pos = reference_pos(&case);
        if let Err(e) = same_beams(&g, &p) {
            panic!("{e}: {}", case.label());
        }
    }
}
