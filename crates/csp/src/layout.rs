//! Where each variable lives in the flat domain store, and how it is named in logs.

use std::fmt;

use crate::domain::ValueMap;
use crate::id::VarId;

/// A variable's layout in the flat domain store.
#[derive(Clone, Debug)]
pub(crate) struct VarInfo {
    /// First block of the domain in the store.
    pub(crate) offset: u32,
    /// Number of blocks (at least one).
    pub(crate) words: u32,
    /// Number of initial values.
    pub(crate) len: u32,
    pub(crate) map: ValueMap,
    pub(crate) name: Option<Box<str>>,
}

/// Displays a variable by its name, or `x12`.
pub(crate) struct VarLabel<'a>(pub(crate) &'a VarInfo, pub(crate) VarId);

impl fmt::Display for VarLabel<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0.name {
            Some(n) => f.write_str(n),
            None => write!(f, "{}", self.1),
        }
    }
}
