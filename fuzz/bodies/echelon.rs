//! Fuzz bodies for Gentleman's Echelon, shared by the cargo-fuzz targets
//! (`fuzz/fuzz_targets/echelon_*.rs`) and by the stable test that replays the seed corpus
//! (`crates/rules/tests/fuzz_corpus.rs`).
//!
//! Each body takes arbitrary bytes and panics when a property fails; it never panics on
//! input that is merely bad.

use std::sync::OnceLock;

use tabula_rules::games::echelon::{BLUE, Echelon, EgMove, EgOptions, RED, board, notation};
use tabula_rules::{Game, MoveList};

/// The most moves `play` plays (every game ends sooner on the default board).
const MAX_PLIES: usize = 200;

/// Positions of the perft table: tall stacks, many dead hexes, both options.
const POSITIONS: [&str; 4] = [
    "echelon radius=4 turn=1 ply=23 board=.x.../....../x..x.../rr....../x..[brbrbb].[rbrb]..x/......../.x.x.x./x.x..x/.x...",
    "echelon radius=4 turn=0 ply=44 board=x..x./....x./...x.x./..x.xrx./.xr[brb]x[rbrbrb]xxx/..xxxx.x/.x.xxxx/x.bx.x/...xx",
    "echelon radius=4 turn=1 ply=25 board=xxrx./x.xx.x/......./...x..../x..[brbrrbb]x[rbrb].../......../.x...../x....x/.x... ge.slide_to_end=true",
    "echelon radius=3 turn=1 ply=23 board=xbxx/..x[brbr]./xx..x./x.[brbr]x[rbr]../..xxx./...../....",
];

/// The fixed positions: the start (default, radius 3, ten counters) and [`POSITIONS`],
/// each with its legal moves. Built (and checked) once.
fn fixed_positions() -> &'static [(Echelon, Vec<EgMove>)] {
    static FIXED: OnceLock<Vec<(Echelon, Vec<EgMove>)>> = OnceLock::new();
    FIXED.get_or_init(|| {
        let mut games = Vec::new();
        for (radius, height) in [(4, 6), (3, 6), (5, 10)] {
            let options = EgOptions { radius, stack_height: height, ..EgOptions::default() };
            games.push(Echelon::new(&options).expect("a start position"));
        }
        for text in POSITIONS {
            games.push(Echelon::from_text(text).unwrap_or_else(|e| panic!("{text}: {e}")));
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

/// Parsers: the bytes up to the first newline are read as a position text (if UTF-8);
/// if it parses, it round-trips and its hash is right. Every later line, each of its
/// comma-separated pieces and words, is read as a move in that position and in the
/// fixed positions: `parse_move` accepts exactly the listed moves, and a syntactically
/// good move formats back to itself.
pub fn parse(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (head, tail) = text.split_once('\n').unwrap_or((&text, ""));
    let own = Echelon::from_text(head).ok();
    if let Some(game) = &own {
        check_position(game);
    }
    let own_moves: Option<(Echelon, Vec<EgMove>)> = own.map(|g| {
        let mut list = MoveList::new();
        g.legal_moves(&mut list);
        check_moves(&g, &list);
        (g, list.iter().copied().collect())
    });
    let pieces = std::iter::once(tail).chain(tail.lines()).chain(tail.split(',')).chain(tail.split_whitespace());
    for piece in pieces {
        for (game, legal) in fixed_positions().iter().chain(own_moves.as_ref()) {
            let b = game.board();
            let syntax = notation::parse_move(b, piece);
            if let Ok(mv) = syntax {
                let formatted = notation::format_move(b, mv);
                assert_eq!(formatted, piece, "{piece:?} is not canonical yet parses");
            }
            let parsed = game.parse_move(piece);
            match syntax {
                Ok(mv) => {
                    assert_eq!(parsed.is_ok(), legal.contains(&mv), "{piece:?}: {parsed:?} in {}", game.to_text());
                }
                Err(_) => assert!(parsed.is_err(), "{piece:?} is no move but the game accepts it"),
            }
        }
    }
}

/// Play: the first line is a position text; if it does not parse, the first byte picks
/// one of the fixed positions. Each later byte picks a legal move (byte mod count), and
/// every move keeps the invariants of the spec.
pub fn play(data: &[u8]) {
    let (head, tail) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, &[][..]),
    };
    let parsed = std::str::from_utf8(head).ok().and_then(|t| Echelon::from_text(t).ok());
    let (mut game, bytes) = match parsed {
        Some(g) => (g, tail),
        None => {
            let fixed = fixed_positions();
            let Some((&first, rest)) = data.split_first() else { return };
            (fixed[first as usize % fixed.len()].0, rest)
        }
    };
    check_position(&game);
    let mut moves = MoveList::new();
    for &byte in bytes.iter().cycle().take(if bytes.is_empty() { 0 } else { MAX_PLIES }) {
        game.legal_moves(&mut moves);
        if game.outcome().is_some() {
            assert!(moves.is_empty(), "moves listed after the end: {}", game.to_text());
            let o = game.outcome().expect("over");
            let capped = game.options().max_plies.is_some_and(|m| game.ply() >= m);
            assert!(o.sole_winner().is_some() || capped, "a draw without the ply cap: {}", game.to_text());
            if !capped {
                assert_eq!(o.sole_winner(), Some(tabula_rules::Seat(1 - game.to_move().0)), "the stuck side loses");
            }
            break;
        }
        check_moves(&game, &moves);
        let mv = moves.as_slice()[byte as usize % moves.len()];
        let before = game;
        game.play(mv);
        check_move(&before, mv, &game);
        check_position(&game);
    }
}

/// `2 · live hexes + Σ (height − 1)`: every move lowers it.
fn potential(game: &Echelon) -> u32 {
    2 * (game.board().hex.len() as u32 - game.dead().count_ones()) + game.excess()
}

/// The invariants of one move.
fn check_move(before: &Echelon, mv: EgMove, after: &Echelon) {
    let text = before.to_text();
    let (from, to) = (mv.from as usize, mv.to as usize);
    assert_eq!(before.dead() & !after.dead(), 0, "a dead hex came back after {mv:?} in {text}");
    for seat in [RED, BLUE] {
        assert_eq!(after.counters(seat), before.counters(seat), "counters not conserved in {text}");
    }
    let mut rest = before.stack(from);
    let top = rest.pop().expect("a counter moves");
    assert_eq!(top, before.to_move(), "moved a counter not of the mover in {text}");
    let mut onto = before.stack(to);
    assert!(onto.is_empty() || before.height(from) == 1, "a stack top stomped in {text}");
    onto.push(top);
    assert_eq!(after.stack(from), rest, "not the top alone moved in {text}");
    assert_eq!(after.stack(to), onto, "the counter did not land on top in {text}");
    let killed = (after.dead() & !before.dead()).count_ones();
    assert!(killed == 1 || after.excess() + 1 == before.excess(), "neither a kill nor an unstomp in {text}");
    assert!(potential(after) < potential(before), "the potential did not fall in {text}");
}

/// The text round-trips to an equal position with the same text, and the hash is right.
fn check_position(game: &Echelon) {
    let text = game.to_text();
    let again = Echelon::from_text(&text).unwrap_or_else(|e| panic!("own text does not parse: {e}: {text}"));
    assert_eq!(&again, game, "text does not round-trip: {text}");
    assert_eq!(again.to_text(), text, "text is not stable");
    assert_eq!(game.hash(), game.hash_from_scratch(), "incremental hash is wrong: {text}");
    assert_eq!(game.dead() & game.occupied(), 0, "a dead hex holds a counter: {text}");
    assert_eq!(game.occupied() & !board(game.radius()).hex.mask(), 0, "a counter off the board: {text}");
}

/// The legal moves of a running game: not empty, no duplicates, counted right, each one
/// formats to text that the game parses back to it.
fn check_moves(game: &Echelon, moves: &MoveList<EgMove>) {
    let text = game.to_text();
    assert!(game.outcome().is_some() || !moves.is_empty(), "a running game without a move: {text}");
    assert_eq!(game.count_moves(), moves.len(), "count_moves disagrees with legal_moves in {text}");
    let mut sorted = moves.as_slice().to_vec();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), moves.len(), "duplicate moves in {text}");
    for &mv in moves {
        let token = game.format_move(mv);
        assert_eq!(game.parse_move(&token), Ok(mv), "{token} does not parse back in {text}");
    }
}
