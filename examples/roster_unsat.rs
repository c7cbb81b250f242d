//! Why has this roster no solution? A two-week nurse roster of 12 nurses (168 working-day
//! variables, 192 named constraints: cover, senior cover, days per nurse, rest, requests)
//! that cannot be met, and the minimal set of constraints that already cannot be met
//! together, found by [`Model::explain_unsat`] (cores of searches with learning, then
//! deletion).
//!
//! ```text
//! cargo run --release --example roster_unsat
//! ```

use std::time::Instant;

use csp::solve::Explanation;
use csp::{sum, Limits, Model, Outcome, VarId};

/// Nurses, of which the first [`SENIORS`] are seniors, and days.
const NURSES: usize = 12;
const SENIORS: usize = 3;
const DAYS: usize = 14;

/// The roster: `work[n][d]` is 1 when nurse `n` works on day `d`.
#[allow(clippy::needless_range_loop, reason = "a day indexes every nurse's row")]
fn roster() -> Result<(Model, Vec<Vec<VarId>>), csp::ModelError> {
    let mut m = Model::new();
    let work: Vec<Vec<VarId>> = (0..NURSES).map(|_| m.new_vars(DAYS, 0..=1)).collect::<Result<_, _>>()?;
    for d in 0..DAYS {
        m.add_named(format!("cover day {d}"), sum((0..NURSES).map(|n| work[n][d])).ge(6))?;
        m.add_named(format!("seniors day {d}"), sum((0..SENIORS).map(|n| work[n][d])).ge(2))?;
    }
    for (n, days) in work.iter().enumerate() {
        m.add_named(format!("at most 8 days nurse {n}"), sum(days.iter().copied()).le(8))?;
        m.add_named(format!("at least 4 days nurse {n}"), sum(days.iter().copied()).ge(4))?;
        for d in 0..=DAYS - 6 {
            m.add_named(format!("rest nurse {n} days {d}-{}", d + 5), sum(days[d..d + 6].iter().copied()).le(5))?;
        }
    }
    // Requests: juniors' days off, senior 0's day off on day 5, senior 2's days on 0 to 4.
    for (n, days) in work.iter().enumerate().skip(SENIORS) {
        for (d, &x) in days.iter().enumerate() {
            if (n + 2 * d) % 5 == 0 {
                m.add_named(format!("request nurse {n} off day {d}"), x.eq(0))?;
            }
        }
    }
    m.add_named("request nurse 0 off day 5", work[0][5].eq(0))?;
    for (d, &x) in work[2].iter().enumerate().take(5) {
        m.add_named(format!("request nurse 2 on day {d}"), x.eq(1))?;
    }
    Ok((m, work))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (model, _) = roster()?;
    println!("{} variables, {} constraints", model.num_vars(), model.num_constraints());
    let start = Instant::now();
    let outcome = model.clone().into_solver().solve();
    println!(
        "plain solve: {} in {:.3} ms",
        if outcome == Outcome::Unsatisfiable { "no solution" } else { "solved" },
        start.elapsed().as_secs_f64() * 1e3
    );
    let start = Instant::now();
    let explanation = model.explain_unsat(Limits::default());
    let elapsed = start.elapsed();
    match explanation {
        Explanation::Minimal(conflict) => {
            println!("minimal conflict of {} constraints in {:.3} ms:", conflict.len(), elapsed.as_secs_f64() * 1e3);
            for member in conflict {
                println!("  {member}");
            }
        }
        other => println!("no conflict: {other:?}"),
    }
    Ok(())
}
