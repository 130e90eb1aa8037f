use super::board::{AE, AN, AS, AW};
use super::*;
use crate::core::game::GameOptions;
use crate::core::perft::perft;
use crate::core::{error::NotationError, moves::MoveList};

fn martian(opts: &[(&str, &str)]) -> MartianChess {
    let mut o = MartianOptions::default();
    for (k, v) in opts {
        if *k == "players" {
            o.set_players(v.parse().unwrap()).unwrap();
        } else {
            o.set(k, v).unwrap();
        }
    }
    MartianChess::new(&o).unwrap()
}

fn coaster(opts: &[(&str, &str)]) -> CoasterChess {
    let mut o = CoasterOptions::default();
    for (k, v) in opts {
        if *k == "players" {
            o.set_players(v.parse().unwrap()).unwrap();
        } else {
            o.set(k, v).unwrap();
        }
    }
    CoasterChess::new(&o).unwrap()
}

#[test]
fn spec_counts_martian_clock_off() {
    let g = martian(&[("mc.clock", "off")]);
    assert_eq!((1..=3).map(|d| perft(&g, d)).collect::<Vec<_>>(), [10, 104, 1328]);
}

#[test]
fn spec_counts_coaster() {
    let g = coaster(&[("mc.clock", "off")]);
    assert_eq!((1..=4).map(|d| perft(&g, d)).collect::<Vec<_>>(), [12, 154, 2567, 45489]);
    let g = coaster(&[]);
    assert_eq!((1..=3).map(|d| perft(&g, d)).collect::<Vec<_>>(), [24, 462, 10268]);
}

#[test]
fn spec_counts_coaster_setups_and_models() {
    type Case<'a> = (&'a [(&'a str, &'a str)], [u64; 4]);
    let cases: [Case; 4] = [
        (&[("mc.clock", "off"), ("mc.canal", "vertical")], [12, 144, 2479, 44748]),
        (&[("mc.clock", "off"), ("players", "4")], [5, 25, 125, 625]),
        (&[("mc.clock", "off"), ("mc.move_model", "straight_start")], [10, 105, 1047, 10902]),
        (&[("mc.clock", "off"), ("mc.move_model", "straight_each")], [8, 69, 619, 5799]),
    ];
    for (opts, counts) in cases {
        let g = coaster(opts);
        assert_eq!((1..=4).map(|d| perft(&g, d)).collect::<Vec<_>>(), counts, "{opts:?}");
    }
}

#[test]
fn coaster_opening_moves_are_the_spec_list() {
    let g = coaster(&[("mc.clock", "off")]);
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    let mut names: Vec<String> = list.iter().map(|&m| g.format_move(m)).collect();
    names.sort();
    assert_eq!(names.join(" "), "a1-a2 a1-a3 a1-a4 a1-b1 a1-b2 a1-b3 a1-c2 e1-d1 e1-e2 f2-d2 f2-e2 f2-e3");
}

fn m2(board: &str, turn: u8, rest: &str) -> MartianChess {
    let text = format!("martian-chess players=2 turn={turn} ply=20 passes=0 {rest} board={board}");
    let g = MartianChess::from_text(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(g.to_text(), text, "canonical text");
    g
}

fn names(g: &MartianChess, from: &str) -> Vec<String> {
    let t = g.topology();
    BitIter(g.destinations(t.parse(from).unwrap())).map(Topology::name).collect()
}

#[test]
fn start_text_and_drawing() {
    let g = martian(&[]);
    assert_eq!(
        g.to_text(),
        "martian-chess players=2 turn=0 ply=0 passes=0 points=0,0 clock=- last=- board=QQD./QDP./DPP./..../..../.PPD/.PDQ/.DQQ"
    );
    assert!(g.draw().contains(" 1  . D Q Q"), "{}", g.draw());
    let c = coaster(&[]);
    assert_eq!(
        c.to_text(),
        "coaster-chess players=2 canal=horizontal turn=0 ply=0 passes=0 points=0,0 clock=- last=- board=QP...Q/D...../....../....../.....D/Q...PQ"
    );
    assert_eq!(
        coaster(&[("mc.setup_mirror", "true")]).to_text().split("board=").nth(1),
        Some("QD...Q/P...../....../....../.....P/Q...DQ mc.setup_mirror=true")
    );
}

#[test]
fn the_spec_examples_parse() {
    let g = martian(&[]);
    for m in ["b2-a3", "d3-d5", "b2-a3!", "d3-d5!"] {
        assert_eq!(g.format_move(g.parse_move(m).unwrap()), m);
    }
    let c = coaster(&[]);
    for m in ["a1-a4", "e1-e2!"] {
        assert_eq!(c.format_move(c.parse_move(m).unwrap()), m);
    }
    assert!(matches!(g.parse_move("pass"), Err(NotationError::Illegal { .. })));
    assert!(matches!(g.parse_move("b2-b3"), Err(NotationError::Illegal { .. })), "onto an own pawn");
    assert!(matches!(g.parse_move("e2-e3"), Err(NotationError::Malformed { .. })));
    assert!(matches!(g.parse_move("b2a3"), Err(NotationError::Malformed { .. })));
    let off = martian(&[("mc.clock", "off")]);
    assert!(matches!(off.parse_move("b2-a3!"), Err(NotationError::Illegal { .. })));
}

#[test]
fn no_rejection_forbids_the_straight_return_for_one_turn() {
    let mut g = martian(&[]);
    g.play(g.parse_move("d3-d5").unwrap());
    assert_eq!(g.memory(), Some((19, 35)));
    assert!(g.to_text().contains(" last=d3-d5 "));
    assert!(matches!(g.parse_move("d5-d3"), Err(NotationError::Illegal { .. })));
    assert_eq!(names(&g, "d5"), ["d4", "b5", "c5", "d6", "d7"]);
    g.play(g.parse_move("c7-d8").unwrap());
    g.play(g.parse_move("b2-a3").unwrap());
    assert_eq!(g.memory(), None);
    assert!(g.parse_move("d5-d3").is_ok(), "later it may");
}

#[test]
fn captures_score_the_pips_and_change_the_owner() {
    // Seat 0: queen a4 and pawn d1; seat 1: pawn b5 and queen d8.
    let mut g = m2("...Q/..../..../.P../Q.../..../..../...P", 0, "points=0,0 clock=- last=-");
    g.play(g.parse_move("a4-b5").unwrap());
    assert_eq!((g.points(Seat(0)), g.points(Seat(1))), (1, 0));
    assert_eq!(g.size_at(g.topology().parse("b5").unwrap()), 3);
    assert!(!g.is_over());
    // The queen now belongs to seat 1, which may not send it straight back (even after a capture).
    assert!(matches!(g.parse_move("b5-a4"), Err(NotationError::Illegal { .. })));
    assert!(g.parse_move("b5-a5").is_ok());
    assert!(g.parse_move("b5-c4").is_ok(), "a capture back onto another square is fine");
    assert_eq!(g.hash(), g.hash_from_scratch());
    // Drone and queen captures score 2 and 3.
    let mut g = m2("...Q/..../..../.DQ./Q.../.D../..../...P", 0, "points=0,0 clock=- last=-");
    g.play(g.parse_move("a4-b5").unwrap());
    assert_eq!(g.points(Seat(0)), 2);
    g.play(g.parse_move("c5-b4").unwrap());
    assert_eq!(g.points(Seat(1)), 0, "b4 was empty");
    let mut g = m2("...Q/..../..../..Q./.D../..../..../...P", 0, "points=0,0 clock=- last=-");
    g.play(g.parse_move("b4-c4").unwrap());
    g.play(g.parse_move("c5-c4").unwrap());
    assert_eq!(g.points(Seat(1)), 2, "queen takes the drone");
}

#[test]
fn field_promotion_merges_only_without_the_piece_it_makes() {
    // Seat 0: drone a2, pawns a1 and c1, no queen.
    let g = m2("Q.../..../..../..../..../..../D.../P.P.", 0, "points=0,0 clock=- last=-");
    assert_eq!(names(&g, "a2"), ["a1", "b2", "c2", "a3", "a4"]);
    assert_eq!(names(&g, "a1"), ["b2"]);
    let mut merged = g;
    merged.play(g.parse_move("a2-a1").unwrap());
    assert_eq!(merged.size_at(0), 3);
    assert_eq!(merged.pips_on_board(), g.pips_on_board());
    // With a queen in the zone: no drone-pawn merge.
    let g = m2("Q.../..../..../..../..../...Q/D.../P.P.", 0, "points=0,0 clock=- last=-");
    assert_eq!(names(&g, "a2"), ["b2", "c2", "a3", "a4"]);
    // Pawn onto pawn without a drone: a drone; with a drone: no.
    let mut g = m2("Q.../..../..../..../..../..../.P../P...", 0, "points=0,0 clock=- last=-");
    assert_eq!(names(&g, "a1"), ["b2"]);
    g.play(g.parse_move("a1-b2").unwrap());
    assert_eq!(g.size_at(9), 2);
    let g = m2("Q.../..../..../..../..../...D/.P../P...", 0, "points=0,0 clock=- last=-");
    assert!(names(&g, "a1").is_empty());
    // Off: no merge at all.
    let text = "martian-chess players=2 turn=0 ply=20 passes=0 points=0,0 clock=- last=- \
                board=Q.../..../..../..../..../..../D.../P.P. mc.field_promotion=false";
    let g = MartianChess::from_text(text).unwrap();
    assert_eq!(names(&g, "a2"), ["b2", "c2", "a3", "a4"]);
}

#[test]
fn an_empty_zone_ends_the_game_and_the_ender_wins_ties() {
    // Seat 0's last piece captures across the canal: points 1 against 1, seat 0 ended it.
    let mut g = m2("...Q/..../..../.P../Q.../..../..../....", 0, "points=0,1 clock=- last=-");
    g.play(g.parse_move("a4-b5").unwrap());
    let o = g.outcome().expect("zone 0 is empty");
    assert_eq!(o.ranks(), [1, 2]);
    assert_eq!(o.points(), Some(&[1, 1][..]));
    // More points win even for the other seat.
    let mut g = m2("...Q/..../..../.P../Q.../..../..../....", 0, "points=0,3 clock=- last=-");
    g.play(g.parse_move("a4-a5").unwrap());
    assert_eq!(g.outcome().unwrap().ranks(), [2, 1]);
    assert!(g.legal_moves_vec().is_empty());
}

#[test]
fn the_called_clock_ends_the_game_after_seven_quiet_plies() {
    let mut g = martian(&[]);
    g.play(g.parse_move("b2-a3!").unwrap());
    assert_eq!(g.clock(), Some(1));
    assert!(g.legal_moves_vec().iter().all(|m| !m.call), "no second call");
    let mut quiet = ["c7-d6", "a3-b4", "d6-c7", "b4-a3", "c7-d6", "a3-b4"].into_iter();
    for n in 2..7 {
        g.play(g.parse_move(quiet.next().unwrap()).unwrap());
        assert_eq!(g.clock(), Some(n));
        assert!(!g.is_over());
    }
    g.play(g.parse_move(quiet.next().unwrap()).unwrap());
    assert_eq!(g.clock(), Some(7));
    let o = g.outcome().expect("the clock ran out");
    assert_eq!(o.ranks(), [1, 1], "a tie on the clock is a draw");
    // A capture resets the count.
    let mut g = m2("...Q/..../..../.P../Q.../..../..../...P", 0, "points=0,0 clock=6 last=-");
    g.play(g.parse_move("a4-b5").unwrap());
    assert_eq!(g.clock(), Some(0));
    assert!(!g.is_over());
    // always_on: running from the start, no call.
    let g = martian(&[("mc.clock", "always_on")]);
    assert_eq!(g.clock(), Some(0));
    assert_eq!(g.count_moves(), 10);
    assert_eq!(martian(&[]).count_moves(), 20);
}

#[test]
fn four_players_move_in_turn_and_teams_share_points() {
    let mut g = martian(&[("players", "4")]);
    assert_eq!(g.count_moves(), 2 * g.piece_moves());
    for seat in 0..4u8 {
        assert_eq!(g.to_move(), Seat(seat));
        let m = g.legal_moves_vec()[0];
        assert_eq!(g.topology().zone_of[m.from as usize], seat);
        g.play(m);
    }
    assert_eq!(g.to_move(), Seat(0));
    // Seat 1's zone is empty (seat 1 just moved out); teams 0+2 and 1+3 tie on 2 points.
    let text = "martian-chess players=4 turn=2 ply=30 passes=0 points=2,1,0,1 clock=- last=- \
                board=......../......../......../....Q.../Q......./......../......../......Q. mc.teams=true";
    let g = MartianChess::from_text(text).unwrap();
    let o = g.outcome().expect("zone 1 is empty");
    assert_eq!(o.ranks(), [3, 1, 3, 1], "the ender's team wins the tie");
    assert_eq!((o.score(Seat(1)), o.score(Seat(3)), o.score(Seat(0))), (1.0, 1.0, 0.0), "partners share the win");
    let free = text.replace(" mc.teams=true", "");
    let g = MartianChess::from_text(&free).unwrap();
    assert_eq!(g.outcome().unwrap().ranks(), [1, 2, 4, 2]);
}

#[test]
fn bad_position_texts_name_the_token() {
    let good = martian(&[]).to_text();
    for (from, to, token) in [
        ("turn=0", "turn=2", "turn=2"),
        ("points=0,0", "points=0", "points=0"),
        ("clock=-", "clock=9", "clock=9"),
        ("last=-", "last=d3-d5", "last=d3-d5"),
        ("board=QQD.", "board=QQX.", "QQX."),
        ("players=2", "players=3", "players=3"),
        ("martian-chess", "coaster-chess", "coaster-chess"),
    ] {
        let bad = good.replacen(from, to, 1);
        match MartianChess::from_text(&bad) {
            Err(NotationError::Malformed { token: t, .. }) => assert_eq!(t, token, "{bad}"),
            other => panic!("{bad}: {other:?}"),
        }
    }
}

impl MartianChess {
    fn legal_moves_vec(&self) -> Vec<McMove> {
        let mut l = MoveList::new();
        self.legal_moves(&mut l);
        l.as_slice().to_vec()
    }
}

#[test]
fn the_largest_ply_count_does_not_overflow() {
    let text = martian(&[]).to_text().replace("ply=0", "ply=4294967295");
    let mut g = MartianChess::from_text(&text).unwrap();
    g.play(g.parse_move("b2-a3").unwrap());
    assert_eq!(g.ply(), u32::MAX);
}

/// Reads a Coaster drawing back: for each square (by the rank number on its row and the
/// file letter under its column) the text at its place, its mark and the arrows round it.
fn read_coaster(drawing: &str) -> Vec<(String, char, char, u8)> {
    let rows: Vec<Vec<char>> = drawing.lines().map(|l| l.chars().collect()).collect();
    let at = |r: usize, c: usize| rows.get(r).and_then(|row| row.get(c)).copied().unwrap_or(' ');
    // The file letters: the row under the board that holds only letters.
    let files_row = rows
        .iter()
        .position(|r| r.contains(&'a') && r.iter().all(|c| *c == ' ' || c.is_ascii_lowercase()))
        .expect("a row of file letters");
    let files: Vec<(usize, char)> =
        rows[files_row].iter().enumerate().filter(|(_, c)| c.is_ascii_lowercase()).map(|(i, c)| (i, *c)).collect();
    let mut out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let number: String = row.iter().take(2).collect();
        let Ok(rank) = number.trim().parse::<u32>() else { continue };
        for &(c, file) in &files {
            let mut arrows = 0;
            for (bit, (rr, cc), glyph) in
                [(AN, (r - 1, c), '^'), (AE, (r, c + 1), '>'), (AS, (r + 1, c), 'v'), (AW, (r, c - 2), '<')]
            {
                if at(rr, cc) == glyph {
                    arrows |= bit;
                }
            }
            out.push((format!("{file}{rank}"), at(r, c), at(r, c - 1), arrows));
        }
    }
    out
}

#[test]
fn coaster_drawing_shows_every_arrow_and_marks_the_ride() {
    let boards: [&[(&str, &str)]; 3] = [&[], &[("mc.canal", "vertical")], &[("players", "4")]];
    for opts in boards {
        let mut g = coaster(opts);
        let mut list = MoveList::new();
        g.legal_moves(&mut list);
        // The first move that rides two squares or more.
        let mv = list
            .iter()
            .copied()
            .find(|&m| {
                let mut after = g;
                after.play(m);
                !after.path(m).is_empty()
            })
            .unwrap();
        g.play(mv);
        let ride = g.path(mv);
        let drawing = g.draw_marked(Some(mv));
        let t = g.topology();
        let read = read_coaster(&drawing);
        assert_eq!(read.len(), 36, "{drawing}");
        for (name, piece, mark, arrows) in read {
            let i = t.parse(&name).unwrap();
            assert_eq!(piece, ['.', 'P', 'D', 'Q'][g.size_at(i) as usize], "{name} in\n{drawing}");
            assert_eq!(arrows, t.arrows[i], "the arrows of {name} in\n{drawing}");
            let expected = match i {
                _ if i == mv.to as usize => '*',
                _ if i == mv.from as usize => '+',
                _ if ride.contains(&i) => '~',
                _ => ' ',
            };
            assert_eq!(mark, expected, "the mark of {name} in\n{drawing}");
        }
        assert!(drawing.contains("- | the canal"), "{drawing}");
    }
}

#[test]
fn a_coaster_ride_follows_the_arrows_and_a_martian_move_the_line() {
    let mut g = coaster(&[]);
    let mv = g.parse_move("a1-a4").unwrap();
    g.play(mv);
    let names: Vec<String> = g.path(mv).into_iter().map(Topology::name).collect();
    assert_eq!(names, ["a2", "a3"]);
    let mut m = martian(&[]);
    let mut list = MoveList::new();
    m.legal_moves(&mut list);
    let long =
        list.iter().copied().find(|mv| (mv.to as i32 - mv.from as i32).abs() >= 16).expect("a move of two ranks");
    m.play(long);
    let between = m.path(long);
    assert_eq!(between.len(), 1, "{}", m.format_move(long));
    assert_eq!(between[0] * 2, long.from as usize + long.to as usize);
}

#[test]
fn end_reasons_say_which_rule_ended_the_game_with_the_points() {
    let reason = |text: &str| MartianChess::from_text(text).unwrap().end_reason();
    let emptied = "martian-chess players=2 turn=0 ply=31 passes=0 points=5,3 clock=- last=- \
                   board=..../..../..../..../Q.../..../..../....";
    assert_eq!(reason(emptied).as_deref(), Some("seat 1's zone is empty; points 5-3"));
    // On a tie the seat that made the last move (seat 1, the one before the seat to move) wins.
    assert_eq!(
        reason(&emptied.replace("points=5,3", "points=4,4")).as_deref(),
        Some("seat 1's zone is empty; points 4-4, and seat 1 made the last move and wins the tie")
    );
    let four = "martian-chess players=4 turn=2 ply=31 passes=0 points=3,3,1,0 clock=- last=- \
                board=Q......./......../......../......../......../......../......../Q......Q";
    assert_eq!(
        reason(four).as_deref(),
        Some("seat 2's zone is empty; points 3-3-1-0, and seat 1 made the last move and wins the tie")
    );
    // Seat 2 ended it, not among the leaders: they draw, no tie-break to tell.
    assert_eq!(reason(&four.replace("turn=2", "turn=3")).as_deref(), Some("seat 2's zone is empty; points 3-3-1-0"));
    let clock = "martian-chess players=2 turn=1 ply=31 passes=0 points=2,1 clock=7 last=- \
                 board=..../...Q/..../..../Q.../..../..../....";
    assert_eq!(reason(clock).as_deref(), Some("the clock ran out: 7 plies without a capture; points 2-1"));
    assert_eq!(reason(&format!("{clock} mc.clock_limit=9")), None);
    let stopped = clock.replace("clock=7", "clock=-");
    assert_eq!(
        reason(&stopped.replace("passes=0", "passes=2")),
        Some(format!("{}; points 2-1", crate::core::ending::ALL_PASSED))
    );
    assert_eq!(
        reason(&format!("{stopped} max_plies=31")).as_deref(),
        Some("the ply limit max_plies=31 was reached; points 2-1")
    );
    let coaster = CoasterChess::from_text(
        "coaster-chess players=2 canal=horizontal turn=0 ply=9 passes=0 points=0,6 clock=- last=- \
         board=Q...../....../....../....../....../......",
    )
    .unwrap();
    assert_eq!(coaster.end_reason().as_deref(), Some("seat 0's zone is empty; points 0-6"));
    assert_eq!(martian(&[]).end_reason(), None);
}
