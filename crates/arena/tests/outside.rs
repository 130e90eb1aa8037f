//! Outside engines in matches: a process that breaks the protocol in each way loses its
//! game with the reason in the record, is started afresh for the next game, and the match
//! completes; startup failures are errors before the first game.

use std::path::PathBuf;
use std::time::Duration;

use tabula_arena::TimeControl;
use tabula_arena::ugi::Fault;
use tabula_arena::{EngineEntry, MatchConfig, Source, Termination, parse_records, run_match};
use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};
use tabula_rules::{GameOptions, Seat};

use crate::wall;

/// The misbehaving engine (`examples/faulty_engine.rs`), which `cargo test` builds beside
/// the test binaries.
fn faulty() -> String {
    let mut dir = std::env::current_exe().expect("the test binary");
    dir.pop();
    if dir.ends_with("deps") {
        dir.pop();
    }
    let path: PathBuf = dir.join("examples").join(format!("faulty_engine{}", std::env::consts::EXE_SUFFIX));
    assert!(path.exists(), "{} is built by cargo test", path.display());
    path.to_string_lossy().into_owned()
}

fn options(max_plies: u32) -> CcOptions {
    let mut o = CcOptions::default();
    o.set_max_plies(Some(max_plies)).unwrap();
    o
}

/// Two games between the faulty engine in `mode` (faulting at its `at`th move) and
/// `random`, under `tc`.
fn faulty_match(mode: &str, at: usize, tc: TimeControl) -> Vec<tabula_arena::FinishedGame> {
    let engines = vec![
        EngineEntry::parse(&format!("name=faulty,cmd={},args={mode} {at}", faulty())).unwrap(),
        EngineEntry::parse("random").unwrap(),
    ];
    let mut config = MatchConfig::<ChineseCheckers>::new(options(60), engines, Some(tc), 2);
    config.margin = Duration::from_millis(50);
    run_match(&config, wall(), &mut |_| true).unwrap()
}

/// A fault mode, its control, the fault it must cause and how the record starts.
type Case = (&'static str, TimeControl, fn(&Fault) -> bool, &'static str);

#[test]
fn every_fault_loses_its_game_and_the_match_goes_on() {
    let nodes = TimeControl::Nodes(10);
    let cases: [Case; 7] = [
        ("illegal", nodes, |f| *f == Fault::IllegalMove("a1-a2".into()), "illegal move a1-a2"),
        (
            "give-up",
            nodes,
            |f| *f == Fault::GaveNoMove(Some("error I give up".into())),
            "no move: bestmove (none); info string: error I give up",
        ),
        ("malformed", nodes, |f| *f == Fault::IllegalMove("??".into()), "illegal move ??"),
        ("garbage", nodes, |f| matches!(f, Fault::Garbage(line) if line.contains("hello")), "garbage 'hello"),
        ("exit", nodes, |f| *f == Fault::Crashed, "engine crashed"),
        (
            "die",
            nodes,
            |f| *f == Fault::Stderr(Box::new(Fault::Crashed), "faulty: out of cheese".into()),
            "engine crashed; stderr: faulty: out of cheese",
        ),
        ("sleep", TimeControl::FixedPerMove(Duration::from_millis(100)), |f| *f == Fault::NoAnswer, "no answer"),
    ];
    for (mode, tc, is_fault, text) in cases {
        let games = faulty_match(mode, 2, tc);
        assert_eq!(games.len(), 2, "{mode}");
        for game in &games {
            let seat = Seat(game.pairing.seats.iter().position(|&e| e == 0).unwrap() as u8);
            let Termination::EngineError(loser, fault) = &game.termination else {
                panic!("{mode}: {:?}", game.termination)
            };
            assert_eq!(*loser, seat, "{mode}");
            assert!(is_fault(fault), "{mode}: {fault:?}");
            assert_eq!(game.line.ends, fault.kind(), "{mode}");
            assert_eq!(game.outcome.score(seat), 0.0);
            assert_eq!(game.record.tag("Termination"), Some(game.termination.to_string().as_str()));
            assert!(game.record.tag("Termination").unwrap().starts_with(text), "{mode}");
            // The fault came at the engine's second move: one move of its own was played.
            let first_seat_plies = if seat == Seat(0) { 2 } else { 3 };
            assert_eq!(game.plies, first_seat_plies, "{mode}");
        }
        let text: String = games.iter().map(|g| g.record.to_text(2)).collect();
        assert_eq!(parse_records(&text).unwrap().len(), 2);
    }
}

#[test]
fn a_well_behaved_outside_engine_plays_whole_games() {
    let games = faulty_match("none", 1, TimeControl::Nodes(10));
    for game in &games {
        assert_eq!(game.termination, Termination::MaxPlies);
        assert_eq!(game.plies, 60);
    }
}

#[test]
fn engines_that_cannot_start_are_errors_before_the_first_game() {
    let setup = |entry: &str| {
        let engines = vec![EngineEntry::parse(entry).unwrap(), EngineEntry::parse("random").unwrap()];
        let config = MatchConfig::<ChineseCheckers>::new(options(10), engines, Some(TimeControl::Nodes(1)), 2);
        let mut played = 0;
        let result = run_match(&config, wall(), &mut |_| {
            played += 1;
            true
        });
        assert_eq!(played, 0);
        result.unwrap_err().to_string()
    };
    let err = setup("name=ghost,cmd=/no/such/engine");
    assert!(err.contains("engine 'ghost'") && err.contains("cannot start '/no/such/engine'"), "{err}");
    let err = setup("cmd=true");
    assert!(err.contains("exited before ugiok"), "{err}");
    let err = setup(&format!("cmd={},args=none,option.hash=8", faulty()));
    assert!(err.contains("no option 'hash'"), "{err}");
    let err = setup(&format!("cmd={},args=die 0", faulty()));
    assert!(err.contains("exited before ugiok; stderr: faulty: out of cheese"), "{err}");

    // An engine that never sends ugiok: `cat` echoes `ugi` back.
    let mut entry = EngineEntry::parse("cmd=cat").unwrap();
    if let Source::Outside(command) = &mut entry.source {
        command.handshake = Duration::from_millis(300);
    }
    let engines = vec![entry, EngineEntry::parse("random").unwrap()];
    let config = MatchConfig::<ChineseCheckers>::new(options(10), engines, Some(TimeControl::Nodes(1)), 2);
    let err = run_match(&config, wall(), &mut |_| true).unwrap_err().to_string();
    assert!(err.contains("'cat' sent no ugiok within 0.3s"), "{err}");
}

#[test]
fn stderr_goes_to_a_log_beside_the_records() {
    let dir = std::env::temp_dir().join(format!("tabula-arena-stderr-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let records = dir.join("games.pgn");
    let engines = vec![
        EngineEntry::parse(&format!("name=dying/1,cmd={},args=die 2", faulty())).unwrap(),
        EngineEntry::parse("random").unwrap(),
    ];
    let mut config = MatchConfig::<ChineseCheckers>::new(options(60), engines, Some(TimeControl::Nodes(10)), 2);
    config.stderr_logs = Some(records.clone());
    let games = run_match(&config, wall(), &mut |_| true).unwrap();
    for game in &games {
        assert_eq!(game.termination.to_string(), "engine crashed; stderr: faulty: out of cheese");
    }
    let log = std::fs::read_to_string(dir.join("games.pgn.dying_1.stderr.log")).expect("the log beside the records");
    let lines: Vec<&str> = log.lines().collect();
    // Each game's process: started, its game, its last words; all from one process each.
    assert_eq!(lines.len(), 6, "{log}");
    for (game, process) in lines.chunks(3).enumerate() {
        let pid = process[0].split(']').next().unwrap();
        assert!(process[0].ends_with(&format!("-- started: {} die 2", faulty())), "{log}");
        assert_eq!(process[1], format!("{pid}] -- game {}", game + 1));
        assert_eq!(process[2], format!("{pid}] faulty: out of cheese"));
    }
    assert_ne!(lines[0].split(']').next(), lines[3].split(']').next(), "a process a game");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Whether process `pid` runs (a zombie, dead but not yet reaped by its parent, does not).
#[cfg(target_os = "linux")]
fn runs(pid: u32) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return false };
    stat.rsplit_once(')').is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z'))
}

#[cfg(target_os = "linux")]
#[test]
fn an_engine_that_never_answers_is_killed_with_the_processes_it_started() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("tabula-arena-sleeper-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // Thinks in a child that sleeps and never answers; it ignores `quit`, being busy waiting.
    let script = dir.join("sleeper.sh");
    let body = r#"#!/bin/sh
while read -r command rest; do
  case "$command" in
    ugi) echo "id name sleeper"; echo ugiok ;;
    isready) echo readyok ;;
    go) sleep 300 & echo "$$ $!" >> "$1/pids"; wait ;;
  esac
done
"#;
    std::fs::write(&script, body).unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let engines = vec![
        EngineEntry::parse(&format!("name=sleeper,cmd={},args={}", script.display(), dir.display())).unwrap(),
        EngineEntry::parse("random").unwrap(),
    ];
    let tc = TimeControl::FixedPerMove(Duration::from_millis(200));
    let mut config = MatchConfig::<ChineseCheckers>::new(options(20), engines, Some(tc), 2);
    config.margin = Duration::from_millis(50);
    let games = run_match(&config, wall(), &mut |_| true).unwrap();
    for game in &games {
        assert!(matches!(game.termination, Termination::EngineError(_, Fault::NoAnswer)), "{:?}", game.termination);
    }
    let pids = std::fs::read_to_string(dir.join("pids")).unwrap();
    let pids: Vec<u32> = pids.split_whitespace().map(|p| p.parse().unwrap()).collect();
    assert_eq!(pids.len(), 4, "an engine and its sleep in each game");
    // SIGKILL has been sent to each group before run_match returned; it is not instant.
    let until = std::time::Instant::now() + Duration::from_secs(5);
    while pids.iter().any(|&pid| runs(pid)) && std::time::Instant::now() < until {
        std::thread::sleep(Duration::from_millis(10));
    }
    for pid in pids {
        assert!(!runs(pid), "process {pid} outlived its engine");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn outside_engines_take_any_seat_of_three_four_and_six() {
    for players in [3, 4, 6] {
        let mut options = options(4 * players as u32);
        options.set_players(players).unwrap();
        let engines = vec![
            EngineEntry::parse(&format!("name=steady,cmd={},args=none", faulty())).unwrap(),
            EngineEntry::parse(&format!("name=crashing,cmd={},args=exit 3", faulty())).unwrap(),
            EngineEntry::parse("random").unwrap(),
        ];
        let config = MatchConfig::<ChineseCheckers>::new(options, engines, Some(TimeControl::Nodes(10)), players);
        let games = run_match(&config, wall(), &mut |_| true).unwrap();
        for game in &games {
            let crashing = game.pairing.seats.iter().position(|&e| e == 1);
            match crashing {
                // Its third move never comes: it ranks last, the others share first place.
                Some(seat) => {
                    assert_eq!(game.termination, Termination::EngineError(Seat(seat as u8), Fault::Crashed));
                    let ranks = game.outcome.ranks();
                    assert!(
                        (0..players).all(|s| ranks[s] as usize == if s == seat { players } else { 1 }),
                        "{ranks:?}"
                    );
                }
                None => assert_eq!(game.termination, Termination::MaxPlies, "{players} seats"),
            }
        }
        let text: String = games.iter().map(|g| g.record.to_text(players)).collect();
        assert_eq!(parse_records(&text).unwrap().len(), games.len());
    }
}
