//! `fzn-csp`: the FlatZinc solver binary, called by MiniZinc (`minizinc --solver csp ...`) or
//! directly: `fzn-csp [-a] [-n N] [-s] [-t MS] [-f] [-r SEED] [-p N] [--check] [--learning |
//! --no-learning] [--restarts luby|glucose] [--proof PROOF] model.fzn`.

use std::io::{self, Read};
use std::process::ExitCode;
use std::time::Duration;

use flatzinc::{Options, RunError};

const USAGE: &str =
    "usage: fzn-csp [-a] [-n N] [-s] [-t MS] [-f] [-r SEED] [-p N] [--check] [--learning | --no-learning] [--restarts luby|glucose] [--proof PROOF] FILE.fzn
  -a          all solutions (satisfaction), every improving solution (optimisation)
  -n N        stop after N solutions
  -s          statistics: %%%mzn-stat lines (initTime, solveTime, solutions, variables,
              propagators, propagations, nodes, failures, peakDepth, restarts, nogoods,
              lnsRuns, objective; with a portfolio: workers and each worker's nodes,
              failures and restarts; with learning: learnedClauses, meanLbd,
              meanClauseLength, literals, explainedGeneric, explainedPrecise), then
              %%%mzn-stat-end
  -t MS       time limit in milliseconds; a search stopped by it prints no ==========
  -f          free search: search annotations ignored, the robust learning search instead
  -r SEED     seed of random choices (in a portfolio worker 0's; the others derive theirs)
  -p N        cores (default 1): one solution or an optimum is looked for by a portfolio
              of max(N, 2) searches, taking turns of 20 ms when there are fewer cores:
              one learns a clause from every conflict (lazy clause generation, branching
              by activity), one follows the search annotations (in optimisation, every
              other run between restarts; the robust search in the others, and always
              with -f), the others vary it; enumeration (-a or -n) is one search
  --check     check every solution against the FlatZinc constraints before printing it
  --learning     learning in every search, enumeration included
  --no-learning  no learning: N searches on N cores, one plain search on one
  --restarts R   restarts of the learning search: luby (default; 100 conflicts per unit of
              Luby's sequence) or glucose (when the last 50 clauses learned are worse than
              the search's mean: fewer conflicts on rostering, docs/learning.md)
  --proof PROOF  write a DRCP proof of unsatisfiability or optimality to PROOF for
              pumpkin-checker (the learning search alone, on one core; models of
              int_lin_le, int_lin_eq and pumpkin_all_different only: docs/proofs.md)
  FILE        the model ('-' for standard input)";

fn parse_args(args: &[String]) -> Result<(Options, String), String> {
    let mut opts = Options::default();
    let mut file = None;
    let mut i = 0;
    let number = |i: &mut usize, flag: &str| -> Result<u64, String> {
        *i += 1;
        let v = args.get(*i).ok_or_else(|| format!("{flag} needs a number"))?;
        v.parse::<u64>().map_err(|_| format!("{flag}: '{v}' is not a non-negative integer"))
    };
    while i < args.len() {
        match args[i].as_str() {
            "-a" | "--all-solutions" => opts.all = true,
            "-s" | "--statistics" => opts.stats = true,
            "-f" | "--free-search" => opts.free = true,
            "--check" => opts.check = true,
            "--learning" => opts.learning = Some(true),
            "--no-learning" => opts.learning = Some(false),
            "--restarts" => {
                i += 1;
                opts.restarts = match args.get(i).map(String::as_str) {
                    Some("luby") => csp::branching::LearningRestarts::default(),
                    Some("glucose") => csp::branching::LearningRestarts::glucose(),
                    Some(other) => return Err(format!("--restarts: '{other}' is neither luby nor glucose")),
                    None => return Err("--restarts needs luby or glucose".to_string()),
                };
            }
            "--proof" => {
                i += 1;
                opts.proof = Some(args.get(i).ok_or("--proof needs a file")?.into());
            }
            "-n" | "--num-solutions" => opts.num_solutions = Some(number(&mut i, "-n")?),
            "-t" | "--time-limit" => opts.time_limit = Some(Duration::from_millis(number(&mut i, "-t")?)),
            "-r" | "--random-seed" => opts.seed = number(&mut i, "-r")?,
            "-p" | "--parallel" => opts.threads = number(&mut i, "-p")?.clamp(1, 256) as usize,
            "-h" | "--help" => return Err(String::new()),
            s if s.starts_with('-') && s != "-" => return Err(format!("unknown option '{s}'")),
            s => {
                if file.replace(s.to_string()).is_some() {
                    return Err("more than one model file".to_string());
                }
            }
        }
        i += 1;
    }
    Ok((opts, file.ok_or("no model file")?))
}

fn main() -> ExitCode {
    env_logger_init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (opts, file) = match parse_args(&args) {
        Ok(x) => x,
        Err(e) if e.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("fzn-csp: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let text = if file == "-" {
        let mut s = String::new();
        io::stdin().read_to_string(&mut s).map(|_| s)
    } else {
        std::fs::read_to_string(&file)
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            eprintln!("fzn-csp: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    match flatzinc::run(&text, &opts, io::stdout().lock(), io::stderr()) {
        Ok(_) => ExitCode::SUCCESS,
        Err(RunError::Model(e)) => {
            eprintln!("fzn-csp: {file}: {e}");
            ExitCode::FAILURE
        }
        Err(RunError::Io(e)) => {
            eprintln!("fzn-csp: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The engine's `log` targets on stderr when `RUST_LOG` asks for them (docs/logging.md); the
/// FlatZinc output on stdout is never mixed with them.
fn env_logger_init() {
    env_logger::Builder::from_default_env().target(env_logger::Target::Stderr).init();
}
