//! Every game's action space over random games: each legal move's actions are in range and
//! lead back to it, no legal turn's actions begin another's, the masks list exactly the next
//! actions of the legal turns, and ids and raw numbers round-trip.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabula_rules::games::chinese_checkers::ChineseCheckers;
use tabula_rules::games::e::E;
use tabula_rules::games::echelon::Echelon;
use tabula_rules::games::icelights::Icelights;
use tabula_rules::games::martian_chess::{CoasterChess, MartianChess};
use tabula_rules::{Game, GameOptions, MoveList};

use super::{ActionSpace, actions_of, id_of, move_of, next_actions};

/// Plays `games` random games of `plies` plies at most under `options` and checks every
/// position they pass.
fn check<G: ActionSpace>(options: &G::Options, games: u64, plies: u32) {
    let mut rng = SmallRng::seed_from_u64(0x7AB);
    let mut moves = MoveList::new();
    let mut positions = 0;
    for _ in 0..games {
        let mut game = G::new(options).unwrap();
        for _ in 0..plies {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            check_position(&game, moves.as_slice());
            positions += 1;
            game.play(moves.as_slice()[rng.random_range(0..moves.len())]);
        }
    }
    assert!(positions > 0);
}

fn check_position<G: ActionSpace>(game: &G, moves: &[G::Move]) {
    let n = game.num_actions();
    let all: Vec<_> = moves.iter().map(|&mv| game.actions(mv)).collect();
    let mut ids = std::collections::HashSet::new();
    for (&mv, actions) in moves.iter().zip(&all) {
        let text = game.format_move(mv);
        assert!(!actions.is_empty() && actions.iter().all(|&a| a < n), "{text}: {actions:?} out of 0..{n}");
        assert_eq!(move_of(game, moves, actions), Some(mv), "{text}: its actions name another move");
        let id = id_of(actions, n);
        assert!(ids.insert(id), "{text}: id {id} given twice");
        assert_eq!(actions_of(id, n).as_deref(), Some(actions.as_slice()), "{text}: id {id}");
        assert_eq!(G::from_raw(G::raw(mv)), Some(mv), "{text}: raw");
        for other in &all {
            assert!(
                other.len() <= actions.len() || !other.starts_with(actions),
                "{text}: {actions:?} begins another turn's {other:?}"
            );
        }
    }
    // The mask after every prefix of every turn: exactly the next actions of the turns
    // that begin with it.
    let mut mask = vec![false; n as usize];
    for actions in &all {
        for cut in 0..actions.len() {
            let prefix = &actions[..cut];
            next_actions(game, moves, prefix, &mut mask);
            let marked: Vec<u32> = (0..n).filter(|&a| mask[a as usize]).collect();
            let mut expected: Vec<u32> =
                all.iter().filter(|o| o.len() > cut && o.starts_with(prefix)).map(|o| o[cut]).collect();
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(marked, expected, "after {prefix:?}");
        }
    }
}

fn with_players<O: GameOptions>(players: usize) -> O {
    let mut options = O::default();
    options.set_players(players).unwrap();
    options
}

#[test]
fn chinese_checkers_turns_are_one_action_each() {
    for players in [2, 3, 4, 6] {
        check::<ChineseCheckers>(&with_players(players), 2, 60);
    }
}

#[test]
fn e_turns_are_prefix_free_with_every_seat_count() {
    for players in 2..=6 {
        check::<E>(&with_players(players), 2, 80);
    }
}

#[test]
fn e_exchanges_get_their_own_actions() {
    // Random games with cheap jumps reach movements that end with a guard exchange (four
    // actions); every position that offers one is checked whole.
    let mut options = with_players::<<E as Game>::Options>(2);
    options.set("e.jump_cost", "1").unwrap();
    let mut rng = SmallRng::seed_from_u64(5);
    let mut moves = MoveList::new();
    let mut exchanges = 0;
    for _ in 0..40 {
        let mut game = E::new(&options).unwrap();
        for _ in 0..200 {
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let four = moves.iter().filter(|&&mv| game.actions(mv).len() == 4).count();
            if four > 0 {
                exchanges += four;
                check_position(&game, moves.as_slice());
            }
            game.play(moves.as_slice()[rng.random_range(0..moves.len())]);
        }
    }
    assert!(exchanges > 0, "random games never offered a movement with an exchange");
}

#[test]
fn echelon_turns_fit_each_radius() {
    for radius in ["3", "4"] {
        let mut options = <Echelon as Game>::Options::default();
        options.set("ge.radius", radius).unwrap();
        check::<Echelon>(&options, 2, 80);
    }
}

#[test]
fn icelights_turns_are_a_move_and_an_orientation() {
    check::<Icelights>(&Default::default(), 2, 40);
    let mut optional = <Icelights as Game>::Options::default();
    optional.set("il.move_optional", "true").unwrap();
    check::<Icelights>(&optional, 1, 40);
}

#[test]
fn martian_and_coaster_chess_turns_are_one_action_each() {
    for players in [2, 4] {
        check::<MartianChess>(&with_players(players), 3, 80);
        check::<CoasterChess>(&with_players(players), 3, 80);
    }
}

#[test]
fn ids_pack_and_unpack() {
    assert_eq!(id_of(&[7], 10), 7);
    assert_eq!(id_of(&[7, 0], 10), 17);
    assert_eq!(actions_of(17, 10).unwrap().as_slice(), &[7, 0]);
    assert_eq!(actions_of(id_of(&[9, 9, 9, 9], 10), 10).unwrap().as_slice(), &[9, 9, 9, 9]);
    assert!(actions_of(id_of(&[9, 9, 9, 9], 10) * 11 + 10, 10).is_none());
}
