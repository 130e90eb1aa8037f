//! Chinese Checkers against its independent reference (`tests/reference/chinese_checkers.rs`):
//! the perft table, random games, board symmetries and constructed outcomes.

mod generate;
mod outcomes;
mod perft;
mod random_games;
mod symmetry;

use tabula_rules::games::chinese_checkers::ChineseCheckers;

use crate::harness::{Budgets, Checked};
use crate::reference::chinese_checkers::Pos;

impl Checked for ChineseCheckers {
    type Reference = Pos;
    const BUDGETS: Budgets = Budgets { parallel: 5_000_000, ..Budgets::reference(600_000, 30) };
}
