//! A one-week shift roster, solved to optimality with learning: nurses take a shift per day
//! (0 off, 1 day, 2 evening, 3 night), each day's cover is a global cardinality constraint,
//! each nurse works a number of days (among) and never takes the same shift twice within a
//! window of days (all-different except off); the nights fall on the junior nurses as far as
//! possible (each night weighs the nurse's seniority). The model of rostering benchmarks, made
//! of the constraints whose explanations the learning search needs precise (their flows and
//! matchings).
//!
//! ```text
//! cargo run --release --example shift_roster [NURSES] [DAYS] [WINDOW] [NODE_LIMIT]
//! RUST_LOG=csp::learn=info cargo run --release --example shift_roster
//! ```
//!
//! It prints the optimum, the search's nodes, failures and learned clauses, and how many
//! changes conflict analysis explained generically and precisely.

use csp::constraints::{AllDifferentExcept, Among, Comparison, GlobalCardinality, Linear};
use csp::solve::Optimum;
use csp::{Limits, Model, Value, VarId};

/// Shifts: off, day, evening, night.
const SHIFTS: [Value; 4] = [0, 1, 2, 3];
const NIGHT: Value = 3;

/// The roster of `nurses` over `days`, no shift twice within `window` days: the model, the
/// shifts `x[n][d]` and the objective (nights weighted by seniority).
fn roster(nurses: usize, days: usize, window: usize) -> Result<(Model, Vec<Vec<VarId>>, VarId), csp::ModelError> {
    let mut m = Model::new();
    let x: Vec<Vec<VarId>> = (0..nurses).map(|_| m.new_vars(days, 0..=3)).collect::<Result<_, _>>()?;
    // Cover per day: 2 or 3 day shifts, exactly 2 evenings, 1 or 2 nights, the rest off.
    let nurses_i = nurses as i64;
    for d in 0..days {
        let column: Vec<VarId> = x.iter().map(|row| row[d]).collect();
        m.post(GlobalCardinality::with_bounds(column, SHIFTS, [0, 2, 2, 1], [nurses_i, 3, 2, 2]).closed())?;
    }
    let mut cost = Vec::new();
    for (n, row) in x.iter().enumerate() {
        // Four or five working days a week.
        let work = m.new_var(4..=5)?;
        m.post(Among::new(work, row.clone(), [1, 2, 3]))?;
        // A rotation: no working shift twice within a window of days.
        for d in 0..=days.saturating_sub(window) {
            m.post(AllDifferentExcept::zero(row[d..(d + window).min(days)].to_vec()))?;
        }
        let nights = m.new_var(0..=days as Value)?;
        m.post(Among::new(nights, row.clone(), [NIGHT]))?;
        cost.push((n as Value + 1, nights));
    }
    let total = m.new_var(0..=(nurses * nurses * days) as Value)?;
    cost.push((-1, total));
    m.post(Linear::new(cost, Comparison::Equal, 0))?;
    Ok((m, x, total))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    env_logger::init();
    let arg = |i: usize, default: usize| std::env::args().nth(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (nurses, days, window) = (arg(1, 7), arg(2, 7), arg(3, 3));
    let (model, x, total) = roster(nurses, days, window)?;
    println!(
        "{nurses} nurses, {days} days, window {window}: {} variables, {} constraints",
        model.num_vars(),
        model.num_constraints()
    );
    let mut solver = model.into_solver();
    solver.set_learning(true);
    if let Some(nodes) = std::env::args().nth(4).and_then(|a| a.parse().ok()) {
        solver.set_limits(Limits { max_nodes: Some(nodes), ..Limits::default() });
    }
    match solver.minimize(total) {
        Optimum::Optimal(s) => {
            println!("optimum {}", s[total]);
            for row in &x {
                println!("  {}", row.iter().map(|&v| ".DEN".as_bytes()[s[v] as usize] as char).collect::<String>());
            }
        }
        Optimum::LimitReached { best, .. } => {
            println!("node limit reached, best {:?}", best.map(|s| s[total]));
        }
        other => println!("{other:?}"),
    }
    let st = solver.stats();
    println!(
        "nodes={} failures={} learned={} explained_generic={} explained_precise={}",
        st.nodes, st.failures, st.learned, st.explained_generic, st.explained_precise
    );
    Ok(())
}
