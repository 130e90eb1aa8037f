//! E random play from fuzzed or chosen positions: hashes, texts, legal moves and the game's invariants stay right (see `tabula_fuzz::play`).
#![no_main]

use tabula_rules::games::e::E;

libfuzzer_sys::fuzz_target!(|data: &[u8]| tabula_fuzz::play::<E>(data));
