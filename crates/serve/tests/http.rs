//! Every endpoint over HTTP, without a browser: requests go through the router as the
//! server would route them, and the answers are checked against the rules.

mod common;

use common::{call, create, get, id, raw, wait_for};

use std::time::{Duration, Instant};

use axum::Router;
use axum::http::StatusCode;
use serde_json::{Value, json};
use tabula_arena::seal;
use tabula_rules::Game;
use tabula_rules::games::NAMES;
use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};
use tabula_serve::error::{ECHO, MAX_MESSAGE};
use tabula_serve::{Budget, Config, MAX_BODY, router};

fn app() -> Router {
    router(Config::default())
}

async fn play(app: &Router, id: &str, mv: &str) -> (StatusCode, Value) {
    call(app, "POST", &format!("/api/sessions/{id}/moves"), Some(json!({ "move": mv }))).await
}

fn error(value: &Value) -> &str {
    value["error"].as_str().unwrap_or_else(|| panic!("no error message in {value}"))
}

fn person_vs_person(game: &str) -> Value {
    json!({ "game": game, "seats": ["person", "person"] })
}

#[tokio::test]
async fn the_page_and_its_files_are_served() {
    let app = app();
    let (status, kind, page) = raw(&app, "GET", "/", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/html"), "{kind}");
    assert!(page.contains("<script src=\"/assets/board.js\">"));
    assert!(page.contains("id=\"board\""));
    let (status, kind, script) = raw(&app, "GET", "/assets/board.js", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/javascript"), "{kind}");
    assert!(script.contains("/api/sessions"));
    let (status, kind, _) = raw(&app, "GET", "/assets/board.css", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/css"), "{kind}");
}

#[tokio::test]
async fn the_game_list_names_every_game_with_its_choices() {
    let (status, list) = call(&app(), "GET", "/api/games", None).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = list["games"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert_eq!(names, NAMES);
    let cc = &list["games"][0];
    assert_eq!(cc["players"], json!([2, 3, 4, 5, 6]));
    assert_eq!(cc["default_players"], 2);
    assert!(cc["options"].as_array().unwrap().iter().any(|o| o["key"] == "max_plies"));
    let searchers: Vec<&str> =
        cc["searchers"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(searchers, ["alphabeta", "mcts", "minimax", "greedy", "random"]);
    assert_eq!(cc["default_engines"], json!(["alphabeta", "mcts", "mcts", "mcts", "alphabeta"]));
    let e = list["games"].as_array().unwrap().iter().find(|g| g["name"] == "e").unwrap();
    assert_eq!(e["default_engines"], json!(["alphabeta", "alphabeta", "alphabeta", "alphabeta", "mcts"]));
    assert_eq!(
        cc["default_engines_by_option"],
        json!([{ "players": 2, "key": "cc.anti_block", "value": "none", "engine": "mcts" }])
    );
    for game in list["games"].as_array().unwrap().iter().filter(|g| g["name"] != "chinese-checkers") {
        assert_eq!(game["default_engines_by_option"], json!([]), "{}", game["name"]);
    }
    assert_eq!(list["think_presets"], json!([["beginner", 5000], ["intermediate", 30000], ["expert", 60000]]));
}

#[tokio::test]
async fn a_legal_move_changes_the_position_and_the_move_list() {
    let app = app();
    let view = create(&app, person_vs_person("chinese-checkers")).await;
    let start = ChineseCheckers::new(&CcOptions::default()).unwrap();
    assert_eq!(view["position"], start.to_text());
    assert_eq!(view["to_move"], 0);
    assert!(view["legal"].as_array().unwrap().iter().any(|m| m["text"] == "k15-i13"));
    let (status, after) = play(&app, &id(&view), "k15-i13").await;
    assert_eq!(status, StatusCode::OK, "{after}");
    let mut expected = start;
    expected.play(expected.parse_move("k15-i13").unwrap());
    assert_eq!(after["position"], expected.to_text());
    assert_eq!(after["moves"], json!([{ "ply": 1, "seat": 0, "text": "k15-i13" }]));
    assert_eq!(after["ply"], 1);
    assert_eq!(after["to_move"], 1);
    assert!(after["svg"].as_str().unwrap().contains("class=\"last to\" data-cell=\"i13\""));
    assert_eq!(get(&app, &id(&view)).await["position"], expected.to_text());
}

#[tokio::test]
async fn an_illegal_or_malformed_move_is_refused_and_the_game_is_unchanged() {
    let app = app();
    let view = create(&app, person_vs_person("chinese-checkers")).await;
    let id = id(&view);
    let (status, answer) = play(&app, &id, "k15-k14").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&answer).contains("illegal move 'k15-k14'"), "{answer}");
    let (status, answer) = play(&app, &id, "zz99").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&answer).contains("zz99"), "{answer}");
    let (status, answer) = call(&app, "POST", &format!("/api/sessions/{id}/moves"), Some(json!({ "mv": "x" }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&answer).contains("broken JSON") && error(&answer).contains("mv"), "{answer}");
    let now = get(&app, &id).await;
    assert_eq!(now["position"], view["position"]);
    assert_eq!(now["plies"], 0);
}

#[tokio::test]
async fn bad_new_games_name_the_bad_part() {
    let app = app();
    let cases = [
        (json!({ "game": "checkers" }), "unknown game 'checkers'"),
        (json!({ "game": "chinese-checkers", "players": 7 }), "bad player count '7'"),
        (json!({ "game": "chinese-checkers", "options": { "colour": "red" } }), "unknown option 'colour'"),
        (json!({ "game": "chinese-checkers", "options": { "max_plies": "many" } }), "bad value 'many'"),
        (json!({ "game": "chinese-checkers", "seats": ["person"] }), "bad seats: 1 given for 2 players"),
        (json!({ "game": "chinese-checkers", "seats": ["person", "deep-blue"] }), "unknown engine 'deep-blue'"),
        (json!({ "game": "chinese-checkers", "seats": ["person", "alphabeta:depth=x"] }), "unknown key 'depth'"),
        (json!({ "game": "chinese-checkers", "think_ms": 0 }), "bad think_ms '0'"),
        (json!({ "game": "chinese-checkers", "position": "nonsense" }), "bad position"),
        (json!({ "game": "chinese-checkers", "colour": "red" }), "unknown field `colour`"),
        (json!({ "players": 2 }), "missing field `game`"),
    ];
    for (request, message) in cases {
        let (status, answer) = call(&app, "POST", "/api/sessions", Some(request.clone())).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{request}");
        assert!(error(&answer).contains(message), "{request}: {answer}");
    }
    let (status, _, text) =
        raw(&app, "POST", "/api/sessions", Some(("application/json", b"{\"game\": ".to_vec()))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(text.contains("broken JSON"), "{text}");
}

/// Input of megabytes (a position, a move, an option, an engine spec, a JSON key, a
/// record's tag, a path, an id) is refused with a message that quotes a short prefix of it.
#[tokio::test]
async fn errors_quote_a_short_prefix_of_long_input() {
    let app = app();
    let long = "x".repeat(4_000_000);
    let spaced = "x ".repeat(2_000_000);
    let view = create(&app, person_vs_person("e")).await;
    let moves = format!("/api/sessions/{}/moves", id(&view));
    let mut options = serde_json::Map::new();
    options.insert(long.clone(), json!("1"));
    let mut key = serde_json::Map::new();
    key.insert(long.clone(), json!(1));
    let cases = [
        ("/api/sessions", json!({ "game": "e", "position": long }), "bad position: "),
        ("/api/sessions", json!({ "game": "e", "position": format!("e {long}") }), "bad position: "),
        ("/api/sessions", json!({ "game": "e", "position": spaced }), "bad position: "),
        ("/api/sessions", json!({ "game": long }), "unknown game 'xxx"),
        ("/api/sessions", json!({ "game": "e", "options": options }), "bad option 'xxx"),
        ("/api/sessions", json!({ "game": "e", "options": { "max_plies": long } }), "bad option 'max_plies=xxx"),
        ("/api/sessions", json!({ "game": "e", "seats": ["person", long] }), "bad seat 1 engine 'xxx"),
        ("/api/sessions", json!({ "game": "e", "seats": ["person", format!("mcts:{long}=1")] }), "bad seat 1"),
        ("/api/sessions", json!({ "game": "e", "seats": ["person", spaced] }), "bad seat 1 engine 'x x"),
        ("/api/sessions", Value::Object(key), "broken JSON: unknown field `xxx"),
        ("/api/sessions", json!({ "game": "e", "think_ms": spaced }), "broken JSON: invalid type"),
        (&moves, json!({ "move": long }), "bad move: "),
        (&moves, json!({ "move": spaced }), "bad move: "),
        ("/api/replays", json!({ "records": seal(&format!("[Game \"{long}\"]\n\n*\n")) }), "unknown game 'xxx"),
    ];
    for (path, request, start) in cases {
        let (status, answer) = call(&app, "POST", path, Some(request)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {start}: {answer}");
        let message = error(&answer);
        assert!(message.contains(start), "{start}: {message}");
        assert!(message.chars().count() <= MAX_MESSAGE + 1, "{start}: {message}");
        let echo = message.matches('x').count();
        assert!(echo <= 3 * ECHO, "{start}: {echo} x: {message}");
    }
    for path in [format!("/api/{}", "y".repeat(10_000)), format!("/api/sessions/{}", "y".repeat(10_000))] {
        let (status, answer) = call(&app, "GET", &path, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert!(error(&answer).contains("yyyy…"), "{answer}");
        assert!(error(&answer).len() < 200, "{answer}");
    }
}

#[tokio::test]
async fn unknown_ids_paths_methods_and_oversize_bodies_are_refused() {
    let app = app();
    let (status, answer) = call(&app, "GET", "/api/sessions/nope", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error(&answer).contains("unknown session id 'nope'"));
    let (status, answer) = play(&app, "nope", "k15-i13").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error(&answer).contains("'nope'"));
    let (status, answer) = call(&app, "GET", "/api/nothing", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error(&answer).contains("/api/nothing"));
    let (status, answer) = call(&app, "PUT", "/api/sessions", None).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(error(&answer).contains("PUT"));
    let view = create(&app, person_vs_person("e")).await;
    let huge = vec![b' '; MAX_BODY + 1];
    let (status, _, text) =
        raw(&app, "POST", &format!("/api/sessions/{}/moves", id(&view)), Some(("application/json", huge))).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(text.contains("too large"), "{text}");
    assert_eq!(get(&app, &id(&view)).await["position"], view["position"]);
}

#[tokio::test]
async fn the_engine_answers_a_move_with_a_legal_move() {
    let app = app();
    let request = json!({ "game": "martian-chess", "seats": ["person", "alphabeta:threads=1"], "think_ms": 100 });
    let view = create(&app, request).await;
    let first = view["legal"][0]["text"].as_str().unwrap().to_string();
    let (status, after) = play(&app, &id(&view), &first).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    let done = wait_for(&app, &id(&view), |v| v["plies"] == 2).await;
    let reply = done["moves"][1]["text"].as_str().unwrap();
    let mut game: tabula_rules::games::martian_chess::MartianChess =
        Game::from_text(after["position"].as_str().unwrap()).unwrap();
    let mv = game.parse_move(reply).expect("the engine's move is legal");
    game.play(mv);
    assert_eq!(done["position"], game.to_text());
    let search = &done["last_search"];
    assert_eq!(search["seat"], 1);
    assert!(search["depth"].as_u64().unwrap() >= 1, "{search}");
    assert_eq!(search["pv"][0], reply);
    assert!(done["search"].is_null());
}

#[tokio::test]
async fn stop_makes_the_engine_move_at_once() {
    let app = app();
    let request = json!({ "game": "chinese-checkers", "seats": ["alphabeta:threads=1", "person"], "think_ms": 600000 });
    let view = create(&app, request).await;
    let id = id(&view);
    wait_for(&app, &id, |v| !v["search"].is_null()).await;
    let start = Instant::now();
    let (status, answer) = call(&app, "POST", &format!("/api/sessions/{id}/stop"), None).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let done = wait_for(&app, &id, |v| v["plies"] == 1).await;
    assert!(start.elapsed() < Duration::from_secs(10));
    assert_eq!(done["to_move"], 1);
    let (status, answer) = call(&app, "POST", &format!("/api/sessions/{id}/stop"), None).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(error(&answer).contains("no search is running"));
}

#[tokio::test]
async fn a_move_while_the_engine_thinks_is_refused() {
    let app = app();
    let request = json!({ "game": "e", "seats": ["alphabeta:threads=1", "person"], "think_ms": 600000 });
    let view = create(&app, request).await;
    let id = id(&view);
    wait_for(&app, &id, |v| !v["search"].is_null()).await;
    let mv = view["legal"][0]["text"].as_str().unwrap();
    let (status, answer) = play(&app, &id, mv).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(error(&answer).contains("thinking for seat 0"), "{answer}");
    let (status, _) = call(&app, "DELETE", &format!("/api/sessions/{id}"), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
}

#[tokio::test]
async fn undo_takes_back_to_the_persons_turn() {
    let app = app();
    let view = create(&app, person_vs_person("echelon")).await;
    let id = id(&view);
    let first = view["legal"][0]["text"].as_str().unwrap().to_string();
    play(&app, &id, &first).await;
    let (status, after) = call(&app, "POST", &format!("/api/sessions/{id}/undo"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(after["plies"], 0);
    assert_eq!(after["position"], view["position"]);
    let (status, answer) = call(&app, "POST", &format!("/api/sessions/{id}/undo"), None).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(error(&answer).contains("nothing to undo"));

    let request = json!({ "game": "echelon", "seats": ["person", "greedy"], "think_ms": 50 });
    let view = create(&app, request).await;
    let id = view["id"].as_str().unwrap();
    play(&app, id, &first).await;
    wait_for(&app, id, |v| v["plies"] == 2).await;
    let (_, after) = call(&app, "POST", &format!("/api/sessions/{id}/undo"), None).await;
    assert_eq!(after["plies"], 0, "undo goes back past the engine's move to the person's");
    assert_eq!(after["to_move"], 0);
}

#[tokio::test]
async fn stepping_shows_earlier_plies_and_a_move_there_drops_the_later_ones() {
    let app = app();
    let view = create(&app, person_vs_person("icelights")).await;
    let id = id(&view);
    let (_, one) = play(&app, &id, view["legal"][0]["text"].as_str().unwrap()).await;
    let (_, two) = play(&app, &id, one["legal"][0]["text"].as_str().unwrap()).await;
    assert_eq!(two["plies"], 2);
    let path = format!("/api/sessions/{id}/ply");
    let (status, back) = call(&app, "POST", &path, Some(json!({ "ply": 1 }))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(back["position"], one["position"]);
    assert_eq!(back["ply"], 1);
    assert_eq!(back["plies"], 2);
    let (status, answer) = call(&app, "POST", &path, Some(json!({ "ply": 3 }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&answer).contains("bad ply '3'"));
    let (status, answer) = call(&app, "POST", &path, Some(json!({ "ply": -1 }))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&answer).contains("broken JSON"));
    let other = one["legal"][1]["text"].as_str().unwrap();
    let (_, branched) = play(&app, &id, other).await;
    assert_eq!(branched["plies"], 2);
    assert_eq!(branched["moves"][1]["text"], other);
}

#[tokio::test]
async fn a_finished_game_shows_its_result_and_takes_no_move() {
    let app = app();
    let request = json!({ "game": "martian-chess", "seats": ["person", "person"], "options": { "max_plies": "2" } });
    let view = create(&app, request).await;
    let id = id(&view);
    assert!(view["result"].is_null());
    let (_, one) = play(&app, &id, view["legal"][0]["text"].as_str().unwrap()).await;
    let (_, two) = play(&app, &id, one["legal"][0]["text"].as_str().unwrap()).await;
    let result = &two["result"];
    assert!(result["text"].is_string(), "{two}");
    assert_eq!(result["reason"], "the ply limit max_plies=2 was reached; points 0-0", "{result}");
    assert_eq!(result["points"], json!([0, 0]));
    assert!(two["legal"].as_array().unwrap().is_empty());
    assert!(two["to_move"].is_null());
    let (status, answer) = play(&app, &id, "pass").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&answer).contains("the game is over"), "{answer}");

    // The rules say why: seat 0 fills its target's last hole beside seat 1's blocker on e1.
    let position = "chinese-checkers players=2 camps=03 turn=0 ply=40 passes=0 board=./../.../..../............./\
                    ............/.........../111111111./0......../........../.........../............/\
                    ....0......../.000/000/00/1";
    let request = json!({ "game": "chinese-checkers", "position": position, "seats": ["person", "person"] });
    let blocked = create(&app, request).await;
    let (_, won) = play(&app, blocked["id"].as_str().unwrap(), "e5-e4").await;
    assert_eq!(won["result"]["text"], "seat 0 wins");
    assert_eq!(
        won["result"]["reason"],
        "seat 0's target camp is full and holds 9 of its pegs, enough under the fill rule"
    );
}

/// A records file of one Chinese Checkers game of `plies` plies, ended by the ply limit.
fn record(plies: usize) -> (String, Vec<String>) {
    let mut options = CcOptions::default();
    tabula_rules::GameOptions::set_max_plies(&mut options, Some(plies as u32)).unwrap();
    let mut game = ChineseCheckers::new(&options).unwrap();
    let mut moves = Vec::new();
    let mut list = tabula_rules::MoveList::new();
    while !game.is_over() {
        game.legal_moves(&mut list);
        let mv = *list.iter().next().unwrap();
        moves.push(game.format_move(mv));
        game.play(mv);
    }
    let text = format!(
        "[Game \"chinese-checkers\"]\n[Options \"players=2 max_plies={plies}\"]\n[Seats \"a; b\"]\n[Result \"1/2-1/2\"]\n[Termination \"max plies\"]\n\n{} 1/2-1/2\n\n",
        moves.join(" ")
    );
    (text, moves)
}

#[tokio::test]
async fn a_record_replays_ply_by_ply() {
    let app = app();
    let (unsealed, moves) = record(6);
    let text = seal(&unsealed);
    let (status, view) = call(&app, "POST", "/api/replays", Some(json!({ "records": text }))).await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    assert_eq!(view["ply"], 0);
    assert_eq!(view["plies"], 6);
    assert_eq!(view["seats"], json!(["person", "person"]));
    let texts: Vec<&str> = view["moves"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect();
    assert_eq!(texts, moves);
    assert_eq!(view["record"]["result"], "1/2-1/2");
    let path = format!("/api/sessions/{}/ply", id(&view));
    let (_, end) = call(&app, "POST", &path, Some(json!({ "ply": 6 }))).await;
    assert_eq!(end["result"]["text"], "draw");
    assert_eq!(end["result"]["reason"], "the record says: max plies");
    let (_, middle) = call(&app, "POST", &path, Some(json!({ "ply": 3 }))).await;
    assert!(middle["result"].is_null());
    let to = &moves[2][moves[2].find('-').unwrap() + 1..];
    assert!(middle["svg"].as_str().unwrap().contains(&format!("class=\"last to\" data-cell=\"{to}\"")), "{middle}");

    let bad = [
        (json!({ "records": "" }), "holds no game"),
        (json!({ "records": seal(&unsealed.replace("chinese-checkers", "go")) }), "unknown game 'go'"),
        (json!({ "records": seal(&unsealed.replace(&moves[1], "a1-a2")) }), "ply 2"),
        (json!({ "records": text.replace(&moves[1], "a1-a2") }), "does not match"),
        (json!({ "records": unsealed }), "no seal"),
        (json!({ "records": "[Game \"e\"\n" }), "bad record"),
        (json!({ "records": text, "game": 2 }), "bad game '2': the file holds 1 games"),
        (json!({ "records": text, "game": 0 }), "bad game '0'"),
        (json!({ "text": text }), "unknown field `text`"),
    ];
    for (request, message) in bad {
        let (status, answer) = call(&app, "POST", "/api/replays", Some(request)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(error(&answer).contains(message), "{message}: {answer}");
    }
}

#[tokio::test]
async fn deleted_and_evicted_sessions_are_gone() {
    let app = router(Config { max_sessions: 2, ..Config::default() });
    let first = create(&app, person_vs_person("e")).await;
    let second = create(&app, person_vs_person("e")).await;
    let (status, _) = call(&app, "DELETE", &format!("/api/sessions/{}", id(&second)), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = call(&app, "GET", &format!("/api/sessions/{}", id(&second)), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(&app, "DELETE", &format!("/api/sessions/{}", id(&second)), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    get(&app, &id(&first)).await;
    let _third = create(&app, person_vs_person("e")).await;
    let _fourth = create(&app, person_vs_person("e")).await;
    let (status, _) = call(&app, "GET", &format!("/api/sessions/{}", id(&first)), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "the session left alone longest makes room");
}

/// Seats nobody chose get the default engine of the game's player count and options.
#[tokio::test]
async fn unchosen_seats_get_the_default_engine_of_the_options() {
    let app = app();
    let plain = create(&app, json!({ "game": "chinese-checkers" })).await;
    assert_eq!(plain["seats"], json!(["person", "alphabeta"]));
    let no_block = create(&app, json!({ "game": "chinese-checkers", "options": { "cc.anti_block": "none" } })).await;
    assert_eq!(no_block["seats"], json!(["person", "mcts"]));
    let three = create(&app, json!({ "game": "chinese-checkers", "players": 3 })).await;
    assert_eq!(three["seats"], json!(["person", "mcts", "mcts"]));
}

/// Every game's legal moves are clicked on cells (and stack heights) its picture has.
#[tokio::test]
async fn every_games_clicks_name_cells_of_its_picture() {
    let app = app();
    for game in NAMES {
        let view = create(&app, json!({ "game": game, "seats": null, "think_ms": 50 })).await;
        let svg = view["svg"].as_str().unwrap();
        let legal = view["legal"].as_array().unwrap();
        assert!(!legal.is_empty(), "{game}");
        for m in legal {
            let (Some(from), Some(to)) = (m["from"].as_object(), m["to"].as_object()) else {
                assert!(m["text"].as_str().unwrap().starts_with("pass"), "{game}: {m}");
                continue;
            };
            let cell =
                |spot: &serde_json::Map<String, Value>| format!("data-cell=\"{}\"", spot["cell"].as_str().unwrap());
            assert!(svg.contains(&format!("class=\"piece seat-{}", view["to_move"])), "{game}");
            assert!(svg.contains(&cell(from)), "{game}: {m}");
            assert!(svg.contains(&cell(to)), "{game}: {m}");
            if let Some(level) = from.get("level") {
                let piece = format!("{} data-level=\"{level}\"", cell(from));
                assert!(svg.contains(&piece), "{game}: {m} has no piece {piece}");
            }
        }
    }
}

/// A server with `budget`'s limits.
fn budgeted(budget: Budget) -> Router {
    router(Config { budget, ..Config::default() })
}

fn against(engine: &str) -> Value {
    json!({ "game": "chinese-checkers", "seats": ["person", engine], "think_ms": 50 })
}

async fn gone(app: &Router, id: &str) -> bool {
    call(app, "GET", &format!("/api/sessions/{id}"), None).await.0 == StatusCode::NOT_FOUND
}

#[tokio::test]
async fn engine_games_and_their_tables_are_bounded() {
    // One engine game at a time: a second ends the first; a game of people ends none.
    let app = budgeted(Budget { engine_games: 1, ..Budget::default() });
    let first = create(&app, against("greedy")).await;
    let people = create(&app, person_vs_person("chinese-checkers")).await;
    let second = create(&app, against("greedy")).await;
    assert!(gone(&app, &id(&first)).await, "the engine game left alone longest makes room");
    get(&app, &id(&people)).await;
    get(&app, &id(&second)).await;

    // 100 MB of tables: 60 and 60 do not fit together, the older goes; 200 never fits.
    let app = budgeted(Budget { table_mb: 100, ..Budget::default() });
    let first = create(&app, against("alphabeta:hash=60")).await;
    let small = create(&app, against("alphabeta:hash=30")).await;
    let second = create(&app, against("alphabeta:hash=60")).await;
    assert!(gone(&app, &id(&first)).await, "the oldest game holding tables makes room");
    get(&app, &id(&small)).await;
    get(&app, &id(&second)).await;
    let (status, answer) = call(&app, "POST", "/api/sessions", Some(against("alphabeta:hash=200"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&answer).contains("200 MB") && error(&answer).contains("--table-memory"), "{answer}");
    let (status, answer) = call(&app, "POST", "/api/sessions", Some(against("mcts:memory=101"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    get(&app, &id(&second)).await;
}

#[tokio::test]
async fn engine_threads_and_thinking_time_are_bounded() {
    let app = budgeted(Budget { threads: 2, think_ms: 1_000, ..Budget::default() });
    create(&app, against("alphabeta:threads=2")).await;
    let (status, answer) = call(&app, "POST", "/api/sessions", Some(against("alphabeta:threads=3"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&answer).contains("threads=3") && error(&answer).contains("--max-threads"), "{answer}");
    let (status, answer) = call(&app, "POST", "/api/sessions", Some(against("mcts:threads=64"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    let slow = json!({ "game": "chinese-checkers", "seats": ["person", "greedy"], "think_ms": 2_000 });
    let (status, answer) = call(&app, "POST", "/api/sessions", Some(slow)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error(&answer).contains("'2000'") && error(&answer).contains("1000 milliseconds"), "{answer}");
}

#[tokio::test]
async fn a_session_left_alone_ends_and_its_engines_stop() {
    // Two engines playing each other never need the page; left alone, the game ends.
    let app = budgeted(Budget { idle: Duration::from_millis(300), ..Budget::default() });
    let engines = json!({ "game": "chinese-checkers", "seats": ["greedy", "random"], "think_ms": 50 });
    let watched = create(&app, engines.clone()).await;
    let alone = create(&app, engines).await;
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(900) {
        get(&app, &id(&watched)).await;
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(gone(&app, &id(&alone)).await, "the session no one asked about ended");
    get(&app, &id(&watched)).await;
}
