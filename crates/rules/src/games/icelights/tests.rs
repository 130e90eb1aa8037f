//! Rule tests on the start and on constructed positions.

use super::*;
use crate::core::outcome::Outcome;
use crate::core::perft::perft;
use crate::core::{error::NotationError, moves::MoveList};

fn start() -> Icelights {
    Icelights::new(&IlOptions::default()).unwrap()
}

fn at(text: &str) -> Icelights {
    Icelights::from_text(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn moves(g: &Icelights) -> Vec<String> {
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| g.format_move(m)).collect();
    v.sort();
    v
}

fn sq(name: &str) -> u8 {
    parse_square(name).unwrap()
}

#[test]
fn start_matches_the_spec_setup_and_text() {
    let g = start();
    assert_eq!(g.to_text(), "icelights turn=0 ply=0 passes=0 board=4iS1bSt/5iS1bW/6iW1/7iW/IE7/1IE6/BE1IN5/TBN1IN4");
    assert_eq!(g.tower(Seat(0)), sq("a1"));
    assert_eq!(g.tower(Seat(1)), sq("h8"));
    assert_eq!(g.facing(sq("b1")), Some(Dir::N));
    assert_eq!(g.facing(sq("h7")), Some(Dir::W));
    assert!(!g.is_over());
    // The opening volley of spec §3.
    let beams = g.beams();
    assert_eq!(beams.hits, 0);
    let paths: Vec<String> = beams
        .beams()
        .iter()
        .map(|b| {
            let legs: Vec<String> =
                b.legs().iter().map(|l| format!("{}{}", l.dir.letter(), board::name(l.to))).collect();
            format!("{}:{}", board::name(b.beamer), legs.join(","))
        })
        .collect();
    assert_eq!(paths, ["b1:Nb3,Eh3", "a2:Ec2,Nc8", "h7:Wf7,Sf1", "g8:Sg6,Wa6"]);
    assert!(beams.beams().iter().all(|b| b.end == BeamEnd::OffBoard));
}

#[test]
fn spec_counts_at_the_start() {
    let g = start();
    let mut piece_moves = moves(&g);
    piece_moves.retain(|m| !m.contains('='));
    assert_eq!(piece_moves.len(), 34);
    assert_eq!(moves(&g).len(), 646);
    assert_eq!(g.count_moves(), 646);
    let mut o = g;
    o.set_options(&IlOptions { move_optional: true, ..IlOptions::default() }).unwrap();
    assert_eq!(moves(&o).len(), 665);
    assert_eq!(o.count_moves(), 665);
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    let ended = list
        .iter()
        .filter(|&&m| {
            let mut c = g;
            c.play(m);
            c.is_over()
        })
        .count();
    assert_eq!(ended, 66);
    assert_eq!(perft(&g, 2), 374_680);
}

#[test]
fn spec_notation_examples() {
    let g = start();
    for m in ["d1-d4", "b1-c1,c1=E", "d1-d2,a4=N"] {
        let mv = g.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        assert_eq!(g.format_move(mv), m);
    }
    // Orientation alone only when no move exists (or il.move_optional).
    assert!(matches!(g.parse_move("a2=N"), Err(NotationError::Illegal { .. })));
    assert!(matches!(g.parse_move("pass"), Err(NotationError::Illegal { .. })));
    let mut o = g;
    o.set_options(&IlOptions { move_optional: true, ..IlOptions::default() }).unwrap();
    assert!(o.parse_move("a2=N").is_ok() && o.parse_move("pass").is_ok());
    // Unchanged facing, a Tower turned, the old square of a moved piece: illegal.
    for m in ["b1-c1,c1=N", "d1-d2,a1=N", "d1-d2,d1=E", "d1-d5", "b1-b3", "a1-b2", "d1-e2"] {
        assert!(matches!(g.parse_move(m), Err(NotationError::Illegal { .. })), "{m}");
    }
    for m in ["", "d1", "d1-d1", "d1-d9", "d1-d2,", "d1-d2,c1", "d1-d2,c1=X", "d1-d2,c1=E,a4=N", "c1=NE", "i1-i2"] {
        assert!(matches!(notation::parse_move(m), Err(NotationError::Malformed { .. })), "{m}");
    }
}

#[test]
fn moving_keeps_the_facing_and_orienting_changes_it() {
    let mut g = start();
    g.play(g.parse_move("b1-c1,c1=E").unwrap());
    assert_eq!(g.piece(sq("c1")), Some(Piece { seat: Seat(0), kind: Kind::Beamer, facing: Some(Dir::E) }));
    assert_eq!(g.piece(sq("b1")), None);
    assert_eq!(g.hash(), g.hash_from_scratch());
    let mut h = start();
    h.play(h.parse_move("d1-d4").unwrap());
    assert_eq!(h.facing(sq("d4")), Some(Dir::N));
    assert_eq!(h.hash(), h.hash_from_scratch());
}

#[test]
fn self_hit_loses_and_both_hit_draws() {
    // Seat 0 turns the a2 Beamer to S: it leaves the board (a1 is S of a2? no: a1 is S).
    let mut g = start();
    // a2 facing S fires at a1: seat 0's own Tower.
    g.play(g.parse_move("d1-d2,a2=S").unwrap());
    assert_eq!(g.outcome(), Some(Outcome::winner(2, Seat(1))));
    assert_eq!(g.hit_towers(), 1);
    // Both Towers in line of one Beamer each.
    let both = at("icelights turn=0 ply=4 passes=0 board=7t/7bN/8/8/8/8/BS7/T7");
    assert_eq!(both.outcome(), Some(Outcome::draw(2)));
    let one = at("icelights turn=0 ply=4 passes=0 board=7t/7bW/8/8/8/8/BS7/T7");
    assert_eq!(one.outcome(), Some(Outcome::winner(2, Seat(1))));
}

#[test]
fn icelights_pass_reflect_and_absorb() {
    // Beamer a2 fires E into d2. Facing E: back, passes through to h2 (off the board).
    let pass = at("icelights turn=0 ply=2 passes=0 board=7t/8/8/8/8/8/BE2IE4/T7");
    let b = pass.beams();
    assert_eq!(b.beams()[0].end, BeamEnd::OffBoard);
    assert_eq!(b.beams()[0].end_square, sq("h2"));
    // Facing N: side, reflected out of the point along file d.
    let side = at("icelights turn=0 ply=2 passes=0 board=7t/8/8/8/8/8/BE2IN4/T7");
    let b = side.beams();
    assert_eq!(b.beams()[0].legs(), &[Leg { dir: Dir::E, to: sq("d2") }, Leg { dir: Dir::N, to: sq("d8") }]);
    // Facing W: the point, absorbed.
    let point = at("icelights turn=0 ply=2 passes=0 board=7t/8/8/8/8/8/BE2IW4/T7");
    let b = point.beams();
    assert_eq!(b.beams()[0].end, BeamEnd::Absorbed);
    assert_eq!(b.lit, (1 << sq("b2")) | (1 << sq("c2")) | (1 << sq("d2")));
    // Reflected into the enemy Tower on d8.
    let win = at("icelights turn=1 ply=3 passes=0 board=3t4/8/8/8/8/8/BE2IN4/T7");
    assert_eq!(win.outcome(), Some(Outcome::winner(2, Seat(0))));
    assert_eq!(win.beams().beams()[0].end, BeamEnd::Tower);
}

#[test]
fn beams_stop_at_beamers_and_loops_end() {
    // a1 Beamer E hits the b1 Beamer.
    let g = at("icelights turn=0 ply=0 passes=0 board=7t/8/8/8/8/8/8/BEbNT5");
    assert_eq!(g.beams().beams()[0].end, BeamEnd::Beamer);
    // A ring of four Icelights: c3 faces N, c6 faces E, f6 faces S, f3 faces W. A beam
    // from a3 E enters c3 from the side, runs N to c6, E to f6, S to f3, W into c3's
    // side again: a loop.
    let ring = at("icelights turn=0 ply=0 passes=0 board=7t/8/2IE2IS2/8/8/BE1IN2IW2/8/T7");
    let b = ring.beams();
    let beam = &b.beams()[0];
    assert_eq!(beam.end, BeamEnd::Loop);
    assert_eq!(beam.end_square, sq("c3"));
    assert_eq!(beam.legs().len(), 5);
    assert!(!ring.is_over());
    // Its own Beamer stops a beam that comes back.
    let back = at("icelights turn=0 ply=0 passes=0 board=7t/8/8/8/8/IE1IS5/8/BN1IW4T");
    let b = back.beams();
    assert_eq!(b.beams()[0].end, BeamEnd::Beamer);
    assert_eq!(b.beams()[0].end_square, sq("a1"));
}

#[test]
fn no_move_means_orientation_or_pass() {
    // Seat 0's Tower a1 boxed in by Beamers of its own, themselves boxed in.
    let g = at("icelights turn=0 ply=6 passes=0 board=7t/8/8/8/8/iN7/BNiN6/TBNiN5");
    let m = moves(&g);
    // Seat 0: Tower a1 (no move), Beamers a2 (N blocked by b? a3 is bN) and b1.
    assert!(g.count_moves() == m.len());
    assert!(m.contains(&"pass".to_string()));
    assert_eq!(m.len(), 1 + 3 * 2);
    let mut g = g;
    g.play(g.parse_move("pass").unwrap());
    assert_eq!(g.passes(), 1);
    assert!(!g.is_over());
}

#[test]
fn pass_over_pieces_crosses_but_never_lands() {
    let o = IlOptions { pass_over_pieces: true, ..IlOptions::default() };
    let mut g = start();
    g.set_options(&o).unwrap();
    // d1 N: d2, d3, d4 anyway; c2 N over nothing; b1 Beamer N over b2? b2 empty. a1 Tower.
    // a4 E: b4, c4, d4; a2 E: b2, c2 is occupied -> skipped, not landed; d2 beyond range 2.
    let m = moves(&g);
    assert!(!m.contains(&"a2-c2".to_string()));
    assert!(g.parse_move("b1-b3").is_err());
    // b1 N: b2 free, b3 occupied (skipped); range 2 ends there. Tower a1 E is b1: occupied.
    assert!(g.parse_move("a2-b2").is_ok());
    // b3 W: a3 free; b3 S: b2 free, b1 occupied (skipped), then off the board.
    let h = at("icelights turn=0 ply=0 passes=0 board=7t/8/8/8/8/8/8/IETBE5 il.pass_over_pieces=true");
    assert!(h.parse_move("a1-d1").is_ok());
    let d = at("icelights turn=0 ply=0 passes=0 board=7t/8/8/8/8/8/8/IETBE5");
    assert!(d.parse_move("a1-d1").is_err());
}

#[test]
fn two_passes_draw_and_max_plies_draws() {
    let o = IlOptions { move_optional: true, ..IlOptions::default() };
    let mut g = start();
    g.set_options(&o).unwrap();
    g.play(IlMove::PASS);
    g.play(IlMove::PASS);
    assert_eq!(g.outcome(), Some(Outcome::draw(2)));
    assert_eq!(g.hash(), g.hash_from_scratch());
    let mut h = Icelights::new(&IlOptions { max_plies: Some(1), ..IlOptions::default() }).unwrap();
    h.play(h.parse_move("d1-d4").unwrap());
    assert_eq!(h.outcome(), Some(Outcome::draw(2)));
}

#[test]
fn position_text_rejects_broken_fields() {
    let good = "icelights turn=0 ply=0 passes=0 board=4iS1bSt/5iS1bW/6iW1/7iW/IE7/1IE6/BE1IN5/TBN1IN4";
    for (bad, token) in [
        ("chess turn=0", "chess"),
        ("icelights turn=2 ply=0 passes=0 board=8/8/8/8/8/8/8/8", "turn=2"),
        ("icelights turn=0 ply=0 passes=1 board=4iS1bSt/5iS1bW/6iW1/7iW/IE7/1IE6/BE1IN5/TBN1IN4", "passes=1"),
        ("icelights turn=0 ply=0 passes=0 board=4iS1bSt/5iS1bW/6iW1/7iW/IE7/1IE6/BE1IN5", "board="),
        ("icelights turn=0 ply=0 passes=0 board=4iS1bSt/5iS1bW/6iW1/7iW/IE7/1IE6/BE1IN5/TBN1IX4", "TBN1IX4"),
        ("icelights turn=0 ply=0 passes=0 board=4iS1bSt/5iS1bW/6iW1/7iW/IE7/1IE6/BE1IN5/TBN1IN5", "TBN1IN5"),
        ("icelights turn=0 ply=0 passes=0 board=4iS1bSt/5iS1bW/6iW1/7iW/IE7/1IE6/BE1IN5/TBN1IN31", "TBN1IN31"),
        ("icelights turn=0 ply=0 passes=0 board=4iS1bSt/5iS1bW/6iW1/7iW/IE7/1IE6/BE1IN5/1BN1IN4", "seat 0 has 0 Tower"),
        ("icelights turn=0 ply=0 passes=0 board=4iS1bSt/5iS1bW/6iW1/7iW/IE7/1IE6/BEININ5/TBN1IN4", "5 Icelights"),
        (
            "icelights turn=0 ply=0 passes=0 board=4iS1bSt/5iS1bW/6iW1/7iW/IE7/1IE6/BE1IN5/TBN1IN4 il.bogus=1",
            "il.bogus",
        ),
        ("icelights turn=0 turn=0 ply=0", "turn=0"),
        ("icelights turn=0 ply=0 board=8/8/8/8/8/8/8/8", "passes="),
    ] {
        let e = Icelights::from_text(bad).expect_err(bad).to_string();
        assert!(e.contains(token), "{bad}: {e}");
    }
    assert_eq!(at(good).to_text(), good);
    let opts = "icelights turn=1 ply=7 passes=0 board=4iS1bSt/5iS1bW/6iW1/7iW/IE7/1IE6/BE1IN5/TBN1IN4 il.move_optional=true il.pass_over_pieces=true max_plies=90";
    assert_eq!(at(opts).to_text(), opts);
}

#[test]
fn draw_shows_facings_beams_and_hits() {
    let text = start().draw();
    assert!(text.contains("TBN") || text.contains("T "), "{text}");
    assert!(text.contains("beam from b1: N to b3, E to h3; leaves the board"), "{text}");
    assert!(text.lines().any(|l| l.contains('/')));
    let win = at("icelights turn=1 ply=3 passes=0 board=3t4/8/8/8/8/8/BE2IN4/T7");
    let d = win.draw();
    assert!(d.contains("t*"), "{d}");
    assert!(d.contains("hits the Tower on d8"), "{d}");
}

#[test]
#[ignore]
fn print_drawing() {
    println!("{}", start().draw());
    println!("{}", at("icelights turn=0 ply=0 passes=0 board=7t/8/2IE2IS2/8/8/BE1IN2IW2/8/T7").draw());
}

#[test]
fn draw_marks_the_last_move_and_its_slide() {
    let mut g = start();
    let mv = g.parse_move("a4-a7").unwrap();
    g.play(mv);
    let d = g.draw_marked(Some(mv));
    // Rank numbers stand left of the a-file squares, so the a-file squares follow them.
    let rank = |n: char| d.lines().find(|l| l.trim_start().starts_with(n)).unwrap().trim_start().to_string();
    assert!(rank('7').starts_with("7*IE"), "{d}");
    assert!(rank('6').starts_with("6~"), "{d}");
    assert!(rank('5').starts_with("5~."), "{d}");
    assert!(rank('4').starts_with("4+."), "{d}");
    let marks = |c: char| d.lines().take(15).map(|l| l.matches(c).count()).sum::<usize>();
    assert_eq!((marks('+'), marks('~'), marks('*')), (1, 2, 1), "{d}");
    assert!(d.ends_with("last move: +from ~path *to\n"), "{d}");
    // A move that turns another piece marks it too.
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    let turn = list.iter().copied().find(|m| m.has_move() && m.has_turn() && m.turn != m.to).unwrap();
    g.play(turn);
    let d = g.draw_marked(Some(turn));
    assert!(d.ends_with("=turned\n"), "{d}");
    assert_eq!(d.lines().take(15).map(|l| l.matches('=').count()).sum::<usize>(), 1, "{d}");
    assert!(!g.draw().contains("last move"));
}

#[test]
fn end_reasons_name_each_beam_that_hit_a_tower() {
    let reason = |text: &str| at(text).end_reason();
    assert_eq!(
        reason("icelights turn=1 ply=21 passes=0 board=t7/8/8/8/8/IN7/BN7/1T6").as_deref(),
        Some("seat 0's Beamer on a2 hit seat 1's Tower on a8")
    );
    assert_eq!(
        reason("icelights turn=1 ply=21 passes=0 board=t7/8/8/8/8/1IE6/BS7/T7").as_deref(),
        Some("seat 0's Beamer on a2 hit its own Tower on a1")
    );
    assert_eq!(
        reason("icelights turn=1 ply=21 passes=0 board=t7/8/8/8/8/8/BN7/TbW6").as_deref(),
        Some("seat 1's Beamer on b1 hit seat 0's Tower on a1 and seat 0's Beamer on a2 hit seat 1's Tower on a8")
    );
    let start = start().to_text();
    assert_eq!(
        reason(&start.replace("ply=0 passes=0", "ply=6 passes=2")).as_deref(),
        Some(crate::core::ending::ALL_PASSED)
    );
    let capped = format!("{} max_plies=6", start.replace("ply=0", "ply=6"));
    assert_eq!(reason(&capped).as_deref(), Some("the ply limit max_plies=6 was reached"));
    assert_eq!(reason(&start), None);
}
