//! Fuzz bodies for Chinese Checkers, shared by the cargo-fuzz targets (`fuzz/fuzz_targets/`)
//! and by the stable test that replays the seed corpus (`crates/rules/tests/fuzz_corpus.rs`).
//!
//! Each body takes arbitrary bytes and panics when a property fails; it never panics on
//! input that is merely bad.

use std::sync::OnceLock;

use tabula_rules::games::chinese_checkers::{CcMove, CcOptions, ChineseCheckers, notation};
use tabula_rules::{Game, GameOptions, MoveList};

/// The most moves `position` plays after the text.
const MAX_PLIES: usize = 64;

/// Mid-game positions (reached by forward-moving play), exercising hop chains through
/// mixed pegs, pegs already home, and swap moves (the second one has five of them).
const MID_GAMES: [&str; 4] = [
    "chinese-checkers players=2 camps=03 turn=0 ply=30 passes=0 board=./.0/.../..0./........0..../..1..0.1..../\
     ......1..../...1....../0..00..../0........./....11...../...1.0.0..../....1......../..../.../11/.",
    "chinese-checkers players=2 camps=03 turn=0 ply=20 passes=0 board=./00/.../0..0/....0...0..../.....1....../\
     ....1....../....0...../.....1.../....0...../......1..../.....1....../........1..../11../.0./11/0 \
     cc.anti_block=swap",
    "chinese-checkers players=3 camps=024 turn=0 ply=30 passes=0 board=./00/.../.2../....0...0.1../.2.0.0...1../\
     .2.00....1./........0./2.....1../2......0.1/2.2......11/2........1.1/.2.2.......1./..../.../../. \
     cc.target_stay=off",
    "chinese-checkers players=6 camps=012345 turn=0 ply=36 passes=0 board=1/00/51./05.0/55.55.0102111/55.5.0..2111/\
     .50..0..2.3/.44.0...21/2.......4/4....3..2./444..3..3.2/4.....3..2../.4.4..3..2.2./3..3/.../33/.",
];

/// Position text: the bytes up to the first newline must be UTF-8 (else the input is
/// skipped) and are read with `from_text`. If they parse, the text round-trips and the
/// hash is right; then each later byte picks a legal move (byte mod count), and after
/// every move the same holds.
pub fn position(data: &[u8]) {
    let (head, tail) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let Ok(text) = std::str::from_utf8(head) else {
        return;
    };
    let Ok(mut game) = ChineseCheckers::from_text(text) else {
        return;
    };
    check_position(&game);
    let mut moves = MoveList::new();
    for &byte in tail.iter().take(MAX_PLIES) {
        if game.outcome().is_some() {
            game.legal_moves(&mut moves);
            assert!(moves.is_empty(), "moves listed after the end: {}", game.to_text());
            break;
        }
        game.legal_moves(&mut moves);
        check_moves(&game, &moves);
        let mv = moves.as_slice()[byte as usize % moves.len()];
        game.play(mv);
        check_position(&game);
    }
}

/// Move text: the input (lossily decoded), each of its comma-separated pieces and each of
/// its whitespace-separated words is parsed as a move in fixed positions. A syntactically
/// valid move other than `pass` formats back to text that parses to the same move; the
/// game's `parse_move` accepts exactly the moves that `legal_moves` lists, and playing one
/// keeps the hash right.
pub fn moves(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let positions = fixed_positions();
    let pieces = std::iter::once(&*text).chain(text.split(',')).chain(text.split_whitespace());
    for piece in pieces {
        let syntax = notation::parse_move(piece);
        if let Ok(mv) = syntax
            && !mv.is_pass()
        {
            let formatted = notation::format_move(mv);
            assert_eq!(notation::parse_move(&formatted), Ok(mv), "{piece:?} formats as {formatted:?}");
        }
        for (game, legal) in positions {
            let parsed = game.parse_move(piece);
            match syntax {
                Ok(mv) => {
                    let listed = legal.contains(&mv);
                    assert_eq!(parsed.is_ok(), listed, "{piece:?}: parse_move gives {parsed:?} in {}", game.to_text());
                    if let Ok(got) = parsed {
                        assert_eq!(got, mv, "{piece:?}");
                        assert_eq!(game.format_move(got), notation::format_move(mv));
                        let mut next = ChineseCheckers::clone(game);
                        next.play(got);
                        assert_eq!(next.hash(), next.hash_from_scratch(), "after {piece:?} in {}", game.to_text());
                    }
                }
                Err(_) => assert!(parsed.is_err(), "{piece:?} is no move but the game accepts it: {parsed:?}"),
            }
        }
    }
}

/// The positions `moves` parses in, with their legal moves: the start positions of 2,
/// 3 and 6 players and the [`MID_GAMES`]. Built (and checked) once.
fn fixed_positions() -> &'static [(ChineseCheckers, Vec<CcMove>)] {
    static POSITIONS: OnceLock<Vec<(ChineseCheckers, Vec<CcMove>)>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let mut games = Vec::new();
        for players in [2, 3, 6] {
            let mut options = CcOptions::default();
            options.set_players(players).expect("2, 3 and 6 players are supported");
            games.push(ChineseCheckers::new(&options).expect("a start position"));
        }
        for text in MID_GAMES {
            games.push(ChineseCheckers::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}")));
        }
        games
            .into_iter()
            .map(|game| {
                check_position(&game);
                let mut list = MoveList::new();
                game.legal_moves(&mut list);
                check_moves(&game, &list);
                (game, list.iter().copied().collect())
            })
            .collect()
    })
}

/// The text round-trips to an equal position with the same text, and the hash is right.
fn check_position(game: &ChineseCheckers) {
    let text = game.to_text();
    let again = ChineseCheckers::from_text(&text).unwrap_or_else(|e| panic!("own text does not parse: {e}: {text}"));
    assert_eq!(&again, game, "text does not round-trip: {text}");
    assert_eq!(again.to_text(), text, "text is not stable");
    assert_eq!(game.hash(), game.hash_from_scratch(), "incremental hash is wrong: {text}");
    assert_eq!(again.hash(), game.hash(), "hash differs after the round trip: {text}");
}

/// The legal moves of a running game: not empty, no duplicates, `pass` only alone, counted
/// right, and each one formats to text that the game parses back to it.
fn check_moves(game: &ChineseCheckers, moves: &MoveList<CcMove>) {
    let text = game.to_text();
    assert!(game.outcome().is_some() || !moves.is_empty(), "no move (not even pass) in {text}");
    assert_eq!(game.count_moves(), moves.len(), "count_moves disagrees with legal_moves in {text}");
    let mut sorted = moves.as_slice().to_vec();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), moves.len(), "duplicate moves in {text}");
    assert!(moves.len() == 1 || !sorted.contains(&CcMove::PASS), "pass beside other moves in {text}");
    for &mv in moves {
        let token = game.format_move(mv);
        assert_eq!(game.parse_move(&token), Ok(mv), "{token} does not parse back in {text}");
    }
}
