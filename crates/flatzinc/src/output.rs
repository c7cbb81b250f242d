//! Solutions in the FlatZinc output format: `x = 3;`, `b = true;`,
//! `xs = array2d(1..2, 1..2, [1, 2, 3, 4]);`.

use std::fmt::Write;

use csp::Solution;

use crate::translate::{Elem, OutputItem};

fn value(e: Elem, s: &Solution) -> i64 {
    match e {
        Elem::Var(x) => i64::from(s[x]),
        Elem::Const(c) => c,
    }
}

fn show(v: i64, is_bool: bool) -> String {
    match (is_bool, v) {
        (true, 0) => "false".to_string(),
        (true, _) => "true".to_string(),
        (false, v) => v.to_string(),
    }
}

/// The lines of one solution (without the `----------` separator), each ending with a newline.
pub fn format_solution(items: &[OutputItem], s: &Solution) -> String {
    let mut out = String::new();
    for item in items {
        match &item.dims {
            None => {
                let v = item.elems.first().map_or(0, |&e| value(e, s));
                let _ = writeln!(out, "{} = {};", item.name, show(v, item.is_bool));
            }
            Some(dims) => {
                let sets: Vec<String> = dims.iter().map(|(lo, hi)| format!("{lo}..{hi}")).collect();
                let vals: Vec<String> = item.elems.iter().map(|&e| show(value(e, s), item.is_bool)).collect();
                let _ =
                    writeln!(out, "{} = array{}d({}, [{}]);", item.name, dims.len(), sets.join(", "), vals.join(", "));
            }
        }
    }
    out
}
