//! The E perft table `tests/perft/e.txt`: the harness's table tests, the spec's counts, and
//! what the table's positions show (read by the reference): tall mixed stacks, traps in and
//! out of homes, exchanges, carried pieces, a forced pass, every option, goal tests.

use tabula_rules::games::e::E;

use super::generate::{FEATURES, Feature, has};
use crate::harness::perft::perft_tests;
use crate::harness::table::{Setup, cases, has_start};
use crate::reference::Reference;
use crate::reference::e::{Pos, RefMove};

perft_tests!(E);

#[test]
fn table_has_the_spec_counts() {
    let cases = cases::<E>();
    for (d, n) in [(1, 62), (2, 3844), (3, 269_948), (4, 18_957_296)] {
        assert!(has_start(&cases, "players=2", d, n), "spec 2p depth {d}");
    }
    for (d, n) in [(1, 28), (2, 784), (3, 24_696)] {
        assert!(has_start(&cases, "players=2 e.straight_line_only=true", d, n), "spec 2p straight depth {d}");
    }
    for (options, n) in [
        ("players=3", 62),
        ("players=3 e.straight_line_only=true", 28),
        ("players=6", 50),
        ("players=6 e.straight_line_only=true", 22),
    ] {
        assert!(has_start(&cases, options, 1, n), "spec {options}");
    }
    for options in [
        "players=4",
        "players=5",
        "players=3 e.three_adjacent=true",
        "players=4 e.seats_4p=0235",
        "players=2 e.ring4_medium=clockwise",
        "players=2 e.ring4_medium=counterclockwise",
    ] {
        assert!(cases.iter().any(|c| c.options == options && matches!(c.setup, Setup::Start)), "{options}");
    }
}

#[test]
fn table_positions_show_every_feature_and_option() {
    let cases = cases::<E>();
    let positions: Vec<Pos> = cases
        .iter()
        .filter_map(|c| match &c.setup {
            Setup::Position(t) => Some(Pos::from_text(t).expect("position")),
            _ => None,
        })
        .fold(Vec::new(), |mut v, p| {
            if !v.contains(&p) {
                v.push(p);
            }
            v
        });
    // At least eight mid-game positions of random play.
    let mid = positions.iter().filter(|p| p.tallest() >= 3 && p.ply >= 20).count();
    assert!(mid >= 8, "{mid} mid-game positions");
    for f in FEATURES {
        assert!(positions.iter().any(|p| has(p, f)), "no position shows {f:?}");
    }
    // A tall mixed stack of 5+.
    assert!(positions.iter().any(|p| p.stacks.values().any(|s| s.len() >= 5 && s.iter().any(|x| x.0 != s[0].0))));
    // previous_move_only with prev set and a stand-alone exchange; ge2 while restricting.
    assert!(positions.iter().any(|p| p.prev.is_some() && has(p, Feature::ExchangeAlone)));
    // previous_move_only after a movement that ended with its exchange, the partner guard
    // from below the unit and from inside it: the pair just exchanged may be swapped back.
    for below in [true, false] {
        let swaps_back = |p: &Pos| match (p.prev, p.prev_exchange) {
            (Some((cell, level)), Some((a, b))) => {
                b.0 == cell && (b.1 < level) == below && p.moves().contains(&RefMove::Exchange(a, b))
            }
            _ => false,
        };
        assert!(positions.iter().any(swaps_back), "no swap back, partner guard below the unit: {below}");
    }
    assert!(positions.iter().any(|p| {
        p.rules.ge2_must_unstack && {
            let mut free = p.clone();
            free.rules.ge2_must_unstack = false;
            free.moves().len() > p.moves().len()
        }
    }));
    // Every option of the contract at least once in an options column.
    for key in [
        "e.straight_line_only=true",
        "e.jump_cost=1",
        "e.equal_size_covers=true",
        "e.stack_limit=",
        "e.standalone_exchange=previous_move_only",
        "e.standalone_exchange=off",
        "e.ge1_no_new_traps=true",
        "e.ge2_must_unstack=true",
        "e.goal_requires_untouchable=true",
        "e.goal_start_pattern=true",
        "e.ring4_medium=clockwise",
        "e.ring4_medium=counterclockwise",
        "e.three_adjacent=true",
        "e.seats_4p=0235",
        "max_plies=",
    ] {
        assert!(cases.iter().any(|c| c.options.contains(key)), "no line with {key}");
    }
    // Goal tests: a one-move win, and positions where the goal options forbid it.
    let wins = |p: &Pos| p.moves().iter().any(|m| p.after(m).ranks().is_some());
    assert!(positions.iter().any(|p| wins(p) && p.rules.goal_start_pattern));
    for strict in [|p: &Pos| p.rules.goal_start_pattern, |p: &Pos| p.rules.goal_requires_untouchable] {
        assert!(positions.iter().any(|p| {
            let mut loose = p.clone();
            (loose.rules.goal_start_pattern, loose.rules.goal_requires_untouchable) = (false, false);
            strict(p) && !wins(p) && wins(&loose)
        }));
    }
}
