//! Martian Chess and Coaster Chess: see `bodies::position` (never a panic on bad input;
//! texts round-trip, hashes stay right, pips are conserved while legal moves are played).
#![no_main]

#[path = "../bodies/martian_chess.rs"]
#[allow(dead_code)]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::position(data));
