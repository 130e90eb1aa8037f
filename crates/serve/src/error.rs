//! The errors requests get: a status and one message that names the bad part, sent as
//! `{"error": "..."}`.
//!
//! A message quotes at most a short prefix of any input, whatever crate wrote it: each piece
//! of input the server quotes is cut at [`ECHO`] characters (then `…`); in the whole
//! message, so is every stretch between quotes (`'…'`, `"…"` or `` `…` ``), and every run
//! of characters without a space, quote, `=`, `:`, `,`, bracket or `…` (such stretches and
//! runs that long can only be input); and the whole message is cut at [`MAX_MESSAGE`]
//! characters. A 4 MiB position, move or engine spec gets a short answer.

use std::borrow::Cow;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// The most characters of one piece of input, or of one run of a message, that a message
/// holds.
pub const ECHO: usize = 80;

/// The most characters of a whole message (then `…`): room for every message the server
/// makes, whatever list of names it gives.
pub const MAX_MESSAGE: usize = 500;

/// A request the server refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status: 400 bad input, 403 not this server or not its page, 404 unknown id
    /// or path, 409 not now, 413 too large, 415 not JSON.
    pub status: StatusCode,
    /// What was wrong, naming the bad part.
    pub message: String,
}

impl ApiError {
    /// A 400 Bad Request.
    pub fn bad(message: impl Into<String>) -> Self {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.into() }
    }

    /// A 404 Not Found.
    pub fn not_found(message: impl Into<String>) -> Self {
        ApiError { status: StatusCode::NOT_FOUND, message: message.into() }
    }

    /// A 409 Conflict: the request is well formed but cannot be done in this state.
    pub fn conflict(message: impl Into<String>) -> Self {
        ApiError { status: StatusCode::CONFLICT, message: message.into() }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.status, self.message)
    }
}

impl std::error::Error for ApiError {}

/// `input` as a message quotes it: at most [`ECHO`] characters, then `…` if it was longer.
pub fn clip(input: &str) -> Cow<'_, str> {
    clip_to(input, ECHO)
}

/// `text` cut after `max` characters, with `…` if it was longer.
fn clip_to(text: &str, max: usize) -> Cow<'_, str> {
    match text.char_indices().nth(max) {
        Some((at, _)) => Cow::Owned(format!("{}…", &text[..at])),
        None => Cow::Borrowed(text),
    }
}

/// Whether `c` ends a run of a message: the characters that frame a quoted piece of input.
fn ends_run(c: char) -> bool {
    c.is_whitespace() || matches!(c, '\'' | '"' | '`' | '=' | ':' | ',' | '(' | ')' | '[' | ']' | '…')
}

/// `message` with every stretch between quotes cut at [`ECHO`] characters. A quote opens
/// where no letter or digit comes before it and closes where none comes after, so the
/// apostrophe of `seat 0's` is no quote. Linear: after a quote that never closes, that
/// quote character opens nothing more.
fn cut_quotes(message: &str) -> String {
    let mut out = String::new();
    let mut copied = 0;
    let mut unclosed: Vec<char> = Vec::new();
    let mut previous: Option<char> = None;
    let mut at = 0;
    while let Some(c) = message[at..].chars().next() {
        let next = at + c.len_utf8();
        let opens =
            matches!(c, '\'' | '"' | '`') && previous.is_none_or(|p| !p.is_alphanumeric()) && !unclosed.contains(&c);
        previous = Some(c);
        at = next;
        if !opens {
            continue;
        }
        let close = message[next..]
            .match_indices(c)
            .map(|(k, _)| next + k)
            .find(|&k| message[k + c.len_utf8()..].chars().next().is_none_or(|n| !n.is_alphanumeric()));
        let Some(close) = close else {
            unclosed.push(c);
            continue;
        };
        let inner = &message[next..close];
        if inner.chars().nth(ECHO).is_some() {
            out.push_str(&message[copied..next]);
            out.push_str(&clip(inner));
            copied = close;
        }
        previous = Some(c);
        at = close + c.len_utf8();
    }
    out.push_str(&message[copied..]);
    out
}

/// `message` with every quoted stretch and every run cut at [`ECHO`] characters, and the
/// whole at [`MAX_MESSAGE`].
pub fn shorten(message: &str) -> String {
    let mut out = String::new();
    for piece in cut_quotes(message).split_inclusive(ends_run) {
        let run = piece.strip_suffix(ends_run).unwrap_or(piece);
        out.push_str(&clip(run));
        out.push_str(&piece[run.len()..]);
        // A character is at most 4 bytes: past this, the message is over the limit anyway.
        if out.len() > 4 * MAX_MESSAGE {
            break;
        }
    }
    clip_to(&out, MAX_MESSAGE).into_owned()
}

#[derive(Serialize)]
struct Body<'a> {
    error: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(Body { error: &shorten(&self.message) })).into_response()
    }
}
