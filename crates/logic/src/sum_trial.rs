//! Trial propagation with sums: an assumption followed, by singles and by the combinations
//! of the sums it touches, to a contradiction, which refutes it (a killer solver's "if this
//! cell were 5, the cage would need ...").
//!
//! # Background
//!
//! [`trial`](super::trial) follows an assumption `x = v` over the groups only. With sums
//! (variables with a known total, pairwise different: a killer's cages), a person also
//! looks at the cages the assumption touches: which values each of their variables can
//! still take in a combination that makes the sum ([`sums::support`]). [`SumTrial::refute`]
//! draws, breadth first: naked singles and hidden singles (in tight groups) to a fixed
//! point, then the support of every sum whose variables changed since it was last looked at,
//! and again singles; when the sums draw nothing, the support of the trial's equations (the
//! rule of 45 over areas of the grid, [`sums::split`]) whose variables changed; until a dead
//! end (a variable without values, a value without a place in a tight group, a sum or an
//! equation that nothing meets) or nothing more follows. A [`deep`](SumTrial::deep) trial
//! also applies locked values ([`fish`] of size 1 between two families) when
//! the equations draw nothing.
//!
//! The chain is every placement drawn, in order, with its reason, and the number of sum
//! deductions (a sum that removed values): as long as a dynamic chain, it counts what a
//! person follows. Every deduction is sound for the sums and the groups, so a dead end
//! refutes the assumption whatever the number of solutions.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::candidates::{bits, Candidates, Contradiction};
use super::{fish, sums};

/// Why a placement of a [`SumChain`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Why {
    /// The variable had no other value left.
    Naked,
    /// The variable was the value's only place left in a tight group (index into
    /// [`Candidates::groups`]).
    Hidden {
        /// The group.
        group: u32,
    },
    /// The sum (index into the trial's sums) left the variable this value only.
    Sum {
        /// The sum.
        sum: u32,
    },
    /// The equation (index into the trial's equations) left the variable this value only.
    Equation {
        /// The equation.
        equation: u32,
    },
}

/// Where a [`SumChain`] ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadEnd {
    /// A dead end of the candidates: a variable without values, a value without a place.
    Candidates(Contradiction),
    /// A sum (index into the trial's sums) has no combination left.
    Sum {
        /// The sum.
        sum: u32,
    },
    /// No assignment meets an equation (index into the trial's equations).
    Equation {
        /// The equation.
        equation: u32,
    },
}

/// A refuted assumption: `var` cannot take `bit`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumChain {
    /// The assumption's variable (local index).
    pub var: u32,
    /// The assumption's value bit.
    pub bit: u32,
    /// Every placement drawn, in order: variable, value bit, reason.
    pub placements: Vec<(u32, u32, Why)>,
    /// Sum and equation deductions drawn (each a sum or an equation whose support removed
    /// values).
    pub deductions: u32,
    /// The dead end.
    pub dead_end: DeadEnd,
}

impl SumChain {
    /// The chain's length: its placements and deductions, plus one for the assumption.
    pub fn length(&self) -> u32 {
        self.placements.len() as u32 + self.deductions + 1
    }
}

/// Trials over a set of sums: which sums hold each variable, kept between trials.
///
/// # Example
///
/// ```
/// use logic::{sum_trial::{DeadEnd, SumTrial}, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
///
/// // Three variables over 1..=3, pairwise different; x + y = 3.
/// let mut model = Model::new();
/// let v = model.new_vars(3, 1..=3)?;
/// model.post(AllDifferent::new(v.clone()))?;
/// let c = Candidates::from_solver(&model.into_solver())?;
/// let trial = SumTrial::new(&c, vec![(vec![0, 1], 3)], Vec::new());
/// // z = 2 leaves x + y = 3 only {1, 3}, {3, 1}: no combination.
/// let chain = trial.refute(&c, 2, 1, 100).expect("z = 2 fails");
/// assert_eq!(chain.dead_end, DeadEnd::Sum { sum: 0 });
/// assert!(trial.refute(&c, 2, 2, 100).is_none(), "z = 3 is the solution");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct SumTrial {
    sums: Vec<(Vec<u32>, i64)>,
    equations: Vec<sums::Equation>,
    /// By local variable: the sums that hold it.
    sums_of: Vec<Vec<u32>>,
    /// By local variable: the equations that hold it.
    equations_of: Vec<Vec<u32>>,
    /// Whether locked values are drawn too.
    deep: bool,
    /// The supports found so far ([`sums::support`], [`sums::support_equation`]), by sum
    /// or equation and the masks of its variables: trials meet the same local states again
    /// and again, within a scan and from one scan to the next ([`SumTrial::with_memo`]).
    memo: RefCell<Memo>,
}

/// The supports computed by sum trials, to keep from one [`SumTrial`] to the next over the
/// same sums ([`SumTrial::with_memo`], [`SumTrial::into_memo`]): by sum (its index) or
/// equation (its terms and total) and the masks of its variables.
///
/// ```
/// use logic::{sum_trial::{SumMemo, SumTrial}, Candidates};
/// use csp::Model;
/// use csp::constraints::AllDifferent;
///
/// let mut model = Model::new();
/// let v = model.new_vars(3, 1..=3)?;
/// model.post(AllDifferent::new(v.clone()))?;
/// let c = Candidates::from_solver(&model.into_solver())?;
/// let sums = vec![(vec![0, 1], 3)];
/// let first = SumTrial::new(&c, sums.clone(), Vec::new()).with_memo(SumMemo::default());
/// let chain = first.refute(&c, 2, 1, 100);
/// // The next trials over the same sums start from the supports the first computed.
/// let next = SumTrial::new(&c, sums, Vec::new()).with_memo(first.into_memo());
/// assert_eq!(next.refute(&c, 2, 1, 100), chain);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct SumMemo(Memo);

/// The most supports a memo keeps; past it, it starts again empty.
const MEMO_LIMIT: usize = 1 << 17;

/// The memo of a [`SumTrial`]: by the sum or equation and the masks of its variables, the
/// support found (`None`: a dead end).
type Memo = HashMap<Vec<u64>, Option<Vec<u64>>, BuildHasherDefault<MixHasher>>;

/// A fast hasher for the memo's keys (masks): not resistant to chosen keys, which a solve
/// does not meet.
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

impl SumTrial {
    /// Trials over `sums` (variables, pairwise different, and their total) and `equations`
    /// (facts of the problem, such as the splits of [`sums::split`]) of the variables of `c`.
    pub fn new(c: &Candidates, sums: Vec<(Vec<u32>, i64)>, equations: Vec<sums::Equation>) -> SumTrial {
        let mut sums_of = vec![Vec::new(); c.num_vars()];
        for (s, (vars, _)) in sums.iter().enumerate() {
            for &l in vars {
                sums_of[l as usize].push(s as u32);
            }
        }
        let mut equations_of = vec![Vec::new(); c.num_vars()];
        for (k, e) in equations.iter().enumerate() {
            for &l in e.plus.iter().chain(&e.minus) {
                equations_of[l as usize].push(k as u32);
            }
        }
        SumTrial { sums, equations, sums_of, equations_of, deep: false, memo: RefCell::default() }
    }

    /// The same trials, drawing locked values too (a value of a group whose places all lie
    /// in a group of another family leaves the rest of that group) when nothing else
    /// follows: stronger, slower.
    pub fn deep(mut self) -> SumTrial {
        self.deep = true;
        self
    }

    /// The same trials, starting from the supports of `memo` (computed over the same sums).
    pub fn with_memo(mut self, memo: SumMemo) -> SumTrial {
        self.memo = RefCell::new(memo.0);
        self
    }

    /// The supports computed, for the next trials over the same sums.
    pub fn into_memo(self) -> SumMemo {
        SumMemo(self.memo.into_inner())
    }

    /// `support` of the sum or equation named by `head` (a sum: 0 and its index; an
    /// equation: 1, its total and its terms) over `vars` in `w`, memoised by the masks of
    /// `vars`.
    fn memoised(
        &self,
        head: &[u64],
        w: &Candidates,
        vars: impl Iterator<Item = u32>,
        support: impl FnOnce() -> Option<Vec<u64>>,
    ) -> Option<Vec<u64>> {
        let mut key = Vec::with_capacity(head.len() + 8);
        key.extend_from_slice(head);
        key.extend(vars.map(|l| w.mask(l)));
        if let Some(found) = self.memo.borrow().get(&key) {
            return found.clone();
        }
        let found = support();
        let mut memo = self.memo.borrow_mut();
        if memo.len() >= MEMO_LIMIT {
            memo.clear();
        }
        memo.insert(key, found.clone());
        found
    }

    /// The assumptions that block a sum at once: every `(var, bit, sum)` such that `var = bit`,
    /// with `bit` removed from the variables sharing a group with `var` (nothing else drawn),
    /// leaves the sum (an index into the trial's sums) no assignment ([`sums::support`]): a
    /// sum chain of length one, without singles. In the order of the variables, then values,
    /// then sums.
    ///
    /// # Example
    ///
    /// ```
    /// use logic::{sum_trial::SumTrial, Candidates};
    /// use csp::Model;
    /// use csp::constraints::AllDifferent;
    ///
    /// // z, x, y over 1..=3, pairwise different; x + y = 4 needs 1 and 3, so z = 1 or z = 3
    /// // blocks it.
    /// let mut model = Model::new();
    /// let v = model.new_vars(3, 1..=3)?;
    /// model.post(AllDifferent::new(v.clone()))?;
    /// let c = Candidates::from_solver(&model.into_solver())?;
    /// let trial = SumTrial::new(&c, vec![(vec![1, 2], 4)], Vec::new());
    /// assert_eq!(trial.blocking(&c), [(0, 0, 0), (0, 2, 0), (1, 1, 0), (2, 1, 0)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn blocking(&self, c: &Candidates) -> Vec<(u32, u32, u32)> {
        // A value leaving some variables of a sum only blocks it when every combination left
        // holds it (the others do not use it): the values each sum requires.
        let required: Vec<u64> = self
            .sums
            .iter()
            .map(|(vars, total)| sums::combinations(c, vars, *total).into_iter().reduce(|a, b| a & b).unwrap_or(!0))
            .collect();
        let mut w = c.clone();
        let mut out = Vec::new();
        let mut touched: Vec<u32> = Vec::new();
        let mut saved: Vec<(u32, u64)> = Vec::new();
        for var in 0..c.num_vars() as u32 {
            if c.mask(var).count_ones() < 2 {
                continue;
            }
            for bit in bits(c.mask(var)) {
                saved.clear();
                saved.push((var, c.mask(var)));
                w.assign(var, bit);
                for &g in c.groups_of(var) {
                    for &peer in &c.groups()[g as usize].vars {
                        if peer != var && w.mask(peer) & (1 << bit) != 0 {
                            saved.push((peer, w.mask(peer)));
                            w.remove(peer, 1 << bit);
                        }
                    }
                }
                touched.clear();
                for &(l, _) in &saved {
                    touched.extend(&self.sums_of[l as usize]);
                }
                touched.sort_unstable();
                touched.dedup();
                for &s in &touched {
                    let (vars, total) = &self.sums[s as usize];
                    if required[s as usize] & (1 << bit) == 0 && !vars.contains(&var) {
                        continue;
                    }
                    if sums::support(&w, vars, *total).is_none() {
                        out.push((var, bit, s));
                        break;
                    }
                }
                for &(l, m) in &saved {
                    w.set_mask(l, m);
                }
            }
        }
        out
    }

    /// Assumes `var = bit` and draws its consequences (see the [module](self) docs); the
    /// chain if they reach a dead end within `max_length` (placements and deductions).
    pub fn refute(&self, c: &Candidates, var: u32, bit: u32, max_length: u32) -> Option<SumChain> {
        if c.mask(var) & (1 << bit) == 0 {
            return None;
        }
        let mut w = c.clone();
        let mut placements = Vec::new();
        let mut deductions = 0u32;
        // Dirty sums, then dirty equations (after the sums).
        let mut dirty = vec![false; self.sums.len() + self.equations.len()];
        let sums_len = self.sums.len();
        let mark = |dirty: &mut Vec<bool>, l: u32| {
            for &s in &self.sums_of[l as usize] {
                dirty[s as usize] = true;
            }
            for &k in &self.equations_of[l as usize] {
                dirty[sums_len + k as usize] = true;
            }
        };
        w.assign(var, bit);
        mark(&mut dirty, var);
        // Fixed variables already recorded (the assumption's and those fixed before).
        let mut recorded: Vec<bool> = (0..w.num_vars() as u32).map(|l| w.fixed_bit(l).is_some()).collect();
        let end = |placements: Vec<(u32, u32, Why)>, deductions: u32, dead_end: DeadEnd| {
            Some(SumChain { var, bit, placements, deductions, dead_end })
        };
        loop {
            // Settle every fixed variable (its value leaves its groups); record the naked
            // singles that follow.
            loop {
                let mut changed = false;
                for l in 0..w.num_vars() as u32 {
                    if w.fixed_bit(l).is_some() && !w.is_settled(l) {
                        for (peer, _) in w.settle(l) {
                            mark(&mut dirty, peer);
                        }
                        changed = true;
                    }
                }
                if let Some(x) = w.contradiction() {
                    return end(placements, deductions, DeadEnd::Candidates(x));
                }
                for l in 0..w.num_vars() as u32 {
                    if let (Some(b), false) = (w.fixed_bit(l), recorded[l as usize]) {
                        recorded[l as usize] = true;
                        placements.push((l, b, Why::Naked));
                        changed = true;
                    }
                }
                // Hidden singles of the tight groups.
                let mut hidden = Vec::new();
                for (g, group) in w.groups().iter().enumerate().filter(|(_, g)| g.tight) {
                    for b in bits(group.values) {
                        let (count, first) = w.places(g as u32, b);
                        if count == 1 && !recorded[first as usize] {
                            recorded[first as usize] = true;
                            hidden.push((first, b, g as u32));
                        }
                    }
                }
                for (l, b, group) in hidden {
                    w.assign(l, b);
                    mark(&mut dirty, l);
                    placements.push((l, b, Why::Hidden { group }));
                    changed = true;
                }
                if placements.len() as u32 + deductions + 1 > max_length {
                    return None;
                }
                if !changed {
                    break;
                }
            }
            // The sums whose variables changed.
            let mut any = false;
            for s in 0..self.sums.len() {
                if !std::mem::take(&mut dirty[s]) {
                    continue;
                }
                let (vars, total) = &self.sums[s];
                if vars.iter().all(|&l| w.fixed_bit(l).is_some()) {
                    let t: i64 = vars.iter().map(|&l| i64::from(w.value(w.mask(l).trailing_zeros()))).sum();
                    if t != *total {
                        return end(placements, deductions, DeadEnd::Sum { sum: s as u32 });
                    }
                    continue;
                }
                let head = [0, s as u64];
                let kept = self.memoised(&head, &w, vars.iter().copied(), || sums::support(&w, vars, *total));
                let Some(kept) = kept else {
                    return end(placements, deductions, DeadEnd::Sum { sum: s as u32 });
                };
                let mut removed = false;
                for (&l, &k) in vars.iter().zip(&kept) {
                    if w.remove(l, !k) != 0 {
                        removed = true;
                        mark(&mut dirty, l);
                        if let (Some(b), false) = (w.fixed_bit(l), recorded[l as usize]) {
                            recorded[l as usize] = true;
                            placements.push((l, b, Why::Sum { sum: s as u32 }));
                        }
                    }
                }
                if removed {
                    deductions += 1;
                    any = true;
                    // Back to singles after each sum, breadth first over the sums.
                    dirty[s] = false;
                }
            }
            if any {
                continue;
            }
            // The equations whose variables changed, when the sums draw nothing.
            for k in 0..self.equations.len() {
                if !std::mem::take(&mut dirty[sums_len + k]) {
                    continue;
                }
                let e = &self.equations[k];
                // The equation itself: its total, its terms (plus, then minus).
                let mut head = vec![1, e.total as u64, e.plus.len() as u64];
                head.extend(e.plus.iter().chain(&e.minus).map(|&l| u64::from(l)));
                let terms = e.plus.iter().chain(&e.minus).copied();
                let kept = self.memoised(&head, &w, terms, || sums::support_equation(&w, e));
                let Some(kept) = kept else {
                    return end(placements, deductions, DeadEnd::Equation { equation: k as u32 });
                };
                let mut removed = false;
                for (&l, &m) in e.plus.iter().chain(&e.minus).zip(&kept) {
                    if w.remove(l, !m) != 0 {
                        removed = true;
                        mark(&mut dirty, l);
                        if let (Some(b), false) = (w.fixed_bit(l), recorded[l as usize]) {
                            recorded[l as usize] = true;
                            placements.push((l, b, Why::Equation { equation: k as u32 }));
                        }
                    }
                }
                if removed {
                    deductions += 1;
                    dirty[sums_len + k] = false;
                    // Back to singles and sums after one equation.
                    any = true;
                    break;
                }
            }
            if !any && self.deep {
                // The first locked value, when nothing else follows.
                let families = w.families().len();
                'locked: for a in 0..families {
                    for b in (0..families).filter(|&b| b != a) {
                        if let Some(f) = fish::find(&w, a, b, 1).into_iter().next() {
                            for &l in &f.removals {
                                w.remove(l, 1 << f.bit);
                                mark(&mut dirty, l);
                            }
                            deductions += 1;
                            any = true;
                            break 'locked;
                        }
                    }
                }
            }
            if !any {
                return None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp::constraints::AllDifferent;
    use csp::Model;

    /// Whether `var = bit` extends to an assignment of every variable that meets the groups
    /// and the sums, by brute force.
    fn extends(c: &Candidates, sums: &[(Vec<u32>, i64)], var: u32, bit: u32) -> bool {
        let n = c.num_vars();
        let mut values = vec![u32::MAX; n];
        fn go(c: &Candidates, sums: &[(Vec<u32>, i64)], i: usize, values: &mut Vec<u32>) -> bool {
            if i == values.len() {
                return sums
                    .iter()
                    .all(|(vars, t)| vars.iter().map(|&l| i64::from(c.value(values[l as usize]))).sum::<i64>() == *t);
            }
            for b in bits(c.mask(i as u32)) {
                let clash = c
                    .groups_of(i as u32)
                    .iter()
                    .any(|&g| c.groups()[g as usize].vars.iter().any(|&o| (o as usize) < i && values[o as usize] == b));
                if clash {
                    continue;
                }
                values[i] = b;
                if go(c, sums, i + 1, values) {
                    return true;
                }
            }
            values[i] = u32::MAX;
            false
        }
        if c.mask(var) & (1 << bit) == 0 {
            return false;
        }
        let mut c2 = c.clone();
        c2.assign(var, bit);
        go(&c2, sums, 0, &mut values)
    }

    /// A random 4x4 Latin square with 2x2 boxes (rows, columns, boxes as groups), a few
    /// values removed, and random 2- or 3-cell sums from a random solution.
    #[test]
    fn a_refuted_assumption_has_no_solution_on_random_small_killers() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        // A fixed solution of the 4x4 grid with 2x2 boxes, relabelled at random.
        let base = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]];
        let (mut refuted, mut blocked) = (0, 0);
        for _ in 0..200 {
            let mut perm = [1, 2, 3, 4];
            for i in (1..4).rev() {
                perm.swap(i, next(i as u64 + 1) as usize);
            }
            let sol: Vec<i32> = (0..16).map(|i| perm[base[i / 4][i % 4] as usize - 1]).collect();
            let mut model = Model::new();
            let v = model.new_vars(16, 1..=4).unwrap();
            for r in 0..4 {
                model.post(AllDifferent::new((0..4).map(|c| v[r * 4 + c]).collect::<Vec<_>>())).unwrap();
            }
            for col in 0..4 {
                model.post(AllDifferent::new((0..4).map(|r| v[r * 4 + col]).collect::<Vec<_>>())).unwrap();
            }
            for b in 0..4 {
                let (r0, c0) = (b / 2 * 2, b % 2 * 2);
                model
                    .post(AllDifferent::new((0..4).map(|k| v[(r0 + k / 2) * 4 + c0 + k % 2]).collect::<Vec<_>>()))
                    .unwrap();
            }
            // Horizontal dominoes as sums (distinct within a row), on a random half of them.
            let mut sums = Vec::new();
            for r in 0..4 {
                for c0 in [0, 2] {
                    if next(2) == 0 {
                        let vars = vec![(r * 4 + c0) as u32, (r * 4 + c0 + 1) as u32];
                        let t = vars.iter().map(|&l| i64::from(sol[l as usize])).sum();
                        sums.push((vars, t));
                    }
                }
            }
            let mut solver = model.into_solver();
            // Some wrong values removed at random, to vary the domains (the solution kept).
            for _ in 0..next(6) {
                let cell = next(16) as usize;
                let value = next(4) as i32 + 1;
                if value != sol[cell] {
                    solver.remove_value(v[cell], value).unwrap();
                }
            }
            let c = Candidates::from_solver(&solver).unwrap();
            // The splits of every row, column and box, as equations too.
            let equations = (0..12).map(|g| sums::split(&c, &[g], &sums, g % 2 == 0)).collect();
            let trial = SumTrial::new(&c, sums.clone(), equations);
            let trial = if next(2) == 0 { trial.deep() } else { trial };
            for (var, bit, _) in trial.blocking(&c) {
                blocked += 1;
                assert!(!extends(&c, &sums, var, bit), "blocked a value that extends");
            }
            for var in 0..16u32 {
                for bit in bits(c.mask(var)) {
                    if let Some(chain) = trial.refute(&c, var, bit, 1000) {
                        refuted += 1;
                        assert!(!extends(&c, &sums, var, bit), "refuted a value that extends: {chain:?}");
                        assert_ne!(c.value(bit), sol[var as usize]);
                    }
                }
            }
        }
        assert!(refuted > 100, "only {refuted} refutations: the test is too weak");
        assert!(blocked > 20, "only {blocked} blocking assumptions: the test is too weak");
    }
}
