//! The integration tests of `tabula-rules`, one binary: the generic harness, the
//! independent references, one module per game, and the fuzz corpus replay.

mod harness;
mod reference;

mod chinese_checkers;
mod e;
mod echelon;
mod fuzz_corpus;
mod icelights;
mod martian_chess;
