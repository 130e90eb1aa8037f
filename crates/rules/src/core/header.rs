//! The header of every position text: the game's name, then `key=value` fields, each
//! given once. Some fields are the position's own (`turn=`, `ply=`, `board=`); the rest are
//! rule options, applied to the game's options as `--opt KEY=VALUE` would be.

use super::error::NotationError;
use super::game::GameOptions;

/// A read header: the options it set and the position's own fields, still as text.
#[derive(Debug)]
pub struct Header<'a, O> {
    /// The default options with every option field of the text applied.
    pub options: O,
    /// The whole text, for "missing field" errors.
    text: &'a str,
    /// The position's own fields, as `(key, value)`.
    fields: Vec<(&'a str, &'a str)>,
}

impl<'a, O: GameOptions> Header<'a, O> {
    /// Reads `text` as a position of game `name`: the fields named in `own` are kept for
    /// the game, every other field is an option. Errors name the bad token: a wrong name, a
    /// token that is not `key=value`, a field given twice, an option the game refuses.
    pub fn read(text: &'a str, name: &str, own: &[&str]) -> Result<Self, NotationError> {
        let mut tokens = text.split_whitespace();
        match tokens.next() {
            Some(t) if t == name => {}
            Some(t) => {
                return Err(NotationError::malformed(t, format!("a position of this game starts with '{name}'")));
            }
            None => return Err(NotationError::malformed("", "empty position text")),
        }
        let mut options = O::default();
        let mut fields = Vec::new();
        let mut seen: Vec<&str> = Vec::new();
        for token in tokens {
            let (key, value) =
                token.split_once('=').ok_or_else(|| NotationError::malformed(token, "expected key=value"))?;
            if seen.contains(&key) {
                return Err(NotationError::malformed(token, "field given twice"));
            }
            seen.push(key);
            if own.contains(&key) {
                fields.push((key, value));
            } else {
                options.set(key, value).map_err(|e| NotationError::malformed(token, e.to_string()))?;
            }
        }
        Ok(Header { options, text, fields })
    }

    /// The value of an own field, if given.
    pub fn optional(&self, key: &str) -> Option<&'a str> {
        self.fields.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    /// The value of an own field that must be given.
    pub fn field(&self, key: &str) -> Result<&'a str, NotationError> {
        self.optional(key).ok_or_else(|| NotationError::malformed(self.text.trim(), format!("missing field '{key}='")))
    }

    /// A field written back as its token, `key=value`, for errors about it.
    pub fn token(&self, key: &str) -> String {
        format!("{key}={}", self.optional(key).unwrap_or_default())
    }

    /// A whole-number field from 0 to `max` (see [`number`]).
    pub fn number(&self, key: &str, max: u64) -> Result<u64, NotationError> {
        number(&self.token(key), self.field(key)?, max)
    }
}

/// A whole number from 0 to `max` in a position text, written without sign or leading
/// zero; the error names `token`.
pub fn number(token: &str, value: &str, max: u64) -> Result<u64, NotationError> {
    value
        .parse::<u64>()
        .ok()
        .filter(|&v| v <= max && (value == "0" || !value.starts_with('0')) && !value.starts_with('+'))
        .ok_or_else(|| NotationError::malformed(token, format!("expected a number up to {max}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::icelights::IlOptions;

    fn read(text: &str) -> Result<Header<'_, IlOptions>, NotationError> {
        Header::read(text, "icelights", &["turn", "ply", "board"])
    }

    #[test]
    fn reads_fields_and_options_and_names_bad_tokens() {
        let h = read("icelights turn=1 ply=12 il.move_optional=true board=x").unwrap();
        assert_eq!((h.number("turn", 1).unwrap(), h.number("ply", 99).unwrap()), (1, 12));
        assert_eq!(h.field("board").unwrap(), "x");
        assert!(h.options.move_optional);
        assert_eq!(h.optional("passes"), None);
        let err = |text: &str| read(text).unwrap_err().to_string();
        assert!(err("chess turn=0").contains("'chess'"));
        assert!(err("").contains("empty"));
        assert!(err("icelights turn").contains("'turn'"));
        assert!(
            err("icelights turn=0 turn=1").contains("'turn=1'") && err("icelights turn=0 turn=1").contains("twice")
        );
        assert!(err("icelights cc.target_stay=off").contains("'cc.target_stay=off'"));
        let h = read("icelights turn=01 ply=+3").unwrap();
        assert!(h.number("turn", 1).unwrap_err().to_string().contains("'turn=01'"));
        assert!(h.number("ply", 9).unwrap_err().to_string().contains("'ply=+3'"));
        assert!(h.number("board", 9).unwrap_err().to_string().contains("missing field 'board='"));
        assert!(read("icelights turn=2").unwrap().number("turn", 1).is_err());
    }
}
