//! Identifiers: variables, their values, and posted constraints.

use std::fmt;

/// The type of the values a variable can take.
///
/// Any `i32` is allowed; each variable maps its values to dense bit indices internally, so a
/// domain such as `{-5, 1000, 7}` costs three bits, not a thousand.
pub type Value = i32;

/// Identifies one variable of a [`Model`](crate::model::Model).
///
/// A `VarId` is a dense index (the first variable created has [`index`](VarId::index) 0)
/// together with a tag naming the model that created it. Posting a constraint, an expression
/// or an objective that names a variable of another model is a
/// [`ModelError::ForeignVar`](crate::error::ModelError::ForeignVar), even when the index exists
/// in both. A clone of a model shares its tag: the ids of the original are valid in the copy.
///
/// Equality, ordering and hashing look at the index alone, so that two ids of one model
/// compare as their variables do; the tag is read only where ids enter a model.
/// [`VarId::from_index`] makes an id with no tag, accepted by every model (for code that
/// already walks a model's variables by index).
///
/// `Display` prints the generic form `x12`; the model knows the variable's name, see
/// [`Model::var_name`](crate::model::Model::var_name).
#[derive(Clone, Copy)]
pub struct VarId {
    index: u32,
    /// The tag of the model that created the variable; [`NO_MODEL`] for an id made by index.
    model: u32,
}

/// The tag of an id made by [`VarId::from_index`]: accepted by every model.
pub(crate) const NO_MODEL: u32 = 0;

impl VarId {
    /// Creates the identifier of the variable with this dense index, with no model tag (any
    /// model accepts it).
    ///
    /// # Panics
    ///
    /// Panics if `index` does not fit in a `u32`.
    #[inline]
    pub fn from_index(index: usize) -> VarId {
        VarId::tagged(index, NO_MODEL)
    }

    /// The identifier of variable `index` of the model tagged `model`.
    #[inline]
    pub(crate) fn tagged(index: usize, model: u32) -> VarId {
        match u32::try_from(index) {
            Ok(i) => VarId { index: i, model },
            Err(_) => panic!("variable index {index} exceeds u32::MAX"),
        }
    }

    /// The dense index of this variable (0 for the first variable of a model).
    #[inline]
    pub fn index(self) -> usize {
        self.index as usize
    }

    /// The tag of the model that created the variable ([`NO_MODEL`] for none).
    #[inline]
    pub(crate) fn model_tag(self) -> u32 {
        self.model
    }
}

impl PartialEq for VarId {
    #[inline]
    fn eq(&self, other: &VarId) -> bool {
        self.index == other.index
    }
}

impl Eq for VarId {}

impl PartialOrd for VarId {
    #[inline]
    fn partial_cmp(&self, other: &VarId) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for VarId {
    #[inline]
    fn cmp(&self, other: &VarId) -> std::cmp::Ordering {
        self.index.cmp(&other.index)
    }
}

impl std::hash::Hash for VarId {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.index.hash(state);
    }
}

impl fmt::Debug for VarId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VarId({})", self.index)
    }
}

impl fmt::Display for VarId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x{}", self.index)
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
