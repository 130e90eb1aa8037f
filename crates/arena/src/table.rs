//! A game in play: its positions and moves, who sits in each seat, the clocks, and the
//! search running. The match loop ([`play_game`](crate::play_game)), the web board's
//! sessions and the UGI server each drive a [`Table`]: they tell it what happened (a move,
//! an undo, a step to another ply, a search that answered, a flag that fell, a stop) and it
//! keeps the game's state and says what came of it. None of them keeps a history, an undo
//! or a search thread of its own.
//!
//! Moves are played at the ply shown (the cursor), which is the last one unless a driver
//! stepped back: a move played there drops the later plies. A search runs for the seat to
//! move at the ply shown, on the seat's searcher thread; every change of the game (a move,
//! undo, a step) abandons it, so that an answer that comes later is not played.

use std::io;
use std::time::{Duration, Instant};

use tabula_engine::{EngineGame, Limits, SearchInfo, Searcher};
use tabula_rules::Seat;

use crate::clock::{Clock, Flagged};
use crate::move_record::MoveRecord;
use crate::player::Mover;
use crate::searcher_thread::{Answer, Gone, SearcherThread, Wake};
use crate::ugi::{Fault, OutsideEngine};

/// Who sits in a seat of a table: a searcher on its thread, an outside engine, or a person.
pub struct Sitter<G: EngineGame>(Kind<G>);

enum Kind<G: EngineGame> {
    /// A searcher on its thread, or why the thread could not start.
    Searcher(Result<SearcherThread<G>, Fault>),
    /// An outside engine, or why it could not be started.
    Outside(Result<Box<OutsideEngine>, Fault>),
    /// A person: moves come from the driver.
    Person,
    /// The searcher of another seat, which plays this one too.
    Alias(usize),
}

impl<G: EngineGame> Sitter<G> {
    /// `searcher`, thinking on a thread of its own named `name` (a thread that cannot start
    /// is a crash of the seat's engine); `wake`, if given, is called on that thread after
    /// each report and answer, for a driver that [`poll`](Table::poll)s.
    pub fn searcher(searcher: Box<dyn Searcher<G>>, name: String, wake: Option<Wake>) -> Self {
        Sitter(Kind::Searcher(SearcherThread::spawn(searcher, name, wake).map_err(|_: io::Error| Fault::Crashed)))
    }

    /// An outside engine, or why it could not be started.
    pub fn outside(engine: Result<Box<OutsideEngine>, Fault>) -> Self {
        Sitter(Kind::Outside(engine))
    }

    /// A person.
    pub fn person() -> Self {
        Sitter(Kind::Person)
    }

    /// Who sat here, a searcher's thread ended: an idle one is joined, so that dropping
    /// the searcher frees its tables at once; one still searching is stopped and left (see
    /// [`Table::finish`]). Not to be called under a lock that the seat's wake hook takes.
    pub fn end(self) -> Option<Mover<G>> {
        match self.0 {
            Kind::Searcher(thread) => {
                let back = thread.ok().and_then(SearcherThread::finish);
                Some(Mover::Searcher(back.unwrap_or_else(|| Box::new(Gone))))
            }
            Kind::Outside(engine) => Some(Mover::Outside(engine)),
            Kind::Person | Kind::Alias(_) => None,
        }
    }

    /// The searcher of `seat`, which plays this seat too (an engine that answers for every
    /// seat, as a UGI engine does).
    pub fn same_as(seat: Seat) -> Self {
        Sitter(Kind::Alias(seat.index()))
    }

    /// Whether a searcher sits here.
    pub fn is_searcher(&self) -> bool {
        matches!(self.0, Kind::Searcher(_) | Kind::Alias(_))
    }

    /// The outside engine that sits here, if one does.
    pub fn outside_engine(&mut self) -> Option<&mut Result<Box<OutsideEngine>, Fault>> {
        match &mut self.0 {
            Kind::Outside(engine) => Some(engine),
            _ => None,
        }
    }
}

/// A move the table would not play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over at the ply shown.
    Over,
    /// The move is not legal at the ply shown.
    Illegal,
    /// A search is running: it must be stopped (or answer) first.
    Searching(Seat),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::Over => f.write_str("the game is over"),
            Refusal::Illegal => f.write_str("not a legal move here"),
            Refusal::Searching(seat) => write!(f, "seat {} is searching", seat.0),
        }
    }
}

impl std::error::Error for Refusal {}

/// The search running: for which seat, since when, under which generation of the game.
#[derive(Clone, Copy, Debug)]
pub struct Running {
    /// The seat it searches for.
    pub seat: Seat,
    /// When it started.
    pub started: Instant,
    /// The table's generation when it started (see [`Table::generation`]).
    pub generation: u64,
}

/// A game in play; see the module docs.
pub struct Table<G: EngineGame> {
    /// `positions[i]`: the position after `i` plies.
    positions: Vec<G>,
    /// `moves[i]` leads from `positions[i]` to `positions[i + 1]`, and is `played[i]`.
    moves: Vec<MoveRecord>,
    played: Vec<G::Move>,
    /// `clocks[i]`: every seat's clock when `positions[i]` was reached (`None`: the seat
    /// has none).
    clocks: Vec<Vec<Option<Clock>>>,
    /// The clocks as the seat to move changes them while it thinks (time spent, a clock
    /// taken away), copied from the ply shown at the first change; the next ply starts
    /// with them, and a move taken back finds the clocks as they were.
    pending: Option<Vec<Option<Clock>>>,
    /// Plies of book at the start, never taken back.
    book: usize,
    /// The ply shown.
    cursor: usize,
    seats: Vec<Sitter<G>>,
    running: Option<Running>,
    /// Counts the changes that abandon a search (moves, undo, steps, stops for good).
    generation: u64,
}

impl<G: EngineGame> Table<G> {
    /// A table at `start` with `seats` sitting and the clocks `clocks` (one per seat).
    pub fn new(start: G, seats: Vec<Sitter<G>>, clocks: Vec<Option<Clock>>) -> Self {
        debug_assert_eq!(seats.len(), start.seats());
        debug_assert_eq!(clocks.len(), start.seats());
        Table {
            positions: vec![start],
            moves: Vec::new(),
            played: Vec::new(),
            clocks: vec![clocks],
            pending: None,
            book: 0,
            cursor: 0,
            seats,
            running: None,
            generation: 0,
        }
    }

    /// The position shown.
    pub fn game(&self) -> &G {
        &self.positions[self.cursor]
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The position after `ply` plies.
    pub fn position(&self, ply: usize) -> Option<&G> {
        self.positions.get(ply)
    }

    /// The ply shown.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The moves played, the book's first.
    pub fn moves(&self) -> &[MoveRecord] {
        &self.moves
    }

    /// The move that led to the ply shown, if any.
    pub fn last_move(&self) -> Option<G::Move> {
        self.cursor.checked_sub(1).map(|i| self.played[i])
    }

    /// Seats `sitter` in `seat` in place of who sat there (a searcher whose thread ended
    /// after a panic is replaced so), and gives that one back. Dropped, a searcher's thread
    /// ends by itself soon after; [`Sitter::end`] waits for it.
    pub fn seat(&mut self, seat: Seat, sitter: Sitter<G>) -> Sitter<G> {
        std::mem::replace(&mut self.seats[seat.index()], sitter)
    }

    /// Who sits in `seat`.
    pub fn sitter(&self, seat: Seat) -> &Sitter<G> {
        &self.seats[seat.index()]
    }

    /// Who sits in `seat`, to ask for a move.
    pub fn sitter_mut(&mut self, seat: Seat) -> &mut Sitter<G> {
        &mut self.seats[seat.index()]
    }

    /// The clocks at the ply shown, as the seat to move has changed them so far.
    pub fn clocks(&self) -> &[Option<Clock>] {
        self.pending.as_deref().unwrap_or(&self.clocks[self.cursor])
    }

    /// The clock of `seat` (see [`clocks`](Self::clocks)).
    pub fn clock(&self, seat: Seat) -> Option<&Clock> {
        self.clocks()[seat.index()].as_ref()
    }

    fn pending(&mut self) -> &mut Vec<Option<Clock>> {
        let cursor = self.cursor;
        self.pending.get_or_insert_with(|| self.clocks[cursor].clone())
    }

    /// The search running, if any.
    pub fn running(&self) -> Option<Running> {
        self.running
    }

    /// The generation of the game: it changes with every change that abandons a search.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Plays `mv` at the ply shown, recorded as `record`, dropping any later plies; the
    /// clocks go on as the mover left them (see [`spend`](Self::spend)).
    pub fn play(&mut self, mv: G::Move, record: MoveRecord) -> Result<(), Refusal> {
        if let Some(running) = self.running {
            return Err(Refusal::Searching(running.seat));
        }
        let game = self.game();
        if game.is_over() {
            return Err(Refusal::Over);
        }
        if !game.is_legal(mv) {
            return Err(Refusal::Illegal);
        }
        let mut next = game.clone();
        next.play(mv);
        let clocks = self.pending.take().unwrap_or_else(|| self.clocks[self.cursor].clone());
        self.positions.truncate(self.cursor + 1);
        self.moves.truncate(self.cursor);
        self.played.truncate(self.cursor);
        self.clocks.truncate(self.cursor + 1);
        self.positions.push(next);
        self.moves.push(record);
        self.played.push(mv);
        self.clocks.push(clocks);
        self.cursor += 1;
        self.generation += 1;
        Ok(())
    }

    /// Plays `mv` as a book move: not chosen by a player, never taken back.
    pub fn play_book(&mut self, mv: G::Move) -> Result<MoveRecord, Refusal> {
        let record = MoveRecord {
            text: self.game().format_move(mv),
            book: true,
            time: Duration::ZERO,
            depth: 0,
            nodes: 0,
            score: 0,
            overrun: None,
        };
        self.play(mv, record.clone())?;
        self.book = self.cursor;
        Ok(record)
    }

    /// Takes `used` off the clock of the seat to move at the ply shown; a clock that runs
    /// out stays at zero.
    pub fn spend(&mut self, used: Duration) -> Result<(), Flagged> {
        let seat = self.game().to_move().index();
        if self.clocks()[seat].is_none() {
            return Ok(());
        }
        match &mut self.pending()[seat] {
            Some(clock) => clock.spend(used),
            None => Ok(()),
        }
    }

    /// Takes the clock of `seat` away: it plays on without one.
    pub fn drop_clock(&mut self, seat: Seat) {
        self.pending()[seat.index()] = None;
    }

    /// Takes moves back from the last ply: at least one, then on until `stop_at` accepts the
    /// seat to move; never into the book. The ply shown is then the last. The searchers
    /// forget the game. Returns the plies taken back.
    pub fn undo(&mut self, stop_at: impl Fn(Seat) -> bool) -> usize {
        self.abandon();
        self.cursor = self.moves.len();
        let mut back = 0;
        while self.cursor > self.book {
            self.cursor -= 1;
            back += 1;
            if stop_at(self.game().to_move()) {
                break;
            }
        }
        self.positions.truncate(self.cursor + 1);
        self.moves.truncate(self.cursor);
        self.played.truncate(self.cursor);
        self.clocks.truncate(self.cursor + 1);
        if back > 0 {
            for sitter in &mut self.seats {
                if let Sitter(Kind::Searcher(Ok(thread))) = sitter {
                    thread.new_game();
                }
            }
        }
        back
    }

    /// Shows ply `ply` (0 is the start); moves played from there drop the later plies.
    pub fn goto(&mut self, ply: usize) -> Result<(), usize> {
        if ply >= self.positions.len() {
            return Err(self.moves.len());
        }
        if ply != self.cursor {
            self.abandon();
            self.cursor = ply;
        }
        Ok(())
    }

    /// Starts the searcher of the seat to move at the ply shown, under `limits` (its stop
    /// flag is the thread's), sending reports over if `reports`. `Ok(None)` when that seat
    /// is not a searcher's, the game is over or a search runs already.
    pub fn start_search(&mut self, limits: Limits, reports: bool) -> Result<Option<Running>, Fault> {
        let game = self.positions[self.cursor].clone();
        if self.running.is_some() || game.is_over() {
            return Ok(None);
        }
        let seat = game.to_move();
        let index = self.searcher_of(seat);
        let Sitter(Kind::Searcher(thread)) = &mut self.seats[index] else { return Ok(None) };
        let thread = thread.as_mut().map_err(|fault| fault.clone())?;
        if thread.busy() {
            // An abandoned search has not answered yet: its answer is drained first.
            thread.stop();
            return Ok(None);
        }
        thread.start(&game, limits, reports);
        let running = Running { seat, started: Instant::now(), generation: self.generation };
        self.running = Some(running);
        Ok(Some(running))
    }

    /// Starts the game again from `start` (a position set from outside), keeping who sits
    /// where and the clocks; a running search is abandoned.
    pub fn reset(&mut self, start: G) {
        self.abandon();
        let clocks = self.clocks[self.cursor].clone();
        self.positions = vec![start];
        self.clocks = vec![clocks];
        self.moves.clear();
        self.played.clear();
        self.book = 0;
        self.cursor = 0;
    }

    /// Tells every searcher that a new game starts: they forget what they learned.
    pub fn new_game(&mut self) {
        for sitter in &mut self.seats {
            if let Kind::Searcher(Ok(thread)) = &mut sitter.0 {
                thread.new_game();
            }
        }
    }

    /// Waits until `until` for the running search's answer, passing its reports to
    /// `info`; `None` if it has not answered by then (it goes on) or none runs.
    pub fn wait(&mut self, until: Instant, info: &mut dyn FnMut(&SearchInfo<G::Move>)) -> Option<Answer<G::Move>> {
        let running = self.running?;
        let answer = self.thread(self.searcher_of(running.seat))?.wait(until, info)?;
        self.running = None;
        Some(answer)
    }

    /// The running search's answer if it has come, its reports passed to `info` first;
    /// the answers of abandoned searches are dropped on the way.
    pub fn poll(&mut self, info: &mut dyn FnMut(&SearchInfo<G::Move>)) -> Option<(Running, Answer<G::Move>)> {
        for seat in 0..self.seats.len() {
            let current = self.running.filter(|r| self.searcher_of(r.seat) == seat);
            let Some(thread) = self.thread(seat) else { continue };
            let answer = match current {
                Some(_) => thread.poll(info),
                None => thread.poll(&mut |_| {}),
            };
            if let (Some(running), Some(answer)) = (current, answer) {
                self.running = None;
                return Some((running, answer));
            }
        }
        None
    }

    /// Raises the running search's stop flag: it answers with its best move so far.
    pub fn stop(&self) -> bool {
        match self.running {
            Some(running) => {
                if let Kind::Searcher(Ok(thread)) = &self.seats[self.searcher_of(running.seat)].0 {
                    thread.stop();
                }
                true
            }
            None => false,
        }
    }

    /// Stops the running search and forgets it: whatever it answers is dropped.
    pub fn abandon(&mut self) {
        self.stop();
        self.running = None;
        self.pending = None;
        self.generation += 1;
    }

    /// Ends the table and gives back who played, in seat order: every searcher from its
    /// thread (a searcher that finds no move for one that did not come back: left searching, or panicked), every
    /// outside engine; `None` for people.
    pub fn finish(self) -> Vec<Option<Mover<G>>> {
        self.seats.into_iter().map(Sitter::end).collect()
    }

    /// The seat whose thread searches for `seat`: its own, or the one it is aliased to.
    fn searcher_of(&self, seat: Seat) -> usize {
        match self.seats[seat.index()].0 {
            Kind::Alias(other) => other,
            _ => seat.index(),
        }
    }

    /// The thread that sits in seat `index` itself (not through an alias).
    fn thread(&mut self, index: usize) -> Option<&mut SearcherThread<G>> {
        match &mut self.seats[index].0 {
            Kind::Searcher(Ok(thread)) => Some(thread),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
