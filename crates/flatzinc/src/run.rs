//! Solving a FlatZinc model and printing in the standard output format.

use std::collections::HashMap;
use std::io::{self, Write};
use std::time::{Duration, Instant};

use csp::solve::SearchEnd;
use csp::{Limits, Solution};

use crate::ast::Ast;
use crate::error::Error;
use crate::lower::translate_with;
use crate::output::format_solution;
use crate::translate::{Elem, Translation};

/// The standard FlatZinc solver options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// `-a`: all solutions (satisfaction), or every improving solution (optimisation).
    pub all: bool,
    /// `-n N`: stop after this many solutions.
    pub num_solutions: Option<u64>,
    /// `-s`: print `%%%mzn-stat` statistics.
    pub stats: bool,
    /// `-t MS`: stop after this much time.
    pub time_limit: Option<Duration>,
    /// `-f`: free search (ignore search annotations).
    pub free: bool,
    /// `-r SEED`: the seed of random choices.
    pub seed: u64,
    /// Check every solution with the independent checker ([`crate::check()`]) before printing.
    pub check: bool,
    /// `-p N`: the cores to use. 0 and 1 mean one.
    pub threads: usize,
    /// `--learning` (`Some(true)`) or `--no-learning` (`Some(false)`): lazy clause generation
    /// ([`csp::Solver::set_learning`]). By default (`None`), a search for one solution or an
    /// optimum runs a portfolio ([`csp::portfolio`]) of at least two workers on the `-p`
    /// cores, taking turns when there are fewer cores than workers: worker 0 learns clauses
    /// (branching by activity), worker 1 runs the search without learning (the annotation's,
    /// in optimisation alternating run by run with the robust search
    /// ([`csp::Solver::set_alternating_search`]),
    /// or the robust search), the others vary it. Enumeration (`-a` or `-n` in satisfaction)
    /// is one search, which learns only with `--learning`. With `--no-learning`, the portfolio
    /// has one worker per core, and one core runs the plain search.
    pub learning: Option<bool>,
    /// `--restarts luby|glucose`: when the learning search starts again from the root
    /// ([`csp::Solver::set_learning_restarts`]); Luby's sequence by default.
    pub restarts: csp::branching::LearningRestarts,
    /// `--proof FILE`: write a DRCP proof of the unsatisfiability or optimality claim to
    /// `FILE`, for Pumpkin's checker (`crate::proof`; `docs/proofs.md`). The search is then the
    /// learning search alone, on one core; a model outside what the checker reads is refused.
    pub proof: Option<std::path::PathBuf>,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every solution was found (satisfaction with `-a`), or the last one is optimal.
    Complete,
    /// Solutions were printed; the search did not finish (enough solutions, or a limit).
    Satisfied,
    /// There is no solution.
    Unsatisfiable,
    /// A limit stopped the search before any solution.
    Unknown,
}

/// The values of every FlatZinc variable in a solution, by name (for [`crate::check()`]).
pub fn named_values(t: &Translation, s: &Solution) -> HashMap<String, i64> {
    t.names
        .iter()
        .map(|(n, e)| {
            let v = match *e {
                Elem::Var(x) => i64::from(s[x]),
                Elem::Const(c) => c,
            };
            (n.clone(), v)
        })
        .collect()
}

struct Printer<'a, W: Write> {
    out: W,
    t: &'a Translation,
    ast: &'a Ast,
    check: bool,
}

impl<W: Write> Printer<'_, W> {
    fn solution(&mut self, s: &Solution) -> io::Result<()> {
        if self.check {
            if let Err(e) = crate::check::check(self.ast, &named_values(self.t, s)) {
                // Never print a wrong answer: stop with the reason.
                return Err(io::Error::other(format!("solution check failed: {e}")));
            }
        }
        writeln!(self.out, "{}----------", format_solution(&self.t.output, s))?;
        self.out.flush()
    }
}

/// Parses, translates and solves `text`, printing to `out` in the FlatZinc output format;
/// notes (annotation fallbacks) go to `err`.
///
/// # Errors
///
/// A parse or translation error (nothing is printed to `out` then), or an I/O error of `out`.
pub fn run(text: &str, opts: &Options, mut out: impl Write, mut err: impl Write) -> Result<Status, RunError> {
    let start = Instant::now();
    let ast = crate::parse(text)?;
    if opts.proof.is_some() {
        crate::proof::check_model(&ast)?;
    }
    let mut t = translate_with(&ast, opts.free, opts.proof.is_some())?;
    let proof = match &opts.proof {
        Some(path) => {
            let file = std::fs::File::create(path)
                .map_err(|e| io::Error::new(e.kind(), format!("cannot write the proof to {}: {e}", path.display())))?;
            Some(crate::proof::proof_for(&ast, &t, file)?)
        }
        None => None,
    };
    for n in &t.notes {
        writeln!(err, "fzn-csp: note: {n}")?;
    }
    let init_time = start.elapsed();
    // The plain lowering (`csp::lower`): every constraint as translated. It posts nothing, so
    // it cannot fail.
    let lowering = csp::lower::Lowering::new();
    let mut solver = csp::Solver::over(
        std::mem::take(&mut t.model)
            .lower(&lowering)
            .unwrap_or_else(|e| unreachable!("the plain lowering posts no constraint: {e}")),
    );
    if t.annotated && !opts.free {
        solver.set_var_order(t.var_order);
        solver.set_value_order(t.value_order);
        solver.set_branching_vars(t.branching.clone());
        if t.goal.is_some() {
            // The annotation's branching, and the robust search every other run, so that a
            // poor annotation costs at most half the time; restarts with nogoods keep the
            // search complete and let LNS runs (part of the incumbent fixed) look near the
            // best solution.
            solver.set_restarts(csp::branching::Restarts::Luby { scale: 100 });
            solver.set_alternating_search(true);
        }
    } else {
        solver.set_robust_search();
    }
    solver.set_seed(opts.seed);
    solver.set_limits(Limits { timeout: opts.time_limit.map(|d| d.saturating_sub(init_time)), ..Limits::default() });
    let max = opts.num_solutions.unwrap_or(if opts.all { u64::MAX } else { 1 });
    let mut p = Printer { out: &mut out, t: &t, ast: &ast, check: opts.check };
    let mut found = 0u64;
    let mut objective = None;
    let cores = opts.threads.max(1);
    let portfolio = t.goal.is_some() || (max == 1 && opts.num_solutions.is_none());
    let workers = if opts.learning == Some(false) { cores } else { cores.max(2) };
    // A proof is written by the learning search alone.
    let parallel = portfolio && workers > 1 && proof.is_none();
    let learning = if parallel { opts.learning != Some(false) } else { opts.learning == Some(true) };
    solver.set_learning(learning || proof.is_some());
    solver.set_learning_restarts(opts.restarts);
    let proving = proof.is_some();
    solver.set_proof(proof);
    solver.set_portfolio_cores(cores);
    let end = match t.goal {
        None if parallel => match solver.solve_parallel(workers) {
            csp::Outcome::Solved(s) => {
                found += 1;
                p.solution(&s)?;
                None
            }
            csp::Outcome::Unsatisfiable => Some(SearchEnd::Exhausted),
            csp::Outcome::LimitReached(l) => Some(SearchEnd::LimitReached(l)),
        },
        Some(goal) if parallel => {
            let mut failed = Ok(());
            let print_all = opts.all || opts.num_solutions.is_some();
            let optimum = solver.optimize_parallel(goal, workers, |s| {
                found += 1;
                objective = Some(s[goal.var()]);
                if print_all && failed.is_ok() {
                    failed = p.solution(s);
                }
            });
            failed?;
            match optimum {
                csp::solve::Optimum::Optimal(s) => {
                    if !print_all {
                        p.solution(&s)?;
                    }
                    Some(SearchEnd::Exhausted)
                }
                csp::solve::Optimum::Unsatisfiable => Some(SearchEnd::Exhausted),
                csp::solve::Optimum::LimitReached { best, limit } => {
                    if let (Some(s), false) = (best, print_all) {
                        p.solution(&s)?;
                    }
                    Some(SearchEnd::LimitReached(limit))
                }
            }
        }
        None => {
            let mut it = solver.solutions();
            loop {
                if found >= max {
                    break None;
                }
                match it.next() {
                    Some(s) => {
                        found += 1;
                        p.solution(&s)?;
                    }
                    None => break it.end(),
                }
            }
        }
        Some(goal) => {
            let mut it = solver.improvements(goal);
            let mut best = None;
            let end = loop {
                if opts.num_solutions.is_some_and(|n| found >= n) {
                    break None;
                }
                match it.next() {
                    Some(s) => {
                        found += 1;
                        objective = Some(s[goal.var()]);
                        if opts.all || opts.num_solutions.is_some() {
                            p.solution(&s)?;
                        } else {
                            best = Some(s);
                        }
                    }
                    None => break it.end(),
                }
            };
            drop(it);
            if let Some(s) = best {
                p.solution(&s)?;
            }
            end
        }
    };
    if let (Some(p), true) = (solver.take_proof(), proving) {
        let (steps, gaps, concluded) = (p.steps(), p.gaps(), p.is_concluded());
        p.finish()?;
        let claim = if concluded { "a conclusion" } else { "no conclusion (the search did not end exhausted)" };
        writeln!(err, "fzn-csp: proof: {steps} steps, {claim}")?;
        if gaps > 0 {
            writeln!(
                err,
                "fzn-csp: warning: the proof has {gaps} steps it could not justify: a checker will reject it"
            )?;
        }
    }
    let status = match (end, found) {
        (Some(SearchEnd::Exhausted), 0) => Status::Unsatisfiable,
        (Some(SearchEnd::Exhausted), _) if t.goal.is_some() || max > found => Status::Complete,
        (Some(SearchEnd::LimitReached(_)), 0) => Status::Unknown,
        _ => Status::Satisfied,
    };
    // Clamped bounds cut values off: exhausting what is left proves nothing.
    let status = match status {
        Status::Unsatisfiable if t.clamped => Status::Unknown,
        Status::Complete if t.clamped => Status::Satisfied,
        s => s,
    };
    match status {
        Status::Complete => writeln!(out, "==========")?,
        Status::Unsatisfiable => writeln!(out, "=====UNSATISFIABLE=====")?,
        Status::Unknown => writeln!(out, "=====UNKNOWN=====")?,
        Status::Satisfied => {}
    }
    if opts.stats {
        let st = solver.stats();
        let model = solver.model();
        let mut lines = vec![
            format!("initTime={:.6}", init_time.as_secs_f64()),
            format!("solveTime={:.6}", st.time.as_secs_f64()),
            format!("solutions={found}"),
            format!("variables={}", model.num_vars()),
            format!("propagators={}", model.num_constraints()),
            format!("propagations={}", st.propagations),
            format!("nodes={}", st.nodes),
            format!("failures={}", st.failures),
            format!("peakDepth={}", st.max_depth),
            format!("restarts={}", st.restarts),
            format!("nogoods={}", st.nogoods),
            format!("lnsRuns={}", st.lns_runs),
        ];
        if learning {
            lines.push(format!("learnedClauses={}", st.learned));
            lines.push(format!("meanLbd={:.2}", st.mean_lbd()));
            lines.push(format!("meanClauseLength={:.2}", st.mean_clause_length()));
            lines.push(format!("literals={}", st.literals));
            lines.push(format!("explainedGeneric={}", st.explained_generic));
            lines.push(format!("explainedPrecise={}", st.explained_precise));
        }
        let workers = solver.worker_stats();
        if !workers.is_empty() {
            lines.push(format!("workers={}", workers.len()));
            for (i, w) in workers.iter().enumerate() {
                lines.push(format!("worker{i}Nodes={}", w.nodes));
                lines.push(format!("worker{i}Failures={}", w.failures));
                lines.push(format!("worker{i}Restarts={}", w.restarts));
            }
        }
        if let Some(o) = objective {
            lines.push(format!("objective={o}"));
        }
        for l in lines {
            writeln!(out, "%%%mzn-stat: {l}")?;
        }
        writeln!(out, "%%%mzn-stat-end")?;
    }
    out.flush()?;
    Ok(status)
}

/// An error of [`run`]: the model's, or the output's.
#[derive(Debug)]
pub enum RunError {
    /// The model could not be read or translated.
    Model(Error),
    /// Writing the output failed (or a solution failed its check).
    Io(io::Error),
}

impl From<Error> for RunError {
    fn from(e: Error) -> RunError {
        RunError::Model(e)
    }
}

impl From<io::Error> for RunError {
    fn from(e: io::Error) -> RunError {
        RunError::Io(e)
    }
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Model(e) => e.fmt(f),
            RunError::Io(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RunError {}
