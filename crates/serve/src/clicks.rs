//! Where a move is made on the picture: the piece (or cell) a player clicks first and the
//! cell clicked second, named as the pictures' `data-cell` and `data-level` attributes name
//! them. Moves that share both clicks (an Icelights move with each orientation, an E
//! movement with each exchange, a Martian Chess move with and without calling the clock)
//! are told apart by the page with a chooser listing their notation.

use serde::Serialize;
use tabula_rules::Game;
use tabula_rules::games::chinese_checkers::{CcMove, ChineseCheckers, STAR};
use tabula_rules::games::e::{E, EMove, TABLES};
use tabula_rules::games::echelon::{Echelon, EgMove};
use tabula_rules::games::icelights::{Icelights, IlMove, board::name as square_name};
use tabula_rules::games::martian_chess::{Mc, McMove, Topology, Variant};

/// A place on the picture: a cell, and for a piece in a stack its height from 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Spot {
    /// The cell's name, as in the picture's `data-cell`.
    pub cell: String,
    /// The piece's height in its stack, as in the picture's `data-level`; `None`: any
    /// piece of the cell, or the cell itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
}

impl Spot {
    fn cell(cell: String) -> Spot {
        Spot { cell, level: None }
    }
}

/// A game whose moves are made by two clicks on its picture.
pub trait Clicks: Game {
    /// The first and second click of `mv` in this position; `None` for a move that is not
    /// made on the board (a pass), which the page offers as a button.
    fn clicks(&self, mv: Self::Move) -> Option<(Spot, Spot)>;
}

impl Clicks for ChineseCheckers {
    fn clicks(&self, mv: CcMove) -> Option<(Spot, Spot)> {
        (!mv.is_pass())
            .then(|| (Spot::cell(STAR.board.name(mv.from as usize)), Spot::cell(STAR.board.name(mv.to as usize))))
    }
}

impl Clicks for E {
    /// A movement starts on the moved pyramid (its height picks it out of a stack); an
    /// exchange alone starts on the mover's guard and ends on the other seat's guard.
    fn clicks(&self, mv: EMove) -> Option<(Spot, Spot)> {
        let name = |cell: u8| TABLES.hex.name(cell as usize);
        if mv.has_movement() {
            Some((Spot { cell: name(mv.from.cell), level: Some(mv.from.level) }, Spot::cell(name(mv.to))))
        } else if mv.has_exchange() {
            Some((Spot { cell: name(mv.guard.cell), level: Some(mv.guard.level) }, Spot::cell(name(mv.other.cell))))
        } else {
            None
        }
    }
}

impl Clicks for Echelon {
    /// Only a stack's top counter moves, so any counter of the stack starts the move.
    fn clicks(&self, mv: EgMove) -> Option<(Spot, Spot)> {
        let hex = &self.board().hex;
        Some((Spot::cell(hex.name(mv.from as usize)), Spot::cell(hex.name(mv.to as usize))))
    }
}

impl Clicks for Icelights {
    /// A turn with a move goes from its from square to its to square; an orientation alone
    /// is made by clicking the turned piece twice.
    fn clicks(&self, mv: IlMove) -> Option<(Spot, Spot)> {
        if mv.has_move() {
            Some((Spot::cell(square_name(mv.from)), Spot::cell(square_name(mv.to))))
        } else if mv.has_turn() {
            Some((Spot::cell(square_name(mv.turn)), Spot::cell(square_name(mv.turn))))
        } else {
            None
        }
    }
}

impl<V: Variant> Clicks for Mc<V> {
    fn clicks(&self, mv: McMove) -> Option<(Spot, Spot)> {
        (!mv.is_pass())
            .then(|| (Spot::cell(Topology::name(mv.from as usize)), Spot::cell(Topology::name(mv.to as usize))))
    }
}
