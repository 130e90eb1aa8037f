//! The fuzz bodies of every game, shared by the cargo-fuzz targets (`fuzz/fuzz_targets/`)
//! and by the stable test that replays the seed corpus (`crates/rules/tests/fuzz_corpus.rs`,
//! which includes this file as a module, so paths here never start with `crate::`).
//!
//! Two generic bodies, [`position`] and [`play`], check what holds in every game; a game
//! adds its fixed positions, its move syntax and its own invariants through [`Fuzz`]. Each
//! body takes arbitrary bytes and panics when a property fails; it never panics on input
//! that is merely bad.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt::Debug;
use std::sync::{Mutex, OnceLock};

use tabula_rules::{Game, MoveList, NotationError};

mod chinese_checkers;
mod e;
mod echelon;
mod icelights;
mod martian_chess;

/// The most moves [`play`] plays by default: enough to cross any phase from a fixed or
/// fuzzed position, few enough for thousands of inputs a second.
pub const MAX_PLIES: usize = 64;

/// The most pieces of move text [`position`] reads from one input.
pub const MAX_PIECES: usize = 64;

/// What one game adds to the generic bodies.
pub trait Fuzz: Game + Copy + PartialEq + Debug
where
    Self::Move: Ord,
{
    /// Whether [`syntax`](Fuzz::syntax) accepts only the canonical text of a move.
    const CANONICAL: bool;

    /// [`check_full`] parses back every this many legal moves of a position, from an
    /// offset the position's hash picks, so that over many positions every move is
    /// parsed back; games with hundreds of moves a position raise it.
    const PARSE_BACK_EVERY: usize = 1;

    /// The most moves [`play`] plays from one start; games whose every ply lists hundreds
    /// of moves lower it (deeper positions still come from fuzzed position texts).
    const MAX_PLIES: usize = MAX_PLIES;

    /// Positions that move texts are parsed in and that [`play`] may start from: starts
    /// under several options and mid-games that reach the game's special cases.
    fn fixed() -> Vec<Self>;

    /// A start chosen by the first bytes of an input whose first line is no position
    /// text, with the bytes left to pick moves. By default the first byte picks one of
    /// the [`fixed`](Fuzz::fixed) positions.
    fn pick(data: &[u8]) -> Option<(Self, &[u8])> {
        let (&first, rest) = data.split_first()?;
        let fixed = fixed::<Self>();
        Some((fixed[first as usize % fixed.len()].0, rest))
    }

    /// Reads a move's syntax here, its legality unchecked.
    fn syntax(&self, text: &str) -> Result<Self::Move, NotationError>;

    /// The game's own invariants of a position.
    fn check_position(&self) {}

    /// The game's own invariants of the legal moves of a running game.
    fn check_moves(&self, _moves: &[Self::Move]) {}

    /// The game's own invariants of a syntactically good move, `listed` or not.
    fn check_syntax(&self, _mv: Self::Move, _listed: bool) {}

    /// The game's own invariants of one move, played from `before` to `after`.
    fn check_move(_before: &Self, _mv: Self::Move, _after: &Self) {}

    /// The game's own invariants of a finished game.
    fn check_end(&self) {}
}

/// Position and move text: the first line, if UTF-8, is read as a position text; if it
/// parses, the whole position holds (see [`check_full`]). Then the input (lossily decoded),
/// its lines, its comma-separated pieces and its words are read as moves in that position
/// and in the fixed ones: a syntactically good move formats to text that reads back to it
/// (the same text where the syntax is canonical), and `parse_move` accepts exactly the
/// listed moves, giving the move the syntax read; playing one keeps the hash right.
pub fn position<G: Fuzz>(data: &[u8])
where
    G::Move: Ord,
{
    let head = data.split(|&b| b == b'\n').next().unwrap_or_default();
    let own = std::str::from_utf8(head).ok().and_then(|text| G::from_text(text).ok()).map(|game| {
        let mut moves = MoveList::new();
        check_full(&game, &mut moves);
        let mut legal = moves.as_slice().to_vec();
        legal.sort();
        (game, legal)
    });
    let text = String::from_utf8_lossy(data);
    let pieces = std::iter::once(&*text).chain(text.lines()).chain(text.split(',')).chain(text.split_whitespace());
    for piece in pieces.take(MAX_PIECES) {
        for (game, legal) in fixed::<G>().iter().chain(own.as_ref()) {
            check_piece(game, legal, piece);
        }
    }
}

/// Random play: the first line is a position text; if it does not parse, the game picks
/// a start from the first bytes ([`Fuzz::pick`]). Each later byte picks a legal move (byte
/// mod count), at most [`Fuzz::MAX_PLIES`]. Every move keeps the hash right and the game's
/// invariants of a move; the last position holds whole ([`check_full`]: text, every legal
/// move parsed back, the game's invariants). An input may stop at any ply, so every
/// position the fuzzer reaches is the last one of some input and gets the whole check,
/// while an input costs a single whole check.
pub fn play<G: Fuzz>(data: &[u8])
where
    G::Move: Ord,
{
    let (head, tail) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let parsed = std::str::from_utf8(head).ok().and_then(|text| G::from_text(text).ok());
    let Some((mut game, bytes)) = parsed.map(|game| (game, tail)).or_else(|| G::pick(data)) else {
        return;
    };
    let mut moves = MoveList::new();
    for &byte in bytes.iter().take(G::MAX_PLIES) {
        game.legal_moves(&mut moves);
        if game.outcome().is_some() || moves.is_empty() {
            break;
        }
        let mv = moves.as_slice()[byte as usize % moves.len()];
        let before = game;
        game.play(mv);
        assert_eq!(game.hash(), game.hash_from_scratch(), "incremental hash is wrong after {mv:?}: {}", game.to_text());
        G::check_move(&before, mv, &game);
    }
    check_full(&game, &mut moves);
}

/// The position text round-trips to an equal position with the same text and hash, the
/// incremental hash equals a fresh one, and the game's invariants of a position hold.
pub fn check_text<G: Fuzz>(game: &G)
where
    G::Move: Ord,
{
    let text = game.to_text();
    let again = G::from_text(&text).unwrap_or_else(|e| panic!("own text does not parse: {e}: {text}"));
    assert_eq!(&again, game, "text does not round-trip: {text}");
    assert_eq!(again.to_text(), text, "text is not stable");
    assert_eq!(game.hash(), game.hash_from_scratch(), "incremental hash is wrong: {text}");
    assert_eq!(again.hash(), game.hash(), "hash differs after the round trip: {text}");
    game.check_position();
}

/// The whole position: [`check_text`], and the drawing is made. A finished game lists no
/// move and holds the game's end invariants; a running game's moves (left in `moves`) are
/// not empty, have no duplicates, are counted right, hold the game's invariants, and each
/// (or each [`Fuzz::PARSE_BACK_EVERY`]-th) formats to text that parses back to it.
pub fn check_full<G: Fuzz>(game: &G, moves: &mut MoveList<G::Move>)
where
    G::Move: Ord,
{
    check_text(game);
    let _ = game.draw();
    let text = || game.to_text();
    game.legal_moves(moves);
    if game.outcome().is_some() {
        assert!(moves.is_empty(), "moves listed after the end: {}", text());
        game.check_end();
        return;
    }
    assert!(!moves.is_empty(), "no move (not even pass) in {}", text());
    assert_eq!(game.count_moves(), moves.len(), "count_moves disagrees with legal_moves in {}", text());
    let mut sorted = moves.as_slice().to_vec();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), moves.len(), "duplicate moves in {}", text());
    game.check_moves(moves.as_slice());
    let every = G::PARSE_BACK_EVERY;
    for &mv in moves.iter().skip(game.hash() as usize % every).step_by(every) {
        let token = game.format_move(mv);
        assert_eq!(game.parse_move(&token), Ok(mv), "{token} does not parse back in {}", text());
    }
}

/// One piece of move text in `game`, whose legal moves are `legal` (sorted).
fn check_piece<G: Fuzz>(game: &G, legal: &[G::Move], piece: &str)
where
    G::Move: Ord,
{
    let syntax = game.syntax(piece);
    let parsed = game.parse_move(piece);
    let Ok(mv) = syntax else {
        assert!(parsed.is_err(), "{piece:?} is no move but the game accepts it: {parsed:?}");
        return;
    };
    let formatted = game.format_move(mv);
    assert_eq!(game.syntax(&formatted), Ok(mv), "{piece:?} formats as {formatted:?}");
    assert!(!G::CANONICAL || formatted == piece, "{piece:?} is not canonical yet reads as {formatted:?}");
    let listed = legal.binary_search(&mv).is_ok();
    assert_eq!(parsed.is_ok(), listed, "{piece:?}: parse_move gives {parsed:?} in {}", game.to_text());
    game.check_syntax(mv, listed);
    if let Ok(got) = parsed {
        assert_eq!(got, mv, "{piece:?}");
        let mut next = *game;
        next.play(got);
        assert_eq!(next.hash(), next.hash_from_scratch(), "after {piece:?} in {}", game.to_text());
    }
}

/// The [`Fuzz::fixed`] positions of `G` with their sorted legal moves, each checked whole;
/// built once per game.
pub fn fixed<G: Fuzz>() -> &'static [(G, Vec<G::Move>)]
where
    G::Move: Ord,
{
    type Cache = HashMap<TypeId, &'static (dyn Any + Send + Sync)>;
    static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
    let mut cache = CACHE.get_or_init(Mutex::default).lock().unwrap_or_else(|e| e.into_inner());
    let entry = *cache.entry(TypeId::of::<G>()).or_insert_with(|| {
        let positions: Vec<(G, Vec<G::Move>)> = G::fixed()
            .into_iter()
            .map(|game| {
                let mut moves = MoveList::new();
                check_full(&game, &mut moves);
                let mut legal = moves.as_slice().to_vec();
                legal.sort();
                (game, legal)
            })
            .collect();
        Box::leak(Box::new(positions))
    });
    entry.downcast_ref::<Vec<(G, Vec<G::Move>)>>().expect("the cache holds each game's own type")
}
