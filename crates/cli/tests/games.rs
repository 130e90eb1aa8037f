//! The checks every game shares, one row per game of `tabula_rules::games::NAMES`: the start
//! position's perft counts and `--divide`, `show` and its position line, `go`, and bad input
//! (an unknown option, a bad move, a bad player count, a bad position).

use tabula_rules::games::NAMES;

use crate::{divide_output, fails, ok, perft, show};

/// What is known of a game's start position.
struct Row {
    game: &'static str,
    /// Options for the counts (empty: the defaults).
    opts: &'static [&'static str],
    /// Perft of the start position from depth 1.
    perft: &'static [u64],
    /// A legal first move.
    first: &'static str,
    /// A player count the game does not have.
    bad_players: &'static str,
}

const ROWS: &[Row] = &[
    Row { game: "chinese-checkers", opts: &[], perft: &[14, 196, 4760], first: "j14-j13", bad_players: "7" },
    Row { game: "e", opts: &[], perft: &[62, 3_844, 269_948], first: "m8/1-j5", bad_players: "7" },
    Row { game: "echelon", opts: &[], perft: &[18, 602, 17_430], first: "d5-e5", bad_players: "3" },
    Row { game: "icelights", opts: &[], perft: &[646], first: "b1-c1,c1=E", bad_players: "3" },
    Row {
        game: "martian-chess",
        opts: &["--opt", "mc.clock=off"],
        perft: &[10, 104, 1328],
        first: "d3-d5",
        bad_players: "3",
    },
    Row { game: "coaster-chess", opts: &[], perft: &[24, 462, 10_268], first: "e1-e2", bad_players: "3" },
];

/// Every game has a row and every row is a game.
fn rows() -> Vec<&'static Row> {
    let names: Vec<&str> = ROWS.iter().map(|r| r.game).collect();
    let mut sorted_names = NAMES.to_vec();
    sorted_names.sort();
    let mut sorted_rows = names.clone();
    sorted_rows.sort();
    assert_eq!(sorted_rows, sorted_names, "one row per game of tabula_rules::games::NAMES");
    NAMES.iter().map(|name| ROWS.iter().find(|r| r.game == *name).expect("a row")).collect()
}

#[test]
fn perft_and_divide_of_the_start() {
    for row in rows() {
        let depth = row.perft.len() as u32;
        assert_eq!(perft(row.game, row.opts, depth), row.perft, "{}", row.game);
        let divided = divide_output(row.game, row.opts, depth);
        assert_eq!(divided.totals, row.perft, "{}: --divide keeps the depth lines", row.game);
        let sum: u64 = divided.rows.iter().map(|(_, n)| n).sum();
        assert_eq!(sum, row.perft[depth as usize - 1], "{}: the rows sum to the total", row.game);
        let names: Vec<&String> = divided.rows.iter().map(|(m, _)| m).collect();
        assert!(names.windows(2).all(|w| w[0] < w[1]), "{}: rows sorted, each once", row.game);
    }
}

#[test]
fn made_perft_plays_every_leaf_to_the_same_counts() {
    for row in rows() {
        let depth = row.perft.len() as u32;
        let mut args = row.opts.to_vec();
        args.push("--made");
        assert_eq!(perft(row.game, &args, depth), row.perft, "{} --made", row.game);
        args.extend_from_slice(&["--threads", "2"]);
        assert_eq!(perft(row.game, &args, depth), row.perft, "{} --made --threads 2", row.game);
        let bulk = divide_output(row.game, row.opts, depth);
        let made = divide_output(row.game, &args, depth);
        assert_eq!(made.rows, bulk.rows, "{}: --made --divide", row.game);
    }
}

#[test]
fn show_the_start_and_round_trip_its_position() {
    for row in rows() {
        let start = show(row.game, row.opts);
        assert_eq!(start.state, "seat 0 to move, ply 0", "{}", row.game);
        assert!(start.position.starts_with(&format!("{} ", row.game)), "{}", start.position);
        let moves = start.moves.clone().expect("the game runs");
        assert_eq!(moves.len() as u64, row.perft[0], "{}: show lists the perft-1 moves", row.game);
        let again = show(row.game, &["--position", &start.position]);
        assert_eq!(again.stdout, start.stdout, "{}: the position line round-trips", row.game);
        let after = show(row.game, &[row.opts, &["--moves", row.first]].concat());
        assert!(after.state.starts_with("seat 1 to move, ply 1"), "{}: {}", row.game, after.state);
        assert_eq!(perft(row.game, &["--position", &after.position], 1), [after.moves.unwrap().len() as u64]);
    }
}

#[test]
fn go_plays_a_legal_move() {
    for row in rows() {
        let out = ok(&[&["go", row.game, "--engine", "alphabeta", "--depth", "1"], row.opts].concat());
        let best = out.lines().last().and_then(|l| l.strip_prefix("bestmove ")).expect("a bestmove line");
        let legal = show(row.game, row.opts).moves.expect("the game runs");
        assert!(legal.iter().any(|m| m == best), "{}: {best} is legal", row.game);
    }
}

#[test]
fn bad_input_exits_2_naming_the_token() {
    for row in rows() {
        let game = row.game;
        fails(&["perft", game, "--opt", "zz.bogus=1", "--depth", "1"], &["zz.bogus"]);
        fails(&["show", game, "--opt", "nokey"], &["nokey", "KEY=VALUE"]);
        let line = fails(&["perft", game, "--moves", "zz9-zz9", "--depth", "1"], &["'zz9-zz9'", "ply 1"]);
        assert!(line.contains(&format!("tabula show {game}")), "{line}");
        fails(&["show", game, "--players", row.bad_players], &[&format!("'{}'", row.bad_players)]);
        fails(&["show", game, "--position", &format!("{game} bogus")], &["position"]);
        fails(&["perft", game, "--depth", "0"], &["'0'"]);
        fails(&["go", game, "--engine", "negamax", "--depth", "1"], &["'negamax'"]);
    }
}
