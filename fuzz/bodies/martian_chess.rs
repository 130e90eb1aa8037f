//! Fuzz bodies for Martian Chess and Coaster Chess, shared by the cargo-fuzz targets
//! (`fuzz/fuzz_targets/martian_*.rs`) and by the stable test that replays the seed corpus
//! (`crates/rules/tests/fuzz_corpus.rs`).
//!
//! Each body takes arbitrary bytes and panics when a property fails; it never panics on
//! input that is merely bad.

use tabula_rules::games::martian_chess::{Coaster, Martian, Mc, McMove, McOptions, Variant};
use tabula_rules::{Game, GameOptions, MoveList, Seat};

/// The most moves a body plays.
const MAX_PLIES: usize = 200;

/// Position text: the bytes up to the first newline must be UTF-8 (else the input is
/// skipped) and are read as a Martian Chess or Coaster Chess position. If they parse, the
/// text round-trips and the hash is right; then each later byte picks a legal move (byte
/// mod count), and after every move the same holds, with the game's invariants.
pub fn position(data: &[u8]) {
    let (head, tail) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let Ok(text) = std::str::from_utf8(head) else {
        return;
    };
    if let Ok(game) = Mc::<Martian>::from_text(text) {
        run(game, tail);
    }
    if let Ok(game) = Mc::<Coaster>::from_text(text) {
        run(game, tail);
    }
    // Every move token of the tail is parsed in the start positions too.
    let words = String::from_utf8_lossy(tail);
    for word in words.split_whitespace().take(16) {
        parse_everywhere(word);
    }
}

/// Play: the first two bytes choose the game and its options, each later byte picks a
/// legal move; every position is checked.
pub fn play(data: &[u8]) {
    let (Some(&a), Some(&b)) = (data.first(), data.get(1)) else {
        return;
    };
    let tail = &data[2..];
    if a & 1 == 0 {
        if let Some(g) = start::<Martian>(a, b) {
            run(g, tail);
        }
    } else if let Some(g) = start::<Coaster>(a, b) {
        run(g, tail);
    }
}

/// A start position from option bits.
fn start<V: Variant>(a: u8, b: u8) -> Option<Mc<V>> {
    let mut o = McOptions::<V>::default();
    let players = if a & 2 != 0 { 4 } else { 2 };
    o.set_players(players).ok()?;
    o.set("mc.clock", ["callable", "always_on", "off", "callable"][(a >> 2 & 3) as usize]).ok()?;
    o.set("mc.field_promotion", if a & 16 != 0 { "true" } else { "false" }).ok()?;
    o.set("mc.no_move", if a & 32 != 0 { "end_game_and_score" } else { "pass" }).ok()?;
    o.set("mc.clock_limit", &(1 + (b & 31)).to_string()).ok()?;
    if players == 4 {
        o.set(
            if b & 32 != 0 { "mc.teams" } else { "mc.no_reject_4p" },
            if b & 32 != 0 { "true" } else { "next_player_only" },
        )
        .ok()?;
    }
    if V::COASTER {
        o.set("mc.move_model", ["path", "straight_start", "straight_each", "path"][(b >> 6) as usize]).ok()?;
        if players == 2 && a & 64 != 0 {
            o.set("mc.canal", "vertical").ok()?;
        }
        o.set("mc.setup_mirror", if a & 128 != 0 { "true" } else { "false" }).ok()?;
    } else if a & 64 != 0 {
        o.set("max_plies", &(1 + b as u32).to_string()).ok()?;
    }
    Mc::new(&o).ok()
}

fn run<V: Variant>(mut game: Mc<V>, tail: &[u8]) {
    let total = game.pips_on_board() + points(&game);
    check_position(&game);
    let mut moves = MoveList::new();
    for &byte in tail.iter().take(MAX_PLIES) {
        game.legal_moves(&mut moves);
        if game.outcome().is_some() {
            assert!(moves.is_empty(), "moves listed after the end: {}", game.to_text());
            break;
        }
        check_moves(&game, &moves);
        let mv = moves.as_slice()[byte as usize % moves.len()];
        let before = points(&game);
        let gain = if game.is_capture(mv) { game.size_at(mv.to as usize) as u32 } else { 0 };
        game.play(mv);
        assert_eq!(points(&game), before + gain, "points are the pips captured");
        assert_eq!(game.pips_on_board() + points(&game), total, "pips are conserved");
        check_position(&game);
    }
}

fn points<V: Variant>(game: &Mc<V>) -> u32 {
    (0..game.seats()).map(|s| game.points(Seat(s as u8)) as u32).sum()
}

/// The text round-trips to an equal position with the same text, and the hash is right.
fn check_position<V: Variant>(game: &Mc<V>) {
    let text = game.to_text();
    let again = Mc::<V>::from_text(&text).unwrap_or_else(|e| panic!("own text does not parse: {e}: {text}"));
    assert_eq!(&again, game, "text does not round-trip: {text}");
    assert_eq!(again.to_text(), text, "text is not stable");
    assert_eq!(game.hash(), game.hash_from_scratch(), "incremental hash is wrong: {text}");
    let _ = game.draw();
}

/// The legal moves of a running game: not empty, no duplicates, pass only alone, counted
/// right, from the mover's zone, never the rejected return, and each one formats to text
/// that the game parses back to it.
fn check_moves<V: Variant>(game: &Mc<V>, moves: &MoveList<McMove>) {
    let text = game.to_text();
    assert!(!moves.is_empty(), "no move (not even pass) in {text}");
    assert_eq!(game.count_moves(), moves.len(), "count_moves disagrees with legal_moves in {text}");
    let mut sorted = moves.as_slice().to_vec();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), moves.len(), "duplicate moves in {text}");
    let passes = moves.iter().filter(|m| m.is_pass()).count();
    assert!(passes == 0 || passes == moves.len(), "pass beside other moves in {text}");
    let zone = game.zone(game.to_move());
    for &mv in moves {
        if !mv.is_pass() {
            assert!(zone >> mv.from & 1 == 1, "a move from outside the mover's zone in {text}");
            if let Some((from, to)) = game.memory() {
                assert!((mv.from as usize, mv.to as usize) != (to, from), "a rejected move in {text}");
            }
        }
        let token = game.format_move(mv);
        assert_eq!(game.parse_move(&token), Ok(mv), "{token} does not parse back in {text}");
    }
}

/// Parses `word` as a move in the start positions: no panic, and an accepted move is one
/// of the legal ones and formats back to `word`.
fn parse_everywhere(word: &str) {
    for players in [2, 4] {
        let mut o = McOptions::<Martian>::default();
        let _ = o.set_players(players);
        if let Ok(g) = Mc::new(&o)
            && let Ok(mv) = g.parse_move(word)
        {
            assert_eq!(g.format_move(mv), word, "{word:?} is not canonical");
        }
        let mut o = McOptions::<Coaster>::default();
        let _ = o.set_players(players);
        if let Ok(g) = Mc::new(&o)
            && let Ok(mv) = g.parse_move(word)
        {
            assert_eq!(g.format_move(mv), word, "{word:?} is not canonical");
        }
    }
}
