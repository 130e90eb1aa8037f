//! Martian Chess and Coaster Chess against their independent reference
//! (`tests/reference/martian_chess.rs`): the perft tables and random games under every
//! option.

mod generate;
mod perft;
mod random_games;

use tabula_rules::games::martian_chess::{CoasterChess, MartianChess};

use crate::harness::{Budgets, Checked};
use crate::reference::martian_chess::{CoasterRef, MartianRef};

const BUDGETS: Budgets = Budgets::reference(400_000, 15);

impl Checked for MartianChess {
    type Reference = MartianRef;
    const BUDGETS: Budgets = BUDGETS;
}

impl Checked for CoasterChess {
    type Reference = CoasterRef;
    const BUDGETS: Budgets = BUDGETS;
}
