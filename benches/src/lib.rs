//! Criterion benches of Tabula; see `benches/`.
