//! The work behind each endpoint, on a worker thread: the `sudoku` crate's answers as JSON.
//!
//! Each function takes the request and the limits of its searches; the routes run them on the
//! pool. They can be called directly:
//!
//! ```
//! use web::input::PuzzleRequest;
//!
//! let request = PuzzleRequest { text: "...3..4114..3...".into(), ..PuzzleRequest::default() };
//! let answer = web::work::solve(&request, sudoku::Limits::default()).unwrap();
//! assert_eq!(answer["result"], "unique");
//! assert_eq!(answer["solution"], "4123234114323214");
//!
//! let hint = PuzzleRequest { level: Some(1), ..request };
//! let answer = web::work::hint(&hint, sudoku::Limits::default()).unwrap();
//! assert_eq!(answer["technique"], "full house");
//! assert!(answer.get("cells").is_none(), "level 1 names the technique only");
//! ```

use serde_json::value::RawValue;
use serde_json::{json, Value};
use sudoku::{Cell, Explainer, Generation, Limits, Puzzle, Rules, Settings, Solver, StepKind, Uniqueness};

use crate::error::ApiError;
use crate::input::PuzzleRequest;

/// JSON text written by `sudoku::json`, embedded as it is.
fn raw(text: String) -> Value {
    // `sudoku::json` writes valid JSON; reading it back costs microseconds and keeps one
    // value type in the answers.
    serde_json::from_str(&text).unwrap_or(Value::Null)
}

/// `[row, column]` of a cell.
fn cell(c: Cell) -> Value {
    json!([c.row(), c.col()])
}

/// A solver for `puzzle`'s shape under the request's limits.
fn solver(puzzle: &Puzzle, limits: &Limits) -> Solver {
    let mut solver = Solver::new(puzzle.shape());
    solver.set_limits(limits.clone());
    solver
}

/// The clash of two digits in one area of `puzzle`, as a 200 answer's fields.
fn clash(puzzle: &Puzzle) -> Option<Value> {
    puzzle.validate().err().map(|c| {
        json!({
            "result": "invalid",
            "message": c.to_string(),
            "cells": [cell(c.first), cell(c.second)],
        })
    })
}

/// `/api/parse`: the puzzle as the board draws it, and the pencil marks read.
pub fn parse(request: &PuzzleRequest, _: Limits) -> Result<Value, ApiError> {
    let input = request.read()?;
    let shape = input.puzzle.shape();
    let marks = input.marks.as_ref().map(|m| {
        shape.cells().map(|c| m.candidates(c).iter().fold(0u32, |acc, d| acc | 1 << (d - 1))).collect::<Vec<_>>()
    });
    let mut answer =
        json!({ "puzzle": raw(sudoku::json::puzzle(&input.puzzle)), "marks": marks, "text": input.puzzle.to_string() });
    if let Some(c) = clash(&input.puzzle) {
        answer["clash"] = c;
    }
    Ok(answer)
}

/// `/api/solve`: the solution, two that differ, or why there is none.
pub fn solve(request: &PuzzleRequest, limits: Limits) -> Result<Value, ApiError> {
    let puzzle = request.read()?.puzzle;
    if let Some(c) = clash(&puzzle) {
        return Ok(c);
    }
    let mut solver = solver(&puzzle, &limits);
    Ok(match solver.solve_unique(&puzzle) {
        Uniqueness::Unique(s) => json!({ "result": "unique", "solution": s.to_line() }),
        Uniqueness::Multiple(a, b) => {
            let differ: Vec<Value> = a.cells().filter(|&(c, d)| b.get(c) != d).map(|(c, _)| cell(c)).collect();
            json!({ "result": "multiple", "solutions": [a.to_line(), b.to_line()], "differ": differ })
        }
        Uniqueness::Unsatisfiable => {
            // The smallest set of givens that cannot stand together, as the CLI finds it.
            let set = match puzzle.rules() {
                Rules::Plain => sudoku::minimal_unsolvable_givens(puzzle.grid(), limits.clone()),
                _ => None,
            };
            match set {
                Some(set) => json!({
                    "result": "unsolvable",
                    "message": sudoku::unsolvable_line(&set),
                    "givens": set.iter().map(|&(c, d)| json!([c.row(), c.col(), d])).collect::<Vec<_>>(),
                }),
                None => json!({ "result": "unsolvable", "message": "no solution", "givens": [] }),
            }
        }
        Uniqueness::LimitReached(l) => json!({ "result": "limit", "message": format!("stopped by the {l}") }),
    })
}

/// `/api/hint`: the easiest next step, told as far as `level` asks (1: the technique, 2: its
/// cells, candidates and units, 3: the whole step).
pub fn hint(request: &PuzzleRequest, limits: Limits) -> Result<Value, ApiError> {
    let level = request.level.unwrap_or(3);
    if !(1..=3).contains(&level) {
        return Err(ApiError::bad(format!("level {level}: a hint has levels 1, 2 and 3")));
    }
    let input = request.read()?;
    let mut solver = Explainer::from(solver(&input.puzzle, &limits));
    let hint = match (&input.marks, input.puzzle.rules()) {
        (Some(marks), Rules::Plain) => solver.hint_with_marks(marks),
        _ => solver.hint(&input.puzzle),
    };
    let Some(step) = hint.step() else {
        return Ok(json!({ "level": level, "solved": true }));
    };
    let mut full = raw(sudoku::json::step(step));
    let name = match &step.kind {
        StepKind::Guess { .. } => "guess",
        StepKind::Contradiction(_) => "contradiction",
        kind => kind.technique().map_or("step", |t| t.name()),
    };
    let mut answer = json!({ "level": level, "solved": false, "technique": name, "rating": full["rating"].take(), "kind": full["kind"].take() });
    if level >= 2 {
        for key in ["cells", "candidates", "units"] {
            answer[key] = full[key].take();
        }
    }
    if level >= 3 {
        for key in ["text", "placements", "eliminations", "links"] {
            answer[key] = full[key].take();
        }
    }
    Ok(answer)
}

/// `/api/explain`: every step, the outcome and the grade.
pub fn explain(request: &PuzzleRequest, limits: Limits) -> Result<Value, ApiError> {
    let puzzle = request.read()?.puzzle;
    let mut solver = Explainer::from(solver(&puzzle, &limits));
    let explanation = solver.explain(&puzzle);
    let steps: Vec<Box<RawValue>> =
        explanation.steps().iter().filter_map(|s| RawValue::from_string(sudoku::json::step(s)).ok()).collect();
    let (result, solution) = match explanation.result() {
        _ if explanation.clashes().next().is_some() => ("invalid", None),
        Uniqueness::Unique(s) => ("unique", Some(s.to_line())),
        Uniqueness::Multiple(a, _) => ("multiple", Some(a.to_line())),
        Uniqueness::Unsatisfiable => ("unsolvable", None),
        Uniqueness::LimitReached(_) => ("limit", None),
    };
    let g = explanation.grade();
    Ok(json!({
        "steps": steps,
        "result": result,
        "solution": solution,
        "grade": { "score": g.score(), "band": g.band().name(), "hardest": g.hardest(), "guesses": g.guesses() },
    }))
}

/// `/api/grade`: score, band, hardest technique, guesses.
pub fn grade(request: &PuzzleRequest, limits: Limits) -> Result<Value, ApiError> {
    let puzzle = request.read()?.puzzle;
    if let Some(c) = clash(&puzzle) {
        return Ok(c);
    }
    let g = Explainer::from(solver(&puzzle, &limits)).grade(&puzzle);
    Ok(json!({ "score": g.score(), "band": g.band().name(), "hardest": g.hardest(), "guesses": g.guesses() }))
}

/// `/api/generate`: one puzzle for `settings` (the request's limits end its tries).
pub fn generate(settings: Settings, limits: Limits) -> Result<Value, ApiError> {
    // The generator keeps its own bounds (tries, nodes per try); the pool's time limit ends
    // the request.
    let _ = limits;
    let mut generator = sudoku::Generator::new(settings).map_err(|e| ApiError::bad(e.to_string()))?;
    let (generated, exact) = match generator.generate(0) {
        Generation::Found(g) => (Some(g), true),
        Generation::GaveUp { closest, .. } => (closest, false),
    };
    let Some(g) = generated else {
        return Err(ApiError::unusable("no puzzle could be made for these settings", None));
    };
    let grade = g.grade.map(|g| json!({ "score": g.score(), "band": g.band().name(), "hardest": g.hardest() }));
    Ok(json!({
        "puzzle": raw(sudoku::json::puzzle(&g.puzzle)),
        "text": g.puzzle.to_string(),
        "solution": g.solution.to_line(),
        "grade": grade,
        "tries": g.tries,
        "exact": exact,
    }))
}
