//! The JSON API, in process on 127.0.0.1: bad input gets a 4xx with a JSON error, and the
//! answers are the `sudoku` crate's.

mod common;

use std::net::SocketAddr;
use std::sync::OnceLock;

use serde_json::{json, Value};
use sudoku::{Explainer, Grid, Puzzle, Settings, Shape, Solver, Uniqueness, Variant};

use common::{post, request};

const EASY: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const HARD: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn server() -> SocketAddr {
    static ADDR: OnceLock<SocketAddr> = OnceLock::new();
    *ADDR.get_or_init(|| common::start(web::Config { workers: 2, ..web::Config::default() }))
}

fn error(status: u16, answer: &Value) -> String {
    assert!((400..500).contains(&status), "status {status}: {answer}");
    answer["error"].as_str().unwrap_or_else(|| panic!("no error message: {answer}")).to_string()
}

#[test]
fn bad_input_gets_a_4xx_with_a_json_error() {
    let addr = server();
    let cases: Vec<(&str, Value, &str)> = vec![
        ("/api/solve", json!({ "text": "" }), "empty"),
        ("/api/solve", json!({ "text": "12" }), "found 2 cells"),
        (
            "/api/solve",
            json!({ "text": "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x" }),
            "'x'",
        ),
        ("/api/hint", json!({ "text": EASY, "level": 7 }), "levels 1, 2 and 3"),
        ("/api/solve", json!({ "text": EASY, "variant": "sideways" }), "sideways"),
        ("/api/solve", json!({ "text": EASY, "grid": "...3..4114..3..." }), "the board is 4x4 but the puzzle is 9x9"),
        ("/api/solve", json!({ "text": EASY, "grid": "1234" }), "the board: found 4 cells"),
        ("/api/solve", json!({ "text": EASY, "marks": [1, 2] }), "2 pencil marks for 81 cells"),
        ("/api/generate", json!({ "size": 25 }), "size 25"),
        ("/api/generate", json!({ "band": "impossible" }), "impossible"),
        ("/api/solve", json!({ "text": "a 10\nb 12\n" }), "killer"),
        ("/api/solve", json!({ "txt": EASY }), "txt"),
    ];
    for (path, body, expected) in cases {
        let (status, answer) = post(addr, path, &body);
        let message = error(status, &answer);
        assert!(message.contains(expected), "{path} {body}: {message}");
    }
    // Clashing givens: both cells.
    let clash = format!("55{}", &EASY[2..]);
    let (status, answer) = post(addr, "/api/solve", &json!({ "text": clash }));
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["cells"], json!([[0, 0], [0, 1]]), "{answer}");
    // Not JSON, too large, unknown paths and names of files.
    let (status, text) = request(addr, "POST", "/api/solve", Some("{\"text\": "));
    assert_eq!(status, 400, "{text}");
    assert!(serde_json::from_str::<Value>(&text).unwrap()["error"].is_string(), "{text}");
    let big = format!("{{\"text\": \"{}\"}}", ".".repeat(300 * 1024));
    let (status, text) = request(addr, "POST", "/api/solve", Some(&big));
    assert_eq!(status, 413, "{text}");
    assert!(serde_json::from_str::<Value>(&text).unwrap()["error"].is_string(), "{text}");
    for path in [
        "/etc/passwd",
        "/assets/../Cargo.toml",
        "/assets/%2e%2e%2fCargo.toml",
        "/assets/index.html/../../x",
        "/api/nothing",
    ] {
        let (status, _) = request(addr, "GET", path, None);
        assert_eq!(status, 404, "{path}");
    }
    let (status, page) = request(addr, "GET", "/", None);
    assert_eq!(status, 200);
    assert!(page.contains("<title>Sudoku board</title>"), "{page}");
    for asset in ["app.js", "board.js", "style.css"] {
        assert_eq!(request(addr, "GET", &format!("/assets/{asset}"), None).0, 200, "{asset}");
    }
}

#[test]
fn solve_answers_as_the_library() {
    let addr = server();
    for line in [EASY, HARD] {
        let grid = Grid::from_line(line).unwrap();
        let Uniqueness::Unique(solution) = Solver::new(grid.shape()).solve_unique(&grid) else { panic!("unique") };
        let (status, answer) = post(addr, "/api/solve", &json!({ "text": line }));
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["result"], "unique");
        assert_eq!(answer["solution"], solution.to_line());
        assert!(solution.is_solution_of(&grid));
    }
    // Several solutions: two that differ, and the cells where they do.
    let (_, answer) = post(addr, "/api/solve", &json!({ "text": "....".repeat(4) }));
    assert_eq!(answer["result"], "multiple", "{answer}");
    let [a, b] = [0, 1].map(|k| Grid::from_line(answer["solutions"][k].as_str().unwrap()).unwrap());
    assert!(a.is_solved() && b.is_solved() && a != b);
    let differ = a.cells().filter(|&(c, d)| b.get(c) != d).count();
    assert_eq!(answer["differ"].as_array().unwrap().len(), differ);
    // No solution: the minimal clashing givens the CLI names.
    let unsolvable =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/9x9_no_solution_tdoku.txt"))
            .unwrap()
            .lines()
            .find(|l| !l.starts_with('#') && !l.trim().is_empty())
            .unwrap()
            .trim()
            .to_string();
    let grid = Grid::from_line(&unsolvable).unwrap();
    let set = sudoku::minimal_unsolvable_givens(&grid, sudoku::Limits::default()).unwrap();
    let (_, answer) = post(addr, "/api/solve", &json!({ "text": unsolvable }));
    assert_eq!(answer["result"], "unsolvable", "{answer}");
    assert_eq!(answer["message"], sudoku::unsolvable_line(&set));
    assert_eq!(answer["givens"].as_array().unwrap().len(), set.len());
}

#[test]
fn hints_explanations_and_grades_are_the_librarys() {
    let addr = server();
    let grid = Grid::from_line(HARD).unwrap();
    let mut explainer = Explainer::new(grid.shape());
    let hint = explainer.hint(&grid);
    let step = hint.step().unwrap();
    let full: Value = serde_json::from_str(&sudoku::json::step(step)).unwrap();
    let name = step.kind.technique().unwrap().name();
    let answers: Vec<Value> =
        (1..=3).map(|level| post(addr, "/api/hint", &json!({ "text": HARD, "level": level })).1).collect();
    for a in &answers {
        assert_eq!(a["technique"], name, "{a}");
    }
    assert!(answers[0].get("cells").is_none() && answers[0].get("text").is_none(), "{}", answers[0]);
    assert_eq!(answers[1]["cells"], full["cells"]);
    assert!(answers[1].get("text").is_none() && answers[1].get("eliminations").is_none());
    assert_eq!(answers[2]["text"], step.to_string());
    assert_eq!(answers[2]["eliminations"], full["eliminations"]);
    assert_eq!(answers[2]["links"], full["links"]);

    let explanation = explainer.explain(&grid);
    let (_, answer) = post(addr, "/api/explain", &json!({ "text": HARD }));
    let steps = answer["steps"].as_array().unwrap();
    assert_eq!(steps.len(), explanation.steps().len());
    for (got, want) in steps.iter().zip(explanation.steps()) {
        assert_eq!(got, &serde_json::from_str::<Value>(&sudoku::json::step(want)).unwrap());
    }
    let grade = explanation.grade();
    assert_eq!(answer["grade"]["score"], grade.score());
    let (_, answer) = post(addr, "/api/grade", &json!({ "text": HARD }));
    assert_eq!(answer["score"], grade.score());
    assert_eq!(answer["band"], grade.band().name());
    assert_eq!(answer["hardest"], grade.hardest().unwrap());
}

#[test]
fn pencil_marks_and_variants_read_as_the_library_reads_them() {
    let addr = server();
    // The 4x4 puzzle with r1c1's 2 crossed out by hand: the hint of `PencilMarks`' example.
    let marks = "4 12 2 3\n 2 23 4 1\n 1 4 23 2\n 3 2 12 24";
    let (_, answer) = post(addr, "/api/hint", &json!({ "text": marks, "level": 3 }));
    assert_eq!(answer["text"], "r1c2 = 1: full house in row 1", "{answer}");
    let killer =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/variants/killer_9x9.txt")).unwrap();
    let puzzle = Puzzle::parse(Variant::Killer, &killer).unwrap();
    let (_, parsed) = post(addr, "/api/parse", &json!({ "text": killer }));
    assert_eq!(parsed["puzzle"], serde_json::from_str::<Value>(&sudoku::json::puzzle(&puzzle)).unwrap());
    assert_eq!(parsed["puzzle"]["areas"].as_array().unwrap().len(), puzzle.cages().unwrap().len());
    let Uniqueness::Unique(solution) = Solver::new(puzzle.shape()).solve_unique(&puzzle) else { panic!("unique") };
    let (_, answer) = post(addr, "/api/solve", &json!({ "text": killer, "variant": "killer" }));
    assert_eq!(answer["solution"], solution.to_line());
    assert!(puzzle.is_solution(&solution));
}

#[test]
fn generated_puzzles_are_the_generators() {
    let addr = server();
    let settings = Settings { seed: 5, max_tries: 200, ..Settings::new(Shape::SIZE_4) };
    let sudoku::Generation::Found(g) = sudoku::Generator::new(settings).unwrap().generate(0) else { panic!("found") };
    let (_, answer) = post(addr, "/api/generate", &json!({ "size": 4, "seed": 5 }));
    assert_eq!(answer["puzzle"]["givens"], g.puzzle.grid().to_line(), "{answer}");
    assert_eq!(answer["solution"], g.solution.to_line());
    assert!(g.solution.is_solution_of(g.puzzle.grid()));
}

#[test]
fn the_engine_replay_ends_in_the_solution() {
    let addr = server();
    let (_, answer) = post(addr, "/api/replay", &json!({ "text": HARD, "max_events": 200000 }));
    assert_eq!(answer["outcome"], "solved", "{}", answer["counts"]);
    // Played back on a grid of candidates, independently of the engine: the events leave the
    // puzzle's solution.
    let n = 9;
    let mut marks = vec![(1u32 << n) - 1; n * n];
    let mut stack: Vec<Vec<u32>> = Vec::new();
    for e in answer["events"].as_array().unwrap() {
        let e = e.as_array().unwrap();
        let num = |k: usize| e[k].as_u64().unwrap() as usize;
        match e[0].as_str().unwrap() {
            "d" => {
                stack.resize(num(1) + 1, Vec::new());
                stack[num(1)] = marks.clone();
                marks[num(2)] = 1 << (num(3) - 1);
            }
            "a" => marks[num(2)] = 1 << (num(3) - 1),
            "p" | "r" => marks[num(2)] &= !(1 << (num(3) - 1)),
            "w" => marks[num(2)] = 0,
            "b" => {
                marks = stack[num(1) + 1].clone();
                stack.truncate(num(1) + 1);
            }
            _ => {}
        }
    }
    let line: String = marks.iter().map(|m| char::from(b'0' + m.trailing_zeros() as u8 + 1)).collect();
    let grid = Grid::from_line(HARD).unwrap();
    let Uniqueness::Unique(solution) = Solver::new(grid.shape()).solve_unique(&grid) else { panic!("unique") };
    assert_eq!(line, solution.to_line());
    assert!(answer["counts"]["decisions"].as_u64().unwrap() > 0);
}

#[test]
fn many_requests_at_once_all_get_answers() {
    let addr = server();
    let threads: Vec<_> = (0..24)
        .map(|k| {
            std::thread::spawn(move || {
                let path = ["/api/solve", "/api/hint", "/api/grade"][k % 3];
                post(addr, path, &json!({ "text": EASY })).0
            })
        })
        .collect();
    for t in threads {
        assert_eq!(t.join().unwrap(), 200);
    }
}
