//! Magic squares: the numbers `1..=n²` in an `n x n` grid so that every row, column and both
//! diagonals sum to `n (n² + 1) / 2` (CSPLib problem 19).
//!
//! The model, in the expression API: the cells all different, one sum per line, and the
//! symmetries of the square broken (the top-left corner is the smallest corner, and the cell
//! right of it smaller than the one below it).
//!
//! ```
//! use csp_sudoku::classic::magic_square;
//!
//! let (model, cells) = magic_square::model(3)?;
//! let mut solver = model.into_solver();
//! let squares: Vec<Vec<i32>> = solver.solutions().map(|s| cells.iter().map(|&x| s[x]).collect()).collect();
//! assert_eq!(squares.len(), 1); // the Lo Shu square, once symmetries are broken
//! assert_eq!(magic_square::check(3, &squares[0]), Ok(()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use csp::constraints::Strength;
use csp::{sum, Model, ModelError, Value, VarId};

/// The model for order `n` (at least 2); returns the cells in row-major order.
///
/// # Errors
///
/// A [`ModelError`] if the engine refuses the model (not expected).
pub fn model(n: usize) -> Result<(Model, Vec<VarId>), ModelError> {
    // model:begin magic_square
    let total = (n * (n * n + 1) / 2) as Value;
    let mut model = Model::new();
    let x = model.new_vars(n * n, 1..=(n * n) as Value)?;
    let at = |r: usize, c: usize| x[r * n + c];
    model.post(csp::constraints::AllDifferent::new(x.clone()).with_strength(Strength::Gac))?;
    for i in 0..n {
        model.add(sum((0..n).map(|j| at(i, j))).eq(total))?;
        model.add(sum((0..n).map(|j| at(j, i))).eq(total))?;
    }
    model.add(sum((0..n).map(|i| at(i, i))).eq(total))?;
    model.add(sum((0..n).map(|i| at(i, n - 1 - i))).eq(total))?;
    for corner in [at(0, n - 1), at(n - 1, 0), at(n - 1, n - 1)] {
        model.add(at(0, 0).lt(corner))?;
    }
    model.add(at(0, 1).lt(at(1, 0)))?;
    // model:end
    Ok((model, x))
}

/// Checks a square (row-major) independently of the solver.
///
/// # Errors
///
/// What is wrong.
pub fn check(n: usize, cells: &[Value]) -> Result<(), String> {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    if sorted != (1..=(n * n) as Value).collect::<Vec<_>>() {
        return Err(format!("the cells are not 1..={}", n * n));
    }
    let total = (n * (n * n + 1) / 2) as Value;
    let at = |r: usize, c: usize| cells[r * n + c];
    let mut lines: Vec<Value> = (0..n).map(|i| (0..n).map(|j| at(i, j)).sum()).collect();
    lines.extend((0..n).map(|i| (0..n).map(|j| at(j, i)).sum::<Value>()));
    lines.push((0..n).map(|i| at(i, i)).sum());
    lines.push((0..n).map(|i| at(i, n - 1 - i)).sum());
    match lines.iter().find(|&&s| s != total) {
        Some(s) => Err(format!("a line sums to {s}, not {total}")),
        None => Ok(()),
    }
}
