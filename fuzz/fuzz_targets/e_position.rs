//! E position and move texts: parsing never panics and what parses holds (see `tabula_fuzz::position`).
#![no_main]

use tabula_rules::games::e::E;

libfuzzer_sys::fuzz_target!(|data: &[u8]| tabula_fuzz::position::<E>(data));
