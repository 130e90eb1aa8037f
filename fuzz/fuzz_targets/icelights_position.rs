//! Icelights parsers: position text (first line) and turn text (later lines) never panic,
//! round-trip, and `parse_move` accepts exactly the legal turns (see `bodies::position`).
#![no_main]

#[path = "../bodies/icelights.rs"]
#[allow(dead_code)]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::position(data));
