#![doc = include_str!("../README.md")]
//!
//! ## Where things are
//!
//! `tabula serve`: a local web board for the Tabula games. One page, embedded in the
//! binary, to play any game by clicking against people or engines, watch the engine
//! think, and step through the games of a records file.
//!
//! The server keeps each game (a session) in memory and checks every move with the rules;
//! the pictures come from [`tabula_board`]. The endpoints are described in `docs/serve.md`;
//! [`router`] builds them behind the [`guard`], which lets only the server's own pages
//! drive it; [`run`] and [`serve`] serve them.

// The server's parts: public for its tests, hidden from its documentation, whose surface is
// the router, its configuration and its guard.
#[doc(hidden)]
pub mod assets;
pub mod budget;
#[doc(hidden)]
pub mod catalog;
#[doc(hidden)]
pub mod clicks;
#[doc(hidden)]
pub mod control;
#[doc(hidden)]
pub mod engine_task;
pub mod error;
pub mod guard;
#[doc(hidden)]
pub mod levels;
#[doc(hidden)]
pub mod record;
pub mod routes;
#[doc(hidden)]
pub mod search_view;
#[doc(hidden)]
pub mod session;
#[doc(hidden)]
pub mod state;
#[doc(hidden)]
pub mod store;
#[doc(hidden)]
pub mod view;

use std::io;

pub use budget::Budget;
pub use error::ApiError;
pub use guard::{Arrival, Origin};
pub use routes::{Config, MAX_BODY, router};

/// Serves the board on `config.address` (port 0: any free port) until the process ends.
pub fn run(config: Config) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(config.address).await?;
        serve(listener, config).await
    })
}

/// Serves the board on `listener` until the process ends, after printing the URL it
/// listens on (and, on stderr, a warning if that address is not a loopback one: any
/// machine that reaches it can play, and there is no login). `config.address` is set to
/// the listener's, and each request's [`Arrival`] is recorded for the guard.
pub async fn serve(listener: tokio::net::TcpListener, mut config: Config) -> io::Result<()> {
    let address = listener.local_addr()?;
    config.address = address;
    println!("tabula serve: open http://{address}/ in a browser (Ctrl-C stops)");
    if !address.ip().to_canonical().is_loopback() {
        eprintln!(
            "tabula serve: warning: listening on {address}, open to every machine that can reach it; there is no login"
        );
    }
    axum::serve(listener, router(config).into_make_service_with_connect_info::<Arrival>()).await
}
