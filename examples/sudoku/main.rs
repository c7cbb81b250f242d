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
    CountStatus, Detail, Explainer, Grade, Grid, Limits, Outcome, ParseError, PencilMarks, Shape, Solvable, Solver,
    Stats, Strength, TieBreak, Uniqueness, ValueOrder, VarOrder,
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
  lines (spaces, '|', '+' and '-' separator lines, the frames HoDoKu and Simple Sudoku draw
  (.---. :---+ '---' *---*), blank lines and '#' comments are ignored), in a file or written as the
  argument. Digits are 1-9 then A-P; an empty cell is '.', '0', '_', '*' or '-'. Pencil marks
  are read in every mode: a token of candidates per cell (HoDoKu's candidate grid, or as
  --hint=marks prints them) or Sukaku's line (729 characters for 9x9: digit k at position k of
  each cell's 9, else '.' or '0'); the candidates they cross out are out.

Variants (--variant x|killer|jigsaw): one puzzle per file, in the formats of docs/variants.md:
  x: a grid as above; killer: a cage map, one 'LABEL SUM' line per cage, then optional givens;
  jigsaw: a region map, then the givens. Every option applies: --explain, --hint and --grade
  reason over the variant's diagonals, regions or cages (and a killer's cage sums: cage
  combinations, innies and outies, cage pointing). With --batch, the file holds several
  puzzles, one block each (x: one line each), blocks separated by a blank line, as
  --generate writes them; one answer line per block.

Batch mode (--batch): every non-empty line not starting with '#' is one puzzle in line form (or
  a Sukaku line): its first field, fields after a tab or space and '#' comments ignored.
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
  A grid with no solution under its rules gets that answer (exit 1); one with several, two of
  them and no step (exit 3).

Time limit (--timeout): bounds every mode; --explain then ends with 'stopped: the time limit
  ran out', --grade gives no grade, batch lines say 'limit', and the exit code is 5.

Grades (--grade): a difficulty number on a scale like Sudoku Explainer's (the hardest step of
  the explanation: 1.0-1.5 singles, 2.6-5.4 locked candidates, subsets and fish, 6.5 and up
  chains, 9.5 and up nested forcing chains, 10 and up guesses) and band (easy, medium, hard, fiendish, extreme); see
  docs/grading.md. In batch mode, and with --format line, each answer line becomes
  <result><TAB><grade><TAB><band><TAB><hardest technique> ('-' for all three when the line is
  invalid or the grid has no solution or several; exit code 1 or 3 for a single such grid).

Generation (--generate N): N puzzles with a unique solution, minimal (no given can be removed;
  under a symmetry, no symmetric group of givens) unless --no-minimal, graded inside --band
  (every variant). Plain and x puzzles are one line each, as --batch reads them (with --grade:
  TAB grade TAB band); a jigsaw is a '#' line, its random region map and its grid; a killer
  (no givens, cages unique) a '#' line, its cage map and sums; blocks separated by one blank
  line. The same --seed gives the
  same puzzles, with any --jobs. Options: --band, --symmetry, --size, --variant x|jigsaw|killer,
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
    /// Which cell to branch on: fewest candidates (ties: most empty peers, first, most
    /// constraints, random), or the first empty cell.
    #[arg(long, value_enum, default_value_t = Heuristic::MrvPeers)]
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
    /// Grade each puzzle's difficulty on an SE-like scale (in batch: <result>TAB<grade>TAB<band>TAB<technique>).
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
    /// Fewest candidates; ties: the most empty peers (the cells that must differ from it: its row, column and box, and a variant's diagonals, regions or cages), then the first.
    MrvPeers,
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
    /// As normal, but a failed guess shows as its guess and backtrack only (the same as normal
    /// when there is no guess).
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
    /// With --explain: one JSON object per line for every step (refuted and implied ones
    /// included, marked), then one for the outcome (`sudoku::json`, docs/web.md).
    Json,
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
            Heuristic::MrvPeers => VarOrder::Mrv(TieBreak::MostUnfixedPeers),
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
        let mut solver = Solver::with_propagation(shape, self.strength, self.locked);
        solver.set_var_order(self.var_order);
        solver.set_value_order(self.value_order);
        solver.set_seed(self.seed);
        solver.set_limits(self.limits.clone());
        solver
    }

    /// An explainer on a solver of these options.
    fn explainer(&self, shape: Shape) -> Explainer {
        Explainer::from(self.solver(shape))
    }

    /// The explainer that grades, under --grade.
    fn grader(&self, shape: Shape) -> Option<Explainer> {
        self.grade.then(|| self.explainer(shape))
    }
}

/// Writes to stderr, ignoring failures (a closed stderr must not stop the program).
macro_rules! note {
    ($($arg:tt)*) => {{
        let _ = writeln!(io::stderr(), $($arg)*);
    }};
}

fn main() -> ExitCode {
    env_logger::init();
    let args = Args::parse();
    let config = Config::from_args(&args);
    if let Some(n) = args.generate {
        return generate::run(&args, n);
    }
    if args.format == Format::Json && args.explain.is_none() {
        note!("error: --format json goes with --explain");
        return ExitCode::from(2);
    }
    if args.variant != variant::VariantArg::Plain {
        variant::run(&args, &config)
    } else if let Some(what) = args.hint {
        hint::run(&args, &mut config.explainer(sudoku::Shape::SIZE_9), what)
    } else if let Some(detail) = args.explain {
        run_explain(&args, &config, detail.detail())
    } else if args.batch {
        run_batch(&args, config)
    } else {
        run_single(&args, &config)
    }
}

mod answer;
mod batch_mode;
mod explain;
mod generate;
mod hint;
mod single;
mod variant;

use answer::*;
use batch_mode::*;
use explain::*;
use single::*;
