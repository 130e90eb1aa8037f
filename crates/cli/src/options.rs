//! `tabula options`: a game's player counts and rule options, and the searchers' keys, each
//! with its values, default and doc, all read from the declared settings.

use std::io::Write;

use clap::Args;
use tabula_engine::EngineGame;
use tabula_engine::settings::searchers;
use tabula_rules::GameOptions;

use crate::error::CliError;
use crate::games::{GameCommand, dispatch};

/// Arguments of `tabula options`.
#[derive(Args, Debug)]
pub struct OptionsArgs {
    /// The game.
    #[arg(value_name = "GAME", help = crate::position::game_help())]
    game: String,
}

/// Runs `tabula options`.
pub fn run(args: OptionsArgs) -> Result<(), CliError> {
    let game = args.game.clone();
    dispatch(&game, args)
}

/// One listed setting: key, values, default, doc.
type Row = (String, String, String, String);

/// Writes `rows` under `title`, the columns aligned.
fn section(out: &mut impl Write, title: &str, rows: &[Row]) -> std::io::Result<()> {
    writeln!(out, "{title}")?;
    if rows.is_empty() {
        return writeln!(out, "  (none)");
    }
    let width = |f: fn(&Row) -> &String| rows.iter().map(|r| f(r).len()).max().unwrap_or(0);
    let (k, v, d) = (width(|r| &r.0), width(|r| &r.1), width(|r| &r.2));
    for (key, values, default, doc) in rows {
        writeln!(out, "  {key:k$}  {values:v$}  {default:d$}  {doc}")?;
    }
    Ok(())
}

/// The header row of a section.
fn header() -> Row {
    ("KEY".into(), "VALUES".into(), "DEFAULT".into(), "WHAT IT DOES".into())
}

impl GameCommand for OptionsArgs {
    fn run<G: EngineGame>(self) -> Result<(), CliError> {
        let mut out = std::io::stdout().lock();
        let players: Vec<String> = G::Options::player_counts().iter().map(usize::to_string).collect();
        let default_seats = G::new(&G::Options::default()).map(|g| g.seats()).unwrap_or(2);
        writeln!(out, "{}: --players {} (default {default_seats})", G::NAME, players.join(", "))?;
        writeln!(out)?;
        let default = G::Options::default();
        let mut rows = vec![header()];
        rows.extend(
            G::Options::SETTINGS
                .iter()
                .map(|s| (s.key().to_string(), s.expected(), s.get(&default), s.doc().to_string())),
        );
        section(&mut out, "rule options (--opt KEY=VALUE):", &rows)?;
        if !G::Options::UNSUPPORTED.is_empty() {
            writeln!(out, "  not built yet: {}", G::Options::UNSUPPORTED.join(", "))?;
        }
        for searcher in searchers::<G>() {
            writeln!(out)?;
            let title = format!("{} ({}):", searcher.name, searcher.doc);
            let mut rows = vec![header()];
            rows.extend(searcher.keys.into_iter().map(|k| (k.key.to_string(), k.values, k.default, k.doc.to_string())));
            if rows.len() == 1 {
                rows.clear();
            }
            section(&mut out, &title, &rows)?;
        }
        writeln!(out)?;
        writeln!(out, "engine specs: NAME or NAME:KEY=VALUE,... e.g. alphabeta:threads=2,hash=64")?;
        Ok(())
    }
}
