//! Shared by the web tests: the server on 127.0.0.1 with an OS-chosen port, and a small
//! HTTP/1.1 client over a `TcpStream` (the API and WebDriver both speak JSON over it).

#![allow(dead_code, reason = "each test file uses a part")]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::mpsc;
use std::time::Duration;

/// Starts the server with `config` on 127.0.0.1, port chosen by the OS, in a thread of its own.
pub(crate) fn start(config: web::Config) -> SocketAddr {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let runtime =
            tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("runtime");
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
            tx.send(listener.local_addr().expect("address")).expect("send");
            web::serve(listener, config).await.expect("serve");
        });
    });
    rx.recv().expect("the server's address")
}

/// One request; the status and the body.
pub(crate) fn request(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(120))).expect("timeout");
    let body = body.unwrap_or("");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("write");
    stream.write_all(body.as_bytes()).expect("write");
    // Read the head, then as many bytes as it announces: a WebDriver server keeps the
    // connection open whatever `Connection: close` says.
    let mut raw = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    let head_end = loop {
        if let Some(k) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break k + 4;
        }
        let n = stream.read(&mut buf).expect("read");
        assert!(n > 0, "the connection closed before the head: {}", String::from_utf8_lossy(&raw));
        raw.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&raw[..head_end]).into_owned();
    let header = |name: &str| {
        head.lines().find_map(|l| {
            l.split_once(':').filter(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.trim().to_string())
        })
    };
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let chunked = header("transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked"));
    match header("content-length").and_then(|v| v.parse::<usize>().ok()) {
        Some(len) => {
            while raw.len() < head_end + len {
                let n = stream.read(&mut buf).expect("read");
                assert!(n > 0, "the connection closed in the body");
                raw.extend_from_slice(&buf[..n]);
            }
            raw.truncate(head_end + len);
        }
        None if chunked => {
            while !raw[head_end..].ends_with(b"0\r\n\r\n") {
                let n = stream.read(&mut buf).expect("read");
                if n == 0 {
                    break;
                }
                raw.extend_from_slice(&buf[..n]);
            }
        }
        None => {
            stream.read_to_end(&mut raw).expect("read");
        }
    }
    let body = String::from_utf8_lossy(&raw[head_end..]).into_owned();
    (status, if chunked { dechunk(&body) } else { body })
}

fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || after.len() < n {
            break;
        }
        out.push_str(&after[..n]);
        rest = after[n..].trim_start_matches("\r\n");
    }
    out
}

/// POST `body` (JSON) to `path`; the status and the answer read as JSON.
pub(crate) fn post(addr: SocketAddr, path: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
    let (status, text) = request(addr, "POST", path, Some(&body.to_string()));
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"));
    (status, value)
}
