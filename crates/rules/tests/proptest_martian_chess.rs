//! Property tests of Martian Chess and Coaster Chess over random legal games, for both
//! player counts and every rule option, each position checked against the independent
//! reference of `tests/common/martian_reference.rs`.

mod common;
#[path = "common/martian_reference.rs"]
mod martian_reference;

use common::crate_options;
use martian_reference::{Pos, Rules};
use proptest::prelude::*;
use proptest::test_runner::Config;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula_rules::games::martian_chess::{Coaster, Martian, Mc, McMove, McOptions, SquareIter, Variant};
use tabula_rules::{Game, MoveList, Seat, perft};

/// One random game: options (spec names) and the seed of the move choices.
#[derive(Clone, Debug)]
struct GameSpec {
    options: String,
    seed: u64,
    /// Probability of picking a capture when there is one.
    capture_bias: f64,
    plies: u32,
}

fn game_spec(coaster: bool) -> impl Strategy<Value = GameSpec> {
    (
        prop_oneof![3 => Just(2usize), 1 => Just(4usize)],
        prop::sample::select(vec!["callable", "always_on", "off"]),
        prop::sample::select(vec![3u32, 7, 27]),
        any::<bool>(),
        any::<bool>(),
        prop::sample::select(vec!["pass", "end_game_and_score"]),
        prop::sample::select(vec!["path", "straight_start", "straight_each"]),
        (any::<bool>(), any::<bool>()),
        prop::option::weighted(0.15, 1u32..=80),
        any::<u64>(),
        0.0..1.0f64,
    )
        .prop_map(
            move |(
                players,
                clock,
                limit,
                promotion,
                flag,
                no_move,
                model,
                (vertical, mirror),
                max_plies,
                seed,
                bias,
            )| {
                let mut o = format!(
                    "players={players} mc.clock={clock} mc.clock_limit={limit} mc.field_promotion={promotion} \
                     mc.no_move={no_move}"
                );
                if players == 4 {
                    o += if flag { " mc.teams=true" } else { " mc.no_reject_4p=next_player_only" };
                }
                if coaster {
                    o += &format!(" mc.move_model={model} mc.setup_mirror={mirror}");
                    if players == 2 && vertical {
                        o += " mc.canal=vertical";
                    }
                }
                if let Some(m) = max_plies {
                    o += &format!(" max_plies={m}");
                }
                GameSpec { options: o, seed, capture_bias: bias, plies: 160 }
            },
        )
}

fn sorted_names<V: Variant>(g: &Mc<V>) -> (Vec<McMove>, Vec<String>) {
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    let moves = list.as_slice().to_vec();
    let mut names: Vec<String> = moves.iter().map(|&m| g.format_move(m)).collect();
    names.sort();
    (moves, names)
}

/// Every per-position property, crate against reference.
fn check_position<V: Variant>(g: &Mc<V>, p: &Pos, total_pips: u32, captured: u32) -> Result<(), TestCaseError> {
    let text = g.to_text();
    let ctx = || format!("position {text}");
    let n = g.seats();
    let t = g.topology();

    // Conservation: pips on the board plus points; points are the pips captured.
    let points: u32 = (0..n).map(|s| g.points(Seat(s as u8)) as u32).sum();
    prop_assert_eq!(g.pips_on_board() + points, total_pips, "{}", ctx());
    prop_assert_eq!(points, captured, "{}", ctx());
    prop_assert_eq!(g.occupied(), g.pieces(1) | g.pieces(2) | g.pieces(3), "{}", ctx());
    prop_assert_eq!(g.pieces(1) & g.pieces(2) | g.pieces(1) & g.pieces(3) | g.pieces(2) & g.pieces(3), 0);
    prop_assert_eq!(g.occupied() & !t.cells, 0, "{}", ctx());

    // Hash and text.
    prop_assert_eq!(g.hash(), g.hash_from_scratch(), "{}", ctx());
    let back = Mc::<V>::from_text(&text).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
    prop_assert!(back == *g, "from_text(to_text) differs: {}", ctx());
    prop_assert_eq!(back.to_text(), text.clone());
    prop_assert_eq!(p.to_text(), text.clone());

    // Outcome (with points) and the reference's.
    prop_assert_eq!(g.outcome().map(|o| o.ranks().to_vec()), p.outcome.clone(), "{}", ctx());
    if let Some(o) = g.outcome() {
        let pts: Vec<i16> = (0..n).map(|s| g.points(Seat(s as u8)) as i16).collect();
        prop_assert_eq!(o.points(), Some(&pts[..]), "{}", ctx());
    }

    // Moves: no duplicates, notation round trip, the reference's list, the count.
    let (moves, names) = sorted_names(g);
    let mut dedup = names.clone();
    dedup.dedup();
    prop_assert_eq!(dedup.len(), names.len(), "duplicate moves in {}", ctx());
    prop_assert_eq!(&names, &p.moves(), "{}", ctx());
    prop_assert_eq!(g.count_moves(), moves.len(), "{}", ctx());
    let me = g.to_move().index();
    for &m in &moves {
        prop_assert_eq!(g.parse_move(&g.format_move(m)), Ok(m));
        if !m.is_pass() {
            // A piece is moved only from the mover's zone.
            prop_assert_eq!(t.zone_of[m.from as usize] as usize, me, "{} from {}", g.format_move(m), ctx());
            prop_assert!(g.size_at(m.from as usize) != 0);
            // No rejection.
            if let Some((from, to)) = g.memory() {
                prop_assert!(
                    !(m.from as usize == to && m.to as usize == from),
                    "rejected {} in {}",
                    g.format_move(m),
                    ctx()
                );
            }
        }
        prop_assert_eq!(m.call, g.can_call() && m.call, "{}", ctx());
    }
    if let Some((from, to)) = g.memory() {
        prop_assert_eq!(t.zone_of[to] as usize, me);
        prop_assert!(t.zone_of[from] as usize != me);
    }
    Ok(())
}

fn run_game<V: Variant>(spec: &GameSpec) -> Result<(), TestCaseError> {
    let options: McOptions<V> = crate_options(&spec.options);
    let mut g = Mc::<V>::new(&options).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut p = Pos::start(Rules::parse(V::COASTER, &spec.options).map_err(TestCaseError::fail)?);
    let total = g.pips_on_board();
    let mut captured = 0;
    let mut rng = StdRng::seed_from_u64(spec.seed);
    check_position(&g, &p, total, captured)?;
    for _ in 0..spec.plies {
        if g.outcome().is_some() {
            break;
        }
        let (moves, _) = sorted_names(&g);
        let captures: Vec<McMove> = moves.iter().copied().filter(|&m| g.is_capture(m)).collect();
        let mut m = if !captures.is_empty() && rng.random_bool(spec.capture_bias) {
            captures[rng.random_range(0..captures.len())]
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        // Calls are half the list while the clock may be called: keep most games long.
        if m.call && rng.random_bool(0.9) {
            m.call = false;
        }
        if g.is_capture(m) {
            captured += g.size_at(m.to as usize) as u32;
        }
        let name = g.format_move(m);
        g.play(m);
        p.play(&name);
        check_position(&g, &p, total, captured)?;
    }
    // A short perft from the last position, crate against reference.
    if g.outcome().is_none() {
        prop_assert_eq!(perft(&g, 2), martian_reference::perft(&p, 2), "perft 2 of {}", g.to_text());
    }
    Ok(())
}

proptest! {
    #![proptest_config(Config { cases: 64, ..Config::default() })]

    #[test]
    fn martian_random_games_hold_every_invariant(spec in game_spec(false)) {
        run_game::<Martian>(&spec)?;
    }

    #[test]
    fn coaster_random_games_hold_every_invariant(spec in game_spec(true)) {
        run_game::<Coaster>(&spec)?;
    }
}

/// Mutated position texts never panic and, when they parse, round-trip.
#[test]
fn broken_texts_are_errors_not_panics() {
    let mut rng = StdRng::seed_from_u64(7);
    let bases = [
        Mc::<Martian>::new(&McOptions::default()).unwrap().to_text(),
        Mc::<Coaster>::new(&McOptions::default()).unwrap().to_text(),
    ];
    for round in 0..4000 {
        let base = &bases[round % 2];
        let mut bytes = base.as_bytes().to_vec();
        for _ in 0..rng.random_range(1..4) {
            let at = rng.random_range(0..bytes.len());
            bytes[at] = b"0123456789.PDQ-,=/ abcdefgh!x"[rng.random_range(0..29)];
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        if round % 2 == 0 {
            if let Ok(g) = Mc::<Martian>::from_text(&text) {
                assert_eq!(Mc::<Martian>::from_text(&g.to_text()).unwrap(), g, "{text}");
                let _ = g.count_moves();
            }
        } else if let Ok(g) = Mc::<Coaster>::from_text(&text) {
            assert_eq!(Mc::<Coaster>::from_text(&g.to_text()).unwrap(), g, "{text}");
            let _ = g.count_moves();
        }
    }
}

/// The zone masks the evaluator and the invariants rely on.
#[test]
fn every_square_has_one_zone() {
    let g = Mc::<Martian>::new(&McOptions::default()).unwrap();
    let t = g.topology();
    let mut all = 0;
    for s in 0..2 {
        let z = g.zone(Seat(s));
        assert_eq!(all & z, 0);
        all |= z;
        assert!(SquareIter(z).all(|i| t.zone_of[i] == s));
    }
    assert_eq!(all, t.cells);
}
