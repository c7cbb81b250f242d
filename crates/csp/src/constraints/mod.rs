//! Built-in constraints.
//!
//! | constraint | meaning | propagation |
//! |---|---|---|
//! | [`AllDifferent`] | pairwise different (with offsets) | [`Strength`]: forward checking, hidden singles, GAC (Régin) |
//! | [`NotEqual`] | `x != y + c` | forward checking |
//! | [`Equal`] | `x = y + c` | domain consistency |
//! | [`Binary`] | any relation given by a predicate | arc consistency |
//! | [`AllDifferentNetwork`] | many all-different constraints over small domains at once ([`Model::compile_all_different`](crate::model::Model::compile_all_different)) | [`NetworkLevel`]: forward checking, hidden singles, locked values, on a value-indexed view, examined where places changed |
//! | [`Intersection`] | implied: locked values between two overlapping all-different constraints | word level |
//! | [`Linear`] | `a1*x1 + ... + an*xn` `=`, `<=`, `>=`, `!=` `c` ([`Comparison`]) | bounds consistency; forward checking for `!=` |
//! | [`Table`] | one of the allowed tuples, or none of the forbidden ones | generalised arc consistency (STR-style scan, counting) |
//! | [`DistinctSum`] | all different with a given sum (killer cages) | [`AllDifferent`] + [`Linear`] + domain consistency of both together (dynamic program) |
//! | [`Element`] | `result = array[index]`, array of variables or constants | domain consistency; bounds for an array of variables with a wide result ([`ElementConsistency`]) |
//! | [`Predicate`] | any condition on complete assignments (the escape hatch) | checked when fixed; forward checking |
//! | [`ReifiedLinear`] | `b <-> a1*x1 + ... + an*xn ⋈ c` for a 0/1 `b` | [`Linear`] once `b` is fixed; entailment on bounds fixes `b` |
//! | [`Arithmetic`] | `z = x * y`, `x / y`, `x mod y`, `x ^ y`, `min`, `max`, `\|x\|` ([`ArithOp`]) | domain consistency up to 4,096 pairs, bounds beyond |
//! | [`Clause`] | `p1 ∨ ... ∨ ¬q1 ∨ ...` over 0/1 variables | unit propagation |
//! | [`Regular`] | the values spell a word of a deterministic automaton | GAC on the layered graph (Pesant) |
//! | [`CountEq`], [`Among`] | how many variables take a value (a variable) or a value of a set | bounds of the count, value removal at the bounds (GAC for a fixed value) |
//! | [`GlobalCardinality`] | how often each listed value is taken (count variables or bounds; open or closed) | GAC on the variables by flow (Régin), bounds on the counts |
//! | [`NValue`] | the number of distinct values | bounds: interval hitting set below, union above; values restricted at the upper bound |
//! | [`AllDifferentExcept`] | pairwise different except some values (`alldifferent_except_0`) | forward checking, GAC matching on the variables without an excepted value |
//! | [`LexLess`] | `x <lex y` or `x <=lex y` | GAC (Frisch et al.) |
//! | [`Increasing`] | `x0 <= x1 <= ...` (or `<`), the chain of binary `<=` | GAC by two bound sweeps |
//! | [`ValuePrecede`] | `s` occurs before any `t` (chains: one per pair) | GAC (Law and Lee) |
//! | [`Inverse`] | `f[i] = j` iff `g[j] = i` | domain consistency of the channelling, GAC matching on each side |
//! | [`Circuit`] | successors form one tour (or a subcircuit) | GAC all-different, no early sub-tour, strongly connected components |
//! | [`Cumulative`] | tasks under a resource capacity | time-tabling on the compulsory-part profile |
//! | [`Disjunctive`] | tasks that do not overlap (unary resource) | overload, detectable precedences, not-first/not-last, edge-finding (Θ-Λ-tree) |
//! | [`BinPacking`] | items in bins with load variables | load bounds, elimination and commitment, `NoSum` knapsack reasoning (Shaw) |
//! | [`Diffn`] | rectangles that do not overlap | pairwise bounds, time-tabling on both projections |
//!
//! Variables with an interval domain (large ranges, [`Domain::is_interval`](crate::domain::Domain::is_interval))
//! work with every value-level constraint; [`AllDifferent`], [`Table`], [`DistinctSum`] and
//! [`Intersection`] reason on bits and refuse them when posted.
//! [`Circuit`], [`Regular`] and [`Inverse`] refuse them too; [`CountEq`], [`Among`], [`NValue`],
//! [`GlobalCardinality`] and [`AllDifferentExcept`] read them by bounds or by listed value.

mod all_different;
mod all_different_except;
mod arith;
mod bin_packing;
mod binary;
mod cardinality;
mod circuit;
mod clause;
mod count;
mod cumulative;
mod diffn;
mod disjunctive;
mod distinct_sum;
mod element;
mod equal;
mod flow_cut;
mod hall_set;
mod increasing;
mod intersection;
mod inverse;
mod lex;
mod linear;
mod matching;
mod member;
mod narrow;
mod network;
mod not_equal;
mod nvalue;
mod predicate;
mod regular;
mod reified;
mod scc;
mod shorthand;
mod table;
mod task_reasons;
mod theta_tree;
mod time_table;
mod value_precede;
mod word_matching;

pub use all_different::{AllDifferent, Strength};
pub use all_different_except::AllDifferentExcept;
pub use arith::{ArithOp, Arithmetic};
pub use bin_packing::BinPacking;
pub use binary::Binary;
pub use cardinality::GlobalCardinality;
pub use circuit::Circuit;
pub use clause::Clause;
pub use count::{Among, CountEq};
pub use cumulative::Cumulative;
pub use diffn::Diffn;
pub use disjunctive::Disjunctive;
pub use distinct_sum::DistinctSum;
pub use element::{Element, ElementConsistency};
pub use equal::Equal;
pub use increasing::Increasing;
pub use intersection::Intersection;
pub use inverse::Inverse;
pub use lex::LexLess;
pub use linear::{Comparison, Linear};
pub use member::MemberReif;
pub use network::{AllDifferentNetwork, NetworkLevel, NETWORK_MAX_VALUES};
pub use not_equal::NotEqual;
pub use nvalue::NValue;
pub use predicate::Predicate;
pub use regular::Regular;
pub use reified::ReifiedLinear;
pub use table::Table;
pub use value_precede::ValuePrecede;

/// Refuses interval domains (large ranges, see [`Domain::is_interval`](crate::domain::Domain::is_interval))
/// for a constraint that reasons on domain bits.
pub(crate) fn refuse_intervals(
    model: &crate::model::Model,
    vars: &[crate::id::VarId],
    kind: &'static str,
) -> Result<(), crate::error::ModelError> {
    match vars.iter().find(|&&x| model.initial_domain(x).is_interval()) {
        Some(&x) => Err(crate::error::ModelError::InvalidConstraint {
            kind,
            message: format!(
                "variable {} has an interval domain of {} values, which this constraint does not support",
                model.display_var(x),
                model.initial_domain(x).len()
            ),
        }),
        None => Ok(()),
    }
}

/// Runs `run` on `c` with `c`'s whole scope as the premises of its removals when explaining
/// (a constraint whose reasoning reads every variable).
fn with_scope_premises<C: crate::model::constraint::Constraint>(
    c: &mut C,
    ctx: &mut crate::context::Context<'_>,
    run: impl FnOnce(&mut C, &mut crate::context::Context<'_>) -> Result<(), crate::error::Conflict>,
) -> Result<(), crate::error::Conflict> {
    let explaining = ctx.is_explaining();
    if explaining {
        ctx.set_premises(c.scope());
    }
    let r = run(c, ctx);
    if explaining {
        ctx.clear_premises();
    }
    r
}

/// Repeats `pass` (which says whether it changed a domain) to its fixed point, the scope as
/// premises ([`with_scope_premises`]).
fn passes_to_fixed_point<C: crate::model::constraint::Constraint>(
    c: &mut C,
    ctx: &mut crate::context::Context<'_>,
    pass: fn(&mut C, &mut crate::context::Context<'_>) -> Result<bool, crate::error::Conflict>,
) -> Result<(), crate::error::Conflict> {
    with_scope_premises(c, ctx, |c, ctx| {
        while pass(c, ctx)? {}
        Ok(())
    })
}

/// Whether a variable occurs more than once in `vars`: the explanations that reason position
/// by position give none for such a scope.
fn has_repeated_var(vars: &[crate::id::VarId]) -> bool {
    let mut sorted: smallvec::SmallVec<[crate::id::VarId; 32]> = vars.iter().copied().collect();
    sorted.sort_unstable();
    sorted.windows(2).any(|w| w[0] == w[1])
}
