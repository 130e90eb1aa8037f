//! Chinese Checkers move text: parsing never panics, notation round-trips, `parse_move`
//! accepts exactly the legal moves (see `bodies::moves`).
#![no_main]

#[path = "../bodies/chinese_checkers.rs"]
#[allow(dead_code)]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::moves(data));
