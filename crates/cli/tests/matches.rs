//! `tabula match`, `tabula show --record` and `tabula play` through the built binary.

use crate::{fails, scratch, succeeded as ok, tabula, tabula_with_input};

const MATCH: &[&str] = &[
    "match",
    "chinese-checkers",
    "--engine",
    "greedy",
    "--engine",
    "name=rnd,spec=random",
    "--tc",
    "nodes=50",
    "--games",
    "4",
    "--openings",
    "random:2",
    "--seed",
    "5",
];

#[test]
fn a_match_prints_games_running_scores_and_the_table_and_writes_records() {
    let dir = scratch("match");
    let records = dir.join("games.pgn");
    let jsonl = dir.join("games.jsonl");
    let mut args: Vec<&str> = MATCH.to_vec();
    let (r, j) = (records.to_str().unwrap(), jsonl.to_str().unwrap());
    args.extend(["--records", r, "--jsonl", j, "--concurrency", "2"]);
    let out = ok(tabula(&args), "match");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("Match: 4 games of chinese-checkers (2 seats), greedy vs rnd"), "{out}");
    assert_eq!(lines.iter().filter(|l| l.starts_with("Finished game ")).count(), 4, "{out}");
    assert!(lines.iter().any(|l| l.starts_with("Score of greedy vs rnd: 4 - 0 - 0 [1.000] 4/4")), "{out}");
    assert!(out.contains("Elo greedy - rnd: +inf"), "{out}");
    assert!(out.contains("over 2 game pairs [0, 0, 0, 0, 2]"), "{out}");
    assert!(out.contains("Ends: normal 4"), "{out}");
    let table: Vec<&str> =
        lines.iter().copied().filter(|l| l.starts_with("greedy ") || l.starts_with("rnd ")).collect();
    assert_eq!(table.len(), 2, "{out}");
    assert!(table[0].split_whitespace().eq(["greedy", "4", "4", "0", "0", "4", "100.0%"]), "{out}");

    let text = std::fs::read_to_string(&records).unwrap();
    assert_eq!(text.matches("[Game \"chinese-checkers\"]").count(), 4);
    assert_eq!(text.matches("[Seed \"5\"]").count(), 4);
    assert_eq!(std::fs::read_to_string(&jsonl).unwrap().lines().count(), 4);

    // The same match, one game at a time: identical records (written as the games end, so
    // two at a time may write them in another order).
    let again = dir.join("again.pgn");
    let mut args: Vec<&str> = MATCH.to_vec();
    args.extend(["--records", again.to_str().unwrap()]);
    ok(tabula(&args), "match again");
    let in_game_order = |text: &str| {
        let mut records: Vec<String> =
            tabula_arena::read_records(text).into_iter().map(|r| r.unwrap().to_text(2)).collect();
        records
            .sort_by_key(|r| r.split("[GameNumber \"").nth(1).and_then(|n| n.split('"').next()?.parse::<u32>().ok()));
        records
    };
    let once = std::fs::read_to_string(&again).unwrap();
    assert_eq!(in_game_order(&once), in_game_order(&text));
    assert_eq!(in_game_order(&once).concat(), once, "one game at a time writes them in game order");

    // show --record replays a game to its end and to a ply.
    let shown = ok(tabula(&["show", "chinese-checkers", "--record", r, "--game", "3"]), "show --record");
    assert!(shown.starts_with("record game 3 of 4: greedy; rnd (nodes=50), 1-0, normal"), "{shown}");
    assert!(shown.contains("result: seat 0 wins"), "{shown}");
    let early = ok(tabula(&["show", "chinese-checkers", "--record", r, "--game", "3", "--ply", "2"]), "show --ply");
    assert!(early.contains("; ply 2 of "), "{early}");
    assert!(early.contains("turn=0 ply=2 "), "{early}");
    fails(&["show", "chinese-checkers", "--record", r, "--game", "7"], &["--game", "'7'", "4 games"]);
    fails(&["show", "chinese-checkers", "--record", r, "--game", "1", "--ply", "9999"], &["'9999'"]);
    // The record names its game: GAME may be left out, and must agree when given.
    let named = ok(tabula(&["show", "--record", r, "--game", "3"]), "show --record without GAME");
    assert_eq!(named, shown);
    fails(&["show", "icelights", "--record", r], &["'icelights'", "'chinese-checkers'"]);
    fails(&["show"], &["GAME", "--record"]);
    let missing = dir.join("missing.pgn");
    fails(&["show", "chinese-checkers", "--record", missing.to_str().unwrap()], &["missing.pgn"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn multi_seat_matches_show_ranks_seats_and_the_ahead_matrix() {
    let engines = "--engine greedy --engine random --engine random";
    let text = format!("match chinese-checkers --players 3 {engines} --tc nodes=10 --games 3 --max-plies 200");
    let args: Vec<&str> = text.split(' ').collect();
    let out = ok(tabula(&args), "3-seat match");
    assert!(out.contains("Match: 3 games of chinese-checkers (3 seats), greedy vs random vs random#2"), "{out}");
    assert!(out.contains("avg-rank"), "{out}");
    assert!(out.contains("score per seat"), "{out}");
    assert!(out.contains("finished ahead"), "{out}");
    // Every engine played every seat once.
    let seat_rows: Vec<&str> = out.lines().filter(|l| l.starts_with("random#2 ") && l.contains('/')).collect();
    assert_eq!(seat_rows.len(), 1, "{out}");
    assert_eq!(seat_rows[0].matches("/1").count(), 3, "{out}");
}

#[test]
fn every_seating_plays_each_assignment_of_engines_to_seats() {
    let dir = scratch("seatings");
    let jsonl = dir.join("all.jsonl");
    let text = format!(
        "match chinese-checkers --players 3 --engine greedy --engine random --tc nodes=10 --games 6 --max-plies 60 \
         --seatings all --jsonl {}",
        jsonl.display()
    );
    let args: Vec<&str> = text.split_whitespace().collect();
    let out = ok(tabula(&args), "every seating");
    assert!(out.contains("; every seating, 6 games a round"), "{out}");
    let lines = std::fs::read_to_string(&jsonl).unwrap();
    let mut seatings: Vec<String> = lines
        .lines()
        .map(|l| {
            let from = l.find("\"engines\":").expect("an engines field") + "\"engines\":".len();
            l[from..=from + l[from..].find(']').unwrap()].to_string()
        })
        .collect();
    seatings.sort();
    assert_eq!(seatings, ["[0,0,1]", "[0,1,0]", "[0,1,1]", "[1,0,0]", "[1,0,1]", "[1,1,0]"], "{lines}");
    fails(
        &["match", "chinese-checkers", "--engine", "greedy", "--engine", "random", "--tc", "1", "--seatings", "each"],
        &["'each'"],
    );
}

#[test]
fn bad_match_input_is_named() {
    fails(&["match", "chinese-checkers", "--engine", "greedy", "--tc", "1+0"], &["two --engine"]);
    fails(&["match", "chinese-checkers", "--engine", "greedy", "--engine", "alphabet", "--tc", "1"], &["alphabet"]);
    fails(&["match", "chinese-checkers", "--engine", "greedy", "--engine", "random"], &["--tc"]);
    fails(&["match", "chinese-checkers", "--engine", "greedy", "--engine", "random", "--tc", "fast"], &["fast"]);
    fails(&["match", "chess", "--engine", "greedy", "--engine", "random", "--tc", "1"], &["chess"]);
    fails(
        &["match", "chinese-checkers", "--engine", "greedy", "--engine", "random", "--tc", "1", "--games", "0"],
        &["'0'"],
    );
    fails(
        &["match", "chinese-checkers", "--engine", "greedy", "--engine", "random", "--tc", "1", "--openings", "book"],
        &["book"],
    );
    fails(
        &["match", "chinese-checkers", "--engine", "greedy", "--engine", "random", "--tc", "1", "--max-plies", "many"],
        &["many"],
    );
    fails(
        &["match", "chinese-checkers", "--engine", "name=a,spec=greedy,tc=zz", "--engine", "random", "--tc", "1"],
        &["zz"],
    );
    fails(
        &["match", "chinese-checkers", "--engine", "greedy", "--engine", "random", "--tc", "1", "--margin", "-1"],
        &["-1"],
    );
}

/// Seat 0 has eight pegs home and pegs on h5 and i5, each a step from an empty hole of its
/// target: two of its moves win.
const TWO_TO_GO: &str = "chinese-checkers players=2 camps=03 turn=0 ply=80 passes=0 \
    board=./../.../..../............./1111111111../.........../........../........./........../.........../\
    ............/.......00..../00../000/00/0";

#[test]
fn play_from_a_script_survives_bad_input_undoes_and_finishes() {
    let script = "zz\nmoves\na1-a2\nh5-g4\nundo\nhelp\nhint\nh5-g4\ni5-h4\nq1-q2\nshow\nundo\nquit\n";
    let args = ["play", "chinese-checkers", "--position", TWO_TO_GO, "--tc", "depth=2"];
    let out = ok(tabula_with_input(&args, script), "play");
    assert!(out.contains("> zz\nbad token 'zz'"), "{out}");
    assert!(out.contains("type 'moves' for the legal moves"), "{out}");
    assert!(out.contains("legal moves (18): e2-g4 "), "{out}");
    assert!(out.contains("> a1-a2\n"), "{out}");
    let after_a1 = &out[out.find("> a1-a2\n").unwrap() + 8..];
    assert!(after_a1.starts_with("illegal") || after_a1.contains("'a1"), "{after_a1}");
    // The engine answers with info lines and a move.
    assert!(out.contains("info depth=2 "), "{out}");
    assert!(out.contains("seat 1 plays "), "{out}");
    assert!(out.contains("took back 2 plies"), "{out}");
    assert!(out.contains("hint: "), "{out}");
    assert!(out.contains("game over: seat 0 wins (seat 0 filled its target camp); undo, show or quit"), "{out}");
    // The board after a move marks it: the person's h5-g4, then the engine's reply.
    let after_h5 = &out[out.find("> h5-g4\n").unwrap()..];
    let board = &after_h5[..after_h5.find("position: ").unwrap()];
    assert!(board.contains("+.") && board.contains("*0") && board.contains("last move: +from *to"), "{board}");
    let start = &out[..out.find("> zz").unwrap()];
    assert!(!start.contains("last move: "), "nothing is marked before the first move: {start}");
    assert!(out.contains("the game is over: 'q1-q2' is not played"), "{out}");
    // The last undo goes back from the finished game to seat 0's move at ply 82.
    let tail = &out[out.rfind("> undo").unwrap()..];
    assert!(tail.contains("took back 1 ply") && tail.contains("you are seat 0, to move at ply 82"), "{tail}");
    assert!(out.ends_with("> quit\n"), "{out}");
}

#[test]
fn play_ends_quietly_at_the_end_of_input_and_checks_its_flags() {
    let out = ok(tabula_with_input(&["play", "chinese-checkers", "--seat", "1", "--tc", "depth=1"], ""), "play");
    // Seat 0 is the engine: it moves first.
    assert!(out.contains("seat 0 plays "), "{out}");
    assert!(out.contains("you are seat 1, to move at ply 1"), "{out}");
    fails(&["play", "chinese-checkers", "--seat", "2"], &["--seat", "'2'"]);
    fails(&["play", "chinese-checkers", "--engine", "mcts:zz=1"], &["zz"]);
    fails(&["play", "chinese-checkers", "--level", "master"], &["master"]);
    let three: Vec<&str> =
        "play chinese-checkers --players 3 --engine greedy --engine random --engine random".split(' ').collect();
    fails(&three, &["3 --engine"]);
}

#[test]
fn play_with_a_thinking_time_has_no_clock_to_run_out() {
    // Five engine moves of a millisecond each: on a loaded machine some overrun it, but a
    // thinking time is not a clock.
    let args = ["play", "chinese-checkers", "--players", "6", "--seat", "5", "--think", "0.001"];
    let out = ok(tabula_with_input(&[&args[..], &["--engine", "alphabeta:threads=2"]].concat(), "quit\n"), "play");
    assert_eq!(out.matches(" plays ").count(), 5, "{out}");
    assert!(!out.contains("ran out of time"), "{out}");
}

/// MCTS finishes its races: under the rules where a peg may sit in another seat's target
/// for good (no target-stay rule, blocking legal), node-limited games of `mcts` against
/// `alphabeta` from random openings all end before the ply cap, none by a repetition cycle
/// with pegs left at home.
#[test]
fn mcts_against_alphabeta_finishes_every_race() {
    let dir = scratch("race");
    let jsonl = dir.join("race.jsonl");
    let args = [
        "match",
        "chinese-checkers",
        "--opt",
        "cc.target_stay=off",
        "--opt",
        "cc.anti_block=none",
        "--engine",
        "name=mcts,spec=mcts,tc=nodes=3000",
        "--engine",
        "name=alphabeta,spec=alphabeta,tc=nodes=30000",
        "--openings",
        "random:2",
        "--games",
        "8",
        "--max-plies",
        "600",
        "--seed",
        "21",
        "--concurrency",
        "2",
        "--jsonl",
        jsonl.to_str().unwrap(),
    ];
    let out = ok(tabula(&args), "match");
    assert!(out.contains("Ends: normal 8"), "{out}");
    let lines = std::fs::read_to_string(&jsonl).unwrap();
    assert_eq!(lines.lines().count(), 8);
    assert!(lines.lines().all(|l| l.contains("\"ends\":\"normal\"")), "{lines}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Under a node limit the header says which searchers will not repeat their moves (two
/// threads share their work by timing), and names none when every one works alone.
#[test]
fn the_header_names_searchers_that_will_not_repeat() {
    let header = |engines: &[&str], tc: &str| {
        let players = engines.len().to_string();
        let mut args = vec!["match", "chinese-checkers", "--players", &players, "--tc", tc];
        args.extend(["--games", "2", "--openings", "random:2", "--max-plies", "6"]);
        for e in engines {
            args.extend(["--engine", e]);
        }
        ok(tabula(&args), "match").lines().next().unwrap().to_string()
    };
    let line = header(&["alphabeta:threads=2", "mcts:threads=3", "greedy"], "nodes=200");
    assert!(
        line.ends_with(
            "; will not repeat move for move: alphabeta:threads=2 searches on 2 threads, \
             mcts:threads=3 searches on 3 threads"
        ),
        "{line}"
    );
    assert!(!header(&["alphabeta", "mcts:threads=1"], "nodes=200").contains("will not repeat"));
    // On a clock nothing repeats anyway: no warning.
    assert!(!header(&["alphabeta:threads=2", "greedy"], "st=0.01").contains("will not repeat"));
}

#[test]
fn two_seats_whose_tables_do_not_fit_together_are_refused_before_any_is_built() {
    let Some(room) = tabula_engine::memory::headroom() else { return };
    let mb = room.mb() * 6 / 10;
    if mb > 65_536 {
        return; // more than the hash setting takes: a machine too large to fill this way
    }
    let spec = format!("alphabeta:hash={mb}");
    // One table of the size alone fits: a search with it starts (its pages come zeroed and
    // are written only where the search stores).
    ok(tabula(&["go", "chinese-checkers", "--engine", &spec, "--depth", "1"]), "go with one table");
    let line = fails(
        &["match", "chinese-checkers", "--engine", &spec, "--engine", &spec, "--tc", "nodes=10", "--games", "2"],
        &[&format!("the match needs {} MB of tables at once", 2 * mb), "more than the memory available"],
    );
    assert!(line.contains("1 game at a time"), "{line}");
    // Two games at once of a smaller table: the games at once count too.
    let spec = format!("alphabeta:hash={}", mb / 2);
    let args = ["match", "chinese-checkers", "--engine", &spec, "--engine", &spec, "--tc", "nodes=10", "--games", "2"];
    let line = fails(&[&args[..], &["--concurrency", "2"]].concat(), &["2 games at a time"]);
    assert!(line.contains(&format!("up to {} MB a game", 2 * (mb / 2))), "{line}");
}

#[test]
fn a_second_match_cannot_write_files_another_is_writing() {
    let dir = scratch("lock");
    let (jsonl, records) = (dir.join("games.jsonl"), dir.join("games.pgn"));
    let (j, r) = (jsonl.to_str().unwrap(), records.to_str().unwrap());
    let long = ["match", "chinese-checkers", "--engine", "alphabeta", "--engine", "greedy", "--tc", "st=2"];
    let mut first = crate::spawn(&[&long[..], &["--games", "20", "--jsonl", j, "--records", r]].concat());
    let since = std::time::Instant::now();
    while !(jsonl.exists() && records.exists()) && since.elapsed() < std::time::Duration::from_secs(60) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let quick = ["match", "chinese-checkers", "--engine", "greedy", "--engine", "random", "--tc", "nodes=1"];
    let line = fails(&[&quick[..], &["--games", "2", "--jsonl", j]].concat(), &["--jsonl file", j]);
    assert!(line.contains("is being written by another process"), "{line}");
    // --resume would cut the file it reads: refused before it reads.
    fails(&[&long[..], &["--games", "20", "--jsonl", j, "--resume"]].concat(), &["another process"]);
    let line = fails(&[&quick[..], &["--games", "2", "--records", r]].concat(), &["--records file"]);
    assert!(line.contains("is being written by another process"), "{line}");
    // The lock goes with the process, however it ends.
    first.kill().unwrap();
    first.wait().unwrap();
    ok(tabula(&[&quick[..], &["--games", "2", "--jsonl", j, "--records", r]].concat()), "after the first");
    assert_eq!(std::fs::read_to_string(&jsonl).unwrap().lines().count(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}
