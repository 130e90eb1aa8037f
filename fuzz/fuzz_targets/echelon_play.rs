//! Gentleman's Echelon play: random legal moves from fuzzed positions keep every invariant
//! of the spec (counters conserved, dead hexes only grow, only the top counter moves, each
//! move kills a hex or unstomps, no draw) and the hash and text stay right (see
//! `bodies::play`).
#![no_main]

#[path = "../bodies/echelon.rs"]
#[allow(dead_code)]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::play(data));
