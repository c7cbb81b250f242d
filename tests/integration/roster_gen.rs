//! The rostering benchmark's generator (`benches/roster/gen.py`) writes data that
//! `benches/roster/roster.mzn` reads, and instances as feasible as it says: run on tiny
//! instances (no MiniZinc needed), its `.dzn` assigns every parameter the model declares, the
//! same seed gives the same file, the model built over the csp engine (as MiniZinc flattens it:
//! `regular` over the model's automaton, `count_eq` for the days off and the staff, an element
//! of the preference table per nurse and day, `int_max(0, ideal - staff)`) finds an optimum,
//! and brute force over every roster, checking the rules as stated rather than the automaton,
//! independent of the solver, finds the same.

use std::collections::BTreeMap;

use super::generated::{declared, dzn_items, generated, repo};

use csp::constraints::{ArithOp, Arithmetic, Comparison, CountEq, Element, Linear, Regular};
use csp::solve::Optimum;
use csp::{Model, Value, VarId};

const OFF: Value = 1;
const SHIFTS: Value = 4;

/// The items `name = value;` of a `.dzn` (comments dropped): an integer, or the integers of
/// an array, row by row (`[| .. | .. |]`), or of `array3d(1..a, 1..b, 1..c, [..])` (the six
/// bounds first).
fn parse(dzn: &str) -> BTreeMap<String, Vec<Value>> {
    dzn_items(dzn)
        .into_iter()
        .map(|(name, value)| {
            // array3d(1..a, 1..b, 1..c, [..]): the ranges' bounds, then the list.
            let values = value
                .strip_prefix("array3d(")
                .unwrap_or(&value)
                .split(|c: char| !(c.is_ascii_digit() || c == '-'))
                .filter(|t| !t.is_empty())
                .map(|t| t.parse().unwrap_or_else(|e| panic!("{name}: {t}: {e}")))
                .collect();
            (name, values)
        })
        .collect()
}

/// A tiny instance: its parameters (shifts 1 off, 2 day, 3 evening, 4 night).
struct Instance {
    nurses: usize,
    days: usize,
    max_work: usize,
    off: (Value, Value),
    /// Per day, per working shift (day, evening, night).
    cover: Vec<Vec<Value>>,
    ideal: Vec<Vec<Value>>,
    under_weight: Value,
    /// Per nurse, per day, per shift.
    pref: Vec<Vec<Vec<Value>>>,
}

impl Instance {
    fn from(items: &BTreeMap<String, Vec<Value>>) -> Instance {
        let int = |k: &str| match items.get(k).map(Vec::as_slice) {
            Some(&[v]) => v,
            other => panic!("{k}: {other:?}"),
        };
        let (nurses, days) = (int("nurses") as usize, int("days") as usize);
        let rows = |k: &str, width: usize| -> Vec<Vec<Value>> {
            let v = &items[k];
            assert_eq!(v.len() % width, 0, "{k}");
            v.chunks(width).map(<[Value]>::to_vec).collect()
        };
        let (cover, ideal) = (rows("cover", 3), rows("ideal", 3));
        assert!(cover.len() == days && ideal.len() == days);
        let pref = items["pref"][6..]
            .chunks(days * 4)
            .map(|n| n.chunks(4).map(<[Value]>::to_vec).collect())
            .collect::<Vec<Vec<_>>>();
        assert_eq!(items["pref"][..6], [1, nurses as Value, 1, days as Value, 1, 4], "array3d's ranges");
        assert_eq!(pref.len(), nurses);
        Instance {
            nurses,
            days,
            max_work: int("max_work") as usize,
            off: (int("min_off"), int("max_off")),
            cover,
            ideal,
            under_weight: int("under_weight"),
            pref,
        }
    }

    /// The rules as stated: no night then day or evening, no evening then day, at most
    /// `max_work` working days in a row, days off in range, the minimum cover.
    fn feasible(&self, r: &[Vec<Value>]) -> bool {
        let forbidden = |s: Value, t: Value| (s == 4 && (t == 2 || t == 3)) || (s == 3 && t == 2);
        let nurse_ok = |row: &Vec<Value>| {
            let offs = row.iter().filter(|&&s| s == OFF).count() as Value;
            row.windows(2).all(|w| !forbidden(w[0], w[1]))
                && row.windows(self.max_work + 1).all(|w| w.contains(&OFF))
                && (self.off.0..=self.off.1).contains(&offs)
        };
        r.iter().all(nurse_ok) && (0..self.days).all(|d| (0..3).all(|s| self.staff(r, d, s) >= self.cover[d][s]))
    }

    fn staff(&self, r: &[Vec<Value>], d: usize, s: usize) -> Value {
        r.iter().filter(|row| row[d] == s as Value + 2).count() as Value
    }

    fn cost(&self, r: &[Vec<Value>]) -> Value {
        let prefs: Value = (0..self.nurses)
            .flat_map(|n| (0..self.days).map(move |d| (n, d)))
            .map(|(n, d)| self.pref[n][d][r[n][d] as usize - 1])
            .sum();
        let under: Value = (0..self.days)
            .flat_map(|d| (0..3).map(move |s| (d, s)))
            .map(|(d, s)| (self.ideal[d][s] - self.staff(r, d, s)).max(0))
            .sum();
        prefs + self.under_weight * under
    }

    /// The optimum by brute force over every roster.
    fn brute_force(&self) -> Option<Value> {
        let cells = self.nurses * self.days;
        let mut best = None;
        for code in 0..(SHIFTS as u64).pow(cells as u32) {
            let mut c = code;
            let r: Vec<Vec<Value>> = (0..self.nurses)
                .map(|_| {
                    (0..self.days)
                        .map(|_| {
                            let s = (c % SHIFTS as u64) as Value + 1;
                            c /= SHIFTS as u64;
                            s
                        })
                        .collect()
                })
                .collect();
            if self.feasible(&r) {
                let k = self.cost(&r);
                best = Some(best.map_or(k, |b: Value| b.min(k)));
            }
        }
        best
    }

    /// The automaton of `roster.mzn`: state 0 after a day off, `1 + (s - 2) * max_work + r - 1`
    /// after `r` working days in a row ending with shift `s` (0-based states here).
    fn transitions(&self) -> Vec<(u32, Value, u32)> {
        let k = self.max_work as u32;
        let state = |s: Value, r: u32| 1 + (s as u32 - 2) * k + r - 1;
        let forbidden = |s: Value, t: Value| (s == 4 && (t == 2 || t == 3)) || (s == 3 && t == 2);
        let mut out = vec![(0, OFF, 0), (0, 2, state(2, 1)), (0, 3, state(3, 1)), (0, 4, state(4, 1))];
        for s in 2..=SHIFTS {
            for r in 1..=k {
                out.push((state(s, r), OFF, 0));
                for t in 2..=SHIFTS {
                    if !forbidden(s, t) && r < k {
                        out.push((state(s, r), t, state(t, r + 1)));
                    }
                }
            }
        }
        out
    }

    /// The model over the csp engine, its roster and its cost variable.
    fn model(&self) -> (Model, Vec<Vec<VarId>>, VarId) {
        let mut m = Model::new();
        let r: Vec<Vec<VarId>> = (0..self.nurses).map(|_| m.new_vars(self.days, 1..=SHIFTS).unwrap()).collect();
        let states = 1 + 3 * self.max_work as u32;
        let off = m.new_var(OFF..=OFF).unwrap();
        for row in &r {
            m.post(Regular::new(row.clone(), self.transitions(), 0, 0..states)).unwrap();
            let offs = m.new_var(self.off.0..=self.off.1).unwrap();
            m.post(CountEq::new(row.clone(), off, offs)).unwrap();
        }
        let zero = m.new_var(0..=0).unwrap();
        let n = self.nurses as Value;
        let mut terms = Vec::new();
        for d in 0..self.days {
            for s in 0..3 {
                let shift = m.new_var(s as Value + 2..=s as Value + 2).unwrap();
                let staff = m.new_var(0..=n).unwrap();
                m.post(CountEq::new(r.iter().map(|row| row[d]).collect::<Vec<_>>(), shift, staff)).unwrap();
                m.post(Linear::new([(1, staff)], Comparison::GreaterOrEqual, self.cover[d][s])).unwrap();
                let gap = m.new_var(self.ideal[d][s] - n..=self.ideal[d][s]).unwrap();
                m.post(Linear::new([(1, gap), (1, staff)], Comparison::Equal, self.ideal[d][s])).unwrap();
                let under = m.new_var(0..=n).unwrap();
                m.post(Arithmetic::new(ArithOp::Max, zero, gap, under)).unwrap();
                terms.push((self.under_weight, under));
            }
        }
        for (row, prefs) in r.iter().zip(&self.pref) {
            for (&x, p) in row.iter().zip(prefs) {
                let top = *p.iter().max().unwrap();
                let y = m.new_var(0..=top).unwrap();
                // Element indexes from 0: position 0 (no shift) is out of the roster's domain.
                m.post(Element::constants(x, [vec![0], p.clone()].concat(), y)).unwrap();
                terms.push((1, y));
            }
        }
        let cost = m.new_var(0..=10_000).unwrap();
        terms.push((-1, cost));
        m.post(Linear::new(terms, Comparison::Equal, 0)).unwrap();
        (m, r, cost)
    }
}

#[test]
fn generated_rosters_parse_and_solve_to_the_brute_force_optimum() {
    let model = repo("benches/roster/roster.mzn");
    let params = declared(&model);
    assert_eq!(params.len(), 9, "{params:?}");
    for args in [["2", "2", "3"], ["8", "3", "2"]] {
        let items = generated("benches/roster/gen.py", &args, &params, parse);
        let inst = Instance::from(&items);
        let expected = inst.brute_force().expect("feasible by construction");
        let (m, r, cost) = inst.model();
        let mut solver = m.into_solver();
        solver.set_learning(true);
        let Optimum::Optimal(s) = solver.minimize(cost) else { panic!("gen.py {args:?}: no optimum") };
        let roster: Vec<Vec<Value>> = r.iter().map(|row| row.iter().map(|&x| s[x]).collect()).collect();
        assert!(inst.feasible(&roster), "gen.py {args:?}: {roster:?}");
        assert_eq!(s[cost], inst.cost(&roster), "gen.py {args:?}");
        assert_eq!(s[cost], expected, "gen.py {args:?}");
    }
}
