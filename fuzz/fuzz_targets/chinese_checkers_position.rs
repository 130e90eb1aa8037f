//! Chinese Checkers position and move text: parsers never panic, texts round-trip, `parse_move`
//! accepts exactly the legal moves (see `tabula_fuzz::position`).
#![no_main]

use tabula_rules::games::chinese_checkers::ChineseCheckers;

libfuzzer_sys::fuzz_target!(|data: &[u8]| tabula_fuzz::position::<ChineseCheckers>(data));
