//! Quasigroup completion (Latin squares with holes) on the generic `csp` engine: generate QWH
//! instances, solve them, or write them as MiniZinc data for other solvers.
//!
//! ```text
//! cargo run --release --example quasigroup -- generate --order 30 --holes 0.42 --seed 1 > qwh30.txt
//! cargo run --release --example quasigroup -- solve qwh30.txt --stats
//! cargo run --release --example quasigroup -- dzn qwh30.txt > qwh30.dzn   # for benches/qcp.mzn
//! ```
//!
//! `solve` prints the completed square and checks it with a checker independent of the engine;
//! exit codes: 0 solved, 1 no completion, 2 usage or input error, 3 stopped by the time limit.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand, ValueEnum};
use csp::branching::{TieBreak, VarOrder};
use csp::constraints::{NetworkLevel, Strength};
use csp::{Limits, Outcome};
use csp_sudoku::classic::quasigroup::Instance;

/// Quasigroup completion: generate, solve or convert QWH instances.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print a random QWH instance in the text form.
    Generate {
        /// The order of the square.
        #[arg(long, default_value_t = 30)]
        order: usize,
        /// The fraction of cells emptied (0.42 is the hard region for orders 30 to 50).
        #[arg(long, default_value_t = 0.42)]
        holes: f64,
        /// The seed: the same seed gives the same instance.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Complete an instance.
    Solve {
        /// The instance file (`-` for standard input).
        file: PathBuf,
        /// How the all-different constraints propagate.
        #[arg(long, value_enum, default_value_t = Propagation::Gac)]
        propagation: Propagation,
        /// Stop after this many seconds.
        #[arg(long)]
        timeout: Option<f64>,
        /// Print the search statistics on stderr.
        #[arg(long)]
        stats: bool,
        /// The search: the robust learning search (dom/wdeg, restarts with nogoods) or plain
        /// depth-first MRV on the all-different network's own state.
        #[arg(long, value_enum, default_value_t = Search::Robust)]
        search: Search,
        /// Worker threads: more than one runs a portfolio of searches (worker 0 is the
        /// chosen search).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// The seed of the search's random choices.
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Print an instance as MiniZinc data for `benches/qcp.mzn`.
    Dzn {
        /// The instance file (`-` for standard input).
        file: PathBuf,
    },
}

/// The searches of `solve --search`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Search {
    /// dom/wdeg, phase saving, Luby restarts with nogoods (the engine's robust search).
    Robust,
    /// Depth-first MRV, first variable on ties, smallest value first.
    Dfs,
}

/// The propagation levels, as the Sudoku example names them.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Propagation {
    /// Forward checking in the all-different network.
    Fc,
    /// Also hidden singles, in the network.
    Hidden,
    /// Also Régin's GAC on every row and column, after the network's cheaper reasoning (the
    /// default: with the robust search it solves the most instances, docs/benchmarks.md).
    Gac,
}

fn read(file: &PathBuf) -> Result<Instance, String> {
    let text = if file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).map_err(|e| format!("standard input: {e}"))?
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?
    };
    Instance::parse(&text).map_err(|e| format!("{}: {e}", file.display()))
}

fn main() -> ExitCode {
    env_logger::init();
    let args = Args::parse();
    match run(args.command) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command) -> Result<ExitCode, String> {
    match command {
        Command::Generate { order, holes, seed } => {
            if !(1..=csp_sudoku::classic::quasigroup::MAX_ORDER).contains(&order) {
                return Err(format!("--order {order} is outside 1..={}", csp_sudoku::classic::quasigroup::MAX_ORDER));
            }
            if !(0.0..=1.0).contains(&holes) {
                return Err(format!("--holes {holes} is not a fraction between 0 and 1"));
            }
            print!("{}", Instance::generate(order, holes, seed).to_text());
            Ok(ExitCode::SUCCESS)
        }
        Command::Dzn { file } => {
            print!("{}", read(&file)?.to_dzn());
            Ok(ExitCode::SUCCESS)
        }
        Command::Solve { file, propagation, timeout, stats, search, threads, seed } => {
            let instance = read(&file)?;
            let timeout = match timeout {
                Some(t) if t.is_finite() && t > 0.0 => Some(Duration::from_secs_f64(t)),
                Some(t) => return Err(format!("--timeout {t} is not a positive number of seconds")),
                None => None,
            };
            let (strength, network) = match propagation {
                Propagation::Fc => (Strength::ForwardChecking, Some(NetworkLevel::ForwardChecking)),
                Propagation::Hidden => (Strength::HiddenSingles, Some(NetworkLevel::HiddenSingles)),
                Propagation::Gac => (Strength::Gac, Some(NetworkLevel::HiddenSingles)),
            };
            let started = Instant::now();
            let (model, x) = instance.model(strength, network).map_err(|e| e.to_string())?;
            let mut solver = model.into_solver();
            solver.set_limits(Limits { timeout, ..Limits::default() });
            solver.set_seed(seed);
            match search {
                Search::Robust => solver.set_robust_search(),
                Search::Dfs => solver.set_var_order(VarOrder::Mrv(TieBreak::First)),
            }
            let outcome = match solver.assign_all(instance.givens(&x)) {
                Ok(()) if threads > 1 => solver.solve_parallel(threads),
                Ok(()) => solver.solve(),
                Err(_) => Outcome::Unsatisfiable,
            };
            let elapsed = started.elapsed();
            if stats {
                eprintln!("time={:.3}s {}", elapsed.as_secs_f64(), solver.stats());
            }
            match outcome {
                Outcome::Solved(solution) => {
                    let values: Vec<i32> = x.iter().map(|&v| solution[v]).collect();
                    if !instance.is_completion(&values) {
                        return Err("engine bug: the solution does not complete the instance".into());
                    }
                    let n = instance.order();
                    for row in values.chunks(n) {
                        let words: Vec<String> = row.iter().map(|s| s.to_string()).collect();
                        println!("{}", words.join(" "));
                    }
                    Ok(ExitCode::SUCCESS)
                }
                Outcome::Unsatisfiable => {
                    println!("no completion");
                    Ok(ExitCode::from(1))
                }
                Outcome::LimitReached(limit) => {
                    println!("stopped: {limit}");
                    Ok(ExitCode::from(3))
                }
            }
        }
    }
}
