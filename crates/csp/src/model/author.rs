//! For authors of constraints: the layout of a model's domain store, read by word-level
//! constraints, and state reserved in it. Not modelling calls, so not methods of [`Model`]:
//! re-exported in [`constraint`](crate::constraint) beside the trait.

use crate::id::{Value, VarId};
use crate::model::Model;
use crate::store::StateSlot;

/// The smallest initial value of `var` when its domain is a contiguous range, which makes bit
/// `i` stand for `min + i` (word-level algorithms use it); `None` for a domain of listed values.
///
/// # Panics
///
/// Panics if `var` is not a variable of `model`.
///
/// # Example
///
/// ```
/// use csp::constraint::range_min;
/// use csp::Model;
///
/// let mut model = Model::new();
/// let x = model.new_var(3..=7)?;
/// let y = model.new_var([1, 5])?;
/// assert_eq!((range_min(&model, x), range_min(&model, y)), (Some(3), None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn range_min(model: &Model, var: VarId) -> Option<Value> {
    model.range_min(var)
}

/// The index of `var`'s first block in the flat domain store: a low-level handle for
/// word-level constraints, read with [`Context::block_at`](crate::context::Context::block_at).
/// Stable for the life of the model.
///
/// # Panics
///
/// Panics if `var` is not a variable of `model`.
pub fn block_offset(model: &Model, var: VarId) -> usize {
    model.block_offset(var)
}

/// Reserves blocks in the store for a constraint's own state, set to `initial` (one block per
/// word), and returns their slot. The blocks are saved at every checkpoint and restored with
/// the domains (and reset with them by [`Solver::reset`](crate::search::Solver::reset)); the
/// constraint reads and writes them with [`Context::state`](crate::context::Context::state) and
/// [`Context::state_mut`](crate::context::Context::state_mut). For incremental state (counters,
/// supports) that must follow the search back: a state of this kind costs nothing to restore.
///
/// # Example
///
/// ```
/// use csp::constraint::add_state;
/// use csp::Model;
///
/// let mut model = Model::new();
/// let x = model.new_var(0..=3)?;
/// let state = add_state(&mut model, &[7, 0]);
/// assert_eq!(state.len(), 2);
/// # let _ = x;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn add_state(model: &mut Model, initial: &[u64]) -> StateSlot {
    model.add_state(initial)
}
