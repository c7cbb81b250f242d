//! Identifiers: variables, their values, and posted constraints.

use std::fmt;

/// The type of the values a variable can take.
///
/// Any `i32` is allowed; each variable maps its values to dense bit indices internally, so a
/// domain such as `{-5, 1000, 7}` costs three bits, not a thousand.
pub type Value = i32;

/// Identifies one variable of a [`Model`](crate::model::Model).
///
/// A `VarId` is a dense index: the first variable created is `VarId::from_index(0)`. It is only
/// meaningful for the model that created it; using it with another model is a programmer error
/// and panics.
///
/// `Display` prints the generic form `x12`; the model knows the variable's name, see
/// [`Model::var_name`](crate::model::Model::var_name).
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(u32);

impl VarId {
    /// Creates the identifier of the variable with this dense index.
    ///
    /// # Panics
    ///
    /// Panics if `index` does not fit in a `u32`.
    #[inline]
    pub fn from_index(index: usize) -> VarId {
        match u32::try_from(index) {
            Ok(i) => VarId(i),
            Err(_) => panic!("variable index {index} exceeds u32::MAX"),
        }
    }

    /// The dense index of this variable (0 for the first variable of a model).
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for VarId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VarId({})", self.0)
    }
}

impl fmt::Display for VarId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x{}", self.0)
    }
}

/// Identifies one posted constraint of a model, in posting order.
#[repr(transparent)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConstraintId(pub(crate) u32);

impl ConstraintId {
    /// The identifier of the constraint posted `index`-th (from 0).
    #[inline]
    pub fn from_index(index: usize) -> ConstraintId {
        ConstraintId(u32::try_from(index).expect("constraint index exceeds u32::MAX"))
    }

    /// The posting index of this constraint.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for ConstraintId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ConstraintId({})", self.0)
    }
}

impl fmt::Display for ConstraintId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "c{}", self.0)
    }
}
