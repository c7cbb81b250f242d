//! The cost of the event stream and of explanations: solving with no observer (explanations
//! off, the default), with an observer that does nothing, with grading (the technique ladder
//! run on each puzzle besides the search), and with a full explanation.
//!
//! ```text
//! cargo bench --bench explain                    # all
//! cargo bench --bench explain -- 'observe/'      # off vs. no-op observer vs. grading (ladder)
//! ```
//!
//! Each iteration solves and proves unique the same 50 puzzles of `top1465` (count to 2), on
//! one reused solver per configuration. `observe/off` against `observe/noop` is the price of
//! building events; against the plain solver benchmarks of the engine it is the price of the
//! event stream when nobody listens, which should be nil (one predictable branch per change).

#![allow(missing_docs, reason = "criterion's macros generate undocumented public functions")]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use csp::constraints::Strength;
use csp::observe::Event;
use csp::VarId;
use sudoku::{Explainer, Grid, Shape, Solver};

fn puzzles() -> Vec<Grid> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/9x9_magictour_top1465.txt");
    let text = std::fs::read_to_string(path).expect("data/9x9_magictour_top1465.txt");
    text.lines().take(50).map(|l| Grid::from_line(l.trim()).expect("a valid puzzle")).collect()
}

/// An engine for 9x9 grids with hidden singles and locked candidates (the command line's
/// default), with or without an observer that ignores every event.
fn engine(observer: bool) -> csp::Solver {
    let mut model = sudoku::encode(Shape::SIZE_9, Strength::HiddenSingles).expect("a valid model");
    model.post_intersections().expect("intersections");
    let mut solver = model.into_solver();
    if observer {
        solver.set_observer(Some(Box::new(|e: &Event<'_>| {
            black_box(e);
        })));
    }
    solver
}

/// Solves and proves unique every puzzle; returns the solutions, nodes and prunings in total.
fn count_all(solver: &mut csp::Solver, puzzles: &[Grid]) -> (u64, u64, u64) {
    let (mut solutions, mut nodes, mut prunings) = (0, 0, 0);
    for p in puzzles {
        solver.reset();
        for (i, &d) in p.digits().iter().enumerate() {
            if d != 0 {
                let _ = solver.assign(VarId::from_index(i), i32::from(d));
            }
        }
        solutions += solver.count_solutions(2).count;
        nodes += solver.stats().nodes;
        prunings += solver.stats().prunings;
    }
    (solutions, nodes, prunings)
}

fn observe(c: &mut Criterion) {
    let puzzles = puzzles();
    let mut group = c.benchmark_group("observe");
    group.sample_size(20);
    for (name, watched) in [("off", false), ("noop", true)] {
        let mut solver = engine(watched);
        // Deterministic counters next to the times: both runs do the same search.
        let (solutions, nodes, prunings) = count_all(&mut solver, &puzzles);
        eprintln!("observe/{name}: solutions={solutions} nodes={nodes} prunings={prunings}");
        group.bench_function(name, |b| b.iter(|| count_all(&mut solver, black_box(&puzzles))));
    }
    let mut solver = Solver::new(Shape::SIZE_9);
    solver.set_locked_candidates(true);
    let mut grader = Explainer::from(Solver::new(Shape::SIZE_9));
    group.bench_function("grading", |b| {
        b.iter(|| {
            let mut score = 0.0;
            for p in &puzzles {
                let _ = solver.solve_unique(black_box(p));
                score += grader.grade(black_box(p)).score();
            }
            score
        })
    });
    group.finish();
}

fn explain(c: &mut Criterion) {
    let puzzles = puzzles();
    let mut locked = Solver::new(Shape::SIZE_9);
    locked.set_locked_candidates(true);
    let mut solver = Explainer::from(locked);
    let mut group = c.benchmark_group("explain");
    group.sample_size(10);
    group.bench_function("top1465_50", |b| {
        b.iter(|| puzzles.iter().map(|p| solver.explain(black_box(p)).steps().len()).sum::<usize>())
    });
    group.finish();
}

criterion_group!(benches, observe, explain);
criterion_main!(benches);
