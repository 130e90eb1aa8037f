//! The HTTP endpoints (see `docs/serve.md`): the page and its files, the game list, and
//! sessions to create, read, play on, step through, stop and delete, all behind the
//! [guard]. Bodies are read as bytes and parsed here, so that every bad body
//! gets a message naming its fault.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::{Arc, Weak};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router, middleware};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use tabula_arena::read_records;

use crate::assets::{BOARD_CSS, BOARD_JS, INDEX_HTML};
use crate::budget::{Budget, Cost};
use crate::catalog::{self, NewGame};
use crate::error::{ApiError, clip};
use crate::guard::{self, Guard, Origin};
use crate::session::Session;
use crate::store::Store;
use crate::view::View;

/// The largest request body taken, in bytes (a records file of many games fits).
pub const MAX_BODY: usize = 4 << 20;

/// How the server is set up.
#[derive(Clone, Debug)]
pub struct Config {
    /// The most sessions kept in memory; starting one more closes the one left alone
    /// longest.
    pub max_sessions: usize,
    /// The address the server is bound to: every request must name it in `Host` (see
    /// [`crate::guard`]). [`crate::serve`] sets it to the listener's.
    pub address: SocketAddr,
    /// Origins besides the server's own whose pages may change things.
    pub allow_origins: Vec<Origin>,
    /// What the sessions may take.
    pub budget: Budget,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_sessions: 32,
            address: SocketAddr::from((Ipv4Addr::LOCALHOST, 8080)),
            allow_origins: Vec::new(),
            budget: Budget::default(),
        }
    }
}

/// What the handlers share.
struct App {
    store: Store,
}

type Shared = State<Arc<App>>;

/// The server's routes, behind the [guard]. A thread closes the sessions left alone for
/// the budget's idle time ([`Store::reap`]) for as long as the router lives.
pub fn router(config: Config) -> Router {
    let app = Arc::new(App { store: Store::new(config.max_sessions, config.budget) });
    reaper(Arc::downgrade(&app), config.budget.idle);
    let guard = Arc::new(Guard::new(config.address, config.allow_origins));
    Router::new()
        .route("/", get(index))
        .route(
            "/assets/board.js",
            get(|| async { ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], BOARD_JS) }),
        )
        .route("/assets/board.css", get(|| async { ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], BOARD_CSS) }))
        .route("/api/games", get(|| async { Json(catalog::catalog()) }))
        .route("/api/sessions", post(create))
        .route("/api/sessions/{id}", get(show).delete(remove))
        .route("/api/sessions/{id}/moves", post(play))
        .route("/api/sessions/{id}/undo", post(undo))
        .route("/api/sessions/{id}/ply", post(goto))
        .route("/api/sessions/{id}/stop", post(stop))
        .route("/api/sessions/{id}/resign", post(resign))
        .route("/api/sessions/{id}/record", get(record))
        .route("/api/replays", post(replay))
        .fallback(no_route)
        .method_not_allowed_fallback(no_method)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
        .layer(middleware::from_fn_with_state(guard, guard::check))
}

/// Looks for idle sessions a few times per `idle` (at least every 10 s) until `app` is gone.
fn reaper(app: Weak<App>, idle: Duration) {
    let every = (idle / 4).clamp(Duration::from_millis(10), Duration::from_secs(10));
    let spawned = std::thread::Builder::new().name("session reaper".into()).spawn(move || {
        loop {
            std::thread::sleep(every);
            let Some(app) = app.upgrade() else { break };
            app.store.reap();
        }
    });
    if let Err(e) = spawned {
        eprintln!("tabula serve: warning: idle sessions will not be ended: {e}");
    }
}

async fn index() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], INDEX_HTML)
}

async fn no_route(method: Method, uri: Uri) -> ApiError {
    ApiError::not_found(format!("no endpoint {} {}", clip(method.as_str()), clip(uri.path())))
}

async fn no_method(method: Method, uri: Uri) -> ApiError {
    ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: format!("method {} not allowed on {}", clip(method.as_str()), clip(uri.path())),
    }
}

/// The body, or the error for one that could not be read (too large, above all).
fn bytes(body: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
    body.map_err(|e| match e.status() {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            message: format!("request body too large: the limit is {MAX_BODY} bytes"),
        },
        status => ApiError { status, message: format!("cannot read the request body: {}", e.body_text()) },
    })
}

/// The body parsed as JSON `T`.
fn json<T: DeserializeOwned>(body: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let body = bytes(body)?;
    serde_json::from_slice(&body).map_err(|e| ApiError::bad(format!("broken JSON: {e}")))
}

/// The view of session `id` of `table`, with `status`.
fn answer(status: StatusCode, id: &str, table: &Arc<dyn Session>) -> Response {
    let view: View = table.view(id);
    (status, Json(view)).into_response()
}

async fn create(State(app): Shared, body: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let request: NewGame = json(body)?;
    let (table, cost) = catalog::create(&request, &app.store)?;
    let id = app.store.insert(table.clone(), cost)?;
    Ok(answer(StatusCode::CREATED, &id, &table))
}

async fn show(State(app): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    let table = app.store.get(&id)?;
    Ok(answer(StatusCode::OK, &id, &table))
}

async fn remove(State(app): Shared, Path(id): Path<String>) -> Result<StatusCode, ApiError> {
    app.store.remove(&id)?;
    Ok(StatusCode::NO_CONTENT)
}

/// What `POST /api/sessions/{id}/moves` takes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    /// The move in the game's notation.
    #[serde(rename = "move")]
    text: String,
}

async fn play(
    State(app): Shared,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let table = app.store.get(&id)?;
    let request: MoveRequest = json(body)?;
    table.clone().play(&request.text)?;
    Ok(answer(StatusCode::OK, &id, &table))
}

async fn undo(State(app): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    let table = app.store.get(&id)?;
    table.clone().undo()?;
    Ok(answer(StatusCode::OK, &id, &table))
}

/// What `POST /api/sessions/{id}/ply` takes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlyRequest {
    /// The ply to show, 0 for the start.
    ply: usize,
}

async fn goto(
    State(app): Shared,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let table = app.store.get(&id)?;
    let request: PlyRequest = json(body)?;
    table.clone().goto(request.ply)?;
    Ok(answer(StatusCode::OK, &id, &table))
}

async fn stop(State(app): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    let table = app.store.get(&id)?;
    table.stop()?;
    Ok(answer(StatusCode::OK, &id, &table))
}

/// What `POST /api/replays` takes.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReplayRequest {
    /// The text of a records file.
    records: String,
    /// Which game of the file, from 1 (default 1).
    game: Option<usize>,
}

async fn replay(State(app): Shared, body: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let request: ReplayRequest = json(body)?;
    let records = read_records(&request.records);
    if records.is_empty() {
        return Err(ApiError::bad("bad record: the text holds no game"));
    }
    let number = request.game.unwrap_or(1);
    let record = records
        .get(number.wrapping_sub(1))
        .ok_or_else(|| ApiError::bad(format!("bad game '{number}': the file holds {} games", records.len())))?;
    let record = record.as_ref().map_err(|e| ApiError::bad(format!("bad record: game {number}: {e}")))?;
    let table = catalog::replay(record, number, records.len())?;
    let id = app.store.insert(table.clone(), Cost::default())?;
    Ok(answer(StatusCode::CREATED, &id, &table))
}

/// What `POST /api/sessions/{id}/resign` takes: the seat that resigns, if the person's seat
/// is not the one meant.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ResignRequest {
    seat: Option<usize>,
}

async fn resign(
    State(app): Shared,
    Path(id): Path<String>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let table = app.store.get(&id)?;
    let body = bytes(body)?;
    let request: ResignRequest = if body.is_empty() {
        ResignRequest { seat: None }
    } else {
        serde_json::from_slice(&body).map_err(|e| ApiError::bad(format!("broken JSON: {e}")))?
    };
    table.clone().resign(request.seat)?;
    Ok(answer(StatusCode::OK, &id, &table))
}

/// The session's game as a sealed record, to save.
async fn record(State(app): Shared, Path(id): Path<String>) -> Result<Response, ApiError> {
    let table = app.store.get(&id)?;
    // The id is one the store made (hex digits): a file name as it is.
    let disposition = format!("attachment; filename=\"tabula-{id}.txt\"");
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()), (header::CONTENT_DISPOSITION, disposition)],
        table.record(),
    )
        .into_response())
}
