//! Solve Sudoku puzzles with the `sudoku` crate on the generic `csp` engine.
//!
//! ```text
//! cargo run --release --example sudoku                        # the embedded puzzle, pretty
//! cargo run --release --example sudoku -- puzzle.txt          # one puzzle, line or grid form
//! cargo run --release --example sudoku -- --batch data/9x9_17clue_royle.txt > solutions.txt
//! cargo run --release --example sudoku -- --batch --jobs 2 --first data/9x9_magictour_top1465.txt
//! RUST_LOG=csp::prune=trace cargo run --release --example sudoku   # every pruning, by cell
//! cargo run --release --example sudoku -- --explain puzzle.txt   # the solve as deductions
//! cargo run --release --example sudoku -- --batch --grade data/9x9_easy_euler50.txt
//! ```
//!
//! The output contract (batch lines, summary, exit codes) is in `--help` and the README.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sudoku::batch;
use sudoku::{
    Count, CountStatus, Detail, Grade, Grid, Limits, Outcome, ParseError, Shape, Solver, Stats, Strength, TieBreak,
    Uniqueness, ValueOrder, VarOrder,
};

/// Arto Inkala's 2012 puzzle: it needs real search, so the statistics say something.
const EMBEDDED: &str = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// The largest single-puzzle input, in bytes.
const MAX_INPUT: u64 = 1 << 20;

/// Batch puzzles handed to each worker thread per chunk: bounds memory while amortising the
/// per-chunk thread start.
const CHUNK_PER_JOB: usize = 512;

/// The most batch puzzles held at once, whatever `--jobs`: with [`batch::MAX_LINE`], at most 16 MiB.
const MAX_CHUNK: usize = 4096;

/// The UTF-8 byte order mark, skipped at the start of the input.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Exit codes (documented in `--help` and the README).
mod code {
    pub(crate) const SOLVED: u8 = 0;
    pub(crate) const NO_SOLUTION: u8 = 1;
    // 2 is clap's usage error.
    pub(crate) const MULTIPLE: u8 = 3;
    pub(crate) const INVALID: u8 = 4;
    pub(crate) const LIMIT: u8 = 5;
    pub(crate) const IO: u8 = 6;
}

const AFTER_HELP: &str = "\
Input:
  A puzzle is a line of N*N cells (4x4, 6x6, 9x9, 12x12, 16x16 or 25x25) or a grid over several
  lines (spaces, '|', '+' and '-' separator lines, blank lines and '#' comments are ignored).
  Digits are 1-9 then A-P; an empty cell is '.', '0', '_', '*' or '-'.

Variants (--variant x|killer|jigsaw): one puzzle per file, in the formats of docs/variants.md:
  x: a grid as above; killer: a cage map, one 'LABEL SUM' line per cage, then optional givens;
  jigsaw: a region map, then the givens. Every option but --batch applies.

Batch mode (--batch): every non-empty line not starting with '#' is one puzzle in line form.
  Stdout gets exactly one line per puzzle, in input order:
    <solution>         the unique solution, in line form (with --first: the first found)
    multiple           two or more solutions
    unsolvable         no solution
    invalid: <why>     not a valid puzzle (bad character, wrong length, clashing givens)
    limit              --max-nodes or --timeout stopped the search
    <n> or >=<n>       with --count: the number of solutions (0 for none; >= when the
                       maximum was reached) instead of the solution, multiple, unsolvable
  A summary (puzzles, unique, multiple, unsolvable, invalid, limit, time, puzzles/s) goes to
  stderr, with a progress bar when stderr is a terminal.

Explanations (--explain[=brief|normal|full], one puzzle only): the solve as a person does it,
  always by the easiest technique that applies (singles, locked candidates, subsets, fish,
  chains; a guess only when nothing applies), one step per line: the claims, ': ', the
  technique with its cells and units:
    r3c5 = 7: hidden single in box 2
    r1c4, r1c8 != 3, 7: naked pair {3, 7} in r1c2, r1c5 (row 1)
    r1c7 != 2: forcing chain of 4: if r1c7 = 2 then r1c3 = 5, r4c3 = 7, r4c9 = 1, so ...
    guess r1c1 = 4: 2 candidates {4, 9}       backtrack: r1c1 = 4 leads to a contradiction
  normal (the default) summarises each failed guess; brief shows a failed guess as its guess
  and backtrack only; full also shows the eliminations implied by each placement
  (r3c1, r3c2 != 7: r3c5 = 7 in row 3) and failed guesses in full, indented.

Hints (--hint[=marks], one puzzle): the single easiest next step for the grid as it stands;
  with =marks, the pencil marks (each cell's candidates) it was found from, first. The input
  may be pencil marks in that form (a token of candidates per cell; one symbol: a filled cell).

Grades (--grade): a difficulty number on a scale like Sudoku Explainer's (the hardest step of
  the explanation: 1.0-1.5 singles, 2.6-5.4 locked candidates, subsets and fish, 6.5 and up
  chains, 10 and up guesses) and band (easy, medium, hard, fiendish, extreme); see
  docs/grading.md. In batch mode, and with --format line, each answer line becomes
  <result><TAB><grade><TAB><band> ('-' for both when the line is invalid).

Generation (--generate N): N puzzles with a unique solution, minimal (no given can be removed;
  under a symmetry, no symmetric group of givens) unless --no-minimal, graded inside --band
  (plain puzzles; x and jigsaw puzzles are not graded yet and take --band any only). Plain
  and x puzzles are one line each, as --batch reads them (plain with --grade: TAB grade TAB
  band); a jigsaw is a '#' line, its random region map and its grid. The same --seed gives the
  same puzzles, with any --jobs. Options: --band, --symmetry, --size, --variant x|jigsaw,
  --seed, --jobs, --no-minimal, --max-tries; a puzzle not found within --max-tries tries is
  reported on stderr and the exit code is 5 (docs/generation.md).

Exit codes:
  0  solved: a unique solution (with --first: a solution; with --count: at least one),
     or a batch completed (whatever its puzzles' answers)
  1  no solution
  2  usage error
  3  multiple solutions
  4  invalid input
  5  a limit (--max-nodes, --timeout) stopped the search
  6  I/O error (unreadable input or failed output)

Logging: RUST_LOG=csp::prune=trace shows every pruning with its cell and digit,
  RUST_LOG=csp::search=debug every decision and backtrack.";

/// Solve Sudoku puzzles (4x4 to 25x25) with a generic constraint solver.
///
/// Without FILE, solves an embedded 9x9 puzzle and prints the puzzle, the solution, whether it
/// is unique, and the search statistics.
#[derive(Parser, Debug)]
#[command(version, about, after_help = AFTER_HELP)]
struct Args {
    /// Puzzle file, or '-' for standard input (the default with --batch).
    #[arg(value_name = "FILE|-")]
    input: Option<PathBuf>,
    /// One puzzle per line: one output line per puzzle, summary on stderr.
    #[arg(long)]
    batch: bool,
    /// Stop at the first solution, without proving it unique.
    #[arg(long, conflicts_with = "count")]
    first: bool,
    /// Count the solutions, up to N.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    count: Option<u64>,
    /// Print search statistics (always shown in the grid format; in batch, totals on stderr).
    #[arg(long)]
    stats: bool,
    /// Propagation: forward checking, hidden singles, hidden singles with locked candidates,
    /// or full GAC (Régin).
    #[arg(long, value_enum, default_value_t = Propagation::Locked)]
    propagation: Propagation,
    /// Which cell to branch on: fewest candidates (ties: first, most constraints, random),
    /// or the first empty cell.
    #[arg(long, value_enum, default_value_t = Heuristic::Mrv)]
    heuristic: Heuristic,
    /// The order in which a cell's digits are tried.
    #[arg(long, value_enum, default_value_t = Values::Ascending)]
    value_order: Values,
    /// Seed for the random choices (mrv-random, --value-order random).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Give up a puzzle after this many search decisions.
    #[arg(long, value_name = "N")]
    max_nodes: Option<u64>,
    /// Give up a puzzle after this many seconds (decimals allowed).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Output for a single puzzle: boxed grids with explanations, or one line as in batch mode.
    #[arg(long, value_enum, default_value_t = Format::Grid)]
    format: Format,
    /// Explain the solve step by step (one puzzle only): brief, normal or full.
    #[arg(
        long,
        value_enum,
        value_name = "DETAIL",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "normal",
        conflicts_with_all = ["batch", "count"]
    )]
    explain: Option<ExplainDetail>,
    /// Grade each puzzle's difficulty on an SE-like scale (in batch: <result>TAB<grade>TAB<band>).
    #[arg(long)]
    grade: bool,
    /// Print the single easiest next step for the grid as it stands (marks: with the pencil marks).
    #[arg(
        long,
        value_enum,
        value_name = "WHAT",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "step",
        conflicts_with_all = ["batch", "count", "explain", "grade"]
    )]
    hint: Option<hint::HintArg>,
    /// Batch worker threads, each with its own solver (0: one per core). Output order is kept.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(0..=256))]
    jobs: u16,
    /// The rules: plain Sudoku, or a variant read from FILE (see docs/variants.md).
    #[arg(long, value_enum, default_value_t = variant::VariantArg::Plain)]
    variant: variant::VariantArg,
    /// Generate N unique, minimal puzzles, one per line (see Generation below).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..),
          conflicts_with_all = ["input", "batch", "explain", "count", "first"])]
    generate: Option<u64>,
    #[command(flatten)]
    generation: generate::GenerateArgs,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Propagation {
    /// Forward checking: a placed digit leaves its row, column and box.
    Fc,
    /// Also hidden singles: a digit with one place left in a unit goes there.
    Hidden,
    /// Also locked candidates: a digit confined to a box-line overlap in one unit leaves the
    /// rest of the other (the engine's generic intersection reasoning).
    Locked,
    /// Generalised arc consistency (naked and hidden pairs, triples, ...).
    Gac,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Heuristic {
    /// Fewest candidates, first on ties.
    Mrv,
    /// Fewest candidates, most constraints on ties.
    MrvDegree,
    /// Fewest candidates, random on ties (--seed).
    MrvRandom,
    /// The first empty cell in reading order.
    Input,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Values {
    /// Smallest digit first.
    Ascending,
    /// Largest digit first.
    Descending,
    /// A random digit (--seed).
    Random,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ExplainDetail {
    /// Only the steps the solution rests on, without eliminations that follow from a placement.
    Brief,
    /// Every step on the way to the solution; failed guesses summarised.
    Normal,
    /// Every step; failed guesses in full, indented.
    Full,
}

impl ExplainDetail {
    fn detail(self) -> Detail {
        match self {
            ExplainDetail::Brief => Detail::Brief,
            ExplainDetail::Normal => Detail::Normal,
            ExplainDetail::Full => Detail::Full,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Boxed grids with explanations.
    Grid,
    /// One line: the solution, or the status word of batch mode.
    Line,
}

fn parse_seconds(s: &str) -> Result<Duration, String> {
    let secs: f64 = s.trim().parse().map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if !(secs.is_finite() && secs > 0.0) {
        return Err(format!("the timeout must be a positive number of seconds, not {s}"));
    }
    Duration::try_from_secs_f64(secs).map_err(|e| format!("{s} seconds: {e}"))
}

/// What each puzzle is asked.
#[derive(Clone, Copy, Debug)]
enum Mode {
    /// Solve and prove unique.
    Unique,
    /// The first solution.
    First,
    /// Count up to a maximum.
    Count(u64),
}

/// Everything a worker needs to build solvers and answer puzzles.
#[derive(Clone, Debug)]
struct Config {
    mode: Mode,
    strength: Strength,
    locked: bool,
    var_order: VarOrder,
    value_order: ValueOrder,
    seed: u64,
    limits: Limits,
    /// Grade each puzzle (--grade).
    grade: bool,
}

impl Config {
    fn from_args(args: &Args) -> Config {
        let mode = match (args.first, args.count) {
            (_, Some(n)) => Mode::Count(n),
            (true, None) => Mode::First,
            (false, None) => Mode::Unique,
        };
        let strength = match args.propagation {
            Propagation::Fc => Strength::ForwardChecking,
            Propagation::Hidden | Propagation::Locked => Strength::HiddenSingles,
            Propagation::Gac => Strength::Gac,
        };
        let var_order = match args.heuristic {
            Heuristic::Mrv => VarOrder::Mrv(TieBreak::First),
            Heuristic::MrvDegree => VarOrder::Mrv(TieBreak::MaxDegree),
            Heuristic::MrvRandom => VarOrder::Mrv(TieBreak::Random),
            Heuristic::Input => VarOrder::Input,
        };
        let value_order = match args.value_order {
            Values::Ascending => ValueOrder::Ascending,
            Values::Descending => ValueOrder::Descending,
            Values::Random => ValueOrder::Random,
        };
        let limits = Limits { max_nodes: args.max_nodes, timeout: args.timeout, cancel: None };
        let locked = matches!(args.propagation, Propagation::Locked);
        Config { mode, strength, locked, var_order, value_order, seed: args.seed, limits, grade: args.grade }
    }

    fn solver(&self, shape: Shape) -> Solver {
        let mut solver = Solver::with_strength(shape, self.strength);
        solver.set_locked_candidates(self.locked);
        solver.set_var_order(self.var_order);
        solver.set_value_order(self.value_order);
        solver.set_seed(self.seed);
        solver.set_limits(self.limits.clone());
        solver.set_grading(self.grade);
        solver
    }
}

/// The answer for one puzzle, as batch mode prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Verdict {
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
    fn write_line(&self, out: &mut dyn Write) -> io::Result<()> {
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
                    Some(g) => writeln!(out, "{result}\t{:.1}\t{}", g.score(), g.band()),
                    None => writeln!(out, "{result}\t-\t-"),
                }
            }
        }
    }

    /// The answer without its grade.
    fn ungraded(&self) -> &Verdict {
        match self {
            Verdict::Graded(inner, _) => inner.ungraded(),
            v => v,
        }
    }
}

/// Batch totals, for the summary.
#[derive(Debug, Default)]
struct Tally {
    puzzles: u64,
    unique: u64,
    solved: u64,
    multiple: u64,
    unsolvable: u64,
    invalid: u64,
    limit: u64,
}

impl Tally {
    fn add(&mut self, v: &Verdict) {
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

fn add_stats(total: &mut Stats, s: &Stats) {
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
struct Worker {
    config: Config,
    solvers: Vec<Solver>,
    stats: Stats,
}

impl Worker {
    fn new(config: Config) -> Worker {
        Worker { config, solvers: Vec::new(), stats: Stats::default() }
    }

    /// The index of the solver for `shape`, built on first use.
    fn solver_index(&mut self, shape: Shape) -> usize {
        match self.solvers.iter().position(|s| s.shape() == shape) {
            Some(i) => i,
            None => {
                self.solvers.push(self.config.solver(shape));
                self.solvers.len() - 1
            }
        }
    }

    fn verdict(&mut self, item: &batch::Line) -> Verdict {
        let grid = match item.parse() {
            Ok(grid) => grid,
            Err(why) if self.config.grade => return Verdict::Graded(Box::new(Verdict::Invalid(why.to_string())), None),
            Err(why) => return Verdict::Invalid(why.to_string()),
        };
        let mode = self.config.mode;
        let i = self.solver_index(grid.shape());
        let solver = &mut self.solvers[i];
        let verdict = answer(solver, &grid, mode);
        add_stats(&mut self.stats, solver.stats());
        graded(verdict, solver)
    }
}

/// The verdict with the grade of the search just run, when grading is on.
fn graded(verdict: Verdict, solver: &Solver) -> Verdict {
    match solver.grade() {
        Some(g) => Verdict::Graded(Box::new(verdict), Some(g)),
        None => verdict,
    }
}

/// The searches the answers and reports run: [`Solver`] on plain grids, and `VariantSolver`
/// on variant puzzles (`sudoku_cli/variant.rs`).
trait Searches {
    /// What one puzzle is.
    type Puzzle;
    fn solve_unique(&mut self, puzzle: &Self::Puzzle) -> Uniqueness;
    fn solve(&mut self, puzzle: &Self::Puzzle) -> Outcome;
    fn count_solutions_up_to(&mut self, puzzle: &Self::Puzzle, max: u64) -> Count;
    fn stats(&self) -> &Stats;
}

impl Searches for Solver {
    type Puzzle = Grid;
    fn solve_unique(&mut self, grid: &Grid) -> Uniqueness {
        Solver::solve_unique(self, grid)
    }
    fn solve(&mut self, grid: &Grid) -> Outcome {
        Solver::solve(self, grid)
    }
    fn count_solutions_up_to(&mut self, grid: &Grid, max: u64) -> Count {
        Solver::count_solutions_up_to(self, grid, max)
    }
    fn stats(&self) -> &Stats {
        Solver::stats(self)
    }
}

/// The batch-line answer for `puzzle`.
fn answer<S: Searches>(solver: &mut S, puzzle: &S::Puzzle, mode: Mode) -> Verdict {
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

/// The batch progress bar: drawn on a terminal stderr only, and only once the batch has run
/// for a moment.
struct Progress {
    enabled: bool,
    bar: Option<ProgressBar>,
    start: Instant,
    last: Instant,
    total_bytes: Option<u64>,
}

impl Progress {
    const DELAY: Duration = Duration::from_millis(500);
    const EVERY: Duration = Duration::from_millis(100);

    fn new(total_bytes: Option<u64>) -> Progress {
        let now = Instant::now();
        Progress { enabled: io::stderr().is_terminal(), bar: None, start: now, last: now, total_bytes }
    }

    fn update(&mut self, puzzles: u64, bytes: u64) {
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        if now.duration_since(self.last) < Progress::EVERY || now.duration_since(self.start) < Progress::DELAY {
            return;
        }
        self.last = now;
        let bar = self.bar.get_or_insert_with(|| {
            let (bar, template) = match self.total_bytes {
                Some(len) => (
                    ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr()),
                    "[{elapsed_precise}] {wide_bar} {percent:>3}% {msg}, eta {eta}",
                ),
                None => (
                    ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
                    "[{elapsed_precise}] {spinner} {msg}",
                ),
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar
        });
        let rate = puzzles as f64 / now.duration_since(self.start).as_secs_f64();
        bar.set_position(bytes);
        bar.set_message(format!("{puzzles} puzzles, {rate:.0} puzzles/s"));
    }

    fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// Writes to stderr, ignoring failures (a closed stderr must not stop the program).
macro_rules! note {
    ($($arg:tt)*) => {{
        let _ = writeln!(io::stderr(), $($arg)*);
    }};
}

/// How a run ended when it could not finish normally.
enum Stop {
    /// Stdout was closed (a broken pipe): stop quietly.
    Closed,
    /// An I/O error, with what was being done.
    Io(String, io::Error),
}

fn output_error(e: io::Error) -> Stop {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Stop::Closed
    } else {
        Stop::Io("writing the output".into(), e)
    }
}

fn display_name(path: Option<&Path>) -> String {
    match path {
        None => "standard input".into(),
        Some(p) if p == Path::new("-") => "standard input".into(),
        Some(p) => p.display().to_string(),
    }
}

fn open_input(path: Option<&Path>) -> io::Result<(Box<dyn Read>, Option<u64>)> {
    match path {
        None => Ok((Box::new(io::stdin().lock()), None)),
        Some(p) if p == Path::new("-") => Ok((Box::new(io::stdin().lock()), None)),
        Some(p) => {
            let file = File::open(p)?;
            let len = file.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
            Ok((Box::new(file), len))
        }
    }
}

fn main() -> ExitCode {
    env_logger::init();
    let args = Args::parse();
    let config = Config::from_args(&args);
    if let Some(n) = args.generate {
        return generate::run(&args, n);
    }
    if args.variant != variant::VariantArg::Plain {
        if args.explain.is_some() || args.grade || args.hint.is_some() {
            let variant = args.variant.variant();
            note!("error: --explain, --grade and --hint read plain puzzles; they do not apply to --variant {variant}");
            return ExitCode::from(2);
        }
        variant::run(&args, &config)
    } else if let Some(what) = args.hint {
        hint::run(&args, &mut config.solver(sudoku::Shape::SIZE_9), what)
    } else if let Some(detail) = args.explain {
        run_explain(&args, &config, detail.detail())
    } else if args.batch {
        run_batch(&args, config)
    } else {
        run_single(&args, &config)
    }
}

// ---- batch ---------------------------------------------------------------------------------

fn run_batch(args: &Args, config: Config) -> ExitCode {
    let jobs = match args.jobs {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => usize::from(n),
    };
    let name = display_name(args.input.as_deref());
    let (input, total_bytes) = match open_input(args.input.as_deref()) {
        Ok(x) => x,
        Err(e) => {
            note!("error: cannot open {name}: {e}");
            return ExitCode::from(code::IO);
        }
    };
    let start = Instant::now();
    let mut workers: Vec<Worker> = (0..jobs).map(|_| Worker::new(config.clone())).collect();
    let mut tally = Tally::default();
    let mut progress = Progress::new(total_bytes);
    let stdout = io::stdout();
    let flush_each = stdout.is_terminal();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut reader = batch::Reader::new(BufReader::with_capacity(64 * 1024, input));
    let result = batch_loop(&mut reader, &mut out, &mut workers, &mut tally, &mut progress, flush_each, &name);
    let result = result.and_then(|()| out.flush().map_err(output_error));
    progress.finish();
    let code = match result {
        Ok(()) => code::SOLVED,
        Err(Stop::Closed) => return ExitCode::from(code::SOLVED),
        Err(Stop::Io(what, e)) => {
            note!("error: {what}: {e}");
            code::IO
        }
    };
    let wall = start.elapsed();
    let rate = tally.puzzles as f64 / wall.as_secs_f64().max(1e-9);
    let mut summary = format!(
        "summary: puzzles={} unique={} multiple={} unsolvable={} invalid={} limit={}",
        tally.puzzles, tally.unique, tally.multiple, tally.unsolvable, tally.invalid, tally.limit
    );
    if tally.solved > 0 || matches!(config.mode, Mode::First) {
        let _ = write!(summary, " solved={}", tally.solved);
    }
    let _ = write!(summary, " time={:.3}s rate={rate:.1} puzzles/s jobs={jobs}", wall.as_secs_f64());
    note!("{summary}");
    if args.stats {
        let mut total = Stats::default();
        for w in &workers {
            add_stats(&mut total, &w.stats);
        }
        note!("stats: {total}");
    }
    ExitCode::from(code)
}

fn batch_loop(
    reader: &mut batch::Reader<impl BufRead>,
    out: &mut impl Write,
    workers: &mut [Worker],
    tally: &mut Tally,
    progress: &mut Progress,
    flush_each: bool,
    name: &str,
) -> Result<(), Stop> {
    let chunk_len = if workers.len() == 1 { 1 } else { (CHUNK_PER_JOB * workers.len()).min(MAX_CHUNK) };
    let mut chunk: Vec<batch::Line> = Vec::with_capacity(chunk_len);
    loop {
        chunk.clear();
        let mut eof = false;
        while chunk.len() < chunk_len {
            match reader.next_line() {
                Ok(Some(item)) => chunk.push(item),
                Ok(None) => {
                    eof = true;
                    break;
                }
                Err(e) => {
                    // Answer what was read, then report.
                    emit(&solve_chunk(workers, &chunk), out, tally, flush_each)?;
                    return Err(Stop::Io(format!("reading {name}"), e));
                }
            }
        }
        emit(&solve_chunk(workers, &chunk), out, tally, flush_each)?;
        progress.update(tally.puzzles, reader.bytes_read());
        if eof {
            return Ok(());
        }
    }
}

fn emit(verdicts: &[Verdict], out: &mut impl Write, tally: &mut Tally, flush_each: bool) -> Result<(), Stop> {
    for v in verdicts {
        v.write_line(out).map_err(output_error)?;
        tally.add(v);
    }
    if flush_each && !verdicts.is_empty() {
        out.flush().map_err(output_error)?;
    }
    Ok(())
}

/// Answers a chunk of puzzles, in order: on the calling thread with one worker, else with one
/// scoped thread per worker taking puzzles from a shared counter (so one hard puzzle does not
/// hold up a whole share).
fn solve_chunk(workers: &mut [Worker], chunk: &[batch::Line]) -> Vec<Verdict> {
    if workers.len() == 1 || chunk.len() <= 1 {
        let w = &mut workers[0];
        return chunk.iter().map(|item| w.verdict(item)).collect();
    }
    let next = AtomicUsize::new(0);
    let mut verdicts: Vec<Option<Verdict>> = (0..chunk.len()).map(|_| None).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = workers
            .iter_mut()
            .map(|w| {
                let next = &next;
                scope.spawn(move || {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = chunk.get(i) else { break };
                        done.push((i, w.verdict(item)));
                    }
                    done
                })
            })
            .collect();
        for h in handles {
            match h.join() {
                Ok(done) => {
                    for (i, v) in done {
                        verdicts[i] = Some(v);
                    }
                }
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    });
    verdicts.into_iter().map(|v| v.unwrap_or(Verdict::Limit)).collect()
}

// ---- single puzzle -------------------------------------------------------------------------

/// Reads a single-puzzle input, at most [`MAX_INPUT`] bytes.
fn read_single(path: Option<&Path>) -> Result<Vec<u8>, (u8, String)> {
    let name = display_name(path);
    let (input, _) = open_input(path).map_err(|e| (code::IO, format!("cannot open {name}: {e}")))?;
    let mut bytes = Vec::new();
    input.take(MAX_INPUT + 1).read_to_end(&mut bytes).map_err(|e| (code::IO, format!("cannot read {name}: {e}")))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err((
            code::INVALID,
            format!("{name} is larger than {} KiB; for many puzzles, one per line, use --batch", MAX_INPUT / 1024),
        ));
    }
    Ok(bytes)
}

/// A single-puzzle input as text, without its byte order mark.
fn decode(bytes: &[u8]) -> Result<&str, String> {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = bytes[..e.valid_up_to()].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let column = std::str::from_utf8(&bytes[line_start..e.valid_up_to()]).map_or(0, |s| s.chars().count()) + 1;
        format!("line {line}, column {column}: invalid UTF-8")
    })
}

/// Parses a single-puzzle input, with a hint when it looks like a batch file.
fn parse_single(bytes: &[u8]) -> Result<Grid, String> {
    let text = decode(bytes)?;
    Grid::parse(text).map_err(|e| {
        let puzzle_lines =
            text.lines().filter(|l| Shape::from_num_cells(l.trim().chars().count()).is_some()).take(2).count();
        match e {
            ParseError::WrongCellCount { .. } if puzzle_lines > 1 => {
                format!("{e} (one puzzle per line? use --batch)")
            }
            e => e.to_string(),
        }
    })
}

fn run_single(args: &Args, config: &Config) -> ExitCode {
    let (grid, name) = match &args.input {
        None => match Grid::from_line(EMBEDDED) {
            Ok(g) => (g, "the embedded puzzle".to_string()),
            Err(e) => {
                note!("error: the embedded puzzle is invalid: {e}");
                return ExitCode::from(code::INVALID);
            }
        },
        Some(path) => {
            let name = display_name(Some(path));
            let parsed = read_single(Some(path)).and_then(|bytes| parse_single(&bytes).map_err(|m| (code::INVALID, m)));
            match parsed {
                Ok(g) => (g, name),
                Err((code::INVALID, why)) if args.format == Format::Line => {
                    return finish_output(code::INVALID, |out| writeln!(out, "invalid: {why}"));
                }
                Err((code, why)) => {
                    let what = if code == code::INVALID { format!("invalid puzzle in {name}") } else { "input".into() };
                    note!("error: {what}: {why}");
                    return ExitCode::from(code);
                }
            }
        }
    };
    let mut solver = config.solver(grid.shape());
    match args.format {
        Format::Line => {
            let verdict = graded(answer(&mut solver, &grid, config.mode), &solver);
            let code = verdict_code(&verdict);
            if args.stats {
                note!("stats: {}", solver.stats());
            }
            finish_output(code, |out| verdict.write_line(out))
        }
        Format::Grid => {
            let mut text = String::new();
            let code = pretty(&mut solver, &grid, &name, config.mode, &mut text);
            if let Some(g) = solver.grade() {
                grade_lines(&g, args.stats, &mut text);
            }
            finish_output(code, |out| out.write_all(text.as_bytes()))
        }
    }
}

/// Writes through a locked, buffered stdout; a broken pipe is a quiet exit, another error
/// exit code 6.
fn finish_output(code: u8, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> ExitCode {
    let mut out = BufWriter::new(io::stdout().lock());
    match write(&mut out).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::from(code),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(code),
        Err(e) => {
            note!("error: writing the output: {e}");
            ExitCode::from(code::IO)
        }
    }
}

fn verdict_code(v: &Verdict) -> u8 {
    match v.ungraded() {
        Verdict::Unique(_) | Verdict::Solved(_) => code::SOLVED,
        Verdict::Count { n, .. } => {
            if *n == 0 {
                code::NO_SOLUTION
            } else {
                code::SOLVED
            }
        }
        Verdict::Multiple => code::MULTIPLE,
        Verdict::Unsolvable => code::NO_SOLUTION,
        Verdict::Invalid(_) => code::INVALID,
        Verdict::Limit => code::LIMIT,
        Verdict::Graded(..) => code::SOLVED,
    }
}

fn limit_words(limit: sudoku::Limit) -> &'static str {
    match limit {
        sudoku::Limit::Nodes => "the node limit (--max-nodes)",
        sudoku::Limit::Time => "the time limit (--timeout)",
        sudoku::Limit::Cancelled => "cancellation",
    }
}

/// The grid-format report; returns the exit code.
fn pretty(solver: &mut Solver, grid: &Grid, name: &str, mode: Mode, out: &mut String) -> u8 {
    let _ = writeln!(out, "Puzzle ({name}: {}, {} givens):\n{grid}", grid.shape(), grid.num_filled());
    report(solver, grid, mode, Grid::to_string, out)
}

/// The outcome part of the grid-format report, solutions drawn with `render`, then the
/// statistics; returns the exit code.
fn report<S: Searches>(
    solver: &mut S,
    puzzle: &S::Puzzle,
    mode: Mode,
    render: impl Fn(&Grid) -> String,
    out: &mut String,
) -> u8 {
    let code = match mode {
        Mode::Unique => match solver.solve_unique(puzzle) {
            Uniqueness::Unique(s) => {
                let _ = writeln!(out, "Solution:\n{}\nThe solution is unique.", render(&s));
                code::SOLVED
            }
            Uniqueness::Multiple(a, b) => {
                let (a, b) = (render(&a), render(&b));
                let _ = writeln!(out, "Solution 1:\n{a}\nSolution 2:\n{b}\nThe puzzle has more than one solution.");
                code::MULTIPLE
            }
            Uniqueness::Unsatisfiable => {
                let _ = writeln!(out, "The puzzle has no solution.");
                code::NO_SOLUTION
            }
            Uniqueness::LimitReached(l) => {
                let _ = writeln!(out, "The search was stopped by {} before it could finish.", limit_words(l));
                code::LIMIT
            }
        },
        Mode::First => match solver.solve(puzzle) {
            Outcome::Solved(s) => {
                let _ = writeln!(out, "Solution (the first found; uniqueness not checked):\n{}", render(&s));
                code::SOLVED
            }
            Outcome::Unsatisfiable => {
                let _ = writeln!(out, "The puzzle has no solution.");
                code::NO_SOLUTION
            }
            Outcome::LimitReached(l) => {
                let _ = writeln!(out, "The search was stopped by {} before finding a solution.", limit_words(l));
                code::LIMIT
            }
        },
        Mode::Count(max) => {
            let c = solver.count_solutions_up_to(puzzle, max);
            let plural = if c.count == 1 { "" } else { "s" };
            match c.status {
                CountStatus::Complete => {
                    let _ = writeln!(out, "The puzzle has exactly {} solution{plural}.", c.count);
                    if c.count == 0 {
                        code::NO_SOLUTION
                    } else {
                        code::SOLVED
                    }
                }
                CountStatus::MaxReached => {
                    let _ = writeln!(
                        out,
                        "The puzzle has at least {} solution{plural} (counting stopped at --count {max}).",
                        c.count
                    );
                    code::SOLVED
                }
                CountStatus::LimitReached(l) => {
                    let _ = writeln!(
                        out,
                        "Found {} solution{plural} before {} stopped the count.",
                        c.count,
                        limit_words(l)
                    );
                    code::LIMIT
                }
            }
        }
    };
    let _ = writeln!(out, "Statistics: {}", solver.stats());
    code
}

// ---- explanations and grades ---------------------------------------------------------------

/// `Grade: 7.1 fiendish`, and with --stats the hardest technique and the guesses.
fn grade_lines(g: &Grade, stats: bool, out: &mut String) {
    let _ = writeln!(out, "Grade: {g}");
    if stats {
        let _ = writeln!(out, "Grade from: hardest={} guesses={}", g.hardest().unwrap_or("none"), g.guesses());
    }
}

/// Reads the single puzzle for --explain, keeping clashing givens so that all of them can be
/// shown; other errors read as without --explain.
fn read_explained(path: Option<&Path>) -> Result<(Grid, String), (u8, String)> {
    let Some(path) = path else {
        let grid = Grid::from_line(EMBEDDED).map_err(|e| (code::INVALID, format!("the embedded puzzle: {e}")))?;
        return Ok((grid, "the embedded puzzle".to_string()));
    };
    let name = display_name(Some(path));
    let bytes = read_single(Some(path))?;
    let text = std::str::from_utf8(bytes.strip_prefix(BOM).unwrap_or(&bytes)).ok();
    match text.map(Grid::parse_keeping_clashes) {
        Some(Ok(grid)) => Ok((grid, name)),
        // The same message as without --explain.
        _ => match parse_single(&bytes) {
            Ok(grid) => Ok((grid, name)),
            Err(why) => Err((code::INVALID, why)),
        },
    }
}

/// The puzzle in `bytes`, clashing givens kept, or the message of the error without --explain.
fn grid_of(bytes: &[u8]) -> Result<Grid, String> {
    let text = std::str::from_utf8(bytes.strip_prefix(BOM).unwrap_or(bytes)).ok();
    match text.map(Grid::parse_keeping_clashes) {
        Some(Ok(grid)) => Ok(grid),
        _ => parse_single(bytes),
    }
}

/// --explain: the puzzle, the steps, the outcome; the exit code as without it.
fn run_explain(args: &Args, config: &Config, detail: Detail) -> ExitCode {
    let (grid, name) = match read_explained(args.input.as_deref()) {
        Ok(x) => x,
        Err((code::INVALID, why)) if args.format == Format::Line => {
            return finish_output(code::INVALID, |out| writeln!(out, "invalid: {why}"));
        }
        Err((code, why)) => {
            let name = display_name(args.input.as_deref());
            let what = if code == code::INVALID { format!("invalid puzzle in {name}") } else { "input".into() };
            note!("error: {what}: {why}");
            return ExitCode::from(code);
        }
    };
    let mut solver = config.solver(grid.shape());
    let explanation = solver.explain(&grid);
    let first = matches!(config.mode, Mode::First);
    let clash = explanation.clashes().next().copied();
    let verdict = match (clash, explanation.result()) {
        (Some(c), _) => Verdict::Invalid(c.to_string()),
        (None, Uniqueness::Unique(g)) if first => Verdict::Solved(g.to_line()),
        (None, Uniqueness::Multiple(g, _)) if first => Verdict::Solved(g.to_line()),
        (None, Uniqueness::Unique(g)) => Verdict::Unique(g.to_line()),
        (None, Uniqueness::Multiple(..)) => Verdict::Multiple,
        (None, Uniqueness::Unsatisfiable) => Verdict::Unsolvable,
        (None, Uniqueness::LimitReached(_)) => Verdict::Limit,
    };
    let code = verdict_code(&verdict);
    let mut text = String::new();
    match args.format {
        Format::Line => {
            let _ = write!(text, "{}", explanation.display(detail));
            let verdict = match (args.grade, clash) {
                (true, Some(_)) => Verdict::Graded(Box::new(verdict), None),
                (true, None) => Verdict::Graded(Box::new(verdict), Some(*explanation.grade())),
                (false, _) => verdict,
            };
            let mut line = Vec::new();
            let _ = verdict.write_line(&mut line);
            text.push_str(&String::from_utf8_lossy(&line));
        }
        Format::Grid => {
            let _ = writeln!(text, "Puzzle ({name}: {}, {} givens):\n{grid}", grid.shape(), grid.num_filled());
            let _ = writeln!(text, "Explanation:\n{}", explanation.display(detail));
            let _ = match explanation.result() {
                _ if clash.is_some() => writeln!(text, "The puzzle is invalid: its givens clash."),
                Uniqueness::Unique(s) if first => writeln!(text, "Solution:\n{s}"),
                Uniqueness::Unique(s) => writeln!(text, "Solution:\n{s}\nThe solution is unique."),
                Uniqueness::Multiple(a, _) if first => writeln!(text, "Solution:\n{a}"),
                Uniqueness::Multiple(a, b) => {
                    writeln!(text, "Solution:\n{a}\nThe puzzle has more than one solution; another one:\n{b}")
                }
                Uniqueness::Unsatisfiable => writeln!(text, "The puzzle has no solution."),
                Uniqueness::LimitReached(l) => {
                    writeln!(text, "The search was stopped by {} before it could finish.", limit_words(*l))
                }
            };
            if args.grade && clash.is_none() {
                grade_lines(explanation.grade(), args.stats, &mut text);
            }
            let _ = writeln!(text, "Statistics: {}", solver.stats());
        }
    }
    finish_output(code, |out| out.write_all(text.as_bytes()))
}

// After `note!`, which it uses (macros are in scope from their definition on).
#[path = "sudoku_cli/hint.rs"]
mod hint;
#[path = "sudoku_cli/variant.rs"]
mod variant;

#[path = "sudoku_cli/generate.rs"]
mod generate;
