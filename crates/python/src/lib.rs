//! The Tabula games for Python: the module `tabula_games`, built by maturin with the feature
//! `python`. Without it this crate is the Rust half, testable without Python: every game's
//! action space ([`actions`]) and observation tensor ([`observe`]).

pub mod actions;
pub mod any_game;
pub mod observe;
#[cfg(feature = "python")]
mod py;
