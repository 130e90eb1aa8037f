//! One game on the board: an arena [`Table`] (its positions ply by ply, the ply shown, the
//! engines' threads and the search in progress), who sits in each seat, and what the page
//! shows of the search.

use std::time::Duration;

use tabula_arena::{Sitter, Table, Wake};
use tabula_board::Picture;
use tabula_engine::{EngineGame, Searcher};
use tabula_rules::{Game, GameOptions, Outcome, Seat};

use crate::clicks::Clicks;
use crate::search_view::SearchView;

/// What the server needs of a game: rules, engine, pictures and clicks.
pub trait ServeGame: EngineGame + Picture + Clicks {}

impl<G: EngineGame + Picture + Clicks> ServeGame for G {}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person, who moves by clicking.
    Person,
    /// A searcher built from this spec string.
    Engine(String),
}

impl Player {
    /// `person`, or the engine's spec.
    pub fn label(&self) -> &str {
        match self {
            Player::Person => "person",
            Player::Engine(spec) => spec,
        }
    }
}

/// The game of a records file a session replays.
#[derive(Clone, Debug)]
pub struct RecordInfo {
    /// Its tags, in file order.
    pub tags: Vec<(String, String)>,
    /// Its result line.
    pub result: String,
    /// Which game of the file, from 1.
    pub number: usize,
    /// Games in the file.
    pub games: usize,
}

impl RecordInfo {
    /// The value of tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

/// The latest report of the search running, for the page.
pub struct Report<M> {
    /// The report (all zero before the first).
    pub info: SearchView,
    /// The principal variation of that report, for the arrows.
    pub pv: Vec<M>,
}

/// The state of a session; see [`Live`](crate::session::Live).
pub struct State<G: ServeGame> {
    /// The game in play: positions, moves, the ply shown, the engines' threads and the
    /// search running.
    pub table: Table<G>,
    /// Who sits in each seat.
    pub seats: Vec<Player>,
    /// The engine's thinking time per move.
    pub think: Duration,
    /// The latest report of the search running, if one runs.
    pub report: Option<Report<G::Move>>,
    /// The report of the last search that ended.
    pub last_search: Option<SearchView>,
    /// Why the engine could not move, if it could not.
    pub engine_error: Option<String>,
    /// The record replayed, if this session replays one.
    pub record: Option<RecordInfo>,
    /// The seat that resigned at the last ply, if one did: the game is over there.
    pub resigned: Option<usize>,
    /// What each engine thread calls after every event: the session polls its table.
    pub(crate) wake: Option<Wake>,
}

impl<G: ServeGame> State<G> {
    /// The position shown.
    pub fn current(&self) -> &G {
        self.table.game()
    }

    /// The seat to move in the position shown, if the game goes on there (not over by the
    /// rules, nor by a resignation at the last ply).
    pub fn seat_to_move(&self) -> Option<usize> {
        let game = self.current();
        (!game.is_over() && self.resignation().is_none()).then(|| game.to_move().index())
    }

    /// Whether the ply shown is the last one played.
    pub fn at_end(&self) -> bool {
        self.table.cursor() == self.table.moves().len()
    }

    /// The seat that resigned, when the ply shown is the one it resigned at (the last).
    pub fn resignation(&self) -> Option<usize> {
        self.resigned.filter(|_| self.at_end())
    }

    /// The outcome at the ply shown: the rules', or a resignation's (with two seats the
    /// other wins; with more, the resigning seat ranks last and the others share first).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.current().outcome() {
            return Some(outcome);
        }
        let seat = self.resignation()?;
        Some(tabula_arena::game::forfeit(self.current().seats(), Seat(seat as u8)))
    }

    /// Whether `seat` is played by a person.
    pub fn is_person(&self, seat: usize) -> bool {
        matches!(self.seats.get(seat), Some(Player::Person) | None)
    }

    /// Abandons the running search, if any: its move will not be played.
    pub fn cancel_search(&mut self) {
        self.table.abandon();
        self.report = None;
    }

    /// An engine's thread for `seat`, searching with the spec's searcher.
    pub(crate) fn engine(&self, seat: usize, searcher: Box<dyn Searcher<G>>) -> Sitter<G> {
        Sitter::searcher(searcher, format!("search seat {seat}"), self.wake.clone())
    }
}

/// The options of `game` that differ from the defaults, as `key=value`.
pub fn options_text<G: Game>(game: &G) -> Vec<String> {
    game.options().non_default().into_iter().map(|(k, v)| format!("{k}={v}")).collect()
}
