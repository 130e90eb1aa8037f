//! Chinese Checkers through the built binary: perft's counts against the reference tables,
//! `--divide`, options, `show` and its position line, and every kind of bad input (exit
//! status 2, one line on stderr naming the bad token, nothing on stdout, no panic).

use crate::{Divided, Shown, fails, ok};

const GAME: &str = "chinese-checkers";

/// A 2-player mid-game under `cc.anti_block=swap` where seat 0 has five swap moves.
const SWAP_POSITION: &str = "chinese-checkers players=2 camps=03 turn=0 ply=20 passes=0 \
    board=./00/.../0..0/....0...0..../.....1....../....1....../....0...../.....1.../....0...../......1..../\
    .....1....../........1..../11../.0./11/0 cc.anti_block=swap";
const SWAPS: [&str; 5] = ["e1-e2", "e1-f2", "f3-e2", "f3-f2", "f3-f4"];

fn perft(args: &[&str], depth: u32) -> Vec<u64> {
    crate::perft(GAME, args, depth)
}

fn divide_output(args: &[&str], depth: u32) -> Divided {
    crate::divide_output(GAME, args, depth)
}

fn divide(args: &[&str], depth: u32) -> (Vec<(String, u64)>, Vec<u64>) {
    let out = divide_output(args, depth);
    (out.rows, out.totals)
}

fn show(args: &[&str]) -> Shown {
    crate::show(GAME, args)
}

// ---------------------------------------------------------------------------------------
// perft

#[test]
fn perft_counts_match_the_reference_tables() {
    assert_eq!(perft(&[], 4), [14, 196, 4760, 115_600]);
    assert_eq!(perft(&["--players", "2"], 2), [14, 196]);
    assert_eq!(perft(&["--players", "3"], 3), [14, 196, 2744]);
    assert_eq!(perft(&["--players", "6"], 3), [14, 199, 2828]);
    for players in ["4", "5"] {
        assert_eq!(perft(&["--players", players], 1), [14], "{players} players");
    }
}

#[test]
fn perft_after_moves_continues_the_game() {
    // The divide row of a root move at depth 3 is perft of that move's child at depth 2.
    let (rows, _) = divide(&[], 3);
    let row = |mv: &str| rows.iter().find(|(m, _)| m == mv).unwrap_or_else(|| panic!("{mv} in divide")).1;
    for mv in ["j14-j13", "k15-i13", "m15-k13"] {
        assert_eq!(perft(&["--moves", mv], 2)[1], row(mv), "{mv}");
    }
    let (rows, _) = divide(&["--moves", "j14-j13"], 2);
    let g3g5 = rows.iter().find(|(m, _)| m == "g3-g5").expect("g3-g5 is a reply").1;
    assert_eq!(perft(&["--moves", "j14-j13,g3-g5"], 1), [g3g5]);
}

#[test]
fn perft_from_a_shown_position_equals_perft_after_the_moves() {
    for (players, moves) in [("2", "j14-j13,g3-g5,k15-k13"), ("3", "k15-i13,l7-k7,d7-e8"), ("6", "m15-k13,o13-m15")] {
        let shown = show(&["--players", players, "--moves", moves]);
        assert_eq!(
            perft(&["--position", &shown.position], 3),
            perft(&["--players", players, "--moves", moves], 3),
            "{players} players after {moves}"
        );
        // --moves continue from --position, and an equal --players is accepted.
        let first = moves.split(',').next().unwrap();
        let after_first = show(&["--players", players, "--moves", first]).position;
        let rest = &moves[first.len() + 1..];
        assert_eq!(
            perft(&["--position", &after_first, "--players", players, "--moves", rest], 3),
            perft(&["--position", &shown.position], 3)
        );
    }
}

#[test]
fn perft_accepts_every_option_value() {
    // No option can take effect within two plies of the start.
    for opt in [
        "cc.target_stay=strict",
        "cc.target_stay=final_only",
        "cc.target_stay=off",
        "cc.anti_block=fill",
        "cc.anti_block=swap",
        "cc.anti_block=none",
        "cc.seats_4p=0134",
        "cc.seats_4p=0235",
        "max_plies=none",
        "max_plies=300",
    ] {
        assert_eq!(perft(&["--opt", opt], 2), [14, 196], "--opt {opt}");
    }
    assert_eq!(perft(&["--opt", "cc.target_stay=off", "--opt", "cc.anti_block=none"], 2), [14, 196]);
    // max_plies ends the game: a finished game is not expanded.
    assert_eq!(perft(&["--opt", "max_plies=1"], 2), [14, 0]);
    assert_eq!(perft(&["--opt", "max_plies=2"], 3), [14, 196, 0]);
    let over = show(&["--opt", "max_plies=1", "--moves", "j14-j13"]);
    assert_eq!(over.state, "result: draw (the ply limit max_plies=1 was reached)");
    assert!(over.position.contains(" max_plies=1"), "{}", over.position);
    // The 4-player seating: camps 0235 puts the first two seats opposite each other.
    assert_eq!(perft(&["--players", "4", "--opt", "cc.seats_4p=0235"], 2), [14, 196]);
    assert_eq!(perft(&["--players", "4"], 2), [14, 199]);
    assert!(show(&["--players", "4", "--opt", "cc.seats_4p=0235"]).position.contains(" camps=0235 "));
    assert!(show(&["--opt", "cc.target_stay=off"]).position.ends_with(" cc.target_stay=off"));
}

#[test]
fn opt_changes_the_rules_of_a_given_position() {
    let with_swaps = show(&["--position", SWAP_POSITION]).moves.expect("the game runs");
    let without = show(&["--position", SWAP_POSITION, "--opt", "cc.anti_block=fill"]).moves.expect("the game runs");
    for swap in SWAPS {
        assert!(with_swaps.contains(&swap.to_string()) && !without.contains(&swap.to_string()), "{swap}");
    }
    assert_eq!(with_swaps.len(), without.len() + SWAPS.len());
    assert_eq!(perft(&["--position", SWAP_POSITION], 1), [with_swaps.len() as u64]);
    assert_eq!(perft(&["--position", SWAP_POSITION, "--opt", "cc.anti_block=fill"], 1), [without.len() as u64]);
    // A swap is played like any move.
    let after = show(&["--position", SWAP_POSITION, "--moves", "e1-e2"]);
    assert!(after.state.starts_with("seat 1 to move, ply 21"), "{}", after.state);
}

#[test]
fn threads_do_not_change_the_counts() {
    for (args, depth) in [(&[][..], 4), (&["--players", "6"][..], 3), (&["--players", "3"][..], 3)] {
        let one = perft(&[args, &["--threads", "1"]].concat(), depth);
        let two = perft(&[args, &["--threads", "2"]].concat(), depth);
        assert_eq!(one, two, "{args:?}");
        assert_eq!(perft(args, depth), one, "{args:?}: the default is one thread");
    }
    let (one, _) = divide(&["--threads", "1"], 3);
    let (two, _) = divide(&["--threads", "2"], 3);
    assert_eq!(one, two);
}

#[test]
fn divide_lists_each_root_move_sorted_and_sums_to_the_total() {
    for (args, depth) in [
        (&[][..], 3),
        (&["--players", "6"][..], 2),
        (&["--moves", "j14-j13,g3-g5"][..], 2),
        (&["--position", SWAP_POSITION][..], 2),
    ] {
        let (rows, totals) = divide(args, depth);
        let names: Vec<String> = rows.iter().map(|(m, _)| m.clone()).collect();
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(names, sorted, "{args:?}: rows sorted by move text, each move once");
        assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), totals[depth as usize - 1], "{args:?}: rows sum");
        assert_eq!(totals, perft(args, depth), "{args:?}: the depth lines are plain perft");
        assert_eq!(Some(names), show(args).moves, "{args:?}: the rows are the legal moves");
    }
    let (rows, totals) = divide(&[], 1);
    assert!(rows.iter().all(|(_, n)| *n == 1) && totals == [14]);
}

#[test]
fn perft_of_a_finished_game_is_zero() {
    let over = show(&["--opt", "max_plies=1", "--moves", "j14-j13"]).position;
    assert_eq!(perft(&["--position", &over], 2), [0, 0]);
    let (rows, totals) = divide(&["--position", &over], 2);
    assert!(rows.is_empty() && totals == [0, 0]);
}

// ---------------------------------------------------------------------------------------
// show

#[test]
fn show_prints_board_position_state_and_moves() {
    let start = show(&[]);
    let ranks = crate::rank_lines(&start.board);
    assert_eq!(ranks.len(), 17, "one line per rank:\n{}", start.stdout);
    assert!(ranks[0].starts_with("17 ") && ranks[16].starts_with(" 1 "), "{}", start.stdout);
    // The file letters and rank numbers name all 121 holes: the pegs where the camps are.
    let holes = tabula_rules::core::drawing::read_hex_board(&start.stdout);
    assert_eq!(holes.len(), 121, "{}", start.stdout);
    for (name, text) in holes {
        let rank: u32 = name[1..].parse().unwrap();
        let expected = if rank >= 14 {
            "0"
        } else if rank <= 4 && ('e'..='h').contains(&name.chars().next().unwrap()) {
            "1"
        } else {
            "."
        };
        assert_eq!(text, expected, "{name} in\n{}", start.stdout);
    }
    assert_eq!(start.state, "seat 0 to move, ply 0");
    assert!(start.position.starts_with("chinese-checkers players=2 camps=03 turn=0 ply=0 passes=0 board="));
    let moves = start.moves.expect("the game runs");
    assert_eq!(moves.len(), 14);
    for mv in ["j14-j13", "j14-i13", "k15-i13", "l15-j13"] {
        assert!(moves.contains(&mv.to_string()), "{mv} is an opening move (spec §5)");
    }
    let reply = show(&["--moves", "j14-j13"]);
    assert_eq!(reply.state, "seat 1 to move, ply 1");
    let replies = reply.moves.expect("the game runs");
    assert!(replies.contains(&"g3-g5".to_string()) && replies.contains(&"h4-h5".to_string()));
}

#[test]
fn show_position_line_round_trips() {
    let cases: [&[&str]; 8] = [
        &[],
        &["--moves", "j14-j13,g3-g5,k15-k13,g5-g6"],
        &["--players", "3", "--moves", "k15-i13"],
        &["--players", "4", "--opt", "cc.seats_4p=0235"],
        &["--players", "5"],
        &["--players", "6", "--opt", "cc.target_stay=final_only", "--moves", "m15-k13"],
        &["--opt", "cc.anti_block=none", "--opt", "max_plies=2", "--moves", "j14-j13,g3-g5"],
        &["--position", SWAP_POSITION, "--moves", "e1-e2"],
    ];
    for args in cases {
        let first = show(args);
        let again = show(&["--position", &first.position]);
        let expected = crate::unmarked(&first.stdout);
        assert_eq!(again.stdout, expected, "show {args:?} fed back with --position");
        // And once more, from the second text.
        assert_eq!(show(&["--position", &again.position]).stdout, expected);
    }
}

// ---------------------------------------------------------------------------------------
// help

#[test]
fn help_exits_zero() {
    for args in [&["--help"][..], &["perft", "--help"], &["show", "--help"]] {
        let out = ok(args);
        assert!(out.contains("Usage"), "tabula {args:?}: {out}");
    }
    assert!(ok(&["--help"]).contains("perft"));
}

// ---------------------------------------------------------------------------------------
// bad input

#[test]
fn unknown_game_and_subcommand() {
    fails(&["perft", "chess", "--depth", "1"], &["chess", GAME]);
    // Deeper than a search may go: refused rather than counted into a stack overflow.
    fails(&["perft", GAME, "--depth", "129", "--divide"], &["'129'", "1 to 128"]);
    fails(&["perft", GAME, "--depth", "0"], &["'0'", "1 to 128"]);
    fails(&["show", "chess"], &["chess"]);
    fails(&["show", "Chinese-Checkers"], &["Chinese-Checkers"]);
    fails(&["frobnicate", GAME], &["frobnicate"]);
}

#[test]
fn bad_options() {
    // Unknown option, listing the known ones.
    let line = fails(&["perft", GAME, "--opt", "cc.bogus=1", "--depth", "1"], &["cc.bogus", "cc.target_stay"]);
    assert!(line.contains("max_plies"), "{line}");
    fails(&["show", GAME, "--opt", "=x"], &["''"]);
    // Bad values.
    fails(&["perft", GAME, "--opt", "cc.target_stay=loose", "--depth", "1"], &["loose", "cc.target_stay"]);
    fails(&["perft", GAME, "--opt", "cc.anti_block=block", "--depth", "1"], &["block", "cc.anti_block"]);
    fails(&["perft", GAME, "--players", "4", "--opt", "cc.seats_4p=0123", "--depth", "1"], &["0123"]);
    fails(&["perft", GAME, "--opt", "max_plies=0", "--depth", "1"], &["'0'", "max_plies"]);
    fails(&["perft", GAME, "--opt", "max_plies=-5", "--depth", "1"], &["-5", "max_plies"]);
    fails(&["perft", GAME, "--opt", "max_plies=", "--depth", "1"], &["max_plies"]);
    fails(&["show", GAME, "--opt", "cc.target_stay=STRICT"], &["STRICT"]);
    // No '='.
    fails(&["perft", GAME, "--opt", "cc.target_stay", "--depth", "1"], &["cc.target_stay", "KEY=VALUE"]);
    fails(&["show", GAME, "--opt", "max_plies:5"], &["max_plies:5"]);
    // A documented variant that is not built.
    for variant in ["cc.long_jumps", "cc.no_end_in_foreign_camp", "cc.play_for_places", "cc.pegs_15"] {
        let line = fails(&["perft", GAME, "--opt", &format!("{variant}=true"), "--depth", "1"], &[variant]);
        assert!(line.contains("not implemented"), "{line}");
    }
    fails(&["show", GAME, "--opt", "cc.sets_per_player=2"], &["cc.sets_per_player", "not implemented"]);
}

#[test]
fn bad_player_counts() {
    for n in ["0", "1", "7", "100"] {
        fails(&["perft", GAME, "--players", n, "--depth", "1"], &[&format!("'{n}'")]);
    }
    fails(&["perft", GAME, "--players", "two", "--depth", "1"], &["two", "--players"]);
    fails(&["perft", GAME, "--players", "-3", "--depth", "1"], &["-3"]);
    fails(&["show", GAME, "--players", "99999999999999999999999"], &["99999999999999999999999"]);
    fails(&["show", GAME, "--players", ""], &["--players"]);
    fails(&["show", GAME, "--players"], &["--players"]);
}

#[test]
fn malformed_moves() {
    for (moves, token, ply) in [
        ("zz9-a1", "zz9-a1", 1),
        ("j14-j13,j14j12", "j14j12", 2),
        ("j14-j13,g3-g5,a1-a2", "a1-a2", 3),
        ("J14-J13", "J14-J13", 1),
        ("j14-j14", "j14-j14", 1),
        ("j014-j13", "j014-j13", 1),
        ("j14-j13-j12", "j14-j13-j12", 1),
        ("ｊ14-j13", "ｊ14-j13", 1),
        ("j14-q99999999999999999999", "q99999999999999999999", 1),
        // `;` and whitespace separate moves like a comma.
        (" j14-j13; zz", "zz", 2),
        ("j14-j13 g3-g5\ta1-a2", "a1-a2", 3),
    ] {
        let line = fails(&["perft", GAME, "--moves", moves, "--depth", "1"], &[&format!("'{token}'")]);
        assert!(line.contains(&format!("ply {ply}")), "{moves}: {line}");
        assert!(line.contains("tabula show"), "{moves}: {line}");
    }
}

#[test]
fn illegal_moves_name_the_token_the_ply_and_how_to_list_legal_moves() {
    for (args, moves, token, ply) in [
        (&[][..], "j14-j12", "j14-j12", 1),
        (&[][..], "pass", "pass", 1),
        (&[][..], "j14-j13,g3-g5,j14-j12", "j14-j12", 3),
        (&[][..], "j14-j13,j13-j12", "j13-j12", 2),
        (&[][..], "g3-g5", "g3-g5", 1),
        (&["--opt", "max_plies=1"][..], "j14-j13,g3-g5", "g3-g5", 2),
    ] {
        let all = [&["perft", GAME][..], args, &["--moves", moves, "--depth", "1"]].concat();
        let line = fails(&all, &[&format!("'{token}'"), &format!("ply {ply}"), "tabula show"]);
        assert!(line.contains("illegal"), "{line}");
        // The suggested command runs and shows the position before the bad move.
        if args.is_empty() {
            let hint = line.split("tabula show ").nth(1).expect("a tabula show command");
            let hint_args: Vec<&str> = hint.split_whitespace().skip(1).collect();
            let shown = show(&hint_args);
            if let Some(legal) = shown.moves {
                assert!(!legal.contains(&token.to_string()), "{token} is listed by {hint}");
            }
            let played = moves.rsplit_once(',').map(|(played, _)| played);
            assert_eq!(shown.position, show(&played.map_or(vec![], |p| vec!["--moves", p])).position);
        }
    }
    let line = fails(&["show", GAME, "--opt", "max_plies=1", "--moves", "j14-j13,g3-g5"], &["g3-g5", "ply 2"]);
    assert!(line.contains("over"), "the message says the game is over: {line}");
}

#[test]
fn empty_move_tokens() {
    for (moves, ply) in [("", 1), (",", 1), ("j14-j13,", 2), ("j14-j13,,g3-g5", 2), (",j14-j13", 1)] {
        let line = fails(&["perft", GAME, "--moves", moves, "--depth", "1"], &["''", &format!("ply {ply}")]);
        assert!(line.contains("tabula show"), "{moves:?}: {line}");
    }
}

#[test]
fn malformed_positions() {
    let start = show(&[]).position;
    let broken = |from: &str, to: &str| {
        assert!(start.contains(from), "{from} in {start}");
        start.replacen(from, to, 1)
    };
    let cases: Vec<(String, &str)> = vec![
        (String::new(), "''"),
        ("   ".into(), "''"),
        ("chess players=2".into(), "chess"),
        (broken("chinese-checkers", "chinese_checkers"), "chinese_checkers"),
        (broken("players=2", "players=9"), "players=9"),
        (broken("players=2", "players=two"), "players=two"),
        (broken("players=2", "players=02"), "players=02"),
        (broken("camps=03", "camps=30"), "camps=30"),
        (broken("turn=0", "turn=2"), "turn=2"),
        (broken("turn=0", "turn=-1"), "turn=-1"),
        (broken("ply=0", "ply=18446744073709551616"), "ply=18446744073709551616"),
        (broken("passes=0", "passes=1"), "passes=1"),
        (broken("passes=0 ", ""), "passes="),
        (broken(" board=", " boardx="), "boardx="),
        (broken("/1111/111/11/1", "/1111/111/11"), "board="),
        (broken("/1111/", "/111x/"), "111x"),
        (broken("/1111/", "/111./"), "board="),
        (broken("/1111/", "/11111/"), "11111"),
        (broken("/1111/", "/１111/"), "１111"),
        (broken("turn=0", "turn=0 turn=0"), "turn=0"),
        (broken("turn=0", "turn"), "turn"),
        (format!("{start} cc.bogus=1"), "cc.bogus"),
        (format!("{start} cc.long_jumps=true"), "cc.long_jumps"),
        (format!("{start} cc.target_stay=loose"), "loose"),
        (format!("{start} extra"), "extra"),
    ];
    for (text, token) in &cases {
        let line = fails(&["perft", GAME, "--position", text, "--depth", "1"], &[token]);
        assert!(line.contains("position"), "{text}: {line}");
        fails(&["show", GAME, "--position", text], &[token]);
    }
}

#[test]
fn position_conflicting_with_players_or_seating() {
    let two = show(&[]).position;
    fails(&["perft", GAME, "--position", &two, "--players", "3", "--depth", "1"], &["'3'"]);
    fails(&["show", GAME, "--position", &two, "--players", "6"], &["'6'"]);
    let four = show(&["--players", "4"]).position;
    fails(&["show", GAME, "--position", &four, "--opt", "cc.seats_4p=0235"], &["0235"]);
    // An option that does not change the setup is fine.
    assert_eq!(perft(&["--position", &two, "--players", "2", "--opt", "cc.target_stay=off"], 1), [14]);
}

#[test]
fn bad_depth_threads_and_flags() {
    fails(&["perft", GAME], &["--depth"]);
    fails(&["perft", GAME, "--depth", "0"], &["'0'", "depth"]);
    fails(&["perft", GAME, "--depth", "x"], &["'x'", "--depth"]);
    fails(&["perft", GAME, "--depth", "-1"], &["-1"]);
    fails(&["perft", GAME, "--depth", "1.5"], &["1.5"]);
    fails(&["perft", GAME, "--depth", "99999999999"], &["99999999999"]);
    fails(&["perft", GAME, "--depth"], &["--depth"]);
    fails(&["perft", GAME, "--depth", "1", "--threads", "0"], &["'0'", "thread"]);
    fails(&["perft", GAME, "--depth", "1", "--threads", "many"], &["many"]);
    fails(&["perft", GAME, "--depth", "1", "--frobnicate"], &["--frobnicate"]);
    fails(&["show", GAME, "--frobnicate"], &["--frobnicate"]);
    fails(&["show", GAME, "--depth", "1"], &["--depth"]);
    fails(&["perft", "--depth", "1"], &["GAME"]);
    fails(&[], &["missing command"]);
}

// ---------------------------------------------------------------------------------------
// Bugs found while writing these tests, now fixed.

/// A newline inside `--position` or inside a move token is echoed into the message, which
/// then spans several stderr lines.
#[test]
fn newlines_in_bad_tokens_still_give_one_stderr_line() {
    fails(&["perft", GAME, "--position", "chinese-checkers players=2\nturn=0", "--depth", "1"], &["camps"]);
    // A newline separates moves; the error still names the bad one on one line.
    fails(&["perft", GAME, "--moves", "j14-j13\nx", "--depth", "1"], &["'x'", "ply 2"]);
    fails(&["perft", GAME, "--moves", "j14-j13,g3-g5\nj14-j12\n", "--depth", "1"], &["'j14-j12'", "ply 3"]);
}

/// The command suggested after an illegal move must show the position where it was
/// illegal, so it must repeat `--players`, `--opt` and `--position`.
#[test]
fn illegal_move_hint_shows_the_same_position() {
    let swap = ["--position", SWAP_POSITION];
    for (args, moves) in [
        (&["--players", "3"][..], "j14-j13,m5-m4"),
        (&["--opt", "max_plies=1"][..], "j14-j13,g3-g5"),
        (&swap[..], "e1-e2,m17-m16"),
    ] {
        let all = [&["perft", GAME][..], args, &["--moves", moves, "--depth", "1"]].concat();
        let line = fails(&all, &["tabula show"]);
        let hint = line.split("tabula show ").nth(1).expect("a tabula show command");
        let played = moves.rsplit_once(',').map(|(played, _)| played).unwrap_or_default();
        if args[0] == "--position" {
            // A position text has spaces: the hint must at least carry it.
            assert!(hint.contains("--position"), "{line}");
        } else {
            let hint_args: Vec<&str> = hint.split_whitespace().skip(1).collect();
            let expected = show(&[args, &["--moves", played]].concat()).position;
            assert_eq!(show(&hint_args).position, expected, "{line}");
        }
    }
}

/// DESIGN.md: "With `--divide`, first one line `MOVE N` per root move (sorted by move
/// text), then the depth lines." The binary prints the depth lines for 1..D-1 first.
#[test]
fn divide_rows_come_before_every_depth_line() {
    let out = divide_output(&[], 3);
    assert!(!out.lines[0].starts_with("depth="), "{:?}", out.lines);
    assert!(out.lines[out.rows.len()..].iter().all(|l| l.starts_with("depth=")), "{:?}", out.lines);
}
