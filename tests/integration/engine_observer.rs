//! The event stream is observation only: installing an observer changes nothing in the search
//! (same nodes, failures, backtracks, propagator runs and prunings), and the stream accounts
//! for every pruning the statistics count. The cost of observing is measured in
//! `benches/explain.rs`, not here.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use csp::constraints::Strength;
use csp::observe::Event;
use csp::Stats;

use checks::grid::{data, puzzles};

/// Statistics without the time, which differs from run to run.
fn counters(s: &Stats) -> (u64, u64, u64, u64, u64, u64, u32) {
    (s.nodes, s.failures, s.backtracks, s.propagations, s.prunings, s.solutions, s.max_depth)
}

/// Events seen, by kind.
#[derive(Default)]
struct Seen {
    prunes: AtomicU64,
    assigns: AtomicU64,
    decisions: AtomicU64,
    backtracks: AtomicU64,
    failures: AtomicU64,
}

#[test]
fn an_observer_changes_nothing_in_the_search() {
    let text = data("9x9_magictour_top1465.txt");
    let lines: Vec<&str> = puzzles(&text).take(30).collect();
    for strength in [Strength::ForwardChecking, Strength::HiddenSingles, Strength::Gac] {
        for locked in [false, true] {
            let mut model = sudoku::encode(sudoku::Shape::SIZE_9, strength).unwrap();
            if locked {
                model.post_intersections().unwrap();
            }
            let mut plain = model.into_solver();
            let mut model = sudoku::encode(sudoku::Shape::SIZE_9, strength).unwrap();
            if locked {
                model.post_intersections().unwrap();
            }
            let mut watched = model.into_solver();
            let seen = Arc::new(Seen::default());
            let s = Arc::clone(&seen);
            watched.set_observer(Some(Box::new(move |e: &Event<'_>| {
                let counter = match e {
                    Event::Prune { .. } => &s.prunes,
                    Event::Assign { .. } => &s.assigns,
                    Event::Decision { .. } => &s.decisions,
                    Event::Backtrack { .. } => &s.backtracks,
                    Event::WipeOut { .. } | Event::Fail { .. } => &s.failures,
                    _ => return,
                };
                counter.fetch_add(1, Ordering::Relaxed);
            })));
            for line in &lines {
                let puzzle = sudoku::Grid::from_line(line).unwrap();
                let mut runs = Vec::new();
                for solver in [&mut plain, &mut watched] {
                    solver.reset();
                    for (i, &d) in puzzle.digits().iter().enumerate() {
                        if d != 0 {
                            solver.assign(csp::VarId::from_index(i), i32::from(d)).unwrap();
                        }
                    }
                    let count = solver.count_solutions(2);
                    runs.push((count, counters(solver.stats())));
                }
                assert_eq!(runs[0], runs[1], "{strength:?} locked={locked} {line}");
                let (_, (nodes, failures, backtracks, ..)) = runs[1];
                let take = |c: &AtomicU64| c.swap(0, Ordering::Relaxed);
                assert_eq!(take(&seen.decisions), nodes, "{line}");
                assert_eq!(take(&seen.backtracks), backtracks, "{line}");
                // A failure is reported once, as a wipe-out or as a failed constraint.
                assert_eq!(take(&seen.failures), failures, "{line}");
                assert!(take(&seen.prunes) + take(&seen.assigns) > 0);
            }
        }
    }
}
