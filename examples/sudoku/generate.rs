//! `--generate N`: N puzzles from the `sudoku` crate's [`Generator`], one per line in the batch
//! format (plain and X; a jigsaw is its region map and grid), in index order whatever `--jobs`.
//! The generation itself (grids, removals, grading, symmetry, regions) lives in the crate
//! (`sudoku::generate`, `docs/generation.md`); this module wires it to the command line: the
//! options, worker threads, ordered output, progress bar and summary.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::mpsc;

use super::*;
use sudoku::{Band, GenerateStats, Generated, Generation, Generator, Settings, Symmetry, Target};

/// The generation options (with `--generate N`; `--variant`, `--seed`, `--jobs` and `--grade`
/// are shared with solving).
#[derive(clap::Args, Debug)]
pub(crate) struct GenerateArgs {
    /// Difficulty of generated puzzles: any, a band (easy, medium, hard, fiendish, extreme), a
    /// band range (medium..fiendish) or a grade range (4.5..6, lower end included); every
    /// variant (x, jigsaw and killer puzzles are graded over their own rules).
    #[arg(long, value_name = "DIFFICULTY", default_value = "any", requires = "generate")]
    band: Target,
    /// Symmetry of the givens of generated puzzles.
    #[arg(long, value_enum, default_value_t = SymmetryArg::None, requires = "generate")]
    symmetry: SymmetryArg,
    /// Grid size of generated puzzles: 4, 6, 9, 12 or 16 (or 9x9, ...).
    #[arg(long, value_name = "N", default_value = "9", value_parser = parse_size, requires = "generate")]
    size: Shape,
    /// Generate puzzles that are not necessarily minimal: clue removal stops at the first given
    /// that must stay (more givens, faster).
    #[arg(long, requires = "generate")]
    no_minimal: bool,
    /// Tries per generated puzzle before giving up on it (each try makes and grades a puzzle).
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..), requires = "generate")]
    max_tries: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum SymmetryArg {
    /// Givens anywhere.
    None,
    /// Half-turn rotation about the centre.
    Rotational,
    /// Left-right mirror.
    Mirror,
    /// Reflection in the main diagonal.
    Diagonal,
}

impl SymmetryArg {
    fn symmetry(self) -> Symmetry {
        match self {
            SymmetryArg::None => Symmetry::None,
            SymmetryArg::Rotational => Symmetry::Rotational,
            SymmetryArg::Mirror => Symmetry::Mirror,
            SymmetryArg::Diagonal => Symmetry::Diagonal,
        }
    }
}

fn parse_size(s: &str) -> Result<Shape, String> {
    let side = match s.split_once('x') {
        Some((a, b)) if a == b => a,
        Some(_) => return Err(format!("'{s}' is not a square grid")),
        None => s,
    };
    side.parse::<usize>()
        .ok()
        .and_then(Shape::from_size)
        .filter(|shape| shape.size() <= 16)
        .ok_or_else(|| format!("'{s}' is not a size that can be generated: 4, 6, 9, 12 or 16"))
}

/// What the output thread learns about each puzzle.
type Done = (u64, Generation, GenerateStats);

/// Generates `n` puzzles as `args` asks; returns the exit code.
pub(crate) fn run(args: &Args, n: u64) -> ExitCode {
    let g = &args.generation;
    let settings = Settings {
        variant: args.variant.variant(),
        symmetry: g.symmetry.symmetry(),
        target: g.band,
        minimal: !g.no_minimal,
        max_tries: g.max_tries,
        // Full grades only when asked: otherwise puzzles are graded only as far as the band
        // needs (docs/generation.md).
        grade: args.grade,
        seed: args.seed,
        ..Settings::new(g.size)
    };
    if let Err(e) = Generator::new(settings.clone()) {
        note!("error: {e}");
        return ExitCode::from(2);
    }
    let jobs = match args.jobs {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        j => usize::from(j),
    }
    .min(usize::try_from(n).unwrap_or(usize::MAX))
    .max(1);
    let start = Instant::now();
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Done>();
    let mut summary = Summary::default();
    let result = std::thread::scope(|scope| {
        for _ in 0..jobs {
            let tx = tx.clone();
            let (settings, next, stop) = (settings.clone(), &next, &stop);
            scope.spawn(move || {
                // Checked above: the same settings build a generator.
                let Ok(mut generator) = Generator::new(settings) else { return };
                let mut last = GenerateStats::default();
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= n {
                        break;
                    }
                    let made = generator.generate(i);
                    let now = *generator.stats();
                    let delta = GenerateStats {
                        tries: now.tries - last.tries,
                        failed_tries: now.failed_tries - last.failed_tries,
                        abandoned: now.abandoned - last.abandoned,
                        checks: now.checks - last.checks,
                        check_nodes: now.check_nodes - last.check_nodes,
                    };
                    last = now;
                    if tx.send((i, made, delta)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let r = write_in_order(rx, n, args, &mut summary);
        stop.store(true, Ordering::Relaxed);
        r
    });
    let code = match result {
        Ok(()) | Err(Stop::Closed) => {
            if summary.gave_up > 0 {
                code::LIMIT
            } else {
                code::SOLVED
            }
        }
        Err(Stop::Io(what, e)) => {
            note!("error: {what}: {e}");
            return ExitCode::from(code::IO);
        }
    };
    summary.report(&settings, start.elapsed(), jobs);
    ExitCode::from(code)
}

/// Totals for the summary line.
#[derive(Debug, Default)]
struct Summary {
    found: u64,
    gave_up: u64,
    givens: u64,
    bands: BTreeMap<Band, u64>,
    stats: GenerateStats,
}

impl Summary {
    fn report(&self, settings: &Settings, wall: Duration, jobs: usize) {
        let secs = wall.as_secs_f64().max(1e-9);
        let mean = if self.found > 0 { self.givens as f64 / self.found as f64 } else { 0.0 };
        let bands: Vec<String> = self.bands.iter().map(|(b, k)| format!("{b}={k}")).collect();
        note!(
            "summary: generated={} gave_up={} size={} variant={} symmetry={} band={} mean_givens={mean:.1} {} tries={} checks={} check_nodes={} time={secs:.3}s rate={:.1} puzzles/s jobs={jobs}",
            self.found,
            self.gave_up,
            settings.shape,
            settings.variant,
            settings.symmetry,
            settings.target,
            bands.join(" "),
            self.stats.tries,
            self.stats.checks,
            self.stats.check_nodes,
            self.found as f64 / secs
        );
    }
}

/// Receives the puzzles and writes them in index order; gives up on nothing but output errors.
fn write_in_order(rx: mpsc::Receiver<Done>, n: u64, args: &Args, summary: &mut Summary) -> Result<(), Stop> {
    let stdout = io::stdout();
    let flush_each = stdout.is_terminal();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let bar = (io::stderr().is_terminal() && n > 1).then(|| {
        let bar = ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("[{elapsed_precise}] {wide_bar} {pos}/{len} puzzles, eta {eta}")
        {
            bar.set_style(style);
        }
        bar
    });
    let mut pending: BTreeMap<u64, Generation> = BTreeMap::new();
    let mut next = 0;
    let result = (|| {
        for (i, made, stats) in rx {
            summary.stats.tries += stats.tries;
            summary.stats.failed_tries += stats.failed_tries;
            summary.stats.abandoned += stats.abandoned;
            summary.stats.checks += stats.checks;
            summary.stats.check_nodes += stats.check_nodes;
            pending.insert(i, made);
            while let Some(made) = pending.remove(&next) {
                emit(next, &made, args, &mut out, summary).map_err(output_error)?;
                next += 1;
                if flush_each {
                    out.flush().map_err(output_error)?;
                }
            }
            if let Some(bar) = &bar {
                bar.set_position(next);
            }
        }
        out.flush().map_err(output_error)
    })();
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    result
}

/// Writes puzzle `i`, or says on stderr that it was given up.
fn emit(i: u64, made: &Generation, args: &Args, out: &mut impl Write, summary: &mut Summary) -> io::Result<()> {
    match made {
        Generation::Found(g) => {
            summary.found += 1;
            summary.givens += g.puzzle.grid().num_filled() as u64;
            if let Some(grade) = g.grade {
                *summary.bands.entry(grade.band()).or_default() += 1;
            }
            write_puzzle(i, g, args.grade, out)
        }
        Generation::GaveUp { tries, closest } => {
            summary.gave_up += 1;
            let closest = match closest.as_ref().and_then(|c| c.grade) {
                Some(grade) => format!("; the closest graded {grade}"),
                None => String::new(),
            };
            note!(
                "puzzle {}: none of {tries} tries reached {}{closest}; raise --max-tries or widen --band",
                i + 1,
                args.generation.band
            );
            Ok(())
        }
    }
}

fn write_puzzle(i: u64, g: &Generated, grade_wanted: bool, out: &mut impl Write) -> io::Result<()> {
    let grid = g.puzzle.grid();
    if g.puzzle.regions().is_some() || g.puzzle.cages().is_some() {
        // A jigsaw or a killer: one block in the variant's format, as `--variant` reads it
        // (and `--batch --variant`, block by block), then one blank line.
        let grade = match g.grade {
            Some(grade) if grade_wanted => format!(", grade {:.1} {}", grade.score(), grade.band()),
            _ => String::new(),
        };
        writeln!(out, "# {} {}: {} givens{grade}", g.puzzle.variant(), i + 1, grid.num_filled())?;
        return writeln!(out, "{}", g.puzzle);
    }
    match g.grade {
        Some(grade) if grade_wanted => writeln!(out, "{}\t{:.1}\t{}", grid.to_line(), grade.score(), grade.band()),
        _ => writeln!(out, "{}", grid.to_line()),
    }
}
