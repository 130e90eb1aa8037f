//! `tabula tune` on records a match writes in the test, and the `weights=` key that reads
//! the file it writes.

use tabula_engine::eval::echelon::EgEval;
use tabula_engine::weights::{Tunable, parse};

use crate::{fails, ok, scratch, tabula};

/// Plays a quick node-limited match of `game` with `options` and returns its records file.
fn records(dir: &std::path::Path, name: &str, game: &str, options: &[&str], games: &str) -> String {
    let path = dir.join(name).to_str().unwrap().to_string();
    let mut args = vec!["match", game, "--engine", "greedy", "--engine", "alphabeta", "--tc", "nodes=200"];
    args.extend(["--games", games, "--openings", "random:2", "--seed", "3", "--records", &path]);
    args.extend(options);
    ok(&args);
    path
}

#[test]
fn tuning_writes_a_weights_file_the_engines_read() {
    let dir = scratch("tune");
    let rec = records(&dir, "eg.rec", "echelon", &[], "8");
    let out = dir.join("eg.weights");
    let o = out.to_str().unwrap();
    let run = tabula(&["tune", "echelon", "--records", &rec, "--out", o, "--holdout", "0.25", "--passes", "4"]);
    let report = String::from_utf8(run.stderr).unwrap();
    assert!(run.status.success(), "{report}");
    assert!(run.stdout.is_empty(), "the file goes to --out");
    let lines: Vec<&str> = report.lines().collect();
    assert!(lines[0].starts_with("tune echelon: ") && lines[0].contains(" of 6 games to fit, "), "{report}");
    assert!(lines[0].contains(" of 2 games held out"), "{report}");
    assert!(lines[1].starts_with("K "), "{report}");
    assert!(lines[2].starts_with("pass  method"), "{report}");
    assert!(lines[3].starts_with("0     start "), "{report}");
    assert!(report.contains("\nstopped after pass ") && report.contains("\nweights: "), "{report}");
    let file = std::fs::read_to_string(&out).unwrap();
    assert!(file.starts_with("# Weights of the echelon evaluator, made by `tabula tune` on "), "{file}");
    assert!(file.contains(&format!("#   tabula tune echelon --records {rec} --out {o} ")), "{file}");
    assert!(file.contains("# Each legal move a seat has"), "the compiled-in file's comments stay: {file}");
    let weights = parse(&file, EgEval::NAMES).expect("the file reads as the build reads it");
    // The engines read it, and play by it.
    let spec = format!("alphabeta:weights={o}");
    let by_file = ok(&["go", "echelon", "--engine", &spec, "--depth", "2"]);
    assert!(by_file.contains("bestmove "), "{by_file}");
    for searcher in ["mcts", "greedy"] {
        ok(&["go", "echelon", "--engine", &format!("{searcher}:weights={o}"), "--nodes", "50"]);
    }
    // Without --out the file is printed: the same weights (the search is deterministic).
    let run = tabula(&["tune", "echelon", "--records", &rec, "--holdout", "0.25", "--passes", "4"]);
    assert!(run.status.success());
    let printed = String::from_utf8(run.stdout).unwrap();
    assert_eq!(parse(&printed, EgEval::NAMES), Ok(weights));
    // The compiled-in weights, written back as a file, give the compiled-in evaluator.
    let same = dir.join("same.weights");
    std::fs::write(&same, EgEval::TEXT).unwrap();
    let spec = format!("alphabeta:weights={}", same.to_str().unwrap());
    let plain = ok(&["go", "echelon", "--engine", "alphabeta", "--depth", "3"]);
    assert_eq!(ok(&["go", "echelon", "--engine", &spec, "--depth", "3"]).lines().last(), plain.lines().last());
}

#[test]
fn bad_input_is_one_line_naming_it() {
    let dir = scratch("tune-bad");
    let missing = dir.join("missing.rec");
    let m = missing.to_str().unwrap();
    fails(&["tune", "nogame", "--records", m], &["unknown game 'nogame'"]);
    fails(&["tune", "echelon"], &["--records"]);
    fails(&["tune", "echelon", "--records", m], &["cannot read --records file", "missing.rec"]);
    let garbled = dir.join("garbled.rec");
    std::fs::write(&garbled, "this is no record\n").unwrap();
    fails(&["tune", "echelon", "--records", garbled.to_str().unwrap()], &["garbled.rec", "no readable record"]);
    let rec = records(&dir, "eg.rec", "echelon", &[], "2");
    fails(&["tune", "icelights", "--records", &rec], &["game 1 of '", "eg.rec'", "'echelon', not 'icelights'"]);
    fails(&["tune", "echelon", "--records", &rec, "--holdout", "0.7"], &["--holdout '0.7'"]);
    fails(&["tune", "echelon", "--records", &rec, "--holdout", "x"], &["'x'", "--holdout"]);
    let nowhere = dir.join("no/such/dir/x.weights");
    fails(&["tune", "echelon", "--records", &rec, "--out", nowhere.to_str().unwrap()], &["--out", "no/such/dir"]);
    // Games of different rules are not mixed.
    let clocked = records(&dir, "mc.rec", "martian-chess", &[], "2");
    let clockless = records(&dir, "mc-off.rec", "martian-chess", &["--opt", "mc.clock=off"], "2");
    fails(&["tune", "martian-chess", "--records", &clocked, &clockless], &["mc-off.rec", "mc.clock=off", "one set"]);
    // A weights file the engines cannot read: the file and the line.
    let bad = dir.join("bad.weights");
    std::fs::write(&bad, "mobility = 6\nsafe = ten\n").unwrap();
    let spec = format!("alphabeta:weights={}", bad.to_str().unwrap());
    fails(&["go", "echelon", "--engine", &spec, "--depth", "1"], &["bad.weights", "line 2 'safe = ten'"]);
    std::fs::write(&bad, "mobility = 6\nsafe = 1\ntop = 3\n").unwrap();
    fails(&["go", "echelon", "--engine", &spec, "--depth", "1"], &["bad.weights", "weight 'free' missing"]);
    let spec = format!("greedy:weights={m}");
    fails(&["go", "echelon", "--engine", &spec, "--depth", "1"], &["cannot read weights file", "missing.rec"]);
}
