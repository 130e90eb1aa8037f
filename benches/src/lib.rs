//! Criterion benches of Tabula move generation (and, later, search).

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
        let seat = game.to_move();
        let goal = target_tip(&game, seat);
        let gain = |mv: &tabula_rules::games::chinese_checkers::CcMove| {
            if mv.is_pass() {
                return i32::MIN;
            }
            distance(mv.from as usize, goal) - distance(mv.to as usize, goal)
        };
        let best = *moves.iter().max_by_key(|mv| (gain(mv), std::cmp::Reverse(**mv))).expect("a move or a pass");
        game.play(best);
    }
    game
}

fn target_tip(game: &ChineseCheckers, seat: tabula_rules::Seat) -> usize {
    // The target hole farthest from the centre.
    let centre = STAR.board.parse("i9").expect("the centre");
    (0..STAR.board.len()).filter(|&i| (game.target(seat) >> i) & 1 == 1).max_by_key(|&i| distance(i, centre)).unwrap()
}

fn distance(a: usize, b: usize) -> i32 {
    let (x, y) = (STAR.board.cell(a), STAR.board.cell(b));
    let (dq, dr) = ((x.q - y.q) as i32, (x.r - y.r) as i32);
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}
