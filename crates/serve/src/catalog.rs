//! The games the server offers, declared once by [`tabula_rules::for_each_game!`]: what the
//! page may choose for each (player counts, rule options, searchers and their keys), and
//! the sessions it starts, new or replaying a record.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tabula_arena::{MoveRecord, Record};
use tabula_engine::registry;
use tabula_engine::settings::searchers;
use tabula_rules::core::settings::SettingKind;
use tabula_rules::games::NAMES;
use tabula_rules::{Game, GameOptions, MAX_SEATS};

use crate::budget::Cost;
use crate::error::{ApiError, clip};
use crate::session::{Live, Session};
use crate::state::{Player, RecordInfo, ServeGame};
use crate::store::Store;

/// Thinking time presets, in milliseconds: the page's levels.
pub const THINK_PRESETS: [(&str, u64); 3] = [("beginner", 5_000), ("intermediate", 30_000), ("expert", 60_000)];

/// The shortest and longest thinking time a session takes, in milliseconds.
pub const THINK_RANGE: (u64, u64) = (10, 3_600_000);

/// What `GET /api/games` returns.
#[derive(Clone, Debug, Serialize)]
pub struct Catalog {
    /// Every game.
    pub games: Vec<GameInfo>,
    /// The thinking time presets: name and milliseconds.
    pub think_presets: Vec<(&'static str, u64)>,
    /// The engine strengths the page offers, weakest first.
    pub levels: Vec<crate::levels::Level>,
    /// The level a new page starts with, an index of `levels`.
    pub default_level: usize,
    /// The seat colours, seat 0 first, as the pictures use them.
    pub palette: Vec<&'static str>,
}

/// A game and what can be chosen for it.
#[derive(Clone, Debug, Serialize)]
pub struct GameInfo {
    /// Its name.
    pub name: &'static str,
    /// The player counts it seats.
    pub players: Vec<usize>,
    /// The default player count.
    pub default_players: usize,
    /// Its rule options.
    pub options: Vec<SettingInfo>,
    /// The searchers, with their keys' defaults for this game.
    pub searchers: Vec<SearcherInfo>,
    /// The engine that takes a seat nobody chose, for each player count (as `players`).
    pub default_engines: Vec<&'static str>,
    /// The rule option values (switches and choices, one set at a time) under which
    /// another engine takes those seats.
    pub default_engines_by_option: Vec<OptionEngine>,
}

/// A rule option value that changes the default engine of a player count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionEngine {
    /// The player count.
    pub players: usize,
    /// The option's key.
    pub key: String,
    /// Its value.
    pub value: String,
    /// The engine that takes the seats nobody chose with that value.
    pub engine: &'static str,
}

/// A rule option or a searcher key.
#[derive(Clone, Debug, Serialize)]
pub struct SettingInfo {
    /// Its key.
    pub key: String,
    /// The values it takes.
    pub values: String,
    /// Its default.
    pub default: String,
    /// What it does.
    pub doc: String,
    /// How the page asks for it.
    pub control: crate::control::Control,
}

/// A searcher the seats may use.
#[derive(Clone, Debug, Serialize)]
pub struct SearcherInfo {
    /// Its name in spec strings.
    pub name: &'static str,
    /// What it is.
    pub doc: &'static str,
    /// Its keys.
    pub keys: Vec<SettingInfo>,
}

/// What `POST /api/sessions` takes.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The game's name.
    pub game: String,
    /// The player count (default: the game's).
    pub players: Option<usize>,
    /// Rule options, key to value.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// Who sits in each seat: `person` or an engine spec (default: a person in seat 0, the
    /// game's default engine for the player count and options in the others).
    pub seats: Option<Vec<String>>,
    /// The engine's thinking time per move in milliseconds (default 5000, beginner).
    pub think_ms: Option<u64>,
    /// A position text to start from (default: the start position).
    pub position: Option<String>,
}

/// The list of games.
pub fn catalog() -> Catalog {
    let mut games = Vec::new();
    macro_rules! list {
        ($($game:ty),* $(,)?) => { $(games.push(info::<$game>());)* };
    }
    tabula_rules::for_each_game!(list);
    Catalog {
        games,
        think_presets: THINK_PRESETS.to_vec(),
        levels: crate::levels::LEVELS.to_vec(),
        default_level: crate::levels::DEFAULT_LEVEL,
        palette: tabula_board::PALETTE.to_vec(),
    }
}

fn info<G: ServeGame>() -> GameInfo {
    let default = G::Options::default();
    GameInfo {
        name: G::NAME,
        players: G::Options::player_counts(),
        default_players: default.players(),
        default_engines: (1..=MAX_SEATS).filter_map(|n| default_engine::<G>(n, None)).collect(),
        default_engines_by_option: engines_by_option::<G>(),
        options: G::Options::SETTINGS
            .iter()
            .map(|s| SettingInfo {
                key: s.key().to_string(),
                values: s.expected(),
                default: s.get(&default),
                doc: s.doc().to_string(),
                control: crate::control::Control::of(s.kind(), &s.expected()),
            })
            .collect(),
        searchers: searchers::<G>()
            .into_iter()
            .map(|s| SearcherInfo {
                name: s.name,
                doc: s.doc,
                keys: s
                    .keys
                    .into_iter()
                    .map(|k| SettingInfo {
                        control: crate::control::Control::of(k.kind, &k.values),
                        key: k.key.to_string(),
                        values: k.values,
                        default: k.default,
                        doc: k.doc.to_string(),
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// The default engine with `players` seats and the option `set` (key, value), if the
/// game takes them.
fn default_engine<G: ServeGame>(players: usize, set: Option<(&str, &str)>) -> Option<&'static str> {
    let mut options = G::Options::default();
    options.set_players(players).ok()?;
    if let Some((key, value)) = set {
        options.set(key, value).ok()?;
    }
    Some(G::new(&options).ok()?.default_engine())
}

/// Every switch or choice value that makes another engine the default for a player count.
fn engines_by_option<G: ServeGame>() -> Vec<OptionEngine> {
    let default = G::Options::default();
    let mut out = Vec::new();
    for players in G::Options::player_counts() {
        let Some(base) = default_engine::<G>(players, None) else { continue };
        for setting in G::Options::SETTINGS {
            let values: Vec<&str> = match setting.kind() {
                SettingKind::Switch => vec!["true", "false"],
                SettingKind::Words(words) => words.to_vec(),
                _ => continue,
            };
            let now = setting.get(&default);
            for value in values.into_iter().filter(|v| *v != now) {
                let engine = default_engine::<G>(players, Some((setting.key(), value)));
                if let Some(engine) = engine.filter(|e| *e != base) {
                    out.push(OptionEngine {
                        players,
                        key: setting.key().to_string(),
                        value: value.to_string(),
                        engine,
                    });
                }
            }
        }
    }
    out
}

macro_rules! by_name {
    ($($game:ty),* $(,)?) => {
        /// Starts the session `request` asks for within `store`'s budget (making room in
        /// it before any engine is built), and the cost to keep it under.
        pub fn create(request: &NewGame, store: &Store) -> Result<(Arc<dyn Session>, Cost), ApiError> {
            $(if request.game == <$game as Game>::NAME {
                return create_game::<$game>(request, store);
            })*
            Err(unknown_game(&request.game))
        }

        /// Starts a session replaying `record`, game `number` of a file of `games`.
        pub fn replay(record: &Record, number: usize, games: usize) -> Result<Arc<dyn Session>, ApiError> {
            let name = record
                .tag("Game")
                .ok_or_else(|| ApiError::bad(format!("bad record: game {number} has no Game tag")))?;
            $(if name == <$game as Game>::NAME {
                return replay_game::<$game>(record, number, games);
            })*
            Err(ApiError::bad(format!("bad record: game {number}: {}", unknown_game(name).message)))
        }
    };
}

tabula_rules::for_each_game!(by_name);

fn unknown_game(name: &str) -> ApiError {
    ApiError::bad(format!("unknown game '{}' (available: {})", clip(name), NAMES.join(", ")))
}

fn create_game<G: ServeGame>(request: &NewGame, store: &Store) -> Result<(Arc<dyn Session>, Cost), ApiError> {
    let mut options = G::Options::default();
    if let Some(players) = request.players {
        options.set_players(players).map_err(|e| ApiError::bad(format!("bad players: {e}")))?;
    }
    for (key, value) in &request.options {
        options
            .set(key, value)
            .map_err(|e| ApiError::bad(format!("bad option '{}={}': {e}", clip(key), clip(value))))?;
    }
    let start = match &request.position {
        Some(text) => {
            let mut game = G::from_text(text).map_err(|e| ApiError::bad(format!("bad position: {e}")))?;
            if request.players.is_some() || !request.options.is_empty() {
                game.set_options(&options).map_err(|e| ApiError::bad(format!("bad option for the position: {e}")))?;
            }
            game
        }
        None => G::new(&options).map_err(|e| ApiError::bad(format!("bad options: {e}")))?,
    };
    let seats = start.seats();
    let specs: Vec<String> = match &request.seats {
        Some(specs) => specs.clone(),
        None => (0..seats).map(|s| if s == 0 { "person" } else { start.default_engine() }.to_string()).collect(),
    };
    if specs.len() != seats {
        return Err(ApiError::bad(format!("bad seats: {} given for {seats} players", specs.len())));
    }
    let budget = store.budget();
    let longest = THINK_RANGE.1.min(budget.think_ms);
    let think = request.think_ms.unwrap_or(THINK_PRESETS[0].1);
    if !(THINK_RANGE.0..=longest).contains(&think) {
        return Err(ApiError::bad(format!(
            "bad think_ms '{think}': expected {} to {longest} milliseconds",
            THINK_RANGE.0
        )));
    }
    // Every engine is checked against the budget before any is built.
    let mut cost = Cost::default();
    for (seat, spec) in specs.iter().map(|s| s.trim()).enumerate().filter(|(_, s)| *s != "person") {
        let bad = |e: String| ApiError::bad(format!("bad seat {seat} engine '{}': {e}", clip(spec)));
        let threads = registry::threads::<G>(spec).map_err(|e| bad(e.to_string()))?;
        if threads > budget.threads {
            return Err(bad(format!(
                "threads={threads} is more than this server gives an engine ({}, tabula serve --max-threads)",
                budget.threads
            )));
        }
        cost.engine = true;
        cost.table_mb += registry::table_mb::<G>(spec).map_err(|e| bad(e.to_string()))?;
    }
    store.make_room(cost)?;
    let mut players = Vec::new();
    let mut built = Vec::new();
    for (seat, spec) in specs.iter().enumerate() {
        let spec = spec.trim();
        if spec == "person" {
            players.push(Player::Person);
            built.push(None);
        } else {
            let searcher = registry::build::<G>(spec)
                .map_err(|e| ApiError::bad(format!("bad seat {seat} engine '{}': {e}", clip(spec))))?;
            players.push(Player::Engine(spec.to_string()));
            built.push(Some(searcher));
        }
    }
    Ok((Live::start(start, players, built, Duration::from_millis(think), None), cost))
}

fn replay_game<G: ServeGame>(record: &Record, number: usize, games: usize) -> Result<Arc<dyn Session>, ApiError> {
    let bad = |e: tabula_arena::ArenaError| ApiError::bad(format!("bad record: {}", e.at(format!("game {number}"))));
    let start: G = record.replay(Some(0)).map_err(bad)?;
    let info = RecordInfo { tags: record.tags.clone(), result: record.result.clone(), number, games };
    let seats = vec![Player::Person; start.seats()];
    let none = seats.iter().map(|_| None).collect();
    let live = Live::start(start, seats, none, Duration::from_millis(THINK_PRESETS[0].1), Some(info));
    {
        let mut state = live.lock();
        for (i, recorded) in record.moves.iter().enumerate() {
            let at = |e: String| ApiError::bad(format!("bad record: game {number} ply {}: {e}", i + 1));
            let mv = state.current().parse_move(&recorded.text).map_err(|e| at(e.to_string()))?;
            let text = state.current().format_move(mv);
            state.table.play(mv, MoveRecord::bare(text)).map_err(|refusal| at(refusal.to_string()))?;
        }
        let _ = state.table.goto(0);
    }
    Ok(live)
}
