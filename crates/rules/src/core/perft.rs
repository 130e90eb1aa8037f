//! Perft: the number of move sequences of exactly `depth` plies. A finished game has no
//! moves, so it adds nothing for `depth >= 1`; a forced `pass` is a move.

use rayon::prelude::*;

use super::game::Game;
use super::moves::MoveList;

/// Perft with bulk counting: at depth 1 the legal moves are counted, not played.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => game.count_moves() as u64,
        _ => {
            let mut moves = MoveList::new();
            game.legal_moves(&mut moves);
            let mut nodes = 0;
            for &mv in &moves {
                let mut child = game.clone();
                child.play(mv);
                nodes += perft(&child, depth - 1);
            }
            nodes
        }
    }
}

/// Perft that plays every move, leaves included (measures `play` as well as generation).
pub fn perft_made<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut nodes = 0;
    for &mv in &moves {
        let mut child = game.clone();
        child.play(mv);
        nodes += if depth == 1 { 1 } else { perft_made(&child, depth - 1) };
    }
    nodes
}

/// How perft counts the last ply: the counts are the same, the work is not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaves {
    /// The moves at depth 1 are counted, not played ([`perft`]).
    Bulk,
    /// Every leaf is played ([`perft_made`]), as peers that count that way do.
    Made,
}

impl Leaves {
    /// Perft of `game` to `depth`, counting this way.
    pub fn perft<G: Game>(self, game: &G, depth: u32) -> u64 {
        match self {
            Leaves::Bulk => perft(game, depth),
            Leaves::Made => perft_made(game, depth),
        }
    }
}

/// Perft split across the current rayon pool, two plies deep so that the work balances
/// even with few root moves.
pub fn perft_parallel<G: Game>(game: &G, depth: u32, leaves: Leaves) -> u64 {
    if depth < 3 {
        return leaves.perft(game, depth);
    }
    children(game)
        .into_par_iter()
        .map(|child| children(&child).into_par_iter().map(|g| leaves.perft(&g, depth - 2)).sum::<u64>())
        .sum()
}

/// Perft per root move, as `(move text, nodes)` sorted by move text; computed in parallel.
pub fn perft_divide<G: Game>(game: &G, depth: u32, leaves: Leaves) -> Vec<(String, u64)> {
    assert!(depth >= 1, "divide needs depth >= 1");
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut rows: Vec<(String, u64)> = moves
        .as_slice()
        .par_iter()
        .map(|&mv| {
            let mut child = game.clone();
            child.play(mv);
            (game.format_move(mv), perft_parallel(&child, depth - 1, leaves))
        })
        .collect();
    rows.sort();
    rows
}

fn children<G: Game>(game: &G) -> Vec<G> {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = game.clone();
            child.play(mv);
            child
        })
        .collect()
}
