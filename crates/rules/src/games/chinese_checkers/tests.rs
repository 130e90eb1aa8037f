//! Rule tests on constructed positions.

use super::*;
use crate::core::outcome::Outcome;
use crate::core::perft::perft;
use crate::core::{error::NotationError, moves::MoveList};
use crate::geometry::bits::bit;

fn start(players: u8) -> ChineseCheckers {
    let options = CcOptions { players, ..CcOptions::default() };
    ChineseCheckers::new(&options).unwrap()
}

fn moves(game: &ChineseCheckers) -> Vec<String> {
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| game.format_move(m)).collect();
    v.sort();
    v
}

fn hole(name: &str) -> usize {
    STAR.board.parse(name).unwrap()
}

/// A 2-player position from peg lists; seat 0 to move unless `turn` says otherwise.
fn position(options: CcOptions, seats: &[&[&str]], turn: u8) -> ChineseCheckers {
    let mut pegs = [0; MAX_SEATS];
    for (s, names) in seats.iter().enumerate() {
        for n in names.iter() {
            pegs[s] |= bit(hole(n));
        }
    }
    ChineseCheckers::from_parts(&options, pegs, turn, 10, 0)
}

#[test]
fn opening_moves_match_the_spec_examples() {
    let g = start(2);
    let m = moves(&g);
    assert_eq!(m.len(), 14);
    for mv in ["j14-j13", "j14-i13", "k15-i13", "l15-j13"] {
        assert!(m.contains(&mv.to_string()), "{mv}");
    }
    let mut g = g;
    g.play(g.parse_move("j14-j13").unwrap());
    let m = moves(&g);
    assert!(m.contains(&"g3-g5".to_string()) && m.contains(&"h4-h5".to_string()));
}

#[test]
fn spec_perft_counts() {
    assert_eq!([1, 2, 3, 4].map(|d| perft(&start(2), d)), [14, 196, 4760, 115_600]);
    assert_eq!([1, 2, 3].map(|d| perft(&start(3), d)), [14, 196, 2744]);
    assert_eq!([1, 2, 3].map(|d| perft(&start(6), d)), [14, 199, 2828]);
}

#[test]
fn hop_chains_go_any_direction_and_are_deduplicated() {
    // Seat 0 peg at i9 with pegs to hop over around it; seat 1 far away.
    let o = CcOptions::default();
    let far: Vec<&str> = vec!["e4", "f4", "g4", "h4", "e3", "f3", "g3", "e2", "f2", "e1"];
    let mine = ["i9", "j9", "j11", "m17", "l16", "m16", "k15", "l15", "m15", "j14"];
    let g = position(o, &[&mine, &far], 0);
    let m = moves(&g);
    // i9 hops E over j9 to k9; from k9 NW over... k10 is empty; chain i9-k9 only.
    assert!(m.contains(&"i9-k9".to_string()));
    // Each destination appears once even when two routes lead there.
    let mut dedup = m.clone();
    dedup.dedup();
    assert_eq!(dedup, m);
}

#[test]
fn a_hop_cannot_jump_its_own_starting_hole() {
    // Peg at i9 hops E over j9 to k9; it may not then hop back W over j9 to i9 (its start).
    let o = CcOptions::default();
    let mine = ["i9", "j9", "m17", "l16", "m16", "k15", "l15", "m15", "j14", "k14"];
    let far = ["e4", "f4", "g4", "h4", "e3", "f3", "g3", "e2", "f2", "e1"];
    let g = position(o, &[&mine, &far], 0);
    let m = moves(&g);
    assert!(m.contains(&"i9-k9".to_string()));
    assert!(!m.iter().any(|x| x.starts_with("i9-i9")));
}

/// Seat 1's pegs parked in the middle, away from both camps that matter in 2-player games.
const PARKED: [&str; 10] = ["e12", "f12", "g12", "h12", "i12", "j12", "k12", "l12", "e11", "f11"];

fn moves_from(game: &ChineseCheckers, from: &str) -> Vec<String> {
    moves(game).into_iter().filter(|m| m.starts_with(&format!("{from}-"))).collect()
}

#[test]
fn target_stay_rules() {
    // Seat 0's target is camp 3. Its peg on f4 is home; f3 is taken, so f4 may hop to f2.
    let mine = ["f4", "f3", "i9", "j9", "k9", "l9", "m9", "i10", "j10", "k10"];
    let strict = position(CcOptions::default(), &[&mine, &PARKED], 0);
    assert_eq!(moves_from(&strict, "f4"), ["f4-e3", "f4-e4", "f4-f2", "f4-g4"]);
    let off = position(CcOptions { target_stay: TargetStay::Off, ..CcOptions::default() }, &[&mine, &PARKED], 0);
    assert_eq!(moves_from(&off, "f4"), ["f4-e3", "f4-e4", "f4-f2", "f4-f5", "f4-g4", "f4-g5"]);
}

#[test]
fn strict_and_final_only_differ_on_a_chain_that_leaves_and_returns() {
    // e4 is home. e4 hops NE over f5 to g6 (outside), then SE over g5 to g4 (inside).
    let mine = ["e4", "f5", "g5", "i9", "j9", "k9", "l9", "m9", "i10", "j10"];
    let with = |stay| position(CcOptions { target_stay: stay, ..CcOptions::default() }, &[&mine, &PARKED], 0);
    assert_eq!(moves_from(&with(TargetStay::Strict), "e4"), ["e4-e3", "e4-f4"]);
    assert_eq!(moves_from(&with(TargetStay::FinalOnly), "e4"), ["e4-e3", "e4-f4", "e4-g4"]);
    assert!(moves_from(&with(TargetStay::Off), "e4").contains(&"e4-g6".to_string()));
}

/// Seat 1 blocks nine holes of seat 0's target (camp 3), leaving h4 free; seat 0 has a
/// peg on i5 (a step from h4) and one on j6 (a hop over i5 from h4).
fn blocked(anti_block: AntiBlock, free: &str) -> ChineseCheckers {
    let camp3 = ["e4", "f4", "g4", "h4", "e3", "f3", "g3", "e2", "f2", "e1"];
    let theirs: Vec<&str> = camp3.iter().copied().filter(|&h| h != free).chain(["k9"]).collect();
    let mine = ["i5", "j6", "m17", "l16", "m16", "k15", "l15", "m15", "j14", "k14"];
    position(CcOptions { anti_block, ..CcOptions::default() }, &[&mine, &theirs], 0)
}

#[test]
fn fill_rule_wins_with_one_own_peg_and_none_needs_all_ten() {
    for (rule, won) in [(AntiBlock::Fill, true), (AntiBlock::None, false), (AntiBlock::Swap, false)] {
        let mut g = blocked(rule, "h4");
        g.play(g.parse_move("i5-h4").unwrap());
        assert_eq!(g.outcome(), won.then(|| Outcome::winner(2, Seat(0))), "{rule:?}");
        let mut list = MoveList::new();
        g.legal_moves(&mut list);
        assert_eq!(list.is_empty(), won, "no moves after the end");
    }
}

#[test]
fn swap_moves_by_step_and_by_hop() {
    // h4 now holds seat 1; i5 may swap with it by a step, j6 by a hop over i5.
    let g = blocked(AntiBlock::Swap, "e1");
    assert!(moves(&g).contains(&"i5-h4".to_string()));
    assert!(moves(&g).contains(&"j6-h4".to_string()));
    assert!(!moves(&blocked(AntiBlock::None, "e1")).contains(&"i5-h4".to_string()));
    let mut after = g;
    after.play(g.parse_move("j6-h4").unwrap());
    assert_eq!(after.owner(hole("h4")), Some(Seat(0)));
    assert_eq!(after.owner(hole("j6")), Some(Seat(1)), "the swapped peg takes the mover's hole");
    assert_eq!(after.occupied(), g.occupied());
    assert_eq!(after.hash(), after.hash_from_scratch());
}

#[test]
fn swaps_only_target_holes_of_other_seats() {
    // k9 holds seat 1 but is not in seat 0's target: no swap there.
    let g = blocked(AntiBlock::Swap, "e1");
    assert!(!moves(&g).iter().any(|m| m.ends_with("-k9")));
}

#[test]
fn stuck_seats_pass_and_all_passes_draw() {
    // Seat 0: nine pegs fill camp 3 with seat 1's peg on e1, and a peg walled in on m17.
    // Seat 1: nine pegs fill the rest of camp 0, and the peg on e1. Nobody can move.
    let mine = ["m17", "e4", "f4", "g4", "h4", "e3", "f3", "g3", "e2", "f2"];
    let theirs = ["e1", "l16", "m16", "k15", "l15", "m15", "j14", "k14", "l14", "m14"];
    let o = CcOptions { anti_block: AntiBlock::None, ..CcOptions::default() };
    let mut g = position(o, &[&mine, &theirs], 0);
    assert_eq!(moves(&g), ["pass"]);
    assert_eq!(g.count_moves(), 1);
    g.play(CcMove::PASS);
    assert_eq!(g.outcome(), None);
    assert_eq!(moves(&g), ["pass"]);
    g.play(CcMove::PASS);
    assert_eq!(g.outcome(), Some(Outcome::draw(2)));
    assert_eq!(g.hash(), g.hash_from_scratch());
    // With the target-stay rule off the same pegs can move again.
    let free = position(CcOptions { target_stay: TargetStay::Off, ..o }, &[&mine, &theirs], 0);
    assert!(moves(&free).len() > 1);
}

#[test]
fn fill_rule_can_hand_the_win_to_another_seat() {
    // Seat 1 fills seat 0's last target hole with its own move: seat 0 wins.
    let theirs = ["e4", "f4", "g4", "e3", "f3", "g3", "e2", "f2", "i5", "k9"];
    let mine = ["e1", "i9", "m17", "l16", "m16", "k15", "l15", "m15", "j14", "k14"];
    let mut g = position(CcOptions::default(), &[&mine, &theirs], 1);
    assert_eq!(g.outcome(), None);
    g.play(g.parse_move("i5-h4").unwrap());
    assert_eq!(g.outcome(), Some(Outcome::winner(2, Seat(0))));
}

#[test]
fn max_plies_draws() {
    let o = CcOptions { max_plies: Some(3), ..CcOptions::default() };
    let mut g = ChineseCheckers::new(&o).unwrap();
    for mv in ["j14-j13", "h4-h5", "k14-k13"] {
        assert_eq!(g.outcome(), None);
        g.play(g.parse_move(mv).unwrap());
    }
    assert_eq!(g.outcome(), Some(Outcome::draw(2)));
    assert_eq!(perft(&g, 1), 0);
}

#[test]
fn position_text_round_trips_and_carries_options() {
    let o = CcOptions { players: 4, seats_4p: Seats4p::C0235, anti_block: AntiBlock::Swap, ..CcOptions::default() };
    let mut g = ChineseCheckers::new(&o).unwrap();
    g.play(g.parse_move("j14-j13").unwrap());
    let text = g.to_text();
    assert!(text.contains("players=4 camps=0235 turn=1 ply=1 passes=0"), "{text}");
    assert!(text.ends_with("cc.anti_block=swap cc.seats_4p=0235"), "{text}");
    let back = ChineseCheckers::from_text(&text).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.to_text(), text);
}

#[test]
fn bad_position_texts_name_the_token() {
    let good = start(2).to_text();
    let cases = [
        (good.replace("chinese-checkers", "chess"), "chess"),
        (good.replace("players=2", "players=7"), "players=7"),
        (good.replace("camps=03", "camps=01"), "camps=01"),
        (good.replace("turn=0", "turn=2"), "turn=2"),
        (good.replace("ply=0", "ply=x"), "ply=x"),
        (good.replace("passes=0", "passes=1"), "passes=1"),
        (good.replace("board=0/", "board=1/"), "board="),
        (good.replace("board=0/00/", "board=0/0x/"), "0x"),
        (good.replace("board=0/00/", "board=0/000/"), "000"),
        (format!("{good} cc.bogus=1"), "cc.bogus=1"),
        (format!("{good} turn=1"), "turn=1"),
        (good.replace(" ply=0", ""), "ply"),
        (format!("{good} stray"), "stray"),
        (String::new(), ""),
    ];
    for (text, token) in cases {
        let err = match ChineseCheckers::from_text(&text) {
            Ok(_) => panic!("{text:?} parsed"),
            Err(e) => e.to_string(),
        };
        assert!(err.contains(token), "{text:?} gave {err:?}");
    }
}

#[test]
fn bad_moves_are_errors() {
    let g = start(2);
    for bad in ["", "j14", "j14-", "-j13", "j14-j14", "z1-a1", "j14-j13-j12", "J14-J13", "pass"] {
        assert!(g.parse_move(bad).is_err(), "{bad}");
    }
    assert!(matches!(g.parse_move("j14-j12"), Err(NotationError::Illegal { .. })));
    assert!(matches!(g.parse_move("pass"), Err(NotationError::Illegal { .. })));
}

#[test]
fn the_turn_can_be_given_to_another_seat() {
    let mut g = start(3);
    g.play(g.parse_move("j14-j13").unwrap());
    let before = g;
    // Seat 1 is to move; give the turn to seat 2, whose pegs then move.
    assert!(g.hand_turn_to(Seat(2)));
    assert_eq!(g.to_move(), Seat(2));
    assert_eq!((g.ply(), g.passes(), g.pegs(Seat(0))), (before.ply(), before.passes(), before.pegs(Seat(0))));
    assert_eq!(g.hash(), g.hash_from_scratch());
    assert_ne!(g.hash(), before.hash());
    assert_eq!(ChineseCheckers::from_text(&g.to_text()).unwrap(), g);
    let mut list = MoveList::new();
    g.legal_moves(&mut list);
    assert!(list.iter().all(|m| has(g.pegs(Seat(2)), m.from as usize)));
    g.play(list.as_slice()[0]);
    assert_eq!(g.to_move(), Seat(0), "turn order goes on from the seat that moved");
    assert_eq!(g.hash(), g.hash_from_scratch());
    // Giving the turn to the seat to move changes nothing; a seat not at the table fails.
    let mut same = before;
    assert!(same.hand_turn_to(Seat(1)));
    assert_eq!(same, before);
    assert!(!same.hand_turn_to(Seat(3)));
    assert_eq!(same, before);
    // Not after the end of the game.
    let o = CcOptions { max_plies: Some(1), ..CcOptions::default() };
    let mut over = ChineseCheckers::new(&o).unwrap();
    over.play(over.parse_move("j14-j13").unwrap());
    let ended = over;
    assert!(!over.hand_turn_to(Seat(0)));
    assert_eq!(over, ended);
}

#[test]
fn reach_sets_list_the_legal_moves_in_order() {
    for (players, anti_block) in [(2, AntiBlock::Fill), (3, AntiBlock::Swap), (6, AntiBlock::None)] {
        let mut g = ChineseCheckers::new(&CcOptions { players, anti_block, ..CcOptions::default() }).unwrap();
        let mut list = MoveList::new();
        for ply in 0..150u32 {
            if g.is_over() {
                break;
            }
            let mut from_reach = Vec::new();
            g.for_each_reach(|from, dests| {
                from_reach.extend(BitIter(dests).map(|to| CcMove { from: from as u8, to: to as u8 }));
            });
            if from_reach.is_empty() {
                from_reach.push(CcMove::PASS);
            }
            g.legal_moves(&mut list);
            assert_eq!(from_reach, list.as_slice(), "{players} players, ply {ply}");
            g.play(list.as_slice()[(ply as usize * 7919) % list.len()]);
        }
    }
}

#[test]
fn single_peg_reach_depends_only_on_its_reads() {
    // `reacher().reach` gives the sets of `for_each_reach`, and changing the occupant of
    // any hole outside a peg's reads (adding, removing or swapping a peg) leaves its
    // destinations as they were.
    let (mut outside, mut home) = (0u64, 0u64);
    for (players, anti_block, target_stay) in [
        (2, AntiBlock::Fill, TargetStay::Off),
        (2, AntiBlock::Swap, TargetStay::Strict),
        (3, AntiBlock::Swap, TargetStay::Off),
        (6, AntiBlock::None, TargetStay::FinalOnly),
    ] {
        let options = CcOptions { players, anti_block, target_stay, ..CcOptions::default() };
        let mut g = ChineseCheckers::new(&options).unwrap();
        let mut list = MoveList::new();
        for ply in 0..400usize {
            if g.is_over() {
                break;
            }
            let seat = g.turn.to_move as usize;
            let other = (seat + 1) % players as usize;
            let mut fresh = Vec::new();
            g.for_each_reach(|from, dests| fresh.push((from, dests)));
            let reacher = g.reacher();
            for &(from, dests) in &fresh {
                let (d, reads) = reacher.reach(from);
                assert_eq!(d, dests, "{players} players, ply {ply}, peg {}", STAR.board.name(from));
                home += has(g.target(Seat(seat as u8)), from) as u64;
                for h in (0..HOLES).filter(|&h| h != from && !has(reads, h)).step_by(7 + ply % 5) {
                    outside += 1;
                    let mut m = g;
                    let owner = (0..players as usize).find(|&s| has(m.pegs[s], h));
                    match owner {
                        // Empty: another seat's peg (or, every other time, an own peg) appears.
                        None => {
                            let s = if h % 2 == 0 { other } else { seat };
                            m.pegs[s] |= bit(h);
                            m.occupied |= bit(h);
                        }
                        // Held: the peg goes, or changes hands.
                        Some(s) if h % 3 == 0 => {
                            m.pegs[s] &= !bit(h);
                            m.occupied &= !bit(h);
                        }
                        Some(s) => {
                            let t = if s == seat { other } else { seat };
                            m.pegs[s] &= !bit(h);
                            m.pegs[t] |= bit(h);
                        }
                    }
                    let changed = m.reacher().reach(from).0;
                    assert_eq!(
                        changed,
                        dests,
                        "{players} players, ply {ply}, peg {}, hole {}",
                        STAR.board.name(from),
                        STAR.board.name(h)
                    );
                }
            }
            // Mostly the move that gains most toward the target, so that pegs get home
            // (where target_stay binds them); every third a pseudo-random one.
            g.legal_moves(&mut list);
            let tip = (g.setup.camps[seat] + 3) % 6;
            let gain = |m: &CcMove| {
                if m.is_pass() {
                    -99
                } else {
                    STAR.tip_distance(tip, m.from as usize) as i32 - STAR.tip_distance(tip, m.to as usize) as i32
                }
            };
            let mv = if ply % 3 == 0 {
                list.as_slice()[(ply * 7919) % list.len()]
            } else {
                *list.iter().rev().max_by_key(|m| gain(m)).unwrap()
            };
            g.play(mv);
        }
    }
    assert!(outside > 10_000, "only {outside} holes outside the reads were tried");
    assert!(home > 1000, "only {home} pegs at home were tried");
}

#[test]
fn drawing_names_every_hole_and_marks_the_last_move_with_its_hop_chain() {
    // Play the first move with a hop chain of two hops or more that the game offers.
    let mut game = start(2);
    let mut last = None;
    for _ in 0..40 {
        let mut list = MoveList::new();
        game.legal_moves(&mut list);
        let chained = list.iter().copied().find(|&mv| {
            let mut after = game;
            after.play(mv);
            !after.hop_chain(mv).is_empty()
        });
        let mv = chained.unwrap_or(list.iter().copied().next().unwrap());
        game.play(mv);
        if chained.is_some() {
            last = Some(mv);
            break;
        }
    }
    let mv = last.expect("a hop chain within 40 plies");
    let chain = game.hop_chain(mv);
    let drawing = game.draw_marked(Some(mv));
    let mark = |i: usize| match i {
        _ if i == mv.to as usize => "*",
        _ if i == mv.from as usize => "+",
        _ if chain.contains(&i) => "~",
        _ => "",
    };
    crate::core::drawing::assert_hex_labels(&STAR.board, &drawing, |i| {
        let peg = game.owner(i).map_or(".".to_string(), |s| s.0.to_string());
        format!("{}{peg}", mark(i))
    });
    assert!(drawing.contains("\nlast move: +from ~path *to\n"), "{drawing}");
    // Without the move nothing is marked and no legend is written.
    let plain = game.draw();
    crate::core::drawing::assert_hex_labels(&STAR.board, &plain, |i| {
        game.owner(i).map_or(".".to_string(), |s| s.0.to_string())
    });
    assert!(!plain.contains("last move"), "{plain}");
}

#[test]
fn a_hop_chain_is_read_from_the_position_after_the_move() {
    let mut game = start(2);
    let mv = game.parse_move("k15-k13").unwrap();
    game.play(mv);
    assert!(game.hop_chain(mv).is_empty(), "one hop passes no landing hole");
    let step = game.parse_move("e4-e5").unwrap();
    let mut after = game;
    after.play(step);
    assert!(after.hop_chain(step).is_empty(), "a step has no chain");
}

/// The end reason of a position text.
fn reason(text: &str) -> Option<String> {
    ChineseCheckers::from_text(text).unwrap().end_reason()
}

#[test]
fn end_reasons_say_which_rule_ended_the_game() {
    let board = "board=./../.../..../............./............/.........../111111111./1......../........../\
                 .........../............/............./0000/000/00/0";
    let home = format!("chinese-checkers players=2 camps=03 turn=1 ply=61 passes=0 {board}");
    assert_eq!(reason(&home).as_deref(), Some("seat 0 filled its target camp"));
    assert_eq!(reason(&format!("{home} cc.anti_block=none")).as_deref(), Some("seat 0 filled its target camp"));
    // Seat 1's peg on e1 blocks; the fill rule lets seat 0 win with nine.
    let blocked = "chinese-checkers players=2 camps=03 turn=1 ply=41 passes=0 board=./../.../..../............./\
                   ............/.........../111111111./0......../........../.........../............/\
                   ............./0000/000/00/1";
    assert_eq!(
        reason(blocked).as_deref(),
        Some("seat 0's target camp is full and holds 9 of its pegs, enough under the fill rule")
    );
    assert_eq!(reason(&format!("{blocked} cc.anti_block=none")), None, "nine pegs do not win without the fill rule");
    let stuck = "chinese-checkers players=2 camps=03 turn=0 ply=32 passes=2 board=0/11/111/1111/............./\
                 ............/.........../........../........./........../.........../............/\
                 ............./0000/000/00/1 cc.anti_block=none";
    assert_eq!(reason(stuck).as_deref(), Some(crate::core::ending::ALL_PASSED));
    let capped = "chinese-checkers players=2 camps=03 turn=1 ply=3 passes=0 board=0/00/000/..00/.....00....../\
                  ............/.........../........../........./........../.........../............/\
                  .......1...../111./111/11/1 max_plies=3";
    assert_eq!(reason(capped).as_deref(), Some("the ply limit max_plies=3 was reached"));
    // The win is tested before the cap, as the rules judge.
    assert_eq!(reason(&format!("{home} max_plies=61")).as_deref(), Some("seat 0 filled its target camp"));
    assert_eq!(start(2).end_reason(), None);
}

#[test]
fn a_position_is_its_pegs_occupancy_turn_and_setup() {
    // 96 bytes of pegs, 16 of occupancy, 16 of turn and 8 for the shared setup, padded to
    // the 16-byte alignment of the bitboards: made perft and playouts copy all of it.
    assert_eq!(std::mem::size_of::<ChineseCheckers>(), 144);
    assert_eq!(std::mem::size_of::<Turn>(), 16);
}
