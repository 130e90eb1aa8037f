//! Action spaces: every game's turns as sequences of integer actions from one fixed range,
//! the way reinforcement-learning libraries want them.
//!
//! A game whose turns are small numbers (a peg from one hole to another) gives each turn one
//! action. E and Icelights make a turn of parts (a movement, then a guard exchange or a
//! turned piece), and a single number for every whole turn would run to billions; there a
//! turn is two to four actions by the same seat, each from the same range, like OpenSpiel's
//! Amazons. The actions of the legal turns of a position are *prefix-free*: no turn's
//! actions begin another's, so a seat choosing them one by one always knows when its turn is
//! complete.
//!
//! A move's integer id packs its actions into one number ([`id_of`]): for a one-action turn
//! it is that action.

mod chinese_checkers;
mod e;
mod echelon;
mod icelights;
mod martian_chess;

use smallvec::SmallVec;
use tabula_rules::Game;

/// The actions of one turn, first to last (at most four).
pub type Actions = SmallVec<[u32; 4]>;

/// A game's action space.
pub trait ActionSpace: Game {
    /// The number of distinct actions: every action is below it. Fixed by the rule options
    /// (the player count, Echelon's radius), never by the position.
    fn num_actions(&self) -> u32;
    /// The actions that make up `mv`, a legal move of this position.
    fn actions(&self, mv: Self::Move) -> Actions;
    /// The move as a number that [`from_raw`](ActionSpace::from_raw) reads back, so that a
    /// listed move crosses into Python without a lookup.
    fn raw(mv: Self::Move) -> u64;
    /// The move of [`raw`](ActionSpace::raw)'s number; `None` for a number no move has.
    fn from_raw(raw: u64) -> Option<Self::Move>;
}

/// One integer for a whole turn: the first action, then each further action plus one in
/// base `num_actions + 1` above it. A one-action turn's id is its action.
pub fn id_of(actions: &[u32], num_actions: u32) -> u64 {
    let n = u64::from(num_actions);
    let rest = actions[1..].iter().rev().fold(0u64, |acc, &a| acc * (n + 1) + u64::from(a) + 1);
    u64::from(actions[0]) + n * rest
}

/// The actions of an id made by [`id_of`]; `None` when some action is out of range.
pub fn actions_of(id: u64, num_actions: u32) -> Option<Actions> {
    let n = u64::from(num_actions);
    let mut actions = Actions::new();
    actions.push(u32::try_from(id % n).ok()?);
    let mut rest = id / n;
    while rest > 0 {
        let digit = rest % (n + 1);
        if digit == 0 || actions.len() == 4 {
            return None;
        }
        actions.push((digit - 1) as u32);
        rest /= n + 1;
    }
    Some(actions)
}

/// The legal move whose actions are `actions`, if there is one.
pub fn move_of<G: ActionSpace>(game: &G, moves: &[G::Move], actions: &[u32]) -> Option<G::Move> {
    moves.iter().copied().find(|&mv| game.actions(mv).as_slice() == actions)
}

/// Marks in `mask` (one entry an action, cleared first) the actions that may follow
/// `prefix`: the next action of every legal move whose actions begin with `prefix`.
pub fn next_actions<G: ActionSpace>(game: &G, moves: &[G::Move], prefix: &[u32], mask: &mut [bool]) {
    mask.fill(false);
    for &mv in moves {
        let actions = game.actions(mv);
        if actions.len() > prefix.len() && actions.starts_with(prefix) {
            mask[actions[prefix.len()] as usize] = true;
        }
    }
}

#[cfg(test)]
mod tests;
