//! Independent references, one per game: slow, plain rules written from the spec alone,
//! each behind the one [`Reference`] trait. None of them imports `tabula_rules`, so a bug
//! in the crate cannot hide in a reference that shares its code; the harness compares the
//! two through notation strings and position texts only.

pub mod chinese_checkers;
pub mod e;
pub mod echelon;
pub mod icelights;
pub mod martian_chess;

use std::fmt::Debug;

/// Reads an options column (`players=2 key=value ...`) from the defaults, token by token
/// with `set(rules, key, value)`.
pub fn read_options<R: Default>(
    column: &str,
    set: impl Fn(&mut R, &str, &str) -> Result<(), String>,
) -> Result<R, String> {
    let mut rules = R::default();
    for token in column.split_whitespace() {
        let (key, value) = token.split_once('=').ok_or(format!("bad option {token}"))?;
        set(&mut rules, key, value)?;
    }
    Ok(rules)
}

/// A game's independent reference: positions that start, read and write the position
/// text, list and make their own moves and judge the outcome; listing, playing by notation
/// and perft follow once for every reference.
pub trait Reference: Clone + Debug + PartialEq + Send + Sync + Sized {
    /// The rules of a game: player count and options.
    type Rules: Clone + Debug + PartialEq;
    /// A move as the reference represents it.
    type Move: Clone;

    /// The rules of an options column in spec names (`players=4 cc.anti_block=swap`).
    fn rules(column: &str) -> Result<Self::Rules, String>;

    /// The position's rules.
    fn rules_of(&self) -> &Self::Rules;

    /// The start position under `rules`.
    fn start(rules: Self::Rules) -> Self;

    /// Reads a position text.
    fn from_text(text: &str) -> Result<Self, String>;

    /// Writes the position text.
    fn to_text(&self) -> String;

    /// The legal moves (none once the game is over).
    fn moves(&self) -> Vec<Self::Move>;

    /// A move's notation.
    fn notation(&self, mv: &Self::Move) -> String;

    /// The position after a legal move.
    fn after(&self, mv: &Self::Move) -> Self;

    /// The rank of each seat (1 = best, ties share a rank) once the game is over.
    fn ranks(&self) -> Option<Vec<u8>>;

    /// The legal moves in notation, sorted.
    fn move_strings(&self) -> Vec<String> {
        let mut v: Vec<String> = self.moves().iter().map(|m| self.notation(m)).collect();
        v.sort();
        v
    }

    /// Plays a move given in notation; an error if it is not legal.
    fn play_str(&mut self, text: &str) -> Result<(), String> {
        let mv =
            self.moves().into_iter().find(|m| self.notation(m) == text).ok_or_else(|| format!("illegal {text}"))?;
        *self = self.after(&mv);
        Ok(())
    }

    /// The position after `plies` moves from the start of `rules`, each chosen by `pick`
    /// from the legal ones, and the moves' notation.
    fn opening(
        rules: Self::Rules,
        plies: u32,
        mut pick: impl FnMut(&Self, &[Self::Move]) -> Self::Move,
    ) -> (Self, Vec<String>) {
        let mut p = Self::start(rules);
        let mut record = Vec::new();
        for _ in 0..plies {
            let m = pick(&p, &p.moves());
            record.push(p.notation(&m));
            p = p.after(&m);
        }
        (p, record)
    }

    /// Leaf move sequences of exactly `depth` plies (README §8): a finished game has no
    /// moves, a forced pass is a move.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.after(m).perft(depth - 1)).sum()
    }

    /// `(move, perft(depth - 1) after it)` per root move, sorted by notation.
    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut rows: Vec<(String, u64)> =
            self.moves().iter().map(|m| (self.notation(m), self.after(m).perft(depth - 1))).collect();
        rows.sort();
        rows
    }
}
