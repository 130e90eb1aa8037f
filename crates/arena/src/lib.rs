//! Matches between Tabula searchers: fair schedules, one clock per seat, game records and
//! statistics.

pub mod stats;
