//! What the server writes for the page: the control each setting gets (`src/control.rs`)
//! and error messages cut to a short prefix of the input they quote (`src/error.rs`).

use tabula_rules::core::settings::SettingKind;
use tabula_serve::control::Control;
use tabula_serve::error::{ECHO, MAX_MESSAGE, clip, shorten};

#[test]
fn each_kind_gets_its_control() {
    assert_eq!(Control::of(SettingKind::Switch, "true or false"), Control::Switch);
    assert_eq!(
        Control::of(SettingKind::Words(vec!["strict", "off"]), "strict or off"),
        Control::Choice { choices: vec!["strict", "off"] }
    );
    assert_eq!(
        Control::of(SettingKind::Whole { min: 1, max: 9 }, "a number from 1 to 9"),
        Control::Number { min: 1, max: 9 }
    );
    assert_eq!(
        Control::of(SettingKind::Other, "none or a number from 1 to 4294967295"),
        Control::Limit { min: 1, max: 4_294_967_295 }
    );
    assert_eq!(Control::of(SettingKind::Other, "a number from 0.1 to 9"), Control::Text);
    assert_eq!(Control::of(SettingKind::Other, "none or a number from x to 9"), Control::Text);
}

#[test]
fn short_input_is_quoted_whole() {
    assert_eq!(clip("k15-i13"), "k15-i13");
    assert_eq!(clip(&"é".repeat(ECHO)), "é".repeat(ECHO));
    let message = "bad option 'max_plies=many': bad value 'many' for option 'max_plies' (expected none)";
    assert_eq!(shorten(message), message);
    let prose = format!("seat 0's engine panicked: {} in seat 1's search", "it ran out ".repeat(20));
    assert_eq!(shorten(&prose), prose, "an apostrophe is no quote");
}

#[test]
fn long_input_is_cut_to_a_prefix() {
    assert_eq!(clip(&"é".repeat(ECHO + 1)), format!("{}…", "é".repeat(ECHO)));
    let token = "x".repeat(1 << 20);
    let message = format!("bad token 'board={token}': expected a cell");
    let cut = format!("bad token 'board={}…': expected a cell", "x".repeat(ECHO - 6));
    assert_eq!(shorten(&message), cut);
    assert_eq!(shorten(&cut), cut, "a piece cut already is kept");
    let spaced = "a ".repeat(1 << 20);
    let message = format!("bad move '{spaced}': expected `from-to`, found \"{spaced}\"");
    let cut =
        format!("bad move '{}…': expected `from-to`, found \"{}…\"", "a ".repeat(ECHO / 2), "a ".repeat(ECHO / 2));
    assert_eq!(shorten(&message), cut);
    let unclosed = shorten(&format!("bad move '{spaced}"));
    assert_eq!(unclosed.chars().count(), MAX_MESSAGE + 1);
    assert!(unclosed.starts_with("bad move 'a a ") && unclosed.ends_with('…'), "{unclosed}");
    let quotes = "' ".repeat(1 << 20);
    assert_eq!(shorten(&quotes).chars().count(), MAX_MESSAGE + 1, "quotes that never close");
}
