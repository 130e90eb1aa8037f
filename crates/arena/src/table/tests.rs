//! The table on its own: history, clocks through undo, searches started, answered and
//! abandoned.

use std::time::{Duration, Instant};

use tabula_engine::{Limits, registry};
use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers as Cc};
use tabula_rules::{Game, MoveList, Seat};

use super::*;
use crate::time_control::TimeControl;

fn record(game: &Cc, mv: <Cc as Game>::Move) -> MoveRecord {
    MoveRecord {
        text: game.format_move(mv),
        book: false,
        time: Duration::ZERO,
        depth: 0,
        nodes: 0,
        score: 0,
        overrun: None,
    }
}

/// The first legal move at the ply shown.
fn first(table: &Table<Cc>) -> <Cc as Game>::Move {
    let mut moves = MoveList::new();
    table.game().legal_moves(&mut moves);
    moves.as_slice()[0]
}

fn play_first(table: &mut Table<Cc>) {
    let mv = first(table);
    let record = record(table.game(), mv);
    table.play(mv, record).unwrap();
}

fn people(clocks: Vec<Option<Clock>>) -> Table<Cc> {
    let start = Cc::new(&CcOptions::default()).unwrap();
    Table::new(start, vec![Sitter::person(), Sitter::person()], clocks)
}

/// A table where the searcher of `spec` plays seat 0 against a person.
fn against(spec: &str) -> Table<Cc> {
    let start = Cc::new(&CcOptions::default()).unwrap();
    let searcher = registry::build::<Cc>(spec).unwrap();
    Table::new(start, vec![Sitter::searcher(searcher, "test".into(), None), Sitter::person()], vec![None, None])
}

#[test]
fn a_move_taken_back_finds_the_position_and_the_clocks_as_they_were() {
    let clock =
        Clock::new(&TimeControl::Clock { moves: None, base: Duration::from_secs(10), increment: Duration::ZERO });
    let mut table = people(vec![clock.clone(), clock.clone()]);
    let start = *table.game();
    table.spend(Duration::from_secs(3)).unwrap();
    assert_eq!(table.clock(Seat(0)).unwrap().remaining(), Duration::from_secs(7), "spent while thinking");
    play_first(&mut table);
    assert_eq!(table.clock(Seat(0)).unwrap().remaining(), Duration::from_secs(7), "kept through the move");
    assert_eq!((table.cursor(), table.moves().len()), (1, 1));
    assert_eq!(table.undo(|_| true), 1);
    assert_eq!(table.game(), &start);
    assert_eq!(table.clocks(), &[clock.clone(), clock][..], "as before the move");
    assert_eq!(table.undo(|_| true), 0, "nothing left to take back");
}

#[test]
fn undo_goes_back_to_the_seat_asked_for_and_never_into_the_book() {
    let mut table = people(vec![None, None]);
    let book = first(&table);
    table.play_book(book).unwrap();
    for _ in 0..4 {
        play_first(&mut table);
    }
    // Seat 1 moves at plies 1 and 3: back from ply 5 to ply 3.
    assert_eq!(table.undo(|seat| seat == Seat(1)), 2);
    assert_eq!(table.cursor(), 3);
    assert_eq!(table.undo(|seat| seat == Seat(1)), 2, "at least one ply, then on to seat 1's turn");
    assert_eq!(table.cursor(), 1);
    assert_eq!(table.undo(|_| true), 0, "the book stays");
    assert!(table.moves()[0].book);
}

#[test]
fn a_move_at_an_earlier_ply_drops_the_later_ones() {
    let mut table = people(vec![None, None]);
    for _ in 0..3 {
        play_first(&mut table);
    }
    let generation = table.generation();
    table.goto(1).unwrap();
    assert!(table.generation() > generation, "a step abandons any search");
    assert_eq!(table.goto(4), Err(3), "the game has 3 plies");
    play_first(&mut table);
    assert_eq!((table.cursor(), table.moves().len()), (2, 2));
    assert_eq!(table.position(2), Some(table.game()));
}

#[test]
fn moves_are_refused_when_illegal_or_while_a_search_runs() {
    let mut table = against("greedy");
    let mv = first(&table);
    let record = record(table.game(), mv);
    let running = table.start_search(Limits::depth(1), false).unwrap().expect("seat 0 is the searcher's");
    assert_eq!(running.seat, Seat(0));
    assert_eq!(table.play(mv, record.clone()), Err(Refusal::Searching(Seat(0))));
    let answer = table.wait(Instant::now() + Duration::from_secs(60), &mut |_| {});
    let Some(Answer::Done(result)) = answer else { panic!("no answer") };
    assert!(result.best.is_some());
    table.play(mv, record.clone()).unwrap();
    assert_eq!(table.play(mv, record), Err(Refusal::Illegal), "the peg has gone");
    assert!(table.start_search(Limits::depth(1), false).unwrap().is_none(), "seat 1 is a person's");
}

#[test]
fn the_answer_of_an_abandoned_search_is_dropped() {
    let mut table = against("alphabeta:hash=1");
    table.start_search(Limits::default(), false).unwrap().unwrap();
    table.abandon();
    assert!(table.running().is_none());
    // The abandoned search answers (it was stopped); polling drops the answer, and the
    // seat's next search starts once it has.
    let until = Instant::now() + Duration::from_secs(60);
    let started = loop {
        assert!(table.poll(&mut |_| {}).is_none(), "an abandoned search's answer is not the table's");
        if let Some(running) = table.start_search(Limits::depth(1), false).unwrap() {
            break running;
        }
        assert!(Instant::now() < until, "the abandoned search never answered");
        std::thread::sleep(Duration::from_millis(1));
    };
    let answer = loop {
        if let Some((running, answer)) = table.poll(&mut |_| {}) {
            assert_eq!(running.generation, started.generation);
            break answer;
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    assert!(matches!(answer, Answer::Done(_)));
    assert!(table.finish()[0].is_some(), "the searcher comes back");
}

/// Every kind of search thread runs from a deep position of the game with the largest
/// frames (six-seat E): the table's own, with Lazy SMP helpers and with MCTS trees beside
/// it. (How deep a search may recurse on those stacks is measured in the engine's
/// `stack_tests`.)
#[test]
fn searches_with_helper_threads_run_on_the_tables_thread() {
    use tabula_rules::games::e::{E, EOptions};
    let options = EOptions { players: 6, ..EOptions::default() };
    let mut game = E::new(&options).unwrap();
    let mut moves = MoveList::new();
    for ply in 0..60 {
        game.legal_moves(&mut moves);
        if game.is_over() || moves.is_empty() {
            break;
        }
        game.play(moves.as_slice()[(ply * 7) % moves.len()]);
    }
    for spec in ["alphabeta:threads=2,hash=1", "mcts:threads=2"] {
        let searcher = registry::build::<E>(spec).unwrap();
        let mut sitters = vec![Sitter::searcher(searcher, spec.into(), None)];
        sitters.extend((1..6).map(|_| Sitter::same_as(Seat(0))));
        let mut table = Table::new(game, sitters, vec![None; 6]);
        table.start_search(Limits::nodes(5000), false).unwrap().expect("a search");
        let answer = table.wait(Instant::now() + Duration::from_secs(60), &mut |_| {});
        let Some(Answer::Done(result)) = answer else { panic!("{spec}: no answer") };
        assert!(game.is_over() || result.best.is_some_and(|mv| game.is_legal(mv)), "{spec}");
    }
}

/// A refusal reads as a sentence, for the web board's errors.
#[test]
fn refusals_read_as_sentences() {
    assert_eq!(Refusal::Over.to_string(), "the game is over");
    assert_eq!(Refusal::Illegal.to_string(), "not a legal move here");
    assert_eq!(Refusal::Searching(Seat(1)).to_string(), "seat 1 is searching");
}
