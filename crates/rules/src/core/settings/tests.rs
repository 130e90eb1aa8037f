//! The settings' kinds: parsing, errors, listings.

use super::*;

words! {
    /// A test enum.
    enum Speed {
        #[default]
        Slow = "slow",
        Fast = "fast",
        Warp = "warp",
    }
}

#[derive(Default, PartialEq, Debug)]
struct Config {
    speed: Speed,
    on: bool,
    limit: Option<u32>,
    depth: i32,
    name: String,
}

const SETTINGS: &[&dyn Setting<Config>] = &[
    &Choice::<Config, _> { key: "speed", doc: "how fast", get: |c| c.speed, set: |c, v| c.speed = v, applies: None },
    &Switch::<Config> { key: "on", doc: "on or off", get: |c| c.on, set: |c, v| c.on = v },
    &Limit::<Config, _> { key: "limit", doc: "a limit", min: 1, max: 500, get: |c| c.limit, set: |c, v| c.limit = v },
    &Number::<Config, _> { key: "depth", doc: "a depth", min: -5, max: 5, get: |c| c.depth, set: |c, v| c.depth = v },
    &Text::<Config> {
        key: "name",
        doc: "a name",
        form: "lower-case letters",
        get: |c| c.name.clone(),
        set: |c, v| v.bytes().all(|b| b.is_ascii_lowercase()).then(|| c.name = v.to_string()),
    },
];

/// Sets `key`; the error is what the setting expects.
fn set(c: &mut Config, key: &str, value: &str) -> Result<(), String> {
    find(SETTINGS, key).expect("a declared key").set(c, value).map_err(|e| match e {
        RulesError::BadValue { key: k, value: v, expected } if k == key && v == value => expected,
        other => other.to_string(),
    })
}

#[test]
fn every_kind_reads_its_values_and_names_the_rest() {
    let mut c = Config::default();
    set(&mut c, "speed", "warp").unwrap();
    set(&mut c, "on", "yes").unwrap();
    set(&mut c, "limit", "500").unwrap();
    set(&mut c, "depth", "-5").unwrap();
    set(&mut c, "name", "abc").unwrap();
    assert_eq!(c, Config { speed: Speed::Warp, on: true, limit: Some(500), depth: -5, name: "abc".into() });
    assert_eq!(set(&mut c, "speed", "Warp").unwrap_err(), "slow, fast or warp");
    assert_eq!(set(&mut c, "on", "maybe").unwrap_err(), "true or false");
    assert_eq!(set(&mut c, "limit", "501").unwrap_err(), "none or a number from 1 to 500");
    assert_eq!(set(&mut c, "limit", "0").unwrap_err(), "none or a number from 1 to 500");
    assert_eq!(set(&mut c, "limit", "007").unwrap_err(), "none or a number from 1 to 500");
    assert_eq!(set(&mut c, "depth", "none").unwrap_err(), "a number from -5 to 5");
    assert_eq!(set(&mut c, "depth", "+3").unwrap_err(), "a number from -5 to 5");
    assert_eq!(set(&mut c, "name", "ABC").unwrap_err(), "lower-case letters");
    set(&mut c, "limit", "none").unwrap();
    assert_eq!(c.limit, None);
    set(&mut c, "on", "0").unwrap();
    assert!(!c.on);
}

#[test]
fn kinds_tell_whole_numbers_switches_and_words_from_the_rest() {
    let kinds: Vec<SettingKind> = SETTINGS.iter().map(|s| s.kind()).collect();
    assert_eq!(
        kinds,
        [
            SettingKind::Words(vec!["slow", "fast", "warp"]),
            SettingKind::Switch,
            SettingKind::Other,
            SettingKind::Whole { min: -5, max: 5 },
            SettingKind::Other,
        ]
    );
    let fraction = Number::<Config, f64> { key: "f", doc: "", min: 0.0, max: 1.0, get: |_| 0.0, set: |_, _| () };
    assert_eq!(fraction.kind(), SettingKind::Other);
    let wide = Number::<Config, u64> { key: "w", doc: "", min: 0, max: u64::MAX, get: |_| 0, set: |_, _| () };
    assert_eq!(wide.kind(), SettingKind::Whole { min: 0, max: i64::MAX });
}

#[test]
fn non_default_lists_changed_settings_in_order() {
    let mut c = Config::default();
    assert!(non_default(SETTINGS, &c, &Config::default()).is_empty());
    set(&mut c, "depth", "2").unwrap();
    set(&mut c, "speed", "fast").unwrap();
    assert_eq!(
        non_default(SETTINGS, &c, &Config::default()),
        [("speed", "fast".to_string()), ("depth", "2".to_string())]
    );
    assert_eq!(keys(SETTINGS), "speed, on, limit, depth, name");
    assert_eq!(one_of(&["a"]), "a");
    assert_eq!(one_of(&["a", "b"]), "a or b");
}
