//! The [`Game`] trait that every game implements and generic code relies on.

use std::fmt::Debug;
use std::hash::Hash;

use super::ending;
use super::error::{NotationError, RulesError};
use super::moves::{Listed, MoveList};
use super::outcome::{Finish, Outcome, Seat};
use super::settings::{self, Limit, Setting};
use super::turn::Turn;

/// Rule options of a game: the player count plus the named options of the spec, each
/// declared once in [`SETTINGS`](GameOptions::SETTINGS).
pub trait GameOptions: Clone + Default + Debug + PartialEq + Send + Sync + 'static {
    /// The options this game accepts with [`set`](GameOptions::set), as in the spec.
    const SETTINGS: &'static [&'static dyn Setting<Self>];
    /// Options (`key`) or values (`key=value`) the spec documents that are not built;
    /// naming one is a [`RulesError::Unsupported`].
    const UNSUPPORTED: &'static [&'static str] = &[];
    /// The player counts the game seats and where the options keep the count; `None`: two
    /// players only.
    const PLAYERS: Option<Players<Self>> = None;
    /// The ply cap (`max_plies`, made by [`ending::max_plies`]) and where the options keep
    /// it; `None`: the game has none. A game lists it in its settings as
    /// `&Self::MAX_PLIES.unwrap()`, so that it is declared once.
    const MAX_PLIES: Option<Limit<Self, u32>> = None;

    /// The number of players.
    fn players(&self) -> usize {
        Self::PLAYERS.map_or(2, |p| (p.get)(self) as usize)
    }

    /// The player counts the game seats, smallest first.
    fn player_counts() -> Vec<usize> {
        Self::PLAYERS.map_or_else(|| vec![2], |p| p.counts.iter().map(|&c| usize::from(c)).collect())
    }

    /// Sets the number of players; other counts than the game's are refused.
    fn set_players(&mut self, players: usize) -> Result<(), RulesError> {
        let counts = Self::PLAYERS.map_or(&[2][..], |p| p.counts);
        if !counts.iter().any(|&c| c as usize == players) {
            return Err(RulesError::Players { given: players, expected: Players::<Self>::describe(counts) });
        }
        if let Some(p) = Self::PLAYERS {
            (p.set)(self, players as u8);
        }
        Ok(())
    }

    /// The ply cap: the game ends once this many plies are played; `None`: no cap.
    fn max_plies(&self) -> Option<u32> {
        Self::MAX_PLIES.and_then(|cap| (cap.get)(self))
    }

    /// Sets the ply cap (`None`: no cap), checked as `max_plies=N` is: a game without one
    /// refuses it, as does a cap of 0.
    fn set_max_plies(&mut self, plies: Option<u32>) -> Result<(), RulesError> {
        let value = plies.map_or_else(|| "none".to_string(), |p| p.to_string());
        self.set(ending::MAX_PLIES, &value)
    }

    /// Sets the named option from its text value (`--opt KEY=VALUE`).
    fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        if Self::UNSUPPORTED.iter().any(|u| *u == key || u.split_once('=') == Some((key, value))) {
            let what = if Self::UNSUPPORTED.contains(&key) { key.to_string() } else { format!("{key}={value}") };
            return Err(RulesError::Unsupported { what });
        }
        let setting = settings::find(Self::SETTINGS, key)
            .ok_or_else(|| RulesError::UnknownOption { key: key.to_string(), known: settings::keys(Self::SETTINGS) })?;
        setting.set(self, value)
    }

    /// The options of a `players=N key=value ...` line (as perft tables and test data
    /// write them), from the defaults.
    fn from_line(line: &str) -> Result<Self, RulesError> {
        let mut options = Self::default();
        for token in line.split_whitespace() {
            let Some((key, value)) = token.split_once('=') else {
                return Err(RulesError::BadValue {
                    key: token.into(),
                    value: String::new(),
                    expected: "key=value".into(),
                });
            };
            if key == "players" {
                let n = value.parse().map_err(|_| RulesError::BadValue {
                    key: key.into(),
                    value: value.into(),
                    expected: "a player count".into(),
                })?;
                options.set_players(n)?;
            } else {
                options.set(key, value)?;
            }
        }
        Ok(options)
    }

    /// The options that differ from the defaults, as `key=value` pairs in
    /// [`SETTINGS`](GameOptions::SETTINGS) order.
    fn non_default(&self) -> Vec<(&'static str, String)> {
        settings::non_default(Self::SETTINGS, self, &Self::default())
    }
}

/// The player counts of a game with more than one, and the options' field that holds it.
pub struct Players<T> {
    /// The counts, smallest first.
    pub counts: &'static [u8],
    /// Reads the count.
    pub get: fn(&T) -> u8,
    /// Stores a count from `counts`.
    pub set: fn(&mut T, u8),
}

impl<T> Clone for Players<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Players<T> {}

impl<T> Players<T> {
    /// "2", "2 or 4", "2 to 6".
    pub fn describe(counts: &[u8]) -> String {
        match counts {
            [one] => one.to_string(),
            [first, .., last] if counts.windows(2).all(|w| w[1] == w[0] + 1) && counts.len() > 2 => {
                format!("{first} to {last}")
            }
            _ => settings::one_of(
                &counts.iter().map(u8::to_string).collect::<Vec<_>>().iter().map(String::as_str).collect::<Vec<_>>(),
            ),
        }
    }
}

/// One game's rules: positions, legal moves, results, notation.
///
/// States are values: copy one to keep it (copy-make). `legal_moves` and `play` never
/// allocate.
pub trait Game: Clone + Send + Sync + 'static {
    /// One move; small and `Copy`.
    type Move: Listed + Eq + Hash + Debug + Send + Sync;
    /// The game's move generator (see [`Generator`]).
    type Generator: Generator<Self>;
    /// The game's move and position text (see [`Notation`]).
    type Notation: Notation<Self>;
    /// Player count and rule options.
    type Options: GameOptions;
    /// The game's name on the command line, e.g. `"chinese-checkers"`.
    const NAME: &'static str;

    /// The start position for these options.
    fn new(options: &Self::Options) -> Result<Self, RulesError>;
    /// The options this position is played under.
    fn options(&self) -> &Self::Options;
    /// Changes the rule options of this position. Fails if they change the setup
    /// (player count, seating) or do not fit the position.
    fn set_options(&mut self, options: &Self::Options) -> Result<(), RulesError>;

    /// The number of seats, 2 to [`MAX_SEATS`](super::outcome::MAX_SEATS): the options'
    /// player count.
    #[inline]
    fn seats(&self) -> usize {
        self.options().players()
    }
    /// Where the game stands: side to move, plies, passes, hash, result.
    fn turn(&self) -> &Turn;
    /// The seat to move.
    #[inline]
    fn to_move(&self) -> Seat {
        Seat(self.turn().to_move)
    }
    /// The number of plies played so far.
    #[inline]
    fn ply(&self) -> u32 {
        self.turn().ply
    }
    /// Appends the legal moves of this unfinished position to `out` (the game's move
    /// generator; [`legal_moves`](Game::legal_moves) is what callers use).
    #[inline]
    fn generate(&self, out: &mut MoveList<Self::Move>) {
        Self::Generator::generate(self, out)
    }
    /// The number of moves [`generate`](Game::generate) would give; games may count without
    /// listing (bulk perft).
    #[inline]
    fn count_generated(&self) -> usize {
        Self::Generator::count(self)
    }
    /// Writes the legal moves into `out` (cleared first). Empty once the game is over.
    #[inline]
    fn legal_moves(&self, out: &mut MoveList<Self::Move>) {
        out.clear();
        if !self.is_over() {
            self.generate(out);
        }
    }
    /// The number of legal moves.
    #[inline]
    fn count_moves(&self) -> usize {
        if self.is_over() { 0 } else { self.count_generated() }
    }
    /// Whether `mv` is legal in this unfinished position; games may answer without
    /// listing every move.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list.iter().any(|&m| m == mv)
    }
    /// Plays a legal move (legality is debug-asserted only).
    fn play(&mut self, mv: Self::Move);
    /// The result, or `None` while the game runs.
    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.turn().finish.map(|finish| self.outcome_from(finish))
    }
    /// Whether the game is over.
    #[inline]
    fn is_over(&self) -> bool {
        self.turn().finish.is_some()
    }
    /// The whole result of this finished position from its ranks: games whose results
    /// carry more than ranks (points, teams) read it from the position.
    #[cold]
    fn outcome_from(&self, finish: Finish) -> Outcome {
        finish.outcome(self.seats())
    }
    /// Why the game ended, in words for a person ("seat 1 filled its target camp", "every
    /// seat passed in turn"), or `None` while the game runs. Read from the finished position
    /// when asked, so playing never pays for it. The default knows only the shared endings
    /// of [`ending`] (all passing, the ply cap); each game names its own.
    fn end_reason(&self) -> Option<String> {
        self.outcome()?;
        let shared = ending::shared_reason(self.turn(), self.seats(), self.options().max_plies());
        Some(shared.unwrap_or_else(|| "the rules ended the game".to_string()))
    }
    /// The Zobrist hash of the position, kept incrementally.
    #[inline]
    fn hash(&self) -> u64 {
        self.turn().hash
    }
    /// The hash computed from scratch; equal to [`hash`](Game::hash) (tests check it).
    fn hash_from_scratch(&self) -> u64;

    /// Reads a move in the game's notation, without asking whether it is legal here.
    fn read_move(&self, text: &str) -> Result<Self::Move, NotationError> {
        Self::Notation::read_move(self, text)
    }
    /// Parses a move in the game's notation and checks that it is legal here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, NotationError> {
        let mv = self.read_move(text)?;
        if !self.is_over() && self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(NotationError::Illegal { token: text.to_string() })
        }
    }
    /// The canonical notation of a move.
    fn format_move(&self, mv: Self::Move) -> String {
        Self::Notation::format_move(self, mv)
    }
    /// The position text; [`from_text`](Game::from_text) reads it back to an equal position.
    fn to_text(&self) -> String {
        Self::Notation::to_text(self)
    }
    /// Reads a position text.
    fn from_text(text: &str) -> Result<Self, NotationError> {
        Self::Notation::from_text(text)
    }
    /// A drawing of the position for a terminal.
    fn draw(&self) -> String {
        self.draw_marked(None)
    }
    /// A drawing of the position for a terminal with `last`, the move that led to it,
    /// marked: its from cell, its path where the game has one and its to cell, and a legend
    /// line for the marks.
    fn draw_marked(&self, last: Option<Self::Move>) -> String {
        Self::Notation::draw_marked(self, last)
    }

    /// The team a seat plays for; seats of one team share a result (Martian Chess's team
    /// option). By default every seat is its own team.
    fn team(&self, seat: Seat) -> u8 {
        seat.0
    }
    /// Whether a game from this position can end without a sole winner: a draw, or play
    /// that never ends (which a solver counts as a draw). Yes unless the rules rule it out;
    /// where they do, a seat that cannot force a win has lost.
    fn can_draw(&self) -> bool {
        true
    }
    /// Gives the turn to `seat`, the seats between losing theirs (best-reply search lets one
    /// opponent move out of turn). Giving it to the seat to move changes nothing; the hash
    /// follows. Returns `false`, changing nothing, where the game cannot or is over.
    fn hand_turn_to(&mut self, _seat: Seat) -> bool {
        false
    }
}

/// A game's move generator: its own type beside the position, so that [`Game`] reads the
/// moves through it and each game writes its generator once, in its `movegen` module.
pub trait Generator<G: Game> {
    /// Appends the legal moves of the unfinished position `game` to `out`.
    fn generate(game: &G, out: &mut MoveList<G::Move>);
    /// The number of moves [`generate`](Generator::generate) gives; a generator may count
    /// without listing (bulk perft).
    fn count(game: &G) -> usize {
        let mut list = MoveList::new();
        Self::generate(game, &mut list);
        list.len()
    }
}

/// A game's notation: moves, the position text and the drawing, in its `notation` module.
pub trait Notation<G: Game> {
    /// Reads a move in `game`, without asking whether it is legal.
    fn read_move(game: &G, text: &str) -> Result<G::Move, NotationError>;
    /// The canonical text of a move of `game`.
    fn format_move(game: &G, mv: G::Move) -> String;
    /// The position text.
    fn to_text(game: &G) -> String;
    /// Reads a position text.
    fn from_text(text: &str) -> Result<G, NotationError>;
    /// A drawing for a terminal.
    fn draw(game: &G) -> String;
    /// A drawing for a terminal with `last`, the move that led to `game`, marked; by default
    /// the drawing without marks.
    fn draw_marked(game: &G, _last: Option<G::Move>) -> String {
        Self::draw(game)
    }
}
