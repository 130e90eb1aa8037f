//! Martian Chess position and move text: parsers never panic, texts round-trip, `parse_move`
//! accepts exactly the legal moves (see `tabula_fuzz::position`).
#![no_main]

use tabula_rules::games::martian_chess::MartianChess;

libfuzzer_sys::fuzz_target!(|data: &[u8]| tabula_fuzz::position::<MartianChess>(data));
