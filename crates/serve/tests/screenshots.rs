//! Pictures of the page for the documentation: each game's start position on the board,
//! saved as `docs/img/<game>.png` (run it after a change to the page or the pictures).

mod webdriver;

use std::path::PathBuf;

use tabula_rules::games::NAMES;
use webdriver::Browser;

#[tokio::test(flavor = "multi_thread")]
#[ignore = "needs chromium and chromedriver; writes docs/img/<game>.png"]
async fn save_each_games_start_position() {
    let browser = Browser::open().await;
    // Tall enough that the board never needs scrolling: Chromium crops element pictures of
    // a scrolled page at the wrong place.
    browser.client.set_window_size(1400, 2000).await.unwrap();
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/img");
    std::fs::create_dir_all(&folder).unwrap();
    for game in NAMES {
        browser.new_game(game, &["person", "person"], "1", &[]).await;
        browser.script("window.scrollTo(0, 0);", vec![]).await;
        let png = browser.find("#board").await.screenshot().await.unwrap();
        assert_eq!(&png[1..4], b"PNG");
        std::fs::write(folder.join(format!("{game}.png")), png).unwrap();
    }
    browser.close().await;
}
