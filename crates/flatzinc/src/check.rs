//! An independent checker: evaluates every FlatZinc constraint of a model on an assignment,
//! by the built-ins' definitions, without the engine or the translation.
//!
//! Tests use it to check each solution the solver reports; `fzn-csp --check` checks as it
//! solves.

use std::collections::HashMap;

use crate::ast::{Ast, Expr, IntSet};

#[derive(Clone, Debug)]
enum V {
    Int(i64),
    Set(IntSet),
    Array(Vec<V>),
}

struct Env<'a> {
    vals: HashMap<&'a str, V>,
}

impl Env<'_> {
    fn eval(&self, e: &Expr) -> Result<V, String> {
        Ok(match e {
            Expr::Bool(b) => V::Int(i64::from(*b)),
            Expr::Int(v) => V::Int(*v),
            Expr::Set(s) => V::Set(s.clone()),
            Expr::Ident(n) => self.vals.get(n.as_str()).cloned().ok_or_else(|| format!("no value for '{n}'"))?,
            Expr::Access(n, i) => match self.vals.get(n.as_str()) {
                Some(V::Array(items)) => {
                    items.get((*i - 1) as usize).cloned().ok_or_else(|| format!("{n}[{i}] out of range"))?
                }
                _ => return Err(format!("'{n}' is not an array")),
            },
            Expr::Array(items) => V::Array(items.iter().map(|x| self.eval(x)).collect::<Result<_, _>>()?),
            _ => return Err(format!("cannot evaluate {e:?}")),
        })
    }

    fn int(&self, e: &Expr) -> Result<i64, String> {
        match self.eval(e)? {
            V::Int(v) => Ok(v),
            _ => Err(format!("{e:?} is not an integer")),
        }
    }

    fn ints(&self, e: &Expr) -> Result<Vec<i64>, String> {
        match self.eval(e)? {
            V::Array(items) => items
                .into_iter()
                .map(|v| match v {
                    V::Int(v) => Ok(v),
                    _ => Err("not an integer array".to_string()),
                })
                .collect(),
            _ => Err(format!("{e:?} is not an array")),
        }
    }

    fn set(&self, e: &Expr) -> Result<IntSet, String> {
        match self.eval(e)? {
            V::Set(s) => Ok(s),
            _ => Err(format!("{e:?} is not a set")),
        }
    }
}

fn holds(env: &Env<'_>, name: &str, a: &[Expr]) -> Result<bool, String> {
    let i = |k: usize| env.int(&a[k]);
    let arr = |k: usize| env.ints(&a[k]);
    let lin = |k: usize| -> Result<i64, String> { Ok(arr(k)?.iter().zip(arr(k + 1)?).map(|(c, x)| c * x).sum()) };
    let cmp = |op: &str, x: i64, y: i64| match op {
        "eq" => x == y,
        "ne" => x != y,
        "le" => x <= y,
        "lt" => x < y,
        "ge" => x >= y,
        _ => x > y,
    };
    let base = name.trim_end_matches("_reif").trim_end_matches("_imp");
    let reif = name.ends_with("_reif");
    let op = base.rsplit('_').next().unwrap_or("");
    let truth: bool = match base {
        "int_eq" | "int_ne" | "int_le" | "int_lt" | "bool_eq" | "bool_le" | "bool_lt" | "bool_ne" => {
            cmp(op, i(0)?, i(1)?)
        }
        "bool2int" => i(0)? == i(1)?,
        "int_lin_eq" | "int_lin_ne" | "int_lin_le" | "bool_lin_eq" | "bool_lin_le" => cmp(op, lin(0)?, i(2)?),
        "int_plus" => i(0)? + i(1)? == i(2)?,
        "int_minus" => i(0)? - i(1)? == i(2)?,
        "int_negate" => -i(0)? == i(1)?,
        "int_times" => i(0)?.checked_mul(i(1)?) == Some(i(2)?),
        "int_div" => i(1)? != 0 && i(0)? / i(1)? == i(2)?,
        "int_mod" => i(1)? != 0 && i(0)? % i(1)? == i(2)?,
        // A negative exponent as MiniZinc 2.6.4 evaluates it: 1 for a base of 1, 0 for any other
        // base but 0 (undefined).
        "int_pow" => match (i(0)?, i(1)?) {
            (0, e) if e < 0 => false,
            (b, e) if e < 0 => i(2)? == i64::from(b == 1),
            (b, e) => u32::try_from(e).ok().and_then(|e| b.checked_pow(e)) == Some(i(2)?),
        },
        "int_min" => i(0)?.min(i(1)?) == i(2)?,
        "int_max" => i(0)?.max(i(1)?) == i(2)?,
        "int_abs" => i(0)?.abs() == i(1)?,
        "array_int_maximum" => arr(1)?.into_iter().max() == Some(i(0)?),
        "array_int_minimum" => arr(1)?.into_iter().min() == Some(i(0)?),
        "array_int_element" | "array_var_int_element" | "array_bool_element" | "array_var_bool_element" => {
            let k = i(0)?;
            k >= 1 && arr(1)?.get((k - 1) as usize) == Some(&i(2)?)
        }
        "bool_not" => i(0)? != i(1)?,
        "bool_and" => (i(0)? == 1 && i(1)? == 1) == (i(2)? == 1),
        "bool_or" => (i(0)? == 1 || i(1)? == 1) == (i(2)? == 1),
        "bool_xor" if a.len() == 2 => i(0)? != i(1)?,
        "bool_xor" => (i(0)? != i(1)?) == (i(2)? == 1),
        "bool_clause" => arr(0)?.contains(&1) || arr(1)?.contains(&0),
        "array_bool_and" => arr(0)?.iter().all(|&b| b == 1) == (i(1)? == 1),
        "array_bool_or" => arr(0)?.contains(&1) == (i(1)? == 1),
        "array_bool_xor" => arr(0)?.iter().filter(|&&b| b == 1).count() % 2 == 1,
        "set_in" => env.set(&a[1])?.contains(i(0)?),
        "all_different_int" | "fzn_all_different_int" | "csp_all_different_int" => {
            let mut xs = arr(0)?;
            let n = xs.len();
            xs.sort_unstable();
            xs.dedup();
            xs.len() == n
        }
        "csp_table_int" | "csp_table_bool" => {
            let xs = arr(0)?;
            !xs.is_empty() && arr(1)?.chunks(xs.len()).any(|row| row == xs.as_slice())
        }
        "csp_circuit" | "csp_subcircuit" => {
            let (xs, off) = (arr(0)?, i(1)?);
            let n = xs.len() as i64;
            let next: Vec<i64> = xs.iter().map(|&v| v - off).collect();
            let on: Vec<usize> = (0..xs.len()).filter(|&k| next[k] != k as i64).collect();
            let mut perm = next.clone();
            perm.sort_unstable();
            perm.dedup();
            let ok_range = next.iter().all(|&j| (0..n).contains(&j)) && perm.len() == xs.len();
            let full = base == "csp_subcircuit" || on.len() == xs.len();
            ok_range
                && full
                && on.first().is_none_or(|&s| {
                    let (mut k, mut len) = (next[s] as usize, 1);
                    while k != s && len <= on.len() {
                        k = next[k] as usize;
                        len += 1;
                    }
                    len == on.len()
                })
        }
        "csp_regular" => {
            let (xs, s, d, finals) = (arr(0)?, i(2)?, arr(3)?, env.set(&a[5])?);
            let mut q = i(4)?;
            for &x in &xs {
                if q < 1 || !(1..=s).contains(&x) {
                    q = 0;
                    break;
                }
                q = d.get(((q - 1) * s + x - 1) as usize).copied().unwrap_or(0);
            }
            q > 0 && finals.contains(q)
        }
        "csp_count_eq" => arr(0)?.iter().filter(|&&x| x == i(1).unwrap_or(i64::MIN)).count() as i64 == i(2)?,
        "csp_among" => {
            let set = env.set(&a[2])?;
            arr(1)?.iter().filter(|&&x| set.contains(x)).count() as i64 == i(0)?
        }
        "csp_global_cardinality" | "csp_global_cardinality_closed" => {
            let (xs, cover, counts) = (arr(0)?, arr(1)?, arr(2)?);
            (!base.ends_with("_closed") || xs.iter().all(|x| cover.contains(x)))
                && cover.iter().zip(&counts).all(|(v, &c)| xs.iter().filter(|&x| x == v).count() as i64 == c)
                && counts.iter().sum::<i64>() <= xs.len() as i64
        }
        "csp_global_cardinality_low_up" | "csp_global_cardinality_low_up_closed" => {
            let (xs, cover, low, up) = (arr(0)?, arr(1)?, arr(2)?, arr(3)?);
            (!base.ends_with("_closed") || xs.iter().all(|x| cover.contains(x)))
                && cover.iter().enumerate().all(|(j, v)| {
                    let c = xs.iter().filter(|&x| x == v).count() as i64;
                    low[j] <= c && c <= up[j]
                })
        }
        "csp_nvalue" => {
            let mut xs = arr(1)?;
            xs.sort_unstable();
            xs.dedup();
            xs.len() as i64 == i(0)?
        }
        "csp_alldifferent_except_0" | "csp_alldifferent_except" => {
            let except = if base.ends_with("_0") { IntSet::Values(vec![0]) } else { env.set(&a[1])? };
            let mut xs: Vec<i64> = arr(0)?.into_iter().filter(|&x| !except.contains(x)).collect();
            let n = xs.len();
            xs.sort_unstable();
            xs.dedup();
            xs.len() == n
        }
        "csp_lex_less_int" | "csp_lex_less_bool" => arr(0)? < arr(1)?,
        "csp_lex_lesseq_int" | "csp_lex_lesseq_bool" => arr(0)? <= arr(1)?,
        "csp_increasing_int" | "csp_increasing_bool" => arr(0)?.windows(2).all(|w| w[0] <= w[1]),
        "csp_strictly_increasing_int" | "csp_strictly_increasing_bool" => arr(0)?.windows(2).all(|w| w[0] < w[1]),
        "csp_value_precede_int" => {
            let (s, t) = (i(0)?, i(1)?);
            let xs = arr(2)?;
            let first_s = xs.iter().position(|&x| x == s).unwrap_or(xs.len());
            let first_t = xs.iter().position(|&x| x == t).unwrap_or(xs.len());
            first_t == xs.len() || first_s < first_t
        }
        "csp_value_precede_chain_int" => {
            let (vs, xs) = (arr(0)?, arr(1)?);
            vs.windows(2).all(|w| {
                let first_s = xs.iter().position(|&x| x == w[0]).unwrap_or(xs.len());
                let first_t = xs.iter().position(|&x| x == w[1]).unwrap_or(xs.len());
                first_t == xs.len() || first_s < first_t
            })
        }
        "csp_inverse" => {
            let (f, g, fb, gb) = (arr(0)?, arr(1)?, i(2)?, i(3)?);
            let at = |v: &[i64], k: i64| usize::try_from(k).ok().and_then(|k| v.get(k).copied());
            f.len() == g.len()
                && (0..f.len()).all(|k| at(&g, f[k] - gb) == Some(k as i64 + fb))
                && (0..g.len()).all(|k| at(&f, g[k] - fb) == Some(k as i64 + gb))
        }
        "csp_cumulative" => cumulative_holds(&arr(0)?, &arr(1)?, &arr(2)?, i(3)?),
        "csp_cumulative_opt" => {
            // Absent tasks take no room: duration 0 (durations and usages stay non-negative).
            let (d, r, p) = (arr(1)?, arr(2)?, arr(4)?);
            let d_present: Vec<i64> = d.iter().zip(&p).map(|(&d, &p)| if p == 1 { d } else { d.min(0) }).collect();
            r.iter().chain(&d).all(|&v| v >= 0) && cumulative_holds(&arr(0)?, &d_present, &r, i(3)?)
        }
        "csp_disjunctive" | "csp_disjunctive_strict" => {
            let (s, d) = (arr(0)?, arr(1)?);
            let strict = base == "csp_disjunctive_strict";
            (0..s.len()).all(|i| {
                (i + 1..s.len())
                    .all(|j| (!strict && (d[i] == 0 || d[j] == 0)) || s[i] + d[i] <= s[j] || s[j] + d[j] <= s[i])
            })
        }
        "csp_bin_packing_load" => {
            let (load, bin, w, first) = (arr(0)?, arr(1)?, arr(2)?, i(3)?);
            let mut sums = vec![0i64; load.len()];
            bin.iter().zip(&w).all(|(&b, &w)| match usize::try_from(b - first).ok().and_then(|k| sums.get_mut(k)) {
                Some(l) => {
                    *l += w;
                    true
                }
                None => false,
            }) && sums == load
        }
        "csp_diffn" | "csp_diffn_nonstrict" => {
            let (x, y, dx, dy) = (arr(0)?, arr(1)?, arr(2)?, arr(3)?);
            let strict = base == "csp_diffn";
            (0..x.len()).all(|i| {
                (i + 1..x.len()).all(|j| {
                    (!strict && (dx[i] == 0 || dy[i] == 0 || dx[j] == 0 || dy[j] == 0))
                        || x[i] + dx[i] <= x[j]
                        || x[j] + dx[j] <= x[i]
                        || y[i] + dy[i] <= y[j]
                        || y[j] + dy[j] <= y[i]
                })
            })
        }
        _ => return Err(format!("the checker does not know '{name}'")),
    };
    if reif {
        Ok(truth == (env.int(&a[a.len() - 1])? == 1))
    } else if name.ends_with("_imp") {
        Ok(env.int(&a[a.len() - 1])? == 0 || truth)
    } else {
        Ok(truth)
    }
}

/// Checks an assignment of the model's variables (by name; every scalar variable needs a
/// value) against every constraint of `ast`, and the objective's value when given.
///
/// # Errors
///
/// A message naming the first violated constraint (its line) or missing value.
pub fn check(ast: &Ast, values: &HashMap<String, i64>) -> Result<(), String> {
    let mut env = Env { vals: HashMap::new() };
    for d in &ast.decls {
        let v = match &d.value {
            Some(e) => env.eval(e)?,
            None if d.array_len.is_none() => match values.get(&d.name) {
                Some(&v) => V::Int(v),
                None => return Err(format!("no value for variable '{}'", d.name)),
            },
            None => return Err(format!("array '{}' has no value", d.name)),
        };
        if d.is_var && d.array_len.is_none() {
            // A variable assigned in its declaration still has to take the reported value.
            if let (V::Int(x), Some(&y)) = (&v, values.get(&d.name)) {
                if *x != y {
                    return Err(format!("'{}' = {y} but it is defined as {x}", d.name));
                }
            }
            if let (V::Int(x), crate::ast::BaseType::IntIn(s)) = (&v, &d.base) {
                if !s.contains(*x) {
                    return Err(format!("'{}' = {x} is outside its domain (line {})", d.name, d.pos.line));
                }
            }
        }
        env.vals.insert(&d.name, v);
    }
    for c in &ast.constraints {
        if !holds(&env, &c.name, &c.args)? {
            return Err(format!("constraint '{}' on line {} is violated", c.name, c.pos.line));
        }
    }
    Ok(())
}

/// `cumulative` as MiniZinc's time decomposition states it: non-negative durations and usages,
/// and at every time the running tasks use at most `b` (so `b >= 0` when there is a task).
fn cumulative_holds(s: &[i64], d: &[i64], r: &[i64], b: i64) -> bool {
    if s.is_empty() {
        return true;
    }
    if b < 0 || d.iter().chain(r).any(|&v| v < 0) {
        return false;
    }
    // The load only rises at starts.
    (0..s.len()).all(|j| {
        let t = s[j];
        (0..s.len()).filter(|&i| s[i] <= t && t < s[i] + d[i]).map(|i| r[i]).sum::<i64>() <= b
    })
}
