//! Golomb rulers: `n` marks at integer positions, all pairwise distances different; find the
//! shortest (CSPLib problem 6). Optimal lengths: 0, 1, 3, 6, 11, 17, 25, 34, 44 for 1 to 9
//! marks.
//!
//! The model, in the expression API: marks in increasing order from 0, a variable per
//! distance (`expr_var(m[j] - m[i])`), the distances all different, each at least the sum of
//! the smallest distances it spans (a standard implied bound), the first distance shorter than
//! the last (symmetry), and the last mark minimised.
//!
//! ```
//! use csp::solve::Optimum;
//! use csp_sudoku::classic::golomb;
//!
//! let (model, marks) = golomb::model(5)?;
//! let Optimum::Optimal(s) = model.into_solver().solve_optimal() else { panic!() };
//! let ruler: Vec<i32> = marks.iter().map(|&m| s[m]).collect();
//! assert_eq!(golomb::check(&ruler), Ok(11));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use csp::constraints::Strength;
use csp::{Model, ModelError, Value, VarId};

/// The known optimal lengths for 0 to 9 marks.
pub const OPTIMAL_LENGTH: [Value; 10] = [0, 0, 1, 3, 6, 11, 17, 25, 34, 44];

/// The model for `n` marks (at least 2), with the last mark recorded as the objective to
/// minimise; returns the marks.
///
/// # Errors
///
/// A [`ModelError`] if the engine refuses the model (not expected).
pub fn model(n: usize) -> Result<(Model, Vec<VarId>), ModelError> {
    // model:begin golomb
    let top = (n * n) as Value;
    let mut model = Model::new();
    let marks = model.new_vars(n, 0..=top)?;
    model.add(marks[0].eq(0))?;
    for w in marks.windows(2) {
        model.add(w[0].lt(w[1]))?;
    }
    let mut diffs = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let d = model.expr_var(marks[j] - marks[i])?;
            let k = (j - i) as Value;
            model.add(d.ge(k * (k + 1) / 2))?;
            diffs.push(d);
        }
    }
    if n > 2 {
        model.add(diffs[0].lt(diffs[diffs.len() - 1]))?;
    }
    model.post(csp::constraints::AllDifferent::new(diffs).with_strength(Strength::Gac))?;
    model.minimize(marks[n - 1])?;
    // model:end
    Ok((model, marks))
}

/// Checks a ruler independently of the solver: marks strictly increasing from 0 and all
/// distances different. Returns its length.
///
/// # Errors
///
/// What is wrong.
pub fn check(marks: &[Value]) -> Result<Value, String> {
    if marks.first() != Some(&0) || marks.windows(2).any(|w| w[0] >= w[1]) {
        return Err(format!("marks {marks:?} do not increase from 0"));
    }
    let mut seen = std::collections::BTreeSet::new();
    for i in 0..marks.len() {
        for j in i + 1..marks.len() {
            if !seen.insert(marks[j] - marks[i]) {
                return Err(format!("distance {} appears twice in {marks:?}", marks[j] - marks[i]));
            }
        }
    }
    Ok(marks[marks.len() - 1])
}
