//! The position flags shared by the commands: `--players`, `--opt`, `--position`, `--moves`.

use clap::Args;
use tabula_rules::{Game, GameOptions, play_moves};

use crate::error::{CliError, usage};

/// `base` with a player count and `KEY=VALUE` rule options applied.
pub fn apply_options<G: Game>(
    base: &G::Options,
    players: Option<usize>,
    opts: &[String],
) -> Result<G::Options, CliError> {
    let mut options = base.clone();
    if let Some(n) = players {
        options.set_players(n)?;
    }
    for opt in opts {
        let (key, value) =
            opt.split_once('=').ok_or_else(|| usage(format!("bad option '{opt}': expected KEY=VALUE")))?;
        options.set(key, value)?;
    }
    Ok(options)
}

/// A game with a player count and rule options, for commands that start from the game's
/// start (`match`, `ugi`).
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game.
    #[arg(value_name = "GAME", help = game_help())]
    pub game: String,
    /// Number of players (seats).
    #[arg(long, value_name = "N")]
    pub players: Option<usize>,
    /// A rule option as KEY=VALUE (repeatable).
    #[arg(long = "opt", value_name = "KEY=VALUE")]
    pub opts: Vec<String>,
}

impl GameArgs {
    /// The game's default options with the player count and rule options applied.
    pub fn options<G: Game>(&self) -> Result<G::Options, CliError> {
        apply_options::<G>(&G::Options::default(), self.players, &self.opts)
    }
}

/// The help line of a GAME argument, naming every game.
pub fn game_help() -> String {
    format!("The game: {}", tabula_rules::games::NAMES.join(", "))
}

/// Which position to start from: the game and the position flags.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// The game.
    #[arg(value_name = "GAME", help = game_help())]
    pub game: String,
    /// The position in that game.
    #[command(flatten)]
    pub flags: PositionFlags,
}

impl PositionArgs {
    /// The position these arguments describe.
    pub fn build<G: Game>(&self) -> Result<G, CliError> {
        self.flags.build(&self.game)
    }
}

/// The position flags of a game: `--players`, `--opt`, `--position`, `--moves`.
#[derive(Args, Debug, Clone)]
pub struct PositionFlags {
    /// Number of players (default: the game's default).
    #[arg(long, value_name = "N")]
    pub players: Option<usize>,
    /// A rule option as KEY=VALUE, e.g. cc.target_stay=off (repeatable).
    #[arg(long = "opt", value_name = "KEY=VALUE")]
    pub opts: Vec<String>,
    /// A position text (as printed by `tabula show`) instead of the start position.
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,
    /// Moves to play first, separated by `;`, spaces or commas (a comma inside one turn, as
    /// in an E movement with its exchange, joins only the turn's canonical spelling).
    #[arg(long, value_name = "M1,M2,...", allow_hyphen_values = true)]
    pub moves: Option<String>,
}

impl PositionFlags {
    /// The options from `--players` and `--opt`, applied on top of `base`.
    fn options<G: Game>(&self, base: &G::Options) -> Result<G::Options, CliError> {
        apply_options::<G>(base, self.players, &self.opts)
    }

    /// The `tabula show` command that shows this position of `game` after the moves `played`.
    fn show_command(&self, game: &str, played: &[String]) -> String {
        let mut cmd = format!("tabula show {game}");
        if let Some(n) = self.players {
            cmd.push_str(&format!(" --players {n}"));
        }
        for opt in &self.opts {
            cmd.push_str(&format!(" --opt {opt}"));
        }
        if let Some(text) = &self.position {
            cmd.push_str(&format!(" --position '{text}'"));
        }
        if !played.is_empty() {
            cmd.push_str(&format!(" --moves {}", played.join(",")));
        }
        cmd
    }

    /// The position these flags describe in the game named `name` (`G`).
    pub fn build<G: Game>(&self, name: &str) -> Result<G, CliError> {
        Ok(self.build_with_last(name)?.0)
    }

    /// The position these flags describe in the game named `name` (`G`), with the last
    /// move of `--moves` (`None` without moves).
    pub fn build_with_last<G: Game>(&self, name: &str) -> Result<(G, Option<G::Move>), CliError> {
        let mut last = None;
        let mut game = match &self.position {
            Some(text) => {
                let mut game = G::from_text(text).map_err(|e| usage(format!("bad position: {e}")))?;
                let options = self.options::<G>(game.options())?;
                if &options != game.options() {
                    game.set_options(&options)?;
                }
                game
            }
            None => G::new(&self.options::<G>(&G::Options::default())?)?,
        };
        if let Some(moves) = &self.moves {
            // Moves separated by commas; a part joins the move before it when the two
            // make one legal move (an Icelights move with its orientation, `b1-c1,c1=E`).
            let mut played: Vec<String> = Vec::new();
            play_moves(&mut game, moves, |token, mv| {
                played.push(token.to_string());
                last = Some(mv);
            })
            .map_err(|bad| {
                let state = match game.outcome() {
                    Some(o) => format!("the game is over ({o})"),
                    None => format!("seat {} to move", game.to_move()),
                };
                usage(format!(
                    "{} in --moves at ply {} ({state}); list the legal moves with: {}",
                    bad.error,
                    bad.ply,
                    self.show_command(name, &played)
                ))
            })?;
        }
        Ok((game, last))
    }
}
