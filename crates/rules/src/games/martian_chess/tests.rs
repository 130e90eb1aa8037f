use super::*;
use crate::core::game::GameOptions;
use crate::core::perft::perft;

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
