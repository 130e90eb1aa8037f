//! `tabula show --svg FILE`: a picture of the position, beside the usual text.

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
