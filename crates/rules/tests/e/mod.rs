//! E against its independent reference (`tests/reference/e.rs`): the perft table and random
//! games under random player counts and options with E's invariants.

mod generate;
mod perft;
mod random_games;

use tabula_rules::games::e::E;

use crate::harness::{Budgets, Checked};
use crate::reference::e::Pos;

impl Checked for E {
    type Reference = Pos;
    const BUDGETS: Budgets = Budgets { parallel: 5_000_000, ..Budgets::reference(400_000, 25) };

    /// A turn's own comma joins a movement and its exchange (`g3/1-g5,Xg5/2=h5/2`): the
    /// table separates turns by spaces or `;`.
    fn split_moves(column: &str) -> Vec<String> {
        column.split(|c: char| c == ';' || c.is_whitespace()).filter(|t| !t.is_empty()).map(str::to_string).collect()
    }
}
