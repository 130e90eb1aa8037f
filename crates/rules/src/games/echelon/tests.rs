//! Rule tests on the start and on constructed positions.

use super::*;
use crate::core::game::GameOptions;
use crate::core::perft::perft;
use crate::core::{error::NotationError, moves::MoveList};

fn start(opts: &[(&str, &str)]) -> Echelon {
    let mut o = EgOptions::default();
    for (k, v) in opts {
        o.set(k, v).unwrap();
    }
    Echelon::new(&o).unwrap()
}

fn moves(game: &Echelon) -> Vec<String> {
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| game.format_move(m)).collect();
    v.sort();
    v
}

fn play(game: &mut Echelon, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = game.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}\n{}", game.draw()));
        game.play(mv);
        assert_eq!(game.hash(), game.hash_from_scratch());
    }
}

/// A position on the default board from its board field; red to move.
fn position(board: &str, turn: u8, extra: &str) -> Echelon {
    let text = format!("echelon radius=4 turn={turn} ply=10 board={board}{extra}");
    Echelon::from_text(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn the_start_matches_the_spec() {
    let g = start(&[]);
    let d5 = g.board().hex.parse("d5").unwrap();
    let f5 = g.board().hex.parse("f5").unwrap();
    assert_eq!(g.stack(d5), [BLUE, RED, BLUE, RED, BLUE, RED]);
    assert_eq!(g.stack(f5), [RED, BLUE, RED, BLUE, RED, BLUE]);
    assert_eq!((g.counters(RED), g.counters(BLUE), g.excess()), (6, 6, 10));
    assert_eq!(g.dead(), 0);
    assert_eq!(
        g.to_text(),
        "echelon radius=4 turn=0 ply=0 board=...../....../......./......../...[brbrbr].[rbrbrb].../......../......./....../....."
    );
    // Red's 18 opening moves: E 1, NE 4, NW 3, W 3, SW 3, SE 4.
    let m = moves(&g);
    assert_eq!(m.len(), 18);
    for mv in ["d5-e5", "d5-h9", "d5-d1", "d5-a5", "d5-d8", "d5-a2"] {
        assert!(m.contains(&mv.to_string()), "{mv} in {m:?}");
    }
    assert!(!m.contains(&"d5-f5".to_string()), "a stack top never stomps");
}

#[test]
fn spec_perft_counts() {
    let g = start(&[]);
    assert_eq!([1, 2, 3, 4].map(|d| perft(&g, d)), [18, 602, 17_430, 627_258]);
    let g3 = start(&[("ge.radius", "3")]);
    assert_eq!([1, 2, 3, 4].map(|d| perft(&g3, d)), [13, 311, 6_479, 164_218]);
}

#[test]
fn ten_counter_layout_is_two_alternating_stacks_of_ten() {
    let g = start(&[("ge.stack_height", "10")]);
    let d5 = g.board().hex.parse("d5").unwrap();
    let f5 = g.board().hex.parse("f5").unwrap();
    assert_eq!(g.stack(d5).len(), 10);
    assert_eq!(g.stack(d5)[9], RED);
    assert_eq!(g.stack(f5)[9], BLUE);
    for k in 0..10 {
        // Point symmetry through e5 with the colours swapped.
        assert_ne!(g.stack(d5)[k], g.stack(f5)[k]);
    }
    assert_eq!((g.counters(RED), g.counters(BLUE), g.excess()), (10, 10, 18));
    assert!(g.to_text().ends_with(" ge.stack_height=10"));
    assert_eq!(Echelon::from_text(&g.to_text()).unwrap(), g);
}

#[test]
fn a_stack_top_unstomps_and_a_free_counter_stomps() {
    let mut g = start(&[]);
    play(&mut g, "d5-e5");
    // Red's counter on e5 is free and next to the blue stack; blue's top may not stomp it.
    let m = moves(&g);
    assert!(!m.contains(&"f5-e5".to_string()));
    play(&mut g, "f5-f9");
    // The lone blue counter on f9; red's e5 counter stomps the f5 stack (red on top now).
    let m = moves(&g);
    assert!(m.contains(&"e5-f5".to_string()), "{m:?}");
    play(&mut g, "e5-f5");
    let f5 = g.board().hex.parse("f5").unwrap();
    let e5 = g.board().hex.parse("e5").unwrap();
    assert_eq!(g.height(f5), 6);
    assert_eq!(*g.stack(f5).last().unwrap(), RED);
    assert!(has(g.dead(), e5), "e5 emptied, so it is dead");
    // Blue's f9 counter cannot cross the dead e5: its SW ray from f9 is f8 e7 ... not e5;
    // blue may stomp any counter (even its own colour) in reach.
    assert!(g.parse_move("f9-f5").is_ok(), "SE from f9 reaches the f5 stack");
}

#[test]
fn dead_hexes_are_neither_entered_nor_crossed() {
    // Red lone counter on a5, dead hexes at c5 and on the path; blue far away.
    let g = position("...../....../......./......../r.x...[rrrrr]../......../......./....../[bbbbbb]....", 0, "");
    let m = moves(&g);
    assert!(m.contains(&"a5-b5".to_string()));
    for bad in ["a5-c5", "a5-d5", "a5-e5"] {
        assert!(!m.contains(&bad.to_string()), "{bad} crosses or enters the dead c5");
    }
    assert!(g.parse_move("a5-c5").is_err());
}

#[test]
fn own_colour_stomps_are_allowed() {
    let g = position("...../....../......./......../r.r.[rrrr]..../......../......./....../[bbbbbb]....", 0, "");
    let m = moves(&g);
    assert!(m.contains(&"a5-c5".to_string()), "auto-stomp: {m:?}");
    assert!(!m.contains(&"a5-d5".to_string()), "a stomp stops at the first counter");
    assert!(m.contains(&"c5-e5".to_string()), "a free counter stomps a stack of its own colour");
}

#[test]
fn slide_to_end_keeps_only_the_longest_slide_or_the_stomp() {
    let g = start(&[("ge.slide_to_end", "true")]);
    // Six directions from d5: E stops at e5 (a stack top cannot stomp f5), the rest at the edge.
    assert_eq!(moves(&g), ["d5-a2", "d5-a5", "d5-d1", "d5-d8", "d5-e5", "d5-h9"]);
    let mut g = g;
    play(&mut g, "d5-e5 f5-f9");
    // The free counter on e5 must stomp f5 going east.
    let m = moves(&g);
    assert!(m.contains(&"e5-f5".to_string()) && !m.iter().any(|x| x == "e5-i5"));
    assert!(perft(&start(&[("ge.slide_to_end", "true")]), 3) > 0);
}

#[test]
fn no_move_loses_and_there_is_no_draw() {
    // Red's only counters are under blue's stack tops and a lone counter boxed in by dead hexes.
    let boxed = "rx.../xx..../......./......../......[rbrbrb]../......../......./....../[rrbbb]....";
    let g = position(boxed, 0, "");
    let o = g.outcome().expect("red has no move");
    assert_eq!(o.sole_winner(), Some(BLUE));
    assert!(moves(&g).is_empty());
    assert_eq!(g.count_moves(), 0);
    // The same position with blue to move is running.
    let g = position(boxed, 1, "");
    assert!(!g.is_over());
    assert!(!moves(&g).is_empty());
}

#[test]
fn max_plies_draws() {
    let mut g = start(&[("max_plies", "2")]);
    assert!(g.can_draw());
    play(&mut g, "d5-e5 f5-f9");
    assert_eq!(g.outcome().map(|o| o.to_string()), Some("draw".to_string()));
}

/// Without the cap no game is drawn, as `can_draw` tells the solver: random games on
/// every radius end with a sole winner.
#[test]
fn every_game_has_a_winner() {
    use rand::{Rng, SeedableRng};
    let mut moves = MoveList::new();
    for radius in 2..=6 {
        for seed in 0..40 {
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            let radius = radius.to_string();
            let mut g = start(&[("ge.radius", radius.as_str())]);
            assert!(!g.can_draw());
            while !g.is_over() {
                g.legal_moves(&mut moves);
                g.play(moves.as_slice()[rng.random_range(0..moves.len())]);
            }
            assert!(g.outcome().unwrap().sole_winner().is_some(), "radius {radius} seed {seed}");
        }
    }
}

#[test]
fn text_and_notation_errors_name_the_token() {
    let g = start(&[]);
    for bad in ["d5", "d5-d5", "d5-z9", "d5-j5", "D5-e5", "d5-e5-f5"] {
        assert!(matches!(g.parse_move(bad), Err(NotationError::Malformed { .. })), "{bad}");
    }
    assert!(matches!(g.parse_move("f5-e5"), Err(NotationError::Illegal { .. })));
    let ok = g.to_text();
    for (text, token) in [
        (ok.replace("radius=4", "radius=7"), "radius=7"),
        (ok.replace("turn=0", "turn=2"), "turn=2"),
        (ok.replace("[brbrbr]", "[brbrb]"), "counters"),
        (ok.replace("[rbrbrb]...", "[rbrbrb"), "'[' without ']'"),
        (ok.replace("[brbrbr]", "[brbqbr]"), "'q'"),
        (ok.replace("[brbrbr].", "[brbrbr]"), "hexes"),
        (ok.replace("ply=0", "ply=0 ge.radius=4"), "ge.radius=4"),
        (ok.replace("ply=0", "ply=0 ge.bogus=1"), "ge.bogus"),
        (ok.replace("echelon", "chinese"), "chinese"),
        (format!("{ok} ge.stack_cells=a1,z1"), "ge.stack_cells"),
        (format!("{ok} ply=3"), "ply=3"),
        (ok.replace("....../.....", "......"), "ranks"),
    ] {
        let e = Echelon::from_text(&text).expect_err(&text).to_string();
        assert!(e.contains(token), "{e} should name {token}");
    }
    let single = ok.replacen("...../", "[r]..../", 1);
    assert!(Echelon::from_text(&single).is_err(), "a lone counter is written bare");
}

#[test]
fn drawing_shows_stacks_and_dead_hexes() {
    let mut g = start(&[]);
    play(&mut g, "d5-e5 f5-f9 e5-f5");
    let d = g.draw();
    let line5 = d.lines().find(|l| l.starts_with(" 5")).unwrap();
    assert_eq!(line5.split_whitespace().collect::<Vec<_>>(), ["5", ".", ".", ".", "B5", "x", "R6", ".", ".", ".", "5"]);
    assert!(d.contains("stacks (bottom to top): d5 BRBRB, f5 RBRBRR"), "{d}");
    let line9 = d.lines().find(|l| l.starts_with(" 9")).unwrap();
    assert!(line9.contains('B'), "the lone blue counter on f9: {d}");
}

#[test]
fn set_options_keeps_the_board() {
    let mut g = start(&[]);
    let mut o = *g.options();
    o.slide_to_end = true;
    g.set_options(&o).unwrap();
    assert!(g.to_text().ends_with("ge.slide_to_end=true"));
    o.radius = 5;
    assert!(g.set_options(&o).is_err());
    o.radius = 4;
    o.stack_height = 10;
    assert!(g.set_options(&o).is_err());
}

#[test]
fn drawing_names_every_hex_and_marks_the_slide() {
    let mut g = start(&[]);
    play(&mut g, "d5-e5");
    let mv = g.parse_move("f5-f9").unwrap();
    g.play(mv);
    let hex = &g.board().hex;
    let at = |name: &str| hex.parse(name).unwrap();
    let slid: Vec<usize> = ["f6", "f7", "f8"].iter().map(|n| at(n)).collect();
    let text = |i: usize| match (g.height(i), g.tops(BLUE) >> i & 1) {
        (0, _) if has(g.dead(), i) => "x".to_string(),
        (0, _) => ".".to_string(),
        (1, top) => if top == 0 { "R" } else { "B" }.to_string(),
        (n, top) => format!("{}{n}", if top == 0 { 'R' } else { 'B' }),
    };
    let drawing = g.draw_marked(Some(mv));
    crate::core::drawing::assert_hex_labels(hex, &drawing, |i| {
        let mark = match i {
            _ if i == at("f5") => "+",
            _ if i == at("f9") => "*",
            _ if slid.contains(&i) => "~",
            _ => "",
        };
        format!("{mark}{}", text(i))
    });
    assert!(drawing.contains("\nlast move: +from ~path *to\n"), "{drawing}");
    crate::core::drawing::assert_hex_labels(hex, &g.draw(), text);
}

#[test]
fn end_reasons_name_the_stuck_seat_or_the_cap() {
    let reason = |text: &str| Echelon::from_text(text).unwrap().end_reason();
    // Red's only counters are buried under blue's.
    let lost = "echelon radius=4 turn=0 ply=30 board=...../....../......./......../......[rbrbrb]../......../\
                ......./....../[rbrbrb]....";
    assert_eq!(reason(lost).as_deref(), Some("seat 0, red, has no move"));
    // A stuck seat loses even at the cap: the rules test it first.
    assert_eq!(reason(&format!("{lost} max_plies=30")).as_deref(), Some("seat 0, red, has no move"));
    let start = start(&[]).to_text().replace("ply=0", "ply=8");
    assert_eq!(reason(&format!("{start} max_plies=8")).as_deref(), Some("the ply limit max_plies=8 was reached"));
    assert_eq!(reason(&start), None);
}
