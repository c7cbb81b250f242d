//! A constraint written outside the `csp` crate, through the public trait only: the engine
//! propagates it, searches with it, reports its prunings and checks its solutions.

use std::sync::{Arc, Mutex};

use csp::constraint::{Conflict, Constraint, Context, Events, Priority, Rule};
use csp::constraints::AllDifferent;
use csp::observe::Event;
use csp::{Model, ModelError, Outcome, Solver, Value, VarId};

/// `x[0] < x[1] < ... < x[n-1]`, by bounds: each lower bound pushes the next, each upper bound
/// the previous.
#[derive(Clone, Debug)]
struct Increasing {
    vars: Vec<VarId>,
}

impl Constraint for Increasing {
    fn kind(&self) -> &'static str {
        "increasing"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn subscriptions(&self, _local: usize) -> Events {
        Events::BOUNDS
    }

    fn priority(&self) -> Priority {
        Priority::Normal
    }

    fn is_idempotent(&self) -> bool {
        // One forward and one backward sweep reach the fixed point of a chain.
        true
    }

    fn on_post(&mut self, model: &Model) -> Result<(), ModelError> {
        for (i, x) in self.vars.iter().enumerate() {
            if self.vars[..i].contains(x) {
                return Err(ModelError::InvalidConstraint {
                    kind: "increasing",
                    message: format!("{} appears twice", model.display_var(*x)),
                });
            }
        }
        Ok(())
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        for w in self.vars.windows(2) {
            let lo = ctx.min(w[0]);
            if ctx.is_explaining() {
                ctx.set_premises(&[w[0]]);
            }
            match lo.checked_add(1) {
                Some(b) => ctx.remove_below(w[1], b, Rule::Bounds)?,
                None => ctx.retain(w[1], |_| false, Rule::Bounds)?,
            };
        }
        for w in self.vars.windows(2).rev() {
            let hi = ctx.max(w[1]);
            if ctx.is_explaining() {
                ctx.set_premises(&[w[1]]);
            }
            match hi.checked_sub(1) {
                Some(b) => ctx.remove_above(w[0], b, Rule::Bounds)?,
                None => ctx.retain(w[0], |_| false, Rule::Bounds)?,
            };
        }
        ctx.clear_premises();
        Ok(())
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        values.windows(2).all(|w| w[0] < w[1])
    }
}

#[test]
fn propagation_narrows_to_exact_domains() {
    let mut model = Model::new();
    let x = model.new_vars(3, 1..=5).unwrap();
    model.post(Increasing { vars: x.clone() }).unwrap();
    let mut solver = Solver::new(model);
    solver.propagate().unwrap();
    let domains: Vec<Vec<Value>> = x.iter().map(|&v| solver.domain(v).to_vec()).collect();
    assert_eq!(domains, vec![vec![1, 2, 3], vec![2, 3, 4], vec![3, 4, 5]]);
    solver.remove_value(x[1], 2).unwrap();
    solver.propagate().unwrap();
    assert_eq!(solver.domain(x[2]).to_vec(), vec![4, 5]);
}

#[test]
fn search_finds_every_increasing_triple() {
    let mut model = Model::new();
    let x = model.new_vars(3, 1..=5).unwrap();
    model.post(Increasing { vars: x.clone() }).unwrap();
    let mut solver = Solver::new(model);
    let mut found = Vec::new();
    for s in solver.solutions() {
        found.push(x.iter().map(|&v| s[v]).collect::<Vec<_>>());
    }
    // C(5, 3) = 10 triples, each strictly increasing.
    assert_eq!(found.len(), 10);
    assert!(found.iter().all(|t| t[0] < t[1] && t[1] < t[2]));
}

#[test]
fn works_together_with_builtin_constraints() {
    // Increasing and all different over 1..=3 with 3 variables: only 1, 2, 3.
    let mut model = Model::new();
    let x = model.new_vars(3, 1..=3).unwrap();
    model.post(AllDifferent::new(x.clone())).unwrap();
    model.post_named("chain", Increasing { vars: x.clone() }).unwrap();
    let check = {
        let mut m = Model::new();
        let y = m.new_vars(3, 1..=3).unwrap();
        m.post(AllDifferent::new(y.clone())).unwrap();
        m.post(Increasing { vars: y }).unwrap();
        m
    };
    let mut solver = Solver::new(model);
    let Outcome::Solved(s) = solver.solve() else { panic!("1, 2, 3 is a solution") };
    assert_eq!(s.values(), &[1, 2, 3]);
    assert_eq!(check.check_assignment(s.values()), Ok(()));
    assert_eq!(check.check_assignment(&[2, 1, 3]).unwrap_err().map(|c| c.index()), Some(1));
}

#[test]
fn conflicts_and_prunings_name_the_user_constraint() {
    let mut model = Model::new();
    let x = model.new_vars(2, 1..=3).unwrap();
    let id = model.post_named("chain", Increasing { vars: x.clone() }).unwrap();
    assert_eq!(model.constraint_label(id), "chain");
    assert_eq!(model.constraint(id).kind(), "increasing");
    let mut solver = Solver::new(model);
    let prunes = Arc::new(Mutex::new(Vec::new()));
    let sink = prunes.clone();
    solver.set_observer(Some(Box::new(move |e: &Event<'_>| {
        if let Event::Prune { var, value, reason, .. } = e {
            sink.lock().unwrap().push((*var, *value, reason.constraint, reason.rule, reason.premises.to_vec()));
        }
    })));
    solver.propagate().unwrap();
    let prunes = prunes.lock().unwrap().clone();
    assert_eq!(
        prunes,
        vec![(x[1], 1, Some(id), Rule::Bounds, vec![x[0]]), (x[0], 3, Some(id), Rule::Bounds, vec![x[1]]),]
    );
    // x0 = 2 and x1 = 2: the chain wipes out x1.
    solver.remove_value(x[1], 3).unwrap();
    solver.remove_value(x[0], 1).unwrap();
    let c = solver.propagate().expect_err("2 < 2 is false");
    assert_eq!((c.by, c.var), (Some(id), Some(x[1])));
}

#[test]
fn on_post_errors_reach_the_caller() {
    let mut model = Model::new();
    let x = model.new_named_var("a", 0..=1).unwrap();
    let err = model.post(Increasing { vars: vec![x, x] }).unwrap_err();
    assert_eq!(err.to_string(), "invalid increasing constraint: a appears twice");
    assert_eq!(model.num_constraints(), 0);
}
