//! Tests of expressions, relations and Booleans: each compiles to the hand-written constraint,
//! and the solutions are those of brute force.

use proptest::prelude::*;

use crate::constraints::{AllDifferent, Comparison, Equal, Linear, NotEqual};
use crate::expr::{and, exactly, or, sum, xor, LinExpr, Relation};
use crate::id::{Value, VarId};
use crate::model::constraint::downcast_ref;
use crate::model::Model;
use crate::optimize::{Goal, Optimum};
use crate::stats::Stats;
use crate::testing::{brute_force, model_with, small_domains, solve_all};

fn kind(model: &Model, id: crate::id::ConstraintId) -> &'static str {
    model.constraint(id).kind()
}

#[test]
fn a_linear_relation_is_one_linear_with_merged_coefficients() {
    let mut m = Model::new();
    let [x, y, z] = [m.new_var(0..=9).unwrap(), m.new_var(0..=9).unwrap(), m.new_var(0..=9).unwrap()];
    let id = m.add((x + 2 * y - z + 3).le(x + y + 10)).unwrap();
    let lin = downcast_ref::<Linear>(m.constraint(id)).expect("a Linear");
    assert_eq!(lin.vars(), &[y, z]);
    assert_eq!(lin.coefficients(), &[1, -1]);
    assert_eq!((lin.comparison(), lin.rhs()), (Comparison::LessOrEqual, 7));
}

#[test]
fn strict_comparisons_shift_the_constant() {
    let mut m = Model::new();
    let x = m.new_var(0..=9).unwrap();
    let id = m.add(x.lt(5)).unwrap();
    let lin = downcast_ref::<Linear>(m.constraint(id)).unwrap();
    assert_eq!((lin.comparison(), lin.rhs()), (Comparison::LessOrEqual, 4));
    let id = m.add((2 * x).gt(5)).unwrap();
    let lin = downcast_ref::<Linear>(m.constraint(id)).unwrap();
    assert_eq!((lin.comparison(), lin.rhs(), lin.coefficients()), (Comparison::GreaterOrEqual, 6, &[2][..]));
}

#[test]
fn binary_equalities_and_disequalities_are_the_binary_constraints() {
    let mut m = Model::new();
    let x = m.new_var(0..=9).unwrap();
    let y = m.new_var(0..=9).unwrap();
    let ne = m.add(x.ne(y)).unwrap();
    assert_eq!(kind(&m, ne), "not_equal");
    let ne_offset = m.add((y + 2).ne(x)).unwrap();
    assert_eq!(kind(&m, ne_offset), "not_equal");
    let eq = m.add((x - 3).eq(y)).unwrap();
    assert_eq!(kind(&m, eq), "equal");
    let lin = m.add((2 * x).eq(y)).unwrap();
    assert_eq!(kind(&m, lin), "linear");
    // x != y + 2 and x = y + 3: the solutions say which way round the offsets went.
    let mut solver = m.into_solver();
    for s in solver.solutions() {
        assert!(s[x] != s[y] && s[y] + 2 != s[x] && s[x] - 3 == s[y] && 2 * s[x] == s[y]);
    }
    assert_eq!(solver.stats().solutions, 0, "x = y + 3 and 2x = y have no common solution on 0..=9");
}

#[test]
fn booleans_compile_to_one_clause_or_one_linear() {
    let mut m = Model::new();
    let b = m.new_bools(3);
    let x = m.new_var(0..=5).unwrap();
    let kind_of = |r: Relation| {
        let mut copy = m.clone();
        let id = copy.add(r).unwrap();
        kind(&copy, id)
    };
    assert_eq!(kind_of(or([b[0], b[1]])), "clause");
    assert_eq!(kind_of(b[0].implies(!b[1])), "clause");
    assert_eq!(kind_of(x.le(2).only_if(b[0])), "reified_linear");
    assert_eq!(kind_of(or([b[0], b[1]]).only_if(!b[2])), "clause");
    assert_eq!(kind_of(and([b[0], b[1]])), "linear");
    let id = m.add(x.ne(3).iff(!b[2])).unwrap();
    assert_eq!(kind(&m, id), "reified_linear");
    assert_eq!(m.num_vars(), 4, "negation creates no variable");
}

#[test]
fn a_coefficient_beyond_32_bits_is_an_error() {
    let mut m = Model::new();
    let x = m.new_var(0..=1).unwrap();
    let e = x * i32::MAX * 4;
    assert!(matches!(m.add(e.le(1)), Err(crate::error::ModelError::InvalidConstraint { kind: "linear", .. })));
}

#[test]
fn display_writes_the_expression() {
    let x = VarId::from_index(0);
    let y = VarId::from_index(1);
    assert_eq!((2 * x - y - 3).to_string(), "2*x0 - x1 - 3");
    assert_eq!((-x + 1).to_string(), "-x0 + 1");
    assert_eq!(LinExpr::from(4).to_string(), "4");
}

#[test]
fn relations_display_as_normalised() {
    let mut m = Model::new();
    let x = m.new_var(0..=5).unwrap();
    let y = m.new_var(0..=5).unwrap();
    let b = m.new_bool();
    assert_eq!((x + x - y + 1).lt(y).to_string(), "2*x0 - 2*x1 <= -2");
    assert_eq!(x.ne(3).iff(!b).to_string(), "x0 != 3 iff !x2");
    assert_eq!(or([b.lit(), !b]).to_string(), "x2 ∨ ¬x2");
    assert_eq!(b.implies(b).only_if(b).to_string(), "x2 ∨ ¬x2 if x2");
}

/// A random relation of the expression API, kept as data.
#[derive(Clone, Debug)]
struct Rel {
    coeffs: Vec<Value>,
    constant: Value,
    cmp: u8,
    /// 0: always, 1: only_if b, 2: only_if !b, 3: iff b, 4: iff !b.
    enforce: u8,
}

fn build(rel: &Rel, v: &[VarId], b: crate::expr::boolean::BoolVar) -> Relation {
    let lhs: LinExpr = sum(rel.coeffs.iter().zip(v).map(|(&a, &x)| a * x));
    let r = match rel.cmp {
        0 => lhs.le(rel.constant),
        1 => lhs.lt(rel.constant),
        2 => lhs.ge(rel.constant),
        3 => lhs.gt(rel.constant),
        4 => lhs.eq(rel.constant),
        _ => lhs.ne(rel.constant),
    };
    match rel.enforce {
        0 => r,
        1 => r.only_if(b),
        2 => r.only_if(!b),
        3 => r.iff(b),
        _ => r.iff(!b),
    }
}

fn holds(rel: &Rel, vs: &[Value], b: Value) -> bool {
    let s: i64 = rel.coeffs.iter().zip(vs).map(|(&a, &v)| i64::from(a) * i64::from(v)).sum();
    let c = i64::from(rel.constant);
    let h = match rel.cmp {
        0 => s <= c,
        1 => s < c,
        2 => s >= c,
        3 => s > c,
        4 => s == c,
        _ => s != c,
    };
    match rel.enforce {
        0 => h,
        1 => b == 0 || h,
        2 => b == 1 || h,
        3 => (b == 1) == h,
        _ => (b == 0) == h,
    }
}

fn rel_strategy() -> impl Strategy<Value = Rel> {
    (proptest::collection::vec(-2i32..=2, 3), -4i32..=4, 0u8..6, 0u8..5)
        .prop_map(|(coeffs, constant, cmp, enforce)| Rel { coeffs, constant, cmp, enforce })
}

proptest! {
    #[test]
    fn relations_have_the_solutions_of_brute_force(
        domains in small_domains(3, -2, 2),
        rels in proptest::collection::vec(rel_strategy(), 1..=3),
        b_domain in prop_oneof![Just(vec![0, 1]), Just(vec![0]), Just(vec![1])],
    ) {
        let n = domains.len();
        let mut all = domains.clone();
        all.push(b_domain);
        let expected = brute_force(&all, |vs| rels.iter().all(|r| holds(r, &vs[..n], vs[n])));
        let (mut model, v) = model_with(&all);
        let b = crate::expr::boolean::BoolVar::from_var(&model, v[n]).unwrap();
        for r in &rels {
            model.add(build(r, &v[..n], b)).unwrap();
        }
        prop_assert_eq!(solve_all(model, &v), expected);
    }

    #[test]
    fn clauses_and_their_reifications_have_the_solutions_of_brute_force(
        signs in proptest::collection::vec(any::<bool>(), 1..=3),
        which in 0u8..6,
        enforce in 0u8..5,
        fixed in proptest::collection::vec(0i32..=2, 4),
    ) {
        // Literals over b0..b(n-1); the control literal is b(n).
        let n = signs.len();
        let domains: Vec<Vec<Value>> =
            fixed[..=n].iter().map(|&f| if f == 2 { vec![0, 1] } else { vec![f] }).collect();
        let lit_true = |vs: &[Value], i: usize| (vs[i] == 1) == signs[i];
        let (mut model, v) = model_with(&domains);
        let bs: Vec<crate::expr::boolean::BoolVar> = v.iter().map(|&x| crate::expr::boolean::BoolVar::from_var(&model, x).unwrap()).collect();
        let lits: Vec<crate::expr::boolean::Lit> = (0..n).map(|i| if signs[i] { bs[i].lit() } else { !bs[i] }).collect();
        let r = match which {
            0 => or(lits.clone()),
            1 => and(lits.clone()),
            2 => lits[0].implies(lits[n - 1]),
            3 => xor(lits[0], lits[n - 1]),
            4 => exactly(1, lits.clone()),
            _ => !or(lits.clone()),
        };
        let core = |vs: &[Value]| match which {
            0 => (0..n).any(|i| lit_true(vs, i)),
            1 => (0..n).all(|i| lit_true(vs, i)),
            2 => !lit_true(vs, 0) || lit_true(vs, n - 1),
            3 => lit_true(vs, 0) != lit_true(vs, n - 1),
            4 => (0..n).filter(|&i| lit_true(vs, i)).count() == 1,
            _ => !(0..n).any(|i| lit_true(vs, i)),
        };
        let c = bs[n];
        let r = match enforce { 0 => r, 1 => r.only_if(c), 2 => r.only_if(!c), 3 => r.iff(c), _ => r.iff(!c) };
        let expected = brute_force(&domains, |vs| {
            let (h, b) = (core(vs), vs[n]);
            match enforce { 0 => h, 1 => b == 0 || h, 2 => b == 1 || h, 3 => (b == 1) == h, _ => (b == 0) == h }
        });
        model.add(r).unwrap();
        prop_assert_eq!(solve_all(model, &v), expected);
    }

    #[test]
    fn abs_min_max_and_element_have_the_solutions_of_brute_force(
        domains in small_domains(3, -3, 3),
        table in proptest::collection::vec(-3i32..=3, 1..=4),
        op in 0u8..5,
        target in -3i32..=3,
    ) {
        let n = domains.len();
        let (mut model, v) = model_with(&domains);
        let r = match op {
            0 => model.abs(v[0] - v[n - 1]).unwrap(),
            1 => model.min(v.iter().copied()).unwrap(),
            2 => model.max(v.iter().map(|&x| 2 * x - 1)).unwrap(),
            3 => model.element(v[0] + 1, table.clone()).unwrap(),
            _ => model.element(v[n - 1], v.clone()).unwrap(),
        };
        model.add(r.ge(target)).unwrap();
        let value = |vs: &[Value]| -> Option<Value> {
            match op {
                0 => Some((vs[0] - vs[n - 1]).abs()),
                1 => vs.iter().copied().min(),
                2 => vs.iter().map(|&x| 2 * x - 1).max(),
                3 => usize::try_from(vs[0] + 1).ok().and_then(|i| table.get(i).copied()),
                _ => usize::try_from(vs[n - 1]).ok().and_then(|i| vs.get(i).copied()),
            }
        };
        let expected = brute_force(&domains, |vs| value(vs).is_some_and(|r| r >= target));
        prop_assert_eq!(solve_all(model, &v), expected);
    }
}

/// The statistics that must agree between two runs (all but the time).
fn counters(s: &Stats) -> [u64; 7] {
    [s.nodes, s.failures, s.backtracks, s.propagations, s.prunings, s.solutions, u64::from(s.max_depth)]
}

/// A 4x4 magic square (sum 34), by hand and with expressions.
fn magic_square(expressions: bool) -> Model {
    let n = 4;
    let total = 34;
    let mut m = Model::new();
    let x = m.new_vars(n * n, 1..=(n * n) as Value).unwrap();
    let at = |r: usize, c: usize| x[r * n + c];
    m.post(AllDifferent::new(x.clone())).unwrap();
    let mut lines: Vec<Vec<VarId>> = Vec::new();
    for i in 0..n {
        lines.push((0..n).map(|j| at(i, j)).collect());
        lines.push((0..n).map(|j| at(j, i)).collect());
    }
    lines.push((0..n).map(|i| at(i, i)).collect());
    lines.push((0..n).map(|i| at(i, n - 1 - i)).collect());
    for line in lines {
        if expressions {
            m.add(sum(&line).eq(total)).unwrap();
        } else {
            m.post(Linear::sum(line, Comparison::Equal, total)).unwrap();
        }
    }
    // Symmetry breaking: the top-left corner is the smallest corner, and x[0][1] < x[1][0].
    for &(a, b) in
        &[(at(0, 0), at(0, n - 1)), (at(0, 0), at(n - 1, 0)), (at(0, 0), at(n - 1, n - 1)), (at(0, 1), at(1, 0))]
    {
        if expressions {
            m.add(a.lt(b)).unwrap();
        } else {
            m.post(Linear::new([(1, a), (-1, b)], Comparison::LessOrEqual, -1)).unwrap();
        }
    }
    m
}

/// A Golomb ruler of `n` marks, minimising its length: by hand and with expressions.
fn golomb(n: usize, expressions: bool) -> (Model, VarId) {
    let top = (n * n) as Value;
    let mut m = Model::new();
    let marks = m.new_vars(n, 0..=top).unwrap();
    let mut diffs = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if expressions {
                diffs.push(m.expr_var(marks[j] - marks[i]).unwrap());
            } else {
                let d = m.new_var(-top..=top).unwrap();
                m.post(Linear::new([(1, marks[j]), (-1, marks[i]), (-1, d)], Comparison::Equal, 0)).unwrap();
                diffs.push(d);
            }
        }
    }
    if expressions {
        m.add(marks[0].eq(0)).unwrap();
        for w in marks.windows(2) {
            m.add(w[0].lt(w[1])).unwrap();
        }
        m.add(diffs[0].lt(diffs[diffs.len() - 1])).unwrap();
        m.all_different(diffs).unwrap();
        m.minimize(marks[n - 1]).unwrap();
    } else {
        m.post(Linear::sum([marks[0]], Comparison::Equal, 0)).unwrap();
        for w in marks.windows(2) {
            m.post(Linear::new([(1, w[0]), (-1, w[1])], Comparison::LessOrEqual, -1)).unwrap();
        }
        m.post(Linear::new([(1, diffs[0]), (-1, diffs[diffs.len() - 1])], Comparison::LessOrEqual, -1)).unwrap();
        m.post(AllDifferent::new(diffs)).unwrap();
    }
    (m, marks[n - 1])
}

#[test]
fn expressions_search_the_same_nodes_as_hand_written_constraints_on_a_magic_square() {
    let runs: Vec<(u64, [u64; 7])> = [false, true]
        .into_iter()
        .map(|e| {
            let mut solver = magic_square(e).into_solver();
            let count = solver.count_solutions(20).count;
            (count, counters(solver.stats()))
        })
        .collect();
    eprintln!("magic square 4x4, 20 solutions: hand {:?}, expressions {:?}", runs[0].1, runs[1].1);
    assert_eq!(runs[0].0, 20);
    assert!(runs[0].1[0] > 100, "a non-trivial search: {:?}", runs[0].1);
    assert_eq!(runs[0], runs[1]);
}

#[test]
fn expressions_search_the_same_nodes_as_hand_written_constraints_on_a_golomb_ruler() {
    // The hand-written model gives each difference the domain -top..=top; the expression model
    // computes it from the marks' bounds (the same interval), so both propagate alike.
    let (hand, z_hand) = golomb(7, false);
    let (expr, z_expr) = golomb(7, true);
    assert_eq!(expr.objective(), Some(Goal::Minimize(z_expr)));
    let mut a = hand.into_solver();
    let mut b = expr.into_solver();
    let (ra, rb) = (a.minimize(z_hand), b.solve_optimal());
    let (Optimum::Optimal(sa), Optimum::Optimal(sb)) = (&ra, &rb) else { panic!("{ra:?} {rb:?}") };
    assert_eq!((sa[z_hand], sb[z_expr]), (25, 25));
    eprintln!("golomb 7: hand {}\ngolomb 7: expressions {}", a.stats(), b.stats());
    assert!(a.stats().nodes > 100, "a non-trivial search: {}", a.stats());
    assert_eq!(counters(a.stats()), counters(b.stats()));
}

#[test]
fn an_equality_of_two_variables_is_the_equal_constraint_written_by_hand() {
    let mut m = Model::new();
    let x = m.new_var(0..=5).unwrap();
    let y = m.new_var(vec![1, 3, 8]).unwrap();
    let mut hand = m.clone();
    m.add(x.eq(y - 1)).unwrap();
    hand.post(Equal::with_offset(x, y, -1)).unwrap();
    hand.post(NotEqual::new(x, y)).unwrap();
    m.add(x.ne(y)).unwrap();
    let (mut a, mut b) = (m.into_solver(), hand.into_solver());
    assert_eq!(a.count_solutions(100).count, b.count_solutions(100).count);
    assert_eq!(counters(a.stats()), counters(b.stats()));
}

proptest! {
    /// `product`, `quotient`, `remainder` and `power` over expressions (`a + 1`, `b - 2`): the
    /// solutions of `r = op(a + 1, b - 2), r <= a + b` are those of brute force.
    #[test]
    fn non_linear_expression_variables_equal_brute_force(domains in small_domains(2, -4, 4), op in 0..4usize) {
        prop_assume!(domains.len() == 2);
        let f = |a: i64, b: i64| -> Option<i64> {
            match op {
                0 => Some(a * b),
                1 => (b != 0).then(|| a / b),
                2 => (b != 0).then(|| a % b),
                _ => crate::constraints::ArithOp::Pow.eval(a, b),
            }
        };
        let expected = brute_force(&domains, |v| {
            let (a, b) = (i64::from(v[0]), i64::from(v[1]));
            f(a + 1, b - 2).is_some_and(|r| r <= a + b)
        });
        let (mut model, v) = model_with(&domains);
        let (a, b) = (v[0] + 1, v[1] - 2);
        let made = match op {
            0 => model.product(a, b),
            1 => model.quotient(a, b),
            2 => model.remainder(a, b),
            _ => model.power(a, b),
        };
        let Ok(r) = made else {
            // Refused only when no pair has a defined result.
            prop_assert!(expected.is_empty());
            return Ok(());
        };
        model.add(r.le(v[0] + v[1])).unwrap();
        prop_assert_eq!(solve_all(model, &v), expected);
    }
}
