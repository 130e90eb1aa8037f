//! `tabula ugi` as an outside engine in `tabula match`: over the protocol, a deterministic
//! searcher plays exactly the moves it plays in-process, in every game and with 4 seats.

use tabula_arena::parse_records;

use crate::{fails, ok, scratch};

/// The moves of every game of a match of `engines`, with records written to a scratch file.
fn match_moves(name: &str, game: &str, players: &str, engines: &[String]) -> Vec<Vec<String>> {
    let dir = scratch(name);
    let records = dir.join("games.pgn");
    let mut args = vec!["match", game, "--players", players, "--tc", "nodes=20", "--games", "4"];
    args.extend(["--openings", "random:2", "--seed", "3", "--max-plies", "40"]);
    args.extend(["--records", records.to_str().unwrap()]);
    for engine in engines {
        args.extend(["--engine", engine.as_str()]);
    }
    let out = ok(&args);
    let ends = out.lines().find(|l| l.starts_with("Ends: ")).unwrap_or_default();
    let kinds: Vec<&str> = ends["Ends: ".len()..].split(", ").collect();
    assert!(kinds.iter().all(|k| k.starts_with("normal") || k.starts_with("max plies")), "{out}");
    let text = std::fs::read_to_string(&records).expect("records");
    let games = parse_records(&text).expect("records parse");
    assert_eq!(games.len(), 4, "{out}");
    games.iter().map(|g| g.moves.iter().map(|m| m.text.clone()).collect()).collect()
}

/// `greedy` behind `tabula ugi` against `random` plays the same games as `greedy` in-process.
fn same_games(game: &str, players: usize) {
    let players_text = players.to_string();
    let ugi =
        format!("name=greedy,cmd={},args=ugi {game} --players {players} --engine greedy", env!("CARGO_BIN_EXE_tabula"));
    let outside = match_moves(&format!("ugi-{game}-{players}"), game, &players_text, &[ugi, "random".into()]);
    let inside = match_moves(&format!("in-{game}-{players}"), game, &players_text, &["greedy".into(), "random".into()]);
    assert_eq!(outside, inside, "{game} with {players} seats");
}

#[test]
fn tabula_ugi_plays_as_in_process_in_every_game() {
    for game in tabula_rules::games::NAMES {
        same_games(game, 2);
    }
}

#[test]
fn tabula_ugi_plays_as_in_process_with_four_seats() {
    same_games("chinese-checkers", 4);
}

/// An engine written as a shell script, `body` after its first line, in `dir`.
#[cfg(unix)]
fn script(dir: &std::path::Path, name: &str, body: &str) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).expect("the script");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("executable");
    path.to_string_lossy().into_owned()
}

#[cfg(unix)]
#[test]
fn an_engine_that_dies_is_quoted_from_its_stderr_and_logged_beside_the_records() {
    let dir = scratch("dying-script");
    let dying = script(
        &dir,
        "dying.sh",
        r#"echo "dying: warming up" >&2
while read -r command rest; do
  case "$command" in
    ugi) echo "id name dying"; echo ugiok ;;
    isready) echo readyok ;;
    go) echo "dying: segmentation fault at the first move" >&2; exit 3 ;;
    quit) exit 0 ;;
  esac
done
"#,
    );
    let records = dir.join("games.pgn");
    let engine = format!("name=dying,cmd={dying}");
    let mut args = vec!["match", "chinese-checkers", "--tc", "nodes=10", "--games", "2"];
    args.extend(["--records", records.to_str().unwrap(), "--engine", &engine, "--engine", "random"]);
    ok(&args);
    let games = parse_records(&std::fs::read_to_string(&records).expect("records")).expect("records parse");
    assert_eq!(games.len(), 2);
    for game in &games {
        let termination = game.tag("Termination");
        assert_eq!(termination, Some("engine crashed; stderr: dying: segmentation fault at the first move"));
    }
    let log = std::fs::read_to_string(dir.join("games.pgn.dying.stderr.log")).expect("the log beside the records");
    for line in ["-- game 1", "-- game 2", "] dying: warming up", "] dying: segmentation fault at the first move"] {
        assert!(log.contains(line), "{line} in {log}");
    }

    // One that dies before ugiok stops the match before its first game, saying why.
    let dead = script(&dir, "dead.sh", "echo 'dead: cannot load the network' >&2\nexit 1\n");
    let engine = format!("cmd={dead}");
    let args = ["match", "chinese-checkers", "--tc", "nodes=10", "--engine", &engine, "--engine", "random"];
    fails(&args, &["exited before ugiok; stderr: dead: cannot load the network"]);
    std::fs::remove_dir_all(&dir).expect("the scratch dir goes");
}

/// Whether process `pid` runs (a zombie, dead but not yet reaped by its parent, does not).
#[cfg(target_os = "linux")]
fn runs(pid: u32) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return false };
    stat.rsplit_once(')').is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z'))
}

#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_kills_the_engines_and_what_they_started() {
    use std::time::{Duration, Instant};
    let dir = scratch("ctrl-c");
    let pids = dir.join("pids");
    let sleeper = script(
        &dir,
        "sleeper.sh",
        r#"while read -r command rest; do
  case "$command" in
    ugi) echo "id name sleeper"; echo ugiok ;;
    isready) echo readyok ;;
    go) sleep 300 & echo "$$ $!" >> "$1"; wait ;;
  esac
done
"#,
    );
    let engine = format!("name=sleeper,cmd={sleeper},args={}", pids.display());
    let runner =
        crate::spawn(&["match", "chinese-checkers", "--tc", "st=60", "--engine", &engine, "--engine", "random"]);
    let until = Instant::now() + Duration::from_secs(60);
    while std::fs::read_to_string(&pids).map_or(true, |p| p.split_whitespace().count() < 2) {
        assert!(Instant::now() < until, "the sleeper never thought");
        std::thread::sleep(Duration::from_millis(20));
    }
    let interrupted = std::process::Command::new("kill").args(["-INT", &runner.id().to_string()]).status();
    assert!(interrupted.is_ok_and(|s| s.success()));
    let out = runner.wait_with_output().expect("the runner ends");
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
    let pids: Vec<u32> =
        std::fs::read_to_string(&pids).unwrap().split_whitespace().map(|p| p.parse().unwrap()).collect();
    let until = Instant::now() + Duration::from_secs(5);
    while pids.iter().any(|&pid| runs(pid)) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(10));
    }
    for pid in pids {
        assert!(!runs(pid), "process {pid} outlived the interrupted match");
    }
    std::fs::remove_dir_all(&dir).expect("the scratch dir goes");
}
