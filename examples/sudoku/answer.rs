//! One puzzle's answer: the verdict printed for it, the searches behind it, and the per-thread
//! worker that runs them (shared by batch and single-puzzle modes).

use super::*;

/// The answer for one puzzle, as batch mode prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// The unique solution (line form).
    Unique(String),
    /// A solution, uniqueness not checked (--first).
    Solved(String),
    Multiple,
    Unsolvable,
    Invalid(String),
    Limit,
    /// A count: exact, or at least `n` when the maximum was reached.
    Count {
        n: u64,
        exact: bool,
    },
    /// With --grade: the answer and the grade (none for an invalid line).
    Graded(Box<Verdict>, Option<Grade>),
}

impl Verdict {
    pub(super) fn write_line(&self, out: &mut dyn Write) -> io::Result<()> {
        match self {
            Verdict::Unique(line) | Verdict::Solved(line) => writeln!(out, "{line}"),
            Verdict::Multiple => writeln!(out, "multiple"),
            Verdict::Unsolvable => writeln!(out, "unsolvable"),
            Verdict::Invalid(why) => writeln!(out, "invalid: {why}"),
            Verdict::Limit => writeln!(out, "limit"),
            Verdict::Count { n, exact: true } => writeln!(out, "{n}"),
            Verdict::Count { n, exact: false } => writeln!(out, ">={n}"),
            Verdict::Graded(inner, grade) => {
                let mut line = Vec::new();
                inner.write_line(&mut line)?;
                let line = String::from_utf8_lossy(&line);
                // Tabs separate the columns: keep them out of the result.
                let result = line.trim_end_matches('\n').replace('\t', " ");
                match grade {
                    Some(g) => {
                        writeln!(out, "{result}\t{:.1}\t{}\t{}", g.score(), g.band(), g.hardest().unwrap_or("-"))
                    }
                    None => writeln!(out, "{result}\t-\t-\t-"),
                }
            }
        }
    }

    /// The answer without its grade.
    pub(super) fn ungraded(&self) -> &Verdict {
        match self {
            Verdict::Graded(inner, _) => inner.ungraded(),
            v => v,
        }
    }
}

/// Batch totals, for the summary.
#[derive(Debug, Default)]
pub(super) struct Tally {
    pub(super) puzzles: u64,
    pub(super) unique: u64,
    pub(super) solved: u64,
    pub(super) multiple: u64,
    pub(super) unsolvable: u64,
    pub(super) invalid: u64,
    pub(super) limit: u64,
}

impl Tally {
    pub(super) fn add(&mut self, v: &Verdict) {
        self.puzzles += 1;
        let slot = match v.ungraded() {
            Verdict::Unique(_) | Verdict::Count { n: 1, exact: true } => &mut self.unique,
            Verdict::Solved(_) | Verdict::Count { n: 1, exact: false } => &mut self.solved,
            Verdict::Unsolvable | Verdict::Count { n: 0, .. } => &mut self.unsolvable,
            Verdict::Multiple | Verdict::Count { .. } => &mut self.multiple,
            Verdict::Invalid(_) => &mut self.invalid,
            Verdict::Limit => &mut self.limit,
            Verdict::Graded(..) => return,
        };
        *slot += 1;
    }
}

pub(super) fn add_stats(total: &mut Stats, s: &Stats) {
    total.nodes += s.nodes;
    total.failures += s.failures;
    total.backtracks += s.backtracks;
    total.propagations += s.propagations;
    total.prunings += s.prunings;
    total.solutions += s.solutions;
    total.max_depth = total.max_depth.max(s.max_depth);
    total.time += s.time;
}

/// A worker: one solver per shape met, and its statistics.
#[derive(Debug)]
pub(super) struct Worker {
    pub(super) config: Config,
    pub(super) solvers: Vec<Solver>,
    /// Under --grade, by solver: the explainer that grades.
    pub(super) graders: Vec<Option<Explainer>>,
    pub(super) stats: Stats,
}

impl Worker {
    pub(super) fn new(config: Config) -> Worker {
        Worker { config, solvers: Vec::new(), graders: Vec::new(), stats: Stats::default() }
    }

    /// The index of the solver for `shape`, built on first use.
    pub(super) fn solver_index(&mut self, shape: Shape) -> usize {
        match self.solvers.iter().position(|s| s.shape() == shape) {
            Some(i) => i,
            None => {
                self.solvers.push(self.config.solver(shape));
                self.graders.push(self.config.grader(shape));
                self.solvers.len() - 1
            }
        }
    }

    pub(super) fn verdict(&mut self, item: &batch::Line) -> Verdict {
        let grid = match item.parse() {
            Ok(grid) => grid,
            Err(why) => {
                // A Sukaku line (each cell's candidates) is a puzzle too.
                if let Ok(Some(marks)) = item.parse_marks() {
                    let i = self.solver_index(marks.grid().shape());
                    let grade = self.graders[i].as_mut().map(|g| g.grade(&marks));
                    let solver = &mut self.solvers[i];
                    let verdict = answer(solver, &marks, self.config.mode);
                    add_stats(&mut self.stats, solver.stats());
                    return graded(verdict, grade);
                }
                if self.config.grade {
                    return Verdict::Graded(Box::new(Verdict::Invalid(why.to_string())), None);
                }
                return Verdict::Invalid(why.to_string());
            }
        };
        let mode = self.config.mode;
        let i = self.solver_index(grid.shape());
        let grade = self.graders[i].as_mut().map(|g| g.grade(&grid));
        let solver = &mut self.solvers[i];
        let verdict = answer(solver, &grid, mode);
        add_stats(&mut self.stats, solver.stats());
        graded(verdict, grade)
    }
}

/// The verdict with `grade`, the puzzle's under --grade. Only a puzzle with
/// a solution found (unique in the default mode) is graded: a grid with no solution or several
/// gets `-` (its answer, `unsolvable` or `multiple`, says why, as does the exit code).
pub(super) fn graded(verdict: Verdict, grade: Option<Grade>) -> Verdict {
    let solved = matches!(verdict, Verdict::Unique(_) | Verdict::Solved(_) | Verdict::Count { n: 1, exact: true });
    match grade {
        // A grading stopped by the time limit: the answer is the limit's.
        Some(g) if g.timed_out() => Verdict::Graded(Box::new(Verdict::Limit), None),
        Some(g) => Verdict::Graded(Box::new(verdict), solved.then_some(g)),
        None => verdict,
    }
}

/// The batch-line answer for `puzzle`.
pub(super) fn answer<P: Solvable + ?Sized>(solver: &mut Solver, puzzle: &P, mode: Mode) -> Verdict {
    match mode {
        Mode::Unique => match solver.solve_unique(puzzle) {
            Uniqueness::Unique(g) => Verdict::Unique(g.to_line()),
            Uniqueness::Multiple(..) => Verdict::Multiple,
            Uniqueness::Unsatisfiable => Verdict::Unsolvable,
            Uniqueness::LimitReached(_) => Verdict::Limit,
        },
        Mode::First => match solver.solve(puzzle) {
            Outcome::Solved(g) => Verdict::Solved(g.to_line()),
            Outcome::Unsatisfiable => Verdict::Unsolvable,
            Outcome::LimitReached(_) => Verdict::Limit,
        },
        Mode::Count(max) => {
            let c = solver.count_solutions_up_to(puzzle, max);
            match c.status {
                CountStatus::Complete => Verdict::Count { n: c.count, exact: true },
                CountStatus::MaxReached => Verdict::Count { n: c.count, exact: false },
                CountStatus::LimitReached(_) => Verdict::Limit,
            }
        }
    }
}
