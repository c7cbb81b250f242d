//! `Regular`: the sequence of values is a word of a regular language, given by a
//! deterministic finite automaton.

use fixedbitset::Block;

use crate::constraint::{Constraint, Priority, Rule};
use crate::context::Context;
use crate::domain::BITS;
use crate::error::{Conflict, ModelError};
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::Model;

const NONE: u32 = u32::MAX;

/// The values of `vars`, in order, spell a word that a deterministic finite automaton accepts:
/// from the start state, each value follows a transition, and the last state is accepting.
///
/// States are numbered `0..states` as the caller likes; symbols are any values. A value with no
/// transition from the current state rejects the word. MiniZinc's `regular(x, Q, S, d, q0, F)`
/// (states `1..Q`, symbols `1..S`, `d[q, s] = 0` for no transition) is
/// `Regular::new(x, [(q, s, d[q, s]) for d[q, s] > 0], q0, F)`.
///
/// # Propagation
///
/// Generalised arc consistency on the layered graph of Pesant (2004): layer `i` holds the
/// states reachable after `i` values. A forward pass collects the states reachable from the
/// start through the current domains, a backward pass keeps those from which an accepting
/// state is reachable, and a value of `x_i` is supported iff it labels an edge between kept
/// states of layers `i` and `i + 1`. Unsupported values are removed with [`Rule::NoSupport`];
/// no kept path at all fails. The graph is rebuilt from the domains at each call, on bitsets of
/// states (no state is kept between calls, so there is nothing to restore on backtracking).
///
/// A variable that appears twice gets the support of each position (sound, but then not always
/// GAC). Premises, when explanations are on: the other variables.
///
/// # Explanation
///
/// A removal of values at position `j` is explained on request ([`Constraint::explain`]) by a
/// cut of the layered graph at `j`, in the domains before it: `F_i`, the states reachable from
/// the start in `i` steps, and `B_i`, the states from which an accepting state is reachable in
/// the remaining steps. The reason is, before `j`, the values gone whose edges would leave
/// `F` (`x_i != a` where some `q` in `F_i` goes by `a` to a state outside `F_{i+1}`), and after
/// `j`, the values gone whose edges would enter `B` from outside it: with only those facts,
/// the reachable states stay within `F` and the live ones within `B`, so no path uses the value
/// removed. A failure is explained by the forward part alone, over every position (Katsirelos,
/// Narodytska and Walsh 2009 explain the same way on the layered graph).
///
/// # Complexity
///
/// `O(n * Q * d)` per call for `n` variables, `Q` states and domains of `d` values, against
/// Pesant's incremental `O(n * Q * d)` in total down a branch; memory `O(n * Q / 64 + Q * S)`
/// for `S` symbols.
///
/// # Bibliography
///
/// * G. Pesant, "A regular language membership constraint for finite sequences of
///   variables", CP 2004.
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::Regular;
///
/// // Words over {0, 1} with no two 1s in a row: state 0 after a 0, state 1 after a 1.
/// let mut model = Model::new();
/// let x = model.new_vars(4, 0..=1)?;
/// model.post(Regular::new(x.clone(), [(0, 0, 0), (0, 1, 1), (1, 0, 0)], 0, [0, 1]))?;
/// let mut solver = model.into_solver();
/// solver.assign(x[1], 1)?;
/// solver.propagate()?;
/// assert_eq!((solver.value(x[0]), solver.value(x[2])), (Some(0), Some(0)));
/// // Fibonacci: 8 such words of length 4.
/// let mut model = Model::new();
/// let x = model.new_vars(4, 0..=1)?;
/// model.post(Regular::new(x, [(0, 0, 0), (0, 1, 1), (1, 0, 0)], 0, [0, 1]))?;
/// assert_eq!(model.into_solver().count_solutions(u64::MAX).count, 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Regular {
    vars: Vec<VarId>,
    /// The distinct symbols, sorted.
    symbols: Vec<Value>,
    /// `delta[q * symbols.len() + s]`: the state after symbol `s` from `q`, or `NONE`.
    delta: Vec<u32>,
    states: usize,
    start: u32,
    /// Accepting states as a bitset of `words` blocks.
    accepting: Vec<Block>,
    /// Blocks per state set.
    words: usize,
    /// Built by `on_post`: per position, the symbol of each domain bit (`NONE` for none),
    /// from `bit_start[i]`.
    symbol_of_bit: Vec<u32>,
    bit_start: Vec<usize>,
    /// Built by `on_post`: first block of position `i` in `marks`.
    block_start: Vec<usize>,
    /// Scratch: `(n + 1) * words` blocks, the reachable states of each layer, then the kept ones.
    reach: Vec<Block>,
    alive: Vec<Block>,
    /// Scratch: supported bits per position.
    marks: Vec<Block>,
    error: Option<String>,
    premises: Vec<VarId>,
}

/// The most states an automaton may have (its transition table has a row per state).
pub(crate) const MAX_STATES: usize = 1 << 20;

impl Regular {
    /// `vars` spell a word accepted by the automaton with the given `transitions`
    /// `(from, symbol, to)`, `start` state and `accepting` states.
    ///
    /// Two transitions from one state on one symbol (a non-deterministic automaton) are
    /// reported by [`Model::post`].
    pub fn new(
        vars: impl Into<Vec<VarId>>,
        transitions: impl IntoIterator<Item = (u32, Value, u32)>,
        start: u32,
        accepting: impl IntoIterator<Item = u32>,
    ) -> Regular {
        let transitions: Vec<(u32, Value, u32)> = transitions.into_iter().collect();
        let accepting: Vec<u32> = accepting.into_iter().collect();
        let states = transitions
            .iter()
            .flat_map(|&(a, _, b)| [a, b])
            .chain(accepting.iter().copied())
            .chain([start])
            .max()
            .map_or(0, |m| m as usize + 1);
        if states > MAX_STATES {
            // Refused when posted, before a table of states times symbols is built.
            let mut r = Regular::new(vars, [], 0, []);
            r.error = Some(format!("state {} is beyond the {MAX_STATES} states an automaton may have", states - 1));
            return r;
        }
        let mut symbols: Vec<Value> = transitions.iter().map(|t| t.1).collect();
        symbols.sort_unstable();
        symbols.dedup();
        let s = symbols.len();
        let mut delta = vec![NONE; states * s];
        let mut error = None;
        for &(a, v, b) in &transitions {
            let k = a as usize * s + symbols.binary_search(&v).unwrap_or_default();
            if delta[k] != NONE && delta[k] != b && error.is_none() {
                error = Some(format!("state {a} has two transitions on {v} (the automaton must be deterministic)"));
            }
            delta[k] = b;
        }
        let words = states.div_ceil(BITS).max(1);
        let mut acc = vec![0; words];
        for &q in &accepting {
            acc[q as usize / BITS] |= 1 << (q as usize % BITS);
        }
        Regular {
            vars: vars.into(),
            symbols,
            delta,
            states,
            start,
            accepting: acc,
            words,
            symbol_of_bit: Vec::new(),
            bit_start: Vec::new(),
            block_start: Vec::new(),
            reach: Vec::new(),
            alive: Vec::new(),
            marks: Vec::new(),
            error,
            premises: Vec::new(),
        }
    }

    /// The number of states.
    pub fn states(&self) -> usize {
        self.states
    }

    fn next(&self, q: usize, s: u32) -> u32 {
        self.delta[q * self.symbols.len() + s as usize]
    }

    fn run(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let (n, w) = (self.vars.len(), self.words);
        self.reach.fill(0);
        self.alive.fill(0);
        self.reach[self.start as usize / BITS] |= 1 << (self.start as usize % BITS);
        // Forward: the states reachable in each layer.
        for i in 0..n {
            let x = self.vars[i];
            for qw in 0..w {
                let mut qs = self.reach[i * w + qw];
                while qs != 0 {
                    let q = qw * BITS + qs.trailing_zeros() as usize;
                    qs &= qs - 1;
                    for (bw, &block) in ctx.blocks(x).iter().enumerate() {
                        let mut bits = block;
                        while bits != 0 {
                            let b = bw * BITS + bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            let s = self.symbol_of_bit[self.bit_start[i] + b];
                            if s == NONE {
                                continue;
                            }
                            let t = self.next(q, s);
                            if t != NONE {
                                self.reach[(i + 1) * w + t as usize / BITS] |= 1 << (t as usize % BITS);
                            }
                        }
                    }
                }
            }
        }
        let mut any = false;
        for qw in 0..w {
            self.alive[n * w + qw] = self.reach[n * w + qw] & self.accepting[qw];
            any |= self.alive[n * w + qw] != 0;
        }
        if !any {
            return Err(ctx.fail(Rule::NoSupport));
        }
        // Backward: keep the states that reach an accepting one; mark the values used.
        self.marks.fill(0);
        for i in (0..n).rev() {
            let x = self.vars[i];
            for qw in 0..w {
                let mut qs = self.reach[i * w + qw];
                while qs != 0 {
                    let q = qw * BITS + qs.trailing_zeros() as usize;
                    qs &= qs - 1;
                    for (bw, &block) in ctx.blocks(x).iter().enumerate() {
                        let mut bits = block;
                        while bits != 0 {
                            let b = bw * BITS + bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            let s = self.symbol_of_bit[self.bit_start[i] + b];
                            if s == NONE {
                                continue;
                            }
                            let t = self.next(q, s) as usize;
                            if t != NONE as usize && self.alive[(i + 1) * w + t / BITS] & (1 << (t % BITS)) != 0 {
                                self.alive[i * w + qw] |= 1 << (q % BITS);
                                self.marks[self.block_start[i] + bw] |= 1 << (b % BITS);
                            }
                        }
                    }
                }
            }
        }
        for i in 0..n {
            let x = self.vars[i];
            for bw in 0..self.block_start[i + 1] - self.block_start[i] {
                let keep = self.marks[self.block_start[i] + bw];
                if ctx.blocks(x)[bw] & !keep == 0 {
                    continue;
                }
                if ctx.is_explaining() {
                    self.premises.clear();
                    self.premises.extend(self.vars.iter().filter(|&&y| y != x));
                    ctx.set_premises(&self.premises);
                }
                ctx.retain_block(x, bw, keep, Rule::NoSupport)?;
            }
        }
        Ok(())
    }
}

/// A set of states, `words` blocks.
type States = Vec<Block>;

/// A position's values before a change, for explanations: the symbols of those left, and
/// the values gone with their symbols.
struct Layer {
    live: Vec<u32>,
    gone: Vec<(Value, u32)>,
}

impl Regular {
    fn has(set: &[Block], q: usize) -> bool {
        set[q / BITS] >> (q % BITS) & 1 == 1
    }

    fn symbol(&self, v: Value) -> Option<u32> {
        self.symbols.binary_search(&v).ok().map(|s| s as u32)
    }

    /// The values of position `i`'s variable before the change, with their symbols, and the
    /// values gone (with symbols).
    fn values_before(&self, why: &Antecedents<'_>, i: usize) -> Option<Layer> {
        let x = self.vars[i];
        let (mut live, mut gone) = (Vec::new(), Vec::new());
        let mut before = why.values(x)?.peekable();
        for v in why.initial_values(x)? {
            let here = before.next_if_eq(&v).is_some();
            let Some(s) = self.symbol(v) else { continue };
            if here {
                live.push(s);
            } else {
                gone.push((v, s));
            }
        }
        Some(Layer { live, gone })
    }

    /// The states reached from `from` by the symbols `live`.
    fn step(&self, from: &[Block], live: &[u32], to: &mut [Block]) {
        for q in (0..self.states).filter(|&q| Self::has(from, q)) {
            for &s in live {
                let t = self.next(q, s);
                if t != NONE {
                    to[t as usize / BITS] |= 1 << (t as usize % BITS);
                }
            }
        }
    }

    /// `F_0..=F_upto` (forward reachable states) in the domains before the change, each
    /// position's values read once into `values`.
    fn forward(&self, values: &[Layer], upto: usize) -> Vec<States> {
        let mut f = vec![vec![0; self.words]; upto + 1];
        f[0][self.start as usize / BITS] |= 1 << (self.start as usize % BITS);
        for i in 0..upto {
            let (before, after) = f.split_at_mut(i + 1);
            self.step(&before[i], &values[i].live, &mut after[0]);
        }
        f
    }

    /// `B_from..=B_n` (states that reach an accepting one) in the domains before the change,
    /// `b[i - from]` for layer `i`.
    fn backward(&self, values: &[Layer], from: usize) -> Vec<States> {
        let n = self.vars.len();
        let mut b = vec![vec![0; self.words]; n + 1 - from];
        b[n - from].copy_from_slice(&self.accepting);
        for i in (from..n).rev() {
            for q in 0..self.states {
                if values[i].live.iter().any(|&s| {
                    let t = self.next(q, s);
                    t != NONE && Self::has(&b[i + 1 - from], t as usize)
                }) {
                    b[i - from][q / BITS] |= 1 << (q % BITS);
                }
            }
        }
        b
    }

    /// Names, for each position `i` of `positions`, the values gone that label an edge `q -> t`
    /// across the cut (`crosses(i, q, t)`): the values whose absence keeps the cut closed.
    fn name_crossing(
        &self,
        why: &mut Antecedents<'_>,
        values: &[Layer],
        positions: std::ops::Range<usize>,
        crosses: impl Fn(usize, usize, usize) -> bool,
    ) {
        for i in positions {
            let named: Vec<Value> = values[i]
                .gone
                .iter()
                .filter(|&&(_, s)| {
                    (0..self.states).any(|q| {
                        let t = self.next(q, s);
                        t != NONE && crosses(i, q, t as usize)
                    })
                })
                .map(|&(v, _)| v)
                .collect();
            why.not_equal_all(self.vars[i], named);
        }
    }

    /// Names, for positions `0..upto`, the values gone whose edges leave `f` (forward
    /// reachable states).
    fn name_forward(&self, why: &mut Antecedents<'_>, values: &[Layer], f: &[States], upto: usize) {
        self.name_crossing(why, values, 0..upto, |i, q, t| Self::has(&f[i], q) && !Self::has(&f[i + 1], t));
    }

    fn explain_at(&self, why: &mut Antecedents<'_>, values: &[Layer], j: usize, removed: &[u32]) -> bool {
        let n = self.vars.len();
        let f = self.forward(values, j);
        let b = self.backward(values, j + 1);
        // No reachable state at j goes by a removed symbol to a live state at j + 1.
        let cut = (0..self.states).filter(|&q| Self::has(&f[j], q)).all(|q| {
            removed.iter().all(|&s| {
                let t = self.next(q, s);
                t == NONE || !Self::has(&b[0], t as usize)
            })
        });
        if !cut {
            return false;
        }
        self.name_forward(why, values, &f, j);
        // After j, the values gone whose edges enter `b` (states that reach an accepting one).
        self.name_crossing(why, values, j + 1..n, |i, q, t| !Self::has(&b[i - j - 1], q) && Self::has(&b[i - j], t));
        true
    }
}

impl Constraint for Regular {
    fn kind(&self) -> &'static str {
        "regular"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn priority(&self) -> Priority {
        Priority::Slow
    }

    fn is_idempotent(&self) -> bool {
        // Distinct variables: the kept paths stay. A repeated variable may need another pass.
        let mut v = self.vars.clone();
        v.sort_unstable();
        v.windows(2).all(|p| p[0] != p[1])
    }

    fn on_post(&mut self, model: &Model) -> Result<(), ModelError> {
        super::refuse_intervals(model, &self.vars, "regular")?;
        if let Some(message) = self.error.take() {
            return Err(ModelError::InvalidConstraint { kind: "regular", message });
        }
        self.symbol_of_bit.clear();
        self.bit_start.clear();
        self.block_start.clear();
        let mut blocks = 0;
        for &x in &self.vars {
            self.bit_start.push(self.symbol_of_bit.len());
            self.block_start.push(blocks);
            let info = model.var_info(x);
            blocks += info.words as usize;
            for b in 0..info.words as usize * BITS {
                let s = if b < info.len as usize {
                    self.symbols.binary_search(&info.map.value(b)).map_or(NONE, |s| s as u32)
                } else {
                    NONE
                };
                self.symbol_of_bit.push(s);
            }
        }
        self.block_start.push(blocks);
        self.marks = vec![0; blocks];
        let layers = (self.vars.len() + 1) * self.words;
        self.reach = vec![0; layers];
        self.alive = vec![0; layers];
        Ok(())
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let r = self.run(ctx);
        if ctx.is_explaining() {
            ctx.clear_premises();
        }
        r
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        let n = self.vars.len();
        let mut values = Vec::with_capacity(n);
        for i in 0..n {
            let Some(v) = self.values_before(why, i) else { return false };
            values.push(v);
        }
        match why.change() {
            Change::Failure => {
                let f = self.forward(&values, n);
                if f[n].iter().zip(&self.accepting).any(|(a, b)| a & b != 0) {
                    return false;
                }
                self.name_forward(why, &values, &f, n);
                true
            }
            Change::AtLeast(x, _) | Change::AtMost(x, _) | Change::Removed(x) => {
                let removed: Vec<u32> = why.removed().filter_map(|v| self.symbol(v)).collect();
                for j in (0..n).filter(|&j| self.vars[j] == x) {
                    let len = why.len_reasons();
                    if self.explain_at(why, &values, j, &removed) {
                        return true;
                    }
                    why.truncate_reasons(len);
                }
                false
            }
        }
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let mut q = self.start as usize;
        for &v in values {
            let Ok(s) = self.symbols.binary_search(&v) else { return false };
            let t = self.next(q, s as u32);
            if t == NONE {
                return false;
            }
            q = t as usize;
        }
        self.accepting[q / BITS] & (1 << (q % BITS)) != 0
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::search::Solver;
    use crate::testing::{assert_solutions_and_gac, brute_force, model_with, propagated, small_domains};

    type Dfa = (Vec<(u32, Value, u32)>, u32, Vec<u32>);

    fn regular(domains: &[Vec<Value>], dfa: &Dfa) -> (Model, Vec<VarId>) {
        let (mut model, vars) = model_with(domains);
        model.post(Regular::new(vars.clone(), dfa.0.clone(), dfa.1, dfa.2.clone())).unwrap();
        (model, vars)
    }

    /// Runs the automaton directly on a word.
    fn accepts(dfa: &Dfa, word: &[Value]) -> bool {
        let mut q = dfa.1;
        for &v in word {
            match dfa.0.iter().find(|t| t.0 == q && t.1 == v) {
                Some(t) => q = t.2,
                None => return false,
            }
        }
        dfa.2.contains(&q)
    }

    #[test]
    fn values_off_every_accepted_path_go() {
        // a b* c over 1, 2, 3: state 0 -1-> 1 -2-> 1 -3-> 2 (accepting).
        let dfa: Dfa = (vec![(0, 1, 1), (1, 2, 1), (1, 3, 2)], 0, vec![2]);
        let (model, v) = regular(&vec![(1..=3).collect(); 4], &dfa);
        let d = propagated(model, &v).unwrap();
        assert_eq!(d, vec![vec![1], vec![2], vec![2], vec![3]]);
    }

    #[test]
    fn no_accepted_word_fails() {
        let dfa: Dfa = (vec![(0, 1, 1), (1, 2, 1), (1, 3, 2)], 0, vec![2]);
        let (model, _) = regular(&[vec![1], vec![2]], &dfa);
        Solver::new(model).propagate().expect_err("a b is not accepted");
    }

    #[test]
    fn post_rejects_a_nondeterministic_automaton() {
        let mut model = Model::new();
        let x = model.new_vars(2, 0..=1).unwrap();
        let err = model.post(Regular::new(x, [(0, 1, 0), (0, 1, 1)], 0, [1])).unwrap_err();
        assert!(matches!(err, ModelError::InvalidConstraint { kind: "regular", .. }), "{err:?}");
    }

    fn dfa_strategy() -> impl Strategy<Value = Dfa> {
        (1u32..=4).prop_flat_map(|q| {
            let table = proptest::collection::vec(proptest::option::of(0..q), (q * 3) as usize);
            (table, 0..q, proptest::collection::btree_set(0..q, 0..=q as usize)).prop_map(move |(t, s, f)| {
                let trans = t
                    .iter()
                    .enumerate()
                    .filter_map(|(k, to)| to.map(|to| (k as u32 / 3, k as Value % 3, to)))
                    .collect();
                (trans, s, f.into_iter().collect())
            })
        })
    }

    proptest! {
        #[test]
        fn solutions_equal_the_automaton_and_root_propagation_is_gac(
            domains in small_domains(4, 0, 3),
            dfa in dfa_strategy(),
        ) {
            let expected = brute_force(&domains, |w| accepts(&dfa, w));
            assert_solutions_and_gac(|| regular(&domains, &dfa), &expected)?;
        }
    }
}
