//! `tabula serve`: it prints the address it listens on and serves the page there; a bad
//! address is a usage error.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

use crate::{fails, spawn};

#[test]
fn serve_prints_its_address_and_serves_the_page() {
    let mut child = spawn(&["serve", "--port", "0"]);
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let address = line
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    assert!(address.starts_with("127.0.0.1:"), "{line}");
    let mut stream = TcpStream::connect(&address).unwrap();
    write!(stream, "GET /api/games HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"name\":\"coaster-chess\""), "{answer}");
}

#[test]
fn serve_names_a_bad_address() {
    fails(&["serve", "--bind", "localhost:80"], &["--bind", "localhost:80"]);
}
