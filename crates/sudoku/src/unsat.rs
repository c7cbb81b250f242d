//! Why a puzzle has no solution: a minimal set of its givens that no grid can hold together.

use csp::constraints::Strength;
use csp::solve::Explanation;
use csp::{Limits, Value};

use crate::encode::{cell_var, encode};
use crate::grid::{Cell, Grid};

/// A minimal set of `grid`'s givens that has no solution on its own: removing any one of them
/// leaves a set that some grid completes (QuickXplain over the givens, the rules of Sudoku
/// hard; [`csp::Solver::explain_assignments`]). `None` when the grid has a solution, or when
/// `limits` stopped the search before a set was proven (never a guess).
///
/// # Example
///
/// ```
/// use sudoku::{minimal_unsolvable_givens, Grid};
///
/// // Two 5s in column 1 rows 1 and 4 are fine alone, but r1c2 = 1 ... r1c9 = 8 leave r1c1 only
/// // the 5, which column 1 already has.
/// let grid: Grid = "\
///     .12346789\
///     .........\
///     .........\
///     5........\
///     .........\
///     .........\
///     .........\
///     .........\
///     .........".parse()?;
/// let set = minimal_unsolvable_givens(&grid, csp::Limits::default()).expect("no solution");
/// assert_eq!(set.len(), 9);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn minimal_unsolvable_givens(grid: &Grid, limits: Limits) -> Option<Vec<(Cell, u8)>> {
    let shape = grid.shape();
    let mut engine = encode(shape, Strength::Gac).ok()?.into_solver();
    let givens: Vec<(Cell, u8)> = grid.cells().filter_map(|(c, d)| d.map(|d| (c, d))).collect();
    let soft: Vec<(csp::VarId, Value)> = givens.iter().map(|&(c, d)| (cell_var(shape, c), Value::from(d))).collect();
    match engine.explain_assignments(&soft, limits) {
        Explanation::Minimal(set) => Some(
            set.iter()
                .map(|&(x, v)| {
                    let k = soft.iter().position(|&(y, w)| (y, w) == (x, v)).expect("a member is a given");
                    givens[k]
                })
                .collect(),
        ),
        _ => None,
    }
}

/// The line `--explain` starts with on a puzzle without solution: `unsolvable: r1c1 = 5, ...`.
pub fn unsolvable_line(set: &[(Cell, u8)]) -> String {
    let parts: Vec<String> =
        set.iter().map(|(c, d)| format!("{c} = {}", crate::grid::digit_symbol(*d).unwrap_or('?'))).collect();
    format!("unsolvable: {}", parts.join(", "))
}
