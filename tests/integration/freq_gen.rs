//! The frequency benchmark's generator (`benches/freq/gen.py`) writes data that
//! `benches/freq/freq.mzn` reads, and instances as feasible as it says: run on a tiny instance
//! of each objective (no MiniZinc needed), its `.dzn` assigns every parameter the model
//! declares, the model built over the csp engine (as MiniZinc flattens it: a difference
//! defined by a linear equality, its absolute value, nvalue or the largest frequency) finds an
//! optimum, and brute force over the duplex pairs, independent of the solver, finds the same.

use std::collections::{BTreeMap, BTreeSet};

use super::generated::{declared, dzn_items, generated, repo};

use csp::constraints::{Arithmetic, Comparison, Linear, NValue};
use csp::solve::Optimum;
use csp::{Model, Value, VarId};

/// A `.dzn` value: an integer, an array of integers or an array of sets of integers.
#[derive(Debug)]
enum Data {
    Int(Value),
    Ints(Vec<Value>),
    Sets(Vec<Vec<Value>>),
}

fn ints(s: &str) -> Vec<Value> {
    s.split(',').map(str::trim).filter(|t| !t.is_empty()).map(|t| t.parse().expect("an integer")).collect()
}

/// The items `name = value;` of a `.dzn` (comments dropped).
fn parse(dzn: &str) -> BTreeMap<String, Data> {
    dzn_items(dzn)
        .into_iter()
        .map(|(name, value)| {
            let data = match value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
                Some(inner) if inner.contains('{') => {
                    Data::Sets(inner.split('}').filter_map(|s| s.split_once('{')).map(|(_, set)| ints(set)).collect())
                }
                Some(inner) => Data::Ints(ints(inner)),
                None => Data::Int(value.parse().unwrap_or_else(|e| panic!("{name}: {e}"))),
            };
            (name, data)
        })
        .collect()
}

/// A tiny instance: its parameters.
struct Instance {
    freqs: Vec<Vec<Value>>,
    equal: Vec<(usize, usize, Value)>,
    far: Vec<(usize, usize, Value)>,
    objective: Value,
}

impl Instance {
    fn from(items: &BTreeMap<String, Data>) -> Instance {
        let int = |k: &str| match items.get(k) {
            Some(Data::Int(v)) => *v,
            other => panic!("{k}: {other:?}"),
        };
        let array = |k: &str| match items.get(k) {
            Some(Data::Ints(v)) => v.clone(),
            other => panic!("{k}: {other:?}"),
        };
        let Some(Data::Sets(sets)) = items.get("freqs") else { panic!("freqs") };
        let dom = array("dom");
        assert_eq!(dom.len(), int("n") as usize);
        assert_eq!(sets.len(), int("domains") as usize);
        let freqs = dom.iter().map(|&d| sets[d as usize - 1].clone()).collect();
        let triples = |a: &str, b: &str, d: &str, count: &str| {
            let (a, b, d) = (array(a), array(b), array(d));
            assert!(a.len() == int(count) as usize && b.len() == a.len() && d.len() == a.len());
            (0..a.len()).map(|k| (a[k] as usize - 1, b[k] as usize - 1, d[k])).collect::<Vec<_>>()
        };
        Instance {
            freqs,
            equal: triples("eq_a", "eq_b", "eq_d", "equal"),
            far: triples("far_a", "far_b", "far_d", "far"),
            objective: int("objective"),
        }
    }

    fn cost(&self, f: &[Value]) -> Value {
        if self.objective == 0 {
            f.iter().collect::<BTreeSet<_>>().len() as Value
        } else {
            *f.iter().max().expect("links")
        }
    }

    /// The optimum by brute force: each duplex pair's first frequency and the sign of the
    /// distance to the second, every interference distance checked.
    fn brute_force(&self) -> Option<Value> {
        let mut f = vec![0; self.freqs.len()];
        let mut best = None;
        self.extend(0, &mut f, &mut best);
        best
    }

    fn extend(&self, k: usize, f: &mut Vec<Value>, best: &mut Option<Value>) {
        let Some(&(a, b, d)) = self.equal.get(k) else {
            if self.far.iter().all(|&(i, j, d)| (f[i] - f[j]).abs() > d) {
                let c = self.cost(f);
                *best = Some(best.map_or(c, |b: Value| b.min(c)));
            }
            return;
        };
        for &u in &self.freqs[a] {
            for w in [u - d, u + d] {
                if self.freqs[b].contains(&w) {
                    (f[a], f[b]) = (u, w);
                    self.extend(k + 1, f, best);
                }
            }
        }
    }

    /// The model over the csp engine, and its cost variable.
    fn model(&self) -> (Model, Vec<VarId>, VarId) {
        let mut m = Model::new();
        let f: Vec<VarId> = self.freqs.iter().map(|d| m.new_var(d.clone()).unwrap()).collect();
        let span = self.freqs.iter().flatten().max().unwrap() - self.freqs.iter().flatten().min().unwrap();
        let distance = |m: &mut Model, a: usize, b: usize| {
            let d = m.new_var(-span..=span).unwrap();
            let z = m.new_var(0..=span).unwrap();
            m.post(Linear::new([(1, f[a]), (-1, f[b]), (-1, d)], Comparison::Equal, 0)).unwrap();
            m.post(Arithmetic::abs(d, z)).unwrap();
            z
        };
        for &(a, b, d) in &self.equal {
            let z = distance(&mut m, a, b);
            m.post(Linear::new([(1, z)], Comparison::Equal, d)).unwrap();
        }
        for &(a, b, d) in &self.far {
            let z = distance(&mut m, a, b);
            m.post(Linear::new([(1, z)], Comparison::GreaterOrEqual, d + 1)).unwrap();
        }
        let cost = if self.objective == 0 {
            let c = m.new_var(1..=f.len() as Value).unwrap();
            m.post(NValue::new(c, f.clone())).unwrap();
            c
        } else {
            let top = *self.freqs.iter().flatten().max().unwrap();
            let c = m.new_var(0..=top).unwrap();
            for &x in &f {
                m.post(Linear::new([(1, x), (-1, c)], Comparison::LessOrEqual, 0)).unwrap();
            }
            c
        };
        (m, f, cost)
    }
}

#[test]
fn generated_instances_parse_and_solve_to_the_brute_force_optimum() {
    let model = repo("benches/freq/freq.mzn");
    let params = declared(&model);
    assert!(params.len() >= 12, "{params:?}");
    for args in [["1", "3", "6", "0"], ["2", "3", "6", "1"]] {
        let items = generated("benches/freq/gen.py", &args, &params, parse);
        let inst = Instance::from(&items);
        let expected = inst.brute_force().expect("feasible by construction");
        let (m, f, cost) = inst.model();
        let mut solver = m.into_solver();
        solver.set_learning(true);
        let Optimum::Optimal(s) = solver.minimize(cost) else { panic!("gen.py {args:?}: no optimum") };
        let values: Vec<Value> = f.iter().map(|&x| s[x]).collect();
        assert_eq!(s[cost], inst.cost(&values), "gen.py {args:?}");
        assert_eq!(s[cost], expected, "gen.py {args:?}");
    }
}
