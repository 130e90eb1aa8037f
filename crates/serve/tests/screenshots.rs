//! Pictures of the page for the documentation: the whole page at 1280×800 for each game,
//! two turns into a game of a person against the engine at the page's default level,
//! saved as `docs/img/<game>.png` (run it after a change to the page or the pictures).

mod webdriver;

use std::path::PathBuf;

use serde_json::json;
use tabula_rules::games::NAMES;
use webdriver::Browser;

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromedriver; writes docs/img/<game>.png"]
async fn save_each_game_on_the_page() {
    let browser = Browser::open().await;
    browser.viewport(1280, 800).await;
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/img");
    std::fs::create_dir_all(&folder).unwrap();
    let level = browser.script("return String(catalog.default_level);", vec![]).await;
    for game in NAMES {
        browser.set("game", game).await;
        browser.set("level", level.as_str().unwrap()).await;
        let before = browser.view().await["id"].clone();
        browser.click("#start").await;
        browser
            .wait_for("the new game", |b| {
                let before = before.clone();
                async move { b.view().await["id"] != before }
            })
            .await;
        for turn in 1..=2 {
            let view = browser.view().await;
            // A move from the middle of the list, clicked as a person would.
            let legal: Vec<_> = view["legal"].as_array().unwrap().iter().filter(|m| !m["from"].is_null()).collect();
            let mv = legal[legal.len() / 2].clone();
            browser.click_move(&mv).await;
            browser
                .wait_for("the engine's reply", |b| async move {
                    let view = b.view().await;
                    view["plies"] == json!(2 * turn) && view["search"].is_null() || !view["result"].is_null()
                })
                .await;
        }
        // Hovering leaves no mark: the pointer goes to a corner.
        browser.script("document.activeElement.blur(); return true;", vec![]).await;
        let png = browser.client.screenshot().await.unwrap();
        assert_eq!(&png[1..4], b"PNG");
        std::fs::write(folder.join(format!("{game}.png")), png).unwrap();
    }
    browser.close().await;
}
