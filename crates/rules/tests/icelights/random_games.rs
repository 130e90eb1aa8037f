//! Property tests of Icelights over random legal games, from the start and from random
//! setups (pieces on random squares with random facings, so that beams reflect, pass,
//! get absorbed and loop), under every rule option; each position is checked against the
//! independent reference of `tests/reference/icelights.rs`.

use std::collections::{BTreeMap, HashSet};

use proptest::prelude::*;
use proptest::test_runner::Config;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use tabula_rules::games::icelights::{Icelights, IlMove, IlOptions, Kind, MAX_LEGS, NONE};
use tabula_rules::{Game, Seat};

use super::beams::same_beams;
use crate::harness::random_game::{Legal, Ply, walk};
use crate::reference::Reference;
use crate::reference::icelights::{Pos, Turn};

#[derive(Clone, Debug)]
struct GameSpec {
    options: IlOptions,
    random_setup: bool,
    ring: bool,
    seed: u64,
    plies: u32,
}

fn game_spec() -> impl Strategy<Value = GameSpec> {
    (any::<bool>(), any::<bool>(), prop::option::weighted(0.1, 1u32..=30), any::<bool>(), any::<bool>(), any::<u64>())
        .prop_map(|(move_optional, pass_over_pieces, max_plies, random_setup, ring, seed)| GameSpec {
            options: IlOptions { move_optional, pass_over_pieces, max_plies },
            random_setup,
            ring,
            seed,
            plies: 30,
        })
}

/// A random legal setup: one Tower, 0..=2 Beamers and 0..=4 Icelights per seat on random
/// squares with random facings, written as a position text (so `from_text` builds it).
/// With `ring`, four Icelights first make a ring (each facing the next corner) with a
/// Beamer aimed into it, so that beams loop.
fn random_setup(options: &IlOptions, rng: &mut StdRng, ring: bool) -> Icelights {
    let mut cells: BTreeMap<u8, String> = BTreeMap::new();
    let mut counts =
        [[1, rng.random_range(0..=2), rng.random_range(0..=4)], [1, rng.random_range(0..=2), rng.random_range(0..=4)]];
    let letter = |seat: usize, kind: &str| if seat == 0 { kind.to_string() } else { kind.to_lowercase() };
    if ring {
        let (x1, x2) = (rng.random_range(0..6u8), rng.random_range(0..8u8));
        let (y1, y2) = (rng.random_range(1..6u8), rng.random_range(0..8u8));
        let (x2, y2) = (x2.max(x1 + 2), y2.max(y1 + 2));
        counts = [
            [1, rng.random_range(0..=1), rng.random_range(0..=2)],
            [1, rng.random_range(0..=1), rng.random_range(0..=2)],
        ];
        for (k, (x, y, f)) in [(x1, y1, 'E'), (x2, y1, 'N'), (x2, y2, 'W'), (x1, y2, 'S')].into_iter().enumerate() {
            cells.insert(y * 8 + x, format!("{}{f}", letter(k % 2, "I")));
        }
        cells.insert((y1 - 1) * 8 + x1, format!("{}N", letter(rng.random_range(0..2), "B")));
    }
    let mut squares: Vec<u8> = (0..64).filter(|s| !cells.contains_key(s)).collect();
    squares.shuffle(rng);
    let mut next = squares.into_iter();
    for (seat, counts) in counts.iter().enumerate() {
        for (kind, &n) in ["T", "B", "I"].iter().zip(counts) {
            for _ in 0..n {
                let mut s = letter(seat, kind);
                if *kind != "T" {
                    s.push(['N', 'E', 'S', 'W'][rng.random_range(0..4)]);
                }
                cells.insert(next.next().expect("a free square"), s);
            }
        }
    }
    let mut ranks = Vec::new();
    for y in (0..8u8).rev() {
        let mut r = String::new();
        let mut gap = 0;
        for x in 0..8u8 {
            match cells.get(&(y * 8 + x)) {
                None => gap += 1,
                Some(c) => {
                    if gap > 0 {
                        r += &gap.to_string();
                        gap = 0;
                    }
                    r += c;
                }
            }
        }
        if gap > 0 {
            r += &gap.to_string();
        }
        ranks.push(r);
    }
    let mut text = format!("icelights turn={} ply=0 passes=0 board={}", rng.random_range(0..2), ranks.join("/"));
    for (k, v) in tabula_rules::GameOptions::non_default(options) {
        text += &format!(" {k}={v}");
    }
    Icelights::from_text(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Pieces per (seat, kind).
fn census(g: &Icelights) -> [[u32; 3]; 2] {
    let mut c = [[0; 3]; 2];
    for (_, p) in g.piece_list() {
        let k = match p.kind {
            Kind::Tower => 0,
            Kind::Beamer => 1,
            Kind::Icelight => 2,
        };
        c[p.seat.index()][k] += 1;
    }
    c
}

/// The Icelights invariants of a position and of the turn that led to it, beyond the
/// harness's.
fn check_beams(ply: &Ply<Icelights>, pieces: [[u32; 3]; 2], rng: &mut StdRng) -> Result<(), TestCaseError> {
    let g = ply.game;
    let ctx = || format!("position {}", g.to_text());
    prop_assert_eq!(census(g), pieces, "piece counts changed: {}", ctx());

    // Beams: each ends, never enters a (square, direction) twice, and fast = reference.
    let beams = g.beams();
    for b in beams.beams() {
        prop_assert!(b.legs().len() <= MAX_LEGS);
        let mut seen = HashSet::new();
        for (sq, d) in b.squares() {
            prop_assert!(seen.insert((sq, d)), "beam from {} enters {} {:?} twice: {}", b.beamer, sq, d, ctx());
        }
    }
    same_beams(g, ply.reference).map_err(|e| TestCaseError::fail(format!("{e}: {}", ctx())))?;

    // The outcome agrees with a fresh trace.
    prop_assert_eq!(beams.hits, g.hit_towers(), "{}", ctx());
    let expected = match beams.hits {
        0 => None,
        1 => Some(vec![2, 1]),
        2 => Some(vec![1, 2]),
        _ => Some(vec![1, 1]),
    };
    if beams.hits != 0 {
        prop_assert_eq!(g.outcome().map(|o| o.ranks().to_vec()), expected, "{}", ctx());
    }

    // Turns: distinct resulting positions, is_legal on the list and on random turn values.
    let moves = &ply.legal.moves;
    let mut children = HashSet::new();
    for &mv in moves {
        prop_assert!(g.is_legal(mv));
        let mut c = *g;
        c.play(mv);
        prop_assert!(children.insert(c.to_text()), "two turns give one position ({}): {}", g.format_move(mv), ctx());
    }
    let legal: HashSet<IlMove> = moves.iter().copied().collect();
    for _ in 0..64 {
        let pick = |rng: &mut StdRng| if rng.random_bool(0.2) { NONE } else { rng.random_range(0..64) };
        let (from, turn) = (pick(rng), pick(rng));
        let mv = IlMove {
            from,
            to: if from == NONE { NONE } else { rng.random_range(0..64) },
            turn,
            facing: if turn == NONE { NONE } else { rng.random_range(0..4) },
        };
        prop_assert_eq!(g.outcome().is_none() && g.is_legal(mv), legal.contains(&mv), "{:?}: {}", mv, ctx());
    }

    // After a turn: the outcome is what a fresh position from the same board says, and the
    // other seat moves.
    if let Some((before, mv)) = ply.last {
        let fresh = Icelights::from_text(&g.to_text()).expect("text");
        prop_assert_eq!(fresh.outcome(), g.outcome(), "after {} from {}", before.format_move(mv), before.to_text());
        prop_assert_eq!(g.to_move(), Seat(1 - before.to_move().0));
    }
    Ok(())
}

/// Mostly turns that do not end the game at once, so games run on.
fn pick_quiet(g: &Icelights, _: &Pos, legal: &Legal<Icelights>, _: &[Turn], rng: &mut StdRng) -> IlMove {
    let moves = &legal.moves;
    let quiet: Vec<IlMove> = moves
        .iter()
        .copied()
        .filter(|&m| {
            let mut c = *g;
            c.play(m);
            c.outcome().is_none()
        })
        .collect();
    if !quiet.is_empty() && rng.random_bool(0.85) {
        quiet[rng.random_range(0..quiet.len())]
    } else {
        moves[rng.random_range(0..moves.len())]
    }
}

fn run(spec: &GameSpec) -> Result<(), TestCaseError> {
    let mut rng = StdRng::seed_from_u64(spec.seed);
    let g = if spec.random_setup {
        random_setup(&spec.options, &mut rng, spec.ring)
    } else {
        Icelights::new(&spec.options).expect("start")
    };
    let p = Pos::from_text(&g.to_text()).map_err(TestCaseError::fail)?;
    let pieces = census(&g);
    walk(g, p, spec.plies, &mut rng, pick_quiet, |ply, rng| check_beams(ply, pieces, rng)).map(|_| ())
}

proptest! {
    #![proptest_config(Config { cases: 40, ..Config::default() })]

    #[test]
    fn random_games_keep_every_invariant(spec in game_spec()) {
        run(&spec)?;
    }
}

/// Random setups make every kind of beam end: the generator above reaches them all.
#[test]
fn random_setups_reach_every_beam_end() {
    let mut rng = StdRng::seed_from_u64(17);
    let mut ends = HashSet::new();
    for i in 0..400 {
        let g = random_setup(&IlOptions::default(), &mut rng, i % 2 == 0);
        for b in g.beams().beams() {
            ends.insert(format!("{:?}", b.end));
        }
    }
    assert_eq!(ends.len(), 5, "{ends:?}");
}
