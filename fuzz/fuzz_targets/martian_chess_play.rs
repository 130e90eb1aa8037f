//! Martian Chess random play from fuzzed or chosen positions: hashes, texts, legal moves
//! and the game's invariants stay right (see `tabula_fuzz::play`).
#![no_main]

use tabula_rules::games::martian_chess::MartianChess;

libfuzzer_sys::fuzz_target!(|data: &[u8]| tabula_fuzz::play::<MartianChess>(data));
