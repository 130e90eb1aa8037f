//! Chinese Checkers outcomes and notation on constructed positions: the spec's notation
//! examples, simultaneous winners, a fill-rule win through another seat's move and the ply
//! cap.

use std::collections::HashMap;

use tabula_rules::games::chinese_checkers::ChineseCheckers;
use tabula_rules::{Game, Seat};

use crate::harness::{crate_options, ranks};
use crate::reference::Reference;
use crate::reference::chinese_checkers::{self as reference, Pos, RefOutcome, Rules};

/// A position from peg lists per seat, built through the reference's text writer.
pub fn build(options: &str, seats: &[&str], turn: usize, ply: u32) -> String {
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
