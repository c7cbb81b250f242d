//! The encoding of a grid shape as a [`csp::Model`].
//!
//! One variable per cell, in row-major order (so the variable of cell index `i` is
//! `VarId::from_index(i)`), named `r{row}c{col}` from 1, with domain `1..=size`. One
//! [`AllDifferent`] per unit, named `row{n}`, `col{n}` and `box{n}` from 1, posted rows first,
//! then columns, then boxes. The givens of a puzzle are not part of the model: the
//! [`Solver`](crate::Solver) assigns them on a reset engine, so one model serves every puzzle
//! of its shape.
//!
//! With these names, the engine's pruning log reads
//! `prune depth=0 var=r1c3 value=5 by=row1 rule=value_taken size=9->8`.

use csp::constraints::{AllDifferent, NetworkLevel, Strength};
use csp::lower::Lowering;
use csp::{Model, ModelError, VarId};

use crate::grid::{Cell, Shape};

/// The engine variable of `cell` in a model built by [`encode`].
///
/// # Panics
///
/// Panics if `cell` is outside `shape`.
#[inline]
pub fn cell_var(shape: Shape, cell: Cell) -> VarId {
    VarId::from_index(shape.index(cell))
}

/// Builds the model of an empty grid of `shape`, every `AllDifferent` at `strength`.
///
/// # Errors
///
/// A [`ModelError`] from the engine; none happens for the supported shapes (the domains are
/// non-empty and every constraint names variables of the model).
///
/// # Example
///
/// ```
/// use csp::constraints::Strength;
/// use sudoku::{cell_var, encode, Cell, Shape};
///
/// let model = encode(Shape::SIZE_9, Strength::Gac)?;
/// assert_eq!((model.num_vars(), model.num_constraints()), (81, 27));
/// assert_eq!(model.var_name(cell_var(Shape::SIZE_9, Cell::new(2, 6))), Some("r3c7"));
/// assert_eq!(model.constraint_label(csp::constraint::ConstraintId::from_index(9)), "col1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn encode(shape: Shape, strength: Strength) -> Result<Model, ModelError> {
    let n = shape.size();
    let mut model = Model::new();
    for cell in shape.cells() {
        let var = model.new_named_var(cell.to_string(), 1..=n as i32)?;
        debug_assert_eq!(var, cell_var(shape, cell));
    }
    for unit in shape.units() {
        let vars: Vec<VarId> = shape.unit_cells(unit).map(|c| cell_var(shape, c)).collect();
        model.post_named(unit.constraint_name(), AllDifferent::new(vars).with_strength(strength))?;
    }
    Ok(model)
}

/// How a grid model is lowered into an engine (`csp::lower`): the units (and any other
/// all-different groups) compiled into the engine's all-different network at the level that
/// matches `strength` and `locked`, so that the same deductions run a word at a time over the
/// whole grid, after locked values between overlapping units where `locked` asks for them. The
/// units stay posted: the engine runs them instead whenever explanations or traces are wanted.
/// With GAC the units keep running (the network does not match them), after the network's
/// hidden singles, which are cheaper.
pub(crate) fn lowering(strength: Strength, locked: bool) -> Lowering {
    let level = match strength {
        Strength::ForwardChecking => NetworkLevel::ForwardChecking,
        Strength::HiddenSingles if locked => NetworkLevel::LockedValues,
        _ => NetworkLevel::HiddenSingles,
    };
    Lowering::new().intersections(locked).network(level)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Unit;

    #[test]
    fn every_shape_has_one_variable_per_cell_and_one_constraint_per_unit() {
        for shape in Shape::ALL {
            let model = encode(shape, Strength::HiddenSingles).unwrap();
            assert_eq!(model.num_vars(), shape.num_cells());
            assert_eq!(model.num_constraints(), 3 * shape.size());
            let last = shape.cell(shape.num_cells() - 1);
            let n = shape.size();
            assert_eq!(model.var_name(cell_var(shape, last)), Some(format!("r{n}c{n}").as_str()));
            let d = model.initial_domain(cell_var(shape, last));
            assert_eq!((d.len(), d.min(), d.max()), (n, Some(1), Some(n as i32)));
        }
    }

    #[test]
    fn constraints_are_named_and_scoped_by_unit() {
        let shape = Shape::SIZE_6;
        let model = encode(shape, Strength::Gac).unwrap();
        for (i, unit) in shape.units().enumerate() {
            let id = csp::constraint::ConstraintId::from_index(i);
            assert_eq!(model.constraint_name(id), Some(unit.constraint_name().as_str()));
            let scope: Vec<VarId> = shape.unit_cells(unit).map(|c| cell_var(shape, c)).collect();
            assert_eq!(model.constraint(id).scope(), scope.as_slice());
        }
        assert_eq!(model.constraint_name(csp::constraint::ConstraintId::from_index(12)), Some("box1"));
        assert_eq!(Unit::Box(0).constraint_name(), "box1");
    }
}
