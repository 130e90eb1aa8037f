use super::position::Previous;
use super::*;
use crate::core::game::{Game, GameOptions};
use crate::core::moves::MoveList;
use crate::core::perft::perft;

fn start(players: u8) -> E {
    let mut o = EOptions::default();
    o.set_players(players as usize).unwrap();
    E::new(&o).unwrap()
}

#[test]
fn start_counts_match_the_spec() {
    let g = start(2);
    assert_eq!(g.count_moves(), 62);
    assert_eq!(perft(&g, 2), 3_844);
    assert_eq!(start(3).count_moves(), 62);
    assert_eq!(start(6).count_moves(), 50);
}

#[test]
fn perft_3_and_straight_lines() {
    assert_eq!(perft(&start(2), 3), 269_948);
    let mut o = EOptions::default();
    o.set("e.straight_line_only", "true").unwrap();
    let g = E::new(&o).unwrap();
    assert_eq!((g.count_moves(), perft(&g, 2), perft(&g, 3)), (28, 784, 24_696));
}

#[test]
fn start_text_round_trips() {
    let g = start(2);
    let text = g.to_text();
    assert_eq!(
        text,
        "e players=2 sectors=03 turn=0 ply=0 passes=0 board=......./.......0l/.......0m0l/.......0s0m0l/.......0s0m0m0l/.......0s0s0s0m0l/............./1l1m1s1s1s......./1l1m1m1s......./1l1m1s......./1l1m......./1l......./......."
    );
    assert_eq!(E::from_text(&text).unwrap(), g);
    for name in ["i8/1-h7", "k9/1-i9", "l8/1-j6", "m8/1-j5"] {
        let mv = g.parse_move(name).unwrap();
        assert_eq!(g.format_move(mv), name);
    }
}

/// Spec §4.2, seed example 1: blue traps red's small with a medium and exchanges it with
/// the red large that traps blue's small.
#[test]
fn seed_exchange_example() {
    let mut o = EOptions::default();
    o.set_players(2).unwrap();
    let mut g = E::new(&o).unwrap();
    // Rebuild a position: h5 = [blue S, red L], g5 = [red S], blue medium on g3, blue to move.
    let mut stacks = g.cell_stacks();
    let at = |n: &str| TABLES.hex.parse(n).unwrap();
    let take = |stacks: &mut Vec<Vec<Piece>>, seat: u8, size: u8| {
        for s in stacks.iter_mut() {
            if let Some(i) = s.iter().position(|p| p.seat == Seat(seat) && p.size == size) {
                s.remove(i);
                return;
            }
        }
    };
    for (seat, size) in [(1, 1), (0, 3), (0, 1), (1, 2)] {
        take(&mut stacks, seat, size);
    }
    stacks[at("h5")] = vec![Piece { seat: Seat(1), size: 1 }, Piece { seat: Seat(0), size: 3 }];
    stacks[at("g5")] = vec![Piece { seat: Seat(0), size: 1 }];
    stacks[at("g3")] = vec![Piece { seat: Seat(1), size: 2 }];
    g = E::from_stacks(o, &stacks, 1, 10, 0, Previous::NONE);
    let mv = g.parse_move("g3/1-g5,Xg5/2=h5/2").expect("the seed's exchange");
    assert_eq!(g.parse_move("g3/1-g5,Xh5/2=g5/2"), Ok(mv), "either order is read");
    let mut plain = g;
    plain.play(g.parse_move("g3/1-g5").unwrap());
    assert!(plain.parse_move("Xh5/2=g5/2").is_ok(), "red may exchange next turn");
    g.play(mv);
    let kinds = |c: &str| g.stack(at(c)).iter().map(|p| (p.seat.0, p.size)).collect::<Vec<_>>();
    assert_eq!(kinds("g5"), [(0, 1), (0, 3)]);
    assert_eq!(kinds("h5"), [(1, 1), (1, 2)]);
    assert_eq!(g.hash(), g.hash_from_scratch());
}

/// The most moves a position of random play lists, by player count and jump cost, against
/// the move list's inline slots.
#[test]
#[ignore = "a measurement"]
fn most_moves_in_random_play() {
    use crate::core::moves::capacity;
    for jump in ["2", "1"] {
        for players in 2..=6 {
            let mut o = EOptions::default();
            o.set_players(players).unwrap();
            o.set("e.jump_cost", jump).unwrap();
            let mut most = 0;
            let mut seed = players as u64;
            for _ in 0..200 {
                let mut g = E::new(&o).unwrap();
                let mut moves = MoveList::new();
                for _ in 0..300 {
                    if g.is_over() {
                        break;
                    }
                    most = most.max(g.count_moves());
                    g.legal_moves(&mut moves);
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    g.play(moves.as_slice()[(seed >> 33) as usize % moves.len()]);
                }
            }
            println!("jump_cost {jump}, {players} players: at most {most} moves (inline {})", capacity::<EMove>());
        }
    }
}

/// `destinations` of a piece are the destinations of its listed movements.
#[test]
fn destinations_match_the_listed_movements() {
    let mut g = start(3);
    let mut moves = MoveList::new();
    let mut seed = 7u64;
    let mut checked = 0;
    for _ in 0..150 {
        if g.is_over() {
            break;
        }
        g.legal_moves(&mut moves);
        for s in 0..3 {
            for (slot, ..) in g.pieces(Seat(s)) {
                let listed = moves
                    .iter()
                    .filter(|m| m.has_movement() && !m.has_exchange() && m.from == slot)
                    .fold(0, |a, m| a | crate::geometry::bits::bit(m.to as usize));
                let mine = s == g.to_move().0;
                assert_eq!(g.destinations(slot), if mine { listed } else { 0 }, "{}", g.to_text());
                checked += (listed != 0) as usize;
            }
        }
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        g.play(moves.as_slice()[(seed >> 33) as usize % moves.len()]);
    }
    assert!(checked > 500, "{checked} pieces with movements");
}

#[test]
fn drawing_names_every_cell_and_marks_the_last_move() {
    let mut game = start(2);
    let mv = game.parse_move("m8/1-j5").unwrap();
    game.play(mv);
    let drawing = game.draw_marked(Some(mv));
    let text = |c: usize| {
        let s = game.stack(c);
        match s.as_slice() {
            [] => ".".to_string(),
            [one] => notation_piece(*one),
            [.., top] => format!("{}{}", notation_piece(*top).to_uppercase(), s.len()),
        }
    };
    let (from, to) = (TABLES.hex.parse("m8").unwrap(), TABLES.hex.parse("j5").unwrap());
    let path = game.movement_path(mv);
    assert!(!path.is_empty());
    crate::core::drawing::assert_hex_labels(&TABLES.hex, &drawing, |c| {
        let mark = match c {
            _ if c == from => "+",
            _ if c == to => "*",
            _ if path.contains(&c) => "~",
            _ => "",
        };
        format!("{mark}{}", text(c))
    });
    assert!(drawing.contains("\nlast move: +from ~path *to\n"), "{drawing}");
    crate::core::drawing::assert_hex_labels(&TABLES.hex, &game.draw(), text);
}

/// A piece as the drawing writes it: seat digit and size letter.
fn notation_piece(p: Piece) -> String {
    format!("{}{}", p.seat.0, ["s", "m", "l"][p.size as usize - 1])
}

#[test]
fn a_movement_path_is_found_again_after_the_move() {
    // The docs' movement: the large on m8 walks three steps to j5.
    let mut game = start(2);
    let mv = game.parse_move("m8/1-j5").unwrap();
    game.play(mv);
    let path: Vec<String> = game.movement_path(mv).into_iter().map(|c| TABLES.hex.name(c)).collect();
    assert!((1..=2).contains(&path.len()), "a large spends three: one or two cells between, {path:?}");
    // Each hop of from, path, to is a step or a jump along a line.
    let cells: Vec<usize> =
        std::iter::once(mv.from.cell as usize).chain(game.movement_path(mv)).chain([mv.to as usize]).collect();
    for w in cells.windows(2) {
        let d = TABLES.hex.cell(w[0]).distance(TABLES.hex.cell(w[1]));
        assert!(d == 1 || d == 2, "{path:?}");
    }
    // Every movement of some plies of play: a path of legal length that ends the move.
    let mut g = start(2);
    let mut list = MoveList::new();
    for ply in 0..30 {
        g.legal_moves(&mut list);
        let Some(&mv) = list.iter().filter(|m| m.has_movement()).nth(ply * 7 % list.len().max(1)) else { break };
        let size = g.stack(mv.from.cell as usize)[mv.from.level as usize - 1].size as usize;
        g.play(mv);
        let path = g.movement_path(mv);
        assert!(path.len() < size, "ply {ply}: {path:?}");
        let single = TABLES.hex.cell(mv.from.cell as usize).distance(TABLES.hex.cell(mv.to as usize)) <= 2;
        assert!(!path.is_empty() || size == 1 || single, "ply {ply}: a path for {}", g.format_move(mv));
    }
    assert!(game.movement_path(EMove::PASS).is_empty());
}

/// The end reason of a position text.
fn reason(text: &str) -> Option<String> {
    E::from_text(text).unwrap().end_reason()
}

#[test]
fn end_reasons_say_which_rule_ended_the_game() {
    // Seat 0's pieces fill sector 3 in the opening pattern; seat 1's small from i8 waits on
    // h7, so its goal is one short.
    let won = "e players=2 sectors=03 turn=1 ply=40 passes=0 board=......./.......1l/.......1m1l/.......1s1m1l/\
               .......1s1m1m1l/........1s1s1m1l/.......1s...../0l0m0s0s0s......./0l0m0m0s......./0l0m0s......./\
               0l0m......./0l......./.......";
    let goal = "seat 0 filled its goal: a piece of its own on each of the 15 goal cells";
    assert_eq!(reason(won).as_deref(), Some(goal));
    assert_eq!(
        reason(&format!("{won} e.goal_requires_untouchable=true e.goal_start_pattern=true")),
        Some(format!("{goal}, none of them covered, in the opening pattern"))
    );
    let start = start(2).to_text();
    let passed = start.replace("ply=0 passes=0", "ply=10 passes=2");
    assert_eq!(reason(&passed).as_deref(), Some(crate::core::ending::ALL_PASSED));
    let capped = format!("{} max_plies=10", start.replace("ply=0", "ply=10"));
    assert_eq!(reason(&capped).as_deref(), Some("the ply limit max_plies=10 was reached"));
    assert_eq!(reason(&start), None);
}

/// With `previous_move_only` the text keeps the exchange that ended the previous turn, and
/// the pair it swapped may be swapped back: here blue's large, after landing on i5 = [red S,
/// blue S, red M], took the red medium's place (`f5/1-i5,Xi5/4=i5/3`).
#[test]
fn the_previous_exchange_is_kept_and_read() {
    let text = "e players=2 sectors=03 turn=0 ply=22 passes=0 board=......./.......0l/.......0m0l/.......0s0m0l/\
                .......0s.0m0l/........0s0s0m0l/............./.1m1s1s......../1l1m1m1s....[0s1s1l0m]../\
                1l1m1s......./1l1m......./1l......./....... prev=i5/4,Xi5/4=i5/3 e.standalone_exchange=previous_move_only";
    let g = E::from_text(text).unwrap();
    assert_eq!(g.to_text(), text);
    assert_eq!(g.hash(), g.hash_from_scratch());
    assert!(g.parse_move("Xi5/4=i5/3").is_ok(), "red swaps the pair back");
    // Read without the exchange, the unit on i5/4 holds red's medium and no blue guard.
    let plain = E::from_text(&text.replace(",Xi5/4=i5/3", "")).unwrap();
    assert!(plain.parse_move("Xi5/4=i5/3").is_err());
    assert_ne!(plain.hash(), g.hash());
    assert_ne!(plain, g);
    // The exchange as blue wrote it: its guard's slot in the unit first, then where it went.
    for bad in [",Xi5/3=i5/4", ",Xi5/2=i5/3", ",Xi5/4=i5/4", ",Xi5/4=i5/9", ",Xi5/4", ",i5/4=i5/3"] {
        assert!(E::from_text(&text.replace(",Xi5/4=i5/3", bad)).is_err(), "{bad}");
    }
}
