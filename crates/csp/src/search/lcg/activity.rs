//! VSIDS, the learning search's variable order: a variable's activity grows each time a
//! conflict's analysis meets it, and every activity decays by a factor with each conflict,
//! so that the search decides first on the variables of the recent conflicts. The variables
//! are kept in a binary heap in that order (MiniSat's), so that a decision finds the most
//! active without looking at every variable.
//!
//! The factor is 0.95 throughout. Lower factors after each solution of an optimisation, or
//! rising from 0.80 as Glucose's do, took fewer failures on the benchmark's instances they
//! were chosen on but not on others generated alike (`docs/learning.md`, "The decay of
//! activities").

/// Activities decay by this factor per conflict (by raising the increment).
const DECAY: f64 = 0.95;
/// A score past this scales every score (and the increment) down by [`RESCALE_BY`].
const RESCALE: f64 = 1e100;
const RESCALE_BY: f64 = 1e-100;

/// A variable's place when it is not in the heap.
const ABSENT: u32 = u32::MAX;

/// The activities of the variables, with the increment a bump adds, and the heap of the
/// variables a decision may choose.
#[derive(Clone, Debug)]
pub(super) struct Activity {
    scores: Vec<f64>,
    /// What a bump adds; grows by the inverse of the decay at each conflict (which decays
    /// every score at once, relative to the bumps to come).
    inc: f64,
    /// A binary heap, the first variable at the root ([`Activity::ahead`]): every unfixed
    /// variable is in it (a fixed one leaves it when it comes to the top, and comes back when
    /// a backjump undoes a change of it).
    heap: Vec<u32>,
    /// Each variable's index in `heap`, [`ABSENT`] when out.
    place: Vec<u32>,
    /// The variables marked as defined by the others: after every unmarked one.
    marked: Vec<bool>,
    /// Scratch of [`Activity::level_with_top`].
    stack: Vec<u32>,
}

impl Default for Activity {
    fn default() -> Activity {
        Activity::new(0)
    }
}

impl Activity {
    /// Every score 0.
    pub(super) fn new(num_vars: usize) -> Activity {
        Activity {
            scores: vec![0.0; num_vars],
            inc: 1.0,
            heap: Vec::with_capacity(num_vars),
            place: vec![ABSENT; num_vars],
            marked: vec![false; num_vars],
            stack: Vec::new(),
        }
    }

    /// The heap holds `open` (the variables not fixed), with `marked`'s marks.
    pub(super) fn begin(&mut self, open: impl Iterator<Item = u32>, marked: &fixedbitset::FixedBitSet) {
        for (i, m) in self.marked.iter_mut().enumerate() {
            *m = marked.contains(i);
        }
        for &v in &self.heap {
            self.place[v as usize] = ABSENT;
        }
        self.heap.clear();
        self.heap.extend(open);
        self.heapify();
    }

    /// Whether `a` comes before `b`: unmarked first, then the higher activity, then the
    /// smaller index.
    #[inline]
    fn ahead(&self, a: u32, b: u32) -> bool {
        let (ma, mb) = (self.marked[a as usize], self.marked[b as usize]);
        if ma != mb {
            return mb;
        }
        let (sa, sb) = (self.scores[a as usize], self.scores[b as usize]);
        sa > sb || (sa == sb && a < b)
    }

    /// The first variable of the heap.
    #[inline]
    pub(super) fn top(&self) -> Option<u32> {
        self.heap.first().copied()
    }

    /// Takes the first variable out of the heap.
    pub(super) fn pop(&mut self) {
        let Some(last) = self.heap.pop() else { return };
        self.place[last as usize] = ABSENT;
        if let Some(&first) = self.heap.first() {
            self.place[first as usize] = ABSENT;
            self.heap[0] = last;
            self.place[last as usize] = 0;
            self.sift_down(0);
        }
    }

    /// Puts `var` back into the heap if it is out.
    #[inline]
    pub(super) fn insert(&mut self, var: u32) {
        if self.place[var as usize] == ABSENT {
            self.place[var as usize] = self.heap.len() as u32;
            self.heap.push(var);
            self.sift_up(self.heap.len() - 1);
        }
    }

    /// Calls `f` on each variable of the heap level with the first one (the same mark and
    /// activity; they form a subtree at the root, each above its children).
    pub(super) fn level_with_top(&mut self, mut f: impl FnMut(u32)) {
        let Some(&root) = self.heap.first() else { return };
        let key = (self.marked[root as usize], self.scores[root as usize]);
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(0);
        while let Some(k) = stack.pop() {
            let v = self.heap[k as usize];
            if (self.marked[v as usize], self.scores[v as usize]) != key {
                continue;
            }
            f(v);
            for c in [2 * k + 1, 2 * k + 2] {
                if (c as usize) < self.heap.len() {
                    stack.push(c);
                }
            }
        }
        self.stack = stack;
    }

    fn sift_up(&mut self, mut k: usize) {
        let v = self.heap[k];
        while k > 0 {
            let parent = (k - 1) / 2;
            let p = self.heap[parent];
            if !self.ahead(v, p) {
                break;
            }
            self.heap[k] = p;
            self.place[p as usize] = k as u32;
            k = parent;
        }
        self.heap[k] = v;
        self.place[v as usize] = k as u32;
    }

    fn sift_down(&mut self, mut k: usize) {
        let v = self.heap[k];
        let n = self.heap.len();
        loop {
            let left = 2 * k + 1;
            if left >= n {
                break;
            }
            let right = left + 1;
            let child = if right < n && self.ahead(self.heap[right], self.heap[left]) { right } else { left };
            let c = self.heap[child];
            if !self.ahead(c, v) {
                break;
            }
            self.heap[k] = c;
            self.place[c as usize] = k as u32;
            k = child;
        }
        self.heap[k] = v;
        self.place[v as usize] = k as u32;
    }

    /// Restores the heap's order over its variables.
    fn heapify(&mut self) {
        for (k, &v) in self.heap.iter().enumerate() {
            self.place[v as usize] = k as u32;
        }
        for k in (0..self.heap.len() / 2).rev() {
            self.sift_down(k);
        }
    }

    /// The activity of `var`.
    #[inline]
    pub(super) fn of(&self, var: u32) -> f64 {
        self.scores[var as usize]
    }

    /// `var` took part in a conflict: its activity grows by the increment (every score is
    /// scaled down together when one grows past [`RESCALE`], which keeps the order).
    #[inline]
    pub(super) fn bump(&mut self, var: u32) {
        let a = &mut self.scores[var as usize];
        *a += self.inc;
        if *a > RESCALE {
            for a in &mut self.scores {
                *a *= RESCALE_BY;
            }
            self.inc *= RESCALE_BY;
            // (Scaling keeps the order but may make two tiny scores equal.)
            self.heapify();
        } else if self.place[var as usize] != ABSENT {
            self.sift_up(self.place[var as usize] as usize);
        }
    }

    /// After a conflict: every activity decays by the factor (the increment grows by its
    /// inverse).
    #[inline]
    pub(super) fn decay(&mut self) {
        self.inc /= DECAY;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decay_favours_recent_bumps_and_rescaling_keeps_the_order() {
        let mut a = Activity::new(3);
        a.bump(0);
        a.decay();
        a.bump(1);
        assert!(a.of(1) > a.of(0));
        assert_eq!(a.of(1), 1.0 / DECAY);
        // Thousands of conflicts push the increment past RESCALE: the scores are scaled
        // down together, and the order stays.
        for _ in 0..6000 {
            a.bump(2);
            a.decay();
        }
        assert!(a.inc < RESCALE, "rescaled: {}", a.inc);
        assert!(a.of(2) > a.of(1) && a.of(1) > a.of(0) && a.of(0) > 0.0);
        assert!(a.of(2) <= RESCALE);
    }

    /// Random bumps, decays, pops and insertions against brute force: the top is the first
    /// variable in the heap by mark, activity and index, and the variables level with it are
    /// those of its mark and activity.
    #[test]
    fn the_heap_keeps_the_first_variable_on_top() {
        let mut rng = crate::select::Rng::new(17);
        let mut next = move |n: u64| rng.below(n);
        for _ in 0..200 {
            let n = 1 + next(12) as usize;
            let mut marks = fixedbitset::FixedBitSet::with_capacity(n);
            for i in 0..n {
                marks.set(i, next(3) == 0);
            }
            let mut a = Activity::new(n);
            let mut present: Vec<bool> = (0..n).map(|_| next(4) != 0).collect();
            a.begin((0..n as u32).filter(|&v| present[v as usize]), &marks);
            for _ in 0..60 {
                let v = next(n as u64) as u32;
                match next(5) {
                    // Few distinct scores, so that ties are common.
                    0 | 1 => a.bump(v),
                    2 => a.decay(),
                    3 => {
                        if let Some(t) = a.top() {
                            a.pop();
                            present[t as usize] = false;
                        }
                    }
                    _ => {
                        a.insert(v);
                        present[v as usize] = true;
                    }
                }
                let first =
                    (0..n as u32).filter(|&v| present[v as usize]).reduce(|b, v| if a.ahead(v, b) { v } else { b });
                assert_eq!(a.top(), first);
                let mut level = Vec::new();
                a.level_with_top(|v| level.push(v));
                level.sort_unstable();
                let key = |v: u32| (marks.contains(v as usize), a.of(v));
                let expected: Vec<u32> = match first {
                    Some(f) => (0..n as u32).filter(|&v| present[v as usize] && key(v) == key(f)).collect(),
                    None => Vec::new(),
                };
                assert_eq!(level, expected);
            }
        }
    }
}
