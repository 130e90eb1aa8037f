//! One game behind one object: [`AnyGame`], what the Python classes hold, implemented for
//! every game by [`Played`]. Moves cross it as raw numbers ([`ActionSpace::raw`]).

use std::sync::Arc;
use std::time::Duration;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabula_arena::{EngineEntry, MatchConfig, OpeningBook, OpeningGame, TimeControl, WallClock, run_match};
use tabula_board::{Marks, Picture};
use tabula_engine::search::thread;
use tabula_engine::{Limits, Score, registry};
use tabula_rules::games::NAMES;
use tabula_rules::{Game, GameOptions, MoveList, Outcome, Seat, perft};

use crate::actions::{self, ActionSpace, Actions};
use crate::observe::Observe;

/// What the Python package needs of a game.
pub trait PyGame: OpeningGame + Picture + ActionSpace + Observe {}

impl<G: OpeningGame + Picture + ActionSpace + Observe> PyGame for G {}

/// A search's answer, its moves raw.
#[derive(Clone, Debug)]
pub struct Found {
    /// The move to play; `None` when the game is over.
    pub best: Option<u64>,
    /// The score for the seat to move, in the engine's units (centipawn-like; mates large).
    pub score: Score,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes (MCTS: iterations).
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// The principal variation, best move first.
    pub pv: Vec<u64>,
}

/// Random games from one position, one entry each.
#[derive(Clone, Debug, Default)]
pub struct Playouts {
    /// Plies each game lasted from the position.
    pub plies: Vec<u32>,
    /// Each game's score per seat (`seats` entries a game): 1 a win, 1/k a k-way shared
    /// first place, 0 otherwise; 0 for every seat where the game was cut off unfinished.
    pub scores: Vec<f64>,
    /// Whether each game ended by the rules (`false`: cut off at the ply budget).
    pub finished: Vec<bool>,
}

/// One finished game of a match.
#[derive(Clone, Debug)]
pub struct MatchGame {
    /// Its number in the match, from 1.
    pub number: usize,
    /// The engine name in each seat.
    pub seats: Vec<String>,
    /// The result.
    pub outcome: Outcome,
    /// Why it ended, as the match counts it (`normal`, `max plies`, `time forfeit`...).
    pub termination: String,
    /// Why the rules ended it, in words, when they did.
    pub reason: Option<String>,
    /// Plies played, the opening included.
    pub plies: usize,
    /// The record in the records format (`tabula show --record` reads it).
    pub record: String,
    /// The JSON line `tabula match --jsonl` writes for it.
    pub line: String,
}

/// A match for [`AnyGame::run_match`].
#[derive(Clone, Debug)]
pub struct MatchRequest {
    /// Engine specs (`alphabeta:hash=64`) or `--engine` long forms, two or more.
    pub engines: Vec<String>,
    /// The time control (`st=0.1`, `10+0.1`, `nodes=1000`...).
    pub tc: String,
    /// Games, rounded up to whole rounds of the seats.
    pub games: usize,
    /// `start`, `random:PLIES` or `file:PATH`.
    pub openings: String,
    /// Games played at once.
    pub concurrency: usize,
    /// The match seed.
    pub seed: u64,
    /// The ply cap where the rule options set none (`tabula match --max-plies`).
    pub max_plies: Option<u32>,
}

/// A game in play: a position of one of the games, the positions before it, and everything
/// the Python classes ask of it.
pub trait AnyGame: Send + Sync {
    /// The game's name (`chinese-checkers`).
    fn name(&self) -> &'static str;
    /// The number of seats.
    fn seats(&self) -> usize;
    /// The seat to move.
    fn to_move(&self) -> usize;
    /// Plies played.
    fn ply(&self) -> u32;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// The Zobrist hash.
    fn hash(&self) -> u64;
    /// The result, once over.
    fn outcome(&self) -> Option<Outcome>;
    /// Why the game ended, in words, once over.
    fn end_reason(&self) -> Option<String>;
    /// Every rule option and its value, as `tabula options` names them.
    fn options(&self) -> Vec<(String, String)>;
    /// Appends the legal moves, raw, to `out` (cleared first).
    fn legal(&self, out: &mut Vec<u64>);
    /// The number of legal moves.
    fn count_legal(&self) -> usize;
    /// Plays a raw move: checked for legality unless `listed` says it was listed here.
    fn play(&mut self, raw: u64, listed: bool) -> Result<(), String>;
    /// Reads a move in the game's notation, checked for legality.
    fn parse(&self, text: &str) -> Result<u64, String>;
    /// Takes back the last move played through this object; `false` when there is none.
    fn undo(&mut self) -> bool;
    /// A copy, its history included.
    fn clone_game(&self) -> Box<dyn AnyGame>;
    /// A copy of the position alone, without the moves that led to it.
    fn position(&self) -> Box<dyn AnyGame>;
    /// The move's text in this position.
    fn format(&self, raw: u64) -> String;
    /// The move's actions in this position.
    fn actions(&self, raw: u64) -> Actions;
    /// The size of the action space.
    fn num_actions(&self) -> u32;
    /// The legal move made of these actions.
    fn move_of_actions(&self, actions: &[u32]) -> Option<u64>;
    /// Marks the actions that may follow `prefix` in a legal turn.
    fn next_actions(&self, prefix: &[u32], mask: &mut [bool]);
    /// The position text.
    fn to_text(&self) -> String;
    /// The terminal drawing.
    fn draw(&self) -> String;
    /// The SVG picture, the last move played through this object marked.
    fn svg(&self) -> String;
    /// Perft: the move sequences of `depth` plies.
    fn perft(&self, depth: u32) -> u64;
    /// (planes, height, width) of the observation tensor.
    fn observation_shape(&self) -> (usize, usize, usize);
    /// The planes' names.
    fn observation_planes(&self) -> Vec<String>;
    /// Writes `seat`'s observation into `out` (zeroed here first).
    fn observe(&self, seat: usize, out: &mut [f32]) -> Result<(), String>;
    /// Searches the position with an engine spec.
    fn search(&self, spec: &str, limits: &Limits) -> Result<Found, String>;
    /// `n` uniformly random games from this position, seeded, each cut off after
    /// `max_plies` plies.
    fn random_playouts(&self, n: usize, seed: u64, max_plies: u32) -> Playouts;
    /// Plays a match under this position's rule options, from the start.
    fn run_match(&self, request: &MatchRequest) -> Result<Vec<MatchGame>, String>;
}

/// A game of type `G` in play.
#[derive(Clone)]
pub struct Played<G: PyGame> {
    game: G,
    /// The positions before each move played, and the moves.
    history: Vec<(G, G::Move)>,
}

impl<G: PyGame> Played<G> {
    /// The start position of `options`.
    pub fn new(options: &G::Options) -> Result<Self, String> {
        Ok(Played { game: G::new(options).map_err(|e| e.to_string())?, history: Vec::new() })
    }

    /// A position text of this game.
    pub fn from_text(text: &str) -> Result<Self, String> {
        Ok(Played { game: G::from_text(text).map_err(|e| e.to_string())?, history: Vec::new() })
    }

    fn listed(&self) -> MoveList<G::Move> {
        let mut moves = MoveList::new();
        self.game.legal_moves(&mut moves);
        moves
    }

    fn unraw(raw: u64) -> Result<G::Move, String> {
        G::from_raw(raw).ok_or_else(|| format!("{raw} is no {} move", G::NAME))
    }
}

impl<G: PyGame> AnyGame for Played<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn seats(&self) -> usize {
        self.game.seats()
    }
    fn to_move(&self) -> usize {
        self.game.to_move().index()
    }
    fn ply(&self) -> u32 {
        self.game.ply()
    }
    fn is_over(&self) -> bool {
        self.game.is_over()
    }
    fn hash(&self) -> u64 {
        self.game.hash()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    fn end_reason(&self) -> Option<String> {
        self.game.end_reason()
    }
    fn options(&self) -> Vec<(String, String)> {
        let options = self.game.options();
        let mut all = vec![("players".to_string(), options.players().to_string())];
        all.extend(G::Options::SETTINGS.iter().map(|s| (s.key().to_string(), s.get(options))));
        all
    }
    fn legal(&self, out: &mut Vec<u64>) {
        out.clear();
        out.extend(self.listed().iter().map(|&mv| G::raw(mv)));
    }
    fn count_legal(&self) -> usize {
        self.game.count_moves()
    }
    fn play(&mut self, raw: u64, listed: bool) -> Result<(), String> {
        let mv = Self::unraw(raw)?;
        if !listed && (self.game.is_over() || !self.game.is_legal(mv)) {
            let text = self.game.format_move(mv);
            return Err(if self.game.is_over() {
                format!("the game is over: '{text}' cannot be played")
            } else {
                format!("illegal move '{text}'")
            });
        }
        self.history.push((self.game.clone(), mv));
        self.game.play(mv);
        Ok(())
    }
    fn parse(&self, text: &str) -> Result<u64, String> {
        if self.game.is_over() {
            return Err(format!("the game is over: '{text}' cannot be played"));
        }
        self.game.parse_move(text).map(G::raw).map_err(|e| e.to_string())
    }
    fn undo(&mut self) -> bool {
        self.history.pop().map(|(before, _)| self.game = before).is_some()
    }
    fn clone_game(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
    fn position(&self) -> Box<dyn AnyGame> {
        Box::new(Played { game: self.game.clone(), history: Vec::new() })
    }
    fn format(&self, raw: u64) -> String {
        G::from_raw(raw).map_or_else(|| format!("<{raw}>"), |mv| self.game.format_move(mv))
    }
    fn actions(&self, raw: u64) -> Actions {
        G::from_raw(raw).map(|mv| self.game.actions(mv)).unwrap_or_default()
    }
    fn num_actions(&self) -> u32 {
        self.game.num_actions()
    }
    fn move_of_actions(&self, actions: &[u32]) -> Option<u64> {
        actions::move_of(&self.game, self.listed().as_slice(), actions).map(G::raw)
    }
    fn next_actions(&self, prefix: &[u32], mask: &mut [bool]) {
        actions::next_actions(&self.game, self.listed().as_slice(), prefix, mask);
    }
    fn to_text(&self) -> String {
        self.game.to_text()
    }
    fn draw(&self) -> String {
        self.game.draw_marked(self.history.last().map(|&(_, mv)| mv))
    }
    fn svg(&self) -> String {
        let marks = self.history.last().map_or_else(Marks::none, |&(_, mv)| Marks::last(mv));
        self.game.svg(&marks)
    }
    fn perft(&self, depth: u32) -> u64 {
        perft(&self.game, depth)
    }
    fn observation_shape(&self) -> (usize, usize, usize) {
        self.game.shape()
    }
    fn observation_planes(&self) -> Vec<String> {
        self.game.planes()
    }
    fn observe(&self, seat: usize, out: &mut [f32]) -> Result<(), String> {
        if seat >= self.game.seats() {
            return Err(format!("seat {seat} is not at this table: seats are 0 to {}", self.game.seats() - 1));
        }
        out.fill(0.0);
        self.game.observe(Seat(seat as u8), out);
        Ok(())
    }
    fn search(&self, spec: &str, limits: &Limits) -> Result<Found, String> {
        let mut searcher = registry::build::<G>(spec).map_err(|e| e.to_string())?;
        searcher.new_game();
        // On a search thread, whose stack the deepest search fits, not the caller's.
        let result = std::thread::scope(|scope| {
            let work = thread::spawn_scoped(scope, format!("{} search", G::NAME), || {
                searcher.search(&self.game, limits, &mut |_| {})
            });
            work.map_err(|e| format!("cannot start a search thread: {e}"))?
                .join()
                .map_err(|_| "the search failed".to_string())
        })?;
        Ok(Found {
            best: result.best.map(G::raw),
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            time: result.time,
            pv: result.pv.iter().map(|&mv| G::raw(mv)).collect(),
        })
    }
    fn random_playouts(&self, n: usize, seed: u64, max_plies: u32) -> Playouts {
        let seats = self.game.seats();
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut out = Playouts {
            plies: Vec::with_capacity(n),
            scores: Vec::with_capacity(n * seats),
            finished: Vec::with_capacity(n),
        };
        let mut moves = MoveList::new();
        for _ in 0..n {
            let mut game = self.game.clone();
            let mut plies = 0;
            while !game.is_over() && plies < max_plies {
                game.legal_moves(&mut moves);
                game.play(moves.as_slice()[rng.random_range(0..moves.len())]);
                plies += 1;
            }
            out.plies.push(plies);
            let outcome = game.outcome();
            out.finished.push(outcome.is_some());
            out.scores.extend((0..seats).map(|s| outcome.map_or(0.0, |o| o.score(Seat(s as u8)))));
        }
        out
    }
    fn run_match(&self, request: &MatchRequest) -> Result<Vec<MatchGame>, String> {
        let engines = request.engines.iter().map(|e| EngineEntry::parse(e)).collect::<Result<Vec<_>, _>>();
        let engines = engines.map_err(|e| e.to_string())?;
        let tc: TimeControl = request.tc.parse().map_err(|e: tabula_arena::TimeControlError| e.to_string())?;
        let mut options = self.game.options().clone();
        if options.max_plies().is_none() && request.max_plies.is_some() {
            options.set_max_plies(request.max_plies).map_err(|e| e.to_string())?;
        }
        let mut config = MatchConfig::<G>::new(options.clone(), engines, Some(tc), request.games);
        config.openings = OpeningBook::parse::<G>(&request.openings, &options).map_err(|e| e.to_string())?;
        config.concurrency = request.concurrency.max(1);
        config.seed = request.seed;
        let games = run_match(&config, Arc::new(WallClock::new()), &mut |_| true).map_err(|e| e.to_string())?;
        Ok(games
            .into_iter()
            .map(|g| MatchGame {
                number: g.pairing.game + 1,
                seats: g.pairing.seats.iter().map(|&e| config.engines[e].name.clone()).collect(),
                outcome: g.outcome,
                termination: g.termination.to_string(),
                reason: G::from_text(&g.final_position).ok().and_then(|end| end.end_reason()),
                plies: g.plies,
                record: g.record.to_text(g.outcome.seats()),
                line: g.line.to_json(),
            })
            .collect())
    }
}

macro_rules! constructors {
    ($($game:ty),* $(,)?) => {
        /// The start position of the game `name` (`-` or `_` between words) with `players`
        /// seats (`None`: the game's default) and rule options `(key, value)`.
        pub fn new_game(name: &str, players: Option<usize>, options: &[(String, String)]) -> Result<Box<dyn AnyGame>, String> {
            let wanted = name.replace('_', "-");
            $(if wanted == <$game as Game>::NAME {
                let mut chosen = <<$game as Game>::Options as Default>::default();
                if let Some(players) = players {
                    chosen.set_players(players).map_err(|e| e.to_string())?;
                }
                for (key, value) in options {
                    chosen.set(key, value).map_err(|e| e.to_string())?;
                }
                return Ok(Box::new(Played::<$game>::new(&chosen)?));
            })*
            Err(format!("unknown game '{name}' (available: {})", NAMES.join(", ")))
        }

        /// The position a position text describes; its first word names the game.
        pub fn from_text(text: &str) -> Result<Box<dyn AnyGame>, String> {
            let first = text.split_whitespace().next().unwrap_or("");
            $(if first == <$game as Game>::NAME {
                return Ok(Box::new(Played::<$game>::from_text(text)?));
            })*
            Err(format!("a position text starts with the game's name, one of {}; not '{first}'", NAMES.join(", ")))
        }

        /// Every game: its name, player counts, default player count and rule options.
        pub fn catalogue() -> Vec<GameInfo> {
            vec![$(GameInfo::of::<$game>()),*]
        }
    };
}

tabula_rules::for_each_game!(constructors);

/// What [`catalogue`] says of a game.
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// The name.
    pub name: &'static str,
    /// The player counts it seats.
    pub players: Vec<usize>,
    /// The default player count.
    pub default_players: usize,
    /// Its rule options: key, values, default, what it does (as `tabula options` prints).
    pub options: Vec<[String; 4]>,
}

impl GameInfo {
    fn of<G: Game>() -> Self {
        let default = G::Options::default();
        GameInfo {
            name: G::NAME,
            players: G::Options::player_counts(),
            default_players: default.players(),
            options: G::Options::SETTINGS
                .iter()
                .map(|s| [s.key().to_string(), s.expected(), s.get(&default), s.doc().to_string()])
                .collect(),
        }
    }
}
