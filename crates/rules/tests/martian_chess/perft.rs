//! The Martian Chess and Coaster Chess perft tables (`tests/perft/martian-chess.txt`,
//! `tests/perft/coaster-chess.txt`): the harness's table tests and the spec's counts.

use tabula_rules::games::martian_chess::{CoasterChess, MartianChess};

use crate::harness::table::{cases, has_start, positions};

mod martian {
    crate::harness::perft::perft_tests!(tabula_rules::games::martian_chess::MartianChess);
}

mod coaster {
    crate::harness::perft::perft_tests!(tabula_rules::games::martian_chess::CoasterChess);
}

#[test]
fn martian_table_has_the_spec_counts_and_enough_positions() {
    let cases = cases::<MartianChess>();
    for (d, n) in [(1, 10), (2, 104), (3, 1328)] {
        assert!(has_start(&cases, "players=2 mc.clock=off", d, n), "spec 2p clock off depth {d}");
    }
    for options in ["players=2", "players=4", "players=4 mc.clock=off"] {
        assert!(cases.iter().any(|c| c.options == options && c.depth >= 3), "{options}");
    }
    assert!(positions(&cases).len() >= 5, "{} positions", positions(&cases).len());
}

#[test]
fn coaster_table_has_the_spec_counts_and_enough_positions() {
    let cases = cases::<CoasterChess>();
    let spec: [(&str, [u64; 4]); 5] = [
        ("players=2 mc.clock=off", [12, 154, 2567, 45489]),
        ("players=2 mc.clock=off mc.canal=vertical", [12, 144, 2479, 44748]),
        ("players=4 mc.clock=off", [5, 25, 125, 625]),
        ("players=2 mc.clock=off mc.move_model=straight_start", [10, 105, 1047, 10902]),
        ("players=2 mc.clock=off mc.move_model=straight_each", [8, 69, 619, 5799]),
    ];
    for (options, counts) in spec {
        for (d, &n) in counts.iter().enumerate() {
            assert!(has_start(&cases, options, d as u32 + 1, n), "spec {options} depth {}", d + 1);
        }
    }
    for (d, n) in [(1, 24), (2, 462), (3, 10268)] {
        assert!(has_start(&cases, "players=2", d, n), "spec callable depth {d}");
    }
    assert!(positions(&cases).len() >= 5, "{} positions", positions(&cases).len());
}
