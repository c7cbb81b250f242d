//! When a constraint runs: the changes that wake it ([`Events`]) and the queue it joins
//! ([`Priority`]).

use std::fmt;

/// When a constraint's [`propagate`](crate::model::constraint::Constraint::propagate) is scheduled: the queue it goes to.
///
/// All `Fast` work is done before any `Normal`, and all `Normal` before any `Slow`, so cheap
/// reasoning reaches its fixed point before expensive reasoning runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Priority {
    /// Constant or linear time in the scope with a small constant (binary constraints).
    Fast = 0,
    /// Linear in the scope (counting, bounds).
    Normal = 1,
    /// Super-linear (matching, tables).
    Slow = 2,
}

/// Which changes of a variable wake a constraint; a set built with `|`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Events(pub(crate) u8);

impl Events {
    /// No event: the variable is read but changes to it do not schedule `propagate`.
    pub const NONE: Events = Events(0);
    /// Call [`Constraint::on_fixed`](crate::model::constraint::Constraint::on_fixed) as soon as the variable is fixed.
    pub const ON_FIXED: Events = Events(1);
    /// Schedule `propagate` when the variable becomes fixed.
    pub const FIXED: Events = Events(2);
    /// Schedule `propagate` when the smallest or largest value is removed.
    pub const BOUNDS: Events = Events(4);
    /// Schedule `propagate` on any removal.
    pub const DOMAIN: Events = Events(8);
    /// [`DOMAIN`](Events::DOMAIN), and record which variable changed: the constraint reads the
    /// local indices with [`Context::take_changed`](crate::constraint::Context::take_changed), so that it can work on what changed
    /// without rescanning its scope (an *advisor* in Gecode's terms).
    pub const TRACK: Events = Events(16 | 8);
    /// [`BOUNDS`](Events::BOUNDS), and record which variable's bounds changed, read as with
    /// [`TRACK`](Events::TRACK): for a constraint that works on bounds only, such as a sum kept
    /// up to date term by term.
    pub const TRACK_BOUNDS: Events = Events(16 | 4);

    /// Whether the changes are recorded for
    /// [`Context::take_changed`](crate::constraint::Context::take_changed)
    /// ([`TRACK`](Events::TRACK) or [`TRACK_BOUNDS`](Events::TRACK_BOUNDS)).
    pub fn tracks(self) -> bool {
        self.0 & 16 != 0
    }

    /// Whether every event of `other` is in `self`.
    pub fn contains(self, other: Events) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether no event is in the set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl std::ops::BitOr for Events {
    type Output = Events;
    fn bitor(self, rhs: Events) -> Events {
        Events(self.0 | rhs.0)
    }
}

impl fmt::Debug for Events {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = [(1, "ON_FIXED"), (2, "FIXED"), (4, "BOUNDS"), (8, "DOMAIN"), (16, "TRACK")];
        let parts: Vec<&str> = names.iter().filter(|(b, _)| self.0 & b != 0).map(|(_, n)| *n).collect();
        if parts.is_empty() {
            f.write_str("NONE")
        } else {
            f.write_str(&parts.join(" | "))
        }
    }
}
