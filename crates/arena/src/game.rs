//! One game between players, one per seat (searchers and people), each on its own clock.
//!
//! Clock semantics (cutechess): the runner measures each move's wall time itself, from
//! just before it asks the searcher until the move comes back; the time is taken off the
//! seat's clock, then the increment is added (and under `moves/time` the base time again after
//! every `moves` moves). A seat whose move takes longer than the time it had left plus the
//! margin loses on time. Under `st=T` every move has `T` afresh. Node and depth controls have
//! no clock; nor does a player made [`unclocked`](Player::unclocked), or a person.
//!
//! Every in-process searcher thinks on a thread of its own for the length of the game, so
//! the loop waits for its move with a deadline and a searcher cannot stall the game:
//!
//! - on a clock, the loop raises the search's stop flag once the time left plus the margin
//!   has passed; with no move by then the seat loses on time at once (under
//!   [`FlagRule::PlayOn`] it loses its clock instead, and the loop waits on as below);
//! - without a clock, a search with a hard time limit is stopped at that limit plus the
//!   margin; the loop then waits [`UNTIMED_WAIT`] more (as long as for an outside engine
//!   under a node or depth limit, which is also the whole wait when there is no time limit),
//!   after which the seat loses with [`Fault::NoAnswer`];
//! - a searcher that panics loses with [`Fault::Panicked`].
//!
//! A searcher given up on is left to finish on its thread, which then ends; the game does
//! not wait for it.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tabula_engine::time::TimeManager;
use tabula_engine::{EngineGame, Limits, Score, SearchInfo, SearchResult};
use tabula_rules::{Game, GameOptions, Outcome, Seat};

use crate::clock::Clock;
use crate::move_record::MoveRecord;
use crate::player::{Action, FlagRule, Mover, Observer, Player, Review};
use crate::searcher_thread::{Answer, Gone};
use crate::table::{Sitter, Table};
use crate::ugi::{Fault, UNTIMED_WAIT, go_command, outside_move};

/// How far past its hard limit a move may end and still not count as an overrun: a search
/// stops at its next look at the clock and answers across a thread, which at a fixed time a
/// move (where every search thinks to the cap) takes some tens of microseconds, and under a
/// millisecond in 99% of moves (docs/performance.md, "The clock's precision").
pub const OVERRUN_TOLERANCE: Duration = Duration::from_millis(1);

/// Where the runner reads the time; tests substitute a fake one.
pub trait TimeSource: Send + Sync {
    /// Time since some fixed start.
    fn now(&self) -> Duration;
}

/// The real wall clock.
#[derive(Debug)]
pub struct WallClock(Instant);

impl WallClock {
    /// A clock reading zero now.
    pub fn new() -> Self {
        WallClock(Instant::now())
    }
}

impl Default for WallClock {
    fn default() -> Self {
        WallClock::new()
    }
}

impl TimeSource for WallClock {
    fn now(&self) -> Duration {
        self.0.elapsed()
    }
}

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The game's own rules ended it.
    Normal,
    /// The ply limit (`--max-plies`): scored as the game's rules score it (a draw, or by points).
    MaxPlies,
    /// A seat's clock ran out.
    TimeForfeit(Seat),
    /// A seat's engine gave no move or an illegal one, answered nothing in time (an
    /// in-process searcher without a clock, or an outside engine), panicked (a searcher),
    /// died or broke the protocol (an outside engine).
    EngineError(Seat, Fault),
    /// A person left the game before its end: scored as a forfeit.
    Abandoned(Seat),
}

impl Termination {
    /// The seat that forfeited, if one did.
    pub fn loser(&self) -> Option<Seat> {
        match self {
            Termination::TimeForfeit(s) | Termination::EngineError(s, _) | Termination::Abandoned(s) => Some(*s),
            Termination::Normal | Termination::MaxPlies => None,
        }
    }
}

impl Termination {
    /// The termination without its details, for counts: `normal`, `time forfeit`,
    /// `illegal move`, `no answer`, ...
    pub fn kind(&self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::MaxPlies => "max plies",
            Termination::TimeForfeit(_) => "time forfeit",
            Termination::EngineError(_, fault) => fault.kind(),
            Termination::Abandoned(_) => "abandoned",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Termination::Normal => f.write_str("normal"),
            Termination::MaxPlies => f.write_str("max plies"),
            Termination::TimeForfeit(s) => write!(f, "time forfeit by seat {s}"),
            Termination::EngineError(_, fault) => write!(f, "{fault}"),
            Termination::Abandoned(s) => write!(f, "abandoned by seat {s}"),
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The result per seat.
    pub outcome: Outcome,
    /// Why it ended.
    pub termination: Termination,
    /// The moves from the opening's position, book moves first.
    pub moves: Vec<MoveRecord>,
    /// The final position's text.
    pub final_position: String,
}

/// Everything a game needs besides its players.
pub struct GameSetup<G: Game> {
    /// The position the game starts from (the opening's position).
    pub start: G,
    /// Opening moves played first, as book.
    pub book: Vec<G::Move>,
    /// Forgiveness on every clock (cutechess `timemargin`).
    pub margin: Duration,
    /// What a seat whose clock runs out suffers.
    pub flag: FlagRule,
    /// Splits clock time into per-move limits.
    pub time_manager: TimeManager,
    /// Where time is read.
    pub time: Arc<dyn TimeSource>,
}

/// The outcome when `loser` forfeits: with two seats the other wins; with more, the loser
/// ranks last and the others share first place.
pub fn forfeit(seats: usize, loser: Seat) -> Outcome {
    let standings: Vec<i64> = (0..seats).map(|s| i64::from(s != loser.index())).collect();
    Outcome::from_standings(&standings)
}

/// Whether `game` ended only because of its ply cap.
pub fn ended_by_ply_limit<G: Game>(game: &G) -> bool {
    let mut free = game.options().clone();
    if free.max_plies().is_none() || free.set_max_plies(None).is_err() {
        return false;
    }
    let mut copy = game.clone();
    copy.set_options(&free).is_ok() && !copy.is_over()
}

/// Plays a game to its end. `players[s]` plays seat `s`; `observer` sees every move as it is
/// made (book moves included), every search report and every undo.
///
/// A person may take moves back (to their previous turn, never into the book) and, once the
/// game is over, review it and take moves back again; searchers then start a new game.
///
/// The game is played on a [`Table`]: each searcher thinks on a thread of its own during the
/// game (see the module docs) and is given back to its player at the end; one that did not
/// come back (left thinking past its deadline, or panicked) is replaced by a searcher that
/// finds no move.
pub fn play_game<G: EngineGame>(
    setup: GameSetup<G>,
    players: &mut [Player<G>],
    observer: &mut dyn Observer<G>,
) -> GameResult {
    let never = AtomicBool::new(false);
    play_game_until(setup, players, observer, &never).expect("a game that nothing stops is played to its end")
}

/// [`play_game`], unless `stop` is raised first: then the search or outside engine on move
/// is told to stop, the game ends within [`STOP_POLL`] of the flag (plus the time a
/// searcher takes to see its own stop flag), and `None` is returned: a stopped game has
/// no result. A game that ends as the flag is raised may be taken as stopped too.
pub fn play_game_until<G: EngineGame>(
    setup: GameSetup<G>,
    players: &mut [Player<G>],
    observer: &mut dyn Observer<G>,
    stop: &AtomicBool,
) -> Option<GameResult> {
    let GameSetup { start, book, margin, flag, time_manager, time } = setup;
    let seats = start.seats();
    assert_eq!(players.len(), seats, "one player per seat");
    let start_text = start.to_text();
    let clocks = players
        .iter()
        .map(|p| if p.clocked { Clock::new(&p.control).map(|c| c.with_margin(margin)) } else { None })
        .collect();
    // The table holds the searchers and outside engines for the game; people stay here.
    let sitters = players
        .iter_mut()
        .enumerate()
        .map(|(seat, player)| match &mut player.mover {
            Mover::Searcher(searcher) => {
                let searcher = std::mem::replace(searcher, Box::new(Gone));
                Sitter::searcher(searcher, format!("seat {seat} searcher"), None)
            }
            Mover::Outside(engine) => Sitter::outside(std::mem::replace(engine, Err(Fault::Crashed))),
            Mover::Person(_) => Sitter::person(),
        })
        .collect();
    let mut table = Table::new(start, sitters, clocks);
    for mv in book {
        let seat = table.game().to_move();
        let Ok(record) = table.play_book(mv) else { break };
        observer.moved(seat, table.game(), &record);
    }
    let termination = loop {
        if stop.load(Ordering::Relaxed) {
            break Termination::Normal; // not a result: the game is dropped below
        }
        let game = table.game().clone();
        if game.is_over() {
            let reviewer = players.iter_mut().enumerate().find_map(|(seat, p)| match &mut p.mover {
                Mover::Person(person) => Some((Seat(seat as u8), person)),
                Mover::Searcher(_) | Mover::Outside(_) => None,
            });
            if let Some((seat, person)) = reviewer
                && person.game_over(&game) == Review::Undo
            {
                let plies = table.undo(|s| s == seat);
                observer.undone(table.game(), plies);
                continue;
            }
            break if ended_by_ply_limit(&game) { Termination::MaxPlies } else { Termination::Normal };
        }
        let seat = game.to_move();
        let player = &mut players[seat.index()];
        let began = time.now();
        let mut budget = None;
        let searcher = table.sitter(seat).is_searcher();
        let (mv, depth, nodes, score) = match &mut player.mover {
            Mover::Person(person) => match person.turn(&game) {
                Action::Play(mv) => (Some(mv), 0, 0, 0),
                Action::Undo => {
                    let plies = table.undo(|s| s == seat);
                    observer.undone(table.game(), plies);
                    continue;
                }
                Action::Quit => break Termination::Abandoned(seat),
            },
            _ if searcher => {
                let limits = player.control.limits(&time_manager, table.clock(seat), game.ply());
                budget = limits.hard_time;
                observer.thinking(&game);
                match searcher_turn(&mut table, limits, flag, margin, observer, stop) {
                    Ok(result) => (result.best, result.depth, result.nodes, result.score),
                    Err(termination) => break termination,
                }
            }
            _ => {
                observer.thinking(&game);
                let go = go_command(&player.control, table.clocks(), seat);
                let (clock, moves) = (table.clock(seat).cloned(), table.moves().to_vec());
                let Some(engine) = table.sitter_mut(seat).outside_engine() else {
                    break Termination::EngineError(seat, Fault::NoMove);
                };
                match outside_move(engine, &game, &start_text, &moves, &go, clock.as_ref(), stop) {
                    Ok((mv, answer)) => {
                        let info = answer.info;
                        let depth = info.depth.unwrap_or(0);
                        let score =
                            info.score.map_or(0, |s| s.clamp(-i64::from(i32::MAX), i64::from(i32::MAX)) as Score);
                        (Some(mv), depth, info.nodes.unwrap_or(0), score)
                    }
                    Err(fault) => break Termination::EngineError(seat, fault),
                }
            }
        };
        let used = time.now().saturating_sub(began);
        if table.spend(used).is_err() {
            match flag {
                FlagRule::Forfeit => break Termination::TimeForfeit(seat),
                FlagRule::PlayOn => {
                    table.drop_clock(seat);
                    observer.flagged(&game, seat);
                }
            }
        }
        let Some(mv) = mv else {
            break Termination::EngineError(seat, Fault::NoMove);
        };
        let overrun = budget.and_then(|budget| used.checked_sub(budget)).filter(|over| *over > OVERRUN_TOLERANCE);
        let record = MoveRecord { text: game.format_move(mv), book: false, time: used, depth, nodes, score, overrun };
        if table.play(mv, record.clone()).is_err() {
            break Termination::EngineError(seat, Fault::IllegalMove(format!("{mv:?}")));
        }
        observer.moved(seat, table.game(), &record);
    };
    let game = table.game().clone();
    let moves = table.moves().to_vec();
    for (player, back) in players.iter_mut().zip(table.finish()) {
        if let Some(mover) = back {
            player.mover = mover;
        }
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let outcome = match termination.loser() {
        Some(loser) => forfeit(seats, loser),
        None => game.outcome().expect("the game is over"),
    };
    Some(GameResult { outcome, termination, moves, final_position: game.to_text() })
}

/// A searcher's turn on its thread: starts the search of the seat to move at `limits` and
/// waits for the move as the module docs tell, passing the search's reports to `observer`.
/// Returns the search's result, or how the seat lost. Under [`FlagRule::PlayOn`] a clock that
/// runs out is taken away.
fn searcher_turn<G: EngineGame>(
    table: &mut Table<G>,
    limits: Limits,
    flag: FlagRule,
    margin: Duration,
    observer: &mut dyn Observer<G>,
    stop: &AtomicBool,
) -> Result<SearchResult<G::Move>, Termination> {
    let game = table.game().clone();
    let seat = game.to_move();
    let started = Instant::now();
    let stop_after = match table.clock(seat) {
        Some(clock) => Some(clock.allowance()),
        None => limits.hard_time.map(|hard| hard.saturating_add(margin)),
    };
    match table.start_search(limits, observer.wants_info()) {
        Ok(Some(_)) => {}
        Ok(None) => return Err(Termination::EngineError(seat, Fault::NoAnswer)),
        Err(fault) => return Err(Termination::EngineError(seat, fault)),
    }
    let answered = |answer| match answer {
        Answer::Done(result) => Ok(result),
        Answer::Panicked(message) => Err(Termination::EngineError(seat, Fault::Panicked(message))),
    };
    if let Some(after) = stop_after {
        if let Some(answer) = wait(table, later(started, after), stop, &mut |info| observer.info(&game, info)) {
            return answered(answer);
        }
        table.stop();
        if stop.load(Ordering::Relaxed) {
            return Err(Termination::EngineError(seat, Fault::NoAnswer)); // dropped: the game stops
        }
        if table.clock(seat).is_some() {
            match flag {
                FlagRule::Forfeit => return Err(Termination::TimeForfeit(seat)),
                FlagRule::PlayOn => {
                    table.drop_clock(seat);
                    observer.flagged(&game, seat);
                }
            }
        }
    }
    match wait(table, later(Instant::now(), UNTIMED_WAIT), stop, &mut |info| observer.info(&game, info)) {
        Some(answer) => answered(answer),
        None => {
            table.stop();
            Err(Termination::EngineError(seat, Fault::NoAnswer))
        }
    }
}

/// How often a wait for a move looks at the stop flag of [`play_game_until`].
pub const STOP_POLL: Duration = Duration::from_millis(10);

/// The search's answer if it comes by `until`, waiting in slices of [`STOP_POLL`]; `None`
/// at `until`, or as soon as `stop` is raised.
fn wait<G: EngineGame>(
    table: &mut Table<G>,
    until: Instant,
    stop: &AtomicBool,
    info: &mut dyn FnMut(&SearchInfo<G::Move>),
) -> Option<Answer<G::Move>> {
    loop {
        let slice = until.min(Instant::now() + STOP_POLL);
        if let Some(answer) = table.wait(slice, info) {
            return Some(answer);
        }
        if stop.load(Ordering::Relaxed) || Instant::now() >= until {
            return None;
        }
    }
}

/// `wait` after `start`; a century after it for a wait too long for an instant to hold.
fn later(start: Instant, wait: Duration) -> Instant {
    start.checked_add(wait).unwrap_or_else(|| start + Duration::from_secs(100 * 365 * 24 * 3600))
}
