//! Fuzz bodies for Icelights, shared by the cargo-fuzz targets (`fuzz/fuzz_targets/`) and
//! by the stable test that replays the seed corpus (`crates/rules/tests/fuzz_corpus.rs`).
//!
//! Each body takes arbitrary bytes and panics when a property fails; it never panics on
//! input that is merely bad.

use std::sync::OnceLock;

use tabula_rules::games::icelights::{Icelights, IlMove, IlOptions, MAX_LEGS, notation};
use tabula_rules::{Game, MoveList};

/// The most turns `play` plays.
const MAX_PLIES: usize = 48;

/// Positions with reflections, absorptions, a loop and a boxed-in seat.
const MID_GAMES: [&str; 4] = [
    "icelights turn=0 ply=40 passes=0 board=6bN1/3bS3t/3iS3iE/BEISiSiW4/7IS/7IW/T7/1BN3IN2",
    "icelights turn=0 ply=10 passes=0 board=6bSt/7iW/2IE2IS2/8/8/BE1IN2IW2/8/T6bN",
    "icelights turn=0 ply=6 passes=0 board=6iSt/8/8/8/8/iN7/BNiN6/TBNiN5",
    "icelights turn=0 ply=12 passes=0 board=2iSiS2bSt/3iS2bW1/8/8/2IN5/2IE1IN3/BE2IN4/T1BN5 il.pass_over_pieces=true",
];

/// Splits the input at the first newline; the head must be UTF-8 to be used.
fn split(data: &[u8]) -> (Option<&str>, &[u8]) {
    match data.iter().position(|&b| b == b'\n') {
        Some(i) => (std::str::from_utf8(&data[..i]).ok(), &data[i + 1..]),
        None => (std::str::from_utf8(data).ok(), &[][..]),
    }
}

/// Parsers: the first line is read as a position text (never panics; if it parses, it
/// round-trips and the position is sound); every later line is read as a turn, with
/// `notation::parse_move` and with `parse_move` in the fuzzed position (if any) and in
/// fixed positions: a well-formed turn formats back to itself, and `parse_move` accepts
/// exactly the listed turns.
pub fn position(data: &[u8]) {
    let (head, tail) = split(data);
    let fuzzed = head.and_then(|t| Icelights::from_text(t).ok());
    if let Some(g) = &fuzzed {
        check_position(g);
    }
    let text = String::from_utf8_lossy(tail);
    let mut positions: Vec<(Icelights, Vec<IlMove>)> = fixed_positions().to_vec();
    if let Some(g) = fuzzed {
        positions.push((g, list(&g)));
    }
    for line in text.lines().take(16) {
        let syntax = notation::parse_move(line);
        if let Ok(mv) = syntax {
            let formatted = notation::format_move(mv);
            assert_eq!(notation::parse_move(&formatted), Ok(mv), "{line:?} formats as {formatted:?}");
        }
        for (game, legal) in &positions {
            let parsed = game.parse_move(line);
            match syntax {
                Ok(mv) => {
                    assert_eq!(parsed.is_ok(), legal.contains(&mv), "{line:?}: {parsed:?} in {}", game.to_text());
                    assert_eq!(game.is_legal(mv) && game.outcome().is_none(), legal.contains(&mv), "{line:?}");
                }
                Err(_) => assert!(parsed.is_err(), "{line:?} is no turn but the game accepts it"),
            }
        }
    }
}

/// Random play: the first line is a position text (the start if it does not parse), then
/// each byte picks a legal turn (byte mod count). After every turn the position is sound:
/// hash, text round trip, piece counts, beams that end, an outcome equal to a fresh
/// position's from the same text.
pub fn play(data: &[u8]) {
    let (head, tail) = split(data);
    let mut game = head
        .and_then(|t| Icelights::from_text(t).ok())
        .unwrap_or_else(|| Icelights::new(&IlOptions::default()).expect("the start"));
    check_position(&game);
    let pieces = (game.pieces(tabula_rules::Seat(0)).count_ones(), game.pieces(tabula_rules::Seat(1)).count_ones());
    let (towers, beamers) = (game.towers(), game.beamers().count_ones());
    let mut moves = MoveList::new();
    for &byte in tail.iter().take(MAX_PLIES) {
        game.legal_moves(&mut moves);
        if game.outcome().is_some() {
            assert!(moves.is_empty(), "turns listed after the end: {}", game.to_text());
            break;
        }
        check_moves(&game, &moves);
        let mv = moves.as_slice()[byte as usize % moves.len()];
        game.play(mv);
        check_position(&game);
        let now = (game.pieces(tabula_rules::Seat(0)).count_ones(), game.pieces(tabula_rules::Seat(1)).count_ones());
        assert_eq!(now, pieces, "piece counts changed: {}", game.to_text());
        assert_eq!(game.beamers().count_ones(), beamers);
        assert_eq!(game.towers().count_ones(), towers.count_ones());
    }
}

fn list(game: &Icelights) -> Vec<IlMove> {
    let mut l = MoveList::new();
    game.legal_moves(&mut l);
    l.as_slice().to_vec()
}

/// The start (both options) and [`MID_GAMES`], with their turns; built once.
fn fixed_positions() -> &'static [(Icelights, Vec<IlMove>)] {
    static POSITIONS: OnceLock<Vec<(Icelights, Vec<IlMove>)>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let mut games = vec![
            Icelights::new(&IlOptions::default()).expect("start"),
            Icelights::new(&IlOptions { move_optional: true, ..IlOptions::default() }).expect("start"),
        ];
        games.extend(MID_GAMES.iter().map(|t| Icelights::from_text(t).unwrap_or_else(|e| panic!("{t}: {e}"))));
        games.into_iter().map(|g| (g, list(&g))).collect()
    })
}

/// Text round trip, hash, beams that end, outcome derived from the board.
fn check_position(game: &Icelights) {
    let text = game.to_text();
    let again = Icelights::from_text(&text).unwrap_or_else(|e| panic!("own text does not parse: {e}: {text}"));
    assert_eq!(&again, game, "text does not round-trip: {text}");
    assert_eq!(again.to_text(), text, "text is not stable");
    assert_eq!(game.hash(), game.hash_from_scratch(), "incremental hash is wrong: {text}");
    let beams = game.beams();
    assert_eq!(beams.hits, game.hit_towers(), "hits differ from a fresh trace: {text}");
    for b in beams.beams() {
        assert!(b.legs().len() <= MAX_LEGS);
        let mut seen = std::collections::HashSet::new();
        assert!(b.squares().all(|s| seen.insert(s)), "a beam repeats a square and direction: {text}");
    }
    let _ = game.draw();
}

/// The turns of a running game: not empty, no duplicates, counted right, and every fifth
/// one (the list has hundreds) parsing back to itself.
fn check_moves(game: &Icelights, moves: &MoveList<IlMove>) {
    let text = game.to_text();
    assert!(!moves.is_empty(), "no turn (not even pass) in {text}");
    assert_eq!(game.count_moves(), moves.len(), "count_moves disagrees in {text}");
    let mut sorted = moves.as_slice().to_vec();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), moves.len(), "duplicate turns in {text}");
    for &mv in moves.iter().step_by(5) {
        let token = game.format_move(mv);
        assert_eq!(game.parse_move(&token), Ok(mv), "{token} does not parse back in {text}");
    }
}
