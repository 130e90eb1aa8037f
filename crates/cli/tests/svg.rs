//! `tabula show --svg FILE`: a picture of the position, beside the usual text.

use tabula_rules::core::drawing::read_hex_board;
use tabula_rules::games::NAMES;

use crate::{fails, ok, scratch};

/// Parses a written picture and returns its text.
fn picture(path: &std::path::Path) -> String {
    let svg = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{}: not XML: {e}", path.display()));
    svg
}

#[test]
fn show_writes_a_picture_of_every_game() {
    let dir = scratch("svg");
    for game in NAMES {
        let path = dir.join(format!("{game}.svg"));
        let out = ok(&["show", game, "--svg", path.to_str().unwrap()]);
        assert!(out.contains("position: "), "{game}: the text is printed as usual");
        let svg = picture(&path);
        assert!(svg.contains("class=\"piece "), "{game}: pieces drawn");
        assert!(!svg.contains("class=\"last "), "{game}: no last move at the start");
    }
}

#[test]
fn show_marks_the_last_move_of_moves() {
    let dir = scratch("svg-moves");
    let path = dir.join("cc.svg");
    ok(&["show", "chinese-checkers", "--moves", "k15-i13,g3-i5", "--svg", path.to_str().unwrap()]);
    let svg = picture(&path);
    assert!(svg.contains("class=\"last from\" data-cell=\"g3\""), "{svg}");
    assert!(svg.contains("class=\"last to\" data-cell=\"i5\""), "{svg}");
}

#[test]
fn a_file_that_cannot_be_written_is_bad_input() {
    let dir = scratch("svg-bad");
    let path = dir.join("no-such-dir").join("x.svg");
    let path = path.to_str().unwrap();
    fails(&["show", "e", "--svg", path], &["--svg", path]);
}

#[test]
fn show_record_marks_the_last_move_in_the_text_and_the_picture() {
    let dir = scratch("svg-record");
    let record = dir.join("e.rec");
    let game = "[Game \"e\"]\n[Options \"players=2\"]\n[Seats \"a; b\"]\n[Result \"1/2-1/2\"]\n\
        [Termination \"max plies\"]\n[PlyCount \"2\"]\n\n1. m8/1-j5 {book} b6/1-b8 {book}\n1/2-1/2\n";
    let game = tabula_arena::seal(game);
    std::fs::write(&record, format!("{game}{game}")).unwrap();
    let path = dir.join("e.svg");
    let (record, path) = (record.to_str().unwrap(), path.to_str().unwrap());
    // Game 2 of the file, stopped after its first ply: the large's walk m8 to j5.
    let out = ok(&["show", "--record", record, "--game", "2", "--ply", "1", "--svg", path]);
    let marked: Vec<(String, String)> =
        read_hex_board(&out).into_iter().filter(|(_, text)| text.starts_with(['+', '~', '*'])).collect();
    let find = |mark: char| -> Vec<&str> {
        marked.iter().filter(|(_, text)| text.starts_with(mark)).map(|(name, _)| name.as_str()).collect()
    };
    assert_eq!((find('+'), find('*')), (vec!["m8"], vec!["j5"]), "{out}");
    let between = find('~');
    assert!(!between.is_empty(), "a large's walk of three passes a cell: {out}");
    assert!(out.contains("\nlast move: +from ~path *to\n"), "{out}");
    let svg = picture(std::path::Path::new(path));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let with = |class: &str| -> Vec<roxmltree::Node> {
        doc.descendants().filter(|n| n.attribute("class") == Some(class)).collect()
    };
    let cell = |class: &str| -> Vec<&str> { with(class).iter().filter_map(|n| n.attribute("data-cell")).collect() };
    assert_eq!((cell("last from"), cell("last to")), (vec!["m8"], vec!["j5"]), "{svg}");
    let path_points = with("last path")[0].attribute("points").unwrap().split(' ').count();
    assert_eq!(path_points, between.len() + 2, "the picture's path passes the cells the text marks: {svg}");
}
