//! Matches past one process: shards merged into the report of one run, the cluster recipes of
//! docs/cluster.md, resuming a killed match, Ctrl-C, write failures, damaged files, SPRT.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use yaml_rust2::{Yaml, YamlLoader};

use super::{fails, ok, scratch, tabula};

/// A node-limited match: the same games on every run.
const MATCH: &[&str] = &[
    "match",
    "chinese-checkers",
    "--engine",
    "alphabeta",
    "--engine",
    "greedy",
    "--tc",
    "nodes=300",
    "--games",
    "16",
    "--seed",
    "5",
];

/// `MATCH` with more arguments.
fn with(extra: &[&str]) -> Vec<String> {
    MATCH.iter().chain(extra).map(|s| s.to_string()).collect()
}

/// The report: what follows the first empty line of a match's or merge's output.
fn report(stdout: &str) -> String {
    let (_, rest) = stdout.split_once("\n\n").unwrap_or_else(|| panic!("no report in {stdout}"));
    rest.to_string()
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_tabula")
}

fn start(args: &[String]) -> Child {
    Command::new(bin()).args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("tabula starts")
}

/// The single run's report and records, written into `dir`.
fn single_run(dir: &Path) -> (String, String) {
    let (jsonl, rec) = (path(dir, "single.jsonl"), path(dir, "single.rec"));
    let args = with(&["--jsonl", &jsonl, "--records", &rec]);
    let out = ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    (report(&out), std::fs::read_to_string(&rec).unwrap())
}

/// Waits until `file` holds at least `lines` whole lines.
fn wait_for_lines(file: &str, lines: usize) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while std::fs::read_to_string(file).map_or(0, |t| t.matches('\n').count()) < lines {
        assert!(Instant::now() < deadline, "{file} never reached {lines} lines");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn four_shards_run_at_once_merge_into_the_single_run() {
    let dir = scratch("shards");
    let (single, single_records) = single_run(&dir);
    let shards: Vec<Child> = (1..=4)
        .map(|k| {
            let (jsonl, rec) = (path(&dir, &format!("s{k}.jsonl")), path(&dir, &format!("s{k}.rec")));
            start(&with(&["--shard", &format!("{k}/4"), "--jsonl", &jsonl, "--records", &rec]))
        })
        .collect();
    for child in shards {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(String::from_utf8_lossy(&out.stdout).contains("shard"));
    }
    let files: Vec<String> =
        (1..=4).flat_map(|k| [path(&dir, &format!("s{k}.jsonl")), path(&dir, &format!("s{k}.rec"))]).collect();
    let merged_records = path(&dir, "merged.rec");
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    args.extend(["--records", &merged_records]);
    let merged = ok(&args);
    assert!(merged.starts_with("Merged 8 files: 16 games of 16 of match "), "{merged}");
    assert!(merged.contains("missing none; duplicated none"), "{merged}");
    assert_eq!(report(&merged), single);
    assert_eq!(std::fs::read_to_string(&merged_records).unwrap(), single_records);

    // One shard's records missing: the merge says which games have none, exits 3 and
    // writes no records file; --partial writes the records there are.
    let short = path(&dir, "short.rec");
    let mut args = vec!["merge"];
    args.extend(files.iter().filter(|f| !f.ends_with("s2.rec")).map(String::as_str));
    args.extend(["--records", &short]);
    let out = tabula(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.contains("no record of games 3-4, 11-12") && stderr.contains("--partial"), "{stderr}");
    assert_eq!(report(&String::from_utf8_lossy(&out.stdout)), single);
    assert!(!Path::new(&short).exists());
    args.push("--partial");
    let out = tabula(&args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(&short).unwrap().matches("%seal ").count(), 12);
}

#[test]
fn merge_names_missing_and_duplicated_games_and_refuses_other_matches() {
    let dir = scratch("merge-checks");
    let one = path(&dir, "one.jsonl");
    let args = with(&["--shard", "1/4", "--jsonl", &one]);
    ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    // Games missing and there twice: the report all the same, and exit status 3 with one
    // last line that names them; --partial accepts the set.
    let out = tabula(&["merge", &one, &one]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stdout.contains("4 games of 16") && stdout.contains("missing 3-8, 11-16; duplicated 1-2, 9-10"),
        "{stdout}"
    );
    assert!(stderr.contains("game 1 is in"), "{out:?}");
    let last = stderr.lines().last().unwrap();
    assert_eq!(
        last,
        "tabula: an incomplete merge: games 3-8, 11-16 missing; games 1-2, 9-10 there twice; --partial accepts it"
    );
    let out = tabula(&["merge", &one, &one, "--partial"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("warning: a partial merge: games 3-8, 11-16 missing"));
    // A damaged line is named too.
    let torn = path(&dir, "torn.jsonl");
    let text = std::fs::read_to_string(&one).unwrap();
    std::fs::write(&torn, format!("{}{{\"match\": \n", text)).unwrap();
    let out = tabula(&["merge", &torn]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 line or record damaged"), "{out:?}");
    let other = path(&dir, "other.jsonl");
    let mut args = with(&["--shard", "2/4", "--jsonl", &other]);
    let seed = args.iter().position(|a| a == "--seed").unwrap();
    args[seed + 1] = "6".into();
    ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    fails(&["merge", &one, &other], &["different matches", "other.jsonl"]);
    let too_many = with(&["--shard", "9/9"]);
    fails(&too_many.iter().map(String::as_str).collect::<Vec<_>>(), &["'9/9'", "8 rounds"]);
    // A resumed match refuses another match's file.
    let resumed = with(&["--jsonl", &other, "--resume"]);
    fails(&resumed.iter().map(String::as_str).collect::<Vec<_>>(), &["another match", "other.jsonl"]);
}

#[test]
fn merge_names_the_shards_that_hold_missing_games_and_records() {
    let dir = scratch("merge-shards");
    // Two seats: rounds of two games, shard K of 4 holds rounds K, K+4.
    let files: Vec<(String, String)> = (1..=4)
        .map(|k| {
            let (jsonl, rec) = (path(&dir, &format!("s{k}.jsonl")), path(&dir, &format!("s{k}.rec")));
            ok(&with(&["--shard", &format!("{k}/4"), "--jsonl", &jsonl, "--records", &rec])
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>());
            (jsonl, rec)
        })
        .collect();
    let merged = path(&dir, "merged.rec");
    let mut args = vec!["merge", "--shards", "4", "--records", &merged];
    args.extend([&files[0].0, &files[2].0, &files[3].0, &files[0].1, &files[1].1, &files[3].1].map(String::as_str));
    let out = tabula(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(stderr.lines().any(|l| l == "tabula: shards with games missing: 2 of 4"), "{stderr}");
    assert!(stderr.lines().any(|l| l.starts_with("tabula: shards with records missing: 3 of 4 (--resume keeps")));
    assert!(stderr.lines().last().unwrap().contains("games 3-4, 11-12 missing; no record of games 5-6, 13-14"));
    // A whole set names no shard; more shards than rounds is bad input.
    let all: Vec<&str> = files.iter().flat_map(|(j, r)| [j.as_str(), r.as_str()]).collect();
    let out = tabula(&[&["merge", "--shards", "4"][..], &all].concat());
    assert!(out.status.success() && !String::from_utf8_lossy(&out.stderr).contains("shards"), "{out:?}");
    fails(&[&["merge", "--shards", "9"][..], &all].concat(), &["--shards 9", "8 rounds"]);

    // Three seats, two engines: rotating, a round is two games; every seating, six. Only
    // shard 1 played.
    for (seatings, shards, missing) in [("rotate", "3", "2, 3 of 3"), ("all", "2", "2 of 2")] {
        let one = path(&dir, &format!("{seatings}.jsonl"));
        ok(&[
            "match",
            "chinese-checkers",
            "--players",
            "3",
            "--engine",
            "greedy",
            "--engine",
            "random",
            "--tc",
            "depth=1",
            "--games",
            "12",
            "--seatings",
            seatings,
            "--shard",
            &format!("1/{shards}"),
            "--jsonl",
            &one,
        ]);
        let out = tabula(&["merge", "--shards", shards, &one]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{stderr}");
        let named = format!("tabula: shards with games missing: {missing}");
        assert!(stderr.lines().any(|l| l == named), "{seatings}: {stderr}");
    }
}

#[test]
fn a_match_killed_and_resumed_reports_what_one_run_reports() {
    let dir = scratch("resume");
    let (single, single_records) = single_run(&dir);
    let (jsonl, rec) = (path(&dir, "r.jsonl"), path(&dir, "r.rec"));
    let args = with(&["--jsonl", &jsonl, "--records", &rec]);
    // Killed twice at different moments, then a torn line as a kill mid-write leaves it.
    for lines in [3, 7] {
        let mut child = start(&args.iter().cloned().chain(["--resume".to_string()]).collect::<Vec<_>>());
        wait_for_lines(&jsonl, lines);
        child.kill().unwrap();
        child.wait().unwrap();
    }
    let text = std::fs::read_to_string(&jsonl).unwrap();
    let first = text.lines().next().unwrap();
    std::fs::write(&jsonl, format!("{text}{}", &first[..first.len() / 2])).unwrap();
    let resumed = args.iter().cloned().chain(["--resume".to_string()]).collect::<Vec<_>>();
    let out = tabula(&resumed.iter().map(String::as_str).collect::<Vec<_>>());
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("is cut short"), "{stderr}");
    assert!(stdout.lines().next().unwrap().contains("resumed with"), "{stdout}");
    assert_eq!(report(&stdout), single);
    // Every game once, in some order, records and lines alike.
    let lines = std::fs::read_to_string(&jsonl).unwrap();
    assert_eq!(lines.lines().count(), 16);
    let mut records: Vec<String> = tabula_arena::parse_records(&std::fs::read_to_string(&rec).unwrap())
        .unwrap()
        .iter()
        .map(|r| r.to_text(2))
        .collect();
    let mut expected: Vec<String> =
        tabula_arena::parse_records(&single_records).unwrap().iter().map(|r| r.to_text(2)).collect();
    records.sort();
    expected.sort();
    assert_eq!(records, expected);
}

#[test]
fn ctrl_c_prints_the_statistics_of_the_finished_games() {
    let dir = scratch("sigint");
    let jsonl = path(&dir, "i.jsonl");
    let child = start(&with(&["--jsonl", &jsonl]));
    wait_for_lines(&jsonl, 2);
    let sent = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(130), "{stdout}");
    let written = std::fs::read_to_string(&jsonl).unwrap().lines().count();
    let interrupted = format!("Interrupted: {written} games finished and written");
    assert!(stdout.contains(&interrupted), "{stdout}");
    let table = stdout.split_once(&interrupted).unwrap().1;
    assert!(table.contains(&format!("alphabeta {:>6}", written)) && table.contains("Ends: normal"), "{stdout}");
}

#[test]
fn a_write_error_stops_the_match_naming_the_file_and_leaves_no_half_game() {
    let dir = scratch("full");
    let rec = path(&dir, "f.rec");
    let args = with(&["--records", &rec, "--jsonl", "/dev/full"]);
    let out = tabula(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("cannot write --jsonl file '/dev/full'") && stderr.contains("the match stops"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&rec).unwrap(), "", "the record of the game whose line failed is cut off");
    fails(
        &["match", "chinese-checkers", "--engine", "greedy", "--engine", "greedy", "--resume"],
        &["--resume", "--jsonl"],
    );
}

#[test]
fn readers_skip_a_damaged_record_and_read_the_others() {
    let dir = scratch("damaged");
    let (_, records) = single_run(&dir);
    let mut parts: Vec<&str> = records.split("\n\n[").collect();
    assert!(parts.len() >= 3);
    let damaged = parts[1].replacen("]\n", "\n", 1);
    parts[1] = &damaged;
    let rec = path(&dir, "d.rec");
    std::fs::write(&rec, parts.join("\n\n[")).unwrap();
    let out = tabula(&["show", "--record", &rec, "--game", "3"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("warning") && stderr.contains("record 2"), "{stderr}");
    fails(&["show", "--record", &rec, "--game", "2"], &["'2'", "damaged"]);
}

#[test]
fn sprt_stops_a_match_against_a_weakened_engine_with_h1() {
    let out = ok(&[
        "match",
        "chinese-checkers",
        "--engine",
        "name=full,spec=alphabeta,tc=depth=3",
        "--engine",
        "name=weak,spec=alphabeta,tc=depth=1",
        "--games",
        "400",
        "--seed",
        "2",
        "--sprt",
        "elo0=0,elo1=30",
    ]);
    let games = out.lines().filter(|l| l.starts_with("Finished game")).count();
    assert!(games < 400, "the test never decided: {out}");
    assert!(out.contains("SPRT elo0=0,elo1=30,alpha=0.05,beta=0.05,model=normalized: LLR "), "{out}");
    assert!(out.trim_end().lines().any(|l| l.starts_with("SPRT") && l.ends_with("H1 accepted")), "{out}");
    fails(
        &[
            "match",
            "chinese-checkers",
            "--players",
            "3",
            "--engine",
            "greedy",
            "--engine",
            "greedy",
            "--tc",
            "depth=1",
            "--sprt",
            "elo0=0,elo1=5",
        ],
        &["--sprt"],
    );
}

/// The repository's `docs/cluster` folder.
fn cluster_docs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/cluster")
}

/// Runs a script of `docs/cluster` with bash, as Slurm would run it, in `env` (and nothing
/// else of the test's environment but PATH).
fn slurm_script(name: &str, env: &[(&str, &str)]) -> Output {
    let mut command = Command::new("bash");
    command.arg(cluster_docs().join(name)).env_clear().env("PATH", std::env::var("PATH").unwrap_or_default());
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().unwrap()
}

#[test]
fn the_slurm_scripts_play_the_shards_and_merge_them() {
    let dir = scratch("slurm");
    let out = dir.join("results");
    let out = out.to_str().unwrap();
    let env = [("TABULA", bin()), ("OUT", out), ("SHARDS", "4"), ("GAMES", "8"), ("TC", "nodes=200")];
    let task = |id: &str, extra: &[(&str, &str)]| {
        slurm_script("match.slurm", &[&env[..], extra, &[("SLURM_ARRAY_TASK_ID", id)]].concat())
    };
    // Shards 1, 2 and 4 play; the merge names shard 3 and the commands that play it.
    for id in ["0", "1", "3"] {
        let played = task(id, &[]);
        let stdout = String::from_utf8_lossy(&played.stdout);
        assert!(played.status.success(), "{}", String::from_utf8_lossy(&played.stderr));
        let shard = format!("tabula-match: shard {}/4, ", id.parse::<usize>().unwrap() + 1);
        assert!(stdout.starts_with(&shard), "{stdout}");
    }
    let merged = slurm_script("merge.slurm", &env);
    let (stdout, stderr) = (String::from_utf8_lossy(&merged.stdout), String::from_utf8_lossy(&merged.stderr));
    assert_eq!(merged.status.code(), Some(3), "{stderr}");
    assert!(stdout.contains("6 games of 8") && stdout.contains("missing 5-6"), "{stdout}");
    assert!(stderr.contains("tabula: shards with games missing: 3 of 4\n"), "{stderr}");
    assert!(stdout.contains("tabula-merge: run shard 3 of 4 again"), "{stdout}");
    let script = cluster_docs().join("match.slurm").canonicalize().unwrap();
    let rerun = format!("--array=2 --chdir='{}' '{}'", std::env::current_dir().unwrap().display(), script.display());
    assert!(stdout.contains(&rerun), "{rerun} in {stdout}");
    assert!(stdout.contains(&format!("    export TABULA='{}' OUT='{out}' SHARDS='4' TC='nodes=200' GAMES='8'", bin())));
    assert!(stdout.contains("    unset GAME PLAYERS ENGINES OPENINGS SEED SPRT RECORDS CONCURRENCY\n"), "{stdout}");
    assert!(!Path::new(out).join("all.rec").exists());
    // Shard 3 played: the whole match.
    assert!(task("2", &[]).status.success());
    let merged = slurm_script("merge.slurm", &env);
    let stdout = String::from_utf8_lossy(&merged.stdout);
    assert!(merged.status.success(), "{}", String::from_utf8_lossy(&merged.stderr));
    assert!(stdout.contains("8 games of 8") && stdout.contains("missing none"), "{stdout}");
    assert!(stdout.contains("tabula-merge: every game is there once"), "{stdout}");
    let report = std::fs::read_to_string(Path::new(out).join("report.txt")).unwrap();
    assert!(stdout.contains(&report), "{report}");
    assert_eq!(
        tabula_arena::parse_records(&std::fs::read_to_string(Path::new(out).join("all.rec")).unwrap()).unwrap().len(),
        8
    );

    // Without records, with the sequential test decided by the merge.
    let bare = dir.join("bare");
    let bare = bare.to_str().unwrap();
    let env = [("OUT", bare), ("RECORDS", "no"), ("SPRT", "elo0=0,elo1=10")];
    for id in ["0", "1", "2", "3"] {
        assert!(task(id, &env).status.success());
    }
    assert!(!Path::new(bare).join("shard-1.rec").exists());
    let merged = slurm_script("merge.slurm", &[("TABULA", bin()), ("SHARDS", "4"), env[0], env[2]]);
    let stdout = String::from_utf8_lossy(&merged.stdout);
    assert!(merged.status.success(), "{}", String::from_utf8_lossy(&merged.stderr));
    assert!(stdout.contains("8 games of 8") && stdout.contains("SPRT elo0=0") && stdout.contains("LLR"), "{stdout}");
    assert!(!Path::new(bare).join("all.rec").exists());

    // Nothing played: every shard to run again.
    let empty = dir.join("empty");
    std::fs::create_dir(&empty).unwrap();
    let merged = slurm_script("merge.slurm", &[("TABULA", bin()), ("SHARDS", "4"), ("OUT", empty.to_str().unwrap())]);
    let stdout = String::from_utf8_lossy(&merged.stdout);
    assert_eq!(merged.status.code(), Some(3));
    assert!(stdout.contains("run shards 1, 2, 3, 4 of 4 again") && stdout.contains("--array=0,1,2,3 "), "{stdout}");
}

#[test]
fn the_slurm_scripts_stop_on_a_bad_value_before_anything_runs() {
    let dir = scratch("slurm-bad");
    let out = dir.join("results");
    let out = out.to_str().unwrap();
    let good = [
        ("TABULA", bin()),
        ("OUT", out),
        ("SHARDS", "4"),
        ("SLURM_ARRAY_TASK_ID", "0"),
        ("GAMES", "8"),
        ("TC", "nodes=200"),
    ];
    let cases: &[(&[(&str, &str)], &str)] = &[
        (&[("SHARDS", "")], "SHARDS is not set"),
        (&[("SHARDS", "four")], "SHARDS='four' is not a shard count"),
        (&[("SLURM_ARRAY_TASK_ID", "")], "not an array task: submit with --array=0-3"),
        (&[("SLURM_ARRAY_TASK_ID", "4")], "array task 4 is past the last shard, 4 of 4: the tasks are 0-3"),
        (&[("TABULA", "/no/such/tabula")], "TABULA='/no/such/tabula' is not a program"),
        (&[("OUT", "results")], "OUT='results' is not an absolute path"),
        (&[("OUT", "")], "OUT is not set"),
        (&[("GAMES", "-3")], "GAMES='-3' is not a number of games"),
        (&[("SEED", "x")], "SEED='x' is not a seed"),
        (&[("CONCURRENCY", "0")], "CONCURRENCY='0'"),
        (&[("PLAYERS", "two")], "PLAYERS='two'"),
        (&[("RECORDS", "maybe")], "RECORDS='maybe' is neither yes nor no"),
        (&[("ENGINES", "alphabeta")], "ENGINES='alphabeta' names 1 engine(s)"),
        (&[("SPRT", "elo0=5,elo1=0")], "SPRT='elo0=5,elo1=0': bad --sprt elo1 '0': it must exceed elo0 '5'"),
        (&[("SPRT", "elo0=0,elo1=5"), ("ENGINES", "alphabeta mcts greedy")], "SPRT='elo0=0,elo1=5' tests two engines"),
        (&[("SPRT", "elo0=0,elo1=5"), ("PLAYERS", "3")], "SPRT='elo0=0,elo1=5' tests games of two seats"),
        // What tabula checks itself, before a game is played.
        (&[("TC", "fast")], "fast"),
        (&[("GAME", "chess")], "chess"),
        (&[("SHARDS", "5")], "bad --shard '1/5': the match has 4 rounds"),
    ];
    // Runs `script` with `base` changed by `change` (an empty value unsets the variable) and
    // expects exit 2 naming `message`.
    let refused = |script: &str, base: &[(&str, &str)], change: &[(&str, &str)], message: &str| {
        let env: Vec<(&str, &str)> = base
            .iter()
            .filter(|(key, _)| !change.iter().any(|(k, _)| k == key))
            .chain(change.iter().filter(|(_, value)| !value.is_empty()))
            .copied()
            .collect();
        let ran = slurm_script(script, &env);
        let stderr = String::from_utf8_lossy(&ran.stderr);
        assert_eq!(ran.status.code(), Some(2), "{change:?}: {stderr}");
        assert!(stderr.contains(message), "{change:?}: {message} not in {stderr}");
    };
    for (change, message) in cases {
        refused("match.slurm", &good, change, message);
        assert!(!Path::new(out).join("shard-1.jsonl").exists(), "{change:?} played");
    }
    let merge: &[(&[(&str, &str)], &str)] = &[
        (&[("OUT", "")], "OUT is not set"),
        (&[("OUT", "/no/such/directory")], "OUT='/no/such/directory' is not a directory"),
        (&[("SHARDS", "0")], "SHARDS='0' is not a shard count"),
        (&[("TABULA", "no-such-tabula")], "TABULA='no-such-tabula' is not a program"),
    ];
    std::fs::create_dir_all(out).unwrap();
    for (change, message) in merge {
        refused("merge.slurm", &good[..3], change, message);
    }
}

#[test]
fn the_slurm_commands_of_the_doc_are_the_ones_the_end_to_end_test_and_the_script_give() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let doc = std::fs::read_to_string(root.join("docs/cluster.md")).unwrap();
    let slurm = &doc[doc.find("\n## Slurm\n").expect("a Slurm section")..];
    let block = slurm.split("```sh\n").nth(1).and_then(|b| b.split("```").next()).expect("the submit commands");
    let commands: Vec<&str> = block.lines().filter(|l| !l.starts_with("export ")).collect();
    assert!(commands.iter().any(|c| c.starts_with("jobid=$(sbatch ")), "{block}");
    let e2e = std::fs::read_to_string(root.join(".ci/slurm-e2e.sh")).unwrap();
    let script = std::fs::read_to_string(cluster_docs().join("match.slurm")).unwrap();
    for command in commands {
        assert!(e2e.lines().any(|l| l == command), ".ci/slurm-e2e.sh does not run: {command}");
        assert!(script.lines().any(|l| l == format!("#   {command}")), "match.slurm does not say: {command}");
    }
}

/// The documents of a YAML file of `docs/cluster`, by kind.
fn manifest(name: &str) -> Vec<Yaml> {
    let text = std::fs::read_to_string(cluster_docs().join(name)).unwrap();
    YamlLoader::load_from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn of_kind<'a>(docs: &'a [Yaml], kind: &str) -> &'a Yaml {
    docs.iter().find(|d| d["kind"].as_str() == Some(kind)).unwrap_or_else(|| panic!("no {kind}"))
}

/// Runs the first container of a Job as its pod would, in the environment `env`, with the
/// results on the local folder `OUT` of `env`, not the volume; gives its output.
fn run_pod(job: &Yaml, env: &[(String, String)], index: Option<i64>) -> Output {
    let container = &job["spec"]["template"]["spec"]["containers"][0];
    assert_eq!(container["command"][0].as_str(), Some("bash"));
    assert_eq!(container["command"][1].as_str(), Some("-c"));
    let script = container["args"][0].as_str().unwrap();
    assert!(script.starts_with("set -euo pipefail\n"), "{script}");
    let path =
        format!("{}:{}", Path::new(bin()).parent().unwrap().display(), std::env::var("PATH").unwrap_or_default());
    let mut command = Command::new("bash");
    command.args(["-c", script]).env_clear().env("PATH", &path).envs(env.iter().map(|(k, v)| (k, v)));
    if let Some(index) = index {
        command.env("JOB_COMPLETION_INDEX", index.to_string());
    }
    command.output().unwrap()
}

#[test]
fn the_kubernetes_jobs_are_indexed_and_their_commands_play_and_merge() {
    let docs = manifest("match-job.yaml");
    let config = of_kind(&docs, "ConfigMap");
    let name = config["metadata"]["name"].as_str().unwrap();
    let job = of_kind(&docs, "Job");
    assert_eq!(job["apiVersion"].as_str(), Some("batch/v1"));
    let spec = &job["spec"];
    assert_eq!(spec["completionMode"].as_str(), Some("Indexed"));
    let shards = spec["completions"].as_i64().unwrap();
    assert_eq!(spec["parallelism"].as_i64(), Some(shards));
    let data = config["data"].as_hash().unwrap();
    assert_eq!(config["data"]["SHARDS"].as_str(), Some(shards.to_string().as_str()), "completions is not SHARDS");
    let container = &spec["template"]["spec"]["containers"][0];
    assert_eq!(container["envFrom"][0]["configMapRef"]["name"].as_str(), Some(name));
    assert_eq!(container["volumeMounts"][0]["mountPath"].as_str(), config["data"]["OUT"].as_str());
    let claim = &spec["template"]["spec"]["volumes"][0]["persistentVolumeClaim"]["claimName"];
    let dir = scratch("kubernetes");
    let results = dir.join("results");
    std::fs::create_dir_all(&results).unwrap();
    // The ConfigMap's match, made small, on a local folder.
    let env: Vec<(String, String)> = data
        .iter()
        .map(|(k, v)| {
            let k = k.as_str().unwrap().to_string();
            let v = match k.as_str() {
                "GAMES" => "32".into(),
                "TC" => "nodes=200".into(),
                "OUT" => results.display().to_string(),
                _ => v.as_str().unwrap().to_string(),
            };
            (k, v)
        })
        .collect();
    for index in 0..shards {
        let out = run_pod(job, &env, Some(index));
        assert!(out.status.success(), "shard {index}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let merge_docs = manifest("merge-job.yaml");
    let merge = of_kind(&merge_docs, "Job");
    assert_eq!(
        merge["spec"]["template"]["spec"]["containers"][0]["envFrom"][0]["configMapRef"]["name"].as_str(),
        Some(name)
    );
    assert_eq!(&merge["spec"]["template"]["spec"]["volumes"][0]["persistentVolumeClaim"]["claimName"], claim);
    let out = run_pod(merge, &env, None);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && stdout.contains("32 games of 32") && stdout.contains("missing none"), "{stdout}");
    assert_eq!(std::fs::read_to_string(results.join("report.txt")).unwrap(), stdout);
    assert!(results.join("all.rec").exists());
    // A shard lost: the merge Job fails with tabula merge's status, through the pipe.
    std::fs::remove_file(results.join("shard-3.jsonl")).unwrap();
    let out = run_pod(merge, &env, None);
    assert_eq!(out.status.code(), Some(3), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).contains("shards with games missing: 3 of 8"), "{out:?}");
    assert!(!results.join("all.rec").exists());
}

#[test]
fn a_match_of_repeated_games_says_so() {
    let args =
        ["match", "chinese-checkers", "--engine", "alphabeta", "--engine", "greedy", "--tc", "depth=1", "--games", "6"];
    let start = tabula(&[&args[..], &["--openings", "start"]].concat());
    let (stdout, stderr) = (String::from_utf8_lossy(&start.stdout), String::from_utf8_lossy(&start.stderr));
    assert!(start.status.success(), "{stderr}");
    assert!(stderr.contains("note: every round starts from the start position"), "{stderr}");
    assert!(stdout.contains("Repeats: 4 of 6 games repeated an earlier game move for move"), "{stdout}");
    let random = ok(&args);
    assert!(random.contains("openings random:4") && !random.contains("Repeats"), "{random}");
}
