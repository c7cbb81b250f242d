//! The Θ-Λ-tree of Vilím (2004): a balanced binary tree over tasks sorted by earliest start that
//! maintains, under insertions and removals in `O(log n)`, the earliest completion time of a set
//! Θ of tasks, and of Θ plus at most one task of a second set Λ (the *gray* tasks), with the gray
//! task responsible for it.
//!
//! # Bibliography
//!
//! * P. Vilím, "O(n log n) filtering algorithms for unary resource constraint", CPAIOR 2004.
//! * P. Vilím, E. Barták and O. Čepek, "Extension of O(n log n) filtering algorithms for the
//!   unary resource constraint to optional activities", Constraints 10(4), 2005.

/// A value below every completion time (sums of it with durations stay far from overflow).
pub(crate) const NEG_INF: i64 = i64::MIN / 4;

/// No gray task is responsible.
const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Node {
    /// Σ p over the white tasks of the subtree.
    sum_p: i64,
    /// ECT of the white tasks of the subtree.
    ect: i64,
    /// Σ p over the white tasks plus at most one gray task (the largest).
    sum_p_bar: i64,
    /// ECT of the white tasks plus at most one gray task (the largest).
    ect_bar: i64,
    /// The gray task of `sum_p_bar`, or `NONE`.
    resp_p: u32,
    /// The gray task of `ect_bar`, or `NONE`.
    resp_ect: u32,
}

const EMPTY: Node = Node { sum_p: 0, ect: NEG_INF, sum_p_bar: 0, ect_bar: NEG_INF, resp_p: NONE, resp_ect: NONE };

/// A Θ-Λ-tree over `n` tasks. Leaves are positions `0..n` in order of earliest start (set by
/// the caller); each holds an empty, white (in Θ) or gray (in Λ) task.
#[derive(Clone, Debug, Default)]
pub(crate) struct ThetaLambdaTree {
    /// Heap layout: node `k` has children `2k + 1` and `2k + 2`; leaves start at `leaves - 1`.
    nodes: Vec<Node>,
    /// The number of leaves, a power of two `>= n`.
    leaves: usize,
}

impl ThetaLambdaTree {
    /// Empties the tree and sizes it for `n` tasks (allocates only when `n` grows).
    pub(crate) fn reset(&mut self, n: usize) {
        let leaves = n.next_power_of_two().max(1);
        self.leaves = leaves;
        self.nodes.clear();
        self.nodes.resize(2 * leaves - 1, EMPTY);
    }

    fn combine(l: Node, r: Node) -> Node {
        let sum_p = l.sum_p + r.sum_p;
        let ect = r.ect.max(l.ect + r.sum_p);
        let (sum_p_bar, resp_p) = if l.sum_p_bar + r.sum_p >= l.sum_p + r.sum_p_bar {
            (l.sum_p_bar + r.sum_p, l.resp_p)
        } else {
            (l.sum_p + r.sum_p_bar, r.resp_p)
        };
        let a = r.ect_bar;
        let b = l.ect + r.sum_p_bar;
        let c = l.ect_bar + r.sum_p;
        let (ect_bar, resp_ect) = if a >= b && a >= c {
            (a, r.resp_ect)
        } else if b >= c {
            (b, r.resp_p)
        } else {
            (c, l.resp_ect)
        };
        Node { sum_p, ect, sum_p_bar, ect_bar, resp_p, resp_ect }
    }

    fn set(&mut self, pos: usize, node: Node) {
        let mut k = self.leaves - 1 + pos;
        self.nodes[k] = node;
        while k > 0 {
            k = (k - 1) / 2;
            self.nodes[k] = Self::combine(self.nodes[2 * k + 1], self.nodes[2 * k + 2]);
        }
    }

    /// Puts every task of `tasks` (leaf, earliest start, duration) in Θ at once, on a tree
    /// just [`reset`](ThetaLambdaTree::reset): `O(n)` rather than `O(n log n)` insertions.
    pub(crate) fn fill(&mut self, tasks: impl Iterator<Item = (usize, i64, i64)>) {
        let first = self.leaves - 1;
        for (pos, est, p) in tasks {
            self.nodes[first + pos] =
                Node { sum_p: p, ect: est + p, sum_p_bar: p, ect_bar: est + p, resp_p: NONE, resp_ect: NONE };
        }
        for k in (0..first).rev() {
            self.nodes[k] = Self::combine(self.nodes[2 * k + 1], self.nodes[2 * k + 2]);
        }
    }

    /// Θ alone: puts task `(est, p)` at leaf `pos` and updates only the white part of the
    /// path (`sum_p`, `ect`). Between two [`reset`](ThetaLambdaTree::reset)s, use either
    /// these or the Θ-Λ operations, never both: these leave the gray part stale.
    pub(crate) fn insert_white(&mut self, pos: usize, est: i64, p: i64) {
        self.set_white(pos, p, est + p);
    }

    /// Θ alone: empties leaf `pos` (see [`insert_white`](ThetaLambdaTree::insert_white)).
    pub(crate) fn remove_white(&mut self, pos: usize) {
        self.set_white(pos, 0, NEG_INF);
    }

    fn set_white(&mut self, pos: usize, sum_p: i64, ect: i64) {
        let mut k = self.leaves - 1 + pos;
        self.nodes[k].sum_p = sum_p;
        self.nodes[k].ect = ect;
        while k > 0 {
            k = (k - 1) / 2;
            let (l, r) = (&self.nodes[2 * k + 1], &self.nodes[2 * k + 2]);
            let (sum_p, ect) = (l.sum_p + r.sum_p, r.ect.max(l.ect + r.sum_p));
            self.nodes[k].sum_p = sum_p;
            self.nodes[k].ect = ect;
        }
    }

    /// Moves the task at leaf `pos` (task number `task`) from Θ to Λ.
    pub(crate) fn gray(&mut self, pos: usize, task: usize, est: i64, p: i64) {
        let t = task as u32;
        self.set(pos, Node { sum_p: 0, ect: NEG_INF, sum_p_bar: p, ect_bar: est + p, resp_p: t, resp_ect: t });
    }

    /// Empties leaf `pos`.
    pub(crate) fn remove(&mut self, pos: usize) {
        self.set(pos, EMPTY);
    }

    /// ECT(Θ): the earliest time all white tasks can be done.
    pub(crate) fn ect(&self) -> i64 {
        self.nodes[0].ect
    }

    /// ECT(Θ, Λ): the largest ECT of Θ plus one gray task.
    pub(crate) fn ect_bar(&self) -> i64 {
        self.nodes[0].ect_bar
    }

    /// The gray task responsible for [`ect_bar`](ThetaLambdaTree::ect_bar), if it exceeds
    /// [`ect`](ThetaLambdaTree::ect).
    pub(crate) fn responsible(&self) -> Option<usize> {
        let r = self.nodes[0].resp_ect;
        (r != NONE).then_some(r as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// ECT of a set of tasks `(est, p)`: the latest of `est_j` plus the durations of the
    /// tasks starting at or after it, over the set's tasks `j`.
    fn ect_by_definition(tasks: &[(i64, i64)]) -> i64 {
        tasks
            .iter()
            .map(|&(e, _)| e + tasks.iter().filter(|t| t.0 >= e).map(|t| t.1).sum::<i64>())
            .max()
            .unwrap_or(NEG_INF)
    }

    #[test]
    fn ect_is_the_best_of_every_suffix() {
        // Tasks (est, p) sorted by est: (0, 3), (2, 2), (10, 1): ECT = max(0+6, 2+3, 10+1) = 11.
        let mut t = ThetaLambdaTree::default();
        t.reset(3);
        t.insert_white(0, 0, 3);
        t.insert_white(1, 2, 2);
        assert_eq!(t.ect(), 5);
        t.insert_white(2, 10, 1);
        assert_eq!(t.ect(), 11);
        t.remove_white(2);
        assert_eq!(t.ect(), 5);
    }

    #[test]
    fn ect_bar_adds_the_worst_gray_task() {
        let mut t = ThetaLambdaTree::default();
        t.reset(3);
        t.fill([(0, 0, 3)].into_iter());
        t.gray(1, 7, 1, 4);
        t.gray(2, 9, 5, 1);
        assert_eq!(t.ect(), 3);
        // Adding task 7: max(0 + 3 + 4, 1 + 4) = 7; adding task 9: max(3 + 1, 5 + 1) = 6.
        assert_eq!(t.ect_bar(), 7);
        assert_eq!(t.responsible(), Some(7));
    }

    proptest! {
        /// `fill`, and any sequence of white insertions and removals, give the ECT of the
        /// definition; graying a filled task raises `ect_bar` to the ECT with it back.
        #[test]
        fn ect_follows_the_definition(
            mut tasks in proptest::collection::vec((0i64..20, 1i64..6), 1..9),
            ops in proptest::collection::vec((any::<bool>(), 0usize..8), 0..24),
        ) {
            tasks.sort_unstable();
            let n = tasks.len();
            let mut t = ThetaLambdaTree::default();
            t.reset(n);
            t.fill(tasks.iter().enumerate().map(|(k, &(e, p))| (k, e, p)));
            prop_assert_eq!(t.ect(), ect_by_definition(&tasks));
            let all = t.ect();
            t.gray(n - 1, n - 1, tasks[n - 1].0, tasks[n - 1].1);
            prop_assert_eq!(t.ect(), ect_by_definition(&tasks[..n - 1]));
            prop_assert_eq!(t.ect_bar(), all);
            let mut white = vec![false; n];
            t.reset(n);
            for (insert, k) in ops {
                let k = k % n;
                if insert {
                    t.insert_white(k, tasks[k].0, tasks[k].1);
                } else {
                    t.remove_white(k);
                }
                white[k] = insert;
                let set: Vec<(i64, i64)> = (0..n).filter(|&j| white[j]).map(|j| tasks[j]).collect();
                prop_assert_eq!(t.ect(), ect_by_definition(&set));
            }
        }
    }
}
