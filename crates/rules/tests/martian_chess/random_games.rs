//! Property tests of Martian Chess and Coaster Chess over random legal games, for both
//! player counts and every rule option, each position checked against the independent
//! reference of `tests/reference/martian_chess.rs`.

use proptest::prelude::*;
use proptest::test_runner::Config;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula_rules::games::martian_chess::{Coaster, Martian, Mc, McMove, McOptions, Variant};
use tabula_rules::geometry::bits::BitIter;
use tabula_rules::{Game, Seat, perft};

use crate::harness::random_game::{Ply, walk};
use crate::harness::{Checked, crate_options};
use crate::reference::Reference;

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

/// The Martian Chess invariants of a position, beyond the harness's: `captured` pips were
/// taken so far of `total_pips` at the start.
fn check_zones<V: Variant>(ply: &Ply<Mc<V>>, total_pips: u32, captured: u32) -> Result<(), TestCaseError>
where
    Mc<V>: Checked + Game<Move = McMove, Options = McOptions<V>>,
{
    let g = ply.game;
    let ctx = || format!("position {}", g.to_text());
    let n = g.seats();
    let t = g.topology();

    // Conservation: pips on the board plus points; points are the pips captured.
    let points: u32 = (0..n).map(|s| g.points(Seat(s as u8)) as u32).sum();
    prop_assert_eq!(g.pips_on_board() + points, total_pips, "{}", ctx());
    prop_assert_eq!(points, captured, "{}", ctx());
    prop_assert_eq!(g.occupied(), g.pieces(1) | g.pieces(2) | g.pieces(3), "{}", ctx());
    prop_assert_eq!(g.pieces(1) & g.pieces(2) | g.pieces(1) & g.pieces(3) | g.pieces(2) & g.pieces(3), 0);
    prop_assert_eq!(g.occupied() & !t.cells, 0, "{}", ctx());

    // The outcome carries the points.
    if let Some(o) = g.outcome() {
        let pts: Vec<i16> = (0..n).map(|s| g.points(Seat(s as u8)) as i16).collect();
        prop_assert_eq!(o.points(), Some(&pts[..]), "{}", ctx());
    }

    // Moves: a piece moves only from the mover's zone, never back where it came from.
    let me = g.to_move().index();
    for &m in &ply.legal.moves {
        if !m.is_pass() {
            prop_assert_eq!(t.zone_of[m.from as usize] as usize, me, "{} from {}", g.format_move(m), ctx());
            prop_assert!(g.size_at(m.from as usize) != 0);
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

/// A random move, a capture with probability `bias` when there is one; mostly without
/// calling the clock, which is half the list while it may be called, so that games run long.
fn pick<V: Variant>(g: &Mc<V>, moves: &[McMove], bias: f64, rng: &mut StdRng) -> McMove {
    let captures: Vec<McMove> = moves.iter().copied().filter(|&m| g.is_capture(m)).collect();
    let mut m = if !captures.is_empty() && rng.random_bool(bias) {
        captures[rng.random_range(0..captures.len())]
    } else {
        moves[rng.random_range(0..moves.len())]
    };
    if m.call && rng.random_bool(0.9) {
        m.call = false;
    }
    m
}

fn run_game<V: Variant>(spec: &GameSpec) -> Result<(), TestCaseError>
where
    Mc<V>: Checked + Game<Move = McMove, Options = McOptions<V>>,
{
    let options: McOptions<V> = crate_options(&spec.options);
    let g = Mc::<V>::new(&options).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let rules = <Mc<V> as Checked>::Reference::rules(&spec.options).map_err(TestCaseError::fail)?;
    let p = <Mc<V> as Checked>::Reference::start(rules);
    let total = g.pips_on_board();
    let mut captured = 0;
    let mut rng = StdRng::seed_from_u64(spec.seed);
    let check = |ply: &Ply<Mc<V>>, _: &mut StdRng| {
        if let Some((before, m)) = ply.last
            && before.is_capture(m)
        {
            captured += before.size_at(m.to as usize) as u32;
        }
        check_zones(ply, total, captured)
    };
    let bias = spec.capture_bias;
    let (g, p) = walk(g, p, spec.plies, &mut rng, |g, _, legal, _, rng| pick(g, &legal.moves, bias, rng), check)?;
    // A short perft from the last position, crate against reference.
    if g.outcome().is_none() {
        prop_assert_eq!(perft(&g, 2), p.perft(2), "perft 2 of {}", g.to_text());
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
        assert!(BitIter(z).all(|i| t.zone_of[i] == s));
    }
    assert_eq!(all, t.cells);
}
