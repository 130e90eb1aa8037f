//! Generation of the E table's lines past the spec's counts, counted by the reference alone:
//! start lines of the other seatings and options, mid-game positions of random games that
//! prefer stacking and exchanges, and a few constructed positions (a forced pass, near the
//! goal).
//!
//! `cargo test -p tabula-rules --test main --release -- --ignored --nocapture e::generate`

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::reference::Reference;
use crate::reference::e::{Cell, Pos, RefMove, Rules, parse_name, sector};

/// The largest count the table holds for one line (the harness's reference budget).
const MAX_NODES: u64 = 300_000;

/// A random game under `rules` preferring moves that stack or exchange, every position
/// kept, at most `plies` plies.
pub fn random_game(rules: &Rules, seed: u64, bias: f64, plies: u32) -> Vec<Pos> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Pos::start(rules.clone());
    let mut history = vec![pos.clone()];
    while pos.ply < plies {
        let moves = pos.moves();
        if moves.is_empty() {
            break;
        }
        let m = pos.pick(&moves, &mut rng, bias);
        pos.play(&m);
        history.push(pos.clone());
    }
    history
}

/// What a position shows, as the table's features name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// A stack of 4 or more pieces of 2 or more seats.
    TallMixed,
    /// A piece foreign-trapped on a cell of some seat's home (not its own).
    TrapInHome,
    /// A piece foreign-trapped on a cell of no home.
    TrapOutside,
    /// A movement followed by an exchange is legal.
    ExchangeAfter,
    /// A stand-alone exchange is legal.
    ExchangeAlone,
    /// A legal movement carries pieces above the moved one.
    Carry,
    /// The only move is `pass`.
    Pass,
    /// A piece of the side to move lies directly on one of its own.
    OwnOnOwn,
    /// `prev` is set.
    Prev,
    /// `e.ge1_no_new_traps` is on and forbids an exchange that would be legal without it.
    Ge1Bites,
}

pub const FEATURES: [Feature; 10] = [
    Feature::TallMixed,
    Feature::TrapInHome,
    Feature::TrapOutside,
    Feature::ExchangeAfter,
    Feature::ExchangeAlone,
    Feature::Carry,
    Feature::Pass,
    Feature::OwnOnOwn,
    Feature::Prev,
    Feature::Ge1Bites,
];

fn in_any_home(p: &Pos, c: Cell) -> bool {
    (0..p.rules.players as u8).any(|s| p.in_home(s, c))
}

/// Does the position show the feature?
pub fn has(p: &Pos, f: Feature) -> bool {
    let trap_where = |home: bool| {
        p.stacks.iter().any(|(&c, st)| in_any_home(p, c) == home && (0..st.len()).any(|i| p.foreign_trapped(st, i)))
    };
    match f {
        Feature::TallMixed => p.stacks.values().any(|st| st.len() >= 4 && st.iter().any(|x| x.0 != st[0].0)),
        Feature::TrapInHome => trap_where(true),
        Feature::TrapOutside => trap_where(false),
        Feature::ExchangeAfter => p.moves().iter().any(|m| matches!(m, RefMove::Movement { exchange: Some(_), .. })),
        Feature::ExchangeAlone => p.moves().iter().any(|m| matches!(m, RefMove::Exchange(..))),
        Feature::Carry => {
            p.moves().iter().any(|m| matches!(*m, RefMove::Movement { from, h, .. } if h < p.stack(from).len()))
        }
        Feature::Pass => p.moves() == vec![RefMove::Pass],
        Feature::OwnOnOwn => p.stacks.values().any(|st| st.windows(2).any(|w| w[0].0 == p.turn && w[1].0 == p.turn)),
        Feature::Prev => p.prev.is_some(),
        Feature::Ge1Bites => {
            let mut free = p.clone();
            free.rules.ge1_no_new_traps = false;
            p.rules.ge1_no_new_traps && free.moves().len() > p.moves().len()
        }
    }
}

/// The features a position shows, for its comment line.
pub fn features(p: &Pos) -> Vec<Feature> {
    FEATURES.iter().copied().filter(|&f| has(p, f)).collect()
}

fn describe(p: &Pos) -> String {
    let tall: Vec<String> = p.stacks.values().filter(|s| s.len() >= 3).map(|s| s.len().to_string()).collect();
    let mut s = format!(
        "ply {}, seat {} to move, {} moves; stacks of 3+: {}; shows {:?}",
        p.ply,
        p.turn,
        p.moves().len(),
        if tall.is_empty() { "none".into() } else { tall.join(", ") },
        features(p)
    );
    if let Some(r) = p.ranks() {
        s += &format!("; over: ranks {r:?}");
    }
    s
}

/// The table lines of a position: depth 1 up while the count stays within the budget.
fn emit(lines: &mut Vec<String>, options: &str, setup: &str, p: &Pos, max_depth: u32) {
    for depth in 1..=max_depth {
        let nodes = p.perft(depth);
        if nodes > MAX_NODES {
            break;
        }
        lines.push(format!("{options} | {setup} | {depth} | {nodes}"));
        if nodes == 0 {
            break;
        }
    }
}

/// The first running position (after `from` plies) of the first of `seeds` random games
/// under `options` that shows all of `want`.
fn find(options: &str, want: &[Feature], from: u32, bias: f64) -> (u64, Pos) {
    let rules = Rules::parse(options).expect("options");
    for seed in 0..300 {
        let h = random_game(&rules, seed, bias, 400);
        if let Some(p) = h.iter().find(|p| p.ply >= from && p.ranks().is_none() && want.iter().all(|&f| has(p, f))) {
            return (seed, p.clone());
        }
    }
    panic!("no position under {options} with {want:?}");
}

/// Puts the top piece of `from` on top of `to` (a setup edit, not a move).
fn relocate(p: &mut Pos, from: Cell, to: Cell) {
    let piece = p.stacks.get_mut(&from).expect("a stack").pop().expect("a piece");
    if p.stacks[&from].is_empty() {
        p.stacks.remove(&from);
    }
    p.stacks.entry(to).or_default().push(piece);
}

fn cell(text: &str) -> Cell {
    parse_name(text).expect("a cell")
}

/// Seat 0 forced to pass: with `e.equal_size_covers` a blue large covers every red piece
/// (red's 15 pieces in two stacks outside red's home), no red piece traps a blue one.
fn forced_pass() -> Pos {
    let mut p = Pos::start(Rules::parse("players=2 e.equal_size_covers=true").expect("options"));
    let red: Vec<Cell> = sector(0).into_iter().map(|(c, _)| c).collect();
    for (k, &c) in red.iter().enumerate() {
        relocate(&mut p, c, if k < 8 { cell("g4") } else { cell("e9") });
    }
    relocate(&mut p, cell("a6"), cell("g4"));
    relocate(&mut p, cell("a5"), cell("e9"));
    p.turn = 0;
    p.ply = 20;
    p
}

/// A near-finished 2-player position: red (seat 0) holds 14 cells of its goal (sector 3) in
/// the opening pattern and has its last small on f7, next to the empty e6; blue (seat 1)
/// holds its goal (sector 0) in the opening pattern except the smalls of i8 and j8, moved
/// out to h7 and i7. `edit` changes it before it is checked.
fn near_goal(options: &str, edit: impl Fn(&mut Pos)) -> Pos {
    let mut p = Pos::start(Rules::parse(options).expect("options"));
    // Swap the two armies cell for cell: sector 0's (i, j) with sector 3's.
    let mut stacks = std::collections::BTreeMap::new();
    for (c0, ij) in sector(0) {
        let (c3, _) = sector(3).into_iter().find(|&(_, x)| x == ij).expect("the same (i, j)");
        stacks.insert(c3, p.stack(c0).to_vec());
        stacks.insert(c0, p.stack(c3).to_vec());
    }
    p.stacks = stacks;
    relocate(&mut p, cell("e6"), cell("f7"));
    relocate(&mut p, cell("i8"), cell("h7"));
    relocate(&mut p, cell("j8"), cell("i7"));
    p.ply = 60;
    edit(&mut p);
    p
}

/// `near_goal` with `e.goal_requires_untouchable`, red's last small on its goal cell e6 and
/// a blue large on red's small at d6, blue (seat 1) to move: every movement of that large
/// uncovers d6 and so fills red's goal on blue's turn.
fn uncovered_by_movement() -> Pos {
    let mut p = near_goal("players=2 e.goal_requires_untouchable=true", |p: &mut Pos| {
        relocate(p, cell("m10"), cell("d6"));
        relocate(p, cell("f7"), cell("e6"));
    });
    p.turn = 1;
    p.ply = 61;
    p
}

/// Three players with `e.goal_requires_untouchable`: seat 2 holds its goal (sector 1) in the
/// opening pattern, but its medium on i5 lies under seat 1's large, over seat 0's small;
/// seat 0's medium on c5 traps seat 1's small. Seat 0 to move: the stand-alone exchange
/// `Xc5/2=i5/3` puts seat 0's medium over seat 2's, which it does not cover, and fills seat
/// 2's goal on seat 0's turn.
fn uncovered_by_exchange() -> Pos {
    let mut p = Pos::start(Rules::parse("players=3 e.goal_requires_untouchable=true").expect("options"));
    // Seat 2's army moves from its home (sector 4) to its goal (sector 1), cell for cell.
    for (c4, ij) in sector(4) {
        let (c1, _) = sector(1).into_iter().find(|&(_, x)| x == ij).expect("the same (i, j)");
        if let Some(stack) = p.stacks.remove(&c4) {
            p.stacks.insert(c1, stack);
        }
    }
    // i5 = [seat 0 small, seat 2 medium, seat 1 large]; c5 = [seat 1 small, seat 0 medium].
    let medium = p.stacks.remove(&cell("i5")).expect("seat 2's medium");
    relocate(&mut p, cell("i8"), cell("i5"));
    p.stacks.get_mut(&cell("i5")).expect("seat 0's small").extend(medium);
    relocate(&mut p, cell("b1"), cell("i5"));
    relocate(&mut p, cell("f5"), cell("c5"));
    relocate(&mut p, cell("k9"), cell("c5"));
    p.ply = 30;
    p
}

/// With `e.standalone_exchange=previous_move_only`, red (seat 0) to move after blue's
/// movement of the unit on f5 onto i5 and its exchange `exchange`, from a start position with
/// the stacks `i5` and `f5` (bottom first, each piece taken from the top of the cell named).
fn after_exchange(i5: &[&str], f5: &[&str], exchange: &str) -> Pos {
    let mut p = Pos::start(Rules::parse("players=2 e.standalone_exchange=previous_move_only").expect("options"));
    for (to, from) in [("i5", i5), ("f5", f5)] {
        for c in from {
            relocate(&mut p, cell(c), cell(to));
        }
    }
    p.turn = 1;
    p.ply = 21;
    p.play_str(&format!("f5/1-i5,{exchange}")).expect("blue's movement and exchange");
    p
}

/// The partner guard started below the unit: i5 = [red S, blue S, red M], blue's large
/// lands on it and takes the red medium's place (`Xi5/4=i5/3`): i5 = [red S, blue S, blue L,
/// red M]. The medium still traps blue's small and the large red's small, so red may swap
/// them back, `Xi5/4=i5/3`.
fn exchanged_below() -> Pos {
    after_exchange(&["i8", "e6", "k9"], &["a6"], "Xi5/4=i5/3")
}

/// The partner guard started inside the unit: blue's large carries its small and a red
/// medium from f5 onto i5 = [blue S, red S] and takes the medium's place (`Xi5/3=i5/5`):
/// i5 = [blue S, red S, red M, blue S, blue L]. The medium traps blue's bottom small and the
/// large both red pieces, so red may swap them back, `Xi5/3=i5/5`.
fn exchanged_inside() -> Pos {
    after_exchange(&["e6", "i8"], &["a6", "d6", "k9"], "Xi5/3=i5/5")
}

/// A change to a constructed position.
type Edit = Box<dyn Fn(&mut Pos)>;

/// Checks that a constructed position reads back and prints the same.
fn checked(p: Pos) -> Pos {
    let t = p.to_text();
    let back = Pos::from_text(&t).unwrap_or_else(|e| panic!("{e}: {t}"));
    assert_eq!(back, p);
    back
}

/// Prints the perft lines counted by the reference alone.
#[test]
#[ignore]
fn generate_perft_lines() {
    let mut lines: Vec<String> = Vec::new();
    // Start lines of the other seatings and the opening option.
    for (options, depth) in [
        ("players=4", 3),
        ("players=5", 3),
        ("players=3 e.three_adjacent=true", 3),
        ("players=4 e.seats_4p=0235", 3),
        ("players=2 e.ring4_medium=clockwise", 3),
        ("players=2 e.ring4_medium=counterclockwise", 3),
        ("players=2 e.jump_cost=1", 3),
        ("players=6 e.jump_cost=1 e.straight_line_only=true", 3),
        ("players=2 max_plies=2", 3),
    ] {
        let p = Pos::start(Rules::parse(options).expect("options"));
        lines.push(format!("# {options}: start"));
        emit(&mut lines, options, "start", &p, depth);
    }
    // Mid-game positions of random games, each the first showing the named features.
    use Feature::*;
    for (what, options, want, from) in [
        (
            "a tall mixed stack, a trap outside the homes, carried pieces",
            "players=2",
            &[TallMixed, TrapOutside, Carry][..],
            20,
        ),
        ("exchanges after a movement and stand-alone", "players=2", &[ExchangeAfter, ExchangeAlone], 20),
        (
            "a trap inside a home, tall mixed stack, 3 players, jumps cost 1",
            "players=3 e.jump_cost=1",
            &[TrapInHome, TallMixed],
            20,
        ),
        (
            "stack limit 3 with traps and carried pieces, 4 players",
            "players=4 e.stack_limit=3",
            &[TrapOutside, Carry, ExchangeAfter],
            20,
        ),
        (
            "equal sizes cover: exchanges and carried pieces",
            "players=2 e.equal_size_covers=true",
            &[ExchangeAfter, ExchangeAlone, Carry],
            20,
        ),
        (
            "previous_move_only with prev set and a stand-alone exchange",
            "players=2 e.standalone_exchange=previous_move_only",
            &[Prev, ExchangeAlone],
            10,
        ),
        (
            "ge1: exchanges after a movement among tall stacks",
            "players=2 e.ge1_no_new_traps=true",
            &[ExchangeAfter, TallMixed],
            20,
        ),
        ("ge1 forbids an exchange here", "players=2 e.ge1_no_new_traps=true", &[Ge1Bites], 20),
        ("ge2: the side to move has a piece on its own", "players=2 e.ge2_must_unstack=true", &[OwnOnOwn, Carry], 10),
        ("6 players: tall mixed stack and exchanges", "players=6", &[TallMixed, ExchangeAfter], 20),
        (
            "5 players, straight lines: traps in and out of homes",
            "players=5 e.straight_line_only=true",
            &[TrapInHome, TrapOutside],
            20,
        ),
        (
            "stand-alone exchanges off, traps and a tall stack",
            "players=2 e.standalone_exchange=off",
            &[TallMixed, TrapOutside, ExchangeAfter],
            20,
        ),
        (
            "3 adjacent seats with a ply cap",
            "players=3 e.three_adjacent=true max_plies=200",
            &[TallMixed, ExchangeAfter],
            20,
        ),
        (
            "4 players 0235, jumps cost 1, own piece on own",
            "players=4 e.jump_cost=1 e.seats_4p=0235",
            &[OwnOnOwn, ExchangeAlone],
            20,
        ),
    ] {
        let (seed, p) = find(options, want, from, 0.8);
        lines.push(format!("# {what}: {options}, random game seed {seed}, stacking bias 0.8"));
        lines.push(format!("#   {}", describe(&p)));
        emit(&mut lines, options, &format!("position:{}", p.to_text()), &p, 4);
    }
    lines.extend(constructed_lines());
    for l in lines {
        println!("{l}");
    }
}

/// Prints the lines of the constructed positions alone (quick: no random games).
#[test]
#[ignore]
fn generate_constructed_lines() {
    for l in constructed_lines() {
        println!("{l}");
    }
}

/// The lines of the constructed positions, counted by the reference.
fn constructed_lines() -> Vec<String> {
    let mut lines = Vec::new();
    let pass = checked(forced_pass());
    lines.push("# a forced pass: every red piece covered (equal sizes cover), no exchange".into());
    lines.push(format!("#   {}", describe(&pass)));
    emit(&mut lines, "players=2 e.equal_size_covers=true", &format!("position:{}", pass.to_text()), &pass, 4);
    let near: [(&str, &str, Edit); 4] = [
        ("near the goal: f7/1-e6 wins for red", "players=2", Box::new(|_| {})),
        (
            "near the goal, start pattern: f7/1-e6 wins (the pattern holds)",
            "players=2 e.goal_start_pattern=true",
            Box::new(|_| {}),
        ),
        (
            "near the goal, start pattern broken (a6 and b6 swapped): f7/1-e6 does not win",
            "players=2 e.goal_start_pattern=true",
            Box::new(|p: &mut Pos| {
                let (a, b) = (p.stack(cell("a6")).to_vec(), p.stack(cell("b6")).to_vec());
                p.stacks.insert(cell("a6"), b);
                p.stacks.insert(cell("b6"), a);
            }),
        ),
        (
            "near the goal, a blue large on red's small at d6: wins only without untouchable",
            "players=2 e.goal_requires_untouchable=true",
            Box::new(|p: &mut Pos| relocate(p, cell("m10"), cell("d6"))),
        ),
    ];
    for (what, options, edit) in near {
        let p = checked(near_goal(options, edit));
        lines.push(format!("# {what}"));
        lines.push(format!("#   {}", describe(&p)));
        emit(&mut lines, options, &format!("position:{}", p.to_text()), &p, 3);
    }
    // A goal filled on another seat's turn: the covering piece leaves, or an exchange of
    // two other seats uncovers the goal piece.
    for (what, options, p) in [
        (
            "untouchable goal uncovered by another seat's movement: every move of the blue large on d6 wins for red",
            "players=2 e.goal_requires_untouchable=true",
            uncovered_by_movement(),
        ),
        (
            "untouchable goal uncovered by an exchange of two other seats: Xc5/2=i5/3 wins for seat 2",
            "players=3 e.goal_requires_untouchable=true",
            uncovered_by_exchange(),
        ),
    ] {
        let p = checked(p);
        lines.push(format!("# {what}"));
        lines.push(format!("#   {}", describe(&p)));
        emit(&mut lines, options, &format!("position:{}", p.to_text()), &p, 3);
    }
    // previous_move_only after a movement that ended with its own exchange: the pair just
    // exchanged may be swapped back, wherever the partner guard started.
    for (what, p) in [
        ("previous_move_only, the partner guard exchanged from below the unit: red may swap back", exchanged_below()),
        ("previous_move_only, the partner guard exchanged from inside the unit: red may swap back", exchanged_inside()),
    ] {
        let p = checked(p);
        lines.push(format!("# {what}"));
        lines.push(format!("#   {}", describe(&p)));
        let options = "players=2 e.standalone_exchange=previous_move_only";
        emit(&mut lines, options, &format!("position:{}", p.to_text()), &p, 3);
    }
    lines
}
