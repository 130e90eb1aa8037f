//! Icelights against its independent reference (`tests/reference/icelights.rs`): the perft
//! table, the beams, and random games from the start and from random setups.

mod beams;
mod generate;
mod perft;
mod random_games;

use tabula_rules::games::icelights::Icelights;

use crate::harness::{Budgets, Checked};
use crate::reference::icelights::Pos;

impl Checked for Icelights {
    type Reference = Pos;
    const BUDGETS: Budgets = Budgets { made: 3_000_000, divide: 100_000, ..Budgets::reference(420_000, 12) };

    /// A turn's own comma joins its move and orientation (`b1-c1,c1=E`): the table
    /// separates turns by spaces.
    fn split_moves(column: &str) -> Vec<String> {
        column.split_whitespace().map(str::to_string).collect()
    }
}
