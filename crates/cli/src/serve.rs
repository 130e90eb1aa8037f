//! `tabula serve`: the web board on a local port (see `docs/serve.md`).

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use clap::Args;
use tabula_serve::{Budget, Origin};

use crate::error::{CliError, usage};
use crate::matches::seconds;

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
    /// The most games with an engine kept at once; starting one more ends the engine game
    /// left alone longest.
    #[arg(long, value_name = "N", default_value_t = Budget::default().engine_games)]
    engine_games: usize,
    /// MB of engine tables (hash, memory) all games may hold; starting one that would pass
    /// it ends the games left alone longest until it fits. Each table is also held to the
    /// memory the machine has.
    #[arg(long, value_name = "MB", default_value_t = Budget::default().table_mb)]
    table_memory: usize,
    /// The most search threads one engine may use (default: the machine's cores).
    #[arg(long, value_name = "N", default_value_t = Budget::default().threads)]
    max_threads: usize,
    /// The longest thinking time a game may ask for, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = Budget::default().think_ms as f64 / 1000.0)]
    max_think: f64,
    /// A game no page has asked about for this long is ended and its engines stopped, in
    /// minutes (a page showing a game asks every few seconds while an engine thinks, and at
    /// every move).
    #[arg(long, value_name = "MINUTES", default_value_t = Budget::default().idle.as_secs_f64() / 60.0)]
    idle_timeout: f64,
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
    let think = seconds("--max-think", args.max_think)?;
    if !(args.idle_timeout.is_finite() && (0.0..=10_000.0).contains(&args.idle_timeout)) {
        return Err(usage(format!("bad --idle-timeout '{}': expected minutes, 0 to 10000", args.idle_timeout)));
    }
    let idle = Duration::from_secs_f64(args.idle_timeout * 60.0);
    let budget = Budget {
        engine_games: args.engine_games,
        table_mb: args.table_memory,
        threads: args.max_threads,
        think_ms: think.as_millis().try_into().unwrap_or(u64::MAX),
        idle,
    };
    let config =
        tabula_serve::Config { max_sessions: args.max_games, address, allow_origins: args.allow_origin, budget };
    tabula_serve::run(config).map_err(|e| usage(format!("cannot serve on {address}: {e}")))
}
