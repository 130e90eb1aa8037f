//! Icelights random play from fuzzed positions: hashes, texts, piece counts and outcomes
//! stay right while the bytes pick turns (see `bodies::play`).
#![no_main]

#[path = "../bodies/icelights.rs"]
#[allow(dead_code)]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::play(data));
