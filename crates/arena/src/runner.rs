//! The match: a schedule of games played on worker threads, results delivered in game
//! order (so records do not depend on the concurrency).

use std::collections::BTreeSet;
use std::hash::Hasher;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use tabula_engine::time::TimeManager;
use tabula_engine::{Searcher, memory, registry};
use tabula_rules::{Game, Outcome};

use crate::budget::Peak;
use crate::engine::{EngineEntry, Source};
use crate::error::{ArenaError, error};
use crate::game::{GameSetup, Termination, TimeSource, play_game_until};
use crate::line::GameLine;
use crate::opening::OpeningBook;
use crate::opening_moves::OpeningGame;
use crate::player::{FlagRule, Player};
use crate::plural::plural;
use crate::record::{Record, RecordedMove, options_text, result_text};
use crate::schedule::{Pairing, Seatings, Shard, schedule};
use crate::seed::mix;
use crate::time_control::TimeControl;
use crate::ugi::{Fault, OutsideEngine, stderr_log};
use fnv::FnvHasher;

/// Builds a searcher from a spec; [`registry::build`] unless a test substitutes its own.
pub type Builder<G> = Arc<dyn Fn(&str) -> Result<Box<dyn Searcher<G>>, String> + Send + Sync>;

/// The MB of tables the searcher of a spec claims; [`registry::table_mb`] unless a test
/// substitutes its own.
pub type TableSizer = Arc<dyn Fn(&str) -> usize + Send + Sync>;

/// A match to play.
#[derive(Clone)]
pub struct MatchConfig<G: Game> {
    /// Rule options, the ply limit included.
    pub options: G::Options,
    /// The engines, at least two.
    pub engines: Vec<EngineEntry>,
    /// The time control of engines without their own.
    pub tc: Option<TimeControl>,
    /// Games requested (rounded up to whole rounds).
    pub games: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// Where rounds start.
    pub openings: OpeningBook,
    /// The match seed: openings and engine seeds derive from it.
    pub seed: u64,
    /// Clock forgiveness.
    pub margin: Duration,
    /// Per-move budgets from clocks.
    pub time_manager: TimeManager,
    /// Builds the engines' searchers.
    pub build: Builder<G>,
    /// Sizes the searchers' tables, to add them up before any is built.
    pub table_mb: TableSizer,
    /// Play only this shard's rounds.
    pub shard: Option<Shard>,
    /// Games (numbered from 1) already played, as a resumed match's file holds them.
    pub done: BTreeSet<usize>,
    /// How engines are seated with three or more seats.
    pub seatings: Seatings,
    /// The file the outside engines' stderr logs are named after (the records or JSON lines
    /// file): each engine's stderr is appended to [`stderr_log`]`(path, name)`. Without
    /// one, only its last lines are kept, to quote in faults.
    pub stderr_logs: Option<PathBuf>,
}

/// A match checked by [`MatchConfig::prepare`], ready to play.
pub struct MatchPlan<G: Game> {
    /// Each engine's time control.
    pub controls: Vec<TimeControl>,
    /// The seats of a game.
    pub seats: usize,
    /// Every game of the match, every shard's.
    pub schedule: Vec<Pairing>,
    /// The games this run plays (see [`MatchConfig::to_play`]).
    pub to_play: Vec<Pairing>,
    /// The match id (see [`MatchConfig::id`]).
    pub id: String,
    /// The engines built to check them, each waiting for the first game that seats it.
    built: Mutex<Vec<Option<Built<G>>>>,
}

/// An engine built by [`MatchConfig::prepare`].
enum Built<G: Game> {
    Searcher(Box<dyn Searcher<G>>),
    Outside(Box<OutsideEngine>),
}

/// A game of the match, finished.
#[derive(Clone, Debug)]
pub struct FinishedGame {
    /// The schedule entry.
    pub pairing: Pairing,
    /// The result per seat.
    pub outcome: Outcome,
    /// Why it ended.
    pub termination: Termination,
    /// Plies played, book included.
    pub plies: usize,
    /// Wall time each seat spent thinking.
    pub thinking: Vec<Duration>,
    /// The final position's text.
    pub final_position: String,
    /// The record.
    pub record: Record,
    /// The JSON line.
    pub line: GameLine,
}

impl<G: OpeningGame> MatchConfig<G> {
    /// A match of `games` games between `engines` under `options`, from the start position,
    /// one game at a time, seed 0, no clock margin, the default time manager; engines are
    /// built by the registry.
    pub fn new(options: G::Options, engines: Vec<EngineEntry>, tc: Option<TimeControl>, games: usize) -> Self {
        MatchConfig {
            options,
            engines,
            tc,
            games,
            concurrency: 1,
            openings: OpeningBook::Start,
            seed: 0,
            margin: Duration::ZERO,
            time_manager: TimeManager::default(),
            build: Arc::new(|spec: &str| registry::build::<G>(spec).map_err(|e| e.to_string())),
            // A spec that does not parse claims nothing here: building it names the error.
            table_mb: Arc::new(|spec: &str| registry::table_mb::<G>(spec).unwrap_or(0)),
            shard: None,
            done: BTreeSet::new(),
            seatings: Seatings::Rotate,
            stderr_logs: None,
        }
    }

    /// Where the stderr of outside engine `engine` goes, if anywhere.
    fn stderr_log(&self, engine: &EngineEntry) -> Option<PathBuf> {
        self.stderr_logs.as_ref().map(|base| stderr_log(base, &engine.name))
    }

    /// Checks the match and builds each engine once (each goes to the first game that
    /// seats it): at least two engines, a game, a worker; the tables of all the games
    /// played at once within the memory available ([`Peak`]), before any is built; every
    /// spec builds, every outside engine starts, every engine has a time control; a shard
    /// no larger than the rounds.
    pub fn prepare(&self) -> Result<MatchPlan<G>, ArenaError> {
        if self.engines.len() < 2 {
            return Err(error("a match needs at least two --engine"));
        }
        if self.games == 0 {
            return Err(error("bad game count '0': expected 1 or more"));
        }
        if self.concurrency == 0 {
            return Err(error("bad --concurrency '0': expected 1 or more"));
        }
        if let Ok(to_play) = self.to_play() {
            let sizes: Vec<usize> = (self.engines.iter())
                .map(|e| match &e.source {
                    Source::Searcher(spec) => (self.table_mb)(spec),
                    Source::Outside(_) => 0,
                })
                .collect();
            Peak::of(&to_play, self.concurrency, &sizes).check(memory::headroom())?;
        }
        let mut controls = Vec::with_capacity(self.engines.len());
        let mut built = Vec::with_capacity(self.engines.len());
        for e in &self.engines {
            let named = |err: String| error(format!("engine '{}': {err}", e.name));
            built.push(Some(match &e.source {
                Source::Searcher(spec) => Built::Searcher((self.build)(spec).map_err(named)?),
                Source::Outside(command) => Built::Outside(Box::new(
                    OutsideEngine::start(command, self.stderr_log(e).as_deref()).map_err(named)?,
                )),
            }));
            controls.push(
                e.tc.or(self.tc).ok_or_else(|| error(format!("engine '{}' has no time control: give --tc", e.name)))?,
            );
        }
        let schedule = self.schedule()?;
        if let Some(shard) = self.shard {
            let rounds = schedule.last().map_or(0, |p| p.round + 1);
            if shard.count > rounds {
                return Err(error(format!(
                    "bad --shard '{shard}': the match has {}, and a shard plays whole rounds",
                    plural(rounds, "round", "rounds")
                )));
            }
        }
        Ok(MatchPlan {
            controls,
            seats: self.seats()?,
            to_play: self.to_play()?,
            id: self.id()?,
            schedule,
            built: Mutex::new(built),
        })
    }

    /// The seats of a game under these options.
    pub fn seats(&self) -> Result<usize, ArenaError> {
        Ok(G::new(&self.options)?.seats())
    }

    /// The games to play.
    pub fn schedule(&self) -> Result<Vec<Pairing>, ArenaError> {
        if self.engines.len() < 2 {
            return Err(error("a match needs at least two --engine"));
        }
        schedule(self.engines.len(), self.seats()?, self.games, self.seatings)
    }

    /// The games this run plays: the schedule, less other shards' rounds and the games
    /// already played.
    pub fn to_play(&self) -> Result<Vec<Pairing>, ArenaError> {
        let mut plan = self.schedule()?;
        plan.retain(|p| self.shard.is_none_or(|s| s.holds(p.round)) && !self.done.contains(&(p.game + 1)));
        Ok(plan)
    }

    /// The match id: a hash of what decides the games (the game and its options, the
    /// engines with their time controls, the match's time control, the openings and the
    /// seed), the same on every machine, in every JSON line. Shards and resumed runs of one
    /// match share it; `merge` and `--resume` refuse lines of another match.
    pub fn id(&self) -> Result<String, ArenaError> {
        let start = G::new(&self.options)?;
        let mut hasher = FnvHasher::default();
        let mut put = |field: &str| {
            hasher.write(field.as_bytes());
            hasher.write_u8(0);
        };
        put(G::NAME);
        put(&options_text(&start));
        for engine in &self.engines {
            put(&engine.name);
            put(&format!("{:?}", engine.source));
            put(&engine.tc.map(|t| t.to_string()).unwrap_or_default());
        }
        put(&self.tc.map(|t| t.to_string()).unwrap_or_default());
        put(&self.openings.fingerprint());
        put(&self.seed.to_string());
        // Rotation, the default, adds nothing, so that the ids of earlier matches stand.
        if self.seatings != Seatings::Rotate {
            put(self.seatings.name());
        }
        Ok(format!("{:016x}", hasher.finish()))
    }

    /// Plays one scheduled game; `None` if `stop` was raised before it ended.
    fn play(
        &self,
        pairing: &Pairing,
        plan: &MatchPlan<G>,
        time: &Arc<dyn TimeSource>,
        stop: &AtomicBool,
    ) -> Result<Option<FinishedGame>, ArenaError> {
        let (controls, id, of) = (&plan.controls, plan.id.as_str(), plan.schedule.len());
        let opening = self.openings.opening::<G>(pairing.round, self.seed, &self.options)?;
        let (start, book) = opening.start::<G>(&self.options)?;
        let seats = start.seats();
        let mut players = Vec::with_capacity(seats);
        for (seat, &engine) in pairing.seats.iter().enumerate() {
            let built = plan.built.lock().unwrap_or_else(|e| e.into_inner())[engine].take();
            match &self.engines[engine].source {
                Source::Searcher(spec) => {
                    let mut searcher = match built {
                        Some(Built::Searcher(searcher)) => searcher,
                        _ => (self.build)(spec).map_err(error)?,
                    };
                    searcher.new_game();
                    searcher.reseed(mix(self.seed, pairing.game as u64, seat as u64));
                    players.push(Player::searcher(searcher, controls[engine]));
                }
                Source::Outside(command) => {
                    // A new process for every game: one that failed in the last game
                    // starts afresh, and one that cannot start loses this game.
                    let started = match built {
                        Some(Built::Outside(outside)) => Ok(outside),
                        _ => OutsideEngine::start(command, self.stderr_log(&self.engines[engine]).as_deref())
                            .map(Box::new)
                            .map_err(Fault::NotStarted),
                    };
                    let outside = started.and_then(|mut outside| {
                        outside.note(&format!("game {}", pairing.game + 1));
                        outside.new_game()?;
                        Ok(outside)
                    });
                    players.push(Player::outside(outside, controls[engine]));
                }
            }
        }
        let setup = GameSetup {
            start: start.clone(),
            book,
            margin: self.margin,
            flag: FlagRule::Forfeit,
            time_manager: self.time_manager,
            time: time.clone(),
        };
        let Some(result) = play_game_until(setup, &mut players, &mut (), stop) else {
            return Ok(None);
        };

        let mut thinking = vec![Duration::ZERO; seats];
        let mut overruns = vec![0u32; seats];
        let first_seat = start.to_move().index();
        let mut moves = Vec::with_capacity(result.moves.len());
        for (i, mv) in result.moves.iter().enumerate() {
            let seat = (first_seat + i) % seats;
            thinking[seat] += mv.time;
            let comment = if mv.book {
                "book".to_string()
            } else if players[seat].control.is_timed() {
                let mut c = format!("{:.3}s d={} n={} s={}", mv.time.as_secs_f64(), mv.depth, mv.nodes, mv.score);
                if let Some(over) = mv.overrun {
                    overruns[seat] += 1;
                    c.push_str(&format!(" over={:.3}s", over.as_secs_f64()));
                }
                c
            } else {
                format!("d={} n={} s={}", mv.depth, mv.nodes, mv.score)
            };
            moves.push(RecordedMove { text: mv.text.clone(), comment: Some(comment) });
        }
        let names: Vec<&str> = pairing.seats.iter().map(|&e| self.engines[e].name.as_str()).collect();
        let tcs: Vec<String> = pairing.seats.iter().map(|&e| controls[e].to_string()).collect();
        let tc = if tcs.iter().all(|t| *t == tcs[0]) { tcs[0].clone() } else { tcs.join("; ") };
        let result_token = result_text(&result.outcome);
        let ranks: Vec<String> = result.outcome.ranks().iter().map(u8::to_string).collect();
        let mut opening_text = self.openings.describe();
        for m in &opening.moves {
            opening_text.push(' ');
            opening_text.push_str(m);
        }
        let mut tags: Vec<(String, String)> = vec![
            ("Game".into(), G::NAME.into()),
            ("Options".into(), options_text(&start)),
            ("Round".into(), (pairing.round + 1).to_string()),
            ("GameNumber".into(), (pairing.game + 1).to_string()),
            ("Seats".into(), names.join("; ")),
            ("TimeControl".into(), tc),
            ("Seed".into(), self.seed.to_string()),
            ("Match".into(), id.to_string()),
            ("Opening".into(), opening_text.clone()),
        ];
        if let Some(position) = &opening.position {
            tags.push(("Position".into(), position.clone()));
        }
        tags.push(("Result".into(), result_token.clone()));
        tags.push(("Ranks".into(), ranks.join(" ")));
        if let Some(points) = result.outcome.points() {
            let points: Vec<String> = points.iter().map(i16::to_string).collect();
            tags.push(("Points".into(), points.join(" ")));
        }
        tags.push(("Termination".into(), result.termination.to_string()));
        tags.push(("PlyCount".into(), result.moves.len().to_string()));
        let record = Record { tags, moves, result: result_token };

        let outcome = result.outcome;
        let mut moves_hash = FnvHasher::default();
        for m in &result.moves {
            moves_hash.write(m.text.as_bytes());
            moves_hash.write_u8(0);
        }
        let line = GameLine {
            match_id: id.to_string(),
            game: pairing.game + 1,
            of,
            round: pairing.round + 1,
            engines: pairing.seats.clone(),
            seats: names.iter().map(|n| n.to_string()).collect(),
            scores: (0..seats).map(|s| outcome.score(tabula_rules::Seat(s as u8))).collect(),
            ranks: outcome.ranks().to_vec(),
            points: outcome.points().map(<[i16]>::to_vec),
            termination: result.termination.to_string(),
            ends: result.termination.kind().to_string(),
            plies: result.moves.len(),
            opening: opening_text,
            seed: self.seed,
            moves: format!("{:016x}", moves_hash.finish()),
            thinking: players
                .iter()
                .all(|p| p.control.is_timed())
                .then(|| thinking.iter().map(Duration::as_secs_f64).collect()),
            overruns,
        };
        Ok(Some(FinishedGame {
            pairing: pairing.clone(),
            outcome,
            termination: result.termination,
            plies: result.moves.len(),
            thinking,
            final_position: result.final_position.clone(),
            record,
            line,
        }))
    }
}

/// Plays the match on `config.concurrency` threads. `on_game` receives every finished game
/// the moment it ends, whatever its number (so that it can write it at once); returning
/// `false` stops the match at once: the games in progress are told to stop (searches and
/// outside engines within [`STOP_POLL`](crate::game::STOP_POLL)) and are not counted. So
/// does a game that cannot be set up, whose error is returned. The games given to
/// `on_game` are returned in game order.
pub fn run_match<G: OpeningGame>(
    config: &MatchConfig<G>,
    time: Arc<dyn TimeSource>,
    on_game: &mut dyn FnMut(&FinishedGame) -> bool,
) -> Result<Vec<FinishedGame>, ArenaError> {
    run_plan(config, &config.prepare()?, time, on_game)
}

/// [`run_match`] of a match already prepared by [`MatchConfig::prepare`].
pub fn run_plan<G: OpeningGame>(
    config: &MatchConfig<G>,
    prepared: &MatchPlan<G>,
    time: Arc<dyn TimeSource>,
    on_game: &mut dyn FnMut(&FinishedGame) -> bool,
) -> Result<Vec<FinishedGame>, ArenaError> {
    let plan = &prepared.to_play;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let workers = config.concurrency.clamp(1, plan.len().max(1));
    let mut finished = Vec::with_capacity(plan.len());
    std::thread::scope(|scope| -> Result<(), ArenaError> {
        let (sender, receiver) = mpsc::channel::<Result<Option<FinishedGame>, ArenaError>>();
        for _ in 0..workers {
            let sender = sender.clone();
            let (next, stop, time) = (&next, &stop, &time);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(pairing) = plan.get(i) else { break };
                    if sender.send(config.play(pairing, prepared, time, stop)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut failure = None;
        for result in receiver {
            match result {
                Ok(Some(game)) if !stop.load(Ordering::Relaxed) => {
                    if !on_game(&game) {
                        stop.store(true, Ordering::Relaxed);
                    }
                    finished.push(game);
                }
                // Stopped, or ended after the stop: not counted.
                Ok(_) => {}
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(e);
                }
            }
        }
        failure.map_or(Ok(()), Err)
    })?;
    finished.sort_by_key(|game| game.pairing.game);
    Ok(finished)
}
