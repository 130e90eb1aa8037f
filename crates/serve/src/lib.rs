//! `tabula serve`: a local web board for the Tabula games. One page, embedded in the
//! binary, to play any game by clicking against people or engines, watch the engine
//! think, and step through the games of a records file.
//!
//! The server keeps each game (a session) in memory and checks every move with the rules;
//! the pictures come from [`tabula_board`]. The endpoints are described in `docs/serve.md`;
//! [`router`] builds them, [`run`] serves them.

pub mod assets;
pub mod catalog;
pub mod clicks;
pub mod engine_task;
pub mod error;
pub mod routes;
pub mod search_view;
pub mod session;
pub mod state;
pub mod store;
pub mod view;

use std::io;
use std::net::IpAddr;

pub use error::ApiError;
pub use routes::{Config, MAX_BODY, router};

/// Serves the board on `bind`:`port` (port 0: any free port) until the process ends,
/// after printing the URL it listens on.
pub fn run(bind: IpAddr, port: u16, config: Config) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((bind, port)).await?;
        let address = listener.local_addr()?;
        println!("tabula serve: open http://{address}/ in a browser (Ctrl-C stops)");
        axum::serve(listener, router(config)).await
    })
}
