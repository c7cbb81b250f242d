//! The FlatZinc built-ins on the engine's constraints (`crate::builtins::post` is internal).
//!
//! | FlatZinc | engine |
//! |---|---|
//! | `int_eq`, `int_ne`, `bool_eq`, `bool2int` | [`Equal`], [`NotEqual`] |
//! | `int_le`, `int_lt`, `int_lin_*`, `int_plus`, `bool_lin_*`, `bool_le`, `bool_lt`, `bool_not` | [`Linear`] |
//! | `*_reif` of comparisons and linear constraints | [`ReifiedLinear`] |
//! | `int_times`, `int_div`, `int_mod`, `int_pow`, `int_min`, `int_max`, `int_abs` | [`Arithmetic`] |
//! | `bool_clause`, `bool_and`, `bool_or`, `array_bool_and`, `array_bool_or`, `bool_*_imp` | [`Clause`] |
//! | `bool_xor`, `bool_eq_reif`, `bool_le_reif`, ... | [`Table`] |
//! | `array_*_element` | [`Element`] |
//! | `set_in`, `set_in_reif` (constant sets) | a domain restriction, [`MemberReif`] |
//! | `all_different_int` (mznlib `fzn_all_different_int`; Pumpkin's `pumpkin_all_different`) | [`AllDifferent`] |
//! | `csp_table_int` (mznlib `fzn_table_int`) | [`Table`] |
//! | `array_int_maximum`, `array_int_minimum` | chains of [`Arithmetic`] |
//! | `array_bool_xor` | [`Predicate`] |
//! | `csp_circuit`, `csp_subcircuit` (mznlib `fzn_circuit`, `fzn_subcircuit`) | [`Circuit`] |
//! | `csp_regular` (mznlib `fzn_regular`) | [`Regular`] |
//! | `csp_count_eq`, `csp_among` (mznlib `fzn_count_eq`, `fzn_among`) | [`CountEq`], [`Among`] |
//! | `csp_global_cardinality*` (mznlib `fzn_global_cardinality*`) | [`GlobalCardinality`] |
//! | `csp_nvalue`, `csp_alldifferent_except*` | [`NValue`], [`AllDifferentExcept`] |
//! | `csp_lex_less*`, `csp_increasing_*`, `csp_strictly_increasing_*` | [`LexLess`], [`Increasing`] |
//! | `csp_value_precede_int`, `csp_value_precede_chain_int`, `csp_inverse` | [`ValuePrecede`], [`Inverse`] |
//! | `csp_cumulative`, `csp_cumulative_opt` (mznlib `fzn_cumulative`, `fzn_cumulative_opt`) | [`Cumulative`] |
//! | `csp_disjunctive`, `csp_disjunctive_strict` (mznlib `fzn_disjunctive*`) | [`Disjunctive`] |
//! | `csp_bin_packing_load` (mznlib `fzn_bin_packing*`) | [`BinPacking`] |
//! | `csp_diffn`, `csp_diffn_nonstrict` (mznlib `fzn_diffn*`) | [`Diffn`] |

use csp::constraints::{
    AllDifferent, ArithOp, Arithmetic, Clause, Comparison, Element, ElementConsistency, Equal, Linear, MemberReif,
    NotEqual, Predicate, ReifiedLinear, Strength, Table,
};
use csp::constraints::{
    AllDifferentExcept, Among, Circuit, CountEq, GlobalCardinality, Increasing, Inverse, LexLess, NValue, Regular,
    ValuePrecede,
};
use csp::constraints::{BinPacking, Cumulative, Diffn, Disjunctive};
use csp::VarId;

use crate::ast::{ConstraintItem, Expr, IntSet};
use crate::error::{Error, Pos};
use crate::translate::{invalid, Translator, Val};

type R = Result<(), Error>;

/// An integer constant argument.
fn int_of(t: &Translator, pos: Pos, e: &crate::ast::Expr) -> Result<i64, Error> {
    match t.value(pos, e)? {
        crate::translate::Val::Int(c) => Ok(c),
        _ => invalid(pos, "expected an integer constant"),
    }
}

/// The values of a constant set, for the globals that take one (at most 2^20 of them).
fn set_values(pos: Pos, s: &crate::ast::IntSet) -> Result<Vec<i32>, Error> {
    let values: Vec<i64> = match s {
        crate::ast::IntSet::Range(lo, hi) if hi - lo >= 1 << 20 => {
            return invalid(pos, format!("the set {lo}..{hi} has too many values"))
        }
        crate::ast::IntSet::Range(lo, hi) => (*lo..=*hi).collect(),
        crate::ast::IntSet::Values(v) => v.clone(),
    };
    values.into_iter().map(|v| coeff(pos, v)).collect()
}

fn coeff(pos: Pos, c: i64) -> Result<i32, Error> {
    i32::try_from(c).or_else(|_| invalid(pos, format!("coefficient {c} is beyond the 32-bit range")))
}

impl Translator {
    fn post_c(&mut self, pos: Pos, c: impl csp::constraint::Constraint + 'static) -> R {
        self.model.post(c).map_err(Self::model_err(pos))?;
        Ok(())
    }

    /// `Σ a_i x_i ⋈ c`, reified by `r` when given.
    fn linear(&mut self, pos: Pos, terms: Vec<(i64, VarId)>, cmp: Comparison, rhs: i64, r: Option<VarId>) -> R {
        let terms: Vec<(i32, VarId)> =
            terms.into_iter().map(|(a, x)| Ok((coeff(pos, a)?, x))).collect::<Result<_, Error>>()?;
        let rhs = coeff(pos, rhs)?;
        match r {
            None => self.post_c(pos, Linear::new(terms, cmp, rhs)),
            Some(r) => self.post_c(pos, ReifiedLinear::new(terms, cmp, rhs, r)),
        }
    }

    /// `vars` take one of `rows`; rows with a value outside its variable's initial domain are
    /// dropped first (they can never match, and the engine refuses them).
    fn table(&mut self, pos: Pos, vars: Vec<VarId>, rows: Vec<Vec<i32>>) -> R {
        let rows: Vec<Vec<i32>> = rows
            .into_iter()
            .filter(|r| r.iter().zip(&vars).all(|(&v, &x)| self.model.initial_domain(x).contains(v)))
            .collect();
        // Compact-table with its state saved by the solver (incremental across calls).
        let table = Table::allowed(vars, rows).with_state(&mut self.model);
        self.post_c(pos, table)
    }

    /// A relation over 0/1 variables given by its truth function, as a table.
    fn bool_table(&mut self, pos: Pos, vars: Vec<VarId>, f: impl Fn(&[i32]) -> bool) -> R {
        let n = vars.len();
        let tuples: Vec<Vec<i32>> = (0..1u32 << n)
            .map(|m| (0..n).map(|i| ((m >> i) & 1) as i32).collect::<Vec<_>>())
            .filter(|t| f(t))
            .collect();
        self.table(pos, vars, tuples)
    }

    /// `a <-> ∧ xs`.
    fn and_reif(&mut self, pos: Pos, xs: &[VarId], r: VarId) -> R {
        for &x in xs {
            self.post_c(pos, Clause::new([x], [r]))?;
        }
        self.post_c(pos, Clause::new([r], xs.iter().copied()))
    }

    /// `r <-> ∨ xs`.
    fn or_reif(&mut self, pos: Pos, xs: &[VarId], r: VarId) -> R {
        for &x in xs {
            self.post_c(pos, Clause::new([r], [x]))?;
        }
        self.post_c(pos, Clause::new(xs.iter().copied(), [r]))
    }

    /// `z = op(xs)` for `max`/`min` over an array, by a chain of binary operations.
    fn fold(&mut self, pos: Pos, op: ArithOp, xs: &[VarId], z: VarId) -> R {
        let Some((&first, rest)) = xs.split_first() else { return invalid(pos, "an empty array") };
        let lo = xs.iter().map(|&x| self.model.initial_domain(x).min().unwrap_or(0)).min().unwrap_or(0);
        let hi = xs.iter().map(|&x| self.model.initial_domain(x).max().unwrap_or(0)).max().unwrap_or(0);
        let mut acc = first;
        for (k, &x) in rest.iter().enumerate() {
            let next =
                if k + 1 == rest.len() { z } else { self.model.new_var(lo..=hi).map_err(Self::model_err(pos))? };
            self.post_c(pos, Arithmetic::new(op, acc, x, next))?;
            acc = next;
        }
        if rest.is_empty() {
            self.post_c(pos, Equal::new(first, z))?;
        }
        Ok(())
    }

    /// Posts `array` (built with a dummy entry 0, since FlatZinc indices start at 1) and keeps
    /// `i` off the dummy.
    fn element(&mut self, pos: Pos, i: VarId, array: Element) -> R {
        self.linear(pos, vec![(1, i)], Comparison::GreaterOrEqual, 1, None)?;
        self.post_c(pos, array)
    }
}

/// Posts the constraint item `c`.
pub(crate) fn post(t: &mut Translator, c: &ConstraintItem) -> R {
    let pos = c.pos;
    let a = &c.args;
    let name = c.name.as_str();
    let arity = |n: usize| -> R {
        if a.len() == n {
            Ok(())
        } else {
            invalid(pos, format!("'{name}' takes {n} arguments, not {}", a.len()))
        }
    };
    use Comparison::{Equal as Eq, LessOrEqual as Le, NotEqual as Ne};
    match name {
        // ---- integer comparisons, plain and reified ----
        "int_eq" | "bool_eq" | "bool2int" => {
            arity(2)?;
            let (x, y) = (t.var(pos, &a[0])?, t.var(pos, &a[1])?);
            if x != y {
                t.post_c(pos, Equal::new(x, y))?;
            }
            Ok(())
        }
        "int_ne" | "bool_ne" if a.len() == 2 => {
            let (x, y) = (t.var(pos, &a[0])?, t.var(pos, &a[1])?);
            t.post_c(pos, NotEqual::new(x, y))
        }
        "int_le" | "int_lt" | "bool_le" | "bool_lt" | "int_eq_reif" | "int_ne_reif" | "int_le_reif" | "int_lt_reif"
        | "bool_eq_reif" | "bool_ne_reif" | "bool_le_reif" | "bool_lt_reif" => {
            let reif = name.ends_with("_reif");
            arity(if reif { 3 } else { 2 })?;
            let (x, y) = (t.var(pos, &a[0])?, t.var(pos, &a[1])?);
            let r = if reif { Some(t.var(pos, &a[2])?) } else { None };
            let op = name.trim_end_matches("_reif").rsplit('_').next().unwrap_or("");
            let (cmp, rhs) = match op {
                "eq" => (Eq, 0),
                "ne" => (Ne, 0),
                "le" => (Le, 0),
                _ => (Le, -1),
            };
            t.linear(pos, vec![(1, x), (-1, y)], cmp, rhs, r)
        }
        "int_lin_eq" | "int_lin_ne" | "int_lin_le" | "int_lin_eq_reif" | "int_lin_ne_reif" | "int_lin_le_reif"
        | "bool_lin_eq" | "bool_lin_le" => {
            let reif = name.ends_with("_reif");
            arity(if reif { 4 } else { 3 })?;
            let coeffs = t.int_array(pos, &a[0])?;
            let xs = t.var_array(pos, &a[1])?;
            if coeffs.len() != xs.len() {
                return invalid(pos, format!("{} coefficients for {} variables", coeffs.len(), xs.len()));
            }
            let mut terms: Vec<(i64, VarId)> = coeffs.into_iter().zip(xs).collect();
            // bool_lin_* may take a variable right-hand side: it moves to the left.
            let rhs = match t.value(pos, &a[2])? {
                crate::translate::Val::Int(c) => c,
                _ if name.starts_with("bool_lin") => {
                    terms.push((-1, t.var(pos, &a[2])?));
                    0
                }
                _ => return invalid(pos, "expected a constant right-hand side"),
            };
            terms.retain(|&(c, _)| c != 0);
            let r = if reif { Some(t.var(pos, &a[3])?) } else { None };
            let cmp = match name.split('_').nth(2) {
                Some("eq") => Eq,
                Some("ne") => Ne,
                _ => Le,
            };
            // a*x - a*y = c, that is x = y + c/a (MiniZinc's views such as `q[i] + i`): domain
            // consistency with `Equal`, where `Linear` would only reason on bounds.
            if let ([(ax, x), (ay, y)], Eq, None, false) = (terms.as_slice(), cmp, r, t.for_proof) {
                if *ax == -*ay && rhs % ax == 0 && x != y {
                    if let Ok(offset) = i32::try_from(rhs / ax) {
                        return t.post_c(pos, Equal::with_offset(*x, *y, offset));
                    }
                }
            }
            t.linear(pos, terms, cmp, rhs, r)
        }
        "int_plus" | "int_minus" => {
            arity(3)?;
            let (x, y, z) = (t.var(pos, &a[0])?, t.var(pos, &a[1])?, t.var(pos, &a[2])?);
            let s = if name == "int_plus" { 1 } else { -1 };
            t.linear(pos, vec![(1, x), (s, y), (-1, z)], Eq, 0, None)
        }
        "int_negate" => {
            arity(2)?;
            let (x, y) = (t.var(pos, &a[0])?, t.var(pos, &a[1])?);
            t.linear(pos, vec![(1, x), (1, y)], Eq, 0, None)
        }
        "int_times" | "int_div" | "int_mod" | "int_pow" | "int_min" | "int_max" => {
            arity(3)?;
            let op = match name {
                "int_times" => ArithOp::Times,
                "int_div" => ArithOp::Div,
                "int_mod" => ArithOp::Mod,
                "int_pow" => ArithOp::Pow,
                "int_min" => ArithOp::Min,
                _ => ArithOp::Max,
            };
            let (x, y, z) = (t.var(pos, &a[0])?, t.var(pos, &a[1])?, t.var(pos, &a[2])?);
            t.post_c(pos, Arithmetic::new(op, x, y, z))
        }
        "int_abs" => {
            arity(2)?;
            let (x, z) = (t.var(pos, &a[0])?, t.var(pos, &a[1])?);
            t.post_c(pos, Arithmetic::abs(x, z))
        }
        "array_int_maximum" | "array_int_minimum" => {
            arity(2)?;
            let z = t.var(pos, &a[0])?;
            let xs = t.var_array(pos, &a[1])?;
            let op = if name == "array_int_maximum" { ArithOp::Max } else { ArithOp::Min };
            t.fold(pos, op, &xs, z)
        }
        // ---- element ----
        "array_int_element" | "array_bool_element" => {
            arity(3)?;
            let i = t.var(pos, &a[0])?;
            let mut vals = t.int_array(pos, &a[1])?;
            let r = t.var(pos, &a[2])?;
            let Some(&first) = vals.first() else { return invalid(pos, "element of an empty array") };
            vals.insert(0, first);
            let vals: Vec<i32> = vals.into_iter().map(|v| coeff(pos, v)).collect::<Result<_, _>>()?;
            t.element(pos, i, Element::constants(i, vals, r))
        }
        "array_var_int_element" | "array_var_bool_element" => {
            arity(3)?;
            let i = t.var(pos, &a[0])?;
            let mut xs = t.var_array(pos, &a[1])?;
            let r = t.var(pos, &a[2])?;
            let Some(&first) = xs.first() else { return invalid(pos, "element of an empty array") };
            xs.insert(0, first);
            // The consistency annotations: `domain` or `bounds`; none keeps the default (by
            // the width of the result's domain).
            let consistency = c.annotations.iter().find_map(|an| match an {
                Expr::Ident(n) if n == "domain" => Some(ElementConsistency::Domain),
                Expr::Ident(n) if n == "bounds" => Some(ElementConsistency::Bounds),
                _ => None,
            });
            let element = Element::new(i, xs, r);
            t.element(
                pos,
                i,
                match consistency {
                    Some(c) => element.with_consistency(c),
                    None => element,
                },
            )
        }
        // ---- Booleans ----
        "bool_not" => {
            arity(2)?;
            let (x, y) = (t.var(pos, &a[0])?, t.var(pos, &a[1])?);
            t.linear(pos, vec![(1, x), (1, y)], Eq, 1, None)
        }
        "bool_and" | "bool_or" => {
            arity(3)?;
            let xs = [t.var(pos, &a[0])?, t.var(pos, &a[1])?];
            let r = t.var(pos, &a[2])?;
            if name == "bool_and" {
                t.and_reif(pos, &xs, r)
            } else {
                t.or_reif(pos, &xs, r)
            }
        }
        "bool_xor" if a.len() == 2 => {
            let (x, y) = (t.var(pos, &a[0])?, t.var(pos, &a[1])?);
            t.post_c(pos, NotEqual::new(x, y))
        }
        "bool_xor" => {
            arity(3)?;
            let vars = vec![t.var(pos, &a[0])?, t.var(pos, &a[1])?, t.var(pos, &a[2])?];
            t.bool_table(pos, vars, |v| (v[0] != v[1]) == (v[2] == 1))
        }
        "bool_and_imp" | "bool_or_imp" | "bool_xor_imp" => {
            arity(3)?;
            let vars = vec![t.var(pos, &a[0])?, t.var(pos, &a[1])?, t.var(pos, &a[2])?];
            let f: fn(i32, i32) -> bool = match name {
                "bool_and_imp" => |x, y| x == 1 && y == 1,
                "bool_or_imp" => |x, y| x == 1 || y == 1,
                _ => |x, y| x != y,
            };
            t.bool_table(pos, vars, move |v| v[2] == 0 || f(v[0], v[1]))
        }
        "bool_clause" => {
            arity(2)?;
            let (p, n) = (t.var_array(pos, &a[0])?, t.var_array(pos, &a[1])?);
            t.post_c(pos, Clause::new(p, n))
        }
        "bool_clause_reif" => {
            arity(3)?;
            let (p, n) = (t.var_array(pos, &a[0])?, t.var_array(pos, &a[1])?);
            let r = t.var(pos, &a[2])?;
            // r -> clause; each literal true -> r.
            let mut neg = n.clone();
            neg.push(r);
            t.post_c(pos, Clause::new(p.clone(), neg))?;
            for x in p {
                t.post_c(pos, Clause::new([r], [x]))?;
            }
            for x in n {
                t.post_c(pos, Clause::new([r, x], []))?;
            }
            Ok(())
        }
        "array_bool_and" | "array_bool_or" => {
            arity(2)?;
            let xs = t.var_array(pos, &a[0])?;
            let r = t.var(pos, &a[1])?;
            if name == "array_bool_and" {
                t.and_reif(pos, &xs, r)
            } else {
                t.or_reif(pos, &xs, r)
            }
        }
        "array_bool_xor" => {
            arity(1)?;
            let xs = t.var_array(pos, &a[0])?;
            t.post_c(pos, Predicate::new(xs, |v| v.iter().filter(|&&b| b == 1).count() % 2 == 1))
        }
        // ---- constant sets ----
        "set_in" => {
            arity(2)?;
            let x = t.var(pos, &a[0])?;
            let s = t.set(pos, &a[1])?;
            t.restrict(pos, x, &s)?;
            // An empty restriction must still fail.
            if s.bounds().is_none() {
                return t.post_c(pos, Predicate::new(vec![x], |_| false));
            }
            Ok(())
        }
        "set_in_reif" => {
            arity(3)?;
            let x = t.var(pos, &a[0])?;
            let s = t.set(pos, &a[1])?;
            let r = t.var(pos, &a[2])?;
            // Members beyond 32 bits cannot be values of `x`.
            let ranges: Vec<std::ops::RangeInclusive<i32>> = match s {
                IntSet::Range(lo, hi) => {
                    let (lo, hi) = (lo.max(i64::from(i32::MIN)), hi.min(i64::from(i32::MAX)));
                    if lo <= hi {
                        vec![lo as i32..=hi as i32]
                    } else {
                        Vec::new()
                    }
                }
                IntSet::Values(vs) => vs.iter().filter_map(|&v| i32::try_from(v).ok()).map(|v| v..=v).collect(),
            };
            t.post_c(pos, MemberReif::new(x, ranges, r))
        }
        // ---- globals declared in mznlib ----
        // `pumpkin_all_different`: the name Pumpkin's library gives it (read by pumpkin-checker).
        "all_different_int" | "fzn_all_different_int" | "csp_all_different_int" | "pumpkin_all_different" => {
            arity(1)?;
            let xs = t.var_array(pos, &a[0])?;
            if xs.iter().any(|&x| t.model.initial_domain(x).is_interval()) {
                // Interval domains (large ranges): pairwise disequalities, which work on values.
                for (i, &x) in xs.iter().enumerate() {
                    for &y in &xs[i + 1..] {
                        t.post_c(pos, NotEqual::new(x, y))?;
                    }
                }
                return Ok(());
            }
            // The consistency annotations: `domain` asks for GAC (Régin), `value` for forward
            // checking; `bounds` and none keep the default (hidden singles).
            let strength = c.annotations.iter().find_map(|an| match an {
                Expr::Ident(n) if n == "domain" => Some(Strength::Gac),
                Expr::Ident(n) if n == "value" => Some(Strength::ForwardChecking),
                _ => None,
            });
            match strength {
                Some(s) => t.post_c(pos, AllDifferent::new(xs).with_strength(s)),
                None => t.post_c(pos, AllDifferent::new(xs)),
            }
        }
        "csp_table_int" | "csp_table_bool" => {
            arity(2)?;
            let xs = t.var_array(pos, &a[0])?;
            let flat = t.int_array(pos, &a[1])?;
            if xs.is_empty() || flat.len() % xs.len() != 0 {
                return invalid(pos, format!("{} table entries for {} variables", flat.len(), xs.len()));
            }
            let flat: Vec<i32> = flat.into_iter().map(|v| coeff(pos, v)).collect::<Result<_, _>>()?;
            let rows: Vec<Vec<i32>> = flat.chunks(xs.len()).map(<[i32]>::to_vec).collect();
            t.table(pos, xs, rows)
        }
        // ---- routing, sequence, counting and order globals (mznlib) ----
        "csp_circuit" | "csp_subcircuit" => {
            arity(2)?;
            let xs = t.var_array(pos, &a[0])?;
            let offset = coeff(pos, int_of(t, pos, &a[1])?)?;
            let c = if name == "csp_circuit" { Circuit::new(xs) } else { Circuit::subcircuit(xs) };
            t.post_c(pos, c.with_offset(offset))
        }
        "csp_regular" => {
            arity(6)?;
            let xs = t.var_array(pos, &a[0])?;
            let (q, s) = (int_of(t, pos, &a[1])?, int_of(t, pos, &a[2])?);
            let d = t.int_array(pos, &a[3])?;
            if q < 0 || s < 0 || d.len() as i64 != q * s {
                return invalid(
                    pos,
                    format!("a transition table of {} entries for {q} states and {s} symbols", d.len()),
                );
            }
            let q0 = int_of(t, pos, &a[4])?;
            let finals = set_values(pos, &t.set(pos, &a[5])?)?;
            let state = |v: i64| u32::try_from(v).or_else(|_| invalid(pos, format!("state {v} out of range")));
            let mut transitions = Vec::new();
            for (k, &to) in d.iter().enumerate() {
                if to > 0 {
                    let (from, symbol) = (k as i64 / s + 1, k as i64 % s + 1);
                    transitions.push((state(from)?, coeff(pos, symbol)?, state(to)?));
                }
            }
            let accepting =
                finals.into_iter().filter(|&f| f > 0).map(|f| state(i64::from(f))).collect::<Result<Vec<_>, _>>()?;
            t.post_c(pos, Regular::new(xs, transitions, state(q0.max(0))?, accepting))
        }
        "csp_count_eq" => {
            arity(3)?;
            let xs = t.var_array(pos, &a[0])?;
            let (y, c) = (t.var(pos, &a[1])?, t.var(pos, &a[2])?);
            t.post_c(pos, CountEq::new(xs, y, c))
        }
        "csp_among" => {
            arity(3)?;
            let n = t.var(pos, &a[0])?;
            let xs = t.var_array(pos, &a[1])?;
            let set = set_values(pos, &t.set(pos, &a[2])?)?;
            t.post_c(pos, Among::new(n, xs, set))
        }
        "csp_global_cardinality" | "csp_global_cardinality_closed" => {
            arity(3)?;
            let xs = t.var_array(pos, &a[0])?;
            let cover: Vec<i32> =
                t.int_array(pos, &a[1])?.into_iter().map(|v| coeff(pos, v)).collect::<Result<_, _>>()?;
            let mut counts = t.var_array(pos, &a[2])?;
            if cover.len() != counts.len() {
                return invalid(pos, format!("{} values for {} counts", cover.len(), counts.len()));
            }
            // A value listed twice (found by the fuzz target fzn_translate: GlobalCardinality
            // takes distinct values): its counts are equal, and the constraint sees it once;
            // MiniZinc's definition also bounds the sum of all the counts by the length.
            let all_counts = counts.clone();
            let n = xs.len() as i64;
            let mut cover = cover;
            let mut i = 0;
            while i < cover.len() {
                match cover[..i].iter().position(|&v| v == cover[i]) {
                    Some(first) => {
                        let (c, f) = (counts.remove(i), counts[first]);
                        cover.remove(i);
                        if c != f {
                            t.post_c(pos, Equal::new(c, f))?;
                        }
                    }
                    None => i += 1,
                }
            }
            if counts.len() < all_counts.len() {
                t.linear(pos, all_counts.into_iter().map(|c| (1, c)).collect(), Comparison::LessOrEqual, n, None)?;
            }
            let g = GlobalCardinality::new(xs, cover, counts);
            t.post_c(pos, if name.ends_with("_closed") { g.closed() } else { g })
        }
        "csp_global_cardinality_low_up" | "csp_global_cardinality_low_up_closed" => {
            arity(4)?;
            let xs = t.var_array(pos, &a[0])?;
            let cover: Vec<i32> =
                t.int_array(pos, &a[1])?.into_iter().map(|v| coeff(pos, v)).collect::<Result<_, _>>()?;
            let (mut low, mut up) = (t.int_array(pos, &a[2])?, t.int_array(pos, &a[3])?);
            if cover.len() != low.len() || cover.len() != up.len() {
                return invalid(pos, "the value, lower and upper bound lists differ in length");
            }
            // A value listed twice: both bounds hold, so the tighter ones.
            let mut cover = cover;
            let mut i = 0;
            while i < cover.len() {
                match cover[..i].iter().position(|&v| v == cover[i]) {
                    Some(first) => {
                        cover.remove(i);
                        low[first] = low[first].max(low.remove(i));
                        up[first] = up[first].min(up.remove(i));
                    }
                    None => i += 1,
                }
            }
            let g = GlobalCardinality::with_bounds(xs, cover, low, up);
            t.post_c(pos, if name.ends_with("_closed") { g.closed() } else { g })
        }
        "csp_nvalue" => {
            arity(2)?;
            let n = t.var(pos, &a[0])?;
            let xs = t.var_array(pos, &a[1])?;
            t.post_c(pos, NValue::new(n, xs))
        }
        "csp_alldifferent_except_0" | "csp_alldifferent_except" => {
            let xs = t.var_array(pos, &a[0])?;
            let except = if name.ends_with("_0") {
                arity(1)?;
                vec![0]
            } else {
                arity(2)?;
                set_values(pos, &t.set(pos, &a[1])?)?
            };
            t.post_c(pos, AllDifferentExcept::new(xs, except))
        }
        "csp_lex_less_int" | "csp_lex_lesseq_int" | "csp_lex_less_bool" | "csp_lex_lesseq_bool" => {
            arity(2)?;
            let (x, y) = (t.var_array(pos, &a[0])?, t.var_array(pos, &a[1])?);
            let or_equal = name.contains("lesseq");
            // The shorter vector is a prefix: it is smaller when the common part is equal.
            let m = x.len().min(y.len());
            let equal_ok = if or_equal { x.len() <= y.len() } else { x.len() < y.len() };
            let (x, y) = (x[..m].to_vec(), y[..m].to_vec());
            t.post_c(pos, if equal_ok { LexLess::or_equal(x, y) } else { LexLess::strict(x, y) })
        }
        "csp_increasing_int"
        | "csp_increasing_bool"
        | "csp_strictly_increasing_int"
        | "csp_strictly_increasing_bool" => {
            arity(1)?;
            let xs = t.var_array(pos, &a[0])?;
            t.post_c(pos, if name.contains("strictly") { Increasing::strict(xs) } else { Increasing::new(xs) })
        }
        "csp_value_precede_int" => {
            arity(3)?;
            let (s, u) = (coeff(pos, int_of(t, pos, &a[0])?)?, coeff(pos, int_of(t, pos, &a[1])?)?);
            let xs = t.var_array(pos, &a[2])?;
            t.post_c(pos, ValuePrecede::new(s, u, xs))
        }
        "csp_value_precede_chain_int" => {
            arity(2)?;
            let values: Vec<i32> =
                t.int_array(pos, &a[0])?.into_iter().map(|v| coeff(pos, v)).collect::<Result<_, _>>()?;
            let xs = t.var_array(pos, &a[1])?;
            for c in ValuePrecede::chain(&values, &xs) {
                t.post_c(pos, c)?;
            }
            Ok(())
        }
        "csp_inverse" => {
            arity(4)?;
            let (f, g) = (t.var_array(pos, &a[0])?, t.var_array(pos, &a[1])?);
            let (fb, gb) = (coeff(pos, int_of(t, pos, &a[2])?)?, coeff(pos, int_of(t, pos, &a[3])?)?);
            t.post_c(pos, Inverse::new(f, g).with_bases(fb, gb))
        }
        "csp_cumulative" => {
            arity(4)?;
            let s = t.var_array(pos, &a[0])?;
            let d = t.var_array(pos, &a[1])?;
            let r = t.var_array(pos, &a[2])?;
            let b = t.var(pos, &a[3])?;
            if s.len() != d.len() || s.len() != r.len() {
                return invalid(pos, format!("{} starts, {} durations, {} usages", s.len(), d.len(), r.len()));
            }
            let fixed = |t: &Translator, xs: &[VarId]| -> Option<Vec<i32>> {
                xs.iter().map(|&x| t.model.initial_domain(x).single_value()).collect()
            };
            match (fixed(t, &d), fixed(t, &r), fixed(t, &[b])) {
                // Negative constants: the variable form prunes them (no solution) where the
                // constant form would refuse the constraint.
                (Some(d), Some(r), Some(b)) if d.iter().chain(&r).all(|&v| v >= 0) => {
                    t.post_c(pos, Cumulative::new(s, d, r, b[0]))
                }
                _ => t.post_c(pos, Cumulative::with_vars(s, d, r, b)),
            }
        }
        "csp_cumulative_opt" => {
            arity(5)?;
            let s = t.var_array(pos, &a[0])?;
            let d = t.var_array(pos, &a[1])?;
            let r = t.var_array(pos, &a[2])?;
            let b = t.var(pos, &a[3])?;
            let p = t.var_array(pos, &a[4])?;
            if s.len() != d.len() || s.len() != r.len() || s.len() != p.len() {
                return invalid(
                    pos,
                    format!("{} starts, {} durations, {} usages, {} presences", s.len(), d.len(), r.len(), p.len()),
                );
            }
            t.post_c(pos, Cumulative::with_vars(s, d, r, b).with_optional(p))
        }
        "csp_disjunctive" | "csp_disjunctive_strict" => {
            arity(2)?;
            let s = t.var_array(pos, &a[0])?;
            let d = t.int_array(pos, &a[1])?;
            if s.len() != d.len() {
                return invalid(pos, format!("{} starts, {} durations", s.len(), d.len()));
            }
            let d: Vec<i32> = d.into_iter().map(|v| coeff(pos, v)).collect::<Result<_, _>>()?;
            if name == "csp_disjunctive" {
                t.post_c(pos, Disjunctive::new(s, d))
            } else {
                t.post_c(pos, Disjunctive::strict(s, d))
            }
        }
        "csp_bin_packing_load" => {
            arity(4)?;
            let load = t.var_array(pos, &a[0])?;
            let bin = t.var_array(pos, &a[1])?;
            let w = t.int_array(pos, &a[2])?;
            let Val::Int(first) = t.value(pos, &a[3])? else { return invalid(pos, "expected the first bin") };
            if bin.len() != w.len() {
                return invalid(pos, format!("{} items, {} weights", bin.len(), w.len()));
            }
            let w: Vec<i32> = w.into_iter().map(|v| coeff(pos, v)).collect::<Result<_, _>>()?;
            t.post_c(pos, BinPacking::new(load, bin, w).with_first_bin(coeff(pos, first)?))
        }
        "csp_diffn" | "csp_diffn_nonstrict" => {
            arity(4)?;
            let x = t.var_array(pos, &a[0])?;
            let y = t.var_array(pos, &a[1])?;
            let dx = t.var_array(pos, &a[2])?;
            let dy = t.var_array(pos, &a[3])?;
            if x.len() != y.len() || x.len() != dx.len() || x.len() != dy.len() {
                return invalid(pos, "the four diffn arrays differ in length");
            }
            let strict = name == "csp_diffn";
            let fixed = |t: &Translator, xs: &[VarId]| -> Option<Vec<i32>> {
                xs.iter().map(|&x| t.model.initial_domain(x).single_value()).collect()
            };
            match (fixed(t, &dx), fixed(t, &dy)) {
                (Some(dx), Some(dy)) if strict => t.post_c(pos, Diffn::new(x, y, dx, dy)),
                (Some(dx), Some(dy)) => t.post_c(pos, Diffn::non_strict(x, y, dx, dy)),
                _ => t.post_c(pos, Diffn::with_vars(x, y, dx, dy, strict)),
            }
        }
        _ => {
            let what = if name.starts_with("float_") || name.starts_with("int2float") {
                format!("float constraint '{name}'")
            } else if name.starts_with("set_") || name.starts_with("array_set") {
                format!("set constraint '{name}'")
            } else {
                format!("unknown built-in '{name}'")
            };
            Err(Error::Unsupported { pos, what })
        }
    }
}
