//! The guard before every route (`src/guard.rs`): a request must name this server in
//! `Host`, and one that changes something must come from the server's own page (or an
//! origin allowed) and send JSON. Requests go through the router as the server would route
//! them; a refused one changes nothing.

use std::net::SocketAddr;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tabula_serve::{Arrival, Config, Origin, router};
use tower::ServiceExt;

/// The address of the default configuration, and its page's origin.
const HOST: &str = "127.0.0.1:8080";
const OWN: &str = "http://127.0.0.1:8080";

const JSON: &str = "application/json";

/// A request with `headers` and, if given, a JSON body.
fn request(method: &str, path: &str, headers: &[(&str, &str)], body: Option<Value>) -> Request<Body> {
    let mut request = Request::builder().method(method).uri(path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.body(body.map_or_else(Body::empty, |b| Body::from(b.to_string()))).unwrap()
}

/// Sends `request` and returns the status and the JSON answer (null if none).
async fn send(app: &Router, request: Request<Body>) -> (StatusCode, Value) {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = if bytes.is_empty() { Value::Null } else { serde_json::from_slice(&bytes).unwrap() };
    (status, value)
}

fn error(value: &Value) -> &str {
    value["error"].as_str().unwrap_or_else(|| panic!("no error message in {value}"))
}

fn new_game() -> Value {
    json!({ "game": "e", "seats": ["person", "person"] })
}

/// What the page's own POST carries.
const PAGE: [(&str, &str); 3] = [("host", HOST), ("origin", OWN), ("content-type", JSON)];

/// Starts a session as the page does; returns its id.
async fn create(app: &Router) -> String {
    let (status, view) = send(app, request("POST", "/api/sessions", &PAGE, Some(new_game()))).await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    view["id"].as_str().unwrap().to_string()
}

/// Whether session `id` is still kept.
async fn kept(app: &Router, id: &str) -> bool {
    let path = format!("/api/sessions/{id}");
    let (status, _) = send(app, request("GET", &path, &[("host", HOST)], None)).await;
    status == StatusCode::OK
}

#[tokio::test]
async fn a_request_naming_another_host_is_refused_before_any_route() {
    let app = router(Config::default());
    let paths = [("GET", "/"), ("GET", "/assets/board.js"), ("GET", "/api/games"), ("GET", "/api/nothing")];
    for (method, path) in paths {
        let (status, answer) = send(&app, request(method, path, &[("host", "evil.example")], None)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
        assert_eq!(error(&answer), "host 'evil.example' is not this server");
    }
    let headers = [("host", "evil.example"), ("origin", "http://evil.example"), ("content-type", JSON)];
    let (status, _) = send(&app, request("POST", "/api/sessions", &headers, Some(new_game()))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    for host in [
        "evil.example:8080",
        "127.0.0.1:8081",
        "127.0.0.1",
        "localhost",
        "127.0.0.2:8080",
        "[::2]:8080",
        "localhost.evil.example:8080",
        "user@localhost:8080",
        "localhost:+8080",
        "localhost:",
        "localhost:65616",
        "",
    ] {
        let (status, answer) = send(&app, request("GET", "/api/games", &[("host", host)], None)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{host}");
        assert_eq!(error(&answer), format!("host '{host}' is not this server"));
    }
    let (status, answer) = send(&app, request("GET", "/api/games", &[], None)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(error(&answer).starts_with("no Host header"), "{answer}");
    let (status, answer) =
        send(&app, request("GET", "/api/games", &[("host", HOST), ("host", "evil.example")], None)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(error(&answer), "more than one Host header");
    let (status, answer) = send(&app, request("GET", "http://evil.example/api/games", &[("host", HOST)], None)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "the target's authority is checked too");
    assert_eq!(error(&answer), "host 'evil.example' is not this server");
    for host in [HOST, "localhost:8080", "LOCALHOST:8080", "[::1]:8080"] {
        let (status, _) = send(&app, request("GET", "/api/games", &[("host", host)], None)).await;
        assert_eq!(status, StatusCode::OK, "{host}");
    }
    // On port 80 a browser leaves the port out.
    let app = router(Config { address: "[::1]:80".parse().unwrap(), ..Config::default() });
    let (status, _) = send(&app, request("GET", "/api/games", &[("host", "localhost")], None)).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn a_change_from_another_origin_or_none_is_refused_and_changes_nothing() {
    // One session at most: a second one started would end the first.
    let app = router(Config { max_sessions: 1, ..Config::default() });
    let id = create(&app).await;
    let moves = format!("/api/sessions/{id}/moves");
    let session = format!("/api/sessions/{id}");
    let origins =
        ["http://evil.example", "null", "https://127.0.0.1:8080", "http://127.0.0.1:8081", "http://evil.example:8080"];
    for origin in origins {
        let headers = [("host", HOST), ("origin", origin), ("content-type", JSON)];
        for (method, path, body) in [
            ("POST", "/api/sessions", Some(new_game())),
            ("POST", moves.as_str(), Some(json!({ "move": "pass" }))),
            ("POST", "/api/replays", Some(json!({ "records": "" }))),
            ("DELETE", session.as_str(), None),
        ] {
            let (status, answer) = send(&app, request(method, path, &headers, body)).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{method} {path} from {origin}");
            assert_eq!(error(&answer), format!("origin '{origin}' may not change anything here (see --allow-origin)"));
        }
    }
    let headers = [("host", HOST), ("content-type", JSON)];
    let (status, answer) = send(&app, request("POST", "/api/sessions", &headers, Some(new_game()))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(error(&answer).starts_with("no Origin header"), "{answer}");
    for method in ["DELETE", "PUT", "PATCH", "PROPFIND"] {
        let (status, answer) = send(&app, request(method, &session, &[("host", HOST)], None)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{method}");
        assert!(error(&answer).starts_with("no Origin header"), "{method}: {answer}");
    }
    let headers = [("host", HOST), ("origin", OWN), ("origin", OWN), ("content-type", JSON)];
    let (status, answer) = send(&app, request("POST", "/api/sessions", &headers, Some(new_game()))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(error(&answer), "more than one Origin header");
    assert!(kept(&app, &id).await, "no refused request started, played on or deleted a session");

    // The server's other loopback names are its own page too.
    let headers = [("host", "localhost:8080"), ("origin", "http://localhost:8080"), ("content-type", JSON)];
    let (status, answer) = send(&app, request("DELETE", &session, &headers, None)).await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{answer}");
    assert!(!kept(&app, &id).await);
}

#[tokio::test]
async fn a_change_not_sent_as_json_is_refused() {
    let app = router(Config { max_sessions: 1, ..Config::default() });
    let id = create(&app).await;
    for kind in
        ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp"]
    {
        let headers = [("host", HOST), ("origin", OWN), ("content-type", kind)];
        let (status, answer) = send(&app, request("POST", "/api/sessions", &headers, Some(new_game()))).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{kind}");
        assert_eq!(error(&answer), format!("content type '{kind}' refused: send application/json"));
    }
    let headers = [("host", HOST), ("origin", OWN)];
    let (status, answer) = send(&app, request("POST", "/api/sessions", &headers, Some(new_game()))).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(error(&answer).starts_with("no Content-Type"), "{answer}");
    let undo = format!("/api/sessions/{id}/undo");
    let headers = [("host", HOST), ("origin", OWN), ("content-type", "text/plain")];
    let (status, _) = send(&app, request("POST", &undo, &headers, None)).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "a content type said must be JSON, body or not");
    assert!(kept(&app, &id).await);

    // A request without a body need not say one; JSON may carry parameters, in any case.
    let (status, answer) = send(&app, request("POST", &undo, &[("host", HOST), ("origin", OWN)], None)).await;
    assert_eq!(status, StatusCode::CONFLICT, "past the guard: {answer}");
    for kind in ["application/json; charset=utf-8", "Application/JSON"] {
        let headers = [("host", HOST), ("origin", OWN), ("content-type", kind)];
        let (status, answer) = send(&app, request("POST", "/api/sessions", &headers, Some(new_game()))).await;
        assert_eq!(status, StatusCode::CREATED, "{kind}: {answer}");
    }
}

#[tokio::test]
async fn an_allowed_origin_may_change_things() {
    let allowed = Config { allow_origins: vec!["http://localhost:3000".parse().unwrap()], ..Config::default() };
    let app = router(allowed);
    let from = |origin| [("host", HOST), ("origin", origin), ("content-type", JSON)];
    let (status, answer) =
        send(&app, request("POST", "/api/sessions", &from("http://localhost:3000"), Some(new_game()))).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let (status, _) = send(&app, request("POST", "/api/sessions", &from(OWN), Some(new_game()))).await;
    assert_eq!(status, StatusCode::CREATED, "the server's own page still may");
    let (status, _) =
        send(&app, request("POST", "/api/sessions", &from("http://localhost:3001"), Some(new_game()))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let headers = [("host", "evil.example"), ("origin", "http://localhost:3000"), ("content-type", JSON)];
    let (status, _) = send(&app, request("POST", "/api/sessions", &headers, Some(new_game()))).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "the host is checked all the same");

    let app = router(Config::default());
    let (status, _) =
        send(&app, request("POST", "/api/sessions", &from("http://localhost:3000"), Some(new_game()))).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "not allowed unless given");
}

#[tokio::test]
async fn a_server_bound_to_every_address_answers_to_the_one_a_request_arrived_at() {
    let app = router(Config { address: "0.0.0.0:8080".parse().unwrap(), ..Config::default() });
    let at = |host: &str, arrival: Option<&str>, method: &str, origin: Option<&str>| {
        let mut headers = vec![("host", host.to_string()), ("content-type", JSON.to_string())];
        if let Some(origin) = origin {
            headers.push(("origin", origin.to_string()));
        }
        let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let body = (method == "POST").then(new_game);
        let mut request = request(method, "/api/sessions", &headers, body);
        if method == "GET" {
            *request.uri_mut() = "/api/games".parse().unwrap();
        }
        let arrival = arrival.map(|a| a.parse::<SocketAddr>().unwrap());
        request.extensions_mut().insert(ConnectInfo(Arrival(arrival)));
        request
    };
    let (status, _) = send(&app, at("192.0.2.7:8080", Some("192.0.2.7:8080"), "GET", None)).await;
    assert_eq!(status, StatusCode::OK);
    let (status, answer) =
        send(&app, at("192.0.2.7:8080", Some("192.0.2.7:8080"), "POST", Some("http://192.0.2.7:8080"))).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let (status, _) = send(&app, at("192.0.2.7:8080", None, "GET", None)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "not where it arrived");
    let (status, _) = send(&app, at("192.0.2.7:8080", Some("192.0.2.8:8080"), "GET", None)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "not where it arrived");
    let (status, _) = send(&app, at("board.example:8080", Some("192.0.2.7:8080"), "GET", None)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "a name is no address");
    let (status, _) = send(&app, at("localhost:8080", Some("127.0.0.1:8080"), "GET", None)).await;
    assert_eq!(status, StatusCode::OK, "arrived on loopback");
    let (status, _) = send(&app, at("localhost:8080", Some("192.0.2.7:8080"), "GET", None)).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "arrived from the network");
    for host in ["localhost:8080", "127.0.0.1:8080"] {
        let (status, _) = send(&app, at(host, Some("[::ffff:127.0.0.1]:8080"), "GET", None)).await;
        assert_eq!(status, StatusCode::OK, "{host}: loopback as an IPv4-mapped IPv6 address");
    }
    let (status, _) = send(&app, at("0.0.0.0:8080", None, "GET", None)).await;
    assert_eq!(status, StatusCode::OK, "the address it is bound to");
    for host in ["localhost:8080", "192.0.2.7:8080"] {
        let (status, _) = send(&app, at(host, None, "GET", None)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{host} with no arrival known");
    }
}

#[test]
fn origins_read_as_browsers_write_them() {
    let read = |text: &str| text.parse::<Origin>().map(|o| o.to_string());
    assert_eq!(read("http://localhost:3000"), Ok("http://localhost:3000".into()));
    assert_eq!(read("HTTPS://Board.Example:443/"), Ok("https://board.example".into()));
    assert_eq!(read("http://[::1]:80"), Ok("http://[::1]".into()));
    for bad in ["localhost:3000", "http://", "http://x/board", "http://x?a=1", "http://u@x", "http://x:port"] {
        let error = read(bad).unwrap_err();
        assert!(error.starts_with(&format!("bad origin '{bad}'")), "{error}");
    }
}

#[tokio::test]
async fn a_refusal_quotes_a_short_prefix_of_a_long_header() {
    let app = router(Config::default());
    let long = format!("{}.example", "h".repeat(10_000));
    let (status, answer) = send(&app, request("GET", "/", &[("host", &long)], None)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(error(&answer).starts_with("host 'hhhh") && error(&answer).contains("h…'"), "{answer}");
    assert!(error(&answer).len() < 150, "{answer}");
    let origin = format!("http://{long}");
    let headers = [("host", HOST), ("origin", origin.as_str()), ("content-type", JSON)];
    let (status, answer) = send(&app, request("POST", "/api/sessions", &headers, Some(new_game()))).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(error(&answer).starts_with("origin 'http://hhhh") && error(&answer).len() < 150, "{answer}");
}
