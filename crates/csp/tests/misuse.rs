//! Misuse of the modelling API is an error with a message, never a panic or a silent change
//! (issue 35): vectors of different lengths in the scheduling and packing constructors, a
//! second objective, a variable of another model.

use csp::constraints::{BinPacking, Cumulative, Diffn, Disjunctive};
use csp::{LinExpr, Model, ModelError};

fn model_with(n: usize) -> (Model, Vec<csp::VarId>) {
    let mut model = Model::new();
    let vars = (0..n).map(|_| model.new_var(0..=9).unwrap()).collect();
    (model, vars)
}

fn message(r: Result<csp::constraint::ConstraintId, ModelError>) -> String {
    r.expect_err("misuse must be an error").to_string()
}

#[test]
fn cumulative_with_vectors_of_different_lengths_is_an_error() {
    let (mut model, v) = model_with(3);
    let e = message(model.post(Cumulative::new(v.clone(), vec![1, 2], vec![1, 1, 1], 2)));
    assert_eq!(e, "invalid cumulative constraint: 3 starts, 2 durations and 3 usages (one of each per task)");
    let e = message(model.post(Cumulative::with_vars(v[..2].to_vec(), v.clone(), v[..2].to_vec(), v[0])));
    assert_eq!(e, "invalid cumulative constraint: 2 starts, 3 durations and 2 usages (one of each per task)");
    let e = message(model.post(Cumulative::new(v.clone(), vec![1; 3], vec![1; 3], 2).with_optional(v[..1].to_vec())));
    assert_eq!(e, "invalid cumulative constraint: 1 presence variables for 3 tasks");
    assert_eq!(model.num_constraints(), 0);
}

#[test]
fn disjunctive_with_vectors_of_different_lengths_is_an_error() {
    let (mut model, v) = model_with(3);
    let e = message(model.post(Disjunctive::new(v.clone(), vec![1, 2])));
    assert_eq!(e, "invalid disjunctive constraint: 3 starts and 2 durations (one per task)");
    assert!(message(model.post(Disjunctive::strict(v[..1].to_vec(), vec![1, 2]))).contains("1 starts and 2 durations"));
}

#[test]
fn diffn_with_vectors_of_different_lengths_is_an_error() {
    let (mut model, v) = model_with(4);
    let e = message(model.post(Diffn::new(v[..2].to_vec(), v[2..].to_vec(), vec![1, 1], vec![1])));
    assert_eq!(e, "invalid diffn constraint: 2 x, 2 y, 2 widths and 1 heights (one of each per rectangle)");
    let e = message(model.post(Diffn::with_vars(
        v[..2].to_vec(),
        v[2..3].to_vec(),
        v[..2].to_vec(),
        v[..2].to_vec(),
        true,
    )));
    assert_eq!(e, "invalid diffn constraint: 2 x, 1 y, 2 widths and 2 heights (one of each per rectangle)");
}

#[test]
fn bin_packing_with_vectors_of_different_lengths_is_an_error() {
    let (mut model, v) = model_with(4);
    let e = message(model.post(BinPacking::new(v[..2].to_vec(), v[2..].to_vec(), vec![3])));
    assert_eq!(e, "invalid bin_packing constraint: 2 items and 1 weights (one weight per item)");
}

#[test]
fn a_second_objective_is_an_error_until_the_first_is_cleared() {
    let (mut model, v) = model_with(2);
    model.minimize(v[0]).unwrap();
    let e = model.maximize(v[1]).expect_err("a second objective").to_string();
    assert_eq!(
        e,
        "the model already has an objective (variable 0): one objective per model; clear_objective() replaces it; \
         lexicographic() takes several at once"
    );
    assert!(model.minimize(v[1]).is_err());
    assert_eq!(model.objective().map(|g| g.var()), Some(v[0]), "the first objective stays");
    model.clear_objective();
    assert!(model.maximize(v[1]).is_ok());
}

#[test]
fn all_different_gcc_and_lex_with_lists_of_different_lengths_are_errors() {
    let (mut model, v) = model_with(4);
    let e = message(model.post(csp::constraints::AllDifferent::with_offsets(v.clone(), vec![0, 1])));
    assert_eq!(e, "invalid all_different constraint: 4 variables but 2 offsets");
    let e =
        message(model.post(csp::constraints::GlobalCardinality::new(v[..2].to_vec(), vec![1, 2, 3], v[2..].to_vec())));
    assert_eq!(e, "invalid global_cardinality constraint: 3 values and 2 count variables (one count per value)");
    let e = message(model.post(csp::constraints::GlobalCardinality::with_bounds(
        v.clone(),
        vec![1, 2],
        vec![0],
        vec![1, 1],
    )));
    assert_eq!(
        e,
        "invalid global_cardinality constraint: 2 values, 1 lower and 2 upper bounds (one of each per value)"
    );
    // A value listed twice: each value has one count (a debug build once found a solution
    // that broke the constraint).
    let e =
        message(model.post(csp::constraints::GlobalCardinality::new(v[..1].to_vec(), vec![1, 1], v[1..3].to_vec())));
    assert_eq!(e, "invalid global_cardinality constraint: value 1 is listed twice (one count per value)");
    let e = message(model.post(csp::constraints::GlobalCardinality::with_bounds(
        v.clone(),
        vec![2, 5, 2],
        vec![0; 3],
        vec![1; 3],
    )));
    assert_eq!(e, "invalid global_cardinality constraint: value 2 is listed twice (one count per value)");
    let e = message(model.post(csp::constraints::LexLess::strict(v[..3].to_vec(), v[3..].to_vec())));
    assert_eq!(e, "invalid lex_less constraint: vectors of lengths 3 and 1");
    assert_eq!(model.num_constraints(), 0);
}

#[test]
fn a_variable_of_another_model_is_an_error_wherever_it_enters() {
    use csp::constraints::{AllDifferent, NotEqual};
    let (mut a, x) = model_with(3);
    let (mut b, y) = model_with(3);
    // Same indices in both models: only the tag tells them apart.
    assert_eq!(x[0].index(), y[0].index());
    let expected = "variable x1 belongs to another model: a variable is used only with the model that created it";
    assert_eq!(message(b.post(NotEqual::new(y[0], x[1]))), expected);
    assert_eq!(message(b.post(AllDifferent::new(vec![y[0], y[1], x[1]]))), expected);
    assert_eq!(message(b.add((y[0] + x[1]).le(3))), expected);
    let p = a.new_bool();
    let q = b.new_bool();
    assert_eq!(
        message(b.add(csp::expr::or([q, p]))),
        format!(
            "variable {} belongs to another model: a variable is used only with the model that created it",
            p.var()
        )
    );
    assert!(message(b.add(y[0].le(3).only_if(p))).contains("belongs to another model"));
    assert!(matches!(b.minimize(x[2] + 1), Err(ModelError::ForeignVar { .. })));
    assert!(matches!(b.expr_var(x[2]), Err(ModelError::ForeignVar { .. })));
    assert!(matches!(b.element(y[0], vec![y[1], x[2]]), Err(ModelError::ForeignVar { .. })));
    assert!(matches!(b.element(x[0], [1, 2, 3]), Err(ModelError::ForeignVar { .. })));
    assert!(matches!(csp::BoolVar::from_var(&b, p.var()), Err(ModelError::ForeignVar { .. })));
    assert_eq!(b.num_constraints(), 0, "nothing was posted");
    // The model's own variables, its clone's, and ids made by index are accepted.
    let copy = a.clone();
    assert!(copy.check_var(x[0]).is_ok());
    assert!(b.post(NotEqual::new(csp::VarId::from_index(0), y[1])).is_ok());
    assert!(a.post(NotEqual::new(x[0], x[1])).is_ok());
    // An index the model does not have is still its own error.
    let e = message(b.post(NotEqual::new(y[0], csp::VarId::from_index(99))));
    assert_eq!(e, "unknown variable x99: the model has 4 variables");
}

#[test]
#[should_panic(expected = "variable x0 belongs to another model")]
fn reading_a_variable_of_another_model_panics_with_the_reason() {
    let (_a, x) = model_with(1);
    let (b, _y) = model_with(1);
    let _ = b.initial_domain(x[0]);
}

/// The message of the panic `f` raises (the default hook still prints it).
fn panic_message(f: impl FnOnce()) -> String {
    let e = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).expect_err("misuse must panic");
    match (e.downcast_ref::<String>(), e.downcast_ref::<&str>()) {
        (Some(s), _) => s.clone(),
        (None, Some(s)) => s.to_string(),
        (None, None) => panic!("a panic without a message"),
    }
}

#[test]
fn the_solver_and_its_solutions_refuse_a_variable_of_another_model() {
    use csp::constraints::NotEqual;
    use csp::solve::Goal;
    let (mut a, x) = model_with(2);
    let (mut b, y) = model_with(2);
    a.post(NotEqual::new(x[0], x[1])).unwrap();
    let foreign = b.new_bool();
    let expected = "variable x0 belongs to another model: a variable is used only with the model that created it";
    let mut solver = a.into_solver();
    // The entry points that change or read the state: a documented panic with the reason, as
    // for an index the model does not have (their errors are the search's conflicts).
    assert_eq!(
        panic_message(|| {
            let _ = solver.remove_value(y[0], 1);
        }),
        expected
    );
    assert_eq!(
        panic_message(|| {
            let _ = solver.assign(y[0], 1);
        }),
        expected
    );
    assert_eq!(
        panic_message(|| {
            let _ = solver.assign_all([(x[0], 1), (y[0], 1)]);
        }),
        expected
    );
    assert_eq!(
        panic_message(|| {
            let _ = solver.domain(y[0]).len();
        }),
        expected
    );
    assert_eq!(
        panic_message(|| {
            let _ = solver.value(y[0]);
        }),
        expected
    );
    assert_eq!(panic_message(|| solver.set_branching_vars(vec![x[1], y[0]])), expected);
    assert_eq!(
        panic_message(|| {
            let _ = solver.optimize(Goal::Minimize(y[0]));
        }),
        expected
    );
    assert_eq!(
        panic_message(|| {
            let _ = solver.engine().domain(y[0]).len();
        }),
        expected
    );
    assert!(matches!(solver.set_hints([(y[1], 0)]), Err(ModelError::ForeignVar { .. })));
    // `assign_all` assigned the pairs before the foreign one, as it does before a conflict;
    // a reset returns to the root, where the solver counts the model's 90 solutions.
    assert_eq!(solver.value(x[0]), Some(1));
    solver.reset();
    assert_eq!(solver.count_solutions(1000).count, 90);
    let csp::Outcome::Solved(solution) = solver.solve() else { panic!("solvable") };
    // Indexing a solution panics as a slice's indexing does; `get` returns the error.
    assert_eq!(
        panic_message(|| {
            let _ = solution[y[0]];
        }),
        expected
    );
    assert_eq!(
        panic_message(|| {
            let _ = solution.value(y[0]);
        }),
        expected
    );
    assert_eq!(solution.get(y[0]), Err(ModelError::ForeignVar { var: y[0] }));
    assert_eq!(solution.get(y[0]).unwrap_err().to_string(), expected, "the error and the panic say the same");
    let bool_message = format!(
        "variable {} belongs to another model: a variable is used only with the model that created it",
        foreign.var()
    );
    assert_eq!(
        panic_message(|| {
            let _ = solution[foreign];
        }),
        bool_message
    );
    assert_eq!(
        panic_message(|| {
            let _ = solution[!foreign];
        }),
        bool_message
    );
    // Ids of the model and ids made by index are read as before.
    assert_eq!(solution.get(x[0]), Ok(solution[x[0]]));
    assert_eq!(solution.get(csp::VarId::from_index(1)), Ok(solution[x[1]]));
    let e = solution.get(csp::VarId::from_index(7)).unwrap_err().to_string();
    assert_eq!(e, "unknown variable x7: the model has 2 variables");
    assert_eq!(
        panic_message(|| {
            let _ = solution[csp::VarId::from_index(7)];
        }),
        e
    );
}

#[test]
fn an_unknown_constraint_id_panics_with_the_reason() {
    let (mut model, v) = model_with(2);
    model.post(csp::constraints::NotEqual::new(v[0], v[1])).unwrap();
    let id = csp::constraint::ConstraintId::from_index(5);
    assert_eq!(
        panic_message(|| {
            let _ = model.constraint_label(id);
        }),
        "constraint c5 is not in this model of 1 constraints"
    );
    assert_eq!(model.constraint_name(id), None);
}

/// Every other constructor and entry point that can be misused, with the message it gives.
#[test]
fn each_constructor_s_misuse_is_an_error_with_its_message() {
    use csp::constraints::{Clause, Comparison, Inverse, MemberReif, Regular, ReifiedLinear, Table};
    use csp::solve::Goal;
    let (mut m, v) = model_with(4);
    let wide = m.new_var(0..=100_000).unwrap();
    let mut wrong = Vec::new();
    // Each case: its message, and the model unchanged by the error (no variable, no constraint).
    macro_rules! case {
        ($what:expr, $call:expr, $want:expr) => {{
            let before = (m.num_vars(), m.num_constraints());
            let got = $call.to_string();
            let after = (m.num_vars(), m.num_constraints());
            if got != $want || after != before {
                wrong.push(format!("{}: {got:?}, (variables, constraints) {after:?} after {before:?}", $what));
            }
        }};
    }

    case!("empty domain", m.new_var(Vec::<i32>::new()).unwrap_err(), "a variable has an empty domain");
    case!(
        "named empty domain",
        m.new_named_var("t", Vec::<i32>::new()).unwrap_err(),
        "variable 't' has an empty domain"
    );
    case!(
        "too many listed values",
        m.new_var((0..10_000_000).step_by(2).collect::<Vec<i32>>()).unwrap_err(),
        "a domain of 5000000 listed values is larger than the supported 4194240 (a range of any width is an interval)"
    );
    case!(
        "interval beyond the limits",
        m.new_var(i32::MIN..=i32::MAX).unwrap_err(),
        "the interval -2147483648..2147483647 reaches beyond the supported -2147483646..2147483646"
    );
    case!(
        "table arity",
        m.post(Table::allowed(vec![v[0], v[1]], [[1, 2, 3]])).unwrap_err(),
        "invalid table constraint: tuple 0 has 3 values for 2 variables"
    );
    case!(
        "regular not deterministic",
        m.post(Regular::new(vec![v[0]], [(0, 1, 1), (0, 1, 2)], 0, [1])).unwrap_err(),
        "invalid regular constraint: state 0 has two transitions on 1 (the automaton must be deterministic)"
    );
    case!(
        "regular state beyond the table's limit",
        m.post(Regular::new(vec![v[0]], [(0, 1, 4_000_000_000)], 0, [1])).unwrap_err(),
        "invalid regular constraint: state 4000000000 is beyond the 1048576 states an automaton may have"
    );
    case!(
        "inverse of lists of different lengths",
        m.post(Inverse::new(vec![v[0], v[1]], vec![v[2]])).unwrap_err(),
        "invalid inverse constraint: f has 2 positions and g 1 (one of g's for each of f's)"
    );
    case!(
        "clause literal not Boolean",
        m.post(Clause::new([v[0]], [])).unwrap_err(),
        "invalid clause constraint: literal x0 must range over 0 and 1, not {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}"
    );
    case!("reified linear truth not Boolean", m.post(ReifiedLinear::new([(1, v[0])], Comparison::Equal, 3, v[1])).unwrap_err(), "invalid reified_linear constraint: the truth variable must range over 0 and 1, not {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}");
    case!("member truth not Boolean", m.post(MemberReif::new(v[0], [1..=2], v[1])).unwrap_err(), "invalid member_reif constraint: the truth variable must range over 0 and 1, not {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}");
    case!("inverse over an interval", m.post(Inverse::new(vec![wide], vec![v[0]])).unwrap_err(), "invalid inverse constraint: variable x4 has an interval domain of 100001 values, which this constraint does not support");
    case!(
        "element of an empty array",
        m.element(v[0], Vec::<csp::VarId>::new()).unwrap_err(),
        "invalid element constraint: the array is empty"
    );
    case!(
        "min of nothing",
        m.min(Vec::<csp::VarId>::new()).unwrap_err(),
        "invalid min constraint: no expression given"
    );
    case!(
        "max of nothing",
        m.max(Vec::<csp::VarId>::new()).unwrap_err(),
        "invalid max constraint: no expression given"
    );
    case!(
        "division by zero only",
        m.quotient(v[0], 0).unwrap_err(),
        "invalid div constraint: no values of the operands give a defined result within the limits"
    );
    case!(
        "expression beyond 32 bits",
        m.expr_var(wide * 2_000_000 + wide * 2_000_000).unwrap_err(),
        "invalid linear constraint: expression bound 400000000000 is beyond the 32-bit range of values"
    );
    case!(
        "no objective",
        m.lexicographic(Vec::<Goal>::new()).unwrap_err(),
        "invalid lexicographic constraint: no objective given"
    );
    case!(
        "negative interval size",
        m.new_interval(v[0], -1, v[1]).unwrap_err(),
        "invalid interval constraint: the size -1 is negative"
    );
    let i = m.new_fixed_interval(v[0], 1).unwrap();
    let j = m.new_fixed_interval(v[1], 1).unwrap();
    case!(
        "no_overlap_2d lengths",
        m.add_no_overlap_2d(std::slice::from_ref(&i), &[]).unwrap_err(),
        "invalid no_overlap_2d constraint: 1 x intervals and 0 y intervals (one of each per rectangle)"
    );
    case!(
        "cumulative negative duration",
        m.post(csp::constraints::Cumulative::new(vec![v[0]], vec![-1], vec![1], 1)).unwrap_err(),
        "invalid cumulative constraint: durations and usages must be non-negative"
    );
    case!(
        "disjunctive negative duration",
        m.post(csp::constraints::Disjunctive::new(vec![v[0]], vec![-1])).unwrap_err(),
        "invalid disjunctive constraint: durations must be non-negative"
    );
    case!(
        "diffn negative size",
        m.post(csp::constraints::Diffn::new(vec![v[0]], vec![v[1]], vec![-1], vec![1])).unwrap_err(),
        "invalid diffn constraint: rectangle sizes must be non-negative"
    );
    case!(
        "bin packing negative weight",
        m.post(csp::constraints::BinPacking::new(vec![v[0]], vec![v[1]], vec![-1])).unwrap_err(),
        "invalid bin_packing constraint: weights must be non-negative"
    );
    // Builders of several steps take everything back when a step fails.
    let mut other = Model::new();
    let foreign = other.new_bool();
    let (s, e) = (other.new_var(0..=3).unwrap(), other.new_var(0..=4).unwrap());
    let optional = other.new_optional_interval(s, 1, e, foreign).unwrap();
    let b = m.new_bool();
    let foreign_message = |x: csp::VarId| {
        format!("variable {x} belongs to another model: a variable is used only with the model that created it")
    };
    case!(
        "reify a reified relation",
        m.reify(v[0].le(3).only_if(b)).unwrap_err(),
        "invalid relation constraint: the relation is reified twice (use a Boolean for the conjunction of the literals)"
    );
    case!("either with a foreign variable", m.either(v[0].le(3), v[1].le(s)).unwrap_err(), foreign_message(s));
    case!(
        "a reified relation negated",
        m.add(!v[0].le(3).only_if(b)).unwrap_err(),
        "invalid relation constraint: a reified relation cannot be negated"
    );
    case!("no_overlap with a foreign interval", m.add_no_overlap(&[i, j, optional]).unwrap_err(), foreign_message(s));
    case!(
        "cumulative with a foreign interval",
        m.add_cumulative(&[i, optional], &[1, 1], 1).unwrap_err(),
        foreign_message(s)
    );
    case!("a quotient by a foreign variable", m.quotient(v[0] + 1, s).unwrap_err(), foreign_message(s));
    case!("the maximum of a foreign variable", m.max([v[0] + 1, v[1] + 2, s.into()]).unwrap_err(), foreign_message(s));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A coefficient or constant beyond 64 bits: the operators saturate and mark the expression
/// (they cannot return an error), and posting it is an error, whichever way it is posted.
#[test]
fn expressions_beyond_64_bits_are_an_error_when_posted() {
    let (mut model, v) = model_with(2);
    let expected = "invalid linear constraint: a coefficient or the constant of the expression is beyond 64 bits";
    let big = v[0] * i32::MAX * i32::MAX; // about 2^62: within 64 bits
    let c62 = || LinExpr::constant_expr(i32::MIN) * i32::MIN; // 2^62
    assert!(!big.overflows());
    let cases: Vec<(&str, Result<(), ModelError>)> = vec![
        ("a product", model.add((big.clone() * 4).le(1)).map(drop)),
        ("a negated product", model.add((-(big.clone() * -4)).le(1)).map(drop)),
        ("a sum of constants", model.add((v[0] + c62() * 2 + c62() * 2).ge(0)).map(drop)),
        ("terms merged on one variable", model.add((big.clone() * 2 + big.clone() * 2).eq(0)).map(drop)),
        // The constant is exactly -2^63; the right side 1 + 2^63.
        ("a relation's right side", model.add((c62() * -2).gt(v[1])).map(drop)),
        // The right side is exactly 2^63 - 1; the negation's 2^63.
        ("a negated relation", model.add(!v[1].le(c62() - 1 + c62())).map(drop)),
        ("an expression variable", model.expr_var(big.clone() * 2 * 2).map(drop)),
        ("an objective", model.minimize(big.clone() * 8).map(drop)),
        ("a product of expressions", model.product(big.clone() * 16, v[1]).map(drop)),
    ];
    for (what, r) in cases {
        assert_eq!(r.expect_err(what).to_string(), expected, "{what}");
    }
    assert_eq!(model.num_constraints(), 0);
    assert_eq!(model.objective(), None);
    // Two coefficients whose product is beyond 32 bits (checked for `x - y = c`) post.
    model.add((v[0] * 65_536 + v[1] * 65_536).eq(0)).unwrap();
    assert_eq!(model.num_constraints(), 1);
}
