//! `tabula` with Icelights: perft counts of the spec, `--divide`, `show` (the diamond with
//! facings, beams and hit Towers), `go`, and bad input (exit status 2, one stderr line
//! naming the bad token).

use crate::{counts, fails, ok};

const GAME: &str = "icelights";
/// Seat 0's a2 Beamer reflects off c2 (facing N) into seat 1's Tower on c8.
const WON: &str = "icelights turn=1 ply=3 passes=0 board=2t5/8/8/8/8/8/BE1IN5/T7";

#[test]
fn perft_gives_the_spec_counts() {
    assert_eq!(counts(&ok(&["perft", GAME, "--depth", "2"])), [646, 374_680]);
    assert_eq!(counts(&ok(&["perft", GAME, "--opt", "il.move_optional=true", "--depth", "1"])), [665]);
    assert_eq!(counts(&ok(&["perft", GAME, "--depth", "3", "--threads", "2"])), [646, 374_680, 213_523_710]);
}

#[test]
fn divide_lists_every_opening_turn_once() {
    let out = ok(&["perft", GAME, "--depth", "2", "--divide"]);
    let rows: Vec<(&str, u64)> = out
        .lines()
        .filter(|l| !l.starts_with("depth="))
        .map(|l| {
            let (m, n) = l.split_once(' ').expect("MOVE N");
            (m, n.parse().expect("a count"))
        })
        .collect();
    assert_eq!(rows.len(), 646);
    assert!(rows.windows(2).all(|w| w[0].0 < w[1].0), "sorted and distinct");
    // Turns that end the game at once have no children: 66 of them (spec §10).
    assert_eq!(rows.iter().filter(|(_, n)| *n == 0).count(), 66);
    assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), 374_680);
    assert!(rows.contains(&("b1-c1,c1=E", 646)));
    assert!(rows.contains(&("d1-d2,a2=S", 0)), "the a2 Beamer turned S hits its own Tower");
}

#[test]
fn moves_join_a_move_with_its_orientation() {
    // `b1-c1,c1=E` is one turn, `h7-g7,g8=E` the next: two plies.
    let a = ok(&["show", GAME, "--moves", "b1-c1,c1=E,h7-g7,g8=E"]);
    assert!(a.contains("position: icelights turn=0 ply=2 passes=0 "), "{a}");
    assert!(a.contains("bE"), "g8 now faces E: {a}");
    // A part that cannot join the move before it is a turn of its own (here illegal).
    fails(&["perft", GAME, "--moves", "b1-c1,h7=N", "--depth", "1"], &["'h7=N' in --moves at ply 2"]);
}

#[test]
fn show_draws_the_diamond_with_beams() {
    let out = ok(&["show", GAME]);
    let lines: Vec<&str> = out.lines().collect();
    // 15 rows of the diamond: h8's Tower on top, seat 0's on the bottom.
    assert_eq!(lines[0].trim(), "t");
    assert_eq!(lines[14].trim(), "1 T  a");
    assert!(lines[1].contains("bS  bW"), "{out}");
    assert!(out.contains("beam from a2: E to c2, N to c8; leaves the board"), "{out}");
    assert!(
        out.contains("position: icelights turn=0 ply=0 passes=0 board=4iS1bSt/5iS1bW/6iW1/7iW/IE7/1IE6/BE1IN5/TBN1IN4")
    );
    assert!(out.contains("legal moves (646): "), "{out}");
    let won = ok(&["show", GAME, "--position", WON]);
    assert!(won.contains("t*"), "the hit Tower is marked: {won}");
    assert!(won.contains("hits the Tower on c8"), "{won}");
    assert!(won.contains("result: seat 0 wins (seat 0's Beamer on a2 hit seat 1's Tower on c8)\n"), "{won}");
}

#[test]
fn go_plays_a_legal_turn_and_takes_a_win() {
    let out = ok(&["go", GAME, "--engine", "alphabeta", "--depth", "2"]);
    let best = out.lines().last().and_then(|l| l.strip_prefix("bestmove ")).expect("a bestmove line");
    ok(&["show", GAME, "--moves", best]);
    // Seat 0 wins by turning the a2 Beamer E: its beam turns N at c2 into the c8 Tower.
    let pos = "icelights turn=0 ply=2 passes=0 board=2t5/8/8/8/8/8/BN1IN5/T7";
    let out = ok(&["go", GAME, "--engine", "alphabeta", "--depth", "1", "--position", pos]);
    let best = out.lines().last().and_then(|l| l.strip_prefix("bestmove ")).expect("a bestmove line");
    let after = ok(&["show", GAME, "--position", pos, "--moves", best]);
    assert!(after.contains("result: seat 0 wins"), "{best}: {after}");
}

#[test]
fn bad_input_exits_2_naming_the_token() {
    fails(&["perft", GAME, "--moves", "d1-d5", "--depth", "1"], &["d1-d5"]);
    fails(&["perft", GAME, "--moves", "d1-d5", "--depth", "1"], &["tabula show icelights"]);
    // With commas a part that does not join its move is a turn of its own.
    fails(&["perft", GAME, "--moves", "d1-d2,d2=N", "--depth", "1"], &["'d2=N' in --moves at ply 2"]);
    fails(&["perft", GAME, "--moves", "d1-d9", "--depth", "1"], &["d9"]);
    fails(&["perft", GAME, "--moves", "a2=Q", "--depth", "1"], &["Q"]);
    fails(&["perft", GAME, "--moves", "a2=N", "--depth", "1"], &["a2=N"]);
    fails(&["show", GAME, "--position", "icelights turn=0 ply=0 passes=0 board=8/8/8/8/8/8/8/TX6"], &["TX6"]);
    fails(
        &["show", GAME, "--position", "icelights turn=0 ply=0 passes=0 board=8/8/8/8/8/8/8/T7"],
        &["seat 1 has 0 Tower"],
    );
    fails(&["show", GAME, "--position", "icelights turn=3 ply=0 passes=0 board=7t/8/8/8/8/8/8/T7"], &["turn=3"]);
    fails(&["perft", GAME, "--opt", "il.move_optional=maybe", "--depth", "1"], &["maybe"]);
    fails(&["perft", GAME, "--opt", "il.nonsense=true", "--depth", "1"], &["il.nonsense"]);
    fails(&["perft", GAME, "--players", "3", "--depth", "1"], &["3"]);
}
