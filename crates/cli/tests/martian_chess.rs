//! `tabula perft` and `tabula show` for Martian Chess and Coaster Chess: the spec's counts,
//! options, the position line, and bad input (exit status 2, one stderr line naming the
//! bad token).

use crate::{counts, fails, ok};

#[test]
fn perft_gives_the_spec_counts() {
    assert_eq!(counts(&ok(&["perft", "martian-chess", "--opt", "mc.clock=off", "--depth", "3"])), [10, 104, 1328]);
    assert_eq!(counts(&ok(&["perft", "coaster-chess", "--depth", "3"])), [24, 462, 10268]);
    let vertical =
        ok(&["perft", "coaster-chess", "--opt", "mc.clock=off", "--opt", "mc.canal=vertical", "--depth", "3"]);
    assert_eq!(counts(&vertical), [12, 144, 2479]);
    assert_eq!(
        counts(&ok(&["perft", "coaster-chess", "--players", "4", "--opt", "mc.clock=off", "--depth", "4"])),
        [5, 25, 125, 625]
    );
    assert_eq!(
        counts(&ok(&["perft", "martian-chess", "--players", "4", "--opt", "mc.clock=off", "--depth", "2"])),
        [11, 122]
    );
}

#[test]
fn divide_and_moves_use_the_spec_notation() {
    let out = ok(&["perft", "martian-chess", "--moves", "d3-d5", "--depth", "1", "--divide"]);
    assert!(!out.contains("d5-d3"), "no rejection: {out}");
    assert!(out.contains("d5-d4 1") && out.contains("d5-d4! 1"), "{out}");
    let out = ok(&["perft", "coaster-chess", "--moves", "e1-e2!", "--depth", "1", "--divide"]);
    assert!(!out.contains('!'), "the clock runs: no second call: {out}");
}

#[test]
fn show_prints_the_board_and_a_position_line_that_round_trips() {
    let out = ok(&["show", "martian-chess", "--moves", "d3-d5"]);
    assert!(out.contains(" 1  . D Q Q"), "{out}");
    let position = out.lines().find_map(|l| l.strip_prefix("position: ")).expect("a position line");
    assert!(position.contains("last=d3-d5"), "{position}");
    let again = ok(&["show", "martian-chess", "--position", position]);
    assert_eq!(again.lines().find_map(|l| l.strip_prefix("position: ")), Some(position));
    let out = ok(&["show", "coaster-chess", "--players", "4"]);
    assert!(out.contains("players=4"), "{out}");
}

#[test]
fn bad_moves_positions_and_options_exit_2_naming_the_token() {
    fails(&["perft", "martian-chess", "--moves", "d3-d5,d5-d3", "--depth", "1"], &["'d5-d3'", "illegal"]);
    fails(&["perft", "martian-chess", "--moves", "b2-z9", "--depth", "1"], &["b2-z9"]);
    fails(&["perft", "martian-chess", "--moves", "b2-a3!!", "--depth", "1"], &["b2-a3!!"]);
    fails(&["perft", "martian-chess", "--opt", "mc.clock=off", "--moves", "b2-a3!", "--depth", "1"], &["'b2-a3!'"]);
    fails(&["perft", "coaster-chess", "--moves", "f1-f2", "--depth", "1"], &["'f1-f2'"]);
    fails(
        &[
            "show",
            "martian-chess",
            "--position",
            "martian-chess players=2 turn=0 ply=0 passes=0 points=0,0 \
        clock=- last=- board=QQD./QDP./DPP./..../..../.PPX/.PDQ/.DQQ",
        ],
        &[".PPX"],
    );
    fails(
        &[
            "show",
            "martian-chess",
            "--position",
            "martian-chess players=2 turn=0 ply=0 passes=0 points=0,0,0 \
        clock=- last=- board=QQD./QDP./DPP./..../..../.PPD/.PDQ/.DQQ",
        ],
        &["points=0,0,0"],
    );
    fails(&["perft", "martian-chess", "--opt", "mc.canal=vertical", "--depth", "1"], &["mc.canal"]);
    fails(&["perft", "coaster-chess", "--opt", "mc.move_model=teleport", "--depth", "1"], &["teleport"]);
    fails(&["perft", "coaster-chess", "--players", "3", "--depth", "1"], &["3"]);
    fails(&["perft", "martian-chess", "--opt", "mc.teams=true", "--depth", "1"], &["mc.teams"]);
}
