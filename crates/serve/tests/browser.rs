//! End to end in headless Chromium: a person plays Chinese Checkers and Martian Chess
//! against the engine by clicking, takes a move back, plays to a result, steps through a
//! loaded record, and makes E's and Icelights' choices (a piece in a stack, a movement
//! joined with an exchange, a facing); then plays every game against an engine, whose
//! replies must come within their thinking time. The tests read what the page shows and
//! check it against the rules library.

mod webdriver;

use std::time::Duration;

use serde_json::Value;
use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};
use tabula_rules::games::e::E;
use tabula_rules::games::echelon::Echelon;
use tabula_rules::games::icelights::{Icelights, IlOptions};
use tabula_rules::games::martian_chess::{CoasterChess, MartianChess};
use tabula_rules::{Game, GameOptions, MoveList};
use webdriver::Browser;

/// The tests take turns: two browsers at once on a small machine would slow the engine
/// test's replies past their margin.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The first legal move of the page's view that is made on the board.
fn clickable(view: &Value) -> Value {
    view["legal"].as_array().unwrap().iter().find(|m| !m["from"].is_null()).expect("a move to click").clone()
}

/// Waits until the page's move list has `n` entries.
async fn wait_for_moves(browser: &Browser, n: usize) {
    browser.wait_for(&format!("{n} moves in the list"), |b| async move { b.moves().await.len() == n }).await;
}

/// The position after `moves` from `start`, played by the rules library.
fn replayed<G: Game>(start: &G, moves: &[String]) -> G {
    let mut game = start.clone();
    for text in moves {
        let mv = game.parse_move(text).unwrap_or_else(|e| panic!("{e} after {moves:?}"));
        game.play(mv);
    }
    game
}

/// Checks that the page shows no error and that its position text is the rules library's
/// replay of its move list from `start`; returns the move list.
async fn check_page<G: Game>(browser: &Browser, start: &G) -> Vec<String> {
    let (moves, position) = browser.moves_and_position().await;
    assert_eq!(position, replayed(start, &moves).to_text(), "{} after {moves:?}", G::NAME);
    assert_eq!(browser.error().await, None, "{} after {moves:?}", G::NAME);
    moves
}

/// The cells outlined as destinations of the selected piece, sorted.
async fn destinations(browser: &Browser) -> Vec<String> {
    let mut cells = browser.attrs("#board .cell.dest", "data-cell").await;
    cells.sort();
    cells
}

/// The legal moves of `view` whose clicks start on `from` (a spot as the view writes it).
fn moves_from<'a>(view: &'a Value, from: &Value) -> Vec<&'a Value> {
    view["legal"].as_array().unwrap().iter().filter(|m| &m["from"] == from).collect()
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromedriver; .ci/run installs them and runs it"]
async fn a_person_plays_and_replays_in_the_browser() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let browser = Browser::open().await;

    // Chinese Checkers against alpha-beta at 0.1 s a move: a peg clicked, then its hole.
    browser.new_game("chinese-checkers", &["person", "alphabeta:threads=1"], "0.1", &[]).await;
    assert!(browser.text("#status").await.contains("seat 0 (person) to move"));
    browser.click_cell("k15", None).await;
    let dests = browser.attrs("#board .cell.dest", "data-cell").await;
    assert!(dests.contains(&"i13".to_string()), "destinations of k15: {dests:?}");
    browser.click_cell("i13", None).await;
    wait_for_moves(&browser, 2).await;
    let moves = browser.moves().await;
    assert_eq!(moves[0], "k15-i13");
    let mut game = ChineseCheckers::new(&CcOptions::default()).unwrap();
    for text in &moves {
        let mv = game.parse_move(text).expect("the page lists legal moves");
        game.play(mv);
    }
    assert_eq!(browser.value("#position").await, game.to_text());
    let engine = browser.text("#engine").await;
    assert!(engine.contains("depth") && engine.contains("pv"), "{engine}");

    // Illegal clicks do nothing: an empty hole, then a peg and a hole it cannot reach.
    browser.click_cell("e5", None).await;
    assert!(browser.attrs("#board .dest", "data-cell").await.is_empty());
    browser.click_cell("l15", None).await;
    assert!(!browser.attrs("#board .dest", "data-cell").await.is_empty());
    browser.click_cell("e9", None).await;
    assert_eq!(browser.moves().await.len(), 2);
    assert!(browser.attrs("#board .dest", "data-cell").await.is_empty());

    // Undo goes back to the person's turn; flip turns the board.
    browser.click("#undo").await;
    wait_for_moves(&browser, 0).await;
    assert_eq!(browser.value("#position").await, ChineseCheckers::new(&CcOptions::default()).unwrap().to_text());
    browser.click("#flip").await;
    assert_eq!(browser.attrs("#board", "class").await, ["board flipped"]);
    browser.click("#flip").await;

    // Martian Chess to the ply limit: the person's move, the engine's, then the result.
    browser.new_game("martian-chess", &["person", "alphabeta:threads=1"], "0.1", &[("max_plies", "2")]).await;
    let view = browser.view().await;
    let mv = clickable(&view);
    browser.click_move(&mv).await;
    wait_for_moves(&browser, 2).await;
    assert_eq!(browser.moves().await[0], mv["text"].as_str().unwrap());
    browser.wait_for("the result", |b| async move { b.shown("#result").await }).await;
    let result = browser.text("#result").await;
    assert!(result.starts_with("Game over:") && result.contains("max_plies=2"), "{result}");

    // A record, loaded from a file, stepped through.
    let (path, moves) = write_record();
    browser.find("#record-file").await.send_keys(path.to_str().unwrap()).await.unwrap();
    browser.wait_for("the record", |b| async move { b.text("#ply").await == "ply 0 of 6" }).await;
    assert_eq!(browser.moves().await, moves);
    browser.click("#next").await;
    browser.wait_for("ply 1", |b| async move { b.text("#ply").await == "ply 1 of 6" }).await;
    browser.click("#next").await;
    browser.wait_for("ply 2", |b| async move { b.text("#ply").await == "ply 2 of 6" }).await;
    assert_eq!(browser.text("#moves li.current .move").await, moves[1]);
    browser.click("#prev").await;
    browser.wait_for("ply 1 again", |b| async move { b.text("#ply").await == "ply 1 of 6" }).await;
    browser.click("#last").await;
    browser.wait_for("the record's end", |b| async move { b.text("#ply").await == "ply 6 of 6" }).await;
    let result = browser.text("#result").await;
    assert!(result.contains("draw") && result.contains("the record says: max plies"), "{result}");
    browser.click("#first").await;
    browser.wait_for("the record's start", |b| async move { b.text("#ply").await == "ply 0 of 6" }).await;
    assert!(!browser.shown("#result").await);
    let _ = std::fs::remove_file(path);

    e_stacks_and_exchanges(&browser).await;
    icelights_facings(&browser).await;
    browser.close().await;
}

/// An E position (docs/games/e.md's ply-15 example, with blue's small from d6 put on red's
/// medium on j6), blue to move: blue's medium on g3 reaches g5, where it traps red's small
/// while red's large on h5 traps blue's small, so the movement may be joined with the
/// exchange of the two guards.
const E_POSITION: &str = "e players=2 sectors=03 turn=1 ply=15 passes=0 board=......./......../.......0m0l/\
                          .......0s0m0l/........0m0m0l/........0s0s.0l/...1l...0s...../..1s......[0m1s]../\
                          1l1m1m1s..0s[1s0l].../1l1m1s......./1l1m....1m../1l......./.......";

/// E by clicking, from [`E_POSITION`] loaded as a record of no moves (both seats persons):
/// a piece picked by its height in a stack, and a movement joined with an exchange through
/// the chooser.
async fn e_stacks_and_exchanges(browser: &Browser) {
    let start = E::from_text(E_POSITION).unwrap();
    browser
        .replay(&tabula_arena::seal(&format!("[Game \"e\"]\n[Position \"{E_POSITION}\"]\n[Result \"*\"]\n\n*\n")))
        .await;
    assert!(browser.text("#status").await.contains("seat 1 (person) to move"));
    check_page(browser, &start).await;

    // On j6 blue's small (height 2) rides on red's medium (height 1): only the small is blue's.
    browser.click_cell("j6", Some(1)).await;
    assert!(destinations(browser).await.is_empty());
    browser.click_cell("j6", Some(2)).await;
    assert_eq!(destinations(browser).await, ["i5", "i6", "j5", "j7", "k6", "k7"]);

    // g3 to g5 alone or with the exchange: the chooser offers exactly the two.
    let view = browser.view().await;
    let g3 = serde_json::json!({ "cell": "g3", "level": 1 });
    let shared: Vec<&str> = moves_from(&view, &g3)
        .into_iter()
        .filter(|m| m["to"]["cell"] == "g5")
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(shared, ["g3/1-g5", "g3/1-g5,Xg5/2=h5/2"]);
    browser.click_cell("g3", Some(1)).await;
    assert!(destinations(browser).await.contains(&"g5".to_string()));
    browser.click_cell("g5", None).await;
    assert_eq!(browser.chooser().await, shared);
    browser.click("#chooser button[data-move=\"g3/1-g5,Xg5/2=h5/2\"]").await;
    wait_for_moves(browser, 1).await;
    assert_eq!(check_page(browser, &start).await, ["g3/1-g5,Xg5/2=h5/2"]);
    assert!(!browser.shown("#chooser").await);

    // Red moves the j6 stack by its medium at the bottom, carrying blue's small.
    browser.click_cell("j6", Some(2)).await;
    assert!(destinations(browser).await.is_empty(), "blue's small is not red's to move");
    browser.click_cell("j6", Some(1)).await;
    let view = browser.view().await;
    let j6 = moves_from(&view, &serde_json::json!({ "cell": "j6", "level": 1 }));
    let mut reach: Vec<String> = j6.iter().map(|m| m["to"]["cell"].as_str().unwrap().to_string()).collect();
    reach.sort();
    reach.dedup();
    assert!(!reach.is_empty());
    assert_eq!(destinations(browser).await, reach);
    let mv = j6[j6.len() / 2].clone();
    browser.click_move(&mv).await;
    wait_for_moves(browser, 2).await;
    let moves = check_page(browser, &start).await;
    assert_eq!(moves[1], mv["text"].as_str().unwrap());
    let after = replayed(&start, &moves);
    let to = tabula_rules::games::e::TABLES.hex.parse(mv["to"]["cell"].as_str().unwrap()).unwrap();
    let stack = after.stack(to);
    assert_eq!(stack.len(), 2 + start.stack(to).len(), "the medium carried the small to {}", mv["to"]);
}

/// Icelights by clicking, person against person: a move with the moved piece's new facing
/// picked in the chooser, then a facing alone (the piece clicked twice), which
/// `il.move_optional` allows while moves exist.
async fn icelights_facings(browser: &Browser) {
    browser.new_game("icelights", &["person", "person"], "5", &[("il.move_optional", "true")]).await;
    let mut options = IlOptions::default();
    options.set("il.move_optional", "true").unwrap();
    let start = Icelights::new(&options).unwrap();
    let view = browser.view().await;
    let legal = view["legal"].as_array().unwrap();
    // The first move that also turns the piece it moved: `from-to,to=F`.
    let turned = |m: &&Value| {
        let text = m["text"].as_str().unwrap();
        text.split_once(',')
            .is_some_and(|(step, turn)| turn.starts_with(&format!("{}=", &step[step.find('-').unwrap() + 1..])))
    };
    let mv = legal.iter().find(turned).expect("a move with a facing").clone();
    let shared: Vec<&str> = legal
        .iter()
        .filter(|m| m["from"] == mv["from"] && m["to"] == mv["to"])
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert!(shared.len() > 1, "{shared:?}");
    browser.click_cell(mv["from"]["cell"].as_str().unwrap(), None).await;
    browser.click_cell(mv["to"]["cell"].as_str().unwrap(), None).await;
    assert_eq!(browser.chooser().await, shared);
    browser.click(&format!("#chooser button[data-move=\"{}\"]", mv["text"].as_str().unwrap())).await;
    wait_for_moves(browser, 1).await;
    assert_eq!(check_page(browser, &start).await, [mv["text"].as_str().unwrap()]);

    // Seat 1 turns a piece without moving: its two clicks are the same square.
    let view = browser.view().await;
    let mv = view["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| !m["from"].is_null() && m["from"] == m["to"])
        .expect("a facing alone")
        .clone();
    let square = mv["from"]["cell"].as_str().unwrap();
    browser.click_cell(square, None).await;
    browser.click_cell(square, None).await;
    let offered = browser.chooser().await;
    assert_eq!(offered.len(), 3, "the three other facings of {square}: {offered:?}");
    assert!(offered.iter().all(|t| t.starts_with(&format!("{square}="))), "{offered:?}");
    browser.click(&format!("#chooser button[data-move=\"{}\"]", offered[2])).await;
    wait_for_moves(browser, 2).await;
    assert_eq!(check_page(browser, &start).await[1], offered[2]);
}

/// Writes a records file of one 6-ply Chinese Checkers game; returns its path and moves.
fn write_record() -> (std::path::PathBuf, Vec<String>) {
    let mut options = CcOptions::default();
    options.set_max_plies(Some(6)).unwrap();
    let mut game = ChineseCheckers::new(&options).unwrap();
    let mut moves = Vec::new();
    let mut list = MoveList::new();
    while !game.is_over() {
        game.legal_moves(&mut list);
        let mv = *list.iter().nth(list.len() / 2).unwrap();
        moves.push(game.format_move(mv));
        game.play(mv);
    }
    let text = format!(
        "[Game \"chinese-checkers\"]\n[Options \"players=2 max_plies=6\"]\n[Result \"1/2-1/2\"]\n\
         [Termination \"max plies\"]\n\n{} 1/2-1/2\n\n",
        moves.join(" ")
    );
    let path = std::env::temp_dir().join(format!("tabula-serve-record-{}.txt", std::process::id()));
    std::fs::write(&path, tabula_arena::seal(&text)).unwrap();
    (path, moves)
}

/// The engines' thinking time in the engine test, as the form takes it and as a duration.
const THINK: (&str, Duration) = ("0.1", Duration::from_millis(100));

/// What an engine's reply may take beyond its thinking time, from the person's click to the
/// move in the list: the page asks every 250 ms while the engine thinks, the test every
/// 50 ms, and the first search builds its engine.
const MARGIN: Duration = Duration::from_millis(1000);

/// The person's turns played in each game.
const TURNS: usize = 3;

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromedriver; .ci/run installs them and runs it"]
async fn every_game_is_played_by_mouse_against_an_engine_in_time() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let browser = Browser::open().await;
    against::<ChineseCheckers>(&browser, "alphabeta:threads=1").await;
    against::<E>(&browser, "mcts:threads=1").await;
    against::<Echelon>(&browser, "alphabeta:threads=1").await;
    against::<Icelights>(&browser, "mcts:threads=1").await;
    against::<MartianChess>(&browser, "alphabeta:threads=1").await;
    against::<CoasterChess>(&browser, "mcts:threads=1").await;
    browser.close().await;
}

/// Plays [`TURNS`] of the person's turns of game `G`, seat 0, against `engine` in seat 1,
/// each by clicking a legal move of the page's view; checks every reply's time and what
/// the page shows after it; prints the game and its slowest reply.
async fn against<G: Game>(browser: &Browser, engine: &str) {
    browser.new_game(G::NAME, &["person", engine], THINK.0, &[]).await;
    let start = G::new(&G::Options::default()).unwrap();
    assert!(check_page(browser, &start).await.is_empty());
    let mut slowest = Duration::ZERO;
    for turn in 0..TURNS {
        let view = browser.view().await;
        assert_eq!(view["to_move"], 0, "{} turn {turn}: the person's move", G::NAME);
        let shown: Vec<String> =
            view["moves"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap().to_string()).collect();
        let played = shown.len();
        let game = replayed(&start, &shown);
        let mv = safe_move(&game, &view, turn);
        let sent = browser.click_move(&mv).await;
        let what = format!("{engine}'s reply in {}", G::NAME);
        browser.wait_for(&what, |b| async move { b.moves().await.len() == played + 2 }).await;
        let took = sent.elapsed();
        let moves = check_page(browser, &start).await;
        assert_eq!(moves[played], mv["text"].as_str().unwrap(), "{} turn {turn}", G::NAME);
        assert!(took <= THINK.1 + MARGIN, "{what} took {took:?}");
        slowest = slowest.max(took);
        let over = replayed(&start, &moves).is_over();
        if over || turn + 1 == TURNS {
            assert_eq!(browser.shown("#result").await, over, "{} after {moves:?}", G::NAME);
            eprintln!("{} against {engine}: {} (slowest reply {slowest:?})", G::NAME, moves.join(" "));
            break;
        }
    }
}

/// A legal move of the view, made on the board, after which the game goes on and no reply
/// ends it: the engine is given a game to play. Candidates start at a different place each
/// turn, so that games differ in their moves and choosers.
fn safe_move<G: Game>(game: &G, view: &Value, turn: usize) -> Value {
    let legal: Vec<&Value> = view["legal"].as_array().unwrap().iter().filter(|m| !m["from"].is_null()).collect();
    assert!(!legal.is_empty(), "{}: no move to click", G::NAME);
    let first = (turn * 7) % legal.len();
    let mut replies = MoveList::new();
    let mut goes_on = |m: &Value| {
        let mut after = game.clone();
        after.play(game.parse_move(m["text"].as_str().unwrap()).expect("the view lists legal moves"));
        after.legal_moves(&mut replies);
        !after.is_over()
            && replies.iter().all(|&reply| {
                let mut then = after.clone();
                then.play(reply);
                !then.is_over()
            })
    };
    let order = legal[first..].iter().chain(&legal[..first]);
    order.copied().find(|m| goes_on(m)).unwrap_or(legal[first]).clone()
}
