//! The guard every request passes before it reaches a route: only this server's own pages,
//! and the origins allowed with `--allow-origin`, can drive it.
//!
//! - **Host.** A request's `Host` header, and the authority of its target when it names
//!   one, must name this server as `IP:PORT`: the address it is bound to, or the address
//!   the request's connection arrived at (how a server bound to `0.0.0.0` is reached); and
//!   when that address is a loopback one, `localhost:PORT`, `127.0.0.1:PORT` or
//!   `[::1]:PORT`. A `Host` without a port means port 80. A page of another name that its
//!   DNS points at this machine (DNS rebinding) sends that name, and is refused.
//! - **Origin.** A request that may change something (any method but GET, HEAD, OPTIONS
//!   and TRACE) must carry an `Origin` header: `http://` and a host as above, or an origin
//!   in [`Config::allow_origins`](crate::Config). Browsers add it to every such request and
//!   no page can set it, so a page of another site is refused.
//! - **Content type.** Such a request, when it has a body, must say `Content-Type:
//!   application/json` (parameters such as `; charset=utf-8` allowed); without a body it
//!   need say none, but one it says must be that. A browser sends a form or a `text/plain`
//!   body to another site without asking it first; a JSON one it asks about first.
//!
//! A refused request changes nothing: 403 for the host and the origin, 415 for the content
//! type, with one line naming what was refused.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::str::FromStr;
use std::sync::Arc;

use axum::body::HttpBody;
use axum::extract::connect_info::Connected;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::header::{CONTENT_TYPE, HOST, ORIGIN};
use axum::http::uri::Authority;
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::serve::IncomingStream;
use tokio::net::TcpListener;

use crate::error::{ApiError, clip};

/// An origin whose pages may change things besides the server's own, as a browser writes
/// it in `Origin`: `scheme://host` or `scheme://host:port`, in lower case, without the
/// scheme's default port.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin(String);

impl Origin {
    /// The origin's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for Origin {
    type Err = String;

    /// Reads `scheme://host[:port]`; a path of `/` alone is taken (and dropped).
    fn from_str(text: &str) -> Result<Self, String> {
        let bad = |why: &str| format!("bad origin '{}': {why}", clip(text));
        let expected = "expected scheme://host[:port], e.g. http://localhost:3000";
        let uri: Uri = text.parse().map_err(|_| bad(expected))?;
        let (Some(scheme), Some(authority)) = (uri.scheme_str(), uri.authority()) else {
            return Err(bad(expected));
        };
        if uri.path_and_query().is_some_and(|p| p.as_str() != "/") {
            return Err(bad("an origin has no path or query"));
        }
        let (host, port) = split(authority).ok_or_else(|| bad(expected))?;
        let scheme = scheme.to_ascii_lowercase();
        let host = host.to_ascii_lowercase();
        let default = match scheme.as_str() {
            "http" => Some(80),
            "https" => Some(443),
            _ => None,
        };
        Ok(Origin(match port {
            Some(port) if Some(port) != default => format!("{scheme}://{host}:{port}"),
            _ => format!("{scheme}://{host}"),
        }))
    }
}

/// The address a request's connection arrived at (this server's end of it), when known.
/// [`crate::serve`] records it for every connection; the guard takes a `Host` naming it.
#[derive(Clone, Copy, Debug)]
pub struct Arrival(pub Option<SocketAddr>);

impl Connected<IncomingStream<'_, TcpListener>> for Arrival {
    fn connect_info(stream: IncomingStream<'_, TcpListener>) -> Self {
        Arrival(stream.io().local_addr().ok())
    }
}

/// What the guard admits.
pub(crate) struct Guard {
    /// The address the server is bound to.
    address: SocketAddr,
    /// Origins allowed besides the server's own.
    allowed: Vec<Origin>,
}

impl Guard {
    pub(crate) fn new(address: SocketAddr, allowed: Vec<Origin>) -> Self {
        Guard { address, allowed }
    }

    /// Whether `text`, a `Host` header or the authority of an origin, names this server
    /// (the server as bound, or as reached at `arrival`).
    fn is_this_server(&self, text: &str, arrival: Option<SocketAddr>) -> bool {
        let Ok(authority) = text.parse::<Authority>() else { return false };
        let Some((host, port)) = split(&authority) else { return false };
        let port = port.unwrap_or(80);
        let bare = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')).unwrap_or(host);
        let ip = bare.parse::<IpAddr>().ok().map(|ip| ip.to_canonical());
        let loopback_name = host.eq_ignore_ascii_case("localhost")
            || ip.is_some_and(|ip| ip == Ipv4Addr::LOCALHOST || ip == Ipv6Addr::LOCALHOST);
        [Some(self.address), arrival].into_iter().flatten().any(|ours| {
            let our_ip = ours.ip().to_canonical();
            port == ours.port() && (ip == Some(our_ip) || (our_ip.is_loopback() && loopback_name))
        })
    }

    /// Whether `origin` may change things: this server's own page, or an allowed origin.
    fn is_allowed_origin(&self, origin: &str, arrival: Option<SocketAddr>) -> bool {
        let own = origin.get(..7).is_some_and(|scheme| scheme.eq_ignore_ascii_case("http://"))
            && self.is_this_server(&origin[7..], arrival);
        own || self.allowed.iter().any(|allowed| allowed.as_str().eq_ignore_ascii_case(origin))
    }

    /// Admits `request`, or says why not.
    fn admit(&self, request: &Request) -> Result<(), ApiError> {
        let arrival = request.extensions().get::<ConnectInfo<Arrival>>().and_then(|info| info.0.0);
        let headers = request.headers();
        let host = single(headers, HOST, "Host", StatusCode::FORBIDDEN)?
            .ok_or_else(|| refuse(StatusCode::FORBIDDEN, "no Host header: a request must name this server".into()))?;
        let host = text(host);
        if !self.is_this_server(&host, arrival) {
            return Err(refuse(StatusCode::FORBIDDEN, format!("host '{}' is not this server", clip(&host))));
        }
        if let Some(authority) = request.uri().authority()
            && !self.is_this_server(authority.as_str(), arrival)
        {
            return Err(refuse(
                StatusCode::FORBIDDEN,
                format!("host '{}' is not this server", clip(authority.as_str())),
            ));
        }
        if matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE) {
            return Ok(());
        }
        let origin = single(headers, ORIGIN, "Origin", StatusCode::FORBIDDEN)?.ok_or_else(|| {
            refuse(StatusCode::FORBIDDEN, "no Origin header: only this server's own page may change anything".into())
        })?;
        let origin = text(origin);
        if !self.is_allowed_origin(&origin, arrival) {
            return Err(refuse(
                StatusCode::FORBIDDEN,
                format!("origin '{}' may not change anything here (see --allow-origin)", clip(&origin)),
            ));
        }
        let unsupported = StatusCode::UNSUPPORTED_MEDIA_TYPE;
        match single(headers, CONTENT_TYPE, "Content-Type", unsupported)? {
            Some(kind) if !is_json(kind) => {
                Err(refuse(unsupported, format!("content type '{}' refused: send application/json", clip(&text(kind)))))
            }
            None if !request.body().is_end_stream() => {
                Err(refuse(unsupported, "no Content-Type: send the body as application/json".into()))
            }
            _ => Ok(()),
        }
    }
}

/// The middleware: passes an admitted request on, answers any other with the refusal.
pub(crate) async fn check(State(guard): State<Arc<Guard>>, request: Request, next: Next) -> Response {
    match guard.admit(&request) {
        Ok(()) => next.run(request).await,
        Err(refusal) => refusal.into_response(),
    }
}

fn refuse(status: StatusCode, message: String) -> ApiError {
    ApiError { status, message }
}

/// The one value of header `name` if there is one; more than one is refused with `status`.
fn single<'a>(
    headers: &'a HeaderMap,
    name: HeaderName,
    label: &str,
    status: StatusCode,
) -> Result<Option<&'a HeaderValue>, ApiError> {
    let mut values = headers.get_all(name).iter();
    let first = values.next();
    if values.next().is_some() {
        return Err(refuse(status, format!("more than one {label} header")));
    }
    Ok(first)
}

/// A header's value as text (bytes that are not UTF-8 shown as `�`).
fn text(value: &HeaderValue) -> String {
    String::from_utf8_lossy(value.as_bytes()).into_owned()
}

/// Whether a `Content-Type` value is `application/json`, with or without parameters.
fn is_json(kind: &HeaderValue) -> bool {
    kind.to_str().is_ok_and(|kind| {
        kind.split(';').next().is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
    })
}

/// The host of `authority` and its port if it names one; `None` if it has user info or
/// what follows the host is not `:` and a port number.
fn split(authority: &Authority) -> Option<(&str, Option<u16>)> {
    let text = authority.as_str();
    if text.is_empty() || text.contains('@') {
        return None;
    }
    let host = authority.host();
    match text.get(host.len()..)? {
        "" => Some((host, None)),
        rest => {
            let digits = rest.strip_prefix(':')?;
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            Some((host, Some(digits.parse().ok()?)))
        }
    }
}
