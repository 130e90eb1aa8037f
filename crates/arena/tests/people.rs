//! People at the board and clocks that do not run: the game loop asks a person for moves,
//! takes moves back on request, lets the person review a finished game, and never flags a
//! seat without a clock.

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;

use tabula_arena::{
    Action, FlagRule, GameSetup, MoveRecord, Observer, Person, Player, Review, Termination, TimeControl, TimeSource,
    play_game,
};
use tabula_engine::time::TimeManager;
use tabula_rules::games::chinese_checkers::CcOptions;
use tabula_rules::{Game, GameOptions, Seat};

use crate::fake::{Cc, Fake, FakeTime};

/// One step of a scripted person.
enum Step {
    Move(&'static str),
    Undo,
    Quit,
    Review(Review),
}

/// A person who follows a script; past its end, quits.
struct Scripted(VecDeque<Step>);

impl Person<Cc> for Scripted {
    fn turn(&mut self, game: &Cc) -> Action<<Cc as Game>::Move> {
        match self.0.pop_front() {
            Some(Step::Move(text)) => Action::Play(game.parse_move(text).expect("a legal scripted move")),
            Some(Step::Undo) => Action::Undo,
            Some(Step::Quit) | None => Action::Quit,
            Some(Step::Review(_)) => panic!("a review step on the person's turn at ply {}", game.ply()),
        }
    }

    fn game_over(&mut self, game: &Cc) -> Review {
        match self.0.pop_front() {
            Some(Step::Review(review)) => review,
            None => Review::End,
            Some(_) => panic!("a move step after the game ended at ply {}", game.ply()),
        }
    }
}

/// What the observer saw, one line per event.
#[derive(Default)]
struct Log(Vec<String>);

impl Observer<Cc> for Log {
    fn thinking(&mut self, game: &Cc) {
        self.0.push(format!("think {}", game.to_move()));
    }
    fn flagged(&mut self, _: &Cc, seat: Seat) {
        self.0.push(format!("flag {seat}"));
    }
    fn moved(&mut self, seat: Seat, _: &Cc, record: &MoveRecord) {
        self.0.push(format!("move {seat} {}", record.text));
    }
    fn undone(&mut self, game: &Cc, plies: usize) {
        self.0.push(format!("undo {plies} to {}", game.ply()));
    }
}

fn setup(time: &Arc<FakeTime>, max_plies: u32, flag: FlagRule) -> GameSetup<Cc> {
    let mut options = CcOptions::default();
    options.set_max_plies(Some(max_plies)).unwrap();
    GameSetup {
        start: Cc::new(&options).unwrap(),
        book: vec![],
        margin: Duration::ZERO,
        flag,
        time_manager: TimeManager::default(),
        time: time.clone() as Arc<dyn TimeSource>,
    }
}

fn fake(time: &Arc<FakeTime>, ms: u64, control: TimeControl) -> Player<Cc> {
    Player::searcher(Box::new(Fake { time: time.clone(), cost: Duration::from_millis(ms), illegal: false }), control)
}

fn person(steps: Vec<Step>) -> Player<Cc> {
    Player::person(Box::new(Scripted(steps.into())))
}

#[test]
fn a_seat_without_a_clock_never_loses_on_time() {
    let time = Arc::new(FakeTime::default());
    let st = TimeControl::FixedPerMove(Duration::from_secs(1));
    // Two seconds a move against one second a move: on a clock, the first move flags.
    let r = play_game(setup(&time, 10, FlagRule::Forfeit), &mut [fake(&time, 2000, st), fake(&time, 1, st)], &mut ());
    assert_eq!(r.termination, Termination::TimeForfeit(Seat(0)));
    // The same thinking time without a clock: the game runs to its ply cap.
    let mut players = [fake(&time, 2000, st).unclocked(), fake(&time, 1, st).unclocked()];
    let r = play_game(setup(&time, 10, FlagRule::Forfeit), &mut players, &mut ());
    assert_eq!(r.termination, Termination::MaxPlies);
    assert_eq!(r.moves.len(), 10);
}

#[test]
fn a_flag_under_play_on_takes_the_clock_away() {
    let time = Arc::new(FakeTime::default());
    let st = TimeControl::FixedPerMove(Duration::from_secs(1));
    let mut log = Log::default();
    let mut players = [fake(&time, 2000, st), fake(&time, 1, st)];
    let r = play_game(setup(&time, 6, FlagRule::PlayOn), &mut players, &mut log);
    assert_eq!(r.termination, Termination::MaxPlies);
    assert_eq!(log.0.iter().filter(|l| l.starts_with("flag")).count(), 1, "{:?}", log.0);
    assert_eq!(log.0[..2], ["think 0", "flag 0"]);
    assert!(log.0[2].starts_with("move 0 "), "{:?}", log.0);
}

#[test]
fn a_person_moves_takes_back_and_quits() {
    let time = Arc::new(FakeTime::default());
    let script = vec![Step::Undo, Step::Move("j14-j13"), Step::Undo, Step::Move("k15-i13"), Step::Quit];
    let mut log = Log::default();
    let mut players = [person(script), fake(&time, 1, TimeControl::Depth(1))];
    let r = play_game(setup(&time, 100, FlagRule::Forfeit), &mut players, &mut log);
    let reply = r.moves[1].text.clone();
    let expected = [
        "undo 0 to 0".to_string(),
        "move 0 j14-j13".into(),
        "think 1".into(),
        format!("move 1 {reply}"),
        "undo 2 to 0".into(),
        "move 0 k15-i13".into(),
        "think 1".into(),
        format!("move 1 {reply}"),
    ];
    assert_eq!(log.0, expected);
    assert_eq!(r.termination, Termination::Abandoned(Seat(0)));
    assert_eq!(r.termination.to_string(), "abandoned by seat 0");
    assert_eq!(r.outcome.score(Seat(1)), 1.0, "leaving is a forfeit");
    let texts: Vec<&str> = r.moves.iter().map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["k15-i13", reply.as_str()], "taken-back moves leave the record");
    assert_eq!((r.moves[0].book, r.moves[0].depth, r.moves[0].nodes), (false, 0, 0));
}

#[test]
fn a_person_reviews_a_finished_game_and_plays_on() {
    let time = Arc::new(FakeTime::default());
    let script =
        vec![Step::Move("j14-j13"), Step::Review(Review::Undo), Step::Move("k15-i13"), Step::Review(Review::End)];
    let mut log = Log::default();
    let mut players = [person(script), fake(&time, 1, TimeControl::Depth(1))];
    let r = play_game(setup(&time, 2, FlagRule::Forfeit), &mut players, &mut log);
    assert_eq!(r.termination, Termination::MaxPlies);
    assert_eq!(r.moves.len(), 2);
    assert_eq!(r.moves[0].text, "k15-i13");
    assert!(log.0.contains(&"undo 2 to 0".to_string()), "{:?}", log.0);
}
