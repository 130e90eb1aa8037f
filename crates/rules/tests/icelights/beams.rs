//! Comparisons of the crate's Icelights state with the reference's.

use std::collections::BTreeSet;

use crate::reference::icelights::{End, Pos, dir_letter, fire, name};
use tabula_rules::games::icelights::{BeamEnd, Icelights, board};

/// The crate's traced beams equal the reference tracer's: the same Beamers in the same
/// order, the same `(square, direction)` sequence, the same end, the same hits.
pub fn same_beams(g: &Icelights, p: &Pos) -> Result<(), String> {
    let fast = g.beams();
    let slow = fire(&p.board);
    if fast.beams().len() != slow.beams.len() {
        return Err(format!("{} beams, reference {}", fast.beams().len(), slow.beams.len()));
    }
    for (f, s) in fast.beams().iter().zip(&slow.beams) {
        let fast_path: Vec<(String, char)> = f.squares().map(|(sq, d)| (board::name(sq), d.letter())).collect();
        let slow_path: Vec<(String, char)> = s.path.iter().map(|&(sq, d)| (name(sq), dir_letter(d))).collect();
        if fast_path != slow_path {
            return Err(format!("beam from {}: {fast_path:?}, reference {slow_path:?}", name(s.beamer)));
        }
        let end = match f.end {
            BeamEnd::OffBoard => End::OffBoard,
            BeamEnd::Beamer => End::Beamer,
            BeamEnd::Tower => End::Tower,
            BeamEnd::Absorbed => End::Absorbed,
            BeamEnd::Loop => End::Loop,
        };
        if end != s.end {
            return Err(format!("beam from {}: ends {end:?}, reference {:?}", name(s.beamer), s.end));
        }
    }
    let hits: BTreeSet<usize> = (0..2).filter(|s| fast.hits >> s & 1 != 0).collect();
    if hits != slow.hits {
        return Err(format!("hits {hits:?}, reference {:?}", slow.hits));
    }
    Ok(())
}
