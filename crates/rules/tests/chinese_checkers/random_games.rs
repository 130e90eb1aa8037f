//! Random legal Chinese Checkers games for 2 to 6 players, both 4-player seatings and every
//! rule option, played on the crate and the reference side by side; also games from blocked
//! positions, where passes and the all-pass draw happen.

use proptest::prelude::*;
use proptest::test_runner::Config;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula_rules::games::chinese_checkers::ChineseCheckers;
use tabula_rules::{Game, Seat};

use super::outcomes::build;
use crate::harness::crate_options;
use crate::harness::random_game::{Legal, Ply, rejects_unlisted, walk};
use crate::reference::Reference;
use crate::reference::chinese_checkers::{self as reference, Cell, Pos, RefMove, Rules};

/// One random game: seating, options and the seed that drives the move choices.
#[derive(Clone, Debug)]
pub struct GameSpec {
    pub players: u8,
    pub seats_0235: bool,
    pub stay: &'static str,
    pub anti: &'static str,
    pub max_plies: Option<u32>,
    pub seed: u64,
    /// Probability of a most-forward move; the rest are uniform picks.
    pub greed: f64,
    pub plies: u32,
}

impl GameSpec {
    /// The options in spec names, as the perft table writes them.
    pub fn options(&self) -> String {
        let mut s = format!("players={} cc.target_stay={} cc.anti_block={}", self.players, self.stay, self.anti);
        if self.players == 4 && self.seats_0235 {
            s.push_str(" cc.seats_4p=0235");
        }
        if let Some(m) = self.max_plies {
            s.push_str(&format!(" max_plies={m}"));
        }
        s
    }
}

pub fn game_spec() -> impl Strategy<Value = GameSpec> {
    (
        2u8..=6,
        any::<bool>(),
        prop::sample::select(vec!["strict", "final_only", "off"]),
        prop::sample::select(vec!["fill", "swap", "none"]),
        prop::option::weighted(0.15, 1u32..=200),
        any::<u64>(),
        prop_oneof![3 => Just(0.85), 1 => Just(0.6), 1 => 0.0..1.0f64],
    )
        .prop_map(|(players, seats_0235, stay, anti, max_plies, seed, greed)| GameSpec {
            players,
            seats_0235,
            stay,
            anti,
            max_plies,
            seed,
            greed,
            // Enough plies for forward-biased games to reach their endgames.
            plies: 100 + 30 * players as u32,
        })
}

/// The Chinese Checkers invariants of a position, beyond the harness's.
fn check_pegs(ply: &Ply<ChineseCheckers>, rng: &mut StdRng) -> Result<(), TestCaseError> {
    let (g, p) = (ply.game, ply.reference);
    let ctx = || format!("position {}", g.to_text());
    let n = g.seats();

    // Seats, turn, counters and pegs.
    prop_assert_eq!(n, p.rules.players, "{}", ctx());
    prop_assert_eq!(g.to_move().index(), p.turn, "{}", ctx());
    prop_assert_eq!(g.ply(), p.ply, "{}", ctx());
    prop_assert_eq!(g.passes() as usize, p.passes, "{}", ctx());
    let mut union = 0u128;
    for s in 0..n {
        let pegs = g.pegs(Seat(s as u8));
        prop_assert_eq!(pegs.count_ones(), 10, "seat {} pegs, {}", s, ctx());
        prop_assert_eq!(pegs & union, 0, "pegs of seat {} overlap another seat's, {}", s, ctx());
        union |= pegs;
        prop_assert_eq!(g.camp(Seat(s as u8)), p.rules.camps[s], "{}", ctx());
    }
    prop_assert_eq!(union, g.occupied(), "{}", ctx());
    for (i, c) in reference::holes().into_iter().enumerate() {
        prop_assert_eq!(g.owner(i).map(|s| s.index()), p.board.get(&c).copied(), "hole {}, {}", i, ctx());
    }

    // A pass is legal exactly when it is the only move.
    let pass_legal = ply.legal.names == ["pass"];
    prop_assert_eq!(g.parse_move("pass").is_ok(), pass_legal, "{}", ctx());

    // Illegal moves are rejected: random from-to pairs that the reference does not list.
    let own: Vec<Cell> = p.pegs_of(p.turn);
    let all = reference::holes();
    let mut tokens = Vec::new();
    for _ in 0..12 {
        let from =
            if rng.random_bool(0.7) { own[rng.random_range(0..own.len())] } else { all[rng.random_range(0..121)] };
        let to = all[rng.random_range(0..121)];
        if from != to {
            tokens.push(format!("{}-{}", reference::name(from), reference::name(to)));
        }
    }
    rejects_unlisted(g, ply.legal, tokens)
}

/// Continues a game from `g` (crate) and `p` (reference, the same position), the moves
/// picked by the reference's forward bias.
fn play_on(spec: &GameSpec, g: ChineseCheckers, p: Pos) -> Result<(), TestCaseError> {
    let mut rng = StdRng::seed_from_u64(spec.seed);
    let pick = |g: &ChineseCheckers, p: &Pos, _: &Legal<_>, moves: &[RefMove], rng: &mut StdRng| {
        let token = p.pick(moves, rng, spec.greed).notation();
        g.parse_move(&token).unwrap_or_else(|e| panic!("{token}: {e}"))
    };
    walk(g, p, spec.plies, &mut rng, pick, check_pegs).map(|_| ())
}

/// Positions with blocked seats: full targets whose pegs may not leave (strict, final_only)
/// and pegs stuck in the tip of a full camp, so that passes and the all-pass draw happen.
fn blocked_position(which: usize, spec: &GameSpec) -> String {
    let (players, seats): (usize, &[&str]) = match which {
        // Seat 0 stuck at m17 inside camp 0 full of seat 1; camp 3 the mirror image.
        0 => (2, &["m17 e4 f4 g4 h4 e3 f3 g3 e2 f2", "e1 l16 m16 k15 l15 m15 j14 k14 l14 m14"]),
        // 3 players: seat 0 blocked the same way; seats 1 and 2 can still move.
        _ => (
            3,
            &[
                "m17 e4 f4 g4 h4 e3 f3 g3 e2 f2",
                "e1 l7 m7 k6 l6 m6 j5 k5 l5 m5",
                "a5 l16 m16 k15 l15 m15 j14 k14 l14 m14",
            ],
        ),
    };
    let spec = GameSpec { players: players as u8, ..spec.clone() };
    build(&spec.options(), seats, 0, 40)
}

proptest! {
    #![proptest_config(Config { cases: 256, failure_persistence: None, ..Config::default() })]

    #[test]
    fn random_games_agree_with_the_reference(spec in game_spec()) {
        let options = spec.options();
        let g = ChineseCheckers::new(&crate_options(&options)).expect("start");
        let p = Pos::start(Rules::parse(&options).map_err(TestCaseError::fail)?);
        play_on(&spec, g, p)?;
    }
}

proptest! {
    #![proptest_config(Config { cases: 96, failure_persistence: None, ..Config::default() })]

    #[test]
    fn games_from_blocked_positions_agree_with_the_reference(spec in game_spec(), which in 0usize..2) {
        let text = blocked_position(which, &spec);
        let g = ChineseCheckers::from_text(&text).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
        let p = Pos::from_text(&text).map_err(TestCaseError::fail)?;
        play_on(&GameSpec { plies: 80, ..spec }, g, p)?;
    }
}
