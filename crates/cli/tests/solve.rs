//! `tabula solve`: the value of a small Echelon position, the limits, and bad input.

use crate::{fails, ok};

/// A late Echelon radius-2 position that the solver proves at once.
const LATE: &[&str] =
    &["solve", "echelon", "--opt", "ge.radius=2", "--moves", "b3-c4,d3-c3,c4-d4,c3-b3,d4-e5,b3-b4,e5-e4,b4-c5"];

#[test]
fn a_small_echelon_position_is_solved_with_a_line() {
    let out = ok(LATE);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0], "value: win for seat 0 (to move); seat 1 loses", "{out}");
    let line = lines[1].strip_prefix("line: ").expect("a line");
    assert!(line.ends_with(" (seat 0 wins)"), "the line ends in the win: {out}");
    assert!(lines[2].starts_with("nodes=") && lines[2].contains(" time=") && lines[2].contains(" nps="), "{out}");
}

#[test]
fn a_node_limit_gives_unknown() {
    let out = ok(&["solve", "echelon", "--opt", "ge.radius=3", "--nodes", "100"]);
    assert!(out.starts_with("unknown after 101 nodes (node limit)\n"), "{out}");
}

#[test]
fn bad_input_exits_2_with_one_line() {
    fails(&["solve", "chinese-checkers", "--players", "3"], &["2-seat", "3 seats"]);
    fails(&["solve", "echelon", "--opt", "ge.radius=9"], &["ge.radius"]);
    fails(&["solve", "echelon", "--position", "echelon radius=2 turn=0 board=zz"], &["bad position"]);
    fails(&["solve", "echelon", "--hash", "99999999"], &["hash=99999999"]);
    fails(&["solve", "echelon", "--time", "-1"], &["-1"]);
    fails(&["solve", "echelon", "--nodes", "0"], &["'0'"]);
}
