//! The pictures of every game: well-formed XML, the same bytes twice, one piece element
//! per piece, labels for every file and rank, the last move and arrows at the right cells,
//! Icelights beams and E traps.

use tabula_board::{Marks, Picture};
use tabula_rules::games::chinese_checkers::ChineseCheckers;
use tabula_rules::games::e::E;
use tabula_rules::games::echelon::Echelon;
use tabula_rules::games::icelights::Icelights;
use tabula_rules::games::martian_chess::{CoasterChess, MartianChess};
use tabula_rules::{Game, GameOptions, MoveList, Seat};

/// Renders twice (checking the bytes are equal) and parses the picture.
fn render<G: Picture>(game: &G, marks: &Marks<G::Move>) -> String {
    let svg = game.svg(marks);
    assert_eq!(svg, game.svg(marks), "{}: the same position gives the same bytes", G::NAME);
    roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{}: not XML: {e}\n{svg}", G::NAME));
    if let Ok(dir) = std::env::var("TABULA_PICTURES") {
        let name = format!("{}-{}p-ply{}.svg", G::NAME, game.seats(), game.ply());
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(std::path::Path::new(&dir).join(name), &svg).unwrap();
    }
    svg
}

/// The elements whose class list holds every one of `classes`.
fn with_class<'a>(doc: &'a roxmltree::Document, classes: &[&str]) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| classes.iter().all(|k| c.split(' ').any(|w| w == *k))))
        .collect()
}

/// The texts of the labels of one kind.
fn labels(doc: &roxmltree::Document, kind: &str) -> Vec<String> {
    with_class(doc, &["label", kind]).iter().map(|n| n.text().unwrap_or("").to_string()).collect()
}

/// Plays the first legal move `n` times (the last move is returned).
fn play_some<G: Game>(game: &mut G, n: usize, pick: usize) -> Option<G::Move> {
    let mut last = None;
    let mut moves = MoveList::new();
    for k in 0..n {
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves.as_slice()[(k * 7 + pick) % moves.len()];
        game.play(mv);
        last = Some(mv);
    }
    last
}

/// Every check shared by the games on `game` with the last move `last` (from, to cells).
fn check<G: Picture>(game: &G, last: Option<(G::Move, &str, &str)>, pieces: usize, files: &[String], ranks: &[String]) {
    let marks = Marks { last: last.map(|l| l.0), arrows: last.iter().map(|l| l.0).collect() };
    let svg = render(game, &marks);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(with_class(&doc, &["piece"]).len(), pieces, "{}: a piece element per piece", G::NAME);
    let mut f = labels(&doc, "file");
    f.sort();
    f.dedup();
    let mut r = labels(&doc, "rank");
    r.sort();
    r.dedup();
    let (mut files, mut ranks) = (files.to_vec(), ranks.to_vec());
    files.sort();
    ranks.sort();
    assert_eq!(f, files, "{}: file labels", G::NAME);
    assert_eq!(r, ranks, "{}: rank labels", G::NAME);
    if let Some((_, from, to)) = last {
        let at = |class: &str| -> Vec<String> {
            with_class(&doc, &["last", class])
                .iter()
                .filter_map(|n| n.attribute("data-cell"))
                .map(String::from)
                .collect()
        };
        assert_eq!(at("from"), [from], "{}: last from", G::NAME);
        assert_eq!(at("to"), [to], "{}: last to", G::NAME);
        assert_eq!(with_class(&doc, &["last", "path"]).len(), 1);
        let arrows = with_class(&doc, &["arrow"]);
        assert_eq!(arrows.len(), 1);
        assert_eq!(arrows[0].attribute("data-from"), Some(from));
        assert_eq!(arrows[0].attribute("data-to"), Some(to));
    } else {
        assert!(with_class(&doc, &["last"]).is_empty());
    }
}

fn letters(n: u8) -> Vec<String> {
    (0..n).map(|i| ((b'a' + i) as char).to_string()).collect()
}

fn numbers(n: u8) -> Vec<String> {
    (1..=n).map(|i| i.to_string()).collect()
}

/// From and to of a move, by its canonical text.
fn ends<G: Game>(game_before: &G, mv: G::Move) -> (String, String) {
    let text = game_before.format_move(mv);
    let text = text.trim_start_matches('X');
    let cell = |s: &str| s.split('/').next().unwrap().to_string();
    let (a, b) = text.split_once('-').unwrap_or_else(|| panic!("{text}: not a movement"));
    (cell(a), cell(b.split([',', '!', '=']).next().unwrap()))
}

/// Start positions of every player count, then a mid-game position with its last move.
fn every_count<G: Picture>(pieces: impl Fn(&G) -> usize, files: &[String], ranks: &[String], plies: usize) {
    let counts = G::Options::PLAYERS.map_or(&[2u8][..], |p| p.counts);
    for &n in counts {
        let mut options = G::Options::default();
        options.set_players(n as usize).unwrap();
        let game = G::new(&options).unwrap();
        check(&game, None, pieces(&game), files, ranks);
        let mut mid = game.clone();
        play_some(&mut mid, plies, 3);
        let mut moves = MoveList::new();
        mid.legal_moves(&mut moves);
        let Some(&mv) = moves.iter().find(|&&m| mid.format_move(m).contains('-')) else { continue };
        let (from, to) = ends(&mid, mv);
        mid.play(mv);
        check(&mid, Some((mv, &from, &to)), pieces(&mid), files, ranks);
    }
}

#[test]
fn chinese_checkers() {
    every_count::<ChineseCheckers>(|g| g.seats() * 10, &letters(17), &numbers(17), 12);
}

#[test]
fn chinese_checkers_marks_the_hop_chain() {
    use tabula_rules::games::chinese_checkers::STAR;
    let mut g = ChineseCheckers::new(&Default::default()).unwrap();
    let mut moves = MoveList::new();
    for k in 0..200 {
        g.legal_moves(&mut moves);
        let far = |m: &&tabula_rules::games::chinese_checkers::CcMove| {
            !m.is_pass() && STAR.board.cell(m.from as usize).distance(STAR.board.cell(m.to as usize)) >= 3
        };
        if let Some(&mv) = moves.iter().find(far) {
            g.play(mv);
            let svg = render(&g, &Marks::last(mv));
            let doc = roxmltree::Document::parse(&svg).unwrap();
            let path = with_class(&doc, &["last", "path"]);
            let pts = path[0].attribute("points").unwrap().split(' ').count();
            assert!(pts >= 3, "a chain of two hops or more has a hole between from and to: {pts}");
            assert_eq!(tabula_board::chinese_checkers::hop_chain(&g, mv).len() + 2, pts);
            return;
        }
        g.play(moves.as_slice()[k * 5 % moves.len()]);
    }
    panic!("no chain of two hops in 200 plies");
}

#[test]
fn e() {
    every_count::<E>(|g| (0..g.seats()).map(|s| g.pieces(Seat(s as u8)).count()).sum(), &letters(13), &numbers(13), 10);
}

#[test]
fn e_marks_trapped_pieces() {
    // Play until some piece is foreign-trapped.
    let mut g = E::new(&Default::default()).unwrap();
    let mut moves = MoveList::new();
    for ply in 0..400 {
        let trapped: usize = (0..g.seats()).map(|s| g.pieces(Seat(s as u8)).filter(|p| p.3).count()).sum();
        if trapped > 0 {
            let svg = render(&g, &Marks::none());
            let doc = roxmltree::Document::parse(&svg).unwrap();
            assert_eq!(with_class(&doc, &["piece", "trapped"]).len(), trapped);
            return;
        }
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        // Prefer movements onto occupied cells, to make stacks.
        let pick = moves
            .iter()
            .copied()
            .find(|m| m.has_movement() && g.height(m.to as usize) > 0)
            .unwrap_or(moves.as_slice()[ply % moves.len()]);
        g.play(pick);
    }
    panic!("no trap in 400 plies");
}

#[test]
fn echelon() {
    let files = letters(9);
    let ranks = numbers(9);
    every_count::<Echelon>(|g| (0..g.board().hex.len()).map(|i| g.height(i) as usize).sum(), &files, &ranks, 6);
}

/// The width of the `viewBox` of a picture, and how far its cells reach across.
fn widths(doc: &roxmltree::Document) -> (f64, f64) {
    let view: Vec<f64> =
        doc.root_element().attribute("viewBox").unwrap().split(' ').map(|v| v.parse().unwrap()).collect();
    let xs: Vec<f64> = with_class(doc, &["cell"])
        .iter()
        .flat_map(|n| n.attribute("points").unwrap().split(' ').map(|p| p.split(',').next().unwrap().parse().unwrap()))
        .collect();
    let reach = xs.iter().copied().fold(f64::MIN, f64::max) - xs.iter().copied().fold(f64::MAX, f64::min);
    (view[2], reach)
}

#[test]
fn a_long_caption_wraps_under_the_board_rather_than_widen_the_picture() {
    let game = Echelon::new(&Default::default()).unwrap();
    let svg = render(&game, &Marks::none());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let lines: Vec<&str> = with_class(&doc, &["caption"]).iter().map(|n| n.text().unwrap()).collect();
    assert_eq!(lines, ["echelon · ply 0 · seat 0 to move", "counters red 6 blue 6"]);
    let (width, board) = widths(&doc);
    // Labels take a unit or so each side; a caption on one line would take 18 units.
    assert!(width < board * 1.4, "the picture is {width} wide for a board {board} wide");
    // A caption that fits stays on one line.
    let svg = render(&E::new(&Default::default()).unwrap(), &Marks::none());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let lines: Vec<&str> = with_class(&doc, &["caption"]).iter().map(|n| n.text().unwrap()).collect();
    assert_eq!(lines, ["e · ply 0 · seat 0 to move"]);
}

#[test]
fn icelights() {
    every_count::<Icelights>(|g| g.occupied().count_ones() as usize, &letters(8), &numbers(8), 6);
}

#[test]
fn icelights_draws_beams() {
    let g = Icelights::new(&Default::default()).unwrap();
    let svg = render(&g, &Marks::none());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let legs: usize = g.beams().beams().iter().map(|b| b.legs().len()).sum();
    assert!(legs > 0, "the start position has beams");
    assert_eq!(with_class(&doc, &["beam"]).len(), legs);
}

#[test]
fn martian_chess() {
    for n in [2usize, 4] {
        let mut o = <MartianChess as Game>::Options::default();
        o.set_players(n).unwrap();
        let g = MartianChess::new(&o).unwrap();
        let (w, h) = (g.topology().width, g.topology().height);
        check(&g, None, g.occupied().count_ones() as usize, &letters(w), &numbers(h));
        let mut mid = g;
        play_some(&mut mid, 6, 1);
        let mut moves = MoveList::new();
        mid.legal_moves(&mut moves);
        if let Some(&mv) = moves.iter().find(|m| !m.is_pass()) {
            let (from, to) = ends(&mid, mv);
            mid.play(mv);
            check(&mid, Some((mv, &from, &to)), mid.occupied().count_ones() as usize, &letters(w), &numbers(h));
        }
    }
}

#[test]
fn coaster_chess() {
    for (n, canal) in [(2usize, "horizontal"), (2, "vertical"), (4, "")] {
        let mut o = <CoasterChess as Game>::Options::default();
        o.set_players(n).unwrap();
        if !canal.is_empty() {
            o.set("mc.canal", canal).unwrap();
        }
        let g = CoasterChess::new(&o).unwrap();
        let svg = render(&g, &Marks::none());
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let arrows: u32 = (0..64).map(|i| g.topology().arrows[i].count_ones()).sum();
        assert_eq!(with_class(&doc, &["coaster-arrow"]).len(), arrows as usize);
        assert!(!with_class(&doc, &["canal"]).is_empty());
        check(&g, None, g.occupied().count_ones() as usize, &letters(6), &numbers(6));
        let mut mid = g;
        play_some(&mut mid, 5, 2);
        let mut moves = MoveList::new();
        mid.legal_moves(&mut moves);
        if let Some(&mv) = moves.iter().find(|m| !m.is_pass()) {
            let (from, to) = ends(&mid, mv);
            mid.play(mv);
            check(&mid, Some((mv, &from, &to)), mid.occupied().count_ones() as usize, &letters(6), &numbers(6));
        }
    }
}

#[test]
fn icelights_rings_the_hit_tower_and_nothing_else() {
    // Seat 0's Beamer on a2 faces E; the Icelight on d2 turns the beam N up the d file to
    // the Tower on d8.
    let g = Icelights::from_text("icelights turn=1 ply=3 passes=0 board=3t4/8/8/8/8/8/BE2IN4/T7").unwrap();
    let svg = render(&g, &Marks::none());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let hits: Vec<&str> = with_class(&doc, &["hit"]).iter().map(|n| n.attribute("data-cell").unwrap()).collect();
    assert_eq!(hits, ["d8"]);
    let tower = with_class(&doc, &["piece", "tower"]).into_iter().find(|n| n.attribute("data-cell") == Some("d8"));
    assert!(tower.is_some(), "the hit Tower stands on d8");
    // The start has beams but no hit.
    let start = Icelights::new(&Default::default()).unwrap();
    let doc_svg = render(&start, &Marks::none());
    let doc = roxmltree::Document::parse(&doc_svg).unwrap();
    assert!(with_class(&doc, &["hit"]).is_empty());
}

/// The start of `G` after the move `text`: the position, the move and the picture that
/// marks it.
fn after_move<G: Picture>(text: &str) -> (G, G::Move, String) {
    let mut g = G::new(&Default::default()).unwrap();
    let mv = g.parse_move(text).unwrap();
    g.play(mv);
    let svg = render(&g, &Marks::last(mv));
    (g, mv, svg)
}

/// The points of the one `last path` line, as written.
fn path_points(doc: &roxmltree::Document) -> Vec<(String, String)> {
    let path = with_class(doc, &["last", "path"]);
    assert_eq!(path.len(), 1, "one path line");
    let points = path[0].attribute("points").unwrap().split(' ');
    points.map(|p| p.split_once(',').map(|(x, y)| (x.to_string(), y.to_string())).unwrap()).collect()
}

/// The centre of the board cell named `name` (a rect), from its corner and size.
fn rect_centre(doc: &roxmltree::Document, name: &str) -> (String, String) {
    let cell = with_class(doc, &["cell"]).into_iter().find(|n| n.attribute("data-cell") == Some(name)).unwrap();
    let num = |k: &str| cell.attribute(k).unwrap().parse::<f64>().unwrap();
    (format!("{:.2}", num("x") + num("width") / 2.0), format!("{:.2}", num("y") + num("height") / 2.0))
}

#[test]
fn coaster_marks_the_ride_of_the_last_move() {
    let (_, _, svg) = after_move::<CoasterChess>("a1-a4");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let points = path_points(&doc);
    // The queen rides a1, a2, a3, a4 along the N arrows.
    let expected: Vec<(String, String)> = ["a1", "a2", "a3", "a4"].iter().map(|n| rect_centre(&doc, n)).collect();
    assert_eq!(points, expected);
    let cells = |class: &str| -> Vec<String> {
        with_class(&doc, &["last", class]).iter().map(|n| n.attribute("data-cell").unwrap().to_string()).collect()
    };
    assert_eq!((cells("from"), cells("to")), (vec!["a1".to_string()], vec!["a4".to_string()]));
}

#[test]
fn e_marks_the_path_of_the_last_movement() {
    let (g, mv, svg) = after_move::<E>("m8/1-j5");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let points = path_points(&doc).len();
    let between = g.movement_path(mv);
    assert!(!between.is_empty(), "a large's movement of three passes a cell");
    assert_eq!(points, between.len() + 2, "from, the cells landed on, to");
}
