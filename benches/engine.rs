//! Criterion micro-benchmarks of the engine's hot parts (`cargo bench`). Ids are hierarchical:
//! `propagate/...`, `snapshot/...`, `solve/...`, `observe/...`. Deterministic counters (nodes,
//! prunings) are printed next to the times for the solve benchmarks.

#![allow(missing_docs, reason = "criterion's macros generate undocumented public functions")]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use csp::constraints::{AllDifferent, Strength};
use csp::solve::SnapshotMode;
use csp::{Model, Solver, VarId};
use sudoku::{Grid, Shape};

/// One 9-variable all-different at each strength: assign two variables and propagate to the
/// fixed point from a checkpoint, then restore.
fn propagate(c: &mut Criterion) {
    for (name, strength) in
        [("fc", Strength::ForwardChecking), ("hidden", Strength::HiddenSingles), ("gac", Strength::Gac)]
    {
        let mut m = Model::new();
        let xs = m.new_vars(9, 1..=9).unwrap();
        m.post(AllDifferent::new(xs.clone()).with_strength(strength)).unwrap();
        let mut s = m.into_solver();
        s.propagate().unwrap();
        // x2..x8 lose 8 and 9: then 8 and 9 must go to x0 and x1 (a Hall pair for GAC).
        for &x in &xs[2..] {
            s.remove_value(x, 9).unwrap();
            s.remove_value(x, 8).unwrap();
        }
        s.propagate().unwrap();
        c.bench_function(&format!("propagate/all_different_9/{name}"), |b| {
            b.iter(|| {
                let cp = s.new_checkpoint();
                s.assign(black_box(xs[2]), 1).unwrap();
                s.assign(black_box(xs[3]), 2).unwrap();
                s.propagate().unwrap();
                s.restore_to(cp);
            })
        });
    }
}

fn sudoku_model() -> (Solver, Vec<VarId>) {
    let model = sudoku::encode(Shape::SIZE_9, Strength::HiddenSingles).unwrap();
    let vars = model.vars().collect();
    (model.into_solver(), vars)
}

/// A checkpoint, one decision with its propagation, and the restore, on a 9x9 state.
fn snapshot(c: &mut Criterion) {
    // A puzzle that propagation alone does not solve, so there is a cell to decide.
    let puzzle = &include_str!("../data/9x9_famous_hardest.txt")[..81];
    for (name, mode) in [("copy", SnapshotMode::Copy), ("trail", SnapshotMode::Trail)] {
        let (mut s, vars) = sudoku_model();
        s.set_snapshot_mode(mode);
        for (i, ch) in puzzle.bytes().enumerate() {
            if ch.is_ascii_digit() {
                s.assign(vars[i], i32::from(ch - b'0')).unwrap();
            }
        }
        s.propagate().unwrap();
        let free = vars.iter().copied().find(|&v| s.domain(v).len() > 1);
        assert!(free.is_some(), "the benchmark needs an undecided cell");
        c.bench_function(&format!("snapshot/checkpoint_restore_9x9/{name}"), |b| {
            b.iter(|| {
                let cp = s.new_checkpoint();
                if let Some(v) = free {
                    let value = s.domain(v).min().unwrap_or(1);
                    let _ = s.assign(black_box(v), value);
                    let _ = s.propagate();
                }
                s.restore_to(cp);
            })
        });
    }
}

fn puzzles(text: &str, n: usize) -> Vec<Grid> {
    text.lines().filter(|l| l.len() >= 81).take(n).map(|l| Grid::from_line(&l[..81]).unwrap()).collect()
}

/// Count to 2 (solve and prove unique), cycling through a puzzle set.
fn solve(c: &mut Criterion) {
    let sets = [
        ("hard", puzzles(include_str!("../data/9x9_famous_hardest.txt"), 4)),
        ("17clue", puzzles(include_str!("../data/9x9_17clue_royle.txt"), 100)),
    ];
    for (set, grids) in &sets {
        for (level, locked) in [("hidden", false), ("locked", true)] {
            let mut solver = sudoku::Solver::new(Shape::SIZE_9);
            solver.set_locked_candidates(locked);
            let (mut nodes, mut prunings) = (0, 0);
            for g in grids {
                let _ = solver.count_solutions_up_to(g, 2);
                nodes += solver.stats().nodes;
                prunings += solver.stats().prunings;
            }
            println!("solve/{set}/{level}: {} puzzles, nodes={nodes} prunings={prunings} per pass", grids.len());
            let mut k = 0;
            c.bench_function(&format!("solve/{set}/{level}"), |b| {
                b.iter(|| {
                    k = (k + 1) % grids.len();
                    black_box(solver.count_solutions_up_to(black_box(&grids[k]), 2))
                })
            });
        }
    }
}

/// The same solve with and without an observer: what explanations cost when on.
fn observe(c: &mut Criterion) {
    let grids = puzzles(include_str!("../data/9x9_famous_hardest.txt"), 4);
    let (mut s, vars) = sudoku_model();
    for (name, on) in [("off", false), ("on", true)] {
        if on {
            let events = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
            let sink = std::sync::Arc::clone(&events);
            s.set_observer(Some(Box::new(move |_e: &csp::observe::Event<'_>| {
                sink.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            })));
        }
        let mut k = 0;
        c.bench_function(&format!("observe/{name}"), |b| {
            b.iter(|| {
                k = (k + 1) % grids.len();
                s.reset();
                for (i, d) in grids[k].digits().iter().enumerate() {
                    if *d != 0 {
                        let _ = s.assign(vars[i], i32::from(*d));
                    }
                }
                black_box(s.count_solutions(2))
            })
        });
    }
}

criterion_group!(benches, propagate, snapshot, solve, observe);
criterion_main!(benches);
