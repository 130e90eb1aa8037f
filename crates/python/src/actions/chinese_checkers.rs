//! Chinese Checkers: one action a turn, the peg's hole and the hole it ends in
//! (`from * 121 + to`), and the pass after them.

use tabula_rules::games::chinese_checkers::{CcMove, ChineseCheckers, HOLES};

use super::{ActionSpace, Actions};

const PASS: u32 = (HOLES * HOLES) as u32;

impl ActionSpace for ChineseCheckers {
    fn num_actions(&self) -> u32 {
        PASS + 1
    }

    fn actions(&self, mv: CcMove) -> Actions {
        let action = if mv.is_pass() { PASS } else { u32::from(mv.from) * HOLES as u32 + u32::from(mv.to) };
        Actions::from_slice(&[action])
    }

    fn raw(mv: CcMove) -> u64 {
        u64::from(mv.from) | u64::from(mv.to) << 8
    }

    fn from_raw(raw: u64) -> Option<CcMove> {
        (raw < 1 << 16).then_some(CcMove { from: raw as u8, to: (raw >> 8) as u8 })
    }
}
