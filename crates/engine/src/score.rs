//! Scores: one seat's value of a position, and the constants of proven results.

/// A score in centi-units from one seat's point of view; wins and losses lie beyond
/// [`WIN_THRESHOLD`].
pub type Score = i32;

/// A proven win now; a win in `p` plies scores `WIN - p`.
pub const WIN: Score = 1_000_000;
/// Scores at or beyond this magnitude are proven results.
pub const WIN_THRESHOLD: Score = WIN - 10_000;
/// Larger than any score.
pub const INFINITY: Score = WIN + 1;

/// `value` as seen `plies` plies above the position it was found in: a proven win
/// there is worth `plies` less (a win sooner is better), a proven loss `plies` more (a
/// loss later is less bad); other scores are unchanged.
pub fn from_below(value: Score, plies: u32) -> Score {
    if value >= WIN_THRESHOLD {
        value - plies as Score
    } else if value <= -WIN_THRESHOLD {
        value + plies as Score
    } else {
        value
    }
}
