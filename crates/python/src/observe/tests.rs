//! The observations of every game and seat count, checked at the positions of random games
//! against what the position says through other accessors, and at known start positions
//! cell by cell.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tabula_rules::games::chinese_checkers::{ChineseCheckers, STAR};
use tabula_rules::games::e::{CELLS, E, Piece, TABLES, Zone};
use tabula_rules::games::echelon::Echelon;
use tabula_rules::games::icelights::{Icelights, Kind};
use tabula_rules::games::martian_chess::{Coaster, CoasterChess, Martian, MartianChess, Mc, Variant};
use tabula_rules::geometry::bits::{BitIter, has};
use tabula_rules::geometry::hex::Hex;
use tabula_rules::{Game, GameOptions, MoveList, Seat};

use super::Observe;

/// Counts the allocations of each thread, so that a test can see whether a call allocated
/// (tests run on several threads at once). A global allocator needs `unsafe`; this one only
/// counts and hands every call to the system allocator.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

#[allow(unsafe_code)]
// SAFETY: every call goes to `System` unchanged; the count is a thread-local `Cell`, which
// neither allocates nor panics.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // `try_with`: a thread being torn down has no count, and must not panic here.
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract is `System`'s.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: as for `dealloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// The allocations this thread made during `f`.
fn allocations_in(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

/// One seat's observation with the names of its planes.
struct View {
    names: Vec<String>,
    height: usize,
    width: usize,
    data: Vec<f32>,
}

impl View {
    fn of<G: Observe>(game: &G, seat: Seat) -> View {
        let (planes, height, width) = game.shape();
        let mut data = vec![0.0; planes * height * width];
        game.observe(seat, &mut data);
        View { names: game.planes(), height, width, data }
    }

    fn shape(&self) -> (usize, usize) {
        (self.height, self.width)
    }

    fn index(&self, name: &str) -> usize {
        self.names.iter().position(|n| n == name).unwrap_or_else(|| panic!("no plane {name} in {:?}", self.names))
    }

    fn plane(&self, name: &str) -> &[f32] {
        let area = self.height * self.width;
        let k = self.index(name);
        &self.data[k * area..(k + 1) * area]
    }

    fn at(&self, name: &str, (row, col): (usize, usize)) -> f32 {
        self.plane(name)[row * self.width + col]
    }

    fn sum(&self, name: &str) -> f32 {
        self.plane(name).iter().sum()
    }
}

/// The start position of `G` with `players` players and the options `settings`.
fn start<G: Game>(players: usize, settings: &[(&str, &str)]) -> G {
    let mut options = G::Options::default();
    options.set_players(players).unwrap();
    for (key, value) in settings {
        options.set(key, value).unwrap();
    }
    G::new(&options).unwrap()
}

/// Plays `games` random games from `start` (at most `plies` plies each) and calls `check`
/// at every position, the last included, with every seat's view in seat order.
fn random_positions<G: Observe>(start: &G, games: usize, plies: usize, seed: u64, mut check: impl FnMut(&G, &[View])) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = MoveList::new();
    let mut positions = 0;
    for _ in 0..games {
        let mut game = start.clone();
        for _ in 0..=plies {
            let views: Vec<View> = (0..game.seats()).map(|s| View::of(&game, Seat(s as u8))).collect();
            check_shared(&game, &views);
            check(&game, &views);
            positions += 1;
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            game.play(moves.as_slice()[rng.random_range(0..moves.len())]);
        }
    }
    assert!(positions > games, "the games were played");
}

/// The seat and the rest of a plane name `relJ_rest`.
fn relative(name: &str) -> Option<(usize, &str)> {
    let (seat, rest) = name.strip_prefix("rel")?.split_once('_')?;
    Some((seat.parse().ok()?, rest))
}

/// What every game's views must satisfy.
fn check_shared<G: Observe>(game: &G, views: &[View]) {
    let n = game.seats();
    let (planes, height, width) = game.shape();
    assert_eq!(game.grid(), (height, width));
    let cell = views[0].names.iter().any(|name| name == "cell").then(|| views[0].plane("cell").to_vec());
    for (k, view) in views.iter().enumerate() {
        assert_eq!(view.data.len(), planes * height * width, "the shape");
        assert_eq!(view.names.len(), planes);
        for (i, &v) in view.data.iter().enumerate() {
            let name = &view.names[i / (height * width)];
            assert!(v.is_finite() && (0.0..=1.0).contains(&v), "{name} = {v}");
            // Nothing is written off the board: every plane is 0 where `cell` is.
            if let Some(cell) = &cell {
                assert!(v == 0.0 || cell[i % (height * width)] == 1.0, "{name} off the board");
            }
        }
        // Seat k's view is seat 0's with the seats turned by k.
        for name in &view.names {
            let theirs = match relative(name) {
                Some((j, rest)) => format!("rel{}_{rest}", (j + k) % n),
                None => name.clone(),
            };
            let diff = view.plane(name).iter().zip(views[0].plane(&theirs)).position(|(a, b)| a != b);
            assert_eq!(diff, None, "seat {k}'s {name} is seat 0's {theirs}, but not on cell (row * width + col)");
        }
        // The turn: the plane of the seat to move is the board, the others are empty.
        let mover = (game.to_move().index() + n - k) % n;
        for j in 0..n {
            let plane = view.plane(&format!("rel{j}_to_move"));
            let want = if j == mover { cell.as_deref().map_or(plane.len() as f32, |c| c.iter().sum()) } else { 0.0 };
            assert_eq!(plane.iter().sum::<f32>(), want, "rel{j}_to_move");
        }
    }
}

/// The names are distinct, and the tensor's shape follows the options.
fn check_names<G: Observe>(game: &G, planes: usize, grid: (usize, usize)) {
    let names = game.planes();
    let mut sorted = names.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), names.len(), "distinct names: {names:?}");
    assert_eq!(game.shape(), (planes, grid.0, grid.1), "{names:?}");
}

/// Plays random games and checks that `observe` never allocates.
fn never_allocates<G: Observe>(start: &G, seed: u64) {
    let (planes, height, width) = start.shape();
    let mut out = vec![0.0; planes * height * width];
    random_positions(start, 2, 60, seed, |game, _| {
        for s in 0..game.seats() {
            out.fill(0.0);
            assert_eq!(allocations_in(|| game.observe(Seat(s as u8), &mut out)), 0, "{}", game.to_text());
        }
    });
}

/// The row and column of axial cell `(q, r)` on a board of radius `radius`.
fn hex_at(h: Hex, radius: i8) -> (usize, usize) {
    ((h.r + radius) as usize, (h.q + radius) as usize)
}

// Chinese Checkers.

fn cc_slot(i: usize) -> (usize, usize) {
    hex_at(STAR.board.cell(i), 8)
}

#[test]
fn chinese_checkers_shows_every_seats_pegs_camp_and_target() {
    for players in 2..=6 {
        let game: ChineseCheckers = start(players, &[]);
        check_names(&game, 4 * players + 3, (17, 17));
        random_positions(&game, 2, 200, players as u64, |game, views| {
            assert_eq!(views[0].sum("cell"), 121.0);
            for (s, view) in views.iter().enumerate() {
                let seat = Seat(s as u8);
                let own: Vec<usize> = (0..121).filter(|&i| game.owner(i) == Some(seat)).collect();
                assert_eq!(view.sum("rel0_pegs"), own.len() as f32);
                assert_eq!(own.len(), 10);
                for i in own {
                    assert_eq!(view.at("rel0_pegs", cc_slot(i)), 1.0);
                }
                for i in BitIter(game.target(seat)) {
                    assert_eq!(view.at("rel0_target", cc_slot(i)), 1.0);
                }
                assert_eq!(view.sum("rel0_target"), 10.0);
                assert_eq!(view.sum("rel0_camp"), 10.0);
                let passes = view.sum("passes") / 121.0;
                assert!((passes - f32::from(game.passes()) / players as f32).abs() < 1e-5);
            }
        });
    }
}

#[test]
fn chinese_checkers_start_by_hand() {
    let game: ChineseCheckers = start(2, &[]);
    let (seat0, seat1) = (View::of(&game, Seat(0)), View::of(&game, Seat(1)));
    // m17, the top point (q 4, r -8), is seat 0's; e1, the bottom point (q -4, r 8), seat 1's.
    let (m17, e1) = ((0, 12), (16, 4));
    assert_eq!(seat0.at("rel0_pegs", m17), 1.0);
    assert_eq!(seat0.at("rel1_pegs", e1), 1.0);
    assert_eq!(seat1.at("rel0_pegs", e1), 1.0);
    assert_eq!(seat1.at("rel1_pegs", m17), 1.0);
    assert_eq!(seat0.at("rel0_target", e1), 1.0);
    assert_eq!(seat0.at("rel0_camp", m17), 1.0);
    assert_eq!(seat0.plane("rel0_target"), seat0.plane("rel1_camp"));
    assert_eq!(seat0.sum("rel0_to_move"), 121.0);
    assert_eq!(seat1.sum("rel1_to_move"), 121.0);
    // Off the star: the corner of the grid.
    assert_eq!(seat0.at("cell", (0, 0)), 0.0);
    assert_eq!(seat0.at("cell", (8, 8)), 1.0);
}

// E.

fn e_slot(c: usize) -> (usize, usize) {
    hex_at(TABLES.hex.cell(c), 6)
}

#[test]
fn e_shows_stacks_traps_and_zones() {
    // The random games must reach what the planes are there for.
    let (mut trapped, mut deep) = (false, false);
    for players in 2..=6 {
        let game: E = start(players, &[]);
        check_names(&game, 12 * players + 6, (13, 13));
        random_positions(&game, 2, 250, 10 + players as u64, |game, views| {
            let n = players;
            trapped |= views[0].plane("rel0_trapped").iter().any(|&v| v > 0.0);
            deep |= views[0].plane("rel1_under2").iter().any(|&v| v > 0.0);
            for (s, view) in views.iter().enumerate() {
                let mut own = 0.0;
                for c in 0..CELLS {
                    let at = e_slot(c);
                    let stack = game.stack(c);
                    assert_eq!(view.at("height", at), stack.len() as f32 / (15 * n) as f32);
                    for (size, name) in [(1, "small"), (2, "medium"), (3, "large")] {
                        let count = stack.iter().filter(|p| p.seat.index() == s && p.size == size).count();
                        assert_eq!(view.at(&format!("rel0_{name}"), at), count as f32 / 5.0, "{name} on {c}");
                        own += view.at(&format!("rel0_{name}"), at) * 5.0;
                    }
                    // Covered: a covering piece above; foreign-trapped: one of another seat.
                    let (mut uncovered, mut trapped) = (0, 0);
                    for (k, piece) in stack.iter().enumerate().filter(|(_, p)| p.seat.index() == s) {
                        let above = &stack[k + 1..];
                        let covers = |q: &Piece| game.options().covers(q.size, piece.size);
                        uncovered += usize::from(!above.iter().any(covers));
                        trapped += usize::from(above.iter().any(|q| q.seat != piece.seat && covers(q)));
                    }
                    assert_eq!(view.at("rel0_uncovered", at), uncovered as f32 / 15.0);
                    assert_eq!(view.at("rel0_trapped", at), trapped as f32 / 15.0);
                    // The top pieces one by one, under each owner's plane.
                    for (depth, name) in ["top", "under1", "under2", "under3"].iter().enumerate() {
                        for j in 0..n {
                            let want = match stack.len().checked_sub(depth + 1).map(|k| stack[k]) {
                                Some(p) if (p.seat.index() + n - s) % n == j => f32::from(p.size) / 3.0,
                                _ => 0.0,
                            };
                            assert_eq!(view.at(&format!("rel{j}_{name}"), at), want, "rel{j}_{name} on {c}");
                        }
                    }
                    let border = matches!(TABLES.zone[c], Zone::Centre | Zone::Ray(_));
                    assert_eq!(view.at("border", at), f32::from(u8::from(border)));
                    let seat = Seat(s as u8);
                    assert_eq!(view.at("rel0_home", at), f32::from(u8::from(has(game.home(seat), c))));
                    assert_eq!(view.at("rel0_goal", at), f32::from(u8::from(has(game.goal(seat), c))));
                }
                assert!((own - 15.0).abs() < 1e-4, "a seat's 15 pieces are on the board: {own}");
                assert_eq!(view.sum("rel0_goal"), 15.0);
                assert_eq!(view.sum("rel0_home"), 28.0);
            }
            assert_eq!(views[0].sum("cell"), 127.0);
            assert_eq!(views[0].sum("border"), 37.0);
        });
    }
    assert!(trapped && deep, "a trapped piece {trapped}, a stack of three {deep}");
}

#[test]
fn e_start_by_hand() {
    let game: E = start(2, &[]);
    let (seat0, seat1) = (View::of(&game, Seat(0)), View::of(&game, Seat(1)));
    // m8 (q 6, r -1) holds a large of seat 0, a6 (q -6, r 1) one of seat 1.
    let (m8, a6) = ((5, 12), (7, 0));
    assert_eq!(seat0.at("rel0_large", m8), 0.2);
    assert_eq!(seat0.at("rel0_top", m8), 1.0);
    assert_eq!(seat0.at("rel1_top", a6), 1.0);
    assert_eq!(seat1.at("rel0_top", a6), 1.0);
    assert_eq!(seat0.at("rel0_under1", m8), 0.0);
    assert_eq!(seat0.sum("rel0_large"), 1.0);
    assert_eq!(seat0.at("rel0_uncovered", m8), 1.0 / 15.0);
    // Seat 0's goal is sector 3, seat 1's home sector.
    assert_eq!(seat0.at("rel0_goal", a6), 1.0);
    assert_eq!(seat0.at("rel1_home", a6), 1.0);
    assert_eq!(seat0.sum("prev_landing"), 0.0);
    // The small on i8 steps onto the ray: a stack of one, no landing kept by default.
    let mut game = game;
    game.play(game.parse_move("i8/1-h7").unwrap());
    let h7 = (6, 7);
    assert_eq!(View::of(&game, Seat(1)).at("rel1_top", h7), 1.0 / 3.0);
    assert_eq!(View::of(&game, Seat(1)).at("border", h7), 1.0);
}

#[test]
fn e_shows_the_previous_landing() {
    let mut game: E = start(2, &[("e.standalone_exchange", "previous_move_only")]);
    game.play(game.parse_move("m8/1-j5").unwrap());
    // j5: q 3, r 2.
    let view = View::of(&game, Seat(1));
    assert_eq!(view.at("prev_landing", (8, 9)), 1.0);
    assert_eq!(view.sum("prev_landing"), 1.0);
}

// Echelon.

#[test]
fn echelon_shows_every_counter_by_depth() {
    let mut stomped = false;
    for (radius, height) in [("3", "6"), ("4", "6"), ("4", "10"), ("2", "6")] {
        let game: Echelon = start(2, &[("ge.radius", radius), ("ge.stack_height", height)]);
        let (r, depths) = (radius.parse::<i8>().unwrap(), 2 * height.parse::<usize>().unwrap());
        let side = 2 * r as usize + 1;
        check_names(&game, 2 * (depths + 1) + 4, (side, side));
        let (start_stacks, counters) = (game.tall(), game.counters(Seat(0)) as usize);
        random_positions(&game, 3, 150, 20 + r as u64, |game, views| {
            stomped |= game.tall() & !start_stacks != 0 || BitIter(game.tall()).any(|i| game.stack(i).len() > counters);
            let board = &game.board().hex;
            assert_eq!(views[0].sum("cell"), board.len() as f32);
            assert_eq!(views[0].sum("dead"), game.dead().count_ones() as f32);
            for (s, view) in views.iter().enumerate() {
                let total: f32 = (0..depths).map(|k| view.sum(&format!("rel0_depth{k}"))).sum();
                assert_eq!(total, game.counters(Seat(s as u8)) as f32);
                for i in 0..board.len() {
                    let at = hex_at(board.cell(i), r);
                    let stack = game.stack(i);
                    assert_eq!(view.at("height", at), stack.len() as f32 / depths as f32);
                    assert_eq!(view.at("dead", at), f32::from(u8::from(has(game.dead(), i))));
                    for k in 0..depths {
                        let colour = stack.len().checked_sub(k + 1).map(|level| stack[level].index());
                        for j in 0..2 {
                            let want = f32::from(u8::from(colour == Some((s + j) % 2)));
                            assert_eq!(view.at(&format!("rel{j}_depth{k}"), at), want);
                        }
                    }
                }
            }
        });
    }
    assert!(stomped, "a stomp");
}

#[test]
fn echelon_start_by_hand() {
    let game: Echelon = start(2, &[]);
    let (red, blue) = (View::of(&game, Seat(0)), View::of(&game, Seat(1)));
    // d5 (q -1, r 0): bottom to top B R B R B R; f5 (q 1, r 0) the other way round.
    let (d5, f5) = ((4, 3), (4, 5));
    for k in 0..6 {
        let (mine, theirs) = if k % 2 == 0 { ("rel0", "rel1") } else { ("rel1", "rel0") };
        assert_eq!(red.at(&format!("{mine}_depth{k}"), d5), 1.0, "depth {k}");
        assert_eq!(red.at(&format!("{theirs}_depth{k}"), d5), 0.0);
        assert_eq!(blue.at(&format!("{mine}_depth{k}"), f5), 1.0);
    }
    assert_eq!(red.at("rel0_depth6", d5), 0.0);
    assert_eq!(red.at("height", d5), 0.5);
    assert_eq!(red.sum("rel0_depth0"), 1.0);
    assert_eq!(red.sum("dead"), 0.0);
    let mut game = game;
    game.play(game.parse_move("d5-e5").unwrap());
    game.play(game.parse_move("f5-f9").unwrap());
    game.play(game.parse_move("e5-f5").unwrap());
    // e5 is dead; f5 holds R B R B R plus the stomping red counter on top.
    let blue = View::of(&game, Seat(1));
    assert_eq!(blue.at("dead", (4, 4)), 1.0);
    assert_eq!(blue.at("rel1_depth0", f5), 1.0);
    assert_eq!(blue.at("rel1_depth1", f5), 1.0);
    assert_eq!(blue.at("rel0_depth2", f5), 1.0);
    assert_eq!(blue.at("height", f5), 0.5);
}

// Icelights.

fn il_slot(sq: u8) -> (usize, usize) {
    (7 - sq as usize / 8, sq as usize % 8)
}

#[test]
fn icelights_shows_pieces_facings_and_beams() {
    let game: Icelights = start(2, &[]);
    check_names(&game, 16, (8, 8));
    random_positions(&game, 6, 120, 30, |game, views| {
        let beams = game.beams();
        for (s, view) in views.iter().enumerate() {
            for sq in 0..64 {
                let at = il_slot(sq);
                let piece = game.piece(sq);
                for (kind, name) in [(Kind::Tower, "tower"), (Kind::Beamer, "beamer"), (Kind::Icelight, "icelight")] {
                    for j in 0..2 {
                        let want = piece.is_some_and(|p| p.kind == kind && p.seat.index() == (s + j) % 2);
                        assert_eq!(view.at(&format!("rel{j}_{name}"), at), f32::from(u8::from(want)));
                    }
                }
                for (d, name) in ["facing_n", "facing_e", "facing_s", "facing_w"].iter().enumerate() {
                    let want = piece.and_then(|p| p.facing).is_some_and(|f| f.index() == d);
                    assert_eq!(view.at(name, at), f32::from(u8::from(want)));
                }
                let lit = view.at("rel0_beam", at).max(view.at("rel1_beam", at));
                assert_eq!(lit, f32::from(u8::from(beams.lit >> sq & 1 == 1)), "lit {sq}");
            }
            assert_eq!(view.sum("rel0_tower"), 1.0);
            let own = view.sum("rel0_tower") + view.sum("rel0_beamer") + view.sum("rel0_icelight");
            assert_eq!(own, game.pieces(Seat(s as u8)).count_ones() as f32);
        }
    });
}

#[test]
fn icelights_start_by_hand() {
    let game: Icelights = start(2, &[]);
    let (seat0, seat1) = (View::of(&game, Seat(0)), View::of(&game, Seat(1)));
    let sq = |name: &str| il_slot(tabula_rules::games::icelights::parse_square(name).unwrap());
    assert_eq!(seat0.at("rel0_tower", sq("a1")), 1.0);
    assert_eq!(seat0.at("rel1_tower", sq("h8")), 1.0);
    assert_eq!(seat1.at("rel0_tower", sq("h8")), 1.0);
    assert_eq!(seat0.at("rel0_beamer", sq("b1")), 1.0);
    assert_eq!(seat0.at("facing_n", sq("b1")), 1.0);
    assert_eq!(seat0.at("facing_e", sq("a2")), 1.0);
    assert_eq!(seat0.at("facing_s", sq("g8")), 1.0);
    // b1's beam: N over b2 to b3, E along rank 3 to h3; a2's: E over b2 to c2, N up the c-file.
    assert_eq!(seat0.sum("rel0_beam"), 14.0);
    for name in ["b2", "b3", "h3", "c2", "c8"] {
        assert_eq!(seat0.at("rel0_beam", sq(name)), 1.0, "{name}");
    }
    assert_eq!(seat0.at("rel0_beam", sq("b1")), 0.0);
    assert_eq!(seat1.plane("rel1_beam"), seat0.plane("rel0_beam"));
}

// Martian Chess and Coaster Chess.

/// What the random games of [`mc_random`] reached: a no-reject memory, a running clock, a
/// capture.
#[derive(Default)]
struct Reached {
    memory: bool,
    clock: bool,
    capture: bool,
}

fn mc_random<V: Variant>(players: usize, settings: &[(&str, &str)], seed: u64, reached: &mut Reached) {
    let game: Mc<V> = start(players, settings);
    let t = game.topology();
    let (height, width) = (t.height as usize, t.width as usize);
    let arrows = if V::COASTER { 4 } else { 0 };
    check_names(&game, 3 * players + 3 + arrows + 6, (height, width));
    let pips = game.pips_on_board();
    let slot = |i: usize| (height - 1 - i / 8, i % 8);
    random_positions(&game, 4, 150, seed, |game, views| {
        reached.memory |= game.memory().is_some();
        reached.clock |= game.clock().is_some_and(|c| c > 0);
        reached.capture |= views[0].sum("rel0_points") > 0.0;
        let total: u32 = pips;
        let points: u32 = (0..players).map(|s| u32::from(game.points(Seat(s as u8)))).sum();
        assert_eq!(game.pips_on_board() + points, total, "every pip is on the board or in the points");
        for (s, view) in views.iter().enumerate() {
            let seat = Seat(s as u8);
            let zone = game.zone(seat);
            let (mut pieces, mut own_pips) = (0.0, 0.0);
            for i in BitIter(t.cells) {
                let at = slot(i);
                let here = view.at("pawn", at) + view.at("drone", at) + view.at("queen", at);
                let pip = view.at("pawn", at) + 2.0 * view.at("drone", at) + 3.0 * view.at("queen", at);
                assert_eq!(pip, f32::from(game.size_at(i)));
                pieces += here * view.at("rel0_zone", at);
                own_pips += pip * view.at("rel0_zone", at);
                assert_eq!(view.at("rel0_zone", at), f32::from(u8::from(zone >> i & 1 == 1)));
            }
            assert_eq!(pieces, (game.occupied() & zone).count_ones() as f32);
            let want: u32 = BitIter(zone).map(|i| u32::from(game.size_at(i))).sum();
            assert_eq!(own_pips, want as f32);
            let area = (height * width) as f32;
            let scored = view.sum("rel0_points") / area * total as f32;
            assert!((scored - f32::from(game.points(seat))).abs() < 1e-3);
            let clock = game.clock().map_or(0.0, |c| f32::from(c) / f32::from(game.options().clock_limit));
            assert!((view.sum("clock") / area - clock).abs() < 1e-5);
            assert_eq!(view.sum("clock_running"), if game.clock().is_some() { area } else { 0.0 });
            match game.memory() {
                Some((from, to)) => {
                    assert_eq!(view.at("no_return_piece", slot(to)), 1.0);
                    assert_eq!(view.at("no_return_square", slot(from)), 1.0);
                    assert_eq!(view.sum("no_return_piece") + view.sum("no_return_square"), 2.0);
                }
                None => assert_eq!(view.sum("no_return_piece") + view.sum("no_return_square"), 0.0),
            }
        }
    });
}

/// Random games under the clock's three settings; without a clock random games run long
/// enough to capture.
const CLOCKS: [&[(&str, &str)]; 3] =
    [&[("mc.clock", "off")], &[], &[("mc.clock", "always_on"), ("mc.clock_limit", "20")]];

#[test]
fn martian_chess_shows_pieces_zones_points_and_clock() {
    let mut reached = Reached::default();
    for (k, clock) in CLOCKS.iter().enumerate() {
        for players in [2, 4] {
            mc_random::<Martian>(players, clock, 40 + k as u64, &mut reached);
        }
    }
    let next_only = [("mc.clock", "off"), ("mc.no_reject_4p", "next_player_only")];
    mc_random::<Martian>(4, &next_only, 43, &mut reached);
    assert!(reached.memory && reached.clock && reached.capture);
}

#[test]
fn coaster_chess_shows_pieces_zones_points_and_clock() {
    let mut reached = Reached::default();
    for (k, clock) in CLOCKS.iter().enumerate() {
        for players in [2, 4] {
            mc_random::<Coaster>(players, clock, 50 + k as u64, &mut reached);
        }
    }
    mc_random::<Coaster>(2, &[("mc.clock", "off"), ("mc.canal", "vertical")], 53, &mut reached);
    assert!(reached.memory && reached.clock && reached.capture);
}

#[test]
fn martian_chess_by_hand() {
    let mut game: MartianChess = start(2, &[]);
    // Row 0 is rank 8: `QQD.` there, seat 1's; row 7 is rank 1: `.DQQ`, seat 0's.
    let view = View::of(&game, Seat(0));
    assert_eq!(view.shape(), (8, 4));
    assert_eq!(view.at("queen", (0, 0)), 1.0);
    assert_eq!(view.at("queen", (7, 3)), 1.0);
    assert_eq!(view.at("drone", (7, 1)), 1.0);
    assert_eq!(view.at("rel0_zone", (7, 0)), 1.0);
    assert_eq!(view.at("rel1_zone", (0, 0)), 1.0);
    assert_eq!(view.sum("rel0_zone"), 16.0);
    // The pawn on c3 takes on c5 after d4 and b6-c5: one pip of 36 for seat 0, and seat 1
    // may not send the capturing pawn back from c5 to d4.
    for mv in ["c3-d4", "b6-c5", "d4-c5"] {
        game.play(game.parse_move(mv).unwrap());
    }
    let (seat0, seat1) = (View::of(&game, Seat(0)), View::of(&game, Seat(1)));
    assert_eq!(seat0.at("rel0_points", (0, 0)), 1.0 / 36.0);
    assert_eq!(seat1.at("rel1_points", (5, 2)), 1.0 / 36.0);
    assert_eq!(seat1.sum("rel0_points"), 0.0);
    assert_eq!(seat1.at("no_return_piece", (3, 2)), 1.0);
    assert_eq!(seat1.at("no_return_square", (4, 3)), 1.0);
    assert_eq!(seat1.sum("rel0_to_move"), 32.0);
    // A call starts the clock: the calling ply counts.
    game.play(game.parse_move("a6-a5!").unwrap());
    let view = View::of(&game, Seat(0));
    assert_eq!(view.at("clock_running", (0, 0)), 1.0);
    assert_eq!(view.at("clock", (0, 0)), 1.0 / 7.0);
}

#[test]
fn coaster_chess_arrows_by_hand() {
    let game: CoasterChess = start(2, &[]);
    let view = View::of(&game, Seat(0));
    // a1 (row 5, column 0) is left N, E or W; W points off the board.
    let a1 = (5, 0);
    assert_eq!(
        [view.at("arrow_n", a1), view.at("arrow_e", a1), view.at("arrow_s", a1), view.at("arrow_w", a1)],
        [1.0, 1.0, 0.0, 0.0]
    );
    // Turning the board a quarter leaves the arrows as they were: (row, col) goes to
    // (col, 5 - row), N to E, E to S, S to W, W to N.
    let names = ["arrow_n", "arrow_e", "arrow_s", "arrow_w"];
    for row in 0..6 {
        for col in 0..6 {
            for d in 0..4 {
                assert_eq!(view.at(names[d], (row, col)), view.at(names[(d + 1) % 4], (col, 5 - row)), "{row},{col}");
            }
        }
    }
    // Four coasters of 28 arrows, of which 16 point off the board.
    let total: f32 = names.iter().map(|n| view.sum(n)).sum();
    assert_eq!(total, 4.0 * 28.0 - 16.0);
}

#[test]
fn the_ply_cap_fills_up() {
    fn after<G: Observe>(plies: usize) -> f32 {
        let mut game: G = start(2, &[("max_plies", "8")]);
        let mut moves = MoveList::new();
        for _ in 0..plies {
            game.legal_moves(&mut moves);
            game.play(moves.as_slice()[0]);
        }
        let view = View::of(&game, Seat(1));
        view.plane("ply_cap").iter().copied().fold(0.0, f32::max)
    }
    assert_eq!(after::<ChineseCheckers>(2), 0.25);
    assert_eq!(after::<E>(4), 0.5);
    assert_eq!(after::<Echelon>(6), 0.75);
    assert_eq!(after::<Icelights>(0), 0.0);
    assert_eq!(after::<MartianChess>(8), 1.0);
    assert_eq!(after::<CoasterChess>(1), 0.125);
}

// Allocation.

#[test]
fn observing_does_not_allocate() {
    for players in [2, 3, 6] {
        never_allocates(&start::<ChineseCheckers>(players, &[]), 60);
        never_allocates(&start::<E>(players, &[]), 61);
    }
    never_allocates(&start::<E>(2, &[("e.standalone_exchange", "previous_move_only")]), 62);
    never_allocates(&start::<Icelights>(2, &[]), 63);
    never_allocates(&start::<Echelon>(2, &[]), 66);
    for players in [2, 4] {
        never_allocates(&start::<MartianChess>(players, &[]), 64);
        never_allocates(&start::<CoasterChess>(players, &[]), 65);
    }
}
