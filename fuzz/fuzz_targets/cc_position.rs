//! Chinese Checkers position text: `from_text` never panics, texts round-trip, hashes
//! stay right while legal moves are played (see `bodies::position`).
#![no_main]

#[path = "../bodies/chinese_checkers.rs"]
#[allow(dead_code)]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::position(data));
