//! `tabula ugi`: the real binary driven through stdin for every game and player count, its
//! answers checked with the rules; bad lines answered while it keeps serving; closing stdin
//! ends it with status 0.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use tabula_engine::EngineGame;
use tabula_rules::{Game, GameOptions, MAX_SEATS, Seat};

use crate::fails;

/// How long any answer may take before the test fails rather than hangs.
const PATIENCE: Duration = Duration::from_secs(120);

/// A running `tabula ugi`: commands in, answer lines out.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    what: String,
}

impl Engine {
    fn start(args: &[&str]) -> Self {
        let mut child = crate::spawn(&[&["ugi"], args].concat());
        let stdout = child.stdout.take().expect("stdout");
        let (to, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = to.send(line);
            }
        });
        let stdin = child.stdin.take();
        Engine { child, stdin, lines, what: format!("tabula ugi {}", args.join(" ")) }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin.as_mut().expect("stdin open"), "{line}").expect("the engine reads");
    }

    /// The next line that is not a search report.
    fn next(&self) -> String {
        loop {
            let line = self.lines.recv_timeout(PATIENCE).unwrap_or_else(|_| panic!("{}: no answer", self.what));
            if !line.starts_with("info depth ") {
                return line;
            }
        }
    }

    /// Sends `line` (and an `isready`): exactly `answers`, then `readyok`.
    fn exchange(&mut self, line: &str, answers: &[&str]) {
        self.send(line);
        if line != "isready" {
            self.send("isready");
        }
        for answer in answers.iter().chain(&["readyok"]) {
            assert_eq!(self.next(), *answer, "{}: after '{line}'", self.what);
        }
    }

    /// Sends a bad line: one `info string error` naming `token`, and the engine serves on.
    fn refused(&mut self, line: &str, token: &str) {
        self.send(line);
        let answer = self.next();
        assert!(
            answer.starts_with("info string error ") && answer.contains(token),
            "{}: '{line}' gave: {answer}",
            self.what
        );
        self.exchange("isready", &[]);
    }

    /// Sends a `go` that cannot search: one `info string error` naming `token`, then exactly
    /// one `bestmove (none)`, and the engine serves on.
    fn refused_go(&mut self, line: &str, token: &str) {
        self.send(line);
        let answer = self.next();
        assert!(
            answer.starts_with("info string error ") && answer.contains(token),
            "{}: '{line}' gave: {answer}",
            self.what
        );
        self.exchange("isready", &["bestmove (none)"]);
    }

    /// Closes stdin: the engine ends with status 0 and nothing on stderr.
    fn close(mut self) {
        drop(self.stdin.take());
        let out = self.child.wait_with_output().expect("the engine ends");
        assert!(out.status.success(), "{}: exit status {:?}", self.what, out.status.code());
        assert!(out.stderr.is_empty(), "{}: stderr: {}", self.what, String::from_utf8_lossy(&out.stderr));
    }
}

/// Every query answer for `game`, as the rules say.
fn queries<G: Game>(engine: &mut Engine, game: &G) {
    let yes = |b: bool| if b { "true" } else { "false" };
    engine.exchange("query gameover", &[&format!("response {}", yes(game.is_over()))]);
    engine.exchange("query p1turn", &[&format!("response {}", yes(game.to_move() == Seat(0)))]);
    engine.exchange("query turn", &[&format!("response p{}", game.to_move().index() + 1)]);
    engine.exchange("query seats", &[&format!("response {}", game.seats())]);
    engine.exchange("query result", &["response none"]);
}

/// A session of game `G` with `players` seats: identification, searches under each kind of
/// limit with a legal best move, the queries, bad lines, and the end of stdin.
fn session<G: EngineGame>(players: usize) {
    let mut options = G::Options::default();
    options.set_players(players).expect("a player count of the game");
    let mut game = G::new(&options).expect("the start");
    let seats = players.to_string();
    let mut engine = Engine::start(&[G::NAME, "--players", &seats, "--engine", "alphabeta:hash=2"]);

    engine.send("ugi");
    assert_eq!(engine.next(), format!("id name Tabula alphabeta ({})", G::NAME));
    assert!(engine.next().starts_with("id author "));
    let counts = player_counts::<G>();
    let (min, max) = (counts[0], counts[counts.len() - 1]);
    assert_eq!(engine.next(), format!("option name players type spin default {players} min {min} max {max}"));
    loop {
        let line = engine.next();
        if line == "ugiok" {
            break;
        }
        assert!(line.starts_with("option name "), "{}: {line}", engine.what);
    }
    engine.exchange("isready", &[]);
    engine.exchange("setoption name Threads value 1", &[]);
    engine.exchange("uginewgame", &[]);
    engine.exchange("position startpos", &[]);
    queries(&mut engine, &game);

    let clocks: Vec<String> = (1..=players).map(|k| format!("p{k}time 2000 p{k}inc 20")).collect();
    let mut played = Vec::new();
    for go in ["go depth 2", "go nodes 300", &format!("go {}", clocks.join(" ")), "go movetime 30"] {
        engine.send(go);
        let answer = engine.next();
        let best = answer.strip_prefix("bestmove ").unwrap_or_else(|| panic!("{}: '{go}' gave {answer}", engine.what));
        let mv = game.parse_move(best).unwrap_or_else(|e| panic!("{}: '{go}' gave {best}: {e}", engine.what));
        game.play(mv);
        played.push(best.to_string());
        engine.exchange(&format!("position startpos moves {}", played.join(" ")), &[]);
        queries(&mut engine, &game);
    }

    engine.refused("frobnicate now", "'frobnicate'");
    engine.refused_go("go depth soon", "'soon'");
    engine.refused(&format!("position startpos moves {} zz99", played.join(" ")), "'zz99'");
    engine.refused("position fen nonsense", "'nonsense'");
    engine.refused_go(&format!("go p{}time 5", MAX_SEATS + 1), &format!("'p{}time'", MAX_SEATS + 1));
    queries(&mut engine, &game);
    engine.close();
}

/// The player counts game `G` seats.
fn player_counts<G: Game>() -> Vec<usize> {
    (2..=MAX_SEATS).filter(|&n| G::Options::default().set_players(n).is_ok()).collect()
}

macro_rules! every_game {
    ($($game:ty),* $(,)?) => {
        #[test]
        fn every_game_and_player_count_serves_ugi() {
            $(for players in player_counts::<$game>() {
                session::<$game>(players);
            })*
        }
    };
}

tabula_rules::for_each_game!(every_game);

#[test]
fn an_infinite_search_stops_and_quit_ends() {
    let mut engine = Engine::start(&["chinese-checkers"]);
    engine.send("go infinite");
    engine.exchange("query turn", &["response p1"]);
    engine.send("stop");
    assert!(engine.next().starts_with("bestmove "));
    engine.send("quit");
    let out = engine.child.wait_with_output().expect("the engine ends");
    assert!(out.status.success());
}

#[test]
fn bad_arguments_exit_2_naming_the_token() {
    fails(&["ugi", "chess"], &["'chess'"]);
    fails(&["ugi", "chinese-checkers", "--engine", "negamax"], &["'negamax'"]);
    fails(&["ugi", "chinese-checkers", "--engine", "alphabeta:threads=0"], &["'0'"]);
    fails(&["ugi", "chinese-checkers", "--players", "9"], &["'9'"]);
    fails(&["ugi", "e", "--opt", "no.such=1"], &["'no.such'"]);
    fails(&["ugi", "e", "--opt", "nonsense"], &["'nonsense'"]);
}
