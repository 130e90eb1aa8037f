//! `tabula perft echelon` and `tabula show echelon` through the built binary: the spec's
//! counts, options, positions, and every kind of bad Echelon input (exit status 2, one
//! line on stderr naming the bad token, nothing on stdout, no panic).

use crate::{fails, ok};

const START: &str = "echelon radius=4 turn=0 ply=0 board=...../....../......./......../...[brbrbr].[rbrbrb].../......../......./....../.....";

fn perft(args: &[&str], depth: u32) -> Vec<u64> {
    crate::perft("echelon", args, depth)
}

#[test]
fn perft_gives_the_spec_counts() {
    assert_eq!(perft(&[], 4), [18, 602, 17_430, 627_258]);
    assert_eq!(perft(&["--opt", "ge.radius=3"], 4), [13, 311, 6_479, 164_218]);
    assert_eq!(perft(&["--players", "2", "--threads", "2"], 4), [18, 602, 17_430, 627_258]);
    assert_eq!(perft(&["--position", START], 3), [18, 602, 17_430]);
    assert_eq!(perft(&["--opt", "ge.slide_to_end=true"], 4), [6, 70, 688, 8_743]);
    assert_eq!(perft(&["--opt", "ge.stack_height=10", "--opt", "ge.radius=5"], 2)[0], 23);
}

#[test]
fn divide_rows_sum_to_the_total_and_match_perft_after_the_move() {
    let out = ok(&["perft", "echelon", "--depth", "2", "--divide"]);
    let rows: Vec<(String, u64)> = out
        .lines()
        .filter(|l| !l.starts_with("depth="))
        .map(|l| {
            let (m, n) = l.split_once(' ').expect("MOVE N");
            (m.to_string(), n.parse().expect("N"))
        })
        .collect();
    assert_eq!(rows.len(), 18);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 602);
    let e5 = rows.iter().find(|r| r.0 == "d5-e5").expect("d5-e5").1;
    assert_eq!(perft(&["--moves", "d5-e5"], 1), [e5]);
}

#[test]
fn show_draws_the_board_and_its_position_round_trips() {
    let out = ok(&["show", "echelon", "--moves", "d5-e5,f5-f9,e5-f5"]);
    let lines: Vec<&str> = out.lines().collect();
    let rank = |n: &str| lines.iter().find(|l| l.starts_with(n)).unwrap().split_whitespace().collect::<Vec<_>>();
    assert_eq!(rank(" 9"), ["9", "d", ".", "B", ".", ".", ".", "9"], "{out}");
    assert_eq!(rank(" 5"), ["5", ".", ".", ".", "B5", "+x", "*R6", ".", ".", ".", "5"], "{out}");
    assert!(out.contains("stacks (bottom to top): d5 BRBRB, f5 RBRBRR"), "{out}");
    let position = lines.iter().find_map(|l| l.strip_prefix("position: ")).expect("a position line");
    assert_eq!(
        position,
        "echelon radius=4 turn=1 ply=3 board=.b.../....../......./......../...[brbrb]x[rbrbrr].../......../......./....../....."
    );
    assert!(out.contains("seat 1 to move, ply 3\nlegal moves (30): d5-a2 "), "{out}");
    let again = ok(&["show", "echelon", "--position", position]);
    assert_eq!(again, crate::unmarked(&out));
    // A finished game prints its result: red's only counters are buried, red loses.
    let lost = "echelon radius=4 turn=0 ply=30 board=...../....../......./......../......[rbrbrb]../......../......./....../[rbrbrb]....";
    let out = ok(&["show", "echelon", "--position", lost]);
    assert!(out.ends_with("result: seat 1 wins (seat 0, red, has no move)\n"), "{out}");
    assert_eq!(perft(&["--position", lost], 2), [0, 0]);
}

#[test]
fn bad_echelon_moves_name_the_token() {
    fails(&["perft", "echelon", "--moves", "d5-z9", "--depth", "1"], &["'d5-z9'", "not a hex"]);
    fails(&["perft", "echelon", "--moves", "d5", "--depth", "1"], &["'d5'", "from-to"]);
    fails(&["show", "echelon", "--moves", "d5-d5"], &["'d5-d5'"]);
    let line = fails(&["show", "echelon", "--moves", "d5-e5,f5-e5"], &["illegal move 'f5-e5'", "ply 2"]);
    assert!(line.contains("tabula show echelon --moves d5-e5"), "{line}");
    fails(&["show", "echelon", "--moves", "d5-f5"], &["illegal move 'd5-f5'"]);
}

#[test]
fn bad_echelon_positions_and_options_name_the_token() {
    fails(&["show", "echelon", "--position", &START.replace("radius=4", "radius=9")], &["radius=9"]);
    fails(&["show", "echelon", "--position", &START.replace("[brbrbr]", "[brbqbr]")], &["'q'"]);
    fails(&["show", "echelon", "--position", &START.replace("[brbrbr]", "[brbrb]")], &["red has 5 counters"]);
    fails(&["show", "echelon", "--position", &START.replace("turn=0", "turn=x")], &["turn=x"]);
    fails(&["show", "echelon", "--position", "echelon radius=4"], &["missing field"]);
    fails(&["show", "echelon", "--position", &format!("{START} ge.slide_to_end=sometimes")], &["sometimes"]);
    fails(&["show", "echelon", "--opt", "ge.bogus=1"], &["ge.bogus", "ge.radius"]);
    fails(&["show", "echelon", "--opt", "ge.radius=9"], &["'9'", "ge.radius"]);
    fails(&["show", "echelon", "--opt", "ge.stack_height=8"], &["'8'", "6 or 10"]);
    fails(&["show", "echelon", "--opt", "ge.radius=2", "--opt", "ge.stack_cells=a1,h9"], &["ge.stack_cells"]);
    fails(&["show", "echelon", "--position", START, "--opt", "ge.radius=5"], &["ge.radius"]);
    fails(&["show", "echelon", "--players", "3"], &["'3'"]);
}
