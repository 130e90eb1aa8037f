//! Searchers that misbehave in the runner's process: one that sleeps past its clock, one
//! that ignores the stop flag, one that waits for it, one that panics. Each loses its game
//! (on time, or by an engine error naming the panic) without holding up the game or the
//! match; a well-behaved searcher plays the same moves on its thread as it would in the
//! loop's own.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tabula_arena::runner::Builder;
use tabula_arena::ugi::Fault;
use tabula_arena::{
    EngineEntry, FinishedGame, FlagRule, GameSetup, MatchConfig, MoveRecord, OVERRUN_TOLERANCE, Observer, Player,
    Termination, TimeControl, TimeSource, play_game, run_match,
};
use tabula_engine::time::TimeManager;
use tabula_engine::{Limits, SearchInfo, SearchResult, Searcher, registry};
use tabula_rules::games::chinese_checkers::CcOptions;
use tabula_rules::{Game, GameOptions, MoveList, Seat};

use crate::fake::{Cc, Fake, FakeTime};
use crate::wall;

type Move = <Cc as Game>::Move;

/// How a [`Rogue`] misbehaves.
#[derive(Clone, Copy)]
enum Vice {
    /// Sleeps this long whatever its limits and the stop flag say, then moves.
    Sleep(Duration),
    /// Ignores its time limits and waits for the stop flag (at most 10 s), then moves.
    AwaitStop,
    /// Plays this many moves, then panics.
    Panic(usize),
}

/// A searcher that plays the first legal move, after its vice.
struct Rogue {
    vice: Vice,
    moves: usize,
}

fn rogue(vice: Vice) -> Box<Rogue> {
    Box::new(Rogue { vice, moves: 0 })
}

impl Searcher<Cc> for Rogue {
    fn search(&mut self, game: &Cc, limits: &Limits, _: &mut dyn FnMut(&SearchInfo<Move>)) -> SearchResult<Move> {
        match self.vice {
            Vice::Sleep(nap) => std::thread::sleep(nap),
            Vice::AwaitStop => {
                let until = Instant::now() + Duration::from_secs(10);
                while !limits.stopped() && Instant::now() < until {
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
            Vice::Panic(after) if self.moves >= after => panic!("the rogue gives up\n  after {after} moves"),
            Vice::Panic(_) => {}
        }
        self.moves += 1;
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        let best = moves.as_slice().first().copied();
        SearchResult { best, score: 0, pv: best.into_iter().collect(), nodes: 1, depth: 1, time: Duration::ZERO }
    }
}

fn options(max_plies: u32) -> CcOptions {
    let mut o = CcOptions::default();
    o.set_max_plies(Some(max_plies)).unwrap();
    o
}

fn setup(max_plies: u32, margin: Duration, flag: FlagRule, time: Arc<dyn TimeSource>) -> GameSetup<Cc> {
    GameSetup {
        start: Cc::new(&options(max_plies)).unwrap(),
        book: vec![],
        margin,
        flag,
        time_manager: TimeManager::default(),
        time,
    }
}

const MARGIN: Duration = Duration::from_millis(50);

fn st(ms: u64) -> TimeControl {
    TimeControl::FixedPerMove(Duration::from_millis(ms))
}

fn greedy(control: TimeControl) -> Player<Cc> {
    Player::searcher(registry::build::<Cc>("greedy").unwrap(), control)
}

/// Builds the rogues by spec (`deaf:MS`: sleeps ignoring the stop flag, `panic:N`), and
/// the registry's searchers.
fn builder() -> Builder<Cc> {
    Arc::new(|spec: &str| -> Result<Box<dyn Searcher<Cc>>, String> {
        let number = |n: &str| n.parse::<u64>().map_err(|e| e.to_string());
        match spec.split_once(':') {
            Some(("deaf", ms)) => Ok(rogue(Vice::Sleep(Duration::from_millis(number(ms)?)))),
            Some(("panic", n)) => Ok(rogue(Vice::Panic(number(n)? as usize))),
            _ => registry::build::<Cc>(spec).map_err(|e| e.to_string()),
        }
    })
}

/// A match of `games` games between `rogue` (engine 0) and greedy under `tc`; its games and
/// its wall time.
fn rogue_match(rogue: &str, tc: TimeControl, games: usize) -> (Vec<FinishedGame>, Duration) {
    let engines =
        vec![EngineEntry::parse(&format!("name=rogue,spec={rogue}")).unwrap(), EngineEntry::parse("greedy").unwrap()];
    let mut config = MatchConfig::<Cc>::new(options(40), engines, Some(tc), games);
    config.margin = MARGIN;
    config.build = builder();
    let began = Instant::now();
    let played = run_match(&config, wall(), &mut |_| true).unwrap();
    (played, began.elapsed())
}

/// The seat engine 0 played in `game`.
fn rogue_seat(game: &FinishedGame) -> Seat {
    Seat(game.pairing.seats.iter().position(|&e| e == 0).unwrap() as u8)
}

#[test]
fn a_sleeper_loses_on_time_without_holding_up_the_game() {
    let mut players = [Player::searcher(rogue(Vice::Sleep(Duration::from_secs(10))), st(100)), greedy(st(100))];
    let began = Instant::now();
    let r = play_game(setup(20, MARGIN, FlagRule::Forfeit, wall()), &mut players, &mut ());
    let took = began.elapsed();
    assert_eq!(r.termination, Termination::TimeForfeit(Seat(0)));
    assert_eq!(r.outcome.score(Seat(1)), 1.0);
    assert!(r.moves.is_empty(), "the late move is not played");
    assert!(took < Duration::from_secs(2), "the game waited {took:?} for a sleeping searcher");
    assert!(took >= Duration::from_millis(150), "the game gave up after {took:?}, before the clock ran out");
}

#[test]
fn a_searcher_deaf_to_the_stop_flag_forfeits_every_game_and_the_match_goes_on() {
    let (games, took) = rogue_match("deaf:5000", st(100), 4);
    assert_eq!(games.len(), 4);
    for g in &games {
        assert_eq!(g.termination, Termination::TimeForfeit(rogue_seat(g)), "game {}", g.pairing.game);
        assert_eq!(g.outcome.score(rogue_seat(g)), 0.0);
    }
    assert!(took < Duration::from_secs(4), "four games took {took:?} with a searcher that sleeps 5 s");
}

/// What an observer saw: flags and moves.
#[derive(Default)]
struct Log(Vec<String>);

impl Observer<Cc> for Log {
    fn flagged(&mut self, _: &Cc, seat: Seat) {
        self.0.push(format!("flag {seat}"));
    }
    fn moved(&mut self, seat: Seat, _: &Cc, _: &MoveRecord) {
        self.0.push(format!("move {seat}"));
    }
}

#[test]
fn under_play_on_the_stop_flag_ends_an_overrunning_search_and_the_clock_goes() {
    // The searcher waits for the stop flag: on the clock the runner raises it at the time
    // left plus the margin, and the seat loses its clock; then, unclocked, at the move
    // time's hard limit plus the margin. Either way the move comes back and is played.
    let mut players = [Player::searcher(rogue(Vice::AwaitStop), st(100)), greedy(st(100))];
    let mut log = Log::default();
    let began = Instant::now();
    let r = play_game(setup(4, MARGIN, FlagRule::PlayOn, wall()), &mut players, &mut log);
    let took = began.elapsed();
    assert_eq!(r.termination, Termination::MaxPlies);
    assert_eq!(log.0, ["flag 0", "move 0", "move 1", "move 0", "move 1"]);
    assert!(took < Duration::from_secs(2), "{took:?}");
    // Both of its moves overran the searcher's hard limit (the move time less the overhead).
    let hard = st(100).limits(&TimeManager::default(), None, 0).hard_time.unwrap();
    for record in r.moves.iter().step_by(2) {
        let over = record.overrun.expect("an overrun");
        assert!(over > MARGIN && over < Duration::from_secs(1), "{over:?}");
        assert_eq!(Some(over), record.time.checked_sub(hard));
    }
}

#[test]
fn a_searcher_without_a_time_limit_is_given_up_on_only_after_the_long_wait() {
    // Under a node limit the runner waits as long as for an outside engine; a searcher that
    // answers well within that wait is not stopped, whatever its time.
    let nap = Duration::from_millis(300);
    let mut players = [Player::searcher(rogue(Vice::Sleep(nap)), TimeControl::Nodes(1)), greedy(TimeControl::Nodes(1))];
    let r = play_game(setup(2, MARGIN, FlagRule::Forfeit, wall()), &mut players, &mut ());
    assert_eq!(r.termination, Termination::MaxPlies);
    assert!(r.moves[0].time >= nap && r.moves[0].overrun.is_none());
}

#[test]
fn a_panicking_searcher_loses_by_an_engine_error_that_names_the_panic() {
    let mut players = [greedy(TimeControl::Nodes(1)), Player::searcher(rogue(Vice::Panic(2)), TimeControl::Nodes(1))];
    let r = play_game(setup(40, MARGIN, FlagRule::Forfeit, wall()), &mut players, &mut ());
    let fault = Fault::Panicked("the rogue gives up after 2 moves".into());
    assert_eq!(r.termination, Termination::EngineError(Seat(1), fault));
    assert_eq!(r.termination.kind(), "engine panic");
    assert_eq!(r.termination.to_string(), "engine panic: the rogue gives up after 2 moves");
    assert_eq!(r.moves.len(), 5, "two moves each, then greedy's third");
    assert_eq!(r.outcome.score(Seat(0)), 1.0);
}

#[test]
fn a_match_with_a_panicking_searcher_completes() {
    let (games, _) = rogue_match("panic:1", TimeControl::Nodes(1), 4);
    assert_eq!(games.len(), 4);
    for g in &games {
        let fault = Fault::Panicked("the rogue gives up after 1 moves".into());
        assert_eq!(g.termination, Termination::EngineError(rogue_seat(g), fault));
        assert_eq!(g.record.tag("Termination"), Some("engine panic: the rogue gives up after 1 moves"));
        assert_eq!(g.line.termination, "engine panic: the rogue gives up after 1 moves");
        assert_eq!(g.line.ends, "engine panic");
    }
}

#[test]
fn moves_over_the_hard_limit_are_marked_with_the_overrun() {
    // On a fake clock: st=1 gives a hard limit of 990 ms (the default 10 ms overhead kept
    // off); a 1020 ms move overruns it by 30 ms, within the 50 ms margin. A move just the
    // tolerance over it is not an overrun.
    let time = Arc::new(FakeTime::default());
    let fake = |ms| Box::new(Fake { time: time.clone(), cost: Duration::from_millis(ms), illegal: false });
    let within = 990 + OVERRUN_TOLERANCE.as_millis() as u64;
    let mut players = [Player::searcher(fake(1020), st(1000)), Player::searcher(fake(within), st(1000))];
    let r = play_game(setup(4, MARGIN, FlagRule::Forfeit, time.clone()), &mut players, &mut ());
    assert_eq!(r.termination, Termination::MaxPlies);
    let overruns: Vec<Option<Duration>> = r.moves.iter().map(|m| m.overrun).collect();
    let over = Some(Duration::from_millis(30));
    assert_eq!(overruns, [over, None, over, None]);
}

/// Reports seen, as text, with the seat that made them.
#[derive(Default)]
struct Reports(Vec<(Seat, String)>);

impl Observer<Cc> for Reports {
    fn info(&mut self, game: &Cc, info: &SearchInfo<Move>) {
        self.0.push((game.to_move(), format!("{} {} {}", info.depth, info.nodes, info.score)));
    }
}

#[test]
fn a_searcher_on_its_thread_plays_as_it_would_in_the_loop() {
    let specs = ["alphabeta:hash=1", "mcts:threads=1"];
    let controls = [TimeControl::Nodes(2000), TimeControl::Nodes(300)];
    let build = |seat: usize| {
        let mut searcher = registry::build::<Cc>(specs[seat]).unwrap();
        searcher.new_game();
        searcher.reseed(7 + seat as u64);
        searcher
    };
    let plies = 40;
    let mut players: Vec<Player<Cc>> = (0..2).map(|s| Player::searcher(build(s), controls[s])).collect();
    let mut seen = Reports::default();
    let r = play_game(setup(plies, MARGIN, FlagRule::Forfeit, wall()), &mut players, &mut seen);
    assert_eq!(r.termination, Termination::MaxPlies);

    // The same searchers called in turn on this thread, as the loop did before it had threads.
    let mut searchers: Vec<Box<dyn Searcher<Cc>>> = (0..2).map(build).collect();
    let mut game = Cc::new(&options(plies)).unwrap();
    let mut expected = Vec::new();
    let mut reports = Vec::new();
    while !game.is_over() {
        let seat = game.to_move().index();
        let limits = controls[seat].limits(&TimeManager::default(), None, game.ply());
        let result = searchers[seat].search(&game, &limits, &mut |info| {
            reports.push((game.to_move(), format!("{} {} {}", info.depth, info.nodes, info.score)));
        });
        let mv = result.best.unwrap();
        expected.push((game.format_move(mv), result.depth, result.nodes, result.score));
        game.play(mv);
    }
    let played: Vec<_> = r.moves.iter().map(|m| (m.text.clone(), m.depth, m.nodes, m.score)).collect();
    assert_eq!(played, expected);
    // Alpha-beta reports once an iteration; MCTS also reports on a timer, which depends on
    // the machine's speed: only alpha-beta's reports are compared.
    let alphabeta = |reports: &[(Seat, String)]| -> Vec<String> {
        reports.iter().filter(|(seat, _)| *seat == Seat(0)).map(|(_, text)| text.clone()).collect()
    };
    assert_eq!(alphabeta(&seen.0), alphabeta(&reports), "every report reaches the observer");
    assert!(!alphabeta(&reports).is_empty());
    assert_eq!(r.final_position, game.to_text());

    // The players have their searchers back, and play the next game as new.
    let again = play_game(setup(plies, MARGIN, FlagRule::Forfeit, wall()), &mut players, &mut ());
    assert_eq!(again.moves.len(), plies as usize);
}
