//! Whatever is read, the engine answers and ends cleanly: random lines built from the
//! protocol's words, numbers, moves and noise.

use std::io::{self, Cursor, Write};
use std::sync::{Arc, Mutex};

use proptest::prelude::*;
use tabula_rules::games::chinese_checkers::ChineseCheckers;
use tabula_rules::games::martian_chess::MartianChess;

use super::UgiEngine;
use crate::ugi::Command;

/// Keeps everything written to it.
#[derive(Clone, Default)]
struct Kept(Arc<Mutex<Vec<u8>>>);

impl Write for Kept {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.lock().map_err(|_| io::Error::other("poisoned"))?.extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

const WORDS: &[&str] = &[
    "ugi",
    "isready",
    "setoption",
    "name",
    "value",
    "uginewgame",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "stop",
    "query",
    "quit",
    "gameover",
    "p1turn",
    "result",
    "turn",
    "seats",
    "p0time",
    "p1time",
    "p2time",
    "p3time",
    "p6time",
    "p1inc",
    "wtime",
    "btime",
    "winc",
    "binc",
    "p4inc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "infinite",
    "threads",
    "hash",
    "model",
    "contempt",
    "0",
    "1",
    "2",
    "-1",
    "18446744073709551616",
    "99999999999",
    "j14-j13",
    "k15-i13",
    "d3-d5",
    "b2-a3!",
    "pass",
    "chinese-checkers",
    "martian-chess",
    "players=2",
    "turn=0",
    "board=",
    "é",
    "\u{0}",
    "\t",
    "\u{FEFF}",
];

/// Lines of protocol words in random order, with noise; a third of them are `go` lines.
fn lines() -> impl Strategy<Value = Vec<u8>> {
    let word = prop_oneof![8 => proptest::sample::select(WORDS).prop_map(str::to_string), 1 => ".{0,6}"];
    let words = proptest::collection::vec(word, 0..8).prop_map(|words| words.join(" "));
    let line = prop_oneof![2 => words.clone(), 1 => words.prop_map(|words| format!("go {words}"))];
    proptest::collection::vec(line, 0..20).prop_map(|lines| (lines.join("\n") + "\n").into_bytes())
}

/// Serves `input` to game `G`: no panic, a clean end (which stops any search), and one
/// `bestmove` for every `go` line read, well formed or not.
fn serves<G: tabula_engine::EngineGame>(input: Vec<u8>, spec: &str) {
    let kept = Kept::default();
    let engine = UgiEngine::<G>::new(Default::default(), spec).unwrap();
    engine.serve(Cursor::new(input.clone()), kept.clone()).unwrap();
    let out = String::from_utf8(kept.0.lock().unwrap().clone()).unwrap();
    assert!(out.is_empty() || out.ends_with('\n'));
    let text = String::from_utf8_lossy(&input);
    let read = text.split('\n').take_while(|line| line.parse::<Command>() != Ok(Command::Quit));
    let gos = read.filter(|line| line.split_whitespace().next() == Some("go")).count();
    let answers = out.lines().filter(|line| line.starts_with("bestmove ")).count();
    assert_eq!(gos, answers, "{text:?} gave {out}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn no_input_breaks_the_engine(input in lines()) {
        serves::<ChineseCheckers>(input.clone(), "alphabeta:hash=1");
        serves::<MartianChess>(input, "greedy");
    }
}
