//! [`Candidates`]: a snapshot of the domains of the variables of all-different groups.

use std::fmt;

use csp::constraint::ConstraintId;
use csp::Solver;
use csp::{Value, VarId};

/// No index.
pub(crate) const NONE: u32 = u32::MAX;

/// A constraint that implies all-different, as a group of [`Candidates`]' variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The engine constraint.
    pub constraint: ConstraintId,
    /// Its variables, as local indices of the [`Candidates`], in the constraint's order.
    pub vars: Vec<u32>,
    /// Whether the group is tight: its variables' domains held, when the snapshot was taken,
    /// exactly as many values as it has variables, so that each of those values is taken in
    /// the group. Hidden singles, hidden subsets and fish bases use tight groups only.
    pub tight: bool,
    /// The values of the group's domains when the snapshot was taken (bit `b` for value
    /// [`Candidates::value`]`(b)`).
    pub values: u64,
}

/// Why a snapshot of the engine's state cannot be reasoned about.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UnsupportedState {
    /// The values of the grouped variables span more than 64 (from `min` to `max`).
    TooWide {
        /// The smallest value.
        min: Value,
        /// The largest value.
        max: Value,
    },
    /// The engine state is failed (a conflict since the last restore).
    Failed,
}

impl fmt::Display for UnsupportedState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnsupportedState::TooWide { min, max } => {
                write!(f, "the values of all-different variables span {min}..={max}, more than 64")
            }
            UnsupportedState::Failed => f.write_str("the engine state is failed"),
        }
    }
}

impl std::error::Error for UnsupportedState {}

/// A dead end of the candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contradiction {
    /// A variable has no value left.
    Empty {
        /// The variable (local index).
        var: u32,
    },
    /// A value of a tight group has no place left in it.
    NoPlace {
        /// The group (index into [`Candidates::groups`]).
        group: u32,
        /// The value's bit.
        bit: u32,
    },
}

/// The domains of the variables of every all-different group of a model, at one state of the
/// engine, as 64-bit masks; changed by the caller as it applies deductions.
///
/// Variables get *local* indices `0..num_vars()`, in increasing [`VarId`] order (so a model
/// whose every variable is grouped has local `i` = variable `i`). Values get *bits*: bit `b`
/// stands for [`value`](Candidates::value)`(b)`, the smallest grouped value plus `b`.
///
/// A variable is *settled* once it is fixed and its value has been removed from every other
/// variable of its groups ([`settle`](Candidates::settle)); a fixed variable that is not
/// settled is a pending naked single.
///
/// The groups also come in *families* ([`families`](Candidates::families)): maximal sets of
/// pairwise disjoint groups, formed greedily in model order (for a Sudoku: the rows, the
/// columns, the boxes). Fish take their bases from one family and their covers from another.
#[derive(Clone, Debug)]
pub struct Candidates {
    vars: Vec<VarId>,
    /// By `VarId::index()`: the local index, or `NONE`.
    local_of: Vec<u32>,
    base: Value,
    width: u32,
    masks: Vec<u64>,
    settled: Vec<bool>,
    groups: Vec<Group>,
    /// The groups of local `v`: `var_groups[var_group_start[v]..var_group_start[v + 1]]`.
    var_group_start: Vec<u32>,
    var_groups: Vec<u32>,
    families: Vec<Vec<u32>>,
    /// By family, then local: the family's group holding the variable, or `NONE`.
    family_group: Vec<Vec<u32>>,
}

impl Candidates {
    /// A snapshot of `solver`'s current domains for the variables of the model's constraints
    /// that imply all-different.
    ///
    /// # Errors
    ///
    /// [`UnsupportedState`] if the grouped variables' values span more than 64, or if the
    /// state is failed.
    pub fn from_solver(solver: &Solver) -> Result<Candidates, UnsupportedState> {
        if solver.is_failed() {
            return Err(UnsupportedState::Failed);
        }
        let model = solver.model();
        let scopes: Vec<(ConstraintId, Vec<VarId>)> = model
            .constraints()
            .filter_map(|(id, c)| c.implied_all_different().map(|s| (id, s.to_vec())))
            .filter(|(_, s)| !s.is_empty())
            .collect();
        let mut local_of = vec![NONE; model.num_vars()];
        for (_, scope) in &scopes {
            for v in scope {
                local_of[v.index()] = 0;
            }
        }
        let mut vars = Vec::new();
        for (i, l) in local_of.iter_mut().enumerate() {
            if *l == 0 {
                *l = vars.len() as u32;
                vars.push(VarId::from_index(i));
            }
        }
        let (mut lo, mut hi) = (Value::MAX, Value::MIN);
        for &v in &vars {
            let d = model.initial_domain(v);
            if let (Some(a), Some(b)) = (d.min(), d.max()) {
                lo = lo.min(a);
                hi = hi.max(b);
            }
        }
        if vars.is_empty() {
            lo = 0;
            hi = 0;
        }
        if i64::from(hi) - i64::from(lo) >= 64 {
            return Err(UnsupportedState::TooWide { min: lo, max: hi });
        }
        let masks: Vec<u64> =
            vars.iter().map(|&v| solver.domain(v).iter().fold(0u64, |m, x| m | 1 << (x - lo) as u32)).collect();
        let groups: Vec<Group> = scopes
            .into_iter()
            .map(|(constraint, scope)| {
                let vars: Vec<u32> = scope.iter().map(|v| local_of[v.index()]).collect();
                let values = vars.iter().fold(0, |m, &l| m | masks[l as usize]);
                let tight = values.count_ones() as usize == vars.len();
                Group { constraint, vars, tight, values }
            })
            .collect();
        let n = vars.len();
        let mut per_var: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (g, group) in groups.iter().enumerate() {
            for &l in &group.vars {
                if per_var[l as usize].last() != Some(&(g as u32)) {
                    per_var[l as usize].push(g as u32);
                }
            }
        }
        let mut var_group_start = Vec::with_capacity(n + 1);
        let mut var_groups = Vec::new();
        for list in &per_var {
            var_group_start.push(var_groups.len() as u32);
            var_groups.extend_from_slice(list);
        }
        var_group_start.push(var_groups.len() as u32);
        // Families: each group joins the first family it is disjoint from.
        let mut families: Vec<Vec<u32>> = Vec::new();
        let mut family_group: Vec<Vec<u32>> = Vec::new();
        for (g, group) in groups.iter().enumerate() {
            let f = family_group
                .iter()
                .position(|owner| group.vars.iter().all(|&l| owner[l as usize] == NONE))
                .unwrap_or_else(|| {
                    families.push(Vec::new());
                    family_group.push(vec![NONE; n]);
                    families.len() - 1
                });
            families[f].push(g as u32);
            for &l in &group.vars {
                family_group[f][l as usize] = g as u32;
            }
        }
        Ok(Candidates {
            vars,
            local_of,
            base: lo,
            width: (hi - lo + 1) as u32,
            masks,
            settled: vec![false; n],
            groups,
            var_group_start,
            var_groups,
            families,
            family_group,
        })
    }

    /// The number of variables.
    pub fn num_vars(&self) -> usize {
        self.vars.len()
    }

    /// The engine variable of local `var`.
    ///
    /// # Panics
    ///
    /// Panics if `var >= num_vars()`.
    pub fn var(&self, var: u32) -> VarId {
        self.vars[var as usize]
    }

    /// The local index of `var`, if it is in a group.
    pub fn local(&self, var: VarId) -> Option<u32> {
        self.local_of.get(var.index()).copied().filter(|&l| l != NONE)
    }

    /// The value of bit `bit`.
    pub fn value(&self, bit: u32) -> Value {
        self.base + bit as Value
    }

    /// The bit of `value`, if it is within the grouped values' span.
    pub fn bit(&self, value: Value) -> Option<u32> {
        let b = i64::from(value) - i64::from(self.base);
        (0..i64::from(self.width)).contains(&b).then_some(b as u32)
    }

    /// The number of value bits.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The current domain of local `var` as a mask of bits.
    #[inline]
    pub fn mask(&self, var: u32) -> u64 {
        self.masks[var as usize]
    }

    /// Every variable's mask, by local index.
    pub fn masks(&self) -> &[u64] {
        &self.masks
    }

    /// The bit of `var`'s value if it is fixed.
    #[inline]
    pub fn fixed_bit(&self, var: u32) -> Option<u32> {
        let m = self.masks[var as usize];
        (m.count_ones() == 1).then(|| m.trailing_zeros())
    }

    /// Whether `var` is settled (see the type's docs).
    #[inline]
    pub fn is_settled(&self, var: u32) -> bool {
        self.settled[var as usize]
    }

    /// Whether every variable is fixed.
    pub fn is_solved(&self) -> bool {
        self.masks.iter().all(|m| m.count_ones() == 1)
    }

    /// The groups, in model order.
    pub fn groups(&self) -> &[Group] {
        &self.groups
    }

    /// The groups that contain local `var`, in model order.
    pub fn groups_of(&self, var: u32) -> &[u32] {
        let (a, b) = (self.var_group_start[var as usize], self.var_group_start[var as usize + 1]);
        &self.var_groups[a as usize..b as usize]
    }

    /// The families of pairwise disjoint groups (see the type's docs).
    pub fn families(&self) -> &[Vec<u32>] {
        &self.families
    }

    /// The group of `family` that holds local `var`, if any.
    pub fn family_group(&self, family: usize, var: u32) -> Option<u32> {
        let g = self.family_group[family][var as usize];
        (g != NONE).then_some(g)
    }

    /// Sets the domain of `var` to `mask` (a scratch copy's undo).
    pub(crate) fn set_mask(&mut self, var: u32, mask: u64) {
        self.masks[var as usize] = mask;
    }

    /// Removes the bits of `mask` from `var`; returns those that were there.
    pub fn remove(&mut self, var: u32, mask: u64) -> u64 {
        let m = &mut self.masks[var as usize];
        let gone = *m & mask;
        *m &= !mask;
        gone
    }

    /// Fixes `var` to `bit` (it is then a pending naked single until settled); returns the
    /// bits removed.
    pub fn assign(&mut self, var: u32, bit: u32) -> u64 {
        let m = &mut self.masks[var as usize];
        let gone = *m & !(1 << bit);
        *m &= 1 << bit;
        gone
    }

    /// Settles fixed `var`: removes its value from every other variable of its groups and
    /// returns them with the group that justified it (the first of the variable's groups that
    /// holds them). Does nothing for a variable that is not fixed or already settled.
    pub fn settle(&mut self, var: u32) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        let Some(bit) = self.fixed_bit(var).filter(|_| !self.settled[var as usize]) else { return out };
        self.settled[var as usize] = true;
        let (a, b) = (self.var_group_start[var as usize] as usize, self.var_group_start[var as usize + 1] as usize);
        for k in a..b {
            let g = self.var_groups[k];
            for &peer in &self.groups[g as usize].vars {
                if peer != var && self.masks[peer as usize] & (1 << bit) != 0 {
                    self.masks[peer as usize] &= !(1 << bit);
                    out.push((peer, g));
                }
            }
        }
        out
    }

    /// The places of `bit` in `group`: its variables whose domain holds it, as a count and
    /// the first one.
    #[inline]
    pub(crate) fn places(&self, group: u32, bit: u32) -> (u32, u32) {
        let mut count = 0;
        let mut first = NONE;
        for &l in &self.groups[group as usize].vars {
            if self.masks[l as usize] & (1 << bit) != 0 {
                if count == 0 {
                    first = l;
                }
                count += 1;
            }
        }
        (count, first)
    }

    /// A dead end of the current domains, if any: a variable without values (the first), or
    /// a value of a tight group without a place in it.
    pub fn contradiction(&self) -> Option<Contradiction> {
        if let Some(v) = self.masks.iter().position(|&m| m == 0) {
            return Some(Contradiction::Empty { var: v as u32 });
        }
        for (g, group) in self.groups.iter().enumerate() {
            if !group.tight {
                continue;
            }
            let union = group.vars.iter().fold(0, |m, &l| m | self.masks[l as usize]);
            let missing = group.values & !union;
            if missing != 0 {
                return Some(Contradiction::NoPlace { group: g as u32, bit: missing.trailing_zeros() });
            }
        }
        None
    }
}

/// The bits of `mask`, lowest first: the candidates of a mask of [`Candidates::mask`], or the
/// positions of a set.
///
/// # Example
///
/// ```
/// assert_eq!(logic::bits(0b1010_0001).collect::<Vec<_>>(), [0, 5, 7]);
/// ```
#[inline]
pub fn bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let b = mask.trailing_zeros();
            mask &= mask - 1;
            b
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::latin_square;

    #[test]
    fn rows_and_columns_form_two_families_of_tight_groups() {
        let (solver, _) = latin_square(4);
        let c = Candidates::from_solver(&solver).unwrap();
        assert_eq!(c.num_vars(), 16);
        assert_eq!(c.families(), &[vec![0, 1, 2, 3], vec![4, 5, 6, 7]]);
        assert!(c.groups().iter().all(|g| g.tight && g.values == 0b1111));
        assert_eq!(c.groups_of(5), &[1, 5]);
        assert_eq!(c.family_group(1, 5), Some(5));
        assert_eq!((c.value(0), c.bit(4), c.bit(5)), (1, Some(3), None));
    }

    #[test]
    fn settling_removes_the_value_from_every_peer_once() {
        let (mut solver, v) = latin_square(4);
        solver.assign(v[0], 2).unwrap();
        let mut c = Candidates::from_solver(&solver).unwrap();
        assert_eq!(c.fixed_bit(0), Some(1));
        let gone = c.settle(0);
        assert_eq!(gone.len(), 6);
        assert!(gone.iter().all(|&(l, _)| c.mask(l) & 0b10 == 0));
        assert!(c.settle(0).is_empty());
        assert!(c.contradiction().is_none());
        c.remove(1, 0b1101);
        assert_eq!(c.contradiction(), Some(Contradiction::Empty { var: 1 }));
    }

    #[test]
    fn a_value_without_a_place_in_a_tight_group_is_a_contradiction() {
        let (solver, _) = latin_square(3);
        let mut c = Candidates::from_solver(&solver).unwrap();
        for l in [0, 1, 2] {
            c.remove(l, 0b100);
        }
        assert_eq!(c.contradiction(), Some(Contradiction::NoPlace { group: 0, bit: 2 }));
    }
}
