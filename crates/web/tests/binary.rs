//! The `web` binary as the README runs it: it prints the address it serves, serves the page
//! there, and refuses bad options.

mod common;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Command, Stdio};

#[test]
fn prints_the_address_and_serves_the_page() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_web"))
        .args(["--bind", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("the web binary starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let rest = line.strip_prefix("Sudoku board on http://").unwrap_or_else(|| panic!("{line}"));
    let (addr, tail) = rest.split_once('/').unwrap();
    assert_eq!(tail, " (Ctrl-C to stop)\n");
    let addr: SocketAddr = addr.parse().unwrap();
    assert!(addr.ip().is_loopback() && addr.port() != 0, "{addr}");
    let (status, page) = common::request(addr, "GET", "/", None);
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(status, 200);
    assert!(page.contains("/assets/app.js"), "{page}");
}

#[test]
fn bad_options_exit_with_2_and_say_why() {
    for (args, why) in [
        (&["--bind", "localhost"][..], "--bind: 'localhost' is not ADDR:PORT"),
        (&["--workers", "0"][..], "--workers: '0' is not a positive number"),
        (&["--time-limit", "-1"][..], "--time-limit: '-1' is not a number of seconds"),
        (&["--verbose"][..], "unknown argument '--verbose'"),
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_web")).args(args).output().unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(why), "{args:?}: {err}");
    }
}
