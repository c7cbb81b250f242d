//! The properties the FlatZinc fuzz targets (`fuzz_targets/fzn_parse.rs`,
//! `fuzz_targets/fzn_translate.rs`) check on arbitrary bytes. The randomized test
//! `crates/flatzinc/tests/fuzz_properties.rs` calls them too, so that CI runs the same
//! properties on mutated copies of the checked-in `.fzn` files.
//!
//! Each function takes any bytes and panics if a property fails:
//!
//! * nothing panics, hangs or allocates without bound;
//! * a rejected text gets an error whose message is one non-empty line and whose position is
//!   in the text (a line that exists, a column within that line or just past its end);
//! * an accepted text has every item at a position in the text;
//! * ([`parse_translate_solve`]) a model that translates is solved under a node limit, and every
//!   solution it gives satisfies every FlatZinc constraint by [`flatzinc::check()`], a checker
//!   that evaluates the FlatZinc constraints without the engine.

use csp::{Limits, Solver};
use flatzinc::{check, named_values, parse, translate, Ast, Error, Pos};

/// The decisions each fuzzed model may take: enough to reach solutions of small models, few
/// enough for thousands of inputs a second.
pub const MAX_NODES: u64 = 100;

/// The solutions of a fuzzed model checked at most.
pub const MAX_SOLUTIONS: usize = 3;

/// The lines of `text` as the parser counts them (split at `\n`; a `\r` before it is part of
/// the line's characters, which the column may count).
fn lines(text: &str) -> Vec<&str> {
    text.split('\n').collect()
}

/// Checks that `pos` names a place in `text`: a line that exists and a column within it or one
/// past its end (where an unexpected end of line or of text is reported).
fn check_pos(text: &str, pos: Pos, what: &str) {
    let lines = lines(text);
    assert!(pos.line >= 1 && (pos.line as usize) <= lines.len(), "{what}: line {} of {} lines", pos.line, lines.len());
    let width = lines[pos.line as usize - 1].chars().count();
    assert!(
        pos.column >= 1 && (pos.column as usize) <= width + 1,
        "{what}: column {} of a line of {width}",
        pos.column
    );
}

/// Checks an error: one non-empty line, at a real position, which its message begins with.
fn check_error(text: &str, e: &Error) {
    let msg = e.to_string();
    assert!(!msg.is_empty() && !msg.contains('\n'), "bad message {msg:?}");
    assert!(msg.starts_with(&format!("{}: ", e.pos())), "message without its position: {msg:?}");
    check_pos(text, e.pos(), &msg);
}

/// Checks the positions of every item of an accepted model.
fn check_ast(text: &str, ast: &Ast) {
    for d in &ast.decls {
        check_pos(text, d.pos, &d.name);
    }
    for c in &ast.constraints {
        check_pos(text, c.pos, &c.name);
    }
    check_pos(text, ast.solve.pos, "solve");
}

/// The parser alone: no panic; a precise error, or a model whose items are in the text.
pub fn parse_only(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match parse(text) {
        Ok(ast) => check_ast(text, &ast),
        Err(e) => check_error(text, &e),
    }
}

/// Parse, translate (with and without free search) and solve under [`MAX_NODES`] decisions;
/// every solution must pass [`flatzinc::check()`].
pub fn parse_translate_solve(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let ast = match parse(text) {
        Ok(ast) => ast,
        Err(e) => return check_error(text, &e),
    };
    check_ast(text, &ast);
    let free = translate(&ast, true);
    let t = match translate(&ast, false) {
        Ok(t) => t,
        Err(e) => {
            check_error(text, &e);
            // Free search skips the search annotations only: it refuses the model for the
            // same reason, or the annotated translation failed on the solve item.
            match free {
                Err(f) => assert_eq!(f, e, "free and annotated translations disagree"),
                Ok(t) => {
                    assert_eq!(e.pos(), ast.solve.pos, "only the annotations may fail: {e}");
                    solve_and_check(&ast, t);
                }
            }
            return;
        }
    };
    assert!(free.is_ok(), "free search refused a model the annotated one translated: {:?}", free.err());
    solve_and_check(&ast, t);
}

/// Solves a translated model as `fzn-csp` does (the annotations' order, or the robust search),
/// under a node limit, and checks each solution found independently.
fn solve_and_check(ast: &Ast, mut t: flatzinc::Translation) {
    let mut solver = Solver::new(std::mem::take(&mut t.model));
    if t.annotated {
        solver.set_var_order(t.var_order);
        solver.set_value_order(t.value_order);
        solver.set_branching_vars(t.branching.clone());
    } else {
        solver.set_robust_search();
    }
    solver.set_limits(Limits { max_nodes: Some(MAX_NODES), ..Limits::default() });
    let check_one = |s: &csp::Solution| {
        if let Err(e) = check(ast, &named_values(&t, s)) {
            panic!("a solution the checker refuses: {e}");
        }
    };
    match t.goal {
        None => solver.solutions().take(MAX_SOLUTIONS).for_each(|s| check_one(&s)),
        Some(goal) => solver.improvements(goal).take(MAX_SOLUTIONS).for_each(|s| check_one(&s)),
    }
}
