//! Drives the page in headless Chromium through chromedriver: starts the server on a free
//! port, chromedriver on another, and a browser session with a fresh profile.

// Each test file uses part of the harness.
#![allow(dead_code)]

use std::net::{SocketAddr, TcpListener as StdListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};
use tabula_serve::Config;

/// Where Debian's packages put the browser and its driver.
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// See [`CHROMIUM`].
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// A host name the browser resolves to this machine, as a DNS rebinding attacker's would.
pub const REBOUND: &str = "rebound.example";

/// How long a wait for the page lasts before the test fails.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// The server, chromedriver and a browser session on the page.
pub struct Browser {
    /// The WebDriver session.
    pub client: Client,
    /// The page's address.
    pub url: String,
    driver: Child,
    _profile: TempDir,
}

/// A test that fails ends its chromedriver (and with it the browser) too.
impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// chromedriver's command for the browser's console log (not in the W3C protocol).
#[derive(Debug)]
struct BrowserLog;

impl fantoccini::wd::WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(&self, base: &url::Url, session: Option<&str>) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/se/log", session.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (axum::http::Method, Option<String>) {
        (axum::http::Method::POST, Some(json!({ "type": "browser" }).to_string()))
    }
}

/// A directory removed when dropped.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn free_port() -> u16 {
    StdListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Serves the board on a free port in this test's runtime; returns its address.
pub async fn start_server() -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { tabula_serve::serve(listener, Config::default()).await.unwrap() });
    address
}

impl Browser {
    /// Starts everything and opens the page.
    pub async fn open() -> Browser {
        let address = start_server().await;
        let port = free_port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {CHROMEDRIVER}: {e}"));
        let start = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(start.elapsed() < PATIENCE, "chromedriver did not listen on port {port}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let profile = std::env::temp_dir().join(format!("tabula-serve-chromium-{}-{port}", std::process::id()));
        std::fs::create_dir_all(&profile).unwrap();
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1400,1000",
            // A name of this machine that is not its address, for a page reached by DNS
            // rebinding; and no upgrade of such names to https.
            &format!("--host-resolver-rules=MAP {REBOUND} 127.0.0.1"),
            "--disable-features=HttpsUpgrades",
            "--hide-scrollbars",
            &format!("--user-data-dir={}", profile.display()),
        ];
        let capabilities = json!({
            "goog:chromeOptions": { "binary": CHROMIUM, "args": args },
            "goog:loggingPrefs": { "browser": "ALL" },
        });
        let Value::Object(capabilities) = capabilities else { unreachable!() };
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("a chromium session");
        let url = format!("http://{address}/");
        client.goto(&url).await.unwrap();
        let browser = Browser { client, url, driver, _profile: TempDir(profile) };
        browser.wait_for("the first game", |b| async move { b.text("#status").await.contains("to move") }).await;
        browser
    }

    /// The element `css`.
    pub async fn find(&self, css: &str) -> Element {
        self.client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("no element {css}: {e}"))
    }

    // The page redraws itself while it polls, so reads are one script each: an element
    // found by one command may be gone by the next.

    /// The text of element `css`, as shown.
    pub async fn text(&self, css: &str) -> String {
        let script = "const el = document.querySelector(arguments[0]); return el ? el.innerText : null;";
        let text = self.script(script, vec![json!(css)]).await;
        text.as_str().unwrap_or_else(|| panic!("no element {css}")).to_string()
    }

    /// The value of input `css`.
    pub async fn value(&self, css: &str) -> String {
        let script = "const el = document.querySelector(arguments[0]); return el ? el.value : null;";
        let value = self.script(script, vec![json!(css)]).await;
        value.as_str().unwrap_or_else(|| panic!("no input {css}")).to_string()
    }

    /// The attribute `name` of every element `css`.
    pub async fn attrs(&self, css: &str, name: &str) -> Vec<String> {
        let script = "return [...document.querySelectorAll(arguments[0])].map((el) => el.getAttribute(arguments[1]));";
        let values = self.script(script, vec![json!(css), json!(name)]).await;
        values.as_array().unwrap().iter().map(|v| v.as_str().unwrap_or_default().to_string()).collect()
    }

    /// Whether element `css` is shown.
    pub async fn shown(&self, css: &str) -> bool {
        let script = "const el = document.querySelector(arguments[0]); return !!el && !el.hidden;";
        self.script(script, vec![json!(css)]).await == json!(true)
    }

    /// Clicks element `css`.
    pub async fn click(&self, css: &str) {
        self.find(css).await.click().await.unwrap_or_else(|e| panic!("cannot click {css}: {e}"));
    }

    /// Runs `script` in the page and returns what it returns.
    pub async fn script(&self, script: &str, args: Vec<Value>) -> Value {
        self.client.execute(script, args).await.unwrap()
    }

    /// Sets the form field `id` to `value` as a person choosing it would (a change event).
    pub async fn set(&self, id: &str, value: &str) {
        let script = "const el = document.getElementById(arguments[0]); el.value = arguments[1]; \
                      el.dispatchEvent(new Event('change')); return el.value;";
        let set = self.script(script, vec![json!(id), json!(value)]).await;
        assert_eq!(set, json!(value), "field {id} has no value {value}");
    }

    /// Sets the rule option `key` of the setup form to `value`, as a person would.
    pub async fn set_option(&self, key: &str, value: &str) {
        let script = "const el = document.querySelector(`#options [data-key=\"${arguments[0]}\"]`); \
                      if (el.type === 'checkbox') el.checked = arguments[1] === 'true'; else el.value = arguments[1]; \
                      el.dispatchEvent(new Event('change')); return optionValue(el);";
        assert_eq!(self.script(script, vec![json!(key), json!(value)]).await, json!(value), "option {key}");
    }

    /// The session the page shows, as the page holds it.
    pub async fn view(&self) -> Value {
        self.script("return view;", vec![]).await
    }

    /// Waits until `done` holds, failing with `what` after [`PATIENCE`].
    pub async fn wait_for<'a, F, Fut>(&'a self, what: &str, done: F)
    where
        F: Fn(&'a Browser) -> Fut,
        Fut: std::future::Future<Output = bool>,
    {
        let start = Instant::now();
        while !done(self).await {
            let script = "const el = document.getElementById('error'); return el ? el.innerText : null;";
            let error = self.script(script, vec![]).await;
            assert!(start.elapsed() < PATIENCE, "timed out waiting for {what}; the page's error: {error:?}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Starts a new game from the form: `seats` (person or engine specs), `think`
    /// seconds a move, rule `options`.
    pub async fn new_game(&self, game: &str, seats: &[&str], think: &str, options: &[(&str, &str)]) {
        let before = self.view().await["id"].clone();
        self.set("game", game).await;
        self.set("players", &seats.len().to_string()).await;
        for (s, spec) in seats.iter().enumerate() {
            self.set(&format!("seat-{s}"), spec).await;
        }
        self.set("level", "custom").await;
        self.set("think-custom", think).await;
        for (key, value) in options {
            self.set_option(key, value).await;
        }
        self.click("#start").await;
        self.wait_for("the new game", |b| {
            let before = before.clone();
            async move { b.view().await["id"] != before }
        })
        .await;
    }

    /// Clicks on the board: the piece at `cell` at height `level` in a stack if given, else
    /// its top piece (drawn last, over the others), else the cell.
    pub async fn click_cell(&self, cell: &str, level: Option<u64>) {
        let css = match level {
            Some(level) => format!("#board .piece[data-cell=\"{cell}\"][data-level=\"{level}\"]"),
            None => format!("#board .piece[data-cell=\"{cell}\"]"),
        };
        let pieces = self.client.find_all(Locator::Css(&css)).await.unwrap_or_default();
        let target = match pieces.into_iter().last() {
            Some(piece) => piece,
            None => self.find(&format!("#board .cell[data-cell=\"{cell}\"]")).await,
        };
        target.click().await.unwrap_or_else(|e| panic!("cannot click {css}: {e}"));
    }

    /// Plays `mv` (a legal move of the page's view) by clicking its two spots, as a person
    /// would: a Martian Chess clock call ticked in its box first; an Icelights facing by its
    /// arrow on the board (after clicking the turned piece when it is not the moved one), or
    /// the chooser's "move without turning"; anything else shared by the two clicks in the
    /// chooser. Returns when the click that sent the move was made.
    pub async fn click_move(&self, mv: &Value) -> Instant {
        let text = mv["text"].as_str().unwrap();
        let (from, to) = (&mv["from"], &mv["to"]);
        self.click_cell(from["cell"].as_str().unwrap(), from["level"].as_u64()).await;
        let script = "const box = document.getElementById('call-clock'); box.checked = arguments[0]; return true;";
        self.script(script, vec![json!(text.ends_with('!'))]).await;
        let mut sent = Instant::now();
        self.click_cell(to["cell"].as_str().unwrap(), None).await;
        if self.exists("#board .facing").await {
            let arrow = format!("#board .facing[data-move=\"{text}\"]");
            if !self.exists(&arrow).await {
                match text.rsplit_once(',').or_else(|| text.split_once('=').map(|(c, _)| (c, ""))) {
                    Some((_, turn)) if !turn.is_empty() => {
                        let cell = turn.split('=').next().unwrap();
                        self.click_cell(cell, None).await;
                    }
                    _ => {
                        sent = Instant::now();
                        self.click(&format!("#chooser button[data-move=\"{text}\"]")).await;
                        return sent;
                    }
                }
            }
            sent = Instant::now();
            self.click(&arrow).await;
        } else if self.shown("#chooser").await {
            sent = Instant::now();
            self.click(&format!("#chooser button[data-move=\"{text}\"]")).await;
        }
        sent
    }

    /// Whether the page has an element `css`.
    pub async fn exists(&self, css: &str) -> bool {
        self.script("return !!document.querySelector(arguments[0]);", vec![json!(css)]).await == json!(true)
    }

    /// The texts of the chooser's move buttons (its cancel button aside).
    pub async fn chooser(&self) -> Vec<String> {
        self.attrs("#chooser button[data-move]", "data-move").await
    }

    /// The error the page shows, if any.
    pub async fn error(&self) -> Option<String> {
        let script = "const el = document.getElementById('error'); return el.hidden ? null : el.innerText;";
        self.script(script, vec![]).await.as_str().map(str::to_string)
    }

    /// Replays the records file `text`, pasted into the page; waits for its session.
    pub async fn replay(&self, text: &str) {
        let before = self.view().await["id"].clone();
        self.open_details("replay-box").await;
        let script = "document.getElementById('record-text').value = arguments[0]; return true;";
        self.script(script, vec![json!(text)]).await;
        self.click("#record-load").await;
        self.wait_for("the record's session", |b| {
            let before = before.clone();
            async move { b.view().await["id"] != before }
        })
        .await;
    }

    /// Opens the folded part of the form `id` (a `details` element).
    pub async fn open_details(&self, id: &str) {
        self.script("document.getElementById(arguments[0]).open = true; return true;", vec![json!(id)]).await;
    }

    /// Sizes the window so that the page's viewport is `width` by `height` CSS pixels.
    pub async fn viewport(&self, width: u32, height: u32) {
        for _ in 0..3 {
            let inner = self.script("return [window.innerWidth, window.innerHeight];", vec![]).await;
            let (w, h) = (inner[0].as_i64().unwrap(), inner[1].as_i64().unwrap());
            if (w, h) == (width.into(), height.into()) {
                return;
            }
            let (ow, oh) = self.client.get_window_size().await.unwrap();
            let outer = |o: u64, want: u32, is: i64| (o as i64 + i64::from(want) - is).max(100) as u32;
            self.client.set_window_size(outer(ow, width, w), outer(oh, height, h)).await.unwrap();
        }
        let inner = self.script("return [window.innerWidth, window.innerHeight];", vec![]).await;
        assert_eq!(inner, json!([width, height]), "the viewport");
    }

    /// The messages of the browser's console at level SEVERE (errors, failed loads) since
    /// the last call, as chromedriver's log has them.
    pub async fn console_errors(&self) -> Vec<String> {
        let log = self.client.issue_cmd(BrowserLog).await.expect("chromedriver's browser log");
        let entries = log.as_array().cloned().unwrap_or_default();
        entries
            .iter()
            .filter(|e| e["level"] == "SEVERE")
            .map(|e| e["message"].as_str().unwrap_or_default().to_string())
            .collect()
    }

    /// How long the page took, in milliseconds from the start of its navigation: until its
    /// DOM was read, until its load event ended, and until it first showed a game.
    pub async fn load_times(&self) -> (f64, f64, f64) {
        let script = "const nav = performance.getEntriesByType('navigation')[0]; \
                      const shown = performance.getEntriesByName('tabula:game-shown')[0]; \
                      return [nav.domContentLoadedEventEnd, nav.loadEventEnd, shown ? shown.startTime : -1];";
        let times = self.script(script, vec![]).await;
        let at = |i: usize| times[i].as_f64().unwrap_or(-1.0);
        (at(0), at(1), at(2))
    }

    /// Reloads the page and waits for it to show a game or a notice.
    pub async fn reload(&self) {
        self.client.refresh().await.unwrap();
        self.wait_until_shown().await;
    }

    /// Opens `url` (the board's page) and waits for it to show a game or a notice.
    pub async fn open_page(&self, url: &str) {
        self.client.goto(url).await.unwrap();
        self.wait_until_shown().await;
    }

    /// Waits for the page to show a game or a notice.
    async fn wait_until_shown(&self) {
        self.wait_for("the page to show a game or a notice", |b| async move {
            let script = "return typeof view !== 'undefined' && (view !== null || \
                          !document.getElementById('notice').hidden);";
            b.script(script, vec![]).await == json!(true)
        })
        .await;
    }

    /// The texts of the move list.
    pub async fn moves(&self) -> Vec<String> {
        let script = "return [...document.querySelectorAll('#moves li .move')].map((el) => el.innerText);";
        let texts = self.script(script, vec![]).await;
        texts.as_array().unwrap().iter().map(|v| v.as_str().unwrap_or_default().to_string()).collect()
    }

    /// The texts of the move list and the position text, read at one moment.
    pub async fn moves_and_position(&self) -> (Vec<String>, String) {
        let script = "return [[...document.querySelectorAll('#moves li .move')].map((el) => el.innerText), \
                      document.getElementById('position').value];";
        let both = self.script(script, vec![]).await;
        let moves = both[0].as_array().unwrap().iter().map(|v| v.as_str().unwrap_or_default().to_string()).collect();
        (moves, both[1].as_str().unwrap_or_default().to_string())
    }

    /// Ends the browser session and chromedriver.
    pub async fn close(mut self) {
        let _ = self.client.clone().close().await;
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
