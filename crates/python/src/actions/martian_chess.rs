//! Martian Chess and Coaster Chess: one action a turn, `(from * 64 + to) * 2 + call` over
//! the 64 squares every board of theirs fits in, then `pass` and `pass!`.

use tabula_rules::games::martian_chess::{Mc, McMove, Variant, board::NONE};

use super::{ActionSpace, Actions};

const PASS: u32 = 64 * 64 * 2;

impl<V: Variant> ActionSpace for Mc<V> {
    fn num_actions(&self) -> u32 {
        PASS + 2
    }

    fn actions(&self, mv: McMove) -> Actions {
        let action = if mv.is_pass() {
            PASS + u32::from(mv.call)
        } else {
            (u32::from(mv.from) * 64 + u32::from(mv.to)) * 2 + u32::from(mv.call)
        };
        Actions::from_slice(&[action])
    }

    fn raw(mv: McMove) -> u64 {
        u64::from(mv.from) | u64::from(mv.to) << 8 | u64::from(mv.call) << 16
    }

    fn from_raw(raw: u64) -> Option<McMove> {
        let (from, to, call) = (raw as u8, (raw >> 8) as u8, raw >> 16);
        let square = |s: u8| s < 64 || s == NONE;
        (call <= 1 && square(from) && square(to)).then_some(McMove { from, to, call: call == 1 })
    }
}
