//! Reasoning a person can follow: deductions over all-different constraints, each with the
//! variables, values and constraints that justify it.
//!
//! Propagation ([`Solver::propagate`](csp::Solver::propagate)) reaches a fixed point fast and
//! says little about why. This module finds the *same kind* of deductions one at a time, from
//! the easiest, and names their reasons, so that a front end can tell a solve the way a person
//! would do it and rate how hard it was. It works on a snapshot of the engine's state,
//! [`Candidates`]: the current domains of the variables of every constraint that implies
//! all-different ([`Constraint::implied_all_different`](csp::constraint::Constraint::implied_all_different)),
//! which it calls *groups*.
//!
//! # Background
//!
//! Write `D(x)` for the domain of `x`. A group `G` is *tight* when its variables' domains hold
//! exactly as many values as `G` has variables: then every one of those values is taken in `G`.
//!
//! | module | deduction | justified by |
//! |---|---|---|
//! | [`singles`] | `x = v` when `D(x) = {v}` (naked single), or when `v` has one place left in a tight group (hidden single) | the domain, or the group |
//! | [`subsets`] | Hall sets: `k` variables of a group whose domains hold `k` values between them take those values, so the group's other variables lose them (naked subset); `k` values with `k` places in a tight group fill them, so those variables lose every other value (hidden subset) | the group and the set |
//! | [`fish`] | a value that, within `k` disjoint tight groups (the bases), can only go in the union of `k` disjoint groups (the covers) leaves the rest of the covers; `k = 1` is locked candidates | the value, bases and covers |
//! | [`finned`] | a fish but for *fins* sharing a group: a fin takes the value, or the fish holds; either way a cover's variable outside the bases that shares a group with every fin loses it | the value, bases, covers and fins |
//! | [`franken`] | a fish whose bases and covers each mix families of groups (no two bases sharing a place of the value), with fins or without: a cover's variable outside the bases that shares a group with every fin loses the value | the value, bases, covers and fins |
//! | [`links`] | strong links (a value's two places in a tight group) joined by weak links: two links, a group emptied through two others, W-wings | the links |
//! | [`colouring`] | chains of strong links of one value (or of variables holding the same two values) coloured alternately: one colour is true | the chain |
//! | [`als`] | almost locked sets (`k` variables pairwise sharing a group, `k + 1` values) with a two-valued variable: a value is taken by one or the other, so the variables sharing a group with all its places lose it (WXYZ- to TUVWXYZ-wings); two or three sets joined by restricted common values (ALS-XZ, ALS-XY-wing) | the sets, the variable and the values |
//! | [`aic`] | alternating inference chains whose nodes are candidates, a value's places where two groups cross, or a value's places in an almost locked set: one endpoint is true; continuous loops (every weak link has a true end) and discontinuous ones (a candidate that would be true were it false) | the nodes and their links |
//! | [`wings`] | XY- and XYZ-wings: a pivot and two pincers sharing a group with it force a value into a pincer (or the pivot), so the variables sharing a group with all of them lose it | the pivot, pincers and value |
//! | [`uniqueness`] | deadly rectangles and the bivalue universal grave: patterns that would give a second solution; **only** for a problem known to have at most one, whose only constraints are its groups | the pattern |
//! | [`grave`] | BUG types 3 and 4: a few variables hold more than two values, and without their extra values the rest would be a grave; in one group, their extra values join a naked subset (type 3), or a value with no other place there forces one of two (type 4); **only** for a problem known to have at most one solution | the grave, the group |
//! | [`sue_de_coq`] | two groups sharing variables: in the overlap, variables with two values more than themselves, and locked sets on each side with no value in common; the rest of each group loses the values that the other side cannot hold | the groups and the three sets |
//! | [`sums`] | for variables with a known total (a killer cage, a [`DistinctSum`](csp::constraints::DistinctSum)): the value sets that make it (combinations), the values each variable takes in one of them, and the innies and outies of a union of tight groups (the rule of 45) | the sums and the groups |
//! | [`interactions`] | the sums crossing a tight group, taken together: the value sets each sum's part of the group can take (a share of one of its combinations) that leave the other parts room to fill the group, and the values those sets give each variable | the group and the sums |
//! | [`nested`] | a trial whose consequences also use, at each step, the refutations of simpler trials drawn under the assumption (nested forcing chains, by level) | the chain, its branches and the contradiction |
//! | [`sum_trial`] | an assumption `x = v` whose consequences by singles and by the combinations of the sums it touches reach a contradiction refutes `v` | the placements, the sums and the contradiction |
//! | [`trial`] | an assumption `x = v` whose consequences by singles (or, with [`Trial::refute_deep`](trial::Trial::refute_deep), by locked values and subsets too) reach a contradiction refutes `v`: `x != v` | the chain of implications and the contradiction |
//!
//! All of them but [`uniqueness`] and [`grave`] are sound for any all-different constraint, not only Sudoku's permutations:
//! hidden singles and hidden subsets and fish bases are only used in tight groups.
//!
//! A snapshot is taken with [`Candidates::from_solver`], changed by the caller as it applies
//! deductions ([`Candidates::remove`], [`Candidates::assign`], [`Candidates::settle`]), and
//! read back by variable. Trial propagation runs on a scratch copy of the domains inside
//! [`trial::Trial`], not through the engine's checkpoints: it must record each implication
//! and its premises to report the chain (which the engine's propagation does not), and it
//! runs hundreds of times per step, so it is a tight loop over 64-bit masks.
//!
//! # Example
//!
//! ```
//! use logic::{singles, Candidates};
//! use csp::Model;
//! use csp::constraints::AllDifferent;
//!
//! // Three variables, pairwise different, over 1..=3; x is 1, y cannot be 3.
//! let mut model = Model::new();
//! let v = model.new_vars(3, 1..=3)?;
//! model.post(AllDifferent::new(v.clone()))?;
//! let mut solver = model.into_solver();
//! solver.assign(v[0], 1)?;
//! solver.remove_value(v[1], 3)?;
//! let mut c = Candidates::from_solver(&solver)?;
//! c.settle(c.local(v[0]).unwrap()); // x = 1 leaves y and z
//! let single = singles::find(&c).next().expect("y is a naked single");
//! assert_eq!((c.var(single.var), c.value(single.bit)), (v[1], 2));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Bibliography
//!
//! * P. Hall, "On representatives of subsets", J. London Math. Soc. 10 (1935): Hall sets.
//! * J.-C. Régin, "A filtering algorithm for constraints of difference in CSPs", AAAI 1994.
//! * N. Juillerat, *Sudoku Explainer* (2006–2007): the ladder of techniques and its ratings.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![deny(rustdoc::broken_intra_doc_links)]

pub mod aic;
pub mod als;
mod candidates;
pub mod colouring;
pub mod finned;
pub mod fish;
pub mod franken;
pub mod grave;
pub mod interactions;
pub mod links;
pub mod nested;
pub mod singles;
#[cfg(test)]
mod soundness;
pub mod subsets;
pub mod sue_de_coq;
pub mod sum_trial;
pub mod sums;
pub mod trial;
pub mod uniqueness;
pub mod wings;

pub use candidates::{bits, Candidates, Contradiction, Group, UnsupportedState};

/// A Latin square of size `n` for the tests: rows (family 0) then columns (family 1).
#[cfg(test)]
pub(crate) fn latin_square(n: usize) -> (csp::Solver, Vec<csp::VarId>) {
    let mut model = csp::Model::new();
    let v = model.new_vars(n * n, 1..=n as i32).unwrap();
    for r in 0..n {
        model.post(csp::constraints::AllDifferent::new((0..n).map(|c| v[r * n + c]).collect::<Vec<_>>())).unwrap();
    }
    for c in 0..n {
        model.post(csp::constraints::AllDifferent::new((0..n).map(|r| v[r * n + c]).collect::<Vec<_>>())).unwrap();
    }
    (model.into_solver(), v)
}

/// A 9x9 Sudoku without givens for the tests: rows, columns, boxes (families 0, 1, 2), cell
/// `9 r + c` the variable `v[9 r + c]`.
#[cfg(test)]
pub(crate) fn sudoku_grid() -> (csp::Solver, Vec<csp::VarId>) {
    use csp::constraints::AllDifferent;
    use csp::{Model, VarId};
    let mut model = Model::new();
    let v: Vec<VarId> = model.new_vars(81, 1..=9).unwrap();
    let unit = |f: &dyn Fn(usize) -> usize| (0..9).map(|i| v[f(i)]).collect::<Vec<_>>();
    for r in 0..9 {
        model.post(AllDifferent::new(unit(&|i| r * 9 + i))).unwrap();
    }
    for c in 0..9 {
        model.post(AllDifferent::new(unit(&|i| i * 9 + c))).unwrap();
    }
    for b in 0..9 {
        model.post(AllDifferent::new(unit(&|i| (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3))).unwrap();
    }
    (model.into_solver(), v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp::branching::Rng;

    /// Candidates of a 9x9 grid under rows, columns and boxes (families 0, 1, 2), with
    /// random values removed (`None` when the removals meet a conflict).
    fn random_grid(seed: u64) -> Option<Candidates> {
        let (mut solver, v) = sudoku_grid();
        let mut rng = Rng::new(seed);
        // From a few removals (many fish and subsets left) to many (few).
        let share = 2 + rng.below(5);
        for &x in &v {
            for value in 1..=9 {
                if rng.below(10) < share {
                    solver.remove_value(x, value).ok()?;
                }
            }
        }
        Candidates::from_solver(&solver).ok()
    }

    #[test]
    fn the_first_subset_or_fish_is_the_first_of_all_of_them() {
        let (mut states, mut found) = (0, 0);
        for seed in 0..400 {
            let Some(c) = random_grid(seed) else { continue };
            states += 1;
            for k in 1..=4 {
                let naked = subsets::naked(&c, k).into_iter().next();
                let hidden = subsets::hidden(&c, k).into_iter().next();
                found += usize::from(naked.is_some()) + usize::from(hidden.is_some());
                assert_eq!(subsets::naked_first(&c, k), naked, "seed {seed}, k {k}");
                assert_eq!(subsets::hidden_first(&c, k), hidden, "seed {seed}, k {k}");
                for (base, cover) in [(0, 1), (1, 0), (2, 0), (2, 1), (0, 2), (1, 2)] {
                    let fish = fish::find(&c, base, cover, k).into_iter().next();
                    found += usize::from(fish.is_some());
                    assert_eq!(fish::find_first(&c, base, cover, k), fish, "seed {seed}, k {k}, {base}/{cover}");
                }
            }
        }
        assert!(states > 100 && found > 500, "{states} states, {found} found");
    }

    #[test]
    fn a_trial_within_a_length_finds_the_same_chain_when_it_is_that_short() {
        let mut trial = trial::Trial::default();
        let mut bounded = trial::Trial::default();
        let (mut short, mut long) = (0, 0);
        for seed in 0..60 {
            let Some(c) = random_grid(seed) else { continue };
            for var in 0..c.num_vars() as u32 {
                for bit in candidates::bits(c.mask(var)) {
                    for links in
                        [trial::Links::Value, trial::Links::Variables, trial::Links::Singles, trial::Links::Static]
                    {
                        let full = trial.refute_with(&c, var, bit, links);
                        for max in [1, 2, 3, 5, 8] {
                            let want = full.clone().filter(|chain| chain.length() <= max);
                            match &want {
                                Some(_) => short += 1,
                                None if full.is_some() => long += 1,
                                None => {}
                            }
                            assert_eq!(
                                bounded.refute_within(&c, var, bit, links, max),
                                want,
                                "{seed} {var} {bit} {max}"
                            );
                        }
                    }
                }
            }
        }
        assert!(short > 100 && long > 100, "{short} short enough, {long} too long");
    }
}
