//! `Inverse`: two arrays of variables that are inverse permutations of each other.

use super::hall_set::deficient_set;
use super::matching::Matching;
use crate::constraint::{Constraint, Priority, Rule};
use crate::context::Context;
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};

/// `f[i] = j` iff `g[j] = i` (MiniZinc's `inverse(f, g)`): `f` and `g` are permutations, each
/// the inverse of the other, the usual channelling between two viewpoints (who sits in seat
/// `j` / where does person `i` sit).
///
/// Positions are numbered from 0, or from the bases given to [`Inverse::with_bases`]
/// (MiniZinc's arrays start at 1): `f`'s values name positions of `g` and the reverse.
///
/// # Propagation
///
/// Domain consistency of the channelling (`j` stays in `D(f[i])` iff `i` is in `D(g[j])`, and
/// the reverse; [`Rule::NoSupport`]) to a fixed point, plus Régin's matching on each side
/// (each array is all different; [`Rule::HallSet`]). Arrays of different lengths fail.
///
/// # Explanation
///
/// On request ([`Constraint::explain`]), from the domains before the change: `j` leaving
/// `f[i]` for want of its partner by `g[j] != i` (and the reverse); a removal by the matching
/// by a Hall set of the same side (its members have no value outside the set's values); a
/// failure by a Hall set with too few values.
///
/// # Complexity
///
/// `O(Σ |D|)` look-ups per channelling pass; the matchings as for
/// [`AllDifferent`](crate::constraints::AllDifferent).
///
/// # Bibliography
///
/// * B. M. W. Cheng, K. M. F. Choi, J. H. M. Lee and J. C. K. Wu, "Increasing constraint
///   propagation by redundant modeling: an experience report", Constraints 4(2), 1999.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::Inverse;
///
/// let mut model = Model::new();
/// let f = model.new_vars(3, 0..=2)?;
/// let g = model.new_vars(3, 0..=2)?;
/// model.post(Inverse::new(f.clone(), g.clone()))?;
/// let mut solver = model.into_solver();
/// solver.assign(f[0], 2)?;
/// solver.propagate()?;
/// assert_eq!(solver.value(g[2]), Some(0));
/// assert_eq!(solver.domain(g[0]).to_vec(), vec![1, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Inverse {
    /// `f` then `g`.
    scope: Vec<VarId>,
    n: usize,
    f_base: Value,
    g_base: Value,
    matching: Matching,
    /// Scratch: keep flags in domain order.
    keep: Vec<bool>,
}

impl Inverse {
    /// `f[i] = j` iff `g[j] = i`, positions from 0.
    pub fn new(f: impl Into<Vec<VarId>>, g: impl Into<Vec<VarId>>) -> Inverse {
        let (mut f, g) = (f.into(), g.into());
        let n = f.len();
        f.extend(g);
        Inverse { scope: f, n, f_base: 0, g_base: 0, matching: Matching::default(), keep: Vec::new() }
    }

    /// Numbers `f`'s positions from `f_base` (the values of `g`) and `g`'s from `g_base` (the
    /// values of `f`).
    pub fn with_bases(mut self, f_base: Value, g_base: Value) -> Inverse {
        self.f_base = f_base;
        self.g_base = g_base;
        self
    }

    /// Keeps in side `a` (positions from `a_start`, `len` of them) the values whose partner on
    /// the other side still points back. Returns whether something changed.
    fn channel(&mut self, ctx: &mut Context<'_>, from_f: bool) -> Result<bool, Conflict> {
        let n = self.n;
        let m = self.scope.len() - n;
        let (own, other, own_base, other_base, other_len) =
            if from_f { (0..n, n, self.f_base, self.g_base, m) } else { (n..n + m, 0, self.g_base, self.f_base, n) };
        let mut changed = false;
        for (k, p) in own.clone().enumerate() {
            let x = self.scope[p];
            let me = i64::from(own_base) + k as i64;
            self.keep.clear();
            for v in ctx.domain(x).iter() {
                let j = i64::from(v) - i64::from(other_base);
                let ok = (0..other_len as i64).contains(&j)
                    && Value::try_from(me).is_ok_and(|me| ctx.contains(self.scope[other + j as usize], me));
                self.keep.push(ok);
            }
            if self.keep.iter().any(|&k| !k) {
                let mut it = self.keep.iter();
                changed |= ctx.retain(x, |_| *it.next().unwrap_or(&true), Rule::NoSupport)?;
            }
        }
        Ok(changed)
    }

    fn run(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let n = self.n;
        if self.scope.len() != 2 * n {
            return Err(ctx.fail(Rule::Other));
        }
        loop {
            let a = self.channel(ctx, true)?;
            let b = self.channel(ctx, false)?;
            if !a && !b {
                break;
            }
        }
        let (f, g) = self.scope.split_at(n);
        self.matching.propagate(ctx, f, &[])?;
        self.matching.propagate(ctx, g, &[])?;
        loop {
            let a = self.channel(ctx, true)?;
            let b = self.channel(ctx, false)?;
            if !a && !b {
                return Ok(());
            }
        }
    }
}

impl Inverse {
    /// Side `from_f`'s positions `(start, len, own base, other start, other len, other base)`.
    fn side(&self, from_f: bool) -> (usize, usize, Value, usize, usize, Value) {
        let (n, m) = (self.n, self.scope.len() - self.n);
        if from_f {
            (0, n, self.f_base, n, m, self.g_base)
        } else {
            (n, m, self.g_base, 0, n, self.f_base)
        }
    }

    /// The values (as positions of the other side) each variable of a side could take before
    /// the change.
    fn side_graph(&self, why: &Antecedents<'_>, from_f: bool) -> Option<Vec<Vec<u32>>> {
        let (start, len, _, _, other_len, other_base) = self.side(from_f);
        let mut adj = Vec::with_capacity(len);
        for k in 0..len {
            let x = self.scope[start + k];
            let mut a = Vec::new();
            for v in why.values(x)? {
                let j = i64::from(v) - i64::from(other_base);
                if (0..other_len as i64).contains(&j) {
                    a.push(j as u32);
                }
            }
            adj.push(a);
        }
        Some(adj)
    }

    /// Names the members of a Hall set of side `from_f` as without values outside `values`
    /// (and `extra`).
    fn name_hall(
        &self,
        why: &mut Antecedents<'_>,
        from_f: bool,
        vars: &[usize],
        values: &[bool],
        extra: Option<u32>,
    ) -> bool {
        let (start, _, _, _, other_len, other_base) = self.side(from_f);
        for &k in vars {
            let x = self.scope[start + k];
            let Some(initial) = why.initial_values(x) else { return false };
            let outside: Vec<Value> = initial
                .filter(|&v| {
                    let j = i64::from(v) - i64::from(other_base);
                    !(0..other_len as i64).contains(&j) || (!values[j as usize] && Some(j as u32) != extra)
                })
                .collect();
            why.not_equal_all(x, outside);
        }
        true
    }
}

impl Constraint for Inverse {
    fn kind(&self) -> &'static str {
        "inverse"
    }

    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn priority(&self) -> Priority {
        Priority::Slow
    }

    fn on_post(&mut self, model: &crate::model::Model) -> Result<(), crate::error::ModelError> {
        let m = self.scope.len() - self.n;
        if m != self.n {
            return Err(crate::error::ModelError::InvalidConstraint {
                kind: "inverse",
                message: format!("f has {} positions and g {m} (one of g's for each of f's)", self.n),
            });
        }
        super::refuse_intervals(model, &self.scope, "inverse")
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        if ctx.is_explaining() {
            ctx.set_premises(&self.scope);
        }
        let r = self.run(ctx);
        if ctx.is_explaining() {
            ctx.clear_premises();
        }
        r
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        if super::has_repeated_var(&self.scope) || self.scope.len() != 2 * self.n {
            return false;
        }
        let x = match why.change() {
            Change::Failure => {
                for from_f in [true, false] {
                    let Some(adj) = self.side_graph(why, from_f) else { return false };
                    if let Some(d) = deficient_set(&adj, self.side(from_f).4, None, None) {
                        return self.name_hall(why, from_f, &d.vars, &d.values, None);
                    }
                }
                return false;
            }
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => x,
        };
        let Some(p) = self.scope.iter().position(|&y| y == x) else { return false };
        let from_f = p < self.n;
        let (start, _, own_base, other, other_len, other_base) = self.side(from_f);
        let k = p - start;
        let Ok(me) = Value::try_from(i64::from(own_base) + k as i64) else { return false };
        let removed: Vec<Value> = why.removed().collect();
        if removed.is_empty() {
            return false;
        }
        let mut adj: Option<Vec<Vec<u32>>> = None;
        let mut covered = vec![false; other_len];
        for v in removed {
            let j = i64::from(v) - i64::from(other_base);
            if !(0..other_len as i64).contains(&j) {
                continue;
            }
            let j = j as usize;
            let partner = self.scope[other + j];
            if !why.contains(partner, me) {
                why.not_equal(partner, me);
                continue;
            }
            if covered[j] {
                continue;
            }
            if adj.is_none() {
                adj = self.side_graph(why, from_f);
            }
            let Some(g) = adj.as_ref() else { return false };
            let Some(d) = deficient_set(g, other_len, Some(k), Some(j as u32)) else { return false };
            if !self.name_hall(why, from_f, &d.vars, &d.values, Some(j as u32)) {
                return false;
            }
            for (c, v) in covered.iter_mut().zip(&d.values) {
                *c |= *v;
            }
        }
        true
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let n = self.n;
        let (f, g) = values.split_at(n);
        if f.len() != g.len() {
            return false;
        }
        let at = |arr: &[Value], base: Value, v: Value| -> Option<Value> {
            let j = i64::from(v) - i64::from(base);
            usize::try_from(j).ok().and_then(|j| arr.get(j).copied())
        };
        (0..n).all(|i| at(g, self.g_base, f[i]) == Some(self.f_base + i as Value))
            && (0..g.len()).all(|j| at(f, self.f_base, g[j]) == Some(self.g_base + j as Value))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::testing::{brute_force, model_with, projections, propagated, small_domain, solve_all};

    proptest! {
        #[test]
        fn solutions_equal_the_decomposition(
            domains in (1usize..=3).prop_flat_map(|n| proptest::collection::vec(small_domain(0, 4), 2 * n)),
            f_base in 0i32..=1,
            g_base in 0i32..=1,
        ) {
            let n = domains.len() / 2;
            let expected = brute_force(&domains, |vs| {
                let (f, g) = vs.split_at(n);
                (0..n).all(|i| {
                    let j = f[i] - g_base;
                    (0..n as i32).contains(&j) && g[j as usize] == i as i32 + f_base
                }) && (0..n).all(|j| {
                    let i = g[j] - f_base;
                    (0..n as i32).contains(&i) && f[i as usize] == j as i32 + g_base
                })
            });
            let build = || {
                let (mut model, v) = model_with(&domains);
                model.post(Inverse::new(v[..n].to_vec(), v[n..].to_vec()).with_bases(f_base, g_base)).unwrap();
                (model, v)
            };
            let (model, v) = build();
            prop_assert_eq!(solve_all(model, &v), expected.clone());
            let (model, v) = build();
            match propagated(model, &v) {
                None => prop_assert!(expected.is_empty()),
                Some(d) => {
                    for (p, keep) in projections(&expected, v.len()).iter().enumerate() {
                        prop_assert!(keep.iter().all(|x| d[p].contains(x)));
                    }
                }
            }
        }
    }
}
