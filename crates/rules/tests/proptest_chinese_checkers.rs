//! Property tests of Chinese Checkers over random legal games, for 2 to 6 players, both
//! 4-player seatings and every rule option, each position checked against the independent
//! reference of `tests/common/reference.rs`; plus board-symmetry tests (rotations and the
//! mirror) and a few constructed outcome cases.

mod common;

use std::collections::{BTreeSet, HashMap, HashSet};

use common::crate_options;
use common::reference::{self, Cell, Pos, RefOutcome, Rules};
use proptest::prelude::*;
use proptest::test_runner::Config;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tabula_rules::games::chinese_checkers::{CcMove, ChineseCheckers};
use tabula_rules::{Game, MoveList, Seat, perft};

/// One random game: seating, options and the seed that drives the move choices.
#[derive(Clone, Debug)]
struct GameSpec {
    players: u8,
    seats_0235: bool,
    stay: &'static str,
    anti: &'static str,
    max_plies: Option<u32>,
    seed: u64,
    /// Probability of a most-forward move; the rest are uniform picks.
    greed: f64,
    plies: u32,
}

impl GameSpec {
    /// The options in spec names, as the perft table writes them.
    fn options(&self) -> String {
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

fn game_spec() -> impl Strategy<Value = GameSpec> {
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

fn sorted_moves(g: &ChineseCheckers) -> (Vec<CcMove>, Vec<String>) {
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    let moves: Vec<CcMove> = list.as_slice().to_vec();
    let mut names: Vec<String> = moves.iter().map(|&m| g.format_move(m)).collect();
    names.sort();
    (moves, names)
}

/// The crate's outcome as ranks, for comparison with the reference.
fn ranks(g: &ChineseCheckers) -> Option<Vec<u8>> {
    g.outcome().map(|o| o.ranks().to_vec())
}

/// Every per-position property, crate against reference.
fn check_position(g: &ChineseCheckers, p: &Pos, rng: &mut StdRng) -> Result<(), TestCaseError> {
    let text = g.to_text();
    let ctx = || format!("position {text}");
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

    // Hash, text round trip, and the reference's own text writer.
    prop_assert_eq!(g.hash(), g.hash_from_scratch(), "{}", ctx());
    let back = ChineseCheckers::from_text(&text).map_err(|e| TestCaseError::fail(format!("{e}: {text}")))?;
    prop_assert!(back == *g, "from_text(to_text) differs: {}", ctx());
    prop_assert_eq!(back.to_text(), text.clone());
    prop_assert_eq!(p.to_text(), text.clone());
    prop_assert_eq!(Pos::from_text(&text).map_err(TestCaseError::fail)?, p.clone());

    // Outcome.
    prop_assert_eq!(ranks(g), p.outcome.map(|o| o.ranks(n)), "{}", ctx());

    // Moves: no duplicates, notation round trip, the reference's list, the count.
    let (moves, names) = sorted_moves(g);
    let unique: HashSet<CcMove> = moves.iter().copied().collect();
    prop_assert_eq!(unique.len(), moves.len(), "duplicate moves, {}", ctx());
    for &m in &moves {
        let s = g.format_move(m);
        prop_assert_eq!(g.parse_move(&s).ok(), Some(m), "move {} does not parse back, {}", s, ctx());
    }
    prop_assert_eq!(&names, &p.move_strings(), "crate vs reference moves, {}", ctx());
    prop_assert_eq!(g.count_moves(), moves.len(), "{}", ctx());
    if g.outcome().is_some() {
        prop_assert!(moves.is_empty());
    } else {
        prop_assert!(!moves.is_empty(), "a running game always has a move (pass), {}", ctx());
    }
    let pass_legal = names == ["pass"];
    prop_assert_eq!(g.parse_move("pass").is_ok(), pass_legal, "{}", ctx());

    // Illegal moves are rejected: random from-to pairs that the reference does not list.
    let legal: HashSet<&str> = names.iter().map(String::as_str).collect();
    let own: Vec<Cell> = p.pegs_of(p.turn);
    let all = reference::holes();
    for _ in 0..12 {
        let from =
            if rng.random_bool(0.7) { own[rng.random_range(0..own.len())] } else { all[rng.random_range(0..121)] };
        let to = all[rng.random_range(0..121)];
        if from == to {
            continue;
        }
        let token = format!("{}-{}", reference::name(from), reference::name(to));
        prop_assert_eq!(g.parse_move(&token).is_ok(), legal.contains(token.as_str()), "{}, {}", token, ctx());
    }
    Ok(())
}

/// Plays a random game on the crate and the reference side by side, checking every ply.
fn run_game(spec: &GameSpec) -> Result<(), TestCaseError> {
    let options = spec.options();
    let g = ChineseCheckers::new(&crate_options(&options)).expect("start");
    let p = Pos::start(Rules::parse(&options).map_err(TestCaseError::fail)?);
    play_on(spec, g, p)
}

/// Continues a game from `g` (crate) and `p` (reference, the same position).
fn play_on(spec: &GameSpec, mut g: ChineseCheckers, mut p: Pos) -> Result<(), TestCaseError> {
    let mut rng = StdRng::seed_from_u64(spec.seed);
    for _ in 0..spec.plies {
        check_position(&g, &p, &mut rng)?;
        if g.outcome().is_some() {
            break;
        }
        let moves = p.moves();
        let mv = p.pick(&moves, &mut rng, spec.greed);
        let token = mv.notation();
        let cm = g.parse_move(&token).map_err(|e| TestCaseError::fail(format!("{token}: {e}")))?;
        g.play(cm);
        p.play_unchecked(mv);
    }
    check_position(&g, &p, &mut rng)
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

// ---------------------------------------------------------------------------------------
// Symmetries of the star.

/// A board symmetry: `k` sixths of a clockwise turn, optionally after the east-west mirror.
#[derive(Clone, Copy, Debug)]
struct Symmetry {
    turns: usize,
    mirror: bool,
}

impl Symmetry {
    fn cell(self, c: Cell) -> Cell {
        let (q, r) = c;
        let c = if self.mirror { (-q - r, r) } else { c };
        reference::rotate(c, self.turns)
    }

    fn camp(self, camp: u8) -> u8 {
        let c = if self.mirror { (6 - camp) % 6 } else { camp };
        (c + self.turns as u8) % 6
    }

    /// The seat map `old -> new` if the symmetry maps the seating onto itself.
    fn seats(self, camps: &[u8]) -> Option<Vec<usize>> {
        camps.iter().map(|&c| camps.iter().position(|&d| d == self.camp(c))).collect()
    }

    fn name(self, name: &str) -> String {
        reference::name(self.cell(reference::parse_name(name).expect("hole")))
    }

    fn token(self, token: &str) -> String {
        match token.split_once('-') {
            Some((a, b)) => format!("{}-{}", self.name(a), self.name(b)),
            None => token.to_string(),
        }
    }
}

/// The symmetric image of a reference position (seats relabelled by the camps they sit in).
fn transform(p: &Pos, sym: Symmetry, seat_map: &[usize]) -> Pos {
    let board: HashMap<Cell, usize> = p.board.iter().map(|(&c, &s)| (sym.cell(c), seat_map[s])).collect();
    let q = Pos { board, turn: seat_map[p.turn], outcome: None, ..p.clone() };
    // Rebuild through the text so that the outcome is derived afresh.
    Pos::from_text(&q.to_text()).expect("transformed position")
}

fn check_symmetries(spec: &GameSpec) -> Result<(), TestCaseError> {
    let options = spec.options();
    let mut p = Pos::start(Rules::parse(&options).map_err(TestCaseError::fail)?);
    let mut rng = StdRng::seed_from_u64(spec.seed);
    while p.ply < spec.plies && p.outcome.is_none() {
        let mv = p.pick(&p.moves(), &mut rng, spec.greed);
        p.play_unchecked(mv);
    }
    let g = ChineseCheckers::from_text(&p.to_text()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let (_, names) = sorted_moves(&g);
    let mut tried = 0;
    for mirror in [false, true] {
        for turns in 0..6 {
            let sym = Symmetry { turns, mirror };
            let Some(seat_map) = sym.seats(&p.rules.camps) else { continue };
            tried += 1;
            let q = transform(&p, sym, &seat_map);
            let h = ChineseCheckers::from_text(&q.to_text()).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let ctx = format!("{sym:?} of {}", p.to_text());
            prop_assert_eq!(h.to_move().index(), seat_map[g.to_move().index()], "{}", ctx);
            prop_assert_eq!(h.count_moves(), g.count_moves(), "{}", ctx);
            let mapped: BTreeSet<String> = names.iter().map(|t| sym.token(t)).collect();
            let (_, image) = sorted_moves(&h);
            prop_assert_eq!(mapped, image.into_iter().collect::<BTreeSet<_>>(), "{}", ctx);
            prop_assert_eq!(h.outcome().is_some(), g.outcome().is_some(), "{}", ctx);
            if !mirror {
                // A rotation keeps the cyclic turn order, so the winner maps too.
                let winner = |x: &ChineseCheckers| x.outcome().and_then(|o| o.sole_winner()).map(|s| s.index());
                prop_assert_eq!(winner(&h), winner(&g).map(|s| seat_map[s]), "{}", ctx);
                prop_assert_eq!(perft(&h, 2), perft(&g, 2), "{}", ctx);
            }
        }
    }
    // Rotations and mirrors that map the seating onto itself (the mirror is east-west).
    let expected = match spec.players {
        2 => 4,  // 0 and 180 degrees, each with or without the mirror
        3 => 6,  // 0, 120 and 240 degrees, each with or without the mirror
        4 => 4,  // 0 and 180 degrees, and two mirrored rotations
        5 => 2,  // the identity and one mirrored rotation
        _ => 12, // all of them
    };
    prop_assert_eq!(tried, expected, "symmetries of {} players", spec.players);
    Ok(())
}

proptest! {
    #![proptest_config(Config { cases: 256, failure_persistence: None, ..Config::default() })]

    #[test]
    fn random_games_agree_with_the_reference(spec in game_spec()) {
        run_game(&spec)?;
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

proptest! {
    #![proptest_config(Config { cases: 96, failure_persistence: None, ..Config::default() })]

    #[test]
    fn symmetric_positions_have_symmetric_moves(spec in game_spec(), plies in 0u32..220) {
        check_symmetries(&GameSpec { plies, max_plies: None, ..spec })?;
    }
}

// ---------------------------------------------------------------------------------------
// Constructed outcome cases.

/// A position from peg lists per seat, built through the reference's text writer.
fn build(options: &str, seats: &[&str], turn: usize, ply: u32) -> String {
    let rules = Rules::parse(options).expect("options");
    let mut board = HashMap::new();
    for (seat, names) in seats.iter().enumerate() {
        for n in names.split_whitespace() {
            assert!(board.insert(reference::parse_name(n).expect(n), seat).is_none(), "{n} twice");
        }
    }
    Pos { rules, board, turn, ply, passes: 0, outcome: None }.to_text()
}

fn both(text: &str) -> (ChineseCheckers, Pos) {
    (ChineseCheckers::from_text(text).expect(text), Pos::from_text(text).expect(text))
}

#[test]
fn spec_notation_examples() {
    let (mut g, mut p) = both(&Pos::start(Rules::new(2)).to_text());
    for m in ["j14-j13", "j14-i13", "k15-i13", "l15-j13"] {
        assert!(g.parse_move(m).is_ok() && p.move_strings().contains(&m.to_string()), "{m}");
    }
    g.play(g.parse_move("j14-j13").unwrap());
    p.play_str("j14-j13").unwrap();
    for m in ["g3-g5", "h4-h5"] {
        assert!(g.parse_move(m).is_ok() && p.move_strings().contains(&m.to_string()), "{m}");
    }
    for n in [2, 3, 4, 5, 6] {
        let (g, p) = both(&Pos::start(Rules::new(n)).to_text());
        assert_eq!((g.count_moves(), p.moves().len()), (14, 14), "{n} players");
        assert_eq!(g.to_text(), ChineseCheckers::new(&crate_options(&format!("players={n}"))).unwrap().to_text());
    }
}

/// Several seats meeting their condition at once (loaded from text): the last mover wins if it
/// is among them, else the first of them in turn order after it.
#[test]
fn simultaneous_winners_follow_turn_order_after_the_mover() {
    // 3 players in camps 0, 2, 4 with targets 3, 5, 1: seats 1 and 2 sit in their targets.
    let seats = [
        "m17 l16 m16 k15 l15 m15 j14 k14 l14 m14",
        "e13 f13 g13 h13 e12 f12 g12 e11 f11 e10",
        "n13 o13 p13 q13 n12 o12 p12 n11 o11 n10",
    ];
    for anti in ["fill", "swap", "none"] {
        for (turn, winner) in [(0, 2), (1, 1), (2, 1)] {
            let options = format!("players=3 cc.anti_block={anti}");
            let (g, p) = both(&build(&options, &seats, turn, 12));
            assert_eq!(p.outcome, Some(RefOutcome::Winner(winner)), "reference, {anti}, turn {turn}");
            assert_eq!(g.outcome().and_then(|o| o.sole_winner()), Some(Seat(winner as u8)), "{anti}, turn {turn}");
            assert_eq!(g.count_moves(), 0);
        }
    }
}

/// With the fill rule a seat wins through another seat's move; a win on the `max_plies` ply
/// is a win, not a draw (both readings agree on this order).
#[test]
fn fill_win_by_another_seat_and_max_plies() {
    let seats = ["e4 f4 e3 f3 g3 e2 f2 e1 i9 j9", "g4 i5 l7 m7 k6 l6 m6 j5 k5 l5", "d8 c7 d7 b6 c6 d6 a5 b5 c5 d5"];
    for (options, expect) in [
        ("players=3", Some(RefOutcome::Winner(0))),
        ("players=3 max_plies=31", Some(RefOutcome::Winner(0))),
        ("players=3 cc.anti_block=none", None),
        ("players=3 cc.anti_block=none max_plies=31", Some(RefOutcome::Draw)),
    ] {
        let (mut g, mut p) = both(&build(options, &seats, 1, 30));
        assert_eq!(g.outcome(), None);
        g.play(g.parse_move("i5-h4").unwrap());
        p.play_str("i5-h4").unwrap();
        assert_eq!(p.outcome, expect, "reference, {options}");
        assert_eq!(ranks(&g), expect.map(|o| o.ranks(3)), "{options}");
    }
}
