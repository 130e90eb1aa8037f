//! End to end in headless Chromium: a person plays Chinese Checkers and Martian Chess
//! against the engine by clicking, takes a move back, plays to a result, and steps
//! through a loaded record; the test reads what the page shows.

mod webdriver;

use serde_json::Value;
use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};
use tabula_rules::{Game, GameOptions, MoveList};
use webdriver::Browser;

/// The first legal move of the page's view that is made on the board.
fn clickable(view: &Value) -> Value {
    view["legal"].as_array().unwrap().iter().find(|m| !m["from"].is_null()).expect("a move to click").clone()
}

/// Waits until the page's move list has `n` entries.
async fn wait_for_moves(browser: &Browser, n: usize) {
    browser.wait_for(&format!("{n} moves in the list"), |b| async move { b.moves().await.len() == n }).await;
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromedriver; .ci/run installs them and runs it"]
async fn a_person_plays_and_replays_in_the_browser() {
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
    browser.close().await;
}

/// Writes a records file of one 6-ply Chinese Checkers game; returns its path and moves.
fn write_record() -> (std::path::PathBuf, Vec<String>) {
    let mut options = CcOptions::default();
    options.set("max_plies", "6").unwrap();
    let mut game = ChineseCheckers::new(&options).unwrap();
    let mut moves = Vec::new();
    let mut list = MoveList::new();
    while game.outcome().is_none() {
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
    std::fs::write(&path, text).unwrap();
    (path, moves)
}
