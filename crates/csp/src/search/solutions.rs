//! The searches a user calls: one solution, all of them lazily ([`Solutions`]), or a count.

use super::outcome::{Count, CountStatus, Outcome, SearchEnd, Solution};
use super::{Phase, Solver, Step};
use crate::domain::Domain;
use crate::id::{Value, VarId};
use crate::stats::Stats;

impl Solver {
    // ---- search ------------------------------------------------------------------------

    /// Looks for one solution from the current state, which is restored afterwards.
    pub fn solve(&mut self) -> Outcome {
        let mut it = self.solutions();
        let outcome = match it.next() {
            Some(s) => Outcome::Solved(s),
            None => match it.end() {
                Some(SearchEnd::LimitReached(l)) => Outcome::LimitReached(l),
                _ => Outcome::Unsatisfiable,
            },
        };
        drop(it);
        outcome
    }

    /// Enumerates solutions lazily, from the current state (restored when the iterator is
    /// dropped). After `None`, [`Solutions::end`] tells whether the enumeration was complete.
    pub fn solutions(&mut self) -> Solutions<'_> {
        self.begin_search();
        Solutions { solver: self }
    }

    /// Counts solutions up to `max`, without building them.
    pub fn count_solutions(&mut self, max: u64) -> Count {
        self.begin_search();
        let mut count = 0;
        let status = loop {
            if count >= max {
                break CountStatus::MaxReached;
            }
            match self.step() {
                Step::Solution => count += 1,
                Step::End(SearchEnd::Exhausted) => break CountStatus::Complete,
                Step::End(SearchEnd::LimitReached(l)) => break CountStatus::LimitReached(l),
            }
        };
        self.finish_search();
        Count { count, status }
    }

    /// The current assignment, when every variable is fixed.
    pub(crate) fn current_solution(&mut self) -> Solution {
        self.fill_values();
        Solution { values: self.values.as_slice().into(), tag: self.engine.model.tag }
    }

    /// The value of every (fixed) variable, into `values`.
    pub(super) fn fill_values(&mut self) {
        self.values.clear();
        if self.flat {
            // One block per variable, in order: the value of each fixed domain's only bit.
            let blocks = &self.engine.core.store.blocks()[..self.engine.model.num_vars()];
            self.values.extend(self.engine.model.vars.iter().zip(blocks).map(|(info, &b)| {
                debug_assert!(b.count_ones() == 1, "solution domains are fixed");
                info.map.value(b.trailing_zeros() as usize)
            }));
        } else {
            for i in 0..self.engine.model.num_vars() {
                let v = VarId::from_index(i);
                let d = self.domain(v);
                self.values.push(d.min().expect("solution domains are not empty"));
            }
        }
    }

    /// Checks the solution against every constraint's own checker (debug builds), without
    /// allocating once the buffers are warm.
    #[cfg(debug_assertions)]
    pub(super) fn debug_check_solution(&mut self) {
        self.fill_values();
        let mut buf = std::mem::take(&mut self.check_buf);
        if let Err(c) = self.engine.model.check_with(&self.values, &mut buf) {
            panic!("engine bug: solution {:?} violates constraint {c:?}", self.values);
        }
        self.check_buf = buf;
    }
}

/// A lazy enumeration of solutions; see [`Solver::solutions`].
///
/// Dropping it ends the search and restores the state the search started from.
#[derive(Debug)]
pub struct Solutions<'s> {
    solver: &'s mut Solver,
}

impl Solutions<'_> {
    /// How the enumeration ended, once `next` returned `None`; `None` while it runs.
    pub fn end(&self) -> Option<SearchEnd> {
        match self.solver.phase {
            Phase::Done(end) => Some(end),
            _ => None,
        }
    }

    /// The statistics so far.
    pub fn stats(&self) -> &Stats {
        self.solver.stats()
    }

    /// The domain of `var` at the solution just returned.
    pub fn domain(&self, var: VarId) -> Domain<'_> {
        self.solver.domain(var)
    }

    /// The next solution as the value of every variable, by index, borrowed until the next
    /// call: [`next`](Iterator::next) without a [`Solution`] to allocate, for callers that
    /// read each solution once (counting, converting, printing).
    ///
    /// # Example
    ///
    /// ```
    /// use csp::Model;
    /// use csp::constraints::NotEqual;
    ///
    /// let mut model = Model::new();
    /// let x = model.new_var(0..=2)?;
    /// let y = model.new_var(0..=2)?;
    /// model.post(NotEqual::new(x, y))?;
    /// let mut solver = model.into_solver();
    /// let mut solutions = solver.solutions();
    /// let mut sums = 0;
    /// while let Some(values) = solutions.next_values() {
    ///     assert_ne!(values[x.index()], values[y.index()]);
    ///     sums += values.iter().sum::<i32>();
    /// }
    /// assert_eq!(sums, 12); // six solutions, each with a sum of 1, 2 or 3, twice
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn next_values(&mut self) -> Option<&[Value]> {
        let step = self.solver.step();
        self.solver.update_time();
        match step {
            Step::Solution => {
                self.solver.fill_values();
                Some(&self.solver.values)
            }
            Step::End(_) => None,
        }
    }
}

impl Iterator for Solutions<'_> {
    type Item = Solution;
    fn next(&mut self) -> Option<Solution> {
        let tag = self.solver.engine.model.tag;
        self.next_values().map(|values| Solution { values: values.into(), tag })
    }
}

impl Drop for Solutions<'_> {
    fn drop(&mut self) {
        self.solver.finish_search();
    }
}
