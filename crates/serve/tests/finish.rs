//! Ending and keeping a game over HTTP: resigning, saving the game as a record (read back
//! by the arena and by the board's replay), starting from a position, the strength levels
//! and how the page is told to ask for each setting.

mod common;

use common::{call, create, id, raw};

use std::time::{Duration, Instant};

use axum::Router;
use axum::http::StatusCode;
use serde_json::{Value, json};
use tabula_arena::{Record, read_records};
use tabula_rules::Game;
use tabula_rules::games::NAMES;
use tabula_rules::games::e::E;
use tabula_serve::{Config, router};

async fn play(app: &Router, id: &str, mv: &str) -> Value {
    let (status, view) = call(app, "POST", &format!("/api/sessions/{id}/moves"), Some(json!({ "move": mv }))).await;
    assert_eq!(status, StatusCode::OK, "{mv}: {view}");
    view
}

/// Plays the first legal move of `view`.
async fn play_first(app: &Router, view: &Value) -> Value {
    play(app, &id(view), view["legal"][0]["text"].as_str().unwrap()).await
}

async fn resign(app: &Router, id: &str, body: Option<Value>) -> (StatusCode, Value) {
    call(app, "POST", &format!("/api/sessions/{id}/resign"), body).await
}

/// The saved record of session `id`, checked to be served as text and to be one sealed
/// record the arena reads.
async fn saved(app: &Router, id: &str) -> (String, Record) {
    let (status, kind, text) = raw(app, "GET", &format!("/api/sessions/{id}/record"), None).await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert!(kind.starts_with("text/plain"), "{kind}");
    let mut records = read_records(&text);
    assert_eq!(records.len(), 1, "{text}");
    let record = records.remove(0).unwrap_or_else(|e| panic!("{e}: {text}"));
    (text, record)
}

#[tokio::test]
async fn a_person_resigns_and_takes_it_back() {
    let app = router(Config::default());
    let view = create(&app, json!({ "game": "chinese-checkers", "seats": ["person", "person"] })).await;
    let id = id(&view);
    let view = play_first(&app, &view).await;
    // Two people sit: the one to move resigns.
    let (status, after) = resign(&app, &id, None).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["result"]["text"], "seat 0 wins");
    assert_eq!(after["result"]["reason"], "seat 1 resigned");
    assert!(after["to_move"].is_null() && after["legal"].as_array().unwrap().is_empty(), "{after}");
    let mv = view["legal"][0]["text"].as_str().unwrap();
    let (status, refused) = call(&app, "POST", &format!("/api/sessions/{id}/moves"), Some(json!({ "move": mv }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(refused["error"].as_str().unwrap().contains("seat 1 resigned"), "{refused}");
    let (status, twice) = resign(&app, &id, Some(json!({ "seat": 0 }))).await;
    assert_eq!(status, StatusCode::CONFLICT, "{twice}");
    let (_, record) = saved(&app, &id).await;
    assert_eq!(record.tag("Result"), Some("1-0"));
    assert_eq!(record.tag("Termination"), Some("resigned by seat 1"));
    assert_eq!(record.moves.len(), 1);

    // Undo takes the resignation back, and the game goes on where it was.
    let (status, back) = call(&app, "POST", &format!("/api/sessions/{id}/undo"), None).await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert!(back["result"].is_null() && back["plies"] == 1 && back["to_move"] == 1, "{back}");
    play(&app, &id, mv).await;

    for (body, status, message) in [
        (json!({ "seat": 2 }), StatusCode::BAD_REQUEST, "bad seat '2': the game has 2 seats"),
        (json!({ "seat": "x" }), StatusCode::BAD_REQUEST, "broken JSON"),
        (json!({ "who": 0 }), StatusCode::BAD_REQUEST, "unknown field `who`"),
    ] {
        let (got, answer) = resign(&app, &id, Some(body)).await;
        assert_eq!(got, status, "{answer}");
        assert!(answer["error"].as_str().unwrap().contains(message), "{message}: {answer}");
    }
}

#[tokio::test]
async fn against_an_engine_the_person_resigns_while_it_thinks() {
    let app = router(Config::default());
    let view =
        create(&app, json!({ "game": "e", "seats": ["alphabeta:threads=1", "person"], "think_ms": 60_000 })).await;
    assert!(!view["search"].is_null(), "the engine thinks: {view}");
    let (status, after) = resign(&app, &id(&view), None).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["result"]["text"], "seat 0 wins");
    assert!(after["search"].is_null(), "the search is abandoned: {after}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, later) = call(&app, "GET", &format!("/api/sessions/{}", id(&view)), None).await;
    assert_eq!(later["plies"], 0, "the abandoned search plays no move: {later}");

    // Engines alone: the seat that resigns must be named.
    let engines = json!(["alphabeta:threads=1", "alphabeta:threads=1"]);
    let view = create(&app, json!({ "game": "e", "seats": engines, "think_ms": 60_000 })).await;
    let (status, answer) = resign(&app, &id(&view), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("say which seat"), "{answer}");
    let (status, answer) = resign(&app, &id(&view), Some(json!({ "seat": 1 }))).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["result"]["text"], "seat 0 wins");
    let (status, _) = resign(&app, "nope", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_saved_game_replays_to_the_same_position() {
    let app = router(Config::default());
    for game in NAMES {
        let mut view = create(&app, json!({ "game": game, "seats": ["person", "person"] })).await;
        for _ in 0..5 {
            view = play_first(&app, &view).await;
        }
        let (text, record) = saved(&app, &id(&view)).await;
        assert_eq!(record.tag("Game"), Some(*game), "{text}");
        assert_eq!(record.tag("Result"), Some("*"), "{text}");
        assert_eq!(record.tag("Seats"), Some("person; person"), "{text}");
        assert_eq!(record.tag("PlyCount"), Some("5"), "{text}");
        assert_eq!(record.tag("Position"), None, "the start needs no Position tag: {text}");
        let moves: Vec<&str> = record.moves.iter().map(|m| m.text.as_str()).collect();
        let shown: Vec<&str> = view["moves"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect();
        assert_eq!(moves, shown, "{game}");
        let (status, replay) = call(&app, "POST", "/api/replays", Some(json!({ "records": text }))).await;
        assert_eq!(status, StatusCode::CREATED, "{replay}");
        let (_, end) =
            call(&app, "POST", &format!("/api/sessions/{}/ply", id(&replay)), Some(json!({ "ply": 5 }))).await;
        assert_eq!(end["position"], view["position"], "{game}");
    }

    // A game from a position keeps it; a finished one says how it ended.
    let position = "e players=2 sectors=03 turn=1 ply=15 passes=0 board=......./......../.......0m0l/\
                    .......0s0m0l/........0m0m0l/........0s0s.0l/...1l...0s...../..1s......[0m1s]../\
                    1l1m1m1s..0s[1s0l].../1l1m1s......./1l1m....1m../1l......./.......";
    let view = create(&app, json!({ "game": "e", "position": position, "seats": ["person", "person"] })).await;
    let view = play(&app, &id(&view), "g3/1-g5,Xg5/2=h5/2").await;
    let (_, record) = saved(&app, &id(&view)).await;
    assert_eq!(record.tag("Position"), Some(position));
    let replayed: E = record.replay(None).unwrap();
    assert_eq!(replayed.to_text(), view["position"].as_str().unwrap());

    let request = json!({ "game": "martian-chess", "seats": ["person", "person"], "options": { "max_plies": "2" } });
    let view = create(&app, request).await;
    let view = play_first(&app, &play_first(&app, &view).await).await;
    assert!(!view["result"].is_null(), "{view}");
    let (_, record) = saved(&app, &id(&view)).await;
    assert_eq!(record.tag("Termination"), Some("max plies"));
    assert_eq!(record.tag("Options"), Some("players=2 max_plies=2"));
    assert_eq!(record.tag("Points"), Some("0 0"));
    assert_eq!(record.tag("Result"), Some("1/2-1/2"));
}

#[tokio::test]
async fn the_levels_build_for_every_game_and_the_weak_ones_answer_at_once() {
    let app = router(Config::default());
    let (_, catalog) = call(&app, "GET", "/api/games", None).await;
    let levels = catalog["levels"].as_array().unwrap();
    assert!(levels.len() >= 4, "{catalog}");
    assert!(catalog["default_level"].as_u64().unwrap() < levels.len() as u64);
    let times: Vec<u64> = levels.iter().map(|l| l["think_ms"].as_u64().unwrap()).collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "weakest first: {times:?}");
    assert!(levels.iter().any(|l| l["engine"] == "minimax:depth=1"), "{levels:?}");
    assert!(levels.iter().any(|l| l["think_ms"] == 5000 && l["engine"].is_null()), "the seed's 5 s");
    assert!(levels.iter().any(|l| l["think_ms"] == 30000 && l["engine"].is_null()), "the seed's 30 s");
    for game in NAMES {
        for level in levels {
            let engine = level["engine"].as_str().unwrap_or("alphabeta");
            let request = json!({ "game": game, "seats": [engine, "person"], "think_ms": level["think_ms"] });
            let view = create(&app, request).await;
            if level["engine"].is_null() {
                // The game's engine thinks its whole time: built is enough here.
                call(&app, "DELETE", &format!("/api/sessions/{}", id(&view)), None).await;
                continue;
            }
            // A depth-capped or random engine answers well within its time.
            let start = Instant::now();
            loop {
                let (_, now) = call(&app, "GET", &format!("/api/sessions/{}", id(&view)), None).await;
                assert!(now["engine_error"].is_null(), "{game} {engine}: {now}");
                if now["plies"] == 1 {
                    break;
                }
                assert!(start.elapsed() < Duration::from_secs(4), "{game} {engine} takes too long");
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            call(&app, "DELETE", &format!("/api/sessions/{}", id(&view)), None).await;
        }
    }
}

#[tokio::test]
async fn every_setting_says_how_the_page_asks_for_it() {
    let (_, catalog) = call(&router(Config::default()), "GET", "/api/games", None).await;
    let mut kinds = std::collections::BTreeSet::new();
    for game in catalog["games"].as_array().unwrap() {
        let settings = game["options"]
            .as_array()
            .unwrap()
            .iter()
            .chain(game["searchers"].as_array().unwrap().iter().flat_map(|s| s["keys"].as_array().unwrap().iter()));
        for setting in settings {
            let control = &setting["control"];
            let kind = control["kind"].as_str().unwrap_or_else(|| panic!("no control: {setting}"));
            kinds.insert(kind.to_string());
            let default = setting["default"].as_str().unwrap();
            match kind {
                "switch" => assert!(default == "true" || default == "false", "{setting}"),
                "choice" => assert!(control["choices"].as_array().unwrap().contains(&json!(default)), "{setting}"),
                "number" | "limit" => {
                    let (min, max) = (control["min"].as_i64().unwrap(), control["max"].as_i64().unwrap());
                    assert!(min <= max, "{setting}");
                    if default != "none" {
                        let n: i64 = default.parse().unwrap_or_else(|_| panic!("{setting}"));
                        assert!((min..=max).contains(&n), "{setting}");
                    } else {
                        assert_eq!(kind, "limit", "{setting}");
                    }
                }
                "text" => {}
                other => panic!("unknown control {other}: {setting}"),
            }
        }
    }
    let max_plies =
        &catalog["games"][0]["options"].as_array().unwrap().iter().find(|o| o["key"] == "max_plies").unwrap();
    assert_eq!(max_plies["control"], json!({ "kind": "limit", "min": 1, "max": 4_294_967_295u64 }));
    for kind in ["switch", "choice", "number", "limit"] {
        assert!(kinds.contains(kind), "no setting asks with a {kind}: {kinds:?}");
    }
}
