//! `tabula serve`: it prints the address it listens on and serves the page there; a bad
//! address is a usage error, and so is one other machines can reach without `--public`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, ChildStderr};

use crate::{fails, spawn};

/// Starts `tabula serve ARGS` and returns it with the address its first line names.
fn start(args: &[&str]) -> (Child, String) {
    let mut child = spawn(args);
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let address = line
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (child, address)
}

/// Sends `request` (`Connection: close` and the body's length are added) to `address`
/// and returns the whole answer.
fn http(address: &str, request: &str, body: &str) -> String {
    let mut stream = TcpStream::connect(address).unwrap();
    write!(stream, "{request}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

fn stop(mut child: Child) -> ChildStderr {
    child.kill().unwrap();
    child.wait().unwrap();
    child.stderr.take().unwrap()
}

#[test]
fn serve_prints_its_address_and_serves_the_page() {
    let (child, address) = start(&["serve", "--port", "0"]);
    assert!(address.starts_with("127.0.0.1:"), "{address}");
    let answer = http(&address, &format!("GET /api/games HTTP/1.1\r\nHost: {address}"), "");
    let port = address.rsplit(':').next().unwrap();
    let other = http(&address, &format!("GET /api/games HTTP/1.1\r\nHost: localhost:{port}"), "");
    let foreign = http(&address, "GET /api/games HTTP/1.1\r\nHost: evil.example", "");
    let mut stderr = String::new();
    stop(child).read_to_string(&mut stderr).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"name\":\"coaster-chess\""), "{answer}");
    assert!(other.starts_with("HTTP/1.1 200"), "{other}");
    assert!(foreign.starts_with("HTTP/1.1 403"), "{foreign}");
    assert!(foreign.contains("host 'evil.example' is not this server"), "{foreign}");
    assert!(stderr.is_empty(), "a loopback server warns of nothing: {stderr}");
}

#[test]
fn serve_names_a_bad_address() {
    fails(&["serve", "--bind", "localhost:80"], &["--bind", "localhost:80"]);
}

/// A port taken on every IPv4 address, so that a server that should have been refused
/// fails to start instead of serving for ever; the listener keeps it taken.
fn taken_port() -> (TcpListener, String) {
    let listener = TcpListener::bind("0.0.0.0:0").unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    (listener, port)
}

#[test]
fn serve_refuses_an_address_other_machines_reach_without_public() {
    let (_taken, port) = taken_port();
    for address in ["0.0.0.0", "::", "192.0.2.7"] {
        fails(&["serve", "--bind", address, "--port", &port], &[&format!("--bind {address}"), "--public"]);
    }
}

#[test]
fn serve_public_warns_and_answers_at_the_address_reached() {
    let (mut child, address) = start(&["serve", "--bind", "0.0.0.0", "--port", "0", "--public"]);
    let mut warning = String::new();
    BufReader::new(child.stderr.as_mut().unwrap()).read_line(&mut warning).unwrap();
    assert!(address.starts_with("0.0.0.0:"), "{address}");
    let port = address.rsplit(':').next().unwrap();
    let reached = format!("127.0.0.1:{port}");
    let answer = http(&reached, &format!("GET /api/games HTTP/1.1\r\nHost: {reached}"), "");
    let foreign = http(&reached, &format!("GET /api/games HTTP/1.1\r\nHost: board.example:{port}"), "");
    stop(child);
    assert_eq!(
        warning,
        format!(
            "tabula serve: warning: listening on {address}, open to every machine that can reach it; there is no login\n"
        )
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(foreign.starts_with("HTTP/1.1 403"), "{foreign}");
}

#[test]
fn serve_lets_the_origins_it_is_given_change_things() {
    let (child, address) = start(&["serve", "--port", "0", "--allow-origin", "http://localhost:3000"]);
    let post = |origin: &str| {
        let request = format!(
            "POST /api/sessions HTTP/1.1\r\nHost: {address}\r\nOrigin: {origin}\r\nContent-Type: application/json"
        );
        http(&address, &request, r#"{"game": "e", "seats": ["person", "person"]}"#)
    };
    let allowed = post("http://localhost:3000");
    let own = post(&format!("http://{address}"));
    let other = post("http://localhost:3001");
    stop(child);
    assert!(allowed.starts_with("HTTP/1.1 201"), "{allowed}");
    assert!(own.starts_with("HTTP/1.1 201"), "{own}");
    assert!(other.starts_with("HTTP/1.1 403"), "{other}");
    assert!(other.contains("origin 'http://localhost:3001' may not change anything here"), "{other}");
    let (_taken, port) = taken_port();
    fails(&["serve", "--port", &port, "--allow-origin", "localhost:3000"], &["--allow-origin", "localhost:3000"]);
    fails(&["serve", "--port", &port, "--allow-origin", "http://x/board"], &["http://x/board", "no path"]);
}
