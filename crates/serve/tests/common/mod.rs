//! What the HTTP tests share: requests sent through the router as the page sends them, and
//! the few calls every test makes.

#![allow(dead_code)] // each test file uses its own share of these

use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// The address the default configuration names, as the page's requests carry it.
pub const HOST: &str = "127.0.0.1:8080";

/// Sends a request as the page does: naming the server in `Host` and, unless it is a GET,
/// with the server's own `Origin` and the content type of `body` (JSON if it has none).
/// Returns the status, the content type and the body as text.
pub async fn raw(
    app: &Router,
    method: &str,
    path: &str,
    body: Option<(&str, Vec<u8>)>,
) -> (StatusCode, String, String) {
    let mut request = Request::builder().method(method).uri(path).header(header::HOST, HOST);
    if method != "GET" {
        let kind = body.as_ref().map_or("application/json", |(kind, _)| kind);
        request = request.header(header::ORIGIN, format!("http://{HOST}")).header(header::CONTENT_TYPE, kind);
    }
    let body = body.map_or_else(Body::empty, |(_, bytes)| Body::from(bytes));
    let response = app.clone().oneshot(request.body(body).unwrap()).await.unwrap();
    let status = response.status();
    let kind =
        response.headers().get(header::CONTENT_TYPE).map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, kind, String::from_utf8(bytes.to_vec()).unwrap())
}

/// Sends a request with a JSON body (or none) and returns the status and the JSON answer.
pub async fn call(app: &Router, method: &str, path: &str, body: Option<Value>) -> (StatusCode, Value) {
    let body = body.map(|b| ("application/json", b.to_string().into_bytes()));
    let (status, _, text) = raw(app, method, path, body).await;
    let value = if text.is_empty() { Value::Null } else { serde_json::from_str(&text).unwrap() };
    (status, value)
}

/// Starts a session and returns its view.
pub async fn create(app: &Router, request: Value) -> Value {
    let (status, view) = call(app, "POST", "/api/sessions", Some(request)).await;
    assert_eq!(status, StatusCode::CREATED, "{view}");
    view
}

/// The view of session `id`.
pub async fn get(app: &Router, id: &str) -> Value {
    let (status, view) = call(app, "GET", &format!("/api/sessions/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    view
}

/// Polls session `id` until `done` holds of its view; fails after 20 s.
pub async fn wait_for(app: &Router, id: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let view = get(app, id).await;
        if done(&view) {
            return view;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "timed out waiting; last view: {view}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A session's id from its view.
pub fn id(view: &Value) -> String {
    view["id"].as_str().unwrap().to_string()
}
