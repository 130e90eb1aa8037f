//! Criterion benches of Tabula move generation and search.

//! Shared fixtures for the criterion benches in `benches/`: positions reached by a fixed,
//! deterministic policy so every run measures the same work.

use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers, STAR};
use tabula_rules::{Game, MoveList};

/// Plays `plies` moves from the start for `players` players, each time the move that
/// gains the most distance toward the mover's target (ties: the first generated).
pub fn forward_game(players: u8, plies: usize) -> ChineseCheckers {
    let mut game = ChineseCheckers::new(&CcOptions { players, ..CcOptions::default() }).expect("2 to 6 players");
    let mut moves = MoveList::new();
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        game.legal_moves(&mut moves);
        let target = (game.camp(game.to_move()) + 3) % 6;
        let gain = |mv: &tabula_rules::games::chinese_checkers::CcMove| {
            if mv.is_pass() {
                return i32::MIN;
            }
            STAR.tip_distance(target, mv.from as usize) as i32 - STAR.tip_distance(target, mv.to as usize) as i32
        };
        let best = *moves.iter().max_by_key(|mv| (gain(mv), std::cmp::Reverse(**mv))).expect("a move or a pass");
        game.play(best);
    }
    game
}
