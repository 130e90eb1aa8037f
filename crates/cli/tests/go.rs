//! `tabula go`: info lines, a legal best move, and bad input.

use crate::{fails, ok};

/// The legal moves `tabula show` lists for the same position.
fn legal(moves: &str) -> Vec<String> {
    let mut args = vec!["show", "chinese-checkers"];
    if !moves.is_empty() {
        args.extend(["--moves", moves]);
    }
    let shown = ok(&args);
    let line = shown.lines().find(|l| l.starts_with("legal moves")).unwrap().to_string();
    line.split_once(": ").unwrap().1.split(' ').map(str::to_string).collect()
}

#[test]
fn prints_iterations_then_a_legal_bestmove() {
    for engine in [
        "alphabeta",
        "alphabeta:threads=2,hash=4",
        "mcts:seed=1",
        "mcts:threads=2,cap=30",
        "minimax",
        "greedy",
        "random:seed=3",
    ] {
        for (moves, limit) in [("", ["--depth", "3"]), ("j14-j13,g3-g5", ["--nodes", "2000"]), ("", ["--think", "0.2"])]
        {
            let mut args = vec!["go", "chinese-checkers", "--engine", engine, limit[0], limit[1]];
            if !moves.is_empty() {
                args.extend(["--moves", moves]);
            }
            let out = ok(&args);
            let lines: Vec<&str> = out.lines().collect();
            let (last, infos) = lines.split_last().unwrap();
            assert!(!infos.is_empty() && infos.iter().all(|l| l.starts_with("info depth=")), "{out}");
            let best = last.strip_prefix("bestmove ").expect("last line is bestmove");
            assert!(legal(moves).contains(&best.to_string()), "{engine}: {best} is not legal");
        }
    }
}

/// Without `--engine`, the game's default searcher plays: alpha-beta, MCTS in six-seat E
/// and Chinese Checkers with three to five seats or without a blocking rule.
#[test]
fn the_default_engine_is_the_games() {
    let best = |args: &[&str]| ok(args).lines().last().unwrap().to_string();
    let cc = ["go", "chinese-checkers", "--depth", "4"];
    assert_eq!(best(&cc), best(&[&cc[..], &["--engine", "alphabeta"]].concat()));
    let e6 = ["go", "e", "--players", "6", "--nodes", "300"];
    assert_eq!(best(&e6), best(&[&e6[..], &["--engine", "mcts"]].concat()));
    assert_ne!(best(&e6), best(&[&e6[..], &["--engine", "alphabeta"]].concat()));
    let cc3 = ["go", "chinese-checkers", "--players", "3", "--nodes", "300"];
    assert_eq!(best(&cc3), best(&[&cc3[..], &["--engine", "mcts"]].concat()));
    assert_ne!(best(&cc3), best(&[&cc3[..], &["--engine", "alphabeta"]].concat()));
    let no_block = ["go", "chinese-checkers", "--opt", "cc.anti_block=none", "--nodes", "300"];
    assert_eq!(best(&no_block), best(&[&no_block[..], &["--engine", "mcts"]].concat()));
    assert_ne!(best(&no_block), best(&[&no_block[..], &["--engine", "alphabeta"]].concat()));
}

#[test]
fn depth_limit_is_the_last_iteration() {
    let out = ok(&["go", "chinese-checkers", "--engine", "alphabeta", "--depth", "4"]);
    let infos: Vec<&str> = out.lines().filter(|l| l.starts_with("info")).collect();
    assert_eq!(infos.len(), 4);
    assert!(infos[3].starts_with("info depth=4 "));
    assert!(infos[3].contains(" pv ") && infos[3].split(" pv ").nth(1).unwrap().split(' ').count() >= 1);
}

#[test]
fn time_controls_are_accepted() {
    for tc in ["st=0.1", "1+0.01", "40/2", "nodes=500", "depth=2", "0:01"] {
        let out = ok(&["go", "chinese-checkers", "--engine", "alphabeta", "--tc", tc]);
        assert!(out.lines().last().unwrap().starts_with("bestmove "), "{tc}");
    }
}

#[test]
fn bad_input_exits_2_naming_the_token() {
    let go = |extra: &[&'static str]| {
        let mut v = vec!["go", "chinese-checkers"];
        v.extend_from_slice(extra);
        v
    };
    fails(&go(&["--engine", "negamax", "--depth", "1"]), &["'negamax'"]);
    fails(&go(&["--engine", "alphabeta:depth=3", "--depth", "1"]), &["'depth'"]);
    fails(&go(&["--engine", "alphabeta:threads=0", "--depth", "1"]), &["'0'"]);
    fails(&go(&["--engine", "alphabeta", "--tc", "10+x"]), &["'10+x'"]);
    fails(&go(&["--engine", "alphabeta", "--think", "-1"]), &["-1"]);
    fails(&go(&["--engine", "alphabeta", "--think", "0"]), &["'0'"]);
    fails(&go(&["--engine", "alphabeta", "--depth", "0"]), &["'0'"]);
    fails(&go(&["--engine", "alphabeta", "--depth", "2", "--nodes", "5"]), &["--nodes"]);
    fails(&go(&["--engine", "alphabeta", "--moves", "j14-j12"]), &["'j14-j12'"]);
    fails(&["go", "chess", "--engine", "greedy"], &["'chess'"]);
    let over = "chinese-checkers players=2 camps=03 turn=0 ply=4 passes=0 max_plies=4 \
        board=0/00/000/0000/............./............/.........../........../........./........../.........../............/............./1111/111/11/1";
    fails(&go(&["--engine", "greedy", "--position", over]), &["game is over"]);
}

#[test]
fn bench_signature_is_stable_with_one_thread() {
    let run = || ok(&["bench", "--depth", "3"]);
    let (a, b) = (run(), run());
    let signature = |out: &str| out.lines().last().unwrap().split("signature=").nth(1).unwrap().to_string();
    assert_eq!(signature(&a), signature(&b));
    assert!(a.lines().last().unwrap().starts_with("bench nodes="));
    assert_eq!(a.lines().filter(|l| l.starts_with("chinese-checkers ")).count(), 6);
    fails(&["bench", "chess"], &["'chess'"]);
    fails(&["bench", "--threads", "0"], &["'0'"]);
}

#[test]
fn opponent_models_search_three_and_more_seats() {
    for players in ["3", "4", "6"] {
        for engine in ["alphabeta:model=paranoid", "alphabeta:model=best-reply", "alphabeta:model=maxn"] {
            let out = ok(&["go", "chinese-checkers", "--players", players, "--engine", engine, "--depth", "3"]);
            let last = out.lines().last().unwrap();
            assert!(last.starts_with("bestmove "), "{engine}, {players} players: {out}");
            assert_eq!(out.lines().filter(|l| l.starts_with("info depth=")).count(), 3, "{out}");
        }
    }
    fails(&["go", "chinese-checkers", "--engine", "alphabeta:model=minimax", "--depth", "1"], &["'minimax'"]);
}
