//! Why a roster has no solution: the infeasible nurse roster of `examples/roster_unsat.rs`
//! (built again here, 168 variables and 192 named constraints) gets a minimal conflict from
//! [`csp::Model::explain_unsat`] (cores of searches with learning, then deletion), and the
//! conflict is checked by other searches (without learning): its constraints alone have no
//! solution, and without any one of them they have one.

use std::collections::BTreeSet;

use csp::solve::Explanation;
use csp::{sum, Limits, Model, Outcome, VarId};

const NURSES: usize = 12;
const SENIORS: usize = 3;
const DAYS: usize = 14;

/// The roster of the example, with only the constraints whose name `keep` accepts.
#[allow(clippy::needless_range_loop, reason = "a day indexes every nurse's row")]
fn roster(keep: &dyn Fn(&str) -> bool) -> Model {
    let mut m = Model::new();
    let work: Vec<Vec<VarId>> = (0..NURSES).map(|_| m.new_vars(DAYS, 0..=1).unwrap()).collect();
    let add = |m: &mut Model, name: String, r: csp::Relation| {
        if keep(&name) {
            m.add_named(name, r).unwrap();
        }
    };
    for d in 0..DAYS {
        add(&mut m, format!("cover day {d}"), sum((0..NURSES).map(|n| work[n][d])).ge(6));
        add(&mut m, format!("seniors day {d}"), sum((0..SENIORS).map(|n| work[n][d])).ge(2));
    }
    for (n, days) in work.iter().enumerate() {
        add(&mut m, format!("at most 8 days nurse {n}"), sum(days.iter().copied()).le(8));
        add(&mut m, format!("at least 4 days nurse {n}"), sum(days.iter().copied()).ge(4));
        for d in 0..=DAYS - 6 {
            add(&mut m, format!("rest nurse {n} days {d}-{}", d + 5), sum(days[d..d + 6].iter().copied()).le(5));
        }
    }
    for (n, days) in work.iter().enumerate().skip(SENIORS) {
        for (d, &x) in days.iter().enumerate() {
            if (n + 2 * d) % 5 == 0 {
                add(&mut m, format!("request nurse {n} off day {d}"), x.eq(0));
            }
        }
    }
    add(&mut m, "request nurse 0 off day 5".to_string(), work[0][5].eq(0));
    for (d, &x) in work[2].iter().enumerate().take(5) {
        add(&mut m, format!("request nurse 2 on day {d}"), x.eq(1));
    }
    m
}

#[test]
fn the_infeasible_roster_has_a_minimal_conflict_of_eight() {
    // (Another minimal conflict, of 16, is the seniors' cover against their days: QuickXplain
    // found that one; deletion over cores finds this one.)
    let model = roster(&|_| true);
    assert_eq!((model.num_vars(), model.num_constraints()), (168, 192));
    let Explanation::Minimal(conflict) = model.explain_unsat(Limits::default()) else { panic!("infeasible") };
    let names: BTreeSet<String> = conflict.iter().map(|m| m.label.clone()).collect();
    let expected: BTreeSet<String> = [
        "seniors day 5",
        "rest nurse 2 days 0-5",
        "request nurse 0 off day 5",
        "request nurse 2 on day 0",
        "request nurse 2 on day 1",
        "request nurse 2 on day 2",
        "request nurse 2 on day 3",
        "request nurse 2 on day 4",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(names, expected);
    // Checked by plain depth-first searches: in conflict, and minimal.
    let alone = roster(&|name| names.contains(name));
    assert_eq!(alone.into_solver().solve(), Outcome::Unsatisfiable);
    for left_out in &names {
        let rest = roster(&|name| names.contains(name) && name != left_out);
        assert!(rest.into_solver().solve().solution().is_some(), "needed: {left_out}");
    }
}
