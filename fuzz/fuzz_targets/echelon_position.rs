//! Gentleman's Echelon position and move text: `from_text` and `parse_move` never panic,
//! texts round-trip, `parse_move` accepts exactly the legal moves (see `bodies::parse`).
#![no_main]

#[path = "../bodies/echelon.rs"]
#[allow(dead_code)]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::parse(data));
