//! End to end in headless Chromium: a person plays Chinese Checkers and Martian Chess
//! against the engine by clicking, takes a move back, plays to a result, steps through a
//! loaded record, and makes E's and Icelights' choices (a piece in a stack, a movement
//! joined with an exchange, a facing); then plays every game against an engine, whose
//! replies must come within their thinking time. The tests read what the page shows and
//! check it against the rules library.

mod webdriver;

use std::time::Duration;

use serde_json::{Value, json};
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
    let flipped = browser.attrs("#board", "class").await;
    browser.click("#flip").await;
    assert_ne!(browser.attrs("#board", "class").await, flipped);
    browser.click("#flip").await;
    assert_eq!(browser.attrs("#board", "class").await[0].contains("flipped"), flipped[0].contains("flipped"));

    // Resigning ends the game, in the result and the header; Undo takes it back. The game
    // is saved as a sealed record.
    browser.click("#resign").await;
    browser.wait_for("the resignation", |b| async move { b.shown("#result").await }).await;
    let result = browser.text("#result").await;
    assert!(result.contains("seat 1 wins") && result.contains("seat 0 resigned"), "{result}");
    assert!(browser.text("#status").await.contains("game over: seat 1 wins"));
    browser.click("#undo").await;
    browser.wait_for("the game again", |b| async move { !b.shown("#result").await }).await;
    assert!(browser.text("#status").await.contains("seat 0 (person) to move"));
    let saved =
        browser.script("return fetch(document.getElementById('save').href).then((r) => r.text());", vec![]).await;
    let records = tabula_arena::read_records(saved.as_str().unwrap());
    let record = records[0].as_ref().unwrap_or_else(|e| panic!("{e}: {saved}"));
    assert_eq!(record.tag("Game"), Some("chinese-checkers"));
    assert_eq!(record.tag("Seats"), Some("person; alphabeta:threads=1"));

    // A thinking time out of range is refused in the unit it is asked in.
    browser.set("level", "custom").await;
    browser.set("think-custom", "0").await;
    browser.click("#start").await;
    browser.wait_for("the refusal", |b| async move { b.error().await.is_some() }).await;
    let error = browser.error().await.unwrap();
    assert!(error.contains("0.01 to 3600 seconds"), "{error}");

    // Martian Chess to the ply limit: the person's move, calling the clock (the box for the
    // `!` says what it does, and so does the move list), the engine's, then the result.
    browser.new_game("martian-chess", &["person", "alphabeta:threads=1"], "0.1", &[("max_plies", "2")]).await;
    let view = browser.view().await;
    assert!(browser.shown("#call-clock-label").await);
    let title = browser.attrs("#call-clock-label", "title").await;
    assert!(title[0].contains("calls the clock") && title[0].contains("7 plies"), "{title:?}");
    assert!(!browser.shown("#bang-note").await);
    let mut mv = clickable(&view);
    let call = format!("{}!", mv["text"].as_str().unwrap());
    assert!(view["legal"].as_array().unwrap().iter().any(|m| m["text"] == call.as_str()), "{call}");
    mv["text"] = json!(call);
    browser.click_move(&mv).await;
    wait_for_moves(&browser, 2).await;
    assert_eq!(browser.moves().await[0], call);
    assert!(browser.shown("#bang-note").await);
    assert!(browser.attrs("#moves li[data-ply=\"1\"]", "title").await[0].contains("calls the clock"));
    browser.wait_for("the result", |b| async move { b.shown("#result").await }).await;
    let result = browser.text("#result").await;
    assert!(result.starts_with("Game over:") && result.contains("max_plies=2"), "{result}");

    // A record, loaded from a file, stepped through.
    let (path, moves) = write_record();
    browser.open_details("replay-box").await;
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

    // A game from a pasted position: its game is read from the text, its seats from the form.
    browser.set("game", "chinese-checkers").await;
    browser.set("level", "custom").await;
    browser.set("seat-0", "person").await;
    browser.set("seat-1", "person").await;
    browser.open_details("position-box").await;
    let script = "document.getElementById('start-position').value = arguments[0]; return true;";
    browser.script(script, vec![json!(E_POSITION)]).await;
    let before = browser.view().await["id"].clone();
    browser.click("#start").await;
    browser
        .wait_for("the game from the position", |b| {
            let before = before.clone();
            async move { b.view().await["id"] != before }
        })
        .await;
    assert_eq!(browser.value("#position").await, E_POSITION);
    assert!(browser.text("#status").await.starts_with("e · ply 0 of 0 · seat 1 (person) to move"));

    // Under a level that plays the game's own engine, the engine seats follow the player
    // count and the rule options: Chinese Checkers without a blocking rule plays MCTS.
    browser.set("game", "chinese-checkers").await;
    browser.set("players", "2").await;
    browser.set("seat-kind-1", "engine").await;
    browser.set("level", "3").await;
    assert_eq!(browser.value("#seat-1").await, "alphabeta");
    assert!(browser.text("#level-doc").await.contains("(alphabeta)"));
    browser.set_option("cc.anti_block", "none").await;
    assert_eq!(browser.value("#seat-1").await, "mcts");
    assert!(browser.text("#level-doc").await.contains("(mcts)"));
    browser.set_option("cc.anti_block", "fill").await;
    assert_eq!(browser.value("#seat-1").await, "alphabeta");
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
/// picked by its arrow on the board (the other turnable pieces outlined, a button for the
/// move without turning, no list of notation), then a facing alone (the piece clicked
/// twice), which `il.move_optional` allows while moves exist.
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
    let text = mv["text"].as_str().unwrap();
    let (step, _) = text.split_once(',').unwrap();
    let to = mv["to"]["cell"].as_str().unwrap();
    let shared: Vec<&str> = legal
        .iter()
        .filter(|m| m["from"] == mv["from"] && m["to"] == mv["to"])
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert!(shared.len() > 4, "{shared:?}");
    browser.click_cell(mv["from"]["cell"].as_str().unwrap(), None).await;
    browser.click_cell(to, None).await;
    assert!(browser.chooser().await.len() <= 1, "no list of notation: {:?}", browser.chooser().await);
    assert_eq!(browser.attrs("#no-turn", "data-move").await, [step]);
    let mut arrows = browser.attrs("#board .facing", "data-move").await;
    arrows.sort();
    let mut facings: Vec<&str> = shared.iter().copied().filter(|t| t.starts_with(&format!("{step},{to}="))).collect();
    facings.sort();
    assert_eq!(arrows, facings, "an arrow for each facing of the moved piece");
    let others: std::collections::BTreeSet<&str> = shared
        .iter()
        .filter_map(|t| t.split_once(',').map(|(_, turn)| &turn[..2]))
        .filter(|cell| *cell != to)
        .collect();
    let mut outlined = browser.attrs("#board .piece.turnable", "data-cell").await;
    outlined.sort();
    outlined.dedup();
    assert_eq!(outlined.len(), others.len(), "the other pieces that may turn: {others:?}, outlined {outlined:?}");
    // Another piece clicked: its arrows replace the moved piece's.
    let other = others.iter().next().unwrap();
    browser.click_cell(other, None).await;
    let arrows = browser.attrs("#board .facing", "data-move").await;
    assert!(!arrows.is_empty() && arrows.iter().all(|t| t.starts_with(&format!("{step},{other}="))), "{arrows:?}");
    browser.click_cell(to, None).await;
    browser.click(&format!("#board .facing[data-move=\"{text}\"]")).await;
    wait_for_moves(browser, 1).await;
    assert_eq!(check_page(browser, &start).await, [text]);
    assert!(!browser.exists("#board .facing").await && !browser.shown("#chooser").await);

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
    let offered = browser.attrs("#board .facing", "data-move").await;
    assert_eq!(offered.len(), 3, "the three other facings of {square}: {offered:?}");
    assert!(offered.iter().all(|t| t.starts_with(&format!("{square}="))), "{offered:?}");
    browser.click(&format!("#board .facing[data-move=\"{}\"]", offered[2])).await;
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
    let (ready, loaded, shown) = browser.load_times().await;
    eprintln!("page load: DOM read {ready:.0} ms, loaded {loaded:.0} ms, first game shown {shown:.0} ms");
    request_times(&browser).await;
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
            let (posts, views) = request_times(browser).await;
            eprintln!(
                "{} against {engine}: {} (slowest reply {slowest:?}; a move's request {}, a view's {})",
                G::NAME,
                moves.join(" "),
                spread(&posts),
                spread(&views)
            );
            break;
        }
    }
}

/// The durations (ms) of the page's requests since the last call, from the browser's
/// resource timing: the moves it sent, and the views it asked for while the engine thought.
async fn request_times(browser: &Browser) -> (Vec<f64>, Vec<f64>) {
    let script = "const all = performance.getEntriesByType('resource'); performance.clearResourceTimings(); \
                  const of = (re) => all.filter((e) => re.test(e.name)).map((e) => e.duration); \
                  return [of(/\\/moves$/), of(/\\/api\\/sessions\\/[0-9a-f]+$/)];";
    let times = browser.script(script, vec![]).await;
    let list = |v: &Value| v.as_array().unwrap().iter().map(|t| t.as_f64().unwrap()).collect();
    (list(&times[0]), list(&times[1]))
}

/// The median and the largest of `times` (ms), written.
fn spread(times: &[f64]) -> String {
    if times.is_empty() {
        return "none".to_string();
    }
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    format!("median {:.1} ms, max {:.1} ms over {}", sorted[sorted.len() / 2], sorted[sorted.len() - 1], sorted.len())
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

/// Where elements `css` are on the screen (`[left, top, right, bottom]`, `null` for one
/// missing or hidden), with the viewport's and the document's sizes.
async fn layout(browser: &Browser, css: &[&str]) -> Value {
    let script = "const doc = document.documentElement; \
                  const out = { viewport: [innerWidth, innerHeight], document: [doc.scrollWidth, doc.scrollHeight] }; \
                  for (const css of arguments[0]) { \
                    const el = document.querySelector(css); \
                    if (!el || el.closest('[hidden]')) { out[css] = null; continue; } \
                    const r = el.getBoundingClientRect(); out[css] = [r.left, r.top, r.right, r.bottom]; } \
                  return out;";
    browser.script(script, vec![json!(css)]).await
}

/// The four sides of a box as the layout gives it.
fn sides(value: &Value) -> [f64; 4] {
    let side = |i: usize| value[i].as_f64().unwrap();
    [side(0), side(1), side(2), side(3)]
}

/// Checks that every element of `css` is shown whole within the viewport, and that the page
/// needs no scrolling.
async fn assert_in_view(browser: &Browser, what: &str, css: &[&str]) {
    let out = layout(browser, css).await;
    let (w, h) = (out["viewport"][0].as_f64().unwrap(), out["viewport"][1].as_f64().unwrap());
    assert!(
        out["document"][0].as_f64().unwrap() <= w && out["document"][1].as_f64().unwrap() <= h,
        "{what}: the page scrolls: {out}"
    );
    for c in css {
        assert!(!out[*c].is_null(), "{what}: {c} is not shown: {out}");
        let [left, top, right, bottom] = sides(&out[*c]);
        let slack = 0.5;
        assert!(
            left >= -slack
                && top >= -slack
                && right <= w + slack
                && bottom <= h + slack
                && right > left
                && bottom > top,
            "{what}: {c} is at {:?}, outside the {w}x{h} viewport",
            [left, top, right, bottom]
        );
    }
}

/// Waits for the board's turn to end (it turns in 0.3 s when flipped by its button).
async fn settle() {
    tokio::time::sleep(Duration::from_millis(450)).await;
}

/// Where seat 0's pieces are on the screen, against the board: their mean height minus the
/// board's middle, in pixels (positive: below the middle).
async fn seat_0_below_middle(browser: &Browser) -> f64 {
    let script = "const mid = (r) => (r.top + r.bottom) / 2; \
                  const board = mid(document.querySelector('#board svg .layer-board').getBoundingClientRect()); \
                  const pieces = [...document.querySelectorAll('#board svg .piece.seat-0')]; \
                  return pieces.reduce((s, el) => s + mid(el.getBoundingClientRect()), 0) / pieces.length - board;";
    browser.script(script, vec![]).await.as_f64().unwrap()
}

/// How much of its picture the board itself takes, across and down (the rest is labels,
/// margins and the caption).
async fn board_share(browser: &Browser) -> (f64, f64) {
    let script = "const svg = document.querySelector('#board svg'); const box = svg.viewBox.baseVal; \
                  const board = svg.querySelector('.layer-board').getBBox(); \
                  return [board.width / box.width, board.height / box.height];";
    let share = browser.script(script, vec![]).await;
    (share[0].as_f64().unwrap(), share[1].as_f64().unwrap())
}

/// Plays the page's first legal moves through its own `play` until the game is over or
/// `plies` were played; returns the plies played.
async fn play_on(browser: &Browser, plies: usize) -> u64 {
    let script = "return (async () => { \
                    for (let i = 0; i < arguments[0] && view.to_move != null; i++) { \
                      const move = view.legal.find((m) => m.from) || view.legal[0]; \
                      await play(move.text); } \
                    return view.plies; })();";
    browser.script(script, vec![json!(plies)]).await.as_u64().unwrap()
}

/// What must be in view at 1280×800 with a game on: the board, its buttons, the move list's
/// current move, the start button and the header.
const IN_VIEW: [&str; 8] =
    ["#board svg .layer-board", "#undo", "#flip", "#resign", "#moves", "#moves li.current", "#start", "#status"];

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromedriver; .ci/run installs them and runs it"]
async fn every_board_fits_1280_by_800_both_ways() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let browser = Browser::open().await;
    browser.viewport(1280, 800).await;
    let catalog = browser.script("return catalog;", vec![]).await;
    for game in catalog["games"].as_array().unwrap() {
        let name = game["name"].as_str().unwrap();
        let counts = game["players"].as_array().unwrap();
        let mut players = vec![game["default_players"].as_u64().unwrap(), counts.last().unwrap().as_u64().unwrap()];
        players.dedup();
        for n in players {
            let what = format!("{name} with {n} players");
            let seats = vec!["person"; n as usize];
            browser.new_game(name, &seats, "1", &[("max_plies", "12")]).await;
            // The person's seat (seat 0) is at the bottom, or level with the middle where
            // the game has no side of its own (Echelon's stacks start in the middle row).
            let below = seat_0_below_middle(&browser).await;
            assert!(below >= -1.0, "{what}: seat 0 starts {:.0} px above the middle", -below);
            let (across, down) = board_share(&browser).await;
            assert!(across >= 0.7 && down >= 0.6, "{what}: the board fills {across:.2} x {down:.2} of its picture");
            let played = play_on(&browser, 12).await;
            browser.wait_for("the result", |b| async move { b.shown("#result").await }).await;
            assert!(played <= 12, "{what}");
            let in_view: Vec<&str> = IN_VIEW.iter().copied().chain(["#result"]).collect();
            assert_in_view(&browser, &what, &in_view).await;
            assert!(browser.text("#status").await.contains("game over"), "{what}");
            browser.click("#flip").await;
            settle().await;
            assert_in_view(&browser, &format!("{what}, flipped"), &in_view).await;
            if below > 1.0 {
                assert!(seat_0_below_middle(&browser).await < -1.0, "{what}: flipped, seat 0 is at the top");
            }
            browser.click("#flip").await;
            settle().await;
            eprintln!("{what}: fits 1280x800 both ways; the board fills {across:.2} x {down:.2} of its picture");
        }
    }

    // Each rule option is asked with the control its values call for.
    let script = "return [...document.querySelectorAll('#options [data-key]')].map((el) => \
                    [el.dataset.key, el.dataset.kind, el.tagName, el.type, el.min || '', el.max || '']);";
    for game in catalog["games"].as_array().unwrap() {
        browser.set("game", game["name"].as_str().unwrap()).await;
        let shown = browser.script(script, vec![]).await;
        for (option, control) in game["options"].as_array().unwrap().iter().zip(shown.as_array().unwrap()) {
            assert_eq!(control[0], option["key"]);
            let kind = option["control"]["kind"].as_str().unwrap();
            let (tag, input) = (control[2].as_str().unwrap(), control[3].as_str().unwrap());
            match kind {
                "switch" => assert_eq!(input, "checkbox", "{option}"),
                "choice" => assert_eq!(tag, "SELECT", "{option}"),
                "number" | "limit" => {
                    assert_eq!(input, "number", "{option}");
                    assert_eq!(control[4], json!(option["control"]["min"].to_string()), "{option}");
                    assert_eq!(control[5], json!(option["control"]["max"].to_string()), "{option}");
                }
                _ => assert_eq!(input, "text", "{option}"),
            }
        }
    }

    // Echelon's stack heights read at the board's size.
    browser.new_game("echelon", &["person", "person"], "1", &[]).await;
    let script =
        "return [...document.querySelectorAll('#board svg .height')].map((t) => t.getBoundingClientRect().height);";
    let heights = browser.script(script, vec![]).await;
    let heights: Vec<f64> = heights.as_array().unwrap().iter().map(|h| h.as_f64().unwrap()).collect();
    assert!(!heights.is_empty() && heights.iter().all(|&h| h >= 14.0), "stack heights {heights:?} px high");

    // Every piece of an E stack shows, and hovering names the whole stack.
    let start = E::from_text(E_POSITION).unwrap();
    browser
        .replay(&tabula_arena::seal(&format!("[Game \"e\"]\n[Position \"{E_POSITION}\"]\n[Result \"*\"]\n\n*\n")))
        .await;
    let script = "return [...document.querySelectorAll('#board svg .piece[data-level]')].map((el) => { \
                    const r = el.getBoundingClientRect(); const t = el.querySelector('title'); \
                    return [el.dataset.cell, Number(el.dataset.level), r.width, r.height, t ? t.textContent : ''];});";
    let pieces = browser.script(script, vec![]).await;
    let mut stacked = 0;
    for piece in pieces.as_array().unwrap() {
        let cell = piece[0].as_str().unwrap();
        let height = start.stack(tabula_rules::games::e::TABLES.hex.parse(cell).unwrap()).len();
        let (w, h) = (piece[2].as_f64().unwrap(), piece[3].as_f64().unwrap());
        assert!(w >= 12.0 && h >= 9.0, "the piece {piece} is too small to see");
        if height > 1 {
            stacked += 1;
            let title = piece[4].as_str().unwrap();
            assert_eq!(title.lines().count(), 1 + height, "{cell}'s title lists its stack: {title}");
        }
    }
    assert!(stacked >= 4, "the position has stacks: {pieces}");

    // Move numbers of any length: a record of 120 plies, at its last ply.
    let (text, moves) = long_record(120);
    browser.replay(&text).await;
    browser.click("#last").await;
    browser.wait_for("the last ply", |b| async move { b.text("#ply").await == "ply 120 of 120" }).await;
    assert_eq!(browser.moves().await, moves);
    assert_in_view(&browser, "a 120-ply record", &IN_VIEW).await;
    let script = "const el = document.getElementById('record'); const line = el.getBoundingClientRect(); \
                  const panel = document.getElementById('info').getBoundingClientRect(); \
                  return [el.scrollWidth <= el.clientWidth, line.right <= panel.right, line.bottom <= panel.bottom];";
    assert_eq!(browser.script(script, vec![]).await, json!([true, true, true]), "the record's line stays in its panel");
    let script = "const num = document.querySelector('#moves li.current .num'); \
                  return [num.innerText, num.scrollWidth <= num.clientWidth];";
    assert_eq!(browser.script(script, vec![]).await, json!(["120.", true]));
    let first = browser.script("return document.querySelector('#moves li .num').innerText;", vec![]).await;
    assert_eq!(first, json!("1."));

    // No error in the console through all of it (a missing favicon would be one a page).
    let errors = browser.console_errors().await;
    assert!(errors.is_empty(), "console errors: {errors:?}");
    browser.close().await;
}

/// A records file of one Chinese Checkers game of `plies` plies (or fewer, if it ends),
/// sealed; and its moves.
fn long_record(plies: usize) -> (String, Vec<String>) {
    let mut game = ChineseCheckers::new(&CcOptions::default()).unwrap();
    let mut moves = Vec::new();
    let mut list = MoveList::new();
    while !game.is_over() && moves.len() < plies {
        game.legal_moves(&mut list);
        let mv = *list.iter().nth(moves.len() * 7 % list.len()).unwrap();
        moves.push(game.format_move(mv));
        game.play(mv);
    }
    // A tag of one long word, such as a position text: the record's line must wrap it.
    let text = format!(
        "[Game \"chinese-checkers\"]\n[Event \"{}\"]\n[Result \"*\"]\n\n{} *\n",
        "board=".repeat(60),
        moves.join(" ")
    );
    (tabula_arena::seal(&text), moves)
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromedriver; .ci/run installs them and runs it"]
async fn a_game_survives_a_reload() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let browser = Browser::open().await;
    browser.viewport(1280, 800).await;
    browser.new_game("chinese-checkers", &["person", "alphabeta:threads=1"], "0.2", &[]).await;
    let start = ChineseCheckers::new(&CcOptions::default()).unwrap();
    let view = browser.view().await;
    browser.click_move(&clickable(&view)).await;
    wait_for_moves(&browser, 2).await;
    // The person's camp starts at the top of the picture, so the board was turned; turned
    // back by hand, it stays so.
    let id = view["id"].as_str().unwrap().to_string();
    let url = browser.client.current_url().await.unwrap();
    assert_eq!(url.fragment(), Some(format!("s={id}&flip=1").as_str()), "{url}");
    browser.click("#flip").await;
    let url = browser.client.current_url().await.unwrap();
    assert_eq!(url.fragment(), Some(format!("s={id}").as_str()), "{url}");
    let moves = check_page(&browser, &start).await;
    let status = browser.text("#status").await;

    // Reloaded: as it was, board turned and all, and the form set to start one like it.
    browser.reload().await;
    assert_eq!(browser.view().await["id"], json!(id));
    assert_eq!(check_page(&browser, &start).await, moves);
    assert_eq!(browser.text("#status").await, status);
    assert_eq!(browser.attrs("#board", "class").await, ["board"], "as it was turned");
    assert_eq!(browser.value("#game").await, "chinese-checkers");
    assert_eq!(browser.value("#level").await, "custom");
    assert_eq!(browser.value("#seat-1").await, "alphabeta:threads=1");
    assert_eq!(browser.value("#think-custom").await, "0.2");
    // It plays on.
    let view = browser.view().await;
    browser.click_move(&clickable(&view)).await;
    wait_for_moves(&browser, 4).await;
    check_page(&browser, &start).await;

    // While the page polls, the move list and the engine's rows are changed, not rebuilt.
    browser.new_game("chinese-checkers", &["alphabeta:threads=1", "alphabeta:threads=1"], "0.3", &[]).await;
    wait_for_moves(&browser, 2).await;
    let script = "window.changes = 0; window.watch = new MutationObserver((list) => { \
                    for (const m of list) window.changes += m.removedNodes.length; }); \
                  window.watch.observe(document.getElementById('moves'), { childList: true, subtree: true }); \
                  window.watch.observe(document.getElementById('engine'), { childList: true }); \
                  window.kept = document.querySelector('#moves li'); return true;";
    browser.script(script, vec![]).await;
    wait_for_moves(&browser, 5).await;
    let script =
        "window.watch.disconnect(); return [window.changes, window.kept === document.querySelector('#moves li')];";
    assert_eq!(browser.script(script, vec![]).await, json!([0, true]), "nothing removed while polling");
    // Clicks on the move list all land.
    for ply in [1, 3, 2, 4, 1, 2, 3] {
        browser.click(&format!("#moves li[data-ply=\"{ply}\"]")).await;
        let wanted = format!("ply {ply} of");
        browser
            .wait_for("the ply clicked", |b| {
                let wanted = wanted.clone();
                async move { b.text("#ply").await.starts_with(&wanted) }
            })
            .await;
    }

    // Reloaded while the engine thinks: the page shows it thinking, then its move.
    browser.new_game("e", &["alphabeta:threads=1", "person"], "2", &[]).await;
    browser.reload().await;
    assert!(browser.text("#status").await.contains("thinking"), "{}", browser.text("#status").await);
    assert!(browser.text("#engine").await.contains("(thinking)"));
    assert!(browser.script("return !document.getElementById('stop').disabled;", vec![]).await == json!(true));
    wait_for_moves(&browser, 1).await;
    check_page(&browser, &E::new(&Default::default()).unwrap()).await;
    let errors = browser.console_errors().await;
    assert!(errors.is_empty(), "console errors: {errors:?}");

    // An id the server does not know: a clear message, and the form to start a new game.
    browser.open_page(&format!("{}?again#s=0123456789abcdef", browser.url)).await;
    let notice = browser.text("#notice").await;
    assert!(notice.contains("'0123456789abcdef' is no longer on the server"), "{notice}");
    assert_eq!(browser.text("#status").await, "no game");
    assert!(browser.moves().await.is_empty() && browser.attrs("#board svg", "class").await.is_empty());
    let errors = browser.console_errors().await;
    assert!(errors.len() <= 1 && errors.iter().all(|e| e.contains("404")), "only the unknown id's 404: {errors:?}");
    browser.click("#start").await;
    browser.wait_for("a new game", |b| async move { b.text("#status").await.contains("to move") }).await;
    assert!(!browser.shown("#notice").await);
    let url = browser.client.current_url().await.unwrap();
    assert!(url.fragment().is_some_and(|f| f.starts_with("s=") && !f.contains("0123456789abcdef")), "{url}");
    let errors = browser.console_errors().await;
    assert!(errors.is_empty(), "console errors: {errors:?}");
    browser.close().await;
}

/// Serves `page` as HTML on a free port of this machine (another origin than the board's),
/// to every request; returns its address.
async fn serve_page(page: String) -> std::net::SocketAddr {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let page = page.clone();
            tokio::spawn(async move {
                let mut request = Vec::new();
                let mut buffer = [0u8; 4096];
                while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                    match stream.read(&mut buffer).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => request.extend_from_slice(&buffer[..n]),
                    }
                }
                let response = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\n\
                     Connection: close\r\n\r\n{page}",
                    page.len()
                );
                let _ = stream.write_all(response.as_bytes()).await;
            });
        }
    });
    address
}

/// A page of another site that tries to drive the board at `target`: play `mv` in session
/// `id`, take back, resign, and start 40 engine games (enough to push the person's out),
/// by every kind of request a page may send without asking (no-cors: plain text, no type,
/// a form) and by JSON; then read the session. It writes what each try got in `results`
/// and sets `done`.
fn attack_page(target: &str, id: &str, mv: &str) -> String {
    format!(
        r#"<!doctype html><html><head><link rel="icon" href="data:,"></head><body>
<iframe name="sink"></iframe>
<form id="form" method="POST" action="{target}/api/sessions/{id}/undo" enctype="text/plain" target="sink">
<input name='{{"x":"' value='"}}'></form>
<script>
const target = "{target}", id = "{id}", move = "{mv}";
window.results = {{}};
async function attempt(name, request) {{
  try {{ const r = await request(); results[name] = `${{r.type}} ${{r.status}}`; }}
  catch (e) {{ results[name] = `refused: ${{e.name}}`; }}
}}
(async () => {{
  const body = JSON.stringify({{ move }});
  const moves = `${{target}}/api/sessions/${{id}}/moves`;
  await attempt("move as text", () => fetch(moves, {{ method: "POST", mode: "no-cors", headers: {{ "Content-Type": "text/plain" }}, body }}));
  await attempt("move untyped", () => fetch(moves, {{ method: "POST", mode: "no-cors", body: new Blob([body]) }}));
  await attempt("move as JSON", () => fetch(moves, {{ method: "POST", headers: {{ "Content-Type": "application/json" }}, body }}));
  await attempt("resign", () => fetch(`${{target}}/api/sessions/${{id}}/resign`, {{ method: "POST", mode: "no-cors" }}));
  const game = JSON.stringify({{ game: "e", seats: ["alphabeta:threads=2,hash=512", "person"], think_ms: 3600000 }});
  for (let i = 0; i < 40; i++) {{
    await attempt(`new game ${{i}}`, () => fetch(`${{target}}/api/sessions`, {{ method: "POST", mode: "no-cors", headers: {{ "Content-Type": "text/plain" }}, body: game }}));
  }}
  await attempt("read", () => fetch(`${{target}}/api/sessions/${{id}}`).then((r) => r.text()));
  await new Promise((done) => {{
    document.querySelector("iframe").addEventListener("load", done);
    document.getElementById("form").submit();
    setTimeout(done, 3000);
  }});
  window.done = true;
}})();
</script></body></html>"#
    )
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromedriver; .ci/run installs them and runs it"]
async fn other_sites_cannot_drive_the_board() {
    let _turn = ONE_AT_A_TIME.lock().await;
    let browser = Browser::open().await;
    browser.new_game("chinese-checkers", &["person", "person"], "1", &[]).await;
    let view = browser.view().await;
    browser.click_move(&clickable(&view)).await;
    wait_for_moves(&browser, 1).await;
    let view = browser.view().await;
    let id = view["id"].as_str().unwrap().to_string();
    let mv = clickable(&view)["text"].as_str().unwrap().to_string();
    let board = browser.url.trim_end_matches('/').to_string();

    // (a) A page of another origin (another port of this machine, named localhost) tries.
    let page = serve_page(attack_page(&board, &id, &mv)).await;
    browser.client.goto(&format!("http://localhost:{}/", page.port())).await.unwrap();
    browser
        .wait_for("the other page's tries", |b| async move {
            b.script("return window.done === true;", vec![]).await == json!(true)
        })
        .await;
    let results = browser.script("return window.results;", vec![]).await;
    assert_eq!(results["move as JSON"], "refused: TypeError", "JSON needs the server's leave: {results}");
    assert_eq!(results["read"], "refused: TypeError", "the other page reads nothing: {results}");
    assert_eq!(results.as_object().unwrap().len(), 45, "{results}");

    // The board's game is as it was: not moved, not taken back, not resigned, not pushed out.
    browser.open_page(&format!("{}#s={id}", browser.url)).await;
    assert_eq!(browser.view().await["id"], json!(id), "the game is still there");
    assert_eq!(browser.moves().await, [view["moves"][0]["text"].as_str().unwrap()]);
    assert!(!browser.shown("#result").await);
    check_page(&browser, &ChineseCheckers::new(&CcOptions::default()).unwrap()).await;

    // (b) The board reached by another name of this machine (DNS rebinding) is refused,
    // its page and its API alike.
    let port = browser.url.trim_end_matches('/').rsplit(':').next().unwrap().to_string();
    for path in ["/".to_string(), format!("/api/sessions/{id}")] {
        browser.client.goto(&format!("http://{}:{port}{path}", webdriver::REBOUND)).await.unwrap();
        let body = browser.script("return document.body.innerText;", vec![]).await;
        let body = body.as_str().unwrap();
        assert!(body.contains("is not this server") && body.contains(webdriver::REBOUND), "{path}: {body}");
        assert!(!body.contains(&mv) && !body.contains("legal"), "{path}: {body}");
    }
    browser.close().await;
}
