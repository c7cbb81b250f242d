//! Proofs of `fzn-csp --proof FILE`: the DRCP proof log of the learning search
//! ([`csp::Solver::set_proof`]) with its atoms and constraint tags named as Pumpkin's
//! checker (`pumpkin-checker` 0.5) reads them against the `.fzn` model: a variable by its
//! FlatZinc name, a constraint by its place among the model's `constraint` items (1 for the
//! first), a propagation by the checker's rule for that constraint.
//!
//! The checker has rules for `int_lin_le` and `int_lin_eq` (`linear_bounds`) and for Pumpkin's
//! `pumpkin_all_different` (`all_different`), which this solver reads as its all-different. A
//! model with any other constraint, a Boolean variable a constraint reads (the checker has no
//! Boolean domains), a variable without declared bounds (the checker could not check its initial domain) or one
//! defined by a value (an alias or a constant: the checker reads neither) is refused with the
//! item that stops it, rather than given a proof the checker would reject.

use std::collections::{HashMap, HashSet};
use std::io::Write;

use csp::constraint::ConstraintId;
use csp::solve::Proof;
use csp::Model;

use crate::ast::{Ast, BaseType, Expr, IntSet};
use crate::error::{Error, Pos};
use crate::translate::{Elem, Translation};

/// The FlatZinc constraints a proof covers, with the checker's rule for the engine
/// constraint each becomes.
const CHECKED: [(&str, &str, &str); 3] = [
    ("int_lin_le", "linear", "linear_bounds"),
    ("int_lin_eq", "linear", "linear_bounds"),
    ("pumpkin_all_different", "all_different", "all_different"),
];

fn refuse<T>(pos: Pos, what: String) -> Result<T, Error> {
    Err(Error::Unsupported { pos, what: format!("--proof: {what}") })
}

/// Checks that `ast` is within what the checker reads (before translation).
///
/// # Errors
///
/// [`Error::Unsupported`] naming the first constraint or declaration outside it.
pub(crate) fn check_model(ast: &Ast) -> Result<(), Error> {
    for c in &ast.constraints {
        if !CHECKED.iter().any(|&(name, _, _)| name == c.name) {
            let names: Vec<&str> = CHECKED.iter().map(|c| c.0).collect();
            return refuse(
                c.pos,
                format!(
                    "constraint '{}' has no inference rule in pumpkin-checker 0.5 (a proof covers {} only)",
                    c.name,
                    names.join(", ")
                ),
            );
        }
    }
    let used = constrained_names(ast);
    for d in ast.decls.iter().filter(|d| d.is_var) {
        match (&d.base, &d.value, d.array_len) {
            // Declared for the output only (MiniZinc's linear library keeps such Booleans).
            (BaseType::Bool, None, None) if !used.contains(d.name.as_str()) => {}
            (BaseType::Bool, _, None) => {
                return refuse(
                    d.pos,
                    format!("Boolean variable '{}': pumpkin-checker 0.5 has no Boolean domains", d.name),
                )
            }
            (_, Some(_), None) => {
                return refuse(
                    d.pos,
                    format!(
                        "'{}' is defined by a value (an alias or a constant), which pumpkin-checker 0.5 does not read",
                        d.name
                    ),
                )
            }
            (BaseType::IntIn(_), None, None) | (_, _, Some(_)) => {}
            _ => {
                return refuse(d.pos, format!("'{}' has no declared bounds for the checker's initial domains", d.name))
            }
        }
    }
    Ok(())
}

/// The names the constraints' arguments reach, through the arrays they name.
fn constrained_names(ast: &Ast) -> HashSet<&str> {
    fn names<'a>(e: &'a Expr, out: &mut Vec<&'a str>) {
        match e {
            Expr::Ident(n) | Expr::Access(n, _) => out.push(n),
            Expr::Array(items) | Expr::Call(_, items) => items.iter().for_each(|i| names(i, out)),
            _ => {}
        }
    }
    let arrays: HashMap<&str, &Expr> =
        ast.decls.iter().filter_map(|d| Some((d.name.as_str(), d.value.as_ref()?))).collect();
    let mut todo = Vec::new();
    for c in &ast.constraints {
        c.args.iter().for_each(|a| names(a, &mut todo));
    }
    let mut seen = HashSet::new();
    while let Some(n) = todo.pop() {
        if seen.insert(n) {
            if let Some(e) = arrays.get(n) {
                names(e, &mut todo);
            }
        }
    }
    seen
}

/// A proof for the translation `t` of `ast`, written to `out`: every engine constraint tagged
/// with its FlatZinc constraint and rule.
///
/// # Errors
///
/// [`Error::Unsupported`] when the translation made a constraint of its own or narrowed a
/// declared domain (the checker could not follow).
pub(crate) fn proof_for(ast: &Ast, t: &Translation, out: impl Write + Send + 'static) -> Result<Proof, Error> {
    check_domains(ast, t, &t.model)?;
    let mut proof = Proof::new(out);
    proof.first_step(ast.constraints.len() as u32 + 1);
    for k in 0..t.model.num_constraints() {
        let origin = t.origins.get(k).copied().unwrap_or(0);
        let c = ConstraintId::from_index(k);
        let kind = t.model.constraint(c).kind();
        let Some(item) = (origin as usize).checked_sub(1).and_then(|i| ast.constraints.get(i)) else {
            return refuse(ast.solve.pos, format!("the translation added a '{kind}' constraint of its own"));
        };
        match CHECKED.iter().find(|&&(name, engine, _)| name == item.name && engine == kind) {
            Some(&(_, _, rule)) => proof.tag(c, origin, rule),
            None => {
                return refuse(item.pos, format!("'{}' became a '{kind}' constraint, which has no rule", item.name))
            }
        }
    }
    Ok(proof)
}

/// Every declared domain is the engine variable's initial domain.
fn check_domains(ast: &Ast, t: &Translation, model: &Model) -> Result<(), Error> {
    let names: HashMap<&str, &Elem> = t.names.iter().map(|(n, e)| (n.as_str(), e)).collect();
    for d in ast.decls.iter().filter(|d| d.is_var && d.array_len.is_none()) {
        let BaseType::IntIn(set) = &d.base else { continue };
        let Some(&&Elem::Var(x)) = names.get(d.name.as_str()) else { continue };
        let dom = model.initial_domain(x);
        let same = match set {
            IntSet::Range(lo, hi) => {
                dom.min().map(i64::from) == Some(*lo)
                    && dom.max().map(i64::from) == Some(*hi)
                    && dom.len() as i64 == hi - lo + 1
            }
            IntSet::Values(vs) => {
                dom.len() == vs.len() && vs.iter().all(|&v| i32::try_from(v).is_ok_and(|v| dom.contains(v)))
            }
        };
        if !same {
            return refuse(d.pos, format!("the translation narrowed the domain of '{}'", d.name));
        }
    }
    Ok(())
}
