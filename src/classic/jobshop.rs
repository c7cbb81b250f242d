//! Job-shop scheduling: each job is a sequence of tasks, each task needs one machine for a
//! given time, a machine runs one task at a time; minimise the makespan (the end of the last
//! task). [`FT06`] is Fisher and Thompson's 6x6 instance (1963), optimum 55.
//!
//! The model, in the expression API: a start variable per task, precedences inside each job
//! (`start + duration <= next start`, the last task's end before the makespan), one
//! [`Disjunctive`](csp::constraints::Disjunctive) per machine ([`Model::no_overlap`]: its tasks never
//! overlap, CP-SAT's `AddNoOverlap`), and the makespan minimised. The machines can also be
//! written one Boolean per pair of tasks (`model.either((a + da).le(b), (b + db).le(a))`, two
//! half-reified precedences); the global reasons on whole sets of tasks and proves ft06 in 19
//! nodes where the pairs take 436.
//!
//! ```
//! use csp::solve::Optimum;
//! use csp_sudoku::classic::jobshop::{JobShop, FT06};
//!
//! // The first three jobs of ft06 on their machines.
//! let shop = JobShop::new(FT06[..3].iter().map(|j| j.to_vec()).collect());
//! let (model, schedule) = shop.model()?;
//! let Optimum::Optimal(s) = model.into_solver().solve_optimal() else { panic!() };
//! assert_eq!(shop.check(&schedule.starts(&s)), Ok(s[schedule.makespan]));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use csp::{Model, ModelError, Solution, Value, VarId};

/// Fisher and Thompson's ft06: 6 jobs of 6 tasks `(machine, duration)`. Optimal makespan 55.
pub const FT06: [[(usize, Value); 6]; 6] = [
    [(2, 1), (0, 3), (1, 6), (3, 7), (5, 3), (4, 6)],
    [(1, 8), (2, 5), (4, 10), (5, 10), (0, 10), (3, 4)],
    [(2, 5), (3, 4), (5, 8), (0, 9), (1, 1), (4, 7)],
    [(1, 5), (0, 5), (2, 5), (3, 3), (4, 8), (5, 9)],
    [(2, 9), (1, 3), (4, 5), (5, 4), (0, 3), (3, 1)],
    [(1, 3), (3, 3), (5, 9), (0, 10), (4, 4), (2, 1)],
];

/// A job-shop instance: per job, its tasks in order as `(machine, duration)`.
#[derive(Clone, Debug)]
pub struct JobShop {
    jobs: Vec<Vec<(usize, Value)>>,
}

/// The variables of a job-shop model: `start[j][k]` for task `k` of job `j`, and the makespan.
#[derive(Clone, Debug)]
pub struct Schedule {
    /// The start of each task, per job.
    pub start: Vec<Vec<VarId>>,
    /// The end of the last task.
    pub makespan: VarId,
}

impl Schedule {
    /// The start times of a solution, per job.
    pub fn starts(&self, s: &Solution) -> Vec<Vec<Value>> {
        self.start.iter().map(|job| job.iter().map(|&x| s[x]).collect()).collect()
    }
}

impl JobShop {
    /// An instance from its jobs.
    pub fn new(jobs: Vec<Vec<(usize, Value)>>) -> JobShop {
        JobShop { jobs }
    }

    /// ft06 ([`FT06`]).
    pub fn ft06() -> JobShop {
        JobShop::new(FT06.iter().map(|j| j.to_vec()).collect())
    }

    /// The jobs.
    pub fn jobs(&self) -> &[Vec<(usize, Value)>] {
        &self.jobs
    }

    /// The number of machines: one more than the largest machine a task names.
    pub fn machines(&self) -> usize {
        self.jobs.iter().flatten().map(|&(m, _)| m + 1).max().unwrap_or(0)
    }

    /// The model, with the makespan recorded as the objective to minimise.
    ///
    /// # Errors
    ///
    /// A [`ModelError`] if the engine refuses the model (durations beyond 32 bits in total).
    pub fn model(&self) -> Result<(Model, Schedule), ModelError> {
        // model:begin jobshop
        let horizon: Value = self.jobs.iter().flatten().map(|&(_, d)| d).sum();
        let mut model = Model::new();
        let start: Vec<Vec<VarId>> =
            self.jobs.iter().map(|job| model.new_vars(job.len(), 0..=horizon)).collect::<Result<_, _>>()?;
        let makespan = model.new_named_var("makespan", 0..=horizon)?;
        let mut machines = vec![Vec::new(); self.machines()];
        for (job, s) in self.jobs.iter().zip(&start) {
            for (k, &(m, d)) in job.iter().enumerate() {
                model.add((s[k] + d).le(s.get(k + 1).copied().unwrap_or(makespan)))?;
                machines[m].push((s[k], d));
            }
        }
        for tasks in machines {
            model.no_overlap(tasks)?;
        }
        model.minimize(makespan)?;
        // model:end
        Ok((model, Schedule { start, makespan }))
    }

    /// Checks a schedule independently of the solver: every start at least 0, precedences
    /// kept, no two tasks overlapping on a machine. Returns the makespan, or what is wrong.
    ///
    /// # Errors
    ///
    /// A description of the first violation found.
    pub fn check(&self, starts: &[Vec<Value>]) -> Result<Value, String> {
        let mut makespan = 0;
        let mut busy: Vec<(usize, Value, Value)> = Vec::new();
        for (j, (job, st)) in self.jobs.iter().zip(starts).enumerate() {
            if st.len() != job.len() {
                return Err(format!("job {j}: {} starts for {} tasks", st.len(), job.len()));
            }
            let mut ready = 0;
            for (k, (&(m, d), &s)) in job.iter().zip(st).enumerate() {
                if s < ready {
                    return Err(format!("job {j} task {k} starts at {s}, before {ready}"));
                }
                ready = s + d;
                busy.push((m, s, s + d));
            }
            makespan = makespan.max(ready);
        }
        for (i, &(m, s, e)) in busy.iter().enumerate() {
            if let Some(&(_, s2, e2)) = busy[i + 1..].iter().find(|&&(m2, s2, e2)| m2 == m && s < e2 && s2 < e) {
                return Err(format!("machine {m}: [{s}, {e}) overlaps [{s2}, {e2})"));
            }
        }
        Ok(makespan)
    }
}
