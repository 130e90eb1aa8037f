//! One module per game. A game never imports another; shared mechanics live in
//! [`crate::geometry`] and [`crate::core`].
//!
//! The list of games is declared once, in [`for_each_game!`](crate::for_each_game): the
//! command line's dispatch, its help texts, the generic tests and the benches all follow from
//! it, so adding a game is one line there.
//!
//! Every place a new game touches outside its folder, and what makes sure it is not missed:
//!
//! | where | what | checked by |
//! |---|---|---|
//! | `rules/src/games/mod.rs` | `pub mod` and a line of [`for_each_game!`](crate::for_each_game) | the compiler |
//! | `rules/tests/reference/` | an independent reference generator (`Checked`) | the compiler (`every_game_has_a_reference_and_a_perft_table`) |
//! | `rules/tests/perft/NAME.txt` | perft counts from that reference | the same test |
//! | `engine/src/eval/` | the evaluator and `EngineGame` (its `Tuning`) | the compiler (the CLI dispatches every game) |
//! | `engine/weights/` | a file of the evaluator's weights (`Tunable`), compiled in | the compiler (each file is read when the engine is built) |
//! | `engine/bench/NAME.txt` | the positions `tabula bench` searches | a test (`every_game_has_positions_that_read_back` in `engine/src/bench.rs`) |
//! | `board/src/` | the pictures (`Picture`) | the compiler (the CLI and the server draw every game) |
//! | `serve/src/clicks.rs` | what a click on the board means (`Clicks`) | the compiler (the server's catalog) |
//! | `arena/src/opening_moves.rs` | what a random opening may play (`OpeningGame`) | the compiler (the CLI's `match`) |
//! | `docs/games/NAME.md` | the rules as we decided them | a test (`every_game_has_a_rules_document` in `rules/tests/harness/`) |

pub mod chinese_checkers;
pub mod e;
pub mod echelon;
pub mod icelights;
pub mod martian_chess;

/// Every game, declared once: `for_each_game!(callback)` expands to
/// `callback! { Type1, Type2, ... }` with each game's type as a full path, in the order
/// the command line lists them.
///
/// ```
/// use tabula_rules::Game;
///
/// macro_rules! names {
///     ($($game:ty),* $(,)?) => { [$(<$game as Game>::NAME),*] };
/// }
/// let names = tabula_rules::for_each_game!(names);
/// assert_eq!(names, tabula_rules::games::NAMES);
/// ```
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident) => {
        $callback! {
            $crate::games::chinese_checkers::ChineseCheckers,
            $crate::games::e::E,
            $crate::games::echelon::Echelon,
            $crate::games::icelights::Icelights,
            $crate::games::martian_chess::MartianChess,
            $crate::games::martian_chess::CoasterChess,
        }
    };
}

macro_rules! game_names {
    ($($game:ty),* $(,)?) => { &[$(<$game as $crate::Game>::NAME),*] };
}

/// The command-line names of every game, in [`for_each_game!`](crate::for_each_game) order.
pub const NAMES: &[&str] = for_each_game!(game_names);
