//! Régin's generalised arc consistency for all-different when every value fits one 64-bit
//! word: the same result as [`Matching`](super::matching::Matching), with each domain a mask.
//!
//! The graph is the one of `matching.rs` with each matched pair (variable `i`, value `m(i)`)
//! taken as one node. Variable `j` then follows `i` when `m(i)` is in `j`'s domain, and every
//! node reaches the sink through its matched value. So:
//!
//! * the sink's component is the set `R` of variables reached from the free values (those
//!   holding a free value, then every variable holding the matched value of one in `R`), found
//!   by a closure over masks;
//! * the other components come from Tarjan's algorithm over the rest, each successor set one
//!   mask (`holders[m(i)]`);
//! * variable `j` keeps its matched value, the free values and the matched values of its own
//!   component; every other value belongs to no maximum matching and goes.
//!
//! A fixed variable whose value no other variable holds is its own component and is left out,
//! as in `matching.rs`. The matching found is seeded with the previous call's, which stays
//! valid for most variables.

/// No value, or no variable.
const NONE: u8 = u8::MAX;

/// Why the constraint cannot hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// Fewer values than variables.
    Pigeonhole,
    /// No matching covers every variable.
    HallSet,
}

/// Scratch space and the previous matching (by scope position); none of it needs restoring
/// on backtracking.
#[derive(Clone, Debug, Default)]
pub(crate) struct WordMatching {
    /// Per scope position: the value bit it was matched to last time, or [`NONE`].
    prev: Vec<u8>,
    /// Scope positions in the graph, ascending, and their domains.
    live: Vec<u32>,
    dom: Vec<u64>,
    /// Per live variable: its matched value bit.
    mate: Vec<u8>,
    /// Per value bit: the live variable matched to it, or [`NONE`].
    owner: Vec<u8>,
    /// Per value bit: the live variables whose domain holds it.
    holders: Vec<u64>,
    /// Per live variable: its component (`SINK` for the sink's).
    comp: Vec<u8>,
    /// Per component: the matched values of its variables.
    comp_values: Vec<u64>,
    /// Augmenting-path stack: variable, values left to try, value taken to the next frame.
    path: Vec<(u8, u64, u8)>,
    /// Tarjan's state.
    index: Vec<u8>,
    low: Vec<u8>,
    tstack: Vec<u8>,
    call: Vec<(u8, u64)>,
    /// The result: scope position and the values it loses.
    removals: Vec<(u32, u64)>,
}

/// The sink's component.
const SINK: u8 = 64;

impl WordMatching {
    /// GAC on the domains `masks` (one per scope position, bit `b` standing for the `b`-th
    /// value of the constraint's value space): the values each position loses, ascending by
    /// position; or why no assignment exists. Every mask is non-empty.
    pub(crate) fn propagate(&mut self, masks: &[u64]) -> Result<&[(u32, u64)], Failure> {
        self.removals.clear();
        // Fixed variables claim their value; a value claimed twice or held by an unfixed
        // domain keeps its claimants in the graph.
        let (mut unfixed, mut claimed, mut shared) = (0u64, 0u64, 0u64);
        for &d in masks {
            if d & d.wrapping_sub(1) == 0 {
                shared |= claimed & d;
                claimed |= d;
            } else {
                unfixed |= d;
            }
        }
        let contested = unfixed | shared;
        self.live.clear();
        self.dom.clear();
        for (p, &d) in masks.iter().enumerate() {
            if d == 0 {
                return Err(Failure::HallSet);
            }
            if d & d.wrapping_sub(1) != 0 || d & contested != 0 {
                self.live.push(p as u32);
                self.dom.push(d);
            }
        }
        let n = self.live.len();
        let values = self.dom.iter().fold(0, |a, &d| a | d);
        if (values.count_ones() as usize) < n {
            return Err(Failure::Pigeonhole);
        }
        self.prev.resize(masks.len(), NONE);
        self.find_matching()?;
        for (l, &p) in self.live.iter().enumerate() {
            self.prev[p as usize] = self.mate[l];
        }
        self.components(values);
        let matched = self.mate.iter().fold(0u64, |a, &v| a | 1 << v);
        let free = values & !matched;
        for l in 0..n {
            let keep = 1u64 << self.mate[l] | free | self.comp_values[self.comp[l] as usize];
            let lose = self.dom[l] & !keep;
            if lose != 0 {
                self.removals.push((self.live[l], lose));
            }
        }
        Ok(&self.removals)
    }

    /// A maximum matching of the live variables, seeded with the previous one.
    fn find_matching(&mut self) -> Result<(), Failure> {
        let n = self.live.len();
        self.mate.clear();
        self.mate.resize(n, NONE);
        self.owner.clear();
        self.owner.resize(64, NONE);
        for l in 0..n {
            let v = self.prev[self.live[l] as usize];
            if v != NONE && self.dom[l] >> v & 1 == 1 && self.owner[v as usize] == NONE {
                self.mate[l] = v;
                self.owner[v as usize] = l as u8;
            }
        }
        for l in 0..n {
            if self.mate[l] == NONE && !self.augment(l as u8) {
                return Err(Failure::HallSet);
            }
        }
        Ok(())
    }

    /// Looks for an augmenting path from the unmatched live variable `root`; applies it.
    fn augment(&mut self, root: u8) -> bool {
        let mut seen = 0u64;
        self.path.clear();
        self.path.push((root, self.dom[root as usize], NONE));
        while let Some(top) = self.path.len().checked_sub(1) {
            let (u, left, _) = self.path[top];
            let untried = left & !seen;
            if untried == 0 {
                self.path.pop();
                continue;
            }
            let v = untried.trailing_zeros() as u8;
            seen |= 1 << v;
            self.path[top] = (u, untried & !(1 << v), v);
            let w = self.owner[v as usize];
            if w == NONE {
                for &(uk, _, vk) in &self.path {
                    self.mate[uk as usize] = vk;
                    self.owner[vk as usize] = uk;
                }
                return true;
            }
            self.path.push((w, self.dom[w as usize], NONE));
        }
        false
    }

    /// Fills `comp` and `comp_values`: the sink's component by closure from the free values,
    /// the others by Tarjan's algorithm.
    fn components(&mut self, values: u64) {
        let n = self.live.len();
        self.holders.clear();
        self.holders.resize(64, 0);
        for (l, &d) in self.dom.iter().enumerate() {
            let mut bits = d;
            while bits != 0 {
                self.holders[bits.trailing_zeros() as usize] |= 1 << l;
                bits &= bits - 1;
            }
        }
        let matched = self.mate.iter().fold(0u64, |a, &v| a | 1 << v);
        // The sink's component: closure from the holders of free values.
        let mut reached = 0u64;
        let mut free = values & !matched;
        while free != 0 {
            reached |= self.holders[free.trailing_zeros() as usize];
            free &= free - 1;
        }
        let mut done = 0u64;
        while reached & !done != 0 {
            let i = (reached & !done).trailing_zeros() as usize;
            done |= 1 << i;
            reached |= self.holders[self.mate[i] as usize];
        }
        self.comp.clear();
        self.comp.resize(n, NONE);
        self.comp_values.clear();
        self.comp_values.resize(usize::from(SINK) + 1, 0);
        let mut bits = reached;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            self.comp[i] = SINK;
            self.comp_values[usize::from(SINK)] |= 1 << self.mate[i];
            bits &= bits - 1;
        }
        self.tarjan(!reached);
    }

    /// Tarjan's strongly connected components of the live variables in `among`, variable `i`
    /// followed by the holders of its matched value.
    fn tarjan(&mut self, among: u64) {
        let n = self.live.len();
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let among = among & all;
        self.index.clear();
        self.index.resize(n, NONE);
        self.low.clear();
        self.low.resize(n, 0);
        self.tstack.clear();
        let mut on_stack = 0u64;
        let mut next = 0u8;
        let mut comps = 0u8;
        let mut roots = among;
        while roots != 0 {
            let start = roots.trailing_zeros() as u8;
            roots &= roots - 1;
            if self.index[start as usize] != NONE {
                continue;
            }
            self.open(start, &mut next, &mut on_stack, among);
            while let Some(&(u, left)) = self.call.last() {
                let ui = u as usize;
                if left != 0 {
                    let w = left.trailing_zeros() as u8;
                    let top = self.call.len() - 1;
                    self.call[top].1 = left & (left - 1);
                    if self.index[w as usize] == NONE {
                        self.open(w, &mut next, &mut on_stack, among);
                    } else if on_stack >> w & 1 == 1 {
                        self.low[ui] = self.low[ui].min(self.index[w as usize]);
                    }
                    continue;
                }
                self.call.pop();
                if let Some(&(p, _)) = self.call.last() {
                    let pi = p as usize;
                    self.low[pi] = self.low[pi].min(self.low[ui]);
                }
                if self.low[ui] == self.index[ui] {
                    while let Some(w) = self.tstack.pop() {
                        on_stack &= !(1 << w);
                        self.comp[w as usize] = comps;
                        self.comp_values[comps as usize] |= 1 << self.mate[w as usize];
                        if w == u {
                            break;
                        }
                    }
                    comps += 1;
                }
            }
        }
    }

    /// Tarjan's visit of `u`: numbered, stacked, and its successors in `among` to explore.
    fn open(&mut self, u: u8, next: &mut u8, on_stack: &mut u64, among: u64) {
        self.index[u as usize] = *next;
        self.low[u as usize] = *next;
        *next += 1;
        self.tstack.push(u);
        *on_stack |= 1 << u;
        let succ = self.holders[self.mate[u as usize] as usize] & among & !(1 << u);
        self.call.push((u, succ));
    }
}

#[cfg(test)]
mod tests {
    use super::{Failure, WordMatching};

    /// Whether some assignment of distinct values to all domains gives `pos` the value `bit`.
    fn supported(masks: &[u64], pos: usize, bit: u32) -> bool {
        fn extend(masks: &[u64], i: usize, used: u64) -> bool {
            if i == masks.len() {
                return true;
            }
            let mut left = masks[i] & !used;
            while left != 0 {
                let b = left & left.wrapping_neg();
                if extend(masks, i + 1, used | b) {
                    return true;
                }
                left &= left - 1;
            }
            false
        }
        let mut fixed = masks.to_vec();
        fixed[pos] = 1 << bit;
        extend(&fixed, 0, 0)
    }

    /// A small xorshift generator, so the test needs no dependency.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn removes_exactly_the_unsupported_values_on_random_domains() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut wm = WordMatching::default();
        for round in 0..4000 {
            let n = 1 + (next(&mut state) % 7) as usize;
            let width = 1 + (next(&mut state) % 8) as u32;
            let masks: Vec<u64> = (0..n)
                .map(|_| loop {
                    let m = next(&mut state) & ((1u64 << width) - 1);
                    // Some fixed domains, so that fixed variables are left out or kept.
                    let m = if next(&mut state).is_multiple_of(3) { m & m.wrapping_neg() } else { m };
                    if m != 0 {
                        break m;
                    }
                })
                .collect();
            let any = (0..n).all(|p| (0..width).any(|b| masks[p] >> b & 1 == 1 && supported(&masks, p, b)));
            // Run twice: the second call starts from the first call's matching.
            for _ in 0..2 {
                match wm.propagate(&masks) {
                    Ok(removals) => {
                        assert!(any, "round {round}: {masks:?} has no solution but passed");
                        let mut lost = vec![0u64; n];
                        for &(p, l) in removals {
                            lost[p as usize] = l;
                        }
                        for p in 0..n {
                            for b in 0..width {
                                if masks[p] >> b & 1 == 1 {
                                    let gone = lost[p] >> b & 1 == 1;
                                    assert_eq!(
                                        gone,
                                        !supported(&masks, p, b),
                                        "round {round}: {masks:?} position {p} bit {b}"
                                    );
                                }
                            }
                        }
                    }
                    Err(_) => assert!(!any, "round {round}: {masks:?} has a solution but failed"),
                }
            }
        }
    }

    #[test]
    fn fewer_values_than_variables_is_a_pigeonhole() {
        let mut wm = WordMatching::default();
        assert_eq!(wm.propagate(&[0b11, 0b11, 0b11]).err(), Some(Failure::Pigeonhole));
        assert_eq!(wm.propagate(&[0b011, 0b011, 0b110, 0b011]).err(), Some(Failure::Pigeonhole));
        assert_eq!(wm.propagate(&[0b01, 0b10, 0b01]).err(), Some(Failure::Pigeonhole));
        assert_eq!(wm.propagate(&[0b0011, 0b0011, 0b0011, 0b1100]).err(), Some(Failure::HallSet));
    }
}
