//! Property tests: on small random CSPs the engine agrees with brute-force enumeration, for
//! every all-different strength, variable and value order, and snapshot mode.

use std::collections::BTreeSet;

mod common;

use common::brute_force_by;
use csp::branching::{Rng, SearchView, TieBreak, ValueOrder, ValueSelector, VarOrder, VariableSelector};
use csp::constraints::{AllDifferent, Binary, Equal, NetworkLevel, NotEqual, Predicate, Strength};
use csp::solve::SnapshotMode;
use csp::{Domain, Limits, Model, Solver, Value, VarId};
use proptest::prelude::*;

/// A constraint of a random model, kept as data so the model can be rebuilt.
#[derive(Clone, Debug)]
enum Spec {
    AllDiff(Vec<usize>, Vec<Value>),
    NotEqual(usize, usize, Value),
    Equal(usize, usize, Value),
    /// Allowed pairs as a bit table over values 0..8 x 0..8.
    Relation(usize, usize, u64),
}

#[derive(Clone, Debug)]
struct Instance {
    domains: Vec<Vec<Value>>,
    specs: Vec<Spec>,
}

fn instance() -> impl Strategy<Value = Instance> {
    (2usize..=5).prop_flat_map(|n| {
        let domains = proptest::collection::vec(proptest::collection::btree_set(-2i32..6, 1..=5), n)
            .prop_map(|ds| ds.into_iter().map(|d| d.into_iter().collect::<Vec<_>>()).collect::<Vec<_>>());
        let spec = prop_oneof![
            3 => (proptest::collection::btree_set(0..n, 2..=n), proptest::collection::vec(-1i32..=1, n))
                .prop_map(|(vars, offs)| {
                    let vars: Vec<usize> = vars.into_iter().collect();
                    let offs = offs[..vars.len()].to_vec();
                    Spec::AllDiff(vars, offs)
                }),
            2 => (0..n, 0..n, -1i32..=1).prop_map(|(a, b, o)| Spec::NotEqual(a, b, o)),
            1 => (0..n, 0..n, -1i32..=1).prop_map(|(a, b, o)| Spec::Equal(a, b, o)),
            1 => (0..n, 0..n, any::<u64>()).prop_map(|(a, b, t)| Spec::Relation(a, b, t)),
        ];
        (domains, proptest::collection::vec(spec, 0..=4)).prop_map(|(domains, specs)| Instance { domains, specs })
    })
}

fn allowed(table: u64, a: Value, b: Value) -> bool {
    let (a, b) = ((a + 2) as u64 % 8, (b + 2) as u64 % 8);
    table >> (a * 8 + b) & 1 == 1
}

fn build(inst: &Instance, strength: Strength) -> (Model, Vec<VarId>) {
    let mut m = Model::new();
    let vars: Vec<VarId> = inst.domains.iter().map(|d| m.new_var(d.clone()).unwrap()).collect();
    for spec in &inst.specs {
        match spec {
            Spec::AllDiff(vs, offs) => {
                let c = AllDifferent::with_offsets(vs.iter().map(|&i| vars[i]).collect::<Vec<_>>(), offs.clone())
                    .with_strength(strength);
                m.post(c).unwrap();
            }
            Spec::NotEqual(a, b, o) => {
                m.post(NotEqual::with_offset(vars[*a], vars[*b], *o)).unwrap();
            }
            Spec::Equal(a, b, o) => {
                m.post(Equal::with_offset(vars[*a], vars[*b], *o)).unwrap();
            }
            Spec::Relation(a, b, t) => {
                let t = *t;
                m.post(Binary::new(vars[*a], vars[*b], move |x, y| allowed(t, x, y))).unwrap();
            }
        }
    }
    (m, vars)
}

/// Every assignment over the initial domains that satisfies every constraint, by enumeration
/// and the constraints' own checkers (`is_satisfied`), independent of propagation.
fn brute_force(inst: &Instance) -> BTreeSet<Vec<Value>> {
    let (m, _) = build(inst, Strength::ForwardChecking);
    brute_force_by(&inst.domains, |v| m.check_assignment(v).is_ok())
}

const STRENGTHS: [Strength; 3] = [Strength::ForwardChecking, Strength::HiddenSingles, Strength::Gac];
const ORDERS: [(VarOrder, ValueOrder); 5] = [
    (VarOrder::Input, ValueOrder::Ascending),
    (VarOrder::Mrv(TieBreak::First), ValueOrder::Ascending),
    (VarOrder::Mrv(TieBreak::MostUnfixedPeers), ValueOrder::Ascending),
    (VarOrder::Mrv(TieBreak::MaxDegree), ValueOrder::Descending),
    (VarOrder::Mrv(TieBreak::Random), ValueOrder::Random),
];

/// A solver for `inst` at GAC, copying or trailing its checkpoints, after its root
/// propagation; `None` when that fails.
fn propagated(inst: &Instance, trail: bool) -> Option<(Solver, Vec<VarId>)> {
    let (m, vars) = build(inst, Strength::Gac);
    let mut solver = Solver::new(m);
    solver.set_snapshot_mode(if trail { SnapshotMode::Trail } else { SnapshotMode::Copy });
    solver.propagate().ok().map(|()| (solver, vars))
}

/// Removes each `(i, v)` of `removals` (`v` from `vars[i]`, skipping an `i` out of range)
/// until one empties a domain; whether none did.
fn remove_all(solver: &mut Solver, vars: &[VarId], removals: &[(usize, Value)]) -> bool {
    removals.iter().all(|&(i, v)| i >= vars.len() || solver.remove_value(vars[i], v).is_ok())
}

/// Every variable's domain, as values.
fn snapshot(solver: &Solver, vars: &[VarId]) -> Vec<Vec<Value>> {
    vars.iter().map(|&v| solver.domain(v).to_vec()).collect()
}

/// A variable selector that picks at random among all variables, fixed ones and ones past the
/// model's end included, and sometimes declines: the solver must correct or complete it.
#[derive(Debug)]
struct Erratic(Rng);

impl VariableSelector for Erratic {
    fn select(&mut self, search: &mut SearchView<'_>) -> Option<VarId> {
        let n = search.model().num_vars();
        match self.0.below(5) {
            0 => None,
            _ => Some(VarId::from_index(self.0.index(n + 1))),
        }
    }
}

/// A value selector that picks any value from -3 to 8, in the domain or not, or declines.
#[derive(Debug)]
struct ErraticValue(Rng);

impl ValueSelector for ErraticValue {
    fn select(&mut self, search: &mut SearchView<'_>, var: VarId) -> Option<Value> {
        let d: Domain<'_> = search.domain(var);
        match self.0.below(4) {
            0 => None,
            1 => d.max(),
            _ => Some(self.0.below(12) as Value - 3),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn custom_selectors_find_exactly_the_brute_force_solutions(inst in instance(), seed in any::<u64>()) {
        let expected = brute_force(&inst);
        for strength in STRENGTHS {
            let (m, _) = build(&inst, strength);
            let mut solver = Solver::new(m);
            solver.set_variable_selector(Erratic(Rng::new(seed)));
            solver.set_value_selector(ErraticValue(Rng::new(seed ^ 1)));
            let mut found = BTreeSet::new();
            let mut it = solver.solutions();
            for s in it.by_ref() {
                prop_assert!(found.insert(s.values().to_vec()), "solution returned twice: {:?}", s);
            }
            prop_assert_eq!(it.end(), Some(csp::solve::SearchEnd::Exhausted));
            drop(it);
            prop_assert_eq!(&found, &expected, "{:?}", strength);
        }
    }

    #[test]
    fn solutions_equal_brute_force_for_every_strength_and_order(inst in instance(), seed in any::<u64>()) {
        let expected = brute_force(&inst);
        for strength in STRENGTHS {
            for (var, val) in ORDERS {
                for mode in [SnapshotMode::Copy, SnapshotMode::Trail] {
                    let (m, _) = build(&inst, strength);
                    let mut solver = Solver::new(m);
                    solver.set_snapshot_mode(mode);
                    solver.set_var_order(var);
                    solver.set_value_order(val);
                    solver.set_seed(seed);
                    let mut found = BTreeSet::new();
                    let mut it = solver.solutions();
                    for s in it.by_ref() {
                        prop_assert!(found.insert(s.values().to_vec()), "solution returned twice: {:?}", s);
                    }
                    prop_assert_eq!(it.end(), Some(csp::solve::SearchEnd::Exhausted));
                    drop(it);
                    prop_assert_eq!(&found, &expected, "{:?} {:?} {:?} {:?}", strength, var, val, mode);
                    let count = solver.count_solutions(u64::MAX);
                    prop_assert_eq!(count.count, expected.len() as u64);
                    prop_assert!(count.is_exact());
                }
            }
        }
    }

    #[test]
    fn propagation_never_removes_a_value_of_a_solution(inst in instance()) {
        let expected = brute_force(&inst);
        for strength in STRENGTHS {
            let (m, vars) = build(&inst, strength);
            let mut solver = Solver::new(m);
            match solver.propagate() {
                Ok(()) => {
                    for sol in &expected {
                        for (i, &v) in sol.iter().enumerate() {
                            prop_assert!(solver.domain(vars[i]).contains(v), "{:?} removed {} from x{}", strength, v, i);
                        }
                    }
                }
                Err(_) => prop_assert!(expected.is_empty(), "{:?} failed at the root but solutions exist", strength),
            }
        }
    }

    #[test]
    fn restore_reverts_every_pruning_after_checkpoint(
        inst in instance(),
        removals in proptest::collection::vec((0usize..5, -2i32..6), 0..12),
        trail in any::<bool>(),
    ) {
        let Some((mut solver, vars)) = propagated(&inst, trail) else { return Ok(()) };
        let snapshot = |s: &Solver| snapshot(s, &vars);
        let before = snapshot(&solver);
        let outer = solver.new_checkpoint();
        let half = removals.len() / 2;
        remove_all(&mut solver, &vars, &removals[..half]);
        let _ = solver.propagate();
        let middle = if solver.is_failed() { None } else { Some((solver.new_checkpoint(), snapshot(&solver))) };
        remove_all(&mut solver, &vars, &removals[half..]);
        let _ = solver.propagate();
        if let Some((cp, at_middle)) = middle {
            solver.restore_to(cp);
            prop_assert_eq!(snapshot(&solver), at_middle);
        }
        solver.restore_to(outer);
        prop_assert_eq!(snapshot(&solver), before);
        prop_assert!(!solver.is_failed());
    }

    /// A checkpoint taken with work pending (values removed, not yet propagated) and restored
    /// leaves that work to the next propagation, which reaches the same fixed point (or the
    /// same failure) as propagating at once.
    #[test]
    fn a_restore_with_work_pending_propagates_as_before(
        inst in instance(),
        removals in proptest::collection::vec((0usize..5, -2i32..6), 1..6),
        trail in any::<bool>(),
    ) {
        let Some((mut solver, vars)) = propagated(&inst, trail) else { return Ok(()) };
        if !remove_all(&mut solver, &vars, &removals) {
            return Ok(());
        }
        let cp = solver.new_checkpoint();
        let at_once = solver.propagate().is_ok();
        let fixed_point = snapshot(&solver, &vars);
        solver.restore_to(cp);
        prop_assert_eq!(solver.propagate().is_ok(), at_once);
        if at_once {
            prop_assert_eq!(snapshot(&solver, &vars), fixed_point);
        }
    }
}

/// A random model for the all-different network: range domains (the network needs them),
/// overlapping all-different groups without offsets, and other constraints beside them.
fn network_instance() -> impl Strategy<Value = Instance> {
    (3usize..=6).prop_flat_map(|n| {
        let domains = proptest::collection::vec((-1i32..3, 1i32..=4), n)
            .prop_map(|ds| ds.into_iter().map(|(lo, len)| (lo..lo + len).collect::<Vec<_>>()).collect::<Vec<_>>());
        let spec = prop_oneof![
            4 => proptest::collection::btree_set(0..n, 2..=n)
                .prop_map(|vars| { let vars: Vec<usize> = vars.into_iter().collect(); let k = vars.len(); Spec::AllDiff(vars, vec![0; k]) }),
            1 => (0..n, 0..n, -1i32..=1).prop_map(|(a, b, o)| Spec::NotEqual(a, b, o)),
            1 => (0..n, 0..n, any::<u64>()).prop_map(|(a, b, t)| Spec::Relation(a, b, t)),
        ];
        (domains, proptest::collection::vec(spec, 1..=5)).prop_map(|(domains, specs)| Instance { domains, specs })
    })
}

/// All-different groups only, covering every variable: a model that a network alone
/// constrains, whose search runs on the network's own state.
fn covered_instance() -> impl Strategy<Value = Instance> {
    (3usize..=7).prop_flat_map(|n| {
        let domains = proptest::collection::vec((-1i32..3, 1i32..=5), n)
            .prop_map(|ds| ds.into_iter().map(|(lo, len)| (lo..lo + len).collect::<Vec<_>>()).collect::<Vec<_>>());
        let groups = proptest::collection::vec(proptest::collection::btree_set(0..n, 2..=n), 1..=4);
        (domains, groups).prop_map(move |(domains, groups)| {
            let mut specs: Vec<Spec> = Vec::new();
            let mut covered = vec![false; n];
            for g in groups {
                let vars: Vec<usize> = g.into_iter().collect();
                vars.iter().for_each(|&x| covered[x] = true);
                specs.push(Spec::AllDiff(vars.clone(), vec![0; vars.len()]));
            }
            let mut rest: Vec<usize> = (0..n).filter(|&x| !covered[x]).collect();
            if !rest.is_empty() {
                if rest.len() == 1 {
                    rest.push(if rest[0] == 0 { 1 } else { 0 });
                    rest.sort_unstable();
                }
                specs.push(Spec::AllDiff(rest.clone(), vec![0; rest.len()]));
            }
            Instance { domains, specs }
        })
    })
}

/// `inst` as a solver with snapshot `mode` whose all-different constraints run as a network at
/// `level` (with the intersections it needs), after `before_compile` posted anything else.
fn network_solver(
    inst: &Instance,
    level: NetworkLevel,
    mode: SnapshotMode,
    before_compile: impl FnOnce(&mut Model, &[VarId]),
) -> (Solver, Vec<VarId>) {
    let strength =
        if level == NetworkLevel::ForwardChecking { Strength::ForwardChecking } else { Strength::HiddenSingles };
    let (mut m, vars) = build(inst, strength);
    if level == NetworkLevel::LockedValues {
        m.post_intersections().unwrap();
    }
    before_compile(&mut m, &vars);
    m.compile_all_different(level).unwrap();
    let mut solver = Solver::new(m);
    solver.set_snapshot_mode(mode);
    (solver, vars)
}

const LEVELS: [NetworkLevel; 3] =
    [NetworkLevel::ForwardChecking, NetworkLevel::HiddenSingles, NetworkLevel::LockedValues];

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn the_network_finds_the_brute_force_solutions_at_every_level(inst in network_instance(), seed in any::<u64>()) {
        let expected = brute_force(&inst);
        for level in LEVELS {
            for (var, val) in ORDERS {
                for mode in [SnapshotMode::Copy, SnapshotMode::Trail] {
                    let (mut solver, _) = network_solver(&inst, level, mode, |_, _| {});
                    solver.set_var_order(var);
                    solver.set_value_order(val);
                    solver.set_seed(seed);
                    let found: BTreeSet<Vec<Value>> = solver.solutions().map(|s| s.values().to_vec()).collect();
                    prop_assert_eq!(&found, &expected, "{:?} {:?} {:?} {:?}", level, var, val, mode);
                    // With an observer the engine runs the constraints the network stands in
                    // for; switching back and forth keeps the count.
                    solver.set_observer(Some(Box::new(|_: &csp::observe::Event<'_>| {})));
                    prop_assert_eq!(solver.count_solutions(u64::MAX).count, expected.len() as u64);
                    solver.set_observer(None);
                    prop_assert_eq!(solver.count_solutions(u64::MAX).count, expected.len() as u64);
                }
            }
        }
    }

    #[test]
    fn the_network_never_removes_a_value_of_a_solution(inst in network_instance(), picks in proptest::collection::vec((0usize..6, -1i32..7), 0..4)) {
        let expected = brute_force(&inst);
        for level in LEVELS {
            let (mut m, vars) = build(&inst, Strength::HiddenSingles);
            m.compile_all_different(level).unwrap();
            let mut solver = Solver::new(m);
            // Some external removals first, then propagation: only solutions avoiding them
            // must survive.
            let mut removed = Vec::new();
            for &(i, v) in &picks {
                if i < vars.len() {
                    removed.push((i, v));
                    if solver.remove_value(vars[i], v).is_err() {
                        // A wiped-out domain: the state is failed, no solution survives.
                        break;
                    }
                }
            }
            let surviving: Vec<&Vec<Value>> =
                expected.iter().filter(|s| removed.iter().all(|&(i, v)| s[i] != v)).collect();
            match solver.propagate() {
                Ok(()) => {
                    for sol in &surviving {
                        for (i, &v) in sol.iter().enumerate() {
                            prop_assert!(solver.domain(vars[i]).contains(v), "{:?} removed {} from x{}", level, v, i);
                        }
                    }
                }
                Err(_) => prop_assert!(surviving.is_empty(), "{:?} failed but solutions exist", level),
            }
        }
    }
    #[test]
    fn a_search_on_the_network_state_is_the_engines_search(inst in covered_instance(), max_nodes in 0u64..12) {
        // The network alone constrains every variable, so the search runs on its own state;
        // branching on the same variables through the engine's priority list (same choice:
        // fewest values, ties to the first or to the most unfixed peers) makes the engine
        // search instead. Same solutions in the same order, same statistics, same end under a
        // node limit.
        let expected = brute_force(&inst);
        for (level, tie) in LEVELS.into_iter().flat_map(|l| [(l, TieBreak::First), (l, TieBreak::MostUnfixedPeers)]) {
            for mode in [SnapshotMode::Copy, SnapshotMode::Trail] {
                let mut runs = Vec::new();
                for engine in [false, true] {
                    let (mut solver, vars) = network_solver(&inst, level, mode, |_, _| {});
                    solver.set_var_order(VarOrder::Mrv(tie));
                    if engine {
                        solver.set_branching_vars(vars.clone());
                    }
                    let mut it = solver.solutions();
                    let mut found: Vec<Vec<Value>> = Vec::new();
                    #[allow(clippy::while_let_on_iterator, reason = "`it` is read inside the loop")]
                    while let Some(s) = it.next() {
                        // The store holds the solution's domains while it is returned.
                        for (i, &x) in vars.iter().enumerate() {
                            prop_assert_eq!(it.domain(x).min(), Some(s.values()[i]));
                        }
                        found.push(s.values().to_vec());
                    }
                    drop(it);
                    let all: BTreeSet<Vec<Value>> = found.iter().cloned().collect();
                    prop_assert_eq!(&all, &expected, "{:?} {:?} {:?} engine={}", level, tie, mode, engine);
                    let mut stats = solver.stats().clone();
                    stats.time = Default::default();
                    solver.reset();
                    solver.set_limits(Limits { max_nodes: Some(max_nodes), ..Limits::default() });
                    let count = solver.count_solutions(u64::MAX);
                    let mut limited = solver.stats().clone();
                    limited.time = Default::default();
                    runs.push((found, stats, count.count, count.status, limited));
                }
                prop_assert_eq!(&runs[0], &runs[1], "{:?} {:?} {:?}: the network's board and the engine", level, tie, mode);
            }
        }
    }

    #[test]
    fn a_network_alone_writes_what_the_engine_would(inst in network_instance(), seed in any::<u64>()) {
        // Only the all-different constraints: the network is then the only active constraint
        // on its variables and writes the store directly, counting its prunings itself. Beside
        // a constraint that watches every variable and never prunes, it writes through the
        // engine instead. Both must reach the same states: same solutions, nodes and prunings.
        let inst = Instance {
            domains: inst.domains.clone(),
            specs: inst.specs.iter().filter(|s| matches!(s, Spec::AllDiff(..))).cloned().collect(),
        };
        prop_assume!(!inst.specs.is_empty());
        let expected = brute_force(&inst);
        // Watched, the search also runs on the engine (not on the network's board): both
        // tie-breaks the board knows must choose as the engine does.
        for (level, tie) in LEVELS.into_iter().flat_map(|l| [(l, TieBreak::First), (l, TieBreak::MostUnfixedPeers)]) {
            for mode in [SnapshotMode::Copy, SnapshotMode::Trail] {
                let mut runs = Vec::new();
                for watched in [false, true] {
                    let (mut solver, _) = network_solver(&inst, level, mode, |m, vars| {
                        if watched {
                            m.post(Predicate::new(vars.to_vec(), |_| true)).unwrap();
                        }
                    });
                    solver.set_var_order(VarOrder::Mrv(tie));
                    solver.set_seed(seed);
                    let found: Vec<Vec<Value>> = solver.solutions().map(|s| s.values().to_vec()).collect();
                    let all: BTreeSet<Vec<Value>> = found.iter().cloned().collect();
                    prop_assert_eq!(&all, &expected, "{:?} {:?} {:?} watched={}", level, tie, mode, watched);
                    runs.push((found, solver.stats().nodes, solver.stats().prunings));
                }
                prop_assert_eq!(&runs[0], &runs[1], "{:?} {:?} {:?}: (solutions, nodes, prunings) alone and watched", level, tie, mode);
            }
        }
    }
}
