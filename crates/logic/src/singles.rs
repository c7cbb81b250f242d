//! Singles: a variable with one value left (naked), or a value with one place left in a
//! tight group (hidden).

use super::candidates::{bits, Candidates};

/// Why a [`Single`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Why {
    /// The variable has no other value left.
    Naked,
    /// The variable is the value's only place left in the tight group.
    Hidden {
        /// The group (index into [`Candidates::groups`]).
        group: u32,
    },
}

/// A variable that must take a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Single {
    /// The variable (local index).
    pub var: u32,
    /// The value's bit.
    pub bit: u32,
    /// Why.
    pub why: Why,
}

/// Every naked single: a fixed variable not yet settled, in local order.
pub fn naked(c: &Candidates) -> impl Iterator<Item = Single> + '_ {
    (0..c.num_vars() as u32)
        .filter(|&v| !c.is_settled(v))
        .filter_map(move |var| c.fixed_bit(var).map(|bit| Single { var, bit, why: Why::Naked }))
}

/// Every hidden single: a value of a tight group with one place, not yet fixed there; by
/// group, then value. A variable can appear more than once (for several groups, or for two
/// values, which is a contradiction that [`Candidates::contradiction`] reports once the
/// first is applied).
pub fn hidden(c: &Candidates) -> impl Iterator<Item = Single> + '_ {
    c.groups().iter().enumerate().filter(|(_, g)| g.tight).flat_map(move |(g, group)| {
        bits(group.values).filter_map(move |bit| {
            let (count, place) = c.places(g as u32, bit);
            (count == 1 && c.fixed_bit(place).is_none()).then_some(Single {
                var: place,
                bit,
                why: Why::Hidden { group: g as u32 },
            })
        })
    })
}

/// The hidden singles of `groups` (indices into [`Candidates::groups`]), in the order of
/// `groups`, then by value: [`hidden`] restricted to those groups, without looking at the
/// others (the ladder of a Sudoku front end asks for boxes, then rows, then columns).
pub fn hidden_in<'a>(c: &'a Candidates, groups: &'a [u32]) -> impl Iterator<Item = Single> + 'a {
    groups.iter().filter(|&&g| c.groups()[g as usize].tight).flat_map(move |&g| {
        bits(c.groups()[g as usize].values).filter_map(move |bit| {
            let (count, place) = c.places(g, bit);
            (count == 1 && c.fixed_bit(place).is_none()).then_some(Single {
                var: place,
                bit,
                why: Why::Hidden { group: g },
            })
        })
    })
}

/// Every single, naked ones first.
pub fn find(c: &Candidates) -> impl Iterator<Item = Single> + '_ {
    naked(c).chain(hidden(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp::constraints::AllDifferent;
    use csp::Model;

    #[test]
    fn a_value_with_one_place_is_a_hidden_single_and_not_before_it_is_alone() {
        let mut model = Model::new();
        let v = model.new_vars(3, 1..=3).unwrap();
        model.post(AllDifferent::new(v.clone())).unwrap();
        let mut solver = model.into_solver();
        solver.remove_value(v[0], 3).unwrap();
        let c = Candidates::from_solver(&solver).unwrap();
        assert_eq!(hidden(&c).count(), 0);
        assert_eq!(naked(&c).count(), 0);
        solver.remove_value(v[1], 3).unwrap();
        let c = Candidates::from_solver(&solver).unwrap();
        let found: Vec<Single> = find(&c).collect();
        assert_eq!(found, [Single { var: 2, bit: 2, why: Why::Hidden { group: 0 } }]);
        assert_eq!(hidden_in(&c, &[0]).collect::<Vec<_>>(), hidden(&c).collect::<Vec<_>>());
    }

    #[test]
    fn hidden_singles_of_some_groups_are_those_of_every_group_in_them() {
        // A 4x4 Latin square (rows 0..4, columns 4..8) with a few values removed.
        let mut model = Model::new();
        let v = model.new_vars(16, 1..=4).unwrap();
        for i in 0..4 {
            model.post(AllDifferent::new((0..4).map(|j| v[i * 4 + j]).collect::<Vec<_>>())).unwrap();
        }
        for j in 0..4 {
            model.post(AllDifferent::new((0..4).map(|i| v[i * 4 + j]).collect::<Vec<_>>())).unwrap();
        }
        let mut solver = model.into_solver();
        for (x, value) in [(0, 1), (1, 1), (2, 1), (5, 2), (9, 2), (13, 3), (14, 4)] {
            solver.remove_value(v[x], value).unwrap();
        }
        let c = Candidates::from_solver(&solver).unwrap();
        let all: Vec<Single> = hidden(&c).collect();
        assert!(!all.is_empty());
        for groups in [vec![0, 1, 2, 3], vec![4, 5, 6, 7], vec![1, 6], (0..8).collect()] {
            let want: Vec<Single> = all
                .iter()
                .copied()
                .filter(|s| matches!(s.why, Why::Hidden { group } if groups.contains(&group)))
                .collect();
            assert_eq!(hidden_in(&c, &groups).collect::<Vec<_>>(), want, "{groups:?}");
        }
    }

    #[test]
    fn hidden_singles_need_a_tight_group() {
        // Two variables over 1..=3: 3 has one place, but need not be taken.
        let mut model = Model::new();
        let v = model.new_vars(2, 1..=3).unwrap();
        model.post(AllDifferent::new(v.clone())).unwrap();
        let mut solver = model.into_solver();
        solver.remove_value(v[0], 3).unwrap();
        let c = Candidates::from_solver(&solver).unwrap();
        assert!(!c.groups()[0].tight);
        assert_eq!(hidden(&c).count(), 0);
    }
}
