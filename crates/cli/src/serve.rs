//! `tabula serve`: the web board on a local port (see `docs/serve.md`).

use std::net::{IpAddr, SocketAddr};

use clap::Args;
use tabula_serve::Origin;

use crate::error::{CliError, usage};

/// Arguments of `tabula serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port; the URL printed names it).
    #[arg(long, value_name = "P", default_value_t = 8080)]
    port: u16,
    /// The address to listen on; the default lets only this machine in. Any address that
    /// is not a loopback one needs --public.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    bind: IpAddr,
    /// Listen on an address other machines can reach (there is no login: anyone who
    /// reaches it can play and run engines).
    #[arg(long)]
    public: bool,
    /// An origin (scheme, host and port, as a browser sends it in its Origin header) whose
    /// pages may change things besides the server's own; repeatable.
    #[arg(long, value_name = "ORIGIN")]
    allow_origin: Vec<Origin>,
    /// The most games kept in memory; starting one more ends the one left alone longest.
    #[arg(long, value_name = "N", default_value_t = tabula_serve::Config::default().max_sessions)]
    max_games: usize,
}

/// Runs `tabula serve` until the process is stopped.
pub fn run(args: ServeArgs) -> Result<(), CliError> {
    if !args.bind.to_canonical().is_loopback() && !args.public {
        return Err(usage(format!(
            "--bind {} is not a loopback address: the board has no login, so serving other machines needs --public",
            args.bind
        )));
    }
    let address = SocketAddr::new(args.bind, args.port);
    let config = tabula_serve::Config { max_sessions: args.max_games, address, allow_origins: args.allow_origin };
    tabula_serve::run(config).map_err(|e| usage(format!("cannot serve on {address}: {e}")))
}
