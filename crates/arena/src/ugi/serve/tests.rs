//! Sessions with the engine through a pipe: every answer checked in order.

use std::io::{self, BufReader, Cursor, PipeWriter, Write};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use tabula_engine::EngineGame;
use tabula_engine::settings::ALPHABETA;
use tabula_rules::games::chinese_checkers::ChineseCheckers;
use tabula_rules::games::martian_chess::MartianChess;
use tabula_rules::{Game, GameOptions, Outcome, Seat};

use super::{UgiEngine, result};
use crate::ugi::Reply;

/// How long any answer may take before the test fails rather than hangs.
const PATIENCE: Duration = Duration::from_secs(60);

/// Sends each whole line written to it.
struct Lines {
    to: Sender<String>,
    partial: Vec<u8>,
}

impl Write for Lines {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.partial.extend_from_slice(bytes);
        while let Some(end) = self.partial.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.partial.drain(..=end).collect();
            let _ = self.to.send(String::from_utf8_lossy(&line[..end]).into_owned());
        }
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// An engine serving on a thread: commands in through a pipe, answers out line by line.
struct Session<G: EngineGame> {
    input: Option<PipeWriter>,
    answers: Receiver<String>,
    engine: JoinHandle<io::Result<()>>,
    /// The position as the test tracks it, to check moves with the rules.
    game: G,
    /// The moves from the start to `game`.
    moves: Vec<String>,
}

impl<G: EngineGame> Session<G> {
    fn new(options: G::Options, spec: &str) -> Self {
        let game = G::new(&options).unwrap();
        let engine = UgiEngine::<G>::new(options, spec).unwrap();
        let (reader, writer) = io::pipe().unwrap();
        let (to, answers) = channel();
        let engine =
            std::thread::spawn(move || engine.serve(BufReader::new(reader), Lines { to, partial: Vec::new() }));
        Session { input: Some(writer), answers, engine, game, moves: Vec::new() }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input.as_mut().unwrap(), "{line}").unwrap();
    }

    /// The next line, search reports included.
    fn raw(&self) -> String {
        self.answers.recv_timeout(PATIENCE).expect("an answer in time")
    }

    /// The next line that is not a search report.
    fn next(&self) -> String {
        loop {
            let line = self.raw();
            if !line.starts_with("info ") || line.starts_with("info string ") {
                return line;
            }
        }
    }

    /// Sends `line` and expects exactly `answers` back (then `readyok` to an `isready`
    /// sent after it, so that nothing more came).
    fn exchange(&mut self, line: &str, answers: &[&str]) {
        self.send(line);
        if line != "isready" {
            self.send("isready");
        }
        for answer in answers.iter().chain(&["readyok"]) {
            assert_eq!(self.next(), *answer, "after '{line}'");
        }
    }

    /// Sends `line` and expects one `info string error` line naming `token`.
    fn refused(&mut self, line: &str, token: &str) {
        self.send(line);
        let answer = self.next();
        assert!(answer.starts_with("info string error ") && answer.contains(token), "'{line}' gave: {answer}");
        self.exchange("isready", &[]);
    }

    /// Sends a `go` that cannot search: one `info string error` line naming `token`, then
    /// exactly one `bestmove (none)`.
    fn refused_go(&mut self, line: &str, token: &str) {
        self.send(line);
        let answer = self.next();
        assert!(answer.starts_with("info string error ") && answer.contains(token), "'{line}' gave: {answer}");
        self.exchange("isready", &["bestmove (none)"]);
    }

    fn query(&mut self, what: &str, response: &str) {
        self.exchange(&format!("query {what}"), &[&format!("response {response}")]);
    }

    /// Sends a `go`, checks its info lines and a legal `bestmove`, and gives the move.
    fn go(&mut self, line: &str) -> String {
        self.send(line);
        loop {
            let answer = self.raw();
            if let Some(best) = answer.strip_prefix("bestmove ") {
                assert!(self.game.parse_move(best).is_ok(), "'{line}': {best} is not legal");
                return best.to_string();
            }
            let Ok(Reply::Info(info)) = answer.parse::<Reply>() else { panic!("'{line}' gave: {answer}") };
            assert!(info.depth.is_some() && info.nodes.is_some() && info.time.is_some(), "{answer}");
            assert!(answer.starts_with("info depth "), "{answer}");
        }
    }

    /// Plays moves on the tracked position and sends it as `position startpos moves ...`.
    fn play(&mut self, moves: &[&str]) {
        for text in moves {
            let mv = self.game.parse_move(text).unwrap();
            self.game.play(mv);
            self.moves.push(text.to_string());
        }
        self.exchange(&format!("position startpos moves {}", self.moves.join(" ")), &[]);
    }

    /// Closes the input (or sends `quit`) and expects the engine to end cleanly with
    /// `last` as its final answers.
    fn end(mut self, quit: bool, last: &[&str]) {
        if quit {
            self.send("quit");
        }
        drop(self.input.take());
        for answer in last {
            assert_eq!(self.next(), *answer);
        }
        self.engine.join().expect("no panic").expect("served cleanly");
        assert!(self.answers.try_recv().is_err(), "nothing after the end");
    }
}

#[test]
fn a_two_seat_session_answers_every_command() {
    let mut s = Session::<ChineseCheckers>::new(Default::default(), "alphabeta:hash=4");
    s.send("ugi");
    assert_eq!(s.next(), "id name Tabula alphabeta (chinese-checkers)");
    assert_eq!(s.next(), "id author The Tabula developers");
    assert_eq!(s.next(), "option name players type spin default 2 min 2 max 6");
    let options: Vec<String> = ALPHABETA.iter().map(|_| s.next()).collect();
    for (line, setting) in options.iter().zip(ALPHABETA) {
        assert!(line.starts_with(&format!("option name {} type ", setting.key())), "{line}");
        assert!(matches!(line.parse(), Ok(Reply::Option(_))), "{line}");
    }
    assert_eq!(options[0], "option name threads type spin default 1 min 1 max 256");
    assert_eq!(options[1], "option name hash type spin default 4 min 1 max 65536");
    assert_eq!(options[3], "option name model type combo default paranoid var paranoid var best-reply var maxn");
    assert_eq!(s.next(), "ugiok");
    s.exchange("isready", &[]);
    s.exchange("setoption name Hash value 8", &[]);
    s.refused("setoption name hash value 0", "'0'");
    s.refused("setoption name depth value 3", "'depth'");
    if let Some(room) = tabula_engine::memory::headroom() {
        // Two tables of 60% of the memory, one after the other: the first is let go before
        // the second is claimed. More than the memory is refused, and the last good
        // searcher is built again for the next search.
        let mb = (room.mb() * 6 / 10).min(65_536);
        s.exchange(&format!("setoption name hash value {mb}"), &[]);
        s.exchange(&format!("setoption name hash value {}", mb - 1), &[]);
        if room.mb() < 65_536 {
            s.refused(&format!("setoption name hash value {}", room.mb() + 1), "more than the memory available");
            s.go("go depth 1");
        }
        s.exchange("setoption name hash value 8", &[]);
    }
    s.exchange("uginewgame", &[]);
    s.play(&["j14-j13", "g3-g5"]);
    s.query("gameover", "false");
    s.query("p1turn", "true");
    s.query("result", "none");
    s.query("turn", "p1");
    s.query("seats", "2");
    for go in ["go depth 2", "go nodes 500", "go movetime 50", "go p1time 1000 p2time 1000 p1inc 10 p2inc 10"] {
        s.go(go);
    }
    s.go("go nodes 1");
    let best = s.go("go depth 1 movestogo 3 p1time 100 p2time 5");
    s.play(&[&best]);
    s.query("p1turn", "false");
    s.query("turn", "p2");

    // Bad lines are answered and the engine keeps serving, its position unchanged.
    s.refused("launch", "'launch'");
    s.refused_go("go depth deep", "'deep'");
    s.refused_go("go p7time 5", "'p7time'");
    s.refused("query weather", "'weather'");
    s.refused("isready now", "'now'");
    s.refused("position startpos moves j14-j13 j14-j12", "'j14-j12'");
    s.refused("position fen nonsense", "'nonsense'");
    s.refused("position fen chinese-checkers players=2 turn=9", "turn");
    s.query("turn", "p2");
    s.input.as_mut().unwrap().write_all(b"\xff\xfe go\n").unwrap();
    let answer = s.next();
    assert!(answer.starts_with("info string error ") && answer.contains('\u{FFFD}'), "{answer}");
    s.exchange("", &[]);

    // A position text, then moves after it.
    let text = s.game.to_text();
    s.exchange(&format!("position fen {text}"), &[]);
    s.query("turn", "p2");
    let best = s.go("go depth 2");
    let mv = s.game.parse_move(&best).unwrap();
    s.game.play(mv);
    s.exchange(&format!("position fen {text} moves {best}"), &[]);
    s.query("turn", "p1");
    s.end(true, &[]);
}

#[test]
fn every_malformed_go_gets_an_error_and_one_bestmove_none() {
    let mut s = Session::<ChineseCheckers>::new(Default::default(), "greedy");
    s.play(&["j14-j13"]);
    let malformed = [
        ("go depth deep", "'deep'"),
        ("go depth", "'depth' needs a value"),
        ("go depth -3", "'-3'"),
        ("go movetime -5", "'-5'"),
        ("go movetime", "'movetime' needs a value"),
        ("go nodes 1.5", "'1.5'"),
        ("go movestogo many", "'many'"),
        ("go p1time 1000 p2time soon", "'soon'"),
        ("go p0time 5", "'p0time'"),
        ("go p7time 5", "'p7time'"),
        ("go p1inc", "'p1inc' needs a value"),
        ("go depth 3 frobnicate", "'frobnicate'"),
        ("go ponder", "'ponder'"),
        ("go 1000", "'1000'"),
        ("go \u{0}", "'\u{0}'"),
        // p2 is to move, and the clocks are only p1's.
        ("go p1time 1000 p1inc 10", "p2time"),
    ];
    for (line, token) in malformed {
        s.refused_go(line, token);
    }
    // Each came with exactly one bestmove: a good `go` is answered by its own.
    let best = s.go("go depth 1");
    s.play(&[&best]);
    s.exchange(&format!("position fen {CC_DRAWN}"), &[]);
    s.refused_go("go depth 1", "game over (draw)");
    s.refused_go("go infinite", "game over (draw)");
    s.end(true, &[]);
}

#[test]
fn stop_answers_an_infinite_search_at_once() {
    let mut s = Session::<ChineseCheckers>::new(Default::default(), "alphabeta:threads=2");
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    // While it thinks: answers, and refusals of what would change its position.
    s.exchange("isready", &[]);
    s.query("turn", "p1");
    s.query("gameover", "false");
    for busy in ["position startpos moves j14-j13", "uginewgame", "setoption name hash value 2"] {
        let word = busy.split(' ').next().unwrap();
        s.refused(busy, &format!("'{word}' while searching"));
    }
    // A `go` refused meanwhile, well formed or not, is owed its own `bestmove (none)`,
    // which follows the search's.
    s.refused("go depth 1", "'go' while searching");
    s.refused("go depth deep", "'deep'");
    s.send("stop");
    let asked = Instant::now();
    let best = s.next();
    assert!(asked.elapsed() < Duration::from_secs(1), "bestmove took {:?}", asked.elapsed());
    let best = best.strip_prefix("bestmove ").expect("a bestmove");
    assert!(s.game.parse_move(best).is_ok(), "{best}");
    s.exchange("stop", &["bestmove (none)", "bestmove (none)"]);
    s.exchange("stop", &[]);
    s.play(&[best]);
    s.query("turn", "p2");
    // The end of the input stops a search, which answers first.
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    drop(s.input.take());
    assert!(s.next().starts_with("bestmove "));
    s.engine.join().unwrap().unwrap();
}

#[test]
fn an_infinite_search_answers_only_when_stopped() {
    // Greedy is done at once; its bestmove still waits for stop.
    let mut s = Session::<ChineseCheckers>::new(Default::default(), "greedy");
    s.send("go infinite");
    s.exchange("isready", &[]);
    std::thread::sleep(Duration::from_millis(200));
    s.exchange("query seats", &["response 2"]);
    s.refused("go nodes 5", "'go' while searching");
    s.send("stop");
    let best = s.next();
    assert!(s.game.parse_move(best.strip_prefix("bestmove ").unwrap()).is_ok(), "{best}");
    s.exchange("isready", &["bestmove (none)"]);
    s.end(true, &[]);
}

#[test]
fn four_seats_use_the_movers_clock() {
    let mut options = <ChineseCheckers as Game>::Options::default();
    options.set_players(4).unwrap();
    let mut s = Session::<ChineseCheckers>::new(options, "alphabeta");
    s.exchange("uginewgame", &[]);
    s.query("seats", "4");
    let best = s.go("go p1time 60000 p2time 60000 p3time 60000 p4time 60000 p1inc 100 p2inc 100 p3inc 100 p4inc 100");
    s.play(&[&best]);
    let best = s.go("go p1time 500 p2time 500 p3time 500 p4time 500 depth 2");
    s.play(&[&best]);
    s.query("turn", "p3");
    s.query("p1turn", "false");
    let started = Instant::now();
    s.go("go p1time 60000 p2time 60000 p3time 200 p4time 60000");
    assert!(started.elapsed() < Duration::from_secs(5), "p3's 0.2 s clock took {:?}", started.elapsed());
    s.send("go p1time 1000 p2time 1000");
    let answer = s.next();
    assert!(answer.starts_with("info string error ") && answer.contains("p3time"), "{answer}");
    s.exchange("isready", &["bestmove (none)"]);
    s.end(false, &[]);
}

#[test]
fn chess_clock_names_serve_two_seats_only() {
    let mut s = Session::<ChineseCheckers>::new(Default::default(), "alphabeta:hash=1");
    let best = s.go("go wtime 1000 btime 1000 winc 10 binc 10");
    s.play(&[&best]);
    let best = s.go("go btime 300 wtime 5000");
    s.play(&[&best]);
    s.play(&["j14-j13"]);
    // p2 is to move: `wtime` alone leaves its clock out.
    s.refused_go("go wtime 1000", "p2time");
    s.refused_go("go wtime 1000 p1time 1000 btime 5", "'p1time' names a clock already given");
    s.end(true, &[]);

    let mut options = <ChineseCheckers as Game>::Options::default();
    options.set_players(3).unwrap();
    let mut s = Session::<ChineseCheckers>::new(options, "greedy");
    s.refused_go("go wtime 1000 btime 1000 winc 10 binc 10", "use p1time to p3time");
    s.refused_go("go p1time 1000 p2time 1000 p3time 1000 binc 10", "'binc'");
    s.go("go p1time 1000 p2time 1000 p3time 1000");
    s.end(true, &[]);
}

/// The lines `ugi` answers, up to `ugiok`.
fn handshake<G: EngineGame>(s: &mut Session<G>) -> Vec<String> {
    s.send("ugi");
    let mut lines = vec![s.next()];
    while lines.last().is_some_and(|l| l != "ugiok") {
        lines.push(s.next());
    }
    lines
}

#[test]
fn the_handshake_shows_the_seats_and_setoption_changes_them() {
    let mut options = <ChineseCheckers as Game>::Options::default();
    options.set_players(4).unwrap();
    let mut s = Session::<ChineseCheckers>::new(options, "greedy");
    let lines = handshake(&mut s);
    assert_eq!(lines[2], "option name players type spin default 4 min 2 max 6", "{lines:#?}");
    assert_eq!(lines[2].parse::<Reply>().unwrap().to_string(), lines[2]);
    s.query("seats", "4");

    // `players` sets the start of `position startpos` and `uginewgame`, not the position held.
    s.exchange("setoption name Players value 3", &[]);
    s.query("seats", "4");
    s.exchange("position startpos", &[]);
    s.query("seats", "3");
    s.exchange("setoption name players value 6", &[]);
    s.exchange("uginewgame", &[]);
    s.query("seats", "6");
    s.game = {
        let mut options = <ChineseCheckers as Game>::Options::default();
        options.set_players(6).unwrap();
        ChineseCheckers::new(&options).unwrap()
    };
    s.go("go nodes 50");
    let lines = handshake(&mut s);
    assert_eq!(lines[2], "option name players type spin default 6 min 2 max 6");

    s.refused("setoption name players value 7", "'7' for players (expected 2 to 6)");
    s.refused("setoption name players value many", "'many'");
    s.refused("setoption name players", "''");
    s.refused("setoption name seats value 2", "(known: players, weights)");
    s.exchange("position startpos", &[]);
    s.query("seats", "6");
    s.end(true, &[]);

    // A game of two players only says so.
    let mut s = Session::<tabula_rules::games::echelon::Echelon>::new(Default::default(), "greedy");
    assert_eq!(handshake(&mut s)[2], "option name players type spin default 2 min 2 max 2");
    s.refused("setoption name players value 3", "(expected 2)");
    s.end(true, &[]);
}

#[test]
fn a_position_text_brings_its_own_seat_count() {
    let three = {
        let mut options = <ChineseCheckers as Game>::Options::default();
        options.set_players(3).unwrap();
        ChineseCheckers::new(&options).unwrap()
    };
    let mut s = Session::<ChineseCheckers>::new(Default::default(), "alphabeta:hash=1");
    s.game = three;
    let text = s.game.to_text();
    s.exchange(&format!("position fen {text}"), &[]);
    s.query("seats", "3");
    // Every seat of the three searches, the third too.
    for turn in ["p1", "p2", "p3", "p1"] {
        s.query("turn", turn);
        let best = s.go("go depth 2");
        s.game.play(s.game.parse_move(&best).unwrap());
        s.moves.push(best);
        s.exchange(&format!("position fen {text} moves {}", s.moves.join(" ")), &[]);
    }
    // And back to the engine's own start, of two seats.
    s.exchange("position startpos", &[]);
    s.query("seats", "2");
    s.game = ChineseCheckers::new(&Default::default()).unwrap();
    s.go("go nodes 100");
    s.end(true, &[]);
}

/// A two-seat Chinese Checkers game drawn by its ply limit.
const CC_DRAWN: &str = "chinese-checkers players=2 camps=03 turn=0 ply=4 passes=0 max_plies=4 board=0/00/000/0000/\
    ............./............/.........../........../........./........../.........../............/\
    ............./1111/111/11/1";

/// Seat 0 fills its target with `e5-e4`.
const CC_WIN_IN_ONE: &str = "chinese-checkers players=2 camps=03 turn=0 ply=40 passes=0 board=./../.../..../\
    ............./............/.........../1111111111/........./........../.........../............/\
    ....0......../.000/000/00/0";

/// Four-seat Martian Chess one ply before its ply limit, seats 0 and 1 ahead on points.
const MC_LAST_PLY: &str = "martian-chess players=4 turn=0 ply=0 passes=0 points=2,1,0,0 clock=- last=- \
    board=.QD..DQQ/QDP..PDQ/DPP..PPD/......../......../DPP..PPD/QDP..PDQ/QQD..DQQ max_plies=1";

#[test]
fn finished_games_answer_their_result() {
    let mut s = Session::<ChineseCheckers>::new(Default::default(), "alphabeta");
    s.exchange(&format!("position fen {CC_DRAWN}"), &[]);
    s.query("gameover", "true");
    s.query("result", "draw");
    s.send("go depth 3");
    let answer = s.next();
    assert!(answer.starts_with("info string error game over"), "{answer}");
    s.exchange("isready", &["bestmove (none)"]);
    s.refused(
        &format!("position fen {CC_DRAWN} moves j14-j13"),
        "'j14-j13' (move 1 of the list, the game is over (draw))",
    );
    s.exchange(&format!("position fen {CC_WIN_IN_ONE}"), &[]);
    s.query("result", "none");
    s.exchange(&format!("position fen {CC_WIN_IN_ONE} moves e5-e4"), &[]);
    s.query("gameover", "true");
    s.query("result", "p1win");
    s.query("p1turn", "false");
    s.end(true, &[]);

    let mut options = <MartianChess as Game>::Options::default();
    options.set_players(4).unwrap();
    let mut s = Session::<MartianChess>::new(options, "greedy");
    s.exchange(&format!("position fen {MC_LAST_PLY}"), &[]);
    s.query("result", "none");
    s.exchange(&format!("position fen {MC_LAST_PLY} moves c1-d1"), &[]);
    s.query("gameover", "true");
    s.query("result", "ranks 1 2 3 3");
    s.query("turn", "p2");
    s.query("seats", "4");
    s.end(false, &[]);
}

#[test]
fn results_name_one_winner_a_draw_or_the_ranks() {
    assert_eq!(result(None), "none");
    assert_eq!(result(Some(Outcome::winner(2, Seat(1)))), "p2win");
    assert_eq!(result(Some(Outcome::winner(6, Seat(5)))), "p6win");
    assert_eq!(result(Some(Outcome::draw(3))), "draw");
    assert_eq!(result(Some(Outcome::from_standings(&[3, 9, 3]))), "p2win");
    assert_eq!(result(Some(Outcome::from_standings(&[3, 9, 5]))), "ranks 3 1 2");
    assert_eq!(result(Some(Outcome::from_standings(&[5, 1, 3, 1]))), "ranks 1 3 2 3");
    assert_eq!(result(Some(Outcome::from_standings(&[5, 5, 1, 1]))), "ranks 1 1 3 3");
}

#[test]
fn the_end_of_the_input_ends_the_engine_after_answering() {
    // Everything at once, as from a file: a search is stopped by the end of the input and
    // still answers; bytes that are not text, blank lines and bad lines only get errors.
    let input = b"ugi\n\n   \r\nisready\r\nposition startpos moves j14-j13\n\xff\nquery turn\ngo depth 30\ngo\xfe\n";
    let (to, answers) = channel();
    let engine = UgiEngine::<ChineseCheckers>::new(Default::default(), "alphabeta").unwrap();
    let input = Cursor::new(&input[..]);
    engine.serve(input, Lines { to, partial: Vec::new() }).unwrap();
    let lines: Vec<String> = answers.try_iter().filter(|l| !l.starts_with("info depth")).collect();
    // `players`, then the searcher's keys.
    let options = 1 + ALPHABETA.len();
    assert_eq!(lines.len(), 2 + options + 6, "{lines:#?}");
    assert_eq!(lines[2 + options..2 + options + 2], ["ugiok", "readyok"]);
    assert!(lines[options + 4].starts_with("info string error unknown command '\u{FFFD}'"), "{lines:#?}");
    assert_eq!(lines[options + 5], "response p2");
    assert!(lines[options + 6].starts_with("info string error ") && lines[options + 6].contains("'go\u{FFFD}'"));
    assert!(lines[options + 7].starts_with("bestmove "), "{lines:#?}");
}

#[test]
fn engines_refuse_bad_specs_and_options() {
    let err = |spec: &str| UgiEngine::<ChineseCheckers>::new(Default::default(), spec).err().unwrap().to_string();
    assert!(err("negamax").contains("'negamax'"));
    assert!(err("alphabeta:hash=0").contains("'0'"));
}
