//! Expressions cost nothing at solve time: the same models written with the expression API
//! (`csp_sudoku::classic::{golomb, magic_square}`) and with the engine's constraints by hand,
//! solved side by side. Node counts are equal (a unit test of `csp::expr` checks it); these
//! benchmarks compare the times.
//!
//! ```text
//! cargo bench --bench expressions
//! ```
//!
//! With `EXPRESSIONS_ONCE=NAME` (`golomb8/hand`, `golomb8/expressions`, `magic4_count/hand`,
//! `magic4_count/expressions`) the binary builds and solves that one model once, prints its
//! nodes and exits: the unit for `valgrind --tool=callgrind` instruction counts
//! (docs/modelling.md, "What expressions cost").

#![allow(missing_docs, reason = "criterion's macros generate undocumented public functions")]

use std::hint::black_box;

use criterion::{criterion_group, Criterion};
use csp::constraints::{AllDifferent, Comparison, Linear, Strength};
use csp::{Model, Value, VarId};
use csp_sudoku::classic::{golomb, magic_square};

/// `golomb::model(n)` written with `Linear` by hand.
fn golomb_by_hand(n: usize) -> (Model, VarId) {
    let top = (n * n) as Value;
    let mut m = Model::new();
    let marks = m.new_vars(n, 0..=top).expect("marks");
    m.post(Linear::sum([marks[0]], Comparison::Equal, 0)).expect("first mark");
    for w in marks.windows(2) {
        m.post(Linear::new([(1, w[0]), (-1, w[1])], Comparison::LessOrEqual, -1)).expect("order");
    }
    let mut diffs = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let d = m.new_var(-top..=top).expect("distance");
            m.post(Linear::new([(1, marks[j]), (-1, marks[i]), (-1, d)], Comparison::Equal, 0)).expect("d");
            let k = (j - i) as Value;
            m.post(Linear::sum([d], Comparison::GreaterOrEqual, k * (k + 1) / 2)).expect("bound");
            diffs.push(d);
        }
    }
    m.post(Linear::new([(1, diffs[0]), (-1, diffs[diffs.len() - 1])], Comparison::LessOrEqual, -1)).expect("sym");
    m.post(AllDifferent::new(diffs).with_strength(Strength::Gac)).expect("all different");
    (m, marks[n - 1])
}

/// `magic_square::model(n)` written with `Linear` by hand.
fn magic_by_hand(n: usize) -> Model {
    let total = (n * (n * n + 1) / 2) as Value;
    let mut m = Model::new();
    let x = m.new_vars(n * n, 1..=(n * n) as Value).expect("cells");
    let at = |r: usize, c: usize| x[r * n + c];
    m.post(AllDifferent::new(x.clone()).with_strength(Strength::Gac)).expect("all different");
    for i in 0..n {
        m.post(Linear::sum((0..n).map(|j| at(i, j)), Comparison::Equal, total)).expect("row");
        m.post(Linear::sum((0..n).map(|j| at(j, i)), Comparison::Equal, total)).expect("column");
    }
    m.post(Linear::sum((0..n).map(|i| at(i, i)), Comparison::Equal, total)).expect("diagonal");
    m.post(Linear::sum((0..n).map(|i| at(i, n - 1 - i)), Comparison::Equal, total)).expect("anti-diagonal");
    for corner in [at(0, n - 1), at(n - 1, 0), at(n - 1, n - 1)] {
        m.post(Linear::new([(1, at(0, 0)), (-1, corner)], Comparison::LessOrEqual, -1)).expect("corner");
    }
    m.post(Linear::new([(1, at(0, 1)), (-1, at(1, 0))], Comparison::LessOrEqual, -1)).expect("transpose");
    m
}

/// Builds and solves the named model once; returns its nodes (and the optimum or the count).
fn once(name: &str) -> (u64, u64) {
    let golomb = |(model, z): (Model, VarId)| {
        let mut solver = model.into_solver();
        solver.set_branching_vars((0..8).map(VarId::from_index).collect::<Vec<_>>());
        let best = solver.minimize(z).solution().map_or(0, |s| s[z] as u64);
        (solver.stats().nodes, best)
    };
    let magic = |model: Model| {
        let mut solver = model.into_solver();
        let count = solver.count_solutions(u64::MAX).count;
        (solver.stats().nodes, count)
    };
    match name {
        "golomb8/hand" => golomb(golomb_by_hand(8)),
        "golomb8/expressions" => golomb(golomb::model(8).map(|(m, marks)| (m, marks[7])).expect("model")),
        "magic4_count/hand" => magic(magic_by_hand(4)),
        "magic4_count/expressions" => magic(magic_square::model(4).expect("model").0),
        _ => panic!("EXPRESSIONS_ONCE={name}: not one of golomb8/hand, golomb8/expressions, magic4_count/hand, magic4_count/expressions"),
    }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("expressions");
    group.sample_size(20);
    let (expr, marks) = golomb::model(8).expect("model");
    let z_expr = marks[7];
    let (hand, z_hand) = golomb_by_hand(8);
    let mut hand_nodes = 0;
    group.bench_function("golomb8/hand", |b| {
        b.iter(|| {
            let mut solver = hand.clone().into_solver();
            solver.set_branching_vars((0..8).map(VarId::from_index).collect::<Vec<_>>());
            let best = solver.minimize(z_hand);
            hand_nodes = solver.stats().nodes;
            black_box(best)
        })
    });
    let mut expr_nodes = 0;
    group.bench_function("golomb8/expressions", |b| {
        b.iter(|| {
            let mut solver = expr.clone().into_solver();
            solver.set_branching_vars((0..8).map(VarId::from_index).collect::<Vec<_>>());
            let best = solver.minimize(z_expr);
            expr_nodes = solver.stats().nodes;
            black_box(best)
        })
    });
    assert_eq!(hand_nodes, expr_nodes, "golomb 8: the same nodes");
    let (expr, _) = magic_square::model(4).expect("model");
    let hand = magic_by_hand(4);
    for (name, model) in [("magic4_count/hand", hand), ("magic4_count/expressions", expr)] {
        group.bench_function(name, |b| b.iter(|| black_box(model.clone().into_solver().count_solutions(u64::MAX))));
    }
    group.finish();
}

criterion_group!(benches, bench);

fn main() {
    if let Ok(name) = std::env::var("EXPRESSIONS_ONCE") {
        let (nodes, answer) = once(&name);
        println!("{name}: nodes={nodes} answer={answer}");
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
