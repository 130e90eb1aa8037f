//! The line a solve prints, read from the table after the searches: the winner's proof
//! (or, where no draw is possible, the loser's disproof), or for a draw moves that keep it.

use tabula_rules::{Game, MoveList, Seat};

use super::dfpn::{lookup, position_key, wins};
use super::table::Table;

/// The longest line printed.
const MAX_PLIES: usize = 200;

/// The proof that `attacker` wins `game`: on its turns the proved move with the shortest
/// proof, on the defender's the move whose proof is longest. It stops early where the
/// table lost the proof.
pub(super) fn proof<G: Game>(table: &Table, game: &G, attacker: Seat, capped: bool) -> Vec<G::Move> {
    let mut line = Vec::new();
    let mut game = game.clone();
    let mut moves = MoveList::new();
    while !game.is_over() && line.len() < MAX_PLIES {
        game.legal_moves(&mut moves);
        let or = game.to_move() == attacker;
        let mut best: Option<(G::Move, u16)> = None;
        for &mv in moves.iter() {
            let mut child = game.clone();
            child.play(mv);
            let len = if child.is_over() {
                wins(&child, attacker).then_some(0)
            } else {
                lookup(table, position_key(&child, capped), attacker).filter(|e| e.pn == 0).map(|e| e.len)
            };
            let Some(len) = len else { continue };
            if best.is_none_or(|(_, b)| if or { len < b } else { len > b }) {
                best = Some((mv, len));
            }
        }
        let Some((mv, _)) = best else { break };
        line.push(mv);
        game.play(mv);
    }
    line
}

/// The line of a game that cannot be drawn, in which `attacker` was shown not to force a
/// win (so the other seat wins): every move is one after which the attacker is known not to
/// win (on the attacker's own turns all are).
pub(super) fn disproof<G: Game>(table: &Table, game: &G, attacker: Seat, capped: bool) -> Vec<G::Move> {
    refuting(table, game, capped, |_| attacker)
}

/// A drawing line of the drawn `game`: each seat plays a move after which the other is
/// known (from the table) not to force a win.
pub(super) fn draw<G: Game>(table: &Table, game: &G, capped: bool) -> Vec<G::Move> {
    refuting(table, game, capped, |g| Seat(1 - g.to_move().0))
}

/// Moves after which the seat `attacker` names for the position is known (from the table)
/// not to force a win, the first such move each time, until the game ends, a position
/// repeats, or the table knows no such move.
fn refuting<G: Game>(table: &Table, game: &G, capped: bool, attacker: impl Fn(&G) -> Seat) -> Vec<G::Move> {
    let mut line = Vec::new();
    let mut seen = vec![position_key(game, capped)];
    let mut game = game.clone();
    let mut moves = MoveList::new();
    while !game.is_over() && line.len() < MAX_PLIES {
        game.legal_moves(&mut moves);
        let attacker = attacker(&game);
        let refuted = |child: &G| {
            if child.is_over() {
                !wins(child, attacker)
            } else {
                lookup(table, position_key(child, capped), attacker).is_some_and(|e| e.dn == 0)
            }
        };
        let Some(mv) = moves.iter().copied().find(|&mv| {
            let mut child = game.clone();
            child.play(mv);
            refuted(&child)
        }) else {
            break;
        };
        line.push(mv);
        game.play(mv);
        let key = position_key(&game, capped);
        if seen.contains(&key) {
            break;
        }
        seen.push(key);
    }
    line
}
