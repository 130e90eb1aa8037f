//! Chinese Checkers: move generation, perft, and search speed.
//!
//! Positions are reached by a fixed forward-moving policy so every run measures the same
//! work. `alphabeta` searches the engine's bench positions to a fixed depth; `mcts` runs a
//! fixed number of iterations from the 2-player start with full forward-biased playouts
//! (each iteration one playout to the end of the game), with one and two threads.

use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula_benches::{alphabeta_group, mcts_group, movegen_group, perft_group, position};
use tabula_engine::playout::chinese_checkers::CcForward;
use tabula_rules::games::chinese_checkers::{CcMove, CcOptions, ChineseCheckers, STAR};
use tabula_rules::{Game, MoveList};

/// Plays `plies` moves from the start for `players` players, each time the move that
/// gains the most distance toward the mover's target (ties: the first generated).
fn forward_game(players: u8, plies: usize) -> ChineseCheckers {
    let mut game = ChineseCheckers::new(&CcOptions { players, ..CcOptions::default() }).expect("2 to 6 players");
    let mut moves = MoveList::new();
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        game.legal_moves(&mut moves);
        let target = (game.camp(game.to_move()) + 3) % 6;
        let gain = |mv: &CcMove| {
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

fn movegen(c: &mut Criterion) {
    let positions =
        [("start-2p", forward_game(2, 0)), ("midgame-6p", forward_game(6, 60)), ("endgame-2p", forward_game(2, 70))];
    movegen_group(c, &positions);
}

fn perft(c: &mut Criterion) {
    perft_group(c, "perft-2p-start", &forward_game(2, 0), &[4, 5, 6], &[4, 5, 6], 10);
}

fn search(c: &mut Criterion) {
    alphabeta_group::<ChineseCheckers>(c, &[("start-2p", 0, 7), ("midgame-2p", 1, 6), ("endgame-2p", 2, 6)]);
    let start: ChineseCheckers = position(tabula_engine::bench::positions::<ChineseCheckers>()[0].text);
    mcts_group(c, "2p-start", &start, Arc::new(CcForward::default()), 4000, &[1, 2]);
}

criterion_group!(benches, movegen, perft, search);
criterion_main!(benches);
