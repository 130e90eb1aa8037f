//! Gentleman's Echelon: one action a turn, `from * cells + to` over the board's hexes.

use tabula_rules::games::echelon::{Echelon, EgMove};

use super::{ActionSpace, Actions};

impl ActionSpace for Echelon {
    fn num_actions(&self) -> u32 {
        let cells = self.board().hex.len() as u32;
        cells * cells
    }

    fn actions(&self, mv: EgMove) -> Actions {
        let cells = self.board().hex.len() as u32;
        Actions::from_slice(&[u32::from(mv.from) * cells + u32::from(mv.to)])
    }

    fn raw(mv: EgMove) -> u64 {
        u64::from(mv.from) | u64::from(mv.to) << 8
    }

    fn from_raw(raw: u64) -> Option<EgMove> {
        (raw < 1 << 16).then_some(EgMove { from: raw as u8, to: (raw >> 8) as u8 })
    }
}
