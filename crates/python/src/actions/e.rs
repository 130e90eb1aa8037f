//! E: a turn is a movement, a guard exchange, both, or a pass, so one to four actions. A
//! slot (a cell and a height) is `cell * H + height - 1`, H the tallest stack the seats'
//! pieces can make (15 a seat). The ranges, in order: the moving piece's slot, the cell it
//! ends on, the mover's guard, the other guard (each `S = 127 * H` slots, cells 127), then
//! `end`, which closes a movement without an exchange, and `pass`.
//!
//! `g3/1-g5` is [from, to, end]; `g3/1-g5,Xh5/2=g5/2` is [from, to, guard, other];
//! `Xh5/2=g5/2` alone is [guard, other]; `pass` is [pass].

use tabula_rules::games::e::{CELLS, E, EMove, PIECES, Slot};
use tabula_rules::{Game, GameOptions};

use super::{ActionSpace, Actions};

const NONE: u8 = tabula_rules::geometry::hex::NONE;

/// The tallest stack: every piece of every seat.
fn height(game: &E) -> u32 {
    (PIECES * game.options().players()) as u32
}

/// The ranges' starts: (to, guard, other, end).
fn bases(game: &E) -> (u32, u32, u32, u32) {
    let slots = CELLS as u32 * height(game);
    (slots, slots + CELLS as u32, 2 * slots + CELLS as u32, 3 * slots + CELLS as u32)
}

fn slot(game: &E, slot: Slot) -> u32 {
    u32::from(slot.cell) * height(game) + u32::from(slot.level) - 1
}

impl ActionSpace for E {
    fn num_actions(&self) -> u32 {
        bases(self).3 + 2
    }

    fn actions(&self, mv: EMove) -> Actions {
        let (to, guard, other, end) = bases(self);
        if mv.from.cell == NONE && mv.guard.cell == NONE {
            return Actions::from_slice(&[end + 1]);
        }
        let mut actions = Actions::new();
        if mv.from.cell != NONE {
            actions.push(slot(self, mv.from));
            actions.push(to + u32::from(mv.to));
        }
        if mv.guard.cell != NONE {
            actions.push(guard + slot(self, mv.guard));
            actions.push(other + slot(self, mv.other));
        } else {
            actions.push(end);
        }
        actions
    }

    fn raw(mv: EMove) -> u64 {
        let slot = |s: Slot, shift: u32| (u64::from(s.cell) | u64::from(s.level) << 8) << shift;
        slot(mv.from, 0) | u64::from(mv.to) << 16 | slot(mv.guard, 24) | slot(mv.other, 40)
    }

    fn from_raw(raw: u64) -> Option<EMove> {
        let slot = |shift: u32| Slot { cell: (raw >> shift) as u8, level: (raw >> (shift + 8)) as u8 };
        (raw < 1 << 56).then(|| EMove { from: slot(0), to: (raw >> 16) as u8, guard: slot(24), other: slot(40) })
    }
}
