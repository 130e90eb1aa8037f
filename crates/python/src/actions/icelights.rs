//! Icelights: a turn is a move and an orientation, so up to two actions. A move is
//! `from * 64 + to`; an orientation `4096 + square * 4 + facing`; then `pass`, and `end`, which
//! closes a turn that moved and turned nothing. So `b1-c1,c1=E` is two actions, `d1-d4` is the
//! move and `end`, `a3=N` is the orientation alone.

use tabula_rules::games::icelights::{Icelights, IlMove, board::NONE};

use super::{ActionSpace, Actions};

const ORIENT: u32 = 64 * 64;
const PASS: u32 = ORIENT + 64 * 4;
const END: u32 = PASS + 1;

impl ActionSpace for Icelights {
    fn num_actions(&self) -> u32 {
        END + 1
    }

    fn actions(&self, mv: IlMove) -> Actions {
        if mv.is_pass() {
            return Actions::from_slice(&[PASS]);
        }
        let mut actions = Actions::new();
        if mv.from != NONE {
            actions.push(u32::from(mv.from) * 64 + u32::from(mv.to));
        }
        if mv.turn != NONE {
            actions.push(ORIENT + u32::from(mv.turn) * 4 + u32::from(mv.facing));
        } else {
            actions.push(END);
        }
        actions
    }

    fn raw(mv: IlMove) -> u64 {
        u64::from(mv.from) | u64::from(mv.to) << 8 | u64::from(mv.turn) << 16 | u64::from(mv.facing) << 24
    }

    fn from_raw(raw: u64) -> Option<IlMove> {
        (raw < 1 << 32).then_some(IlMove {
            from: raw as u8,
            to: (raw >> 8) as u8,
            turn: (raw >> 16) as u8,
            facing: (raw >> 24) as u8,
        })
    }
}
