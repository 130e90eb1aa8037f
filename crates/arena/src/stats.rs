//! Match statistics.
