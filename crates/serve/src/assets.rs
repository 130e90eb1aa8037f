//! The page, embedded in the binary: no build step, nothing fetched at run time.

/// The page.
pub const INDEX_HTML: &str = include_str!("../assets/index.html");
/// Its script: the forms, the board's clicks, the move list, the replay controls.
pub const BOARD_JS: &str = include_str!("../assets/board.js");
/// Its style sheet.
pub const BOARD_CSS: &str = include_str!("../assets/board.css");
