//! How deep a search goes.

/// The deepest ply a search tracks (killers, path, the stack of its thread).
pub const MAX_PLY: usize = 128;
