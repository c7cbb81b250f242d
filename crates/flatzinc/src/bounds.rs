//! Bounds for variables declared without a domain (`var int: x`), inferred from the
//! constraints that define them (`int_lin_eq`, `int_times`, `array_int_element`, ...).
//!
//! MiniZinc leaves some introduced variables unbounded, but their value is a function of
//! bounded ones; interval arithmetic over the defining constraints, repeated until nothing
//! changes, gives sound bounds, and a small domain propagates far better than a wide one.
//! Bounds beyond the engine's interval limits ([`csp::domain::MIN_INTERVAL_VALUE`]`..=`
//! [`csp::domain::MAX_INTERVAL_VALUE`], where every variable's values lie anyway) are clamped to them.
//! A variable still unbounded afterwards gets the widest interval (`translate.rs`), as in Gecode.

use std::collections::HashMap;

use crate::ast::{Ast, BaseType, Expr};
use crate::error::Error;

type Bounds = (i128, i128);

struct Env<'a> {
    known: HashMap<&'a str, Bounds>,
    /// The bounds inferred beyond the engine's limits, before clamping.
    clamped: HashMap<&'a str, Bounds>,
    arrays: HashMap<&'a str, &'a [Expr]>,
    params: HashMap<&'a str, &'a Expr>,
}

impl<'a> Env<'a> {
    fn of(&self, e: &'a Expr) -> Option<Bounds> {
        match e {
            Expr::Int(v) => Some((i128::from(*v), i128::from(*v))),
            Expr::Bool(b) => Some((i128::from(*b), i128::from(*b))),
            Expr::Ident(n) => match self.known.get(n.as_str()) {
                Some(&b) => Some(b),
                None => self.params.get(n.as_str()).and_then(|p| self.of(p)),
            },
            Expr::Access(n, i) => {
                let items = self.array(n)?;
                self.of(items.get(usize::try_from(*i - 1).ok()?)?)
            }
            _ => None,
        }
    }

    fn array(&self, name: &str) -> Option<&'a [Expr]> {
        self.arrays.get(name).copied()
    }

    fn items(&self, e: &'a Expr) -> Option<&'a [Expr]> {
        match e {
            Expr::Array(items) => Some(items),
            Expr::Ident(n) => self.array(n),
            _ => None,
        }
    }

    fn all(&self, e: &'a Expr) -> Option<Vec<Bounds>> {
        self.items(e)?.iter().map(|x| self.of(x)).collect()
    }

    fn int(&self, e: &'a Expr) -> Option<i128> {
        self.of(e).filter(|(l, h)| l == h).map(|(l, _)| l)
    }

    /// Sets the bounds of `e` if it is an unbounded variable; returns whether it did.
    fn learn(&mut self, unknown: &HashMap<&'a str, ()>, e: &'a Expr, b: Option<Bounds>) -> bool {
        let (Expr::Ident(n), Some((lo, hi))) = (e, b) else { return false };
        if !unknown.contains_key(n.as_str()) || self.known.contains_key(n.as_str()) || lo > hi {
            return false;
        }
        // Clamped to the engine's limits (which also keeps the arithmetic above within i128);
        // what was clamped is remembered for the translator's note or error.
        let (min, max) = (i128::from(csp::domain::MIN_INTERVAL_VALUE), i128::from(csp::domain::MAX_INTERVAL_VALUE));
        if lo < min || hi > max {
            self.clamped.insert(n, (lo, hi));
        }
        self.known.insert(n, (lo.max(min), hi.min(max)));
        true
    }
}

fn corners(a: Bounds, b: Bounds, f: impl Fn(i128, i128) -> i128) -> Bounds {
    let c = [f(a.0, b.0), f(a.0, b.1), f(a.1, b.0), f(a.1, b.1)];
    (*c.iter().min().unwrap_or(&0), *c.iter().max().unwrap_or(&0))
}

/// Bounds inferred for a variable declared without a domain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Inferred {
    /// The bounds, within the engine's interval limits (empty, `lo > hi`, when the inferred
    /// bounds lie wholly beyond them).
    pub(crate) lo: i64,
    pub(crate) hi: i64,
    /// The inferred bounds before clamping to the limits, when they reached beyond them.
    pub(crate) clamped_from: Option<(i128, i128)>,
}

/// The inferred bounds of the variables declared without a domain, by name.
pub(crate) fn infer_bounds(ast: &Ast) -> Result<HashMap<String, Inferred>, Error> {
    let mut env =
        Env { known: HashMap::new(), clamped: HashMap::new(), arrays: HashMap::new(), params: HashMap::new() };
    let mut unknown: HashMap<&str, ()> = HashMap::new();
    for d in &ast.decls {
        match (&d.value, d.array_len) {
            (Some(Expr::Array(items)), Some(_)) => {
                env.arrays.insert(&d.name, items);
            }
            (Some(v), None) => {
                if d.is_var {
                    if let Some(b) = env.of(v) {
                        env.known.insert(&d.name, b);
                    }
                } else {
                    env.params.insert(&d.name, v);
                }
            }
            (None, None) if d.is_var => match &d.base {
                BaseType::Bool => {
                    env.known.insert(&d.name, (0, 1));
                }
                BaseType::IntIn(s) => {
                    if let Some((lo, hi)) = s.bounds() {
                        env.known.insert(&d.name, (i128::from(lo), i128::from(hi)));
                    }
                }
                BaseType::Int => {
                    unknown.insert(&d.name, ());
                }
                _ => {}
            },
            _ => {}
        }
    }
    if unknown.is_empty() {
        return Ok(HashMap::new());
    }
    let mut changed = true;
    let mut rounds = 0;
    while changed && rounds < 100 {
        changed = false;
        rounds += 1;
        for c in &ast.constraints {
            let a = &c.args;
            match (c.name.as_str(), a.len()) {
                ("int_lin_eq", 3) => {
                    let (Some(coeffs), Some(xs), Some(rhs)) = (env.items(&a[0]), env.items(&a[1]), env.int(&a[2]))
                    else {
                        continue;
                    };
                    let coeffs: Option<Vec<i128>> = coeffs.iter().map(|x| env.int(x)).collect();
                    let Some(coeffs) = coeffs else { continue };
                    let terms: Vec<Option<Bounds>> = xs.iter().map(|x| env.of(x)).collect();
                    let missing: Vec<usize> = (0..terms.len()).filter(|&i| terms[i].is_none()).collect();
                    if let ([i], true) = (missing.as_slice(), coeffs.len() == xs.len()) {
                        let (mut lo, mut hi) = (rhs, rhs);
                        for (j, t) in terms.iter().enumerate() {
                            if let (Some((l, h)), true) = (t, j != *i) {
                                let (tl, th) = corners((coeffs[j], coeffs[j]), (*l, *h), |p, q| p * q);
                                lo -= th;
                                hi -= tl;
                            }
                        }
                        let ai = coeffs[*i];
                        if ai != 0 {
                            let (l, h) = corners((lo, hi), (ai, ai), |p, q| p / q);
                            changed |= env.learn(&unknown, &xs[*i], Some((l - 1, h + 1)));
                        }
                    }
                }
                ("int_plus", 3) => {
                    let (x, y, z) = (env.of(&a[0]), env.of(&a[1]), env.of(&a[2]));
                    changed |= env.learn(&unknown, &a[2], x.zip(y).map(|(x, y)| (x.0 + y.0, x.1 + y.1)));
                    changed |= env.learn(&unknown, &a[0], z.zip(y).map(|(z, y)| (z.0 - y.1, z.1 - y.0)));
                    changed |= env.learn(&unknown, &a[1], z.zip(x).map(|(z, x)| (z.0 - x.1, z.1 - x.0)));
                }
                ("int_times", 3) => {
                    let b = env.of(&a[0]).zip(env.of(&a[1])).map(|(x, y)| corners(x, y, |p, q| p * q));
                    changed |= env.learn(&unknown, &a[2], b);
                }
                ("int_div", 3) => {
                    let b = env.of(&a[0]).map(|(l, h)| (-l.abs().max(h.abs()), l.abs().max(h.abs())));
                    changed |= env.learn(&unknown, &a[2], b);
                }
                ("int_mod", 3) => {
                    let b = env.of(&a[1]).map(|(l, h)| {
                        let m = l.abs().max(h.abs());
                        (-m, m)
                    });
                    changed |= env.learn(&unknown, &a[2], b);
                }
                ("int_abs", 2) => {
                    let b = env.of(&a[0]).map(|(l, h)| (0, l.abs().max(h.abs())));
                    changed |= env.learn(&unknown, &a[1], b);
                }
                ("int_min" | "int_max", 3) => {
                    let b = env.of(&a[0]).zip(env.of(&a[1])).map(|(x, y)| (x.0.min(y.0), x.1.max(y.1)));
                    changed |= env.learn(&unknown, &a[2], b);
                }
                ("int_eq", 2) | ("bool2int", 2) => {
                    let (x, y) = (env.of(&a[0]), env.of(&a[1]));
                    changed |= env.learn(&unknown, &a[1], x);
                    changed |= env.learn(&unknown, &a[0], y);
                }
                ("array_int_element" | "array_var_int_element", 3) => {
                    let b = env.all(&a[1]).and_then(|bs| {
                        let lo = bs.iter().map(|b| b.0).min()?;
                        let hi = bs.iter().map(|b| b.1).max()?;
                        Some((lo, hi))
                    });
                    changed |= env.learn(&unknown, &a[2], b);
                }
                ("array_int_maximum" | "array_int_minimum", 2) => {
                    let b = env.all(&a[1]).and_then(|bs| {
                        let lo = bs.iter().map(|b| b.0).min()?;
                        let hi = bs.iter().map(|b| b.1).max()?;
                        Some((lo, hi))
                    });
                    changed |= env.learn(&unknown, &a[0], b);
                }
                _ => {}
            }
        }
    }
    // Every known bound is within the limits, so within i64.
    Ok(unknown
        .keys()
        .filter_map(|n| {
            let &(lo, hi) = env.known.get(n)?;
            let clamped_from = env.clamped.get(n).copied();
            Some((n.to_string(), Inferred { lo: lo as i64, hi: hi as i64, clamped_from }))
        })
        .collect())
}
