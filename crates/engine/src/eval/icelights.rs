//! The Icelights evaluator: Tower exposure, guards and mobility.
//!
//! For each seat, each of the four lines out of its Tower (the grid directions) is read up
//! to the nearest piece:
//!
//! * an enemy Beamer there can turn to face the Tower (a hit next turn): a threat;
//! * an Icelight pointing at the Tower is an aimed mirror: any beam into its side or back
//!   hits the Tower; worse when the enemy owns it (it can also be moved);
//! * an enemy Icelight there that a beam already crosses can be turned onto the Tower in
//!   one turn: a threat;
//! * an own Icelight there guards the line (best pointing away: its point absorbs what
//!   comes down the line), an own Beamer blocks it;
//! * an empty stretch of the line that a beam crosses is one move from a hit (an Icelight
//!   dropped there and turned), and a line open to the edge is a mild weakness.
//!
//! Mobility (the squares each piece could move to) counts a little. Beams are traced once
//! per evaluation (the fixed-size paths of `Icelights::beams`).

use tabula_rules::games::icelights::board::{Dir, RAYS, nearest};
use tabula_rules::games::icelights::{Icelights, IlMove, Kind, NONE};
use tabula_rules::{Game, MAX_SEATS, Seat};

use crate::api::{EngineGame, Evaluator, Score};
use crate::tuning::Tuning;
use crate::weights::tunable;

/// The reading of one seat's Tower lines: a safety score (higher is safer) and the number
/// of lines the enemy can hit with one orientation (a Beamer, or an Icelight a beam
/// already crosses, nearest on the line: turned to face the Tower, it hits).
pub fn exposure(w: &IlEval, game: &Icelights, seat: Seat, lit: u64) -> (Score, u32) {
    let t = game.tower(seat) as usize;
    let own = game.pieces(seat);
    let occupied = game.occupied();
    let (mut v, mut threats) = (0, 0);
    for d in Dir::ALL {
        let ray = RAYS[d.index()][t];
        let blockers = ray & occupied;
        if blockers == 0 {
            v -= w.open;
            if ray & lit != 0 {
                v -= w.crossed;
            }
            continue;
        }
        let p = nearest(blockers, d);
        let bit = 1u64 << p;
        // The empty squares between the Tower and that piece.
        if ray & !RAYS[d.index()][p as usize] & !bit & lit != 0 {
            v -= w.crossed;
        }
        let mine = own & bit != 0;
        let Some(piece) = game.piece(p) else { continue };
        let Some(f) = piece.facing else { continue };
        match piece.kind {
            Kind::Tower => {}
            Kind::Beamer if mine => v += w.guard / 2,
            Kind::Beamer => {
                v -= w.threat;
                threats += 1;
            }
            Kind::Icelight => {
                if f == d.opposite() {
                    v -= if mine { w.aimed } else { w.aimed + w.aimed / 2 };
                } else if !mine && lit & bit != 0 {
                    v -= w.threat;
                    threats += 1;
                } else if mine {
                    v += if f == d { w.guard } else { w.guard / 2 };
                } else {
                    v -= w.aimed / 4;
                }
            }
        }
    }
    (v, threats)
}

/// The exposure score of `seat`'s Tower (higher is safer) under weights `w`, given the lit
/// squares.
pub fn safety(w: &IlEval, game: &Icelights, seat: Seat, lit: u64) -> Score {
    exposure(w, game, seat, lit).0
}

/// The number of piece moves `seat` has (each piece, each direction, up to its range).
/// Counted with shifts of whole bitboards: the pieces of each range step together, one
/// square at a time, onto free squares.
pub fn mobility(game: &Icelights, seat: Seat) -> Score {
    let free = !game.occupied();
    let pieces = game.pieces(seat);
    let beamers = pieces & game.beamers();
    let groups = [(pieces & game.towers(), 1), (beamers, 2), (pieces & !game.towers() & !beamers, 3)];
    let mut n = 0;
    for d in Dir::ALL {
        for (group, range) in groups {
            let mut at = group;
            for _ in 0..range {
                at = step(at, d) & free;
                n += at.count_ones() as Score;
            }
        }
    }
    n
}

/// Every square of `set` moved one square in direction `d` (off the board: dropped).
#[inline(always)]
fn step(set: u64, d: Dir) -> u64 {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    match d {
        Dir::N => set << 8,
        Dir::S => set >> 8,
        Dir::E => (set << 1) & NOT_A,
        Dir::W => (set >> 1) & NOT_H,
    }
}

/// The Icelights evaluator, with its weights (`crates/engine/weights/icelights.weights`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IlEval {
    /// An enemy piece one action from hitting the Tower.
    pub threat: Score,
    /// An Icelight pointing at the Tower (an enemy's: half as much again).
    pub aimed: Score,
    /// A beam crossing an empty stretch of a Tower line.
    pub crossed: Score,
    /// A Tower line open to the board edge.
    pub open: Score,
    /// An own piece shielding a Tower line.
    pub guard: Score,
    /// The side to move can hit the enemy Tower with one orientation.
    pub to_move_threat: Score,
    /// The side not to move has two such threats.
    pub double_threat: Score,
    /// One square of mobility.
    pub mobility: Score,
}

tunable!(IlEval, "icelights.weights", [threat, aimed, crossed, open, guard, to_move_threat, double_threat, mobility]);

impl Evaluator<Icelights> for IlEval {
    fn evaluate(&self, game: &Icelights) -> [Score; MAX_SEATS] {
        let lit = game.beams().lit;
        let mut out = [0; MAX_SEATS];
        let mut threats = [0; 2];
        for (s, value) in out.iter_mut().enumerate().take(2) {
            let seat = Seat(s as u8);
            let (safety, against) = exposure(self, game, seat, lit);
            threats[1 - s] = against;
            *value = safety + self.mobility * mobility(game, seat);
        }
        // Tempo: the side to move with a threat wins next turn; the other side's threats
        // must be parried, and one turn rarely parries two.
        let (m, o) = (game.to_move().index() & 1, 1 - (game.to_move().index() & 1));
        if threats[m] > 0 {
            out[m] += self.to_move_threat;
        } else if threats[o] >= 2 {
            out[o] += self.double_threat;
        }
        out
    }
}

/// Whether `mv` aims a piece straight at the enemy Tower: after the turn, the moved or
/// turned Beamer or Icelight is the nearest piece on one of the enemy Tower's lines and
/// points at it. Such turns win at once when the piece is a Beamer or a lit Icelight.
fn aims_at_enemy_tower(game: &Icelights, mv: IlMove) -> bool {
    let enemy = Seat(1 - game.to_move().0);
    let t = game.tower(enemy) as usize;
    let (sq, facing) = if mv.turn != NONE {
        (mv.turn, Dir::from_index(mv.facing))
    } else if mv.from != NONE {
        match game.facing(mv.from) {
            Some(f) => (mv.to, f),
            None => return false,
        }
    } else {
        return false;
    };
    let mut occupied = game.occupied();
    if mv.from != NONE {
        occupied ^= (1u64 << mv.from) | (1u64 << mv.to);
    }
    Dir::ALL.iter().any(|&d| {
        let blockers = RAYS[d.index()][t] & occupied;
        facing == d.opposite() && blockers != 0 && nearest(blockers, d) == sq
    })
}

impl EngineGame for Icelights {
    type Eval = IlEval;

    /// The piece moves each seat has (mobility): the game is won by a beam, not material.
    fn plain_value(&self) -> [Score; MAX_SEATS] {
        let mut out = [0; MAX_SEATS];
        for (s, value) in out.iter_mut().enumerate().take(2) {
            *value = mobility(self, Seat(s as u8));
        }
        out
    }
    const TUNING: Tuning = Tuning {
        // A guarded Tower cannot be hit, so the side that is ahead must not settle for
        // shuffling back and forth: a repetition or a draw counts as this much below even.
        contempt: 50,
        // About 600 turns a node, most of them quiet: late ones are searched a ply
        // shallower first, which buys a fourth ply within a second.
        late_move_reductions: 8,
        // Two plies of the careful policy, then the evaluator, backed up by minimax at weight
        // 0.8: a beam ends the game at once, which playouts find by chance and minimax does
        // not miss. Against `minimax:depth=2` at 5,000 iterations a move (12 games, seed 5):
        // full playouts 29%, these 71% (3 at the ply cap), `cap=4,implicit=0.5` 63%.
        playout_cap: Some(2),
        mcts_implicit: 0.8,
        ..Tuning::DEFAULT
    };

    fn playout_policy() -> std::sync::Arc<dyn crate::playout::PlayoutPolicy<Self>> {
        std::sync::Arc::new(crate::playout::icelights::IlCareful::default())
    }
    /// Beam threats: turns that aim a piece straight at the enemy Tower.
    fn is_tactical(&self, mv: IlMove) -> bool {
        aims_at_enemy_tower(self, mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_rules::games::icelights::IlOptions;

    fn at(text: &str) -> Icelights {
        Icelights::from_text(text).unwrap()
    }

    #[test]
    fn start_is_even() {
        let g = Icelights::new(&IlOptions::default()).unwrap();
        let e = IlEval::DEFAULT.evaluate(&g);
        assert_eq!(e[0], e[1]);
        assert_eq!(mobility(&g, Seat(0)), 34);
    }

    #[test]
    fn an_enemy_beamer_on_a_tower_line_is_a_threat() {
        // Seat 1's Beamer on a4 faces E; turned S it would hit seat 0's Tower on a1.
        let threatened = at("icelights turn=1 ply=9 passes=0 board=7t/8/8/8/bE7/8/8/T7");
        let safe = at("icelights turn=1 ply=9 passes=0 board=7t/8/8/8/1bE6/8/8/T7");
        let lit = |g: &Icelights| g.beams().lit;
        assert!(
            safety(&IlEval::DEFAULT, &threatened, Seat(0), lit(&threatened))
                < safety(&IlEval::DEFAULT, &safe, Seat(0), lit(&safe)) - 200
        );
        // The turn that aims it is tactical; others are not.
        assert!(threatened.is_tactical(threatened.parse_move("a4-a5,a5=S").unwrap()));
        assert!(!threatened.is_tactical(threatened.parse_move("a4-a5").unwrap()));
    }

    #[test]
    fn an_own_icelight_pointing_away_guards() {
        let guarded = at("icelights turn=0 ply=9 passes=0 board=7t/8/8/8/8/8/IN7/T7");
        let aimed = at("icelights turn=0 ply=9 passes=0 board=7t/8/8/8/8/8/IS7/T7");
        assert!(safety(&IlEval::DEFAULT, &guarded, Seat(0), 0) > safety(&IlEval::DEFAULT, &aimed, Seat(0), 0) + 100);
    }

    /// The shifted bitboards count what walking each piece square by square counts.
    #[test]
    fn mobility_equals_a_walk() {
        use tabula_rules::MoveList;
        use tabula_rules::games::icelights::board::NEXT;
        let walk = |g: &Icelights, seat: Seat| {
            let mut n = 0;
            for from in 0..64u8 {
                let Some(p) = g.piece(from).filter(|p| p.seat == seat) else { continue };
                for next in &NEXT {
                    let mut sq = from;
                    for _ in 0..p.kind.range() {
                        sq = next[sq as usize];
                        if sq == NONE || g.piece(sq).is_some() {
                            break;
                        }
                        n += 1;
                    }
                }
            }
            n
        };
        let mut g = Icelights::new(&IlOptions::default()).unwrap();
        let mut moves = MoveList::new();
        let mut checked = 0;
        for i in 0..200usize {
            for seat in [Seat(0), Seat(1)] {
                assert_eq!(mobility(&g, seat), walk(&g, seat), "{}", g.to_text());
                checked += 1;
            }
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                g = Icelights::new(&IlOptions::default()).unwrap();
                continue;
            }
            g.play(moves.as_slice()[(i * 7919 + 13) % moves.len()]);
        }
        assert!(checked == 400);
    }
}
