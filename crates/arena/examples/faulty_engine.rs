//! A UGI engine for Chinese Checkers that misbehaves on purpose, for the runner's tests.
//!
//! `faulty_engine MODE [K]` plays the first legal move of every position, except that its
//! `K`th move (1 by default) is replaced by the fault `MODE`:
//!
//! * `illegal`: a move that is not legal (a peg moved from an empty cell);
//! * `malformed`: `bestmove` followed by text that is no move;
//! * `garbage`: a line that is not the protocol;
//! * `sleep`: no answer for ten seconds;
//! * `exit`: exits without answering;
//! * `give-up`: `info string error I give up`, then `bestmove (none)`;
//! * `die`: writes `faulty: out of cheese` on stderr and exits (with `K` 0, at `ugi`);
//! * `none`: no fault.
//!
//! It keeps its move count over a whole process, so a runner that restarts it for every
//! game sees the fault in every game.

use std::io::{BufRead, Write};
use std::time::Duration;

use tabula_arena::ugi::{Command, Reply, Start};
use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};
use tabula_rules::{Game, MoveList};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).cloned().unwrap_or_else(|| "none".into());
    let fault_at: usize = args.get(2).and_then(|k| k.parse().ok()).unwrap_or(1);
    let mut game = ChineseCheckers::new(&CcOptions::default()).expect("the default options");
    let mut made = 0;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let reply = |out: &mut std::io::StdoutLock<'_>, text: String| {
            let _ = writeln!(out, "{text}").and_then(|_| out.flush());
        };
        match line.parse::<Command>() {
            Ok(Command::Ugi) if mode == "die" && fault_at == 0 => {
                eprintln!("faulty: out of cheese");
                return;
            }
            Ok(Command::Ugi) => {
                reply(&mut out, Reply::Name(format!("faulty {mode}")).to_string());
                reply(&mut out, Reply::UgiOk.to_string());
            }
            Ok(Command::IsReady) => reply(&mut out, Reply::ReadyOk.to_string()),
            Ok(Command::Position { start, moves }) => {
                let start = match start {
                    Start::StartPos => ChineseCheckers::new(&CcOptions::default()).ok(),
                    Start::Fen(text) => ChineseCheckers::from_text(&text).ok(),
                };
                if let Some(mut g) = start {
                    for m in moves {
                        match g.parse_move(&m) {
                            Ok(mv) => g.play(mv),
                            Err(_) => break,
                        }
                    }
                    game = g;
                }
            }
            Ok(Command::Go(_)) => {
                made += 1;
                let mut list = MoveList::new();
                game.legal_moves(&mut list);
                let first = list.as_slice().first().map_or("none".into(), |&mv| game.format_move(mv));
                let text = match (made == fault_at, mode.as_str()) {
                    (true, "illegal") => Reply::BestMove("a1-a2".into()).to_string(),
                    (true, "malformed") => "bestmove ??".to_string(),
                    (true, "garbage") => "hello from the engine".to_string(),
                    (true, "sleep") => {
                        std::thread::sleep(Duration::from_secs(10));
                        Reply::BestMove(first).to_string()
                    }
                    (true, "exit") => return,
                    (true, "die") => {
                        eprintln!("faulty: out of cheese");
                        return;
                    }
                    (true, "give-up") => format!("info string error I give up\n{}", Reply::BestMove("(none)".into())),
                    _ => Reply::BestMove(first).to_string(),
                };
                reply(&mut out, text);
            }
            Ok(Command::Quit) => return,
            _ => {}
        }
    }
}
