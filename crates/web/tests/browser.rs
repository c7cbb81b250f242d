//! End-to-end tests in headless Chromium, driven over WebDriver (Debian's `chromium` and
//! `chromium-driver`, raw WebDriver HTTP through the tests' small client): type a puzzle, get a
//! hint at each level, step through an explanation and compare the board with the library's
//! steps, load a killer and see its cage sums, generate a puzzle, see the errors for bad input.
//!
//! Without Chromium the test says so and passes; with `CI=true` it fails (CI installs it).

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sudoku::{Explainer, Grid, Puzzle, Solver, StepKind, Variant};

use common::request;

const CHROMIUM: &str = "/usr/bin/chromium";
const DRIVER: &str = "/usr/bin/chromedriver";
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

const HARD: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// A WebDriver session on a chromedriver of our own, ended (and the driver killed) on drop.
struct Browser {
    driver: Child,
    addr: SocketAddr,
    session: String,
    _profile: TempDir,
}

struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Drop for Browser {
    /// Ends the session (Chromium quits), then the driver; never panics, so that a failed test
    /// leaves no browser behind.
    fn drop(&mut self) {
        if let Ok(mut stream) = std::net::TcpStream::connect(self.addr) {
            let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
            let head = format!(
                "DELETE /session/{} HTTP/1.1\r\nHost: {}\r\nContent-Length: 0\r\n\r\n",
                self.session, self.addr
            );
            if stream.write_all(head.as_bytes()).is_ok() {
                let _ = stream.read(&mut [0u8; 4096]);
            }
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Browser {
    fn start() -> Browser {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let driver = Command::new(DRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let addr: SocketAddr = ([127, 0, 0, 1], port).into();
        let start = Instant::now();
        while std::net::TcpStream::connect(addr).is_err() {
            assert!(start.elapsed() < Duration::from_secs(20), "chromedriver did not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        let profile = std::env::temp_dir().join(format!("web-test-chromium-{}-{port}", std::process::id()));
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
            "--window-size=1200,900",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([format!("--user-data-dir={}", profile.display())])
        .collect::<Vec<_>>();
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": { "binary": CHROMIUM, "args": args }
        }}});
        let (status, text) = request(addr, "POST", "/session", Some(&caps.to_string()));
        let answer: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{status}: {text}"));
        let session =
            answer["value"]["sessionId"].as_str().unwrap_or_else(|| panic!("no session: {answer}")).to_string();
        Browser { driver, addr, session, _profile: TempDir(profile) }
    }

    fn call(&self, method: &str, path: &str, body: Value) -> Value {
        let path = format!("/session/{}{path}", self.session);
        let (status, text) = request(self.addr, method, &path, Some(&body.to_string()));
        let answer: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{path}: {status}: {text}"));
        assert_eq!(status, 200, "{path}: {answer}");
        answer["value"].clone()
    }

    fn go(&self, url: &str) {
        self.call("POST", "/url", json!({ "url": url }));
    }

    fn js(&self, script: &str) -> Value {
        self.call("POST", "/execute/sync", json!({ "script": script, "args": [] }))
    }

    fn element(&self, css: &str) -> String {
        let v = self.call("POST", "/element", json!({ "using": "css selector", "value": css }));
        v[ELEMENT].as_str().unwrap().to_string()
    }

    fn click(&self, css: &str) {
        let e = self.element(css);
        self.call("POST", &format!("/element/{e}/click"), json!({}));
    }

    fn keys(&self, css: &str, text: &str) {
        let e = self.element(css);
        self.call("POST", &format!("/element/{e}/value"), json!({ "text": text }));
    }

    /// Waits until `script` returns true.
    fn wait(&self, what: &str, script: &str) {
        let start = Instant::now();
        loop {
            if self.js(script) == json!(true) {
                return;
            }
            assert!(start.elapsed() < Duration::from_secs(15), "waited for {what}: {}", self.message());
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    fn message(&self) -> String {
        self.js("return document.getElementById('message').textContent").as_str().unwrap_or("").to_string()
    }

    /// Loads `text` through the page's text box and Load button.
    fn paste(&self, text: &str, variant: &str) {
        self.js(&format!(
            "document.getElementById('puzzle-text').value = {}; document.getElementById('variant').value = {}; document.getElementById('message').textContent = '';",
            json!(text),
            json!(variant)
        ));
        self.click("#load-text");
        self.wait("the load", "return document.getElementById('message').textContent !== ''");
    }

    /// The board's digits, one line.
    fn board(&self) -> String {
        self.js("return [...document.querySelectorAll('#board .cell')].map(c => c.querySelector('.marks') || !c.textContent ? '.' : c.textContent).join('')")
            .as_str()
            .unwrap()
            .to_string()
    }
}

fn chromium_present() -> bool {
    let present = std::path::Path::new(CHROMIUM).exists() && std::path::Path::new(DRIVER).exists();
    if !present {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true but {CHROMIUM} or {DRIVER} is missing: .ci/run installs them"
        );
        println!("SKIPPED: the browser tests need {CHROMIUM} and {DRIVER} (apt-get install chromium chromium-driver)");
    }
    present
}

#[test]
fn the_page_in_headless_chromium() {
    if !chromium_present() {
        return;
    }
    let server = common::start(web::Config::default());
    let b = Browser::start();
    let base = format!("http://{server}/");
    b.go(&base);
    b.wait("the board", "return document.querySelectorAll('#board .cell').length === 81");

    // Type a puzzle: paste a line, then a digit by keyboard, undo it.
    b.paste(HARD, "auto");
    assert_eq!(b.board(), HARD);
    assert!(b.js("return location.hash").as_str().unwrap().contains(HARD), "the puzzle is in the URL");
    b.click("#board .cell[data-r='0'][data-c='1']");
    b.keys("#board .cell[data-r='0'][data-c='1']", "1");
    assert_eq!(&b.board()[..2], "81");
    b.wait("the conflict", "return document.querySelector(\"#board .cell[data-r='0'][data-c='1']\").classList.contains('conflict') === false");
    b.keys("#board .cell[data-r='0'][data-c='1']", "8");
    b.wait(
        "a conflict shown as typed",
        "return document.querySelector(\"#board .cell[data-r='0'][data-c='1']\").classList.contains('conflict')",
    );
    b.click("#undo");
    b.click("#undo");
    assert_eq!(b.board(), HARD);

    // A hint at each level, as the library gives it.
    let grid = Grid::from_line(HARD).unwrap();
    let mut explainer = Explainer::new(grid.shape());
    let hint = explainer.hint(&grid);
    let step = hint.step().unwrap();
    let name = step.kind.technique().unwrap().name();
    let mut last = String::new();
    for level in 1..=3 {
        b.click("#hint");
        b.wait("the hint", &format!("return document.getElementById('message').dataset.level === '{level}'"));
        last = b.message();
        assert!(last.contains(name), "level {level}: {last}");
        let used = b.js("return document.querySelectorAll('#board .cell.used').length").as_u64().unwrap();
        assert_eq!(used > 0, level > 1, "level {level}: cells marked {used}");
    }
    assert!(last.contains(&step.to_string()), "{last}");

    // Explain: each step beside the board, as the library's, drawn on it.
    let explanation = explainer.explain(&grid);
    let shown: Vec<_> =
        explanation.steps().iter().filter(|s| !s.refuted && !matches!(s.kind, StepKind::Implied { .. })).collect();
    b.click("#explain");
    b.wait("the steps", "return !document.getElementById('step-panel').hidden");
    let total = b.js("return document.getElementById('step-index').textContent").as_str().unwrap().to_string();
    assert_eq!(total, format!("1 / {}", shown.len()));
    let mut chains = 0;
    for (k, step) in shown.iter().enumerate().take(40) {
        let text = b.js("return document.getElementById('step-text').textContent").as_str().unwrap().to_string();
        assert_eq!(text, step.to_string(), "step {}", k + 1);
        let json: Value = serde_json::from_str(&sudoku::json::step(step)).unwrap();
        let elim: usize =
            json["eliminations"].as_array().unwrap().iter().map(|e| e["digits"].as_array().unwrap().len()).sum();
        let drawn =
            b.js("return document.querySelectorAll('#board .marks span.elim').length").as_u64().unwrap() as usize;
        assert_eq!(drawn, elim, "step {}: {text}", k + 1);
        let links = json["links"].as_array().unwrap().len();
        let arrows = b.js("return document.querySelectorAll('#overlay path.link').length").as_u64().unwrap() as usize;
        assert_eq!(arrows, links, "step {}: {text}", k + 1);
        if links > 0 {
            chains += 1;
        }
        b.keys("#step-next", "\u{E014}");
        if k + 1 < shown.len() {
            b.wait(
                "the next step",
                &format!("return document.getElementById('step-index').textContent.startsWith('{} /')", k + 2),
            );
        }
    }
    assert!(chains > 0, "some step draws links");
    b.click("#step-close");

    // Check marks a wrong digit; Solve fills the answer, or says why it cannot.
    let Some(solution) = Solver::new(grid.shape()).solve_unique(&grid).solution().cloned() else { panic!("unique") };
    let right = solution.get(sudoku::Cell::new(0, 1)).unwrap();
    let wrong = if right == 1 { 2 } else { 1 };
    b.click("#board .cell[data-r='0'][data-c='1']");
    b.keys("#board .cell[data-r='0'][data-c='1']", &wrong.to_string());
    b.click("#check");
    b.wait("the check", "return document.getElementById('message').textContent.includes('wrong')");
    assert_eq!(b.message(), "1 wrong: r1c2");
    assert_eq!(b.js("return document.querySelectorAll('#board .cell.wrong').length"), json!(1));
    b.click("#undo");
    b.click("#solve");
    b.wait("the solution", "return document.getElementById('message').textContent.startsWith('Solved')");
    assert_eq!(b.board(), solution.to_line());
    b.paste(&".".repeat(16), "auto");
    b.click("#solve");
    b.wait("two solutions", "return document.getElementById('message').textContent.startsWith('Several')");
    assert!(b.js("return document.querySelectorAll('#board .cell.differ').length").as_u64().unwrap() >= 4);
    let unsolvable =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/9x9_no_solution_tdoku.txt"))
            .unwrap()
            .lines()
            .find(|l| !l.starts_with('#') && !l.trim().is_empty())
            .unwrap()
            .trim()
            .to_string();
    let set =
        sudoku::minimal_unsolvable_givens(&Grid::from_line(&unsolvable).unwrap(), sudoku::Limits::default()).unwrap();
    b.paste(&unsolvable, "auto");
    b.click("#solve");
    b.wait("no solution", "return document.getElementById('message').textContent.startsWith('No solution')");
    assert!(b.message().contains(&sudoku::unsolvable_line(&set)), "{}", b.message());
    assert_eq!(b.js("return document.querySelectorAll('#board .cell.marked').length"), json!(set.len()));

    // The engine's replay: events step by step, counted.
    b.paste(HARD, "auto");
    b.click("#replay");
    b.wait("the replay", "return !document.getElementById('replay-panel').hidden");
    for _ in 0..30 {
        b.click("#replay-step");
    }
    let counts = b.js("return document.getElementById('replay-counts').textContent").as_str().unwrap().to_string();
    assert!(counts.starts_with("event 30 / "), "{counts}");
    b.click("#replay-close");

    // A killer: the cage sums drawn.
    let killer =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/variants/killer_9x9.txt")).unwrap();
    let puzzle = Puzzle::parse(Variant::Killer, &killer).unwrap();
    b.paste(&killer, "killer");
    let mut sums: Vec<u64> = b
        .js("return [...document.querySelectorAll('#overlay text.cage-sum')].map(t => Number(t.textContent))")
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let mut want: Vec<u64> = puzzle.cages().unwrap().iter().map(|c| u64::from(c.sum())).collect();
    sums.sort_unstable();
    want.sort_unstable();
    assert_eq!(sums, want);

    // Generate a 4x4 puzzle.
    b.js("document.getElementById('gen-size').value = '4'; document.getElementById('gen-seed').value = '3';");
    b.click("#gen summary");
    b.click("#generate");
    b.wait("the new puzzle", "return document.getElementById('message').textContent.startsWith('Generated')");
    assert_eq!(b.js("return document.querySelectorAll('#board .cell').length"), json!(16));

    // Bad input: the message says where and what.
    b.paste("12345", "auto");
    assert!(b.message().contains("found 5 cells"), "{}", b.message());
    assert_eq!(b.js("return document.getElementById('message').classList.contains('error')"), json!(true));
    let clash = format!("55{}", &HARD[2..]);
    b.paste(&clash, "auto");
    assert!(b.message().contains("twice"), "{}", b.message());
}
