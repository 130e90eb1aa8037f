//! Gentleman's Echelon against its independent reference (`tests/reference/echelon.rs`):
//! the perft table and random games under random options with the spec's invariants.

mod generate;
mod perft;
mod random_games;

use tabula_rules::games::echelon::Echelon;

use crate::harness::{Budgets, Checked};
use crate::reference::echelon::Pos;

impl Checked for Echelon {
    type Reference = Pos;
    const BUDGETS: Budgets = Budgets { parallel: 5_000_000, ..Budgets::reference(400_000, 25) };
}
