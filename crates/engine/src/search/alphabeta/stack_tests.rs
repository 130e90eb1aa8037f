//! The deepest search the engine allows fits the stack of a search thread
//! ([`crate::search::thread`]). Running out of stack aborts the test binary: a failure no
//! test can miss.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabula_rules::games::e::{E, EOptions};
use tabula_rules::games::icelights::Icelights;
use tabula_rules::{Game, MoveList};

use super::deepening::iterate;
use super::testing::Parts;
use super::worker::Worker;
use super::{MAX_PLY, Model};
use crate::api::{EngineGame, Limits};
use crate::search::thread;

/// Iterates from the deepest depth a search reaches, so that the first line dives to
/// [`MAX_PLY`] at once, within a node budget; returns the deepest ply a node reached.
fn dive<G: EngineGame>(game: &G, model: Model) -> usize {
    let parts = Parts::<G>::new(1);
    let limits = Limits { nodes: Some(20_000), ..Limits::default() };
    let shared = super::worker::Shared { model, ..parts.shared(&limits) };
    let mut worker = Worker::new(&shared, game);
    assert!(!game.is_over(), "{}", game.to_text());
    iterate(&mut worker, game, MAX_PLY as u32 - 2, &mut |_| {});
    worker.deepest
}

/// The position after `plies` random moves that do not end the game.
fn unfinished<G: Game>(options: &G::Options, plies: usize) -> G {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut game = G::new(options).unwrap();
    let mut moves = MoveList::new();
    for _ in 0..plies {
        game.legal_moves(&mut moves);
        let going_on: Vec<_> = moves
            .iter()
            .filter(|&&mv| {
                let mut next = game.clone();
                next.play(mv);
                !next.is_over()
            })
            .collect();
        if going_on.is_empty() {
            break;
        }
        game.play(*going_on[rng.random_range(0..going_on.len())]);
    }
    game
}

/// Positions with the largest frames: six-seat E (the longest move lists, under each
/// opponent model) and Icelights, a third of the way into random games.
fn deep_positions() -> Vec<Box<dyn FnOnce() -> usize + Send>> {
    let six = EOptions { players: 6, ..EOptions::default() };
    let mut dives: Vec<Box<dyn FnOnce() -> usize + Send>> = Vec::new();
    for model in [Model::Paranoid, Model::BestReply, Model::MaxN] {
        let game: E = unfinished(&six, 60);
        dives.push(Box::new(move || dive(&game, model)));
    }
    let game: Icelights = unfinished(&Default::default(), 30);
    dives.push(Box::new(move || dive(&game, Model::Paranoid)));
    dives
}

#[test]
fn the_deepest_search_fits_a_search_thread() {
    for dive in deep_positions() {
        let deepest = thread::spawn("deepest search".into(), dive).unwrap().join().unwrap();
        assert!(deepest >= MAX_PLY - 2, "the search reached ply {deepest} only");
    }
}

#[test]
fn the_deepest_searches_fit_scoped_search_threads_side_by_side() {
    std::thread::scope(|scope| {
        let threads: Vec<_> = deep_positions()
            .into_iter()
            .map(|dive| thread::spawn_scoped(scope, "deepest search".into(), dive).unwrap())
            .collect();
        for handle in threads {
            let deepest = handle.join().unwrap();
            assert!(deepest >= MAX_PLY - 2, "the search reached ply {deepest} only");
        }
    });
}

#[test]
fn the_stack_holds_max_ply_frames_of_the_largest_game() {
    let e = std::mem::size_of::<tabula_rules::MoveList<<E as Game>::Move>>() + std::mem::size_of::<E>();
    assert!(thread::LARGEST_FRAME >= e);
    assert!(thread::STACK >= MAX_PLY * e * 2, "{} bytes", thread::STACK);
}
