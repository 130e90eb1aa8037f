//! Counts in messages: singular for one.

/// `count` followed by `one` or `many`: "1 ply", "2 plies", "0 games".
pub fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular() {
        assert_eq!(plural(1, "ply", "plies"), "1 ply");
        assert_eq!(plural(2, "ply", "plies"), "2 plies");
        assert_eq!(plural(0, "game", "games"), "0 games");
    }
}
