//! The modelling layer against brute force on small random models (issue 35): lexicographic
//! objectives, solution hints (which never change an answer), Booleans indexing solutions, and
//! interval variables under no-overlap, cumulative and no-overlap 2D, optional ones included.

use csp::expr::{IntervalSize, IntervalVar};
use csp::solve::{Goal, Optimum};
use csp::{LinExpr, Model, Outcome, Value, VarId};
use proptest::prelude::*;

/// `Σ coefs[i] * values[i] (<= or >=) rhs`.
#[derive(Clone, Debug)]
struct Lin {
    coefs: Vec<Value>,
    le: bool,
    rhs: Value,
}

impl Lin {
    fn holds(&self, values: &[Value]) -> bool {
        let s: Value = self.coefs.iter().zip(values).map(|(c, v)| c * v).sum();
        if self.le {
            s <= self.rhs
        } else {
            s >= self.rhs
        }
    }

    fn expr(&self, x: &[VarId]) -> LinExpr {
        LinExpr::weighted(self.coefs.iter().copied().zip(x.iter().copied()))
    }
}

fn lin(n: usize) -> impl Strategy<Value = Lin> {
    (proptest::collection::vec(-2i32..=2, n), any::<bool>(), -4i32..=6).prop_map(|(coefs, le, rhs)| Lin {
        coefs,
        le,
        rhs,
    })
}

/// A small model: `n` variables over `lo..=3`, linear constraints.
#[derive(Clone, Debug)]
struct Small {
    lows: Vec<Value>,
    constraints: Vec<Lin>,
}

fn small() -> impl Strategy<Value = Small> {
    (2usize..=3).prop_flat_map(|n| {
        (proptest::collection::vec(-1i32..=1, n), proptest::collection::vec(lin(n), 0..=3))
            .prop_map(|(lows, constraints)| Small { lows, constraints })
    })
}

impl Small {
    fn build(&self) -> (Model, Vec<VarId>) {
        let mut m = Model::new();
        let x: Vec<VarId> = self.lows.iter().map(|&lo| m.new_var(lo..=3).unwrap()).collect();
        for c in &self.constraints {
            let e = c.expr(&x);
            m.add(if c.le { e.le(c.rhs) } else { e.ge(c.rhs) }).unwrap();
        }
        (m, x)
    }

    /// Every assignment that satisfies the constraints.
    fn solutions(&self) -> Vec<Vec<Value>> {
        let mut all = vec![Vec::new()];
        for &lo in &self.lows {
            all = all
                .into_iter()
                .flat_map(|p: Vec<Value>| (lo..=3).map(move |v| [p.clone(), vec![v]].concat()))
                .collect();
        }
        all.retain(|a| self.constraints.iter().all(|c| c.holds(a)));
        all
    }
}

/// An objective: `coefs · x`, minimised or maximised.
#[derive(Clone, Debug)]
struct Objective {
    coefs: Vec<Value>,
    minimize: bool,
}

fn objectives(n: usize) -> impl Strategy<Value = Vec<Objective>> {
    proptest::collection::vec(
        (proptest::collection::vec(-2i32..=2, n), any::<bool>())
            .prop_map(|(coefs, minimize)| Objective { coefs, minimize }),
        1..=3,
    )
}

fn small_with_objectives() -> impl Strategy<Value = (Small, Vec<Objective>)> {
    small().prop_flat_map(|s| {
        let n = s.lows.len();
        (Just(s), objectives(n))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// The lexicographic optimum is the best vector of objective values (each minimised
    /// value negated) over all solutions, and the solution returned reaches it.
    #[test]
    fn lexicographic_objectives_agree_with_brute_force((inst, objs) in small_with_objectives()) {
        let (mut model, x) = inst.build();
        let goals: Vec<Goal> = objs
            .iter()
            .map(|o| {
                let z = model.expr_var(LinExpr::weighted(o.coefs.iter().copied().zip(x.iter().copied()))).unwrap();
                if o.minimize { Goal::Minimize(z) } else { Goal::Maximize(z) }
            })
            .collect();
        model.lexicographic(goals.clone()).unwrap();
        prop_assert_eq!(model.objectives(), goals.clone());
        // The key to maximise: each objective's value, negated when minimised.
        let key = |a: &[Value]| -> Vec<Value> {
            objs.iter()
                .map(|o| {
                    let v: Value = o.coefs.iter().zip(a).map(|(c, v)| c * v).sum();
                    if o.minimize { -v } else { v }
                })
                .collect()
        };
        let best = inst.solutions().iter().map(|a| key(a)).max();
        let mut solver = model.into_solver();
        match (solver.solve_optimal(), best) {
            (Optimum::Optimal(s), Some(best)) => {
                let values: Vec<Value> = x.iter().map(|&v| s[v]).collect();
                prop_assert!(inst.constraints.iter().all(|c| c.holds(&values)));
                prop_assert_eq!(key(&values), best);
                for (g, o) in goals.iter().zip(&objs) {
                    let v: Value = o.coefs.iter().zip(&values).map(|(c, v)| c * v).sum();
                    prop_assert_eq!(s[g.var()], v);
                }
            }
            (Optimum::Unsatisfiable, None) => {}
            (got, want) => prop_assert!(false, "solver {:?}, brute force {:?}", got, want),
        }
        // The solver is back at the root: the model's solutions are all there.
        prop_assert_eq!(solver.count_solutions(u64::MAX).count as usize, inst.solutions().len());
    }

    /// Hints change no answer: the same count, the same satisfiability, the same optimum; a
    /// hint that is a solution is the first solution found.
    #[test]
    fn hints_never_change_an_answer(
        inst in small(),
        hint in proptest::collection::vec(proptest::option::of(-1i32..=3), 3),
        minimize in proptest::collection::vec(-2i32..=2, 3),
    ) {
        let all = inst.solutions();
        let (model, x) = inst.build();
        let hints: Vec<(VarId, Value)> = x
            .iter()
            .zip(&hint)
            .zip(&inst.lows)
            .filter_map(|((&v, &h), &lo)| h.filter(|&h| h >= lo).map(|h| (v, h)))
            .collect();
        let mut solver = model.clone().into_solver();
        solver.set_hints(hints.clone()).unwrap();
        prop_assert_eq!(solver.count_solutions(u64::MAX).count as usize, all.len());
        match solver.solve() {
            Outcome::Solved(s) => {
                let values: Vec<Value> = x.iter().map(|&v| s[v]).collect();
                prop_assert!(all.contains(&values));
                // A complete hint that is a solution comes first.
                let full: Option<Vec<Value>> = (hints.len() == x.len()).then(|| hints.iter().map(|&(_, h)| h).collect());
                if let Some(h) = full.filter(|h| all.contains(h)) {
                    prop_assert_eq!(values, h);
                }
            }
            Outcome::Unsatisfiable => prop_assert!(all.is_empty()),
            other => prop_assert!(false, "{:?}", other),
        }
        // The same optimum with and without hints.
        let optimum = |hinted: bool| {
            let mut m = model.clone();
            let z = m.minimize(LinExpr::weighted(minimize.iter().copied().zip(x.iter().copied()))).unwrap();
            let mut solver = m.into_solver();
            if hinted {
                solver.set_hints(hints.clone()).unwrap();
            }
            solver.solve_optimal().solution().map(|s| s[z])
        };
        prop_assert_eq!(optimum(true), optimum(false));
    }
}

#[test]
fn a_second_lexicographic_objective_or_none_is_an_error() {
    let mut m = Model::new();
    let x = m.new_var(0..=3).unwrap();
    let e = m.lexicographic([]).unwrap_err().to_string();
    assert_eq!(e, "invalid lexicographic constraint: no objective given");
    m.minimize_lex([x]).unwrap();
    let e = m.lexicographic([Goal::Maximize(x)]).unwrap_err();
    assert!(matches!(e, csp::ModelError::SecondObjective { .. }), "{e}");
    m.clear_objective();
    assert!(m.objectives().is_empty());
}

#[test]
fn a_hint_outside_the_domain_or_of_another_model_is_an_error() {
    let mut a = Model::new();
    let x = a.new_var(0..=3).unwrap();
    let mut b = Model::new();
    let y = b.new_var(0..=3).unwrap();
    let mut solver = a.into_solver();
    assert_eq!(solver.set_hints([(x, 7)]).unwrap_err().to_string(), "value 7 is not in the initial domain of x0");
    assert!(matches!(solver.set_hints([(y, 1)]), Err(csp::ModelError::ForeignVar { .. })));
}

#[test]
fn a_solution_is_indexed_by_booleans_and_literals() {
    let mut m = Model::new();
    let b = m.new_bools(3);
    m.add(csp::expr::exactly(1, [b[0], b[1], b[2]])).unwrap();
    m.add(csp::expr::or([!b[0]])).unwrap();
    m.add(csp::expr::or([!b[1]])).unwrap();
    let Outcome::Solved(s) = m.into_solver().solve() else { panic!("b2 alone") };
    assert_eq!((s[b[0]], s[b[1]], s[b[2]]), (false, false, true));
    assert_eq!((s[!b[0]], s[!b[2]]), (true, false));
}

/// One interval of a random instance: start over `0..=2`, a constant size or a size variable
/// over `0..=2`, end over `0..=4`, maybe optional.
#[derive(Clone, Debug)]
struct Iv {
    size: Option<Value>,
    optional: bool,
}

/// A placement of one interval: start, size, end, presence.
type Place = (Value, Value, Value, bool);

const STARTS: std::ops::RangeInclusive<Value> = 0..=2;
const SIZES: std::ops::RangeInclusive<Value> = 0..=2;
const ENDS: std::ops::RangeInclusive<Value> = 0..=4;

fn iv() -> impl Strategy<Value = Iv> {
    (proptest::option::of(0i32..=2), proptest::bool::weighted(0.3)).prop_map(|(size, optional)| Iv { size, optional })
}

/// The model's variables of `spec`, and the interval.
fn make(m: &mut Model, spec: &Iv) -> (IntervalVar, Option<VarId>) {
    let start = m.new_var(STARTS).unwrap();
    let end = m.new_var(ENDS).unwrap();
    let (size, size_var) = match spec.size {
        Some(d) => (IntervalSize::Fixed(d), None),
        None => {
            let v = m.new_var(SIZES).unwrap();
            (IntervalSize::Var(v), Some(v))
        }
    };
    let iv = if spec.optional {
        let p = m.new_bool();
        m.new_optional_interval(start, size, end, p).unwrap()
    } else {
        m.new_interval(start, size, end).unwrap()
    };
    (iv, size_var)
}

/// Every placement of an interval, with the number of ends it stands for (present: the end
/// is `start + size`, if in range; absent: any end).
fn places(spec: &Iv) -> Vec<(Place, u64)> {
    let mut out = Vec::new();
    let sizes: Vec<Value> = spec.size.map_or_else(|| SIZES.collect(), |d| vec![d]);
    for present in [true, false] {
        if !present && !spec.optional {
            continue;
        }
        for s in STARTS {
            for &d in &sizes {
                if present {
                    if ENDS.contains(&(s + d)) {
                        out.push(((s, d, s + d, true), 1));
                    }
                } else {
                    out.push(((s, d, 0, false), ENDS.count() as u64));
                }
            }
        }
    }
    out
}

/// The number of solutions over the intervals' own variables that satisfy `ok`.
fn brute_count(specs: &[Iv], ok: &dyn Fn(&[Place]) -> bool) -> u64 {
    let mut combos: Vec<(Vec<Place>, u64)> = vec![(Vec::new(), 1)];
    for spec in specs {
        let p = places(spec);
        combos = combos
            .into_iter()
            .flat_map(|(c, k)| p.iter().map(move |&(pl, m)| ([c.clone(), vec![pl]].concat(), k * m)))
            .collect();
    }
    combos.iter().filter(|(c, _)| ok(c)).map(|&(_, k)| k).sum()
}

/// Whether `[s, s + d)` and `[t, t + e)` overlap (a size of 0 overlaps nothing).
fn overlap(a: Place, b: Place) -> bool {
    a.1 > 0 && b.1 > 0 && a.0 < b.0 + b.1 && b.0 < a.0 + a.1
}

fn instances(max: usize) -> impl Strategy<Value = Vec<Iv>> {
    proptest::collection::vec(iv(), 2..=max)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn no_overlap_of_intervals_agrees_with_brute_force(specs in instances(3)) {
        let mut m = Model::new();
        let ivs: Vec<IntervalVar> = specs.iter().map(|s| make(&mut m, s).0).collect();
        m.add_no_overlap(&ivs).unwrap();
        let want = brute_count(&specs, &|c| {
            (0..c.len()).all(|i| (i + 1..c.len()).all(|j| !(c[i].3 && c[j].3 && overlap(c[i], c[j]))))
        });
        prop_assert_eq!(m.into_solver().count_solutions(u64::MAX).count, want);
    }

    #[test]
    fn cumulative_of_intervals_agrees_with_brute_force(
        specs in instances(3),
        demands in proptest::collection::vec(0i32..=2, 3),
        capacity in 0i32..=3,
    ) {
        let demands = &demands[..specs.len()];
        let mut m = Model::new();
        let ivs: Vec<IntervalVar> = specs.iter().map(|s| make(&mut m, s).0).collect();
        m.add_cumulative(&ivs, demands, capacity).unwrap();
        let want = brute_count(&specs, &|c| {
            (0..8).all(|t| {
                let load: Value = c.iter().zip(demands).filter(|(p, _)| p.3 && p.0 <= t && t < p.0 + p.1).map(|(_, &d)| d).sum();
                load <= capacity
            })
        });
        prop_assert_eq!(m.into_solver().count_solutions(u64::MAX).count, want);
    }

    #[test]
    fn no_overlap_2d_of_intervals_agrees_with_brute_force(specs in proptest::collection::vec(iv(), 4)) {
        // Two rectangles: x intervals 0 and 1, y intervals 2 and 3.
        let mut m = Model::new();
        let ivs: Vec<IntervalVar> = specs.iter().map(|s| make(&mut m, s).0).collect();
        m.add_no_overlap_2d(&ivs[..2], &ivs[2..]).unwrap();
        let want = brute_count(&specs, &|c| {
            let present = |i: usize| c[i].3 && c[i + 2].3;
            !(present(0) && present(1) && overlap(c[0], c[1]) && overlap(c[2], c[3]))
        });
        prop_assert_eq!(m.into_solver().count_solutions(u64::MAX).count, want);
    }
}

#[test]
fn interval_misuse_is_an_error() {
    let mut m = Model::new();
    let s = m.new_var(0..=5).unwrap();
    let e = m.new_var(0..=9).unwrap();
    let neg = m.new_var(-1..=2).unwrap();
    assert_eq!(
        m.new_interval(s, -2, e).unwrap_err().to_string(),
        "invalid interval constraint: the size -2 is negative"
    );
    assert_eq!(
        m.new_interval(s, neg, e).unwrap_err().to_string(),
        "invalid interval constraint: the size x2 can be negative (down to -1)"
    );
    let a = m.new_fixed_interval(s, 2).unwrap();
    assert_eq!(
        m.add_cumulative(&[a], &[1, 2], 3).unwrap_err().to_string(),
        "invalid cumulative constraint: 1 intervals and 2 demands (one demand per interval)"
    );
    assert_eq!(
        m.add_no_overlap_2d(&[a, a], &[a]).unwrap_err().to_string(),
        "invalid no_overlap_2d constraint: 2 x intervals and 1 y intervals (one of each per rectangle)"
    );
    let mut other = Model::new();
    let t = other.new_var(0..=5).unwrap();
    assert!(matches!(other.new_fixed_interval(s, 1), Err(csp::ModelError::ForeignVar { .. })));
    let b = other.new_fixed_interval(t, 1).unwrap();
    assert!(matches!(m.add_no_overlap(&[a, b]), Err(csp::ModelError::ForeignVar { .. })));
}
