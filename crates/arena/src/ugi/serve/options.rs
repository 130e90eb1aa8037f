//! The engine's UGI options: `players`, the seat count of `position startpos`, which
//! tells a runner how many seats the game has; then the searcher's keys, read from the
//! declared settings, whose `setoption` rewrites the spec string the searcher is built from.

use tabula_engine::EngineGame;
use tabula_engine::registry::{self, SpecError};
use tabula_engine::settings::KeyInfo;
use tabula_rules::GameOptions;
use tabula_rules::core::game::Players;
use tabula_rules::core::settings::SettingKind;

use crate::ugi::{OptionDecl, OptionKind};

/// The option that holds the player count of `position startpos` and `uginewgame`.
pub(super) const PLAYERS: &str = "players";

/// The player counts `O`'s game seats, smallest first.
fn player_counts<O: GameOptions>() -> &'static [u8] {
    O::PLAYERS.map_or(&[2], |p| p.counts)
}

/// `option name players type spin default N min A max B`: the count of `options`, between
/// the least and the most the game seats.
pub(super) fn players_option<O: GameOptions>(options: &O) -> OptionDecl {
    let counts = player_counts::<O>();
    let (min, max) = (counts.first().copied().unwrap_or(2), counts.last().copied().unwrap_or(2));
    let default = i64::try_from(options.players()).unwrap_or(i64::MAX);
    OptionDecl { name: PLAYERS.to_string(), kind: OptionKind::Spin { default, min: min.into(), max: max.into() } }
}

/// `options` with `value` players; an error names the value and the counts the game takes.
pub(super) fn with_players<O: GameOptions>(options: &O, value: &str) -> Result<O, String> {
    let refused =
        || format!("bad value '{value}' for players (expected {})", Players::<O>::describe(player_counts::<O>()));
    let count: usize = value.parse().map_err(|_| refused())?;
    let mut options = options.clone();
    options.set_players(count).map_err(|_| refused())?;
    Ok(options)
}

/// A searcher's name and its keys with the values they have now.
pub(super) struct SearcherKeys {
    name: String,
    keys: Vec<KeyInfo>,
}

impl SearcherKeys {
    /// The keys of the searcher `spec` describes, with their values under it.
    pub(super) fn of<G: EngineGame>(spec: &str) -> Result<Self, SpecError> {
        let keys = registry::keys::<G>(spec)?;
        let name = spec.split_once(':').map_or(spec, |(name, _)| name).to_string();
        Ok(SearcherKeys { name, keys })
    }

    /// The searcher's name in spec strings.
    pub(super) fn name(&self) -> &str {
        &self.name
    }

    /// The spec string of the searcher with every key at its present value.
    pub(super) fn spec(&self) -> String {
        spec(&self.name, self.keys.iter().map(|k| (k.key, k.default.as_str())))
    }

    /// One `option` line per key, in declaration order.
    pub(super) fn declarations(&self) -> Vec<OptionDecl> {
        self.keys.iter().map(declaration).collect()
    }

    /// The spec and keys with key `name` (any case) set to `value`; an error names the
    /// unknown key or the bad value.
    pub(super) fn with<G: EngineGame>(&self, name: &str, value: &str) -> Result<(String, SearcherKeys), String> {
        let Some(key) = self.keys.iter().find(|k| k.key.eq_ignore_ascii_case(name)).map(|k| k.key) else {
            let known: Vec<&str> = [PLAYERS].into_iter().chain(self.keys.iter().map(|k| k.key)).collect();
            return Err(format!("unknown option '{name}' for {} (known: {})", self.name, known.join(", ")));
        };
        // A comma would start another key of the spec string.
        if value.contains(',') {
            return Err(format!("bad value '{value}' for {key}"));
        }
        let pairs = self.keys.iter().map(|k| (k.key, if k.key == key { value } else { k.default.as_str() }));
        let spec = spec(&self.name, pairs);
        let keys = SearcherKeys::of::<G>(&spec).map_err(|e| e.to_string())?;
        Ok((spec, keys))
    }
}

/// `name:key=value,...`, or `name` alone without keys.
fn spec<'a>(name: &str, pairs: impl Iterator<Item = (&'a str, &'a str)>) -> String {
    let pairs: Vec<String> = pairs.map(|(key, value)| format!("{key}={value}")).collect();
    if pairs.is_empty() { name.to_string() } else { format!("{name}:{}", pairs.join(",")) }
}

/// A key as an option: whole numbers `spin`, switches `check`, word choices `combo`,
/// anything else (fractions, `none` or a number) `string`.
fn declaration(key: &KeyInfo) -> OptionDecl {
    let text = || OptionKind::Text { default: key.default.clone() };
    let kind = match &key.kind {
        SettingKind::Whole { min, max } => match key.default.parse() {
            Ok(default) => OptionKind::Spin { default, min: *min, max: *max },
            Err(_) => text(),
        },
        SettingKind::Switch => OptionKind::Check { default: key.default == "true" },
        SettingKind::Words(words) => {
            OptionKind::Combo { default: key.default.clone(), vars: words.iter().map(|w| w.to_string()).collect() }
        }
        SettingKind::Other => text(),
    };
    OptionDecl { name: key.key.to_string(), kind }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_engine::settings::{ALPHABETA, MCTS};
    use tabula_rules::games::chinese_checkers::{CcOptions, ChineseCheckers};

    fn kind(keys: &SearcherKeys, name: &str) -> OptionKind {
        keys.declarations().into_iter().find(|d| d.name == name).unwrap().kind
    }

    #[test]
    fn every_kind_has_its_option_type() {
        let ab = SearcherKeys::of::<ChineseCheckers>("alphabeta:threads=2").unwrap();
        assert_eq!(ab.declarations().len(), ALPHABETA.len());
        assert_eq!(kind(&ab, "threads"), OptionKind::Spin { default: 2, min: 1, max: 256 });
        assert_eq!(
            kind(&ab, "model"),
            OptionKind::Combo {
                default: "paranoid".into(),
                vars: vec!["paranoid".into(), "best-reply".into(), "maxn".into()]
            }
        );
        let mcts = SearcherKeys::of::<ChineseCheckers>("mcts").unwrap();
        assert_eq!(mcts.declarations().len(), MCTS.len());
        assert_eq!(kind(&mcts, "solver"), OptionKind::Check { default: true });
        assert!(matches!(kind(&mcts, "c"), OptionKind::Text { .. }));
        assert!(matches!(kind(&mcts, "cap"), OptionKind::Text { .. }));
        assert_eq!(kind(&mcts, "seed"), OptionKind::Spin { default: 0, min: 0, max: i64::MAX });
        let greedy = SearcherKeys::of::<ChineseCheckers>("greedy").unwrap();
        assert_eq!(greedy.declarations().len(), 1);
        assert_eq!(kind(&greedy, "weights"), OptionKind::Text { default: "none".into() });
    }

    #[test]
    fn players_span_the_counts_of_the_game() {
        use tabula_rules::games::echelon::EgOptions;
        use tabula_rules::games::martian_chess::{Martian, McOptions};
        let mut options = CcOptions::default();
        let spin = |options: &CcOptions| players_option(options).kind;
        assert_eq!(spin(&options), OptionKind::Spin { default: 2, min: 2, max: 6 });
        options = with_players(&options, "4").unwrap();
        assert_eq!(spin(&options), OptionKind::Spin { default: 4, min: 2, max: 6 });
        assert_eq!(players_option(&options).name, "players");
        for bad in ["0", "7", "1", "four", "", "-2"] {
            let err = with_players(&options, bad).unwrap_err();
            assert!(err.contains(&format!("'{bad}'")) && err.contains("(expected 2 to 6)"), "{err}");
        }
        assert_eq!(
            players_option(&with_players(&options, "5").unwrap()).kind,
            OptionKind::Spin { default: 5, min: 2, max: 6 }
        );
        // The range holds a count the game does not seat.
        let martian = McOptions::<Martian>::default();
        assert_eq!(players_option(&martian).kind, OptionKind::Spin { default: 2, min: 2, max: 4 });
        assert!(with_players(&martian, "3").unwrap_err().contains("(expected 2 or 4)"));
        let two = EgOptions::default();
        assert_eq!(players_option(&two).kind, OptionKind::Spin { default: 2, min: 2, max: 2 });
        assert!(with_players(&two, "3").unwrap_err().contains("(expected 2)"));
    }

    #[test]
    fn setting_a_key_rewrites_the_spec() {
        let ab = SearcherKeys::of::<ChineseCheckers>("alphabeta").unwrap();
        let (spec, keys) = ab.with::<ChineseCheckers>("HASH", "64").unwrap();
        assert!(spec.starts_with("alphabeta:threads=1,hash=64,"), "{spec}");
        assert_eq!(keys.spec(), spec);
        assert!(registry::build::<ChineseCheckers>(&spec).is_ok());
        let err = |name: &str, value: &str| ab.with::<ChineseCheckers>(name, value).err().unwrap();
        assert!(err("depth", "3").contains("'depth'") && err("depth", "3").contains("players, threads, hash"));
        assert!(err("threads", "0").contains("'0'"));
        assert!(err("threads", "2,hash=1").contains("'2,hash=1'"));
        assert!(err("threads", "").contains("''"));
    }
}
