//! Why a domain changed: the rule a constraint applied (reported in events and logs).

use std::fmt;

use crate::id::{ConstraintId, Value, VarId};

/// Why a value was removed: the rule a constraint applied.
///
/// The premises (other variables the rule rests on) are given by
/// [`Context::set_premises`](crate::constraint::Context::set_premises) when explanations are on; see [`crate::event::Event`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rule {
    /// Another variable of the constraint took this value (forward checking).
    ValueTaken {
        /// The variable that took it.
        var: VarId,
        /// The value, in that variable's terms.
        value: Value,
    },
    /// The value has one place left in the constraint, so it goes there.
    OnlyPlace {
        /// The value placed.
        value: Value,
    },
    /// Fewer values are left among the constraint's variables than there are variables.
    Pigeonhole,
    /// A Hall set: the premises take exactly as many values as they are, and this value is one
    /// of them (generalised arc consistency for all-different).
    HallSet,
    /// Two constraints overlap: the value must be taken inside the overlap, so it is removed
    /// from the rest of the other constraint (in Sudoku terms, a locked candidate).
    Locked {
        /// The value.
        value: Value,
        /// The constraint in which the value is confined to the overlap.
        within: ConstraintId,
    },
    /// A bound of a sum or an order relation.
    Bounds,
    /// No supporting tuple or value is left for this value (tables, relations).
    NoSupport,
    /// A search decision (`x = v` removes the other values).
    Decision,
    /// The refutation of a search decision after backtracking (`x != v`).
    Refutation,
    /// A value removed or assigned by the caller outside search.
    External,
    /// A nogood learnt by the search ([`Restarts`](crate::search::Restarts)): with the other values
    /// its nogood names fixed, this one would repeat a refuted branch.
    Nogood,
    /// Any other reason a constraint gives.
    Other,
}

/// Displays a rule by its log name (`value_taken`).
pub(crate) struct RuleName(pub(crate) Rule);

impl fmt::Display for RuleName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Rule::ValueTaken { .. } => "value_taken",
            Rule::OnlyPlace { .. } => "only_place",
            Rule::Pigeonhole => "pigeonhole",
            Rule::HallSet => "hall_set",
            Rule::Locked { .. } => "locked",
            Rule::Bounds => "bounds",
            Rule::NoSupport => "no_support",
            Rule::Decision => "decision",
            Rule::Refutation => "refutation",
            Rule::External => "external",
            Rule::Nogood => "nogood",
            Rule::Other => "other",
        })
    }
}
