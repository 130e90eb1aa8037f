//! The players of a game: in-process searchers, outside engines speaking UGI, and people
//! whose moves come from outside (a terminal, a script), and the observer that sees a game
//! as it is played.

use tabula_engine::{SearchInfo, Searcher};
use tabula_rules::{Game, Seat};

use crate::move_record::MoveRecord;
use crate::time_control::TimeControl;
use crate::ugi::{Fault, OutsideEngine};

/// What a person does on their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action<M> {
    /// Play this move; it must be legal.
    Play(M),
    /// Take back moves, back to the person's previous turn.
    Undo,
    /// Leave the game: scored as a forfeit by the person's seat.
    Quit,
}

/// What a person does once the game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Review {
    /// Take back moves, back to the person's last turn, and play on.
    Undo,
    /// The game stays over.
    End,
}

/// A person at the board: the game loop asks for an action on the person's turn; where the
/// person's moves come from is the implementer's affair.
pub trait Person<G: Game> {
    /// The person's action in `game`, where the person is to move.
    fn turn(&mut self, game: &G) -> Action<G::Move>;

    /// The game is over (`game` says how): take moves back or let it end. By default it ends.
    fn game_over(&mut self, _game: &G) -> Review {
        Review::End
    }
}

/// Who chooses a seat's moves.
pub enum Mover<G: Game> {
    /// A searcher, limited by the player's time control.
    Searcher(Box<dyn Searcher<G>>),
    /// A person.
    Person(Box<dyn Person<G>>),
    /// An outside engine, or why it could not be started for this game (a fault that
    /// loses the game at its first move).
    Outside(Result<Box<OutsideEngine>, Fault>),
}

/// One seat's player: who moves, the time control and whether a clock runs.
pub struct Player<G: Game> {
    /// Who chooses the moves.
    pub mover: Mover<G>,
    /// The time control: limits every search and sets the clock.
    pub control: TimeControl,
    /// Whether the seat has a clock (under a timed control): a seat without one never loses
    /// on time, its control only limits each search.
    pub clocked: bool,
}

impl<G: Game> Player<G> {
    /// A searcher on a clock under `control` (a clock only if the control is timed).
    pub fn searcher(searcher: Box<dyn Searcher<G>>, control: TimeControl) -> Self {
        Player { mover: Mover::Searcher(searcher), control, clocked: true }
    }

    /// An outside engine on a clock under `control`.
    pub fn outside(engine: Result<Box<OutsideEngine>, Fault>, control: TimeControl) -> Self {
        Player { mover: Mover::Outside(engine), control, clocked: true }
    }

    /// A person, without a clock.
    pub fn person(person: Box<dyn Person<G>>) -> Self {
        Player { mover: Mover::Person(person), control: TimeControl::Infinite, clocked: false }
    }

    /// The same player without a clock: its control is a thinking time, not a clock.
    pub fn unclocked(mut self) -> Self {
        self.clocked = false;
        self
    }

    /// Whether a person plays this seat.
    pub fn is_person(&self) -> bool {
        matches!(self.mover, Mover::Person(_))
    }
}

/// Sees a game as the loop plays it; every method does nothing by default.
pub trait Observer<G: Game> {
    /// A searcher starts thinking on `game` for the seat to move.
    fn thinking(&mut self, _game: &G) {}
    /// A searcher reports an iteration while it thinks on `game`.
    fn info(&mut self, _game: &G, _info: &SearchInfo<G::Move>) {}
    /// Whether [`info`](Self::info) wants the searchers' reports. When it does not, an
    /// in-process searcher's reports are not sent over from its thread at all (each would
    /// wake the game loop, which costs when moves take microseconds). True by default.
    fn wants_info(&self) -> bool {
        true
    }
    /// `seat`'s clock ran out and, under [`FlagRule::PlayOn`], was taken away; `game` is the
    /// position it was thinking on.
    fn flagged(&mut self, _game: &G, _seat: Seat) {}
    /// `seat` made the move `record`, reaching `game`; book moves included.
    fn moved(&mut self, _seat: Seat, _game: &G, _record: &MoveRecord) {}
    /// A person took back `plies` moves (0: there was nothing to take back), reaching `game`.
    fn undone(&mut self, _game: &G, _plies: usize) {}
}

/// Observes nothing.
impl<G: Game> Observer<G> for () {
    fn wants_info(&self) -> bool {
        false
    }
}

/// What happens when a seat's clock runs out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FlagRule {
    /// The seat loses on time (matches).
    #[default]
    Forfeit,
    /// The seat loses its clock and plays on without one (casual play against a person).
    PlayOn,
}
