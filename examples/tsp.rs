//! The travelling salesman problem on the `csp` engine: the shortest tour through every city,
//! by branch and bound over the `Circuit` global; prints each better tour, then the optimum and
//! whether it is proven. The embedded instance is TSPLIB's gr17 (17 cities, Grötschel; optimal
//! length 2085); `--file` reads a distance matrix instead. The model is
//! `csp_sudoku::classic::tsp`.
//!
//! The file holds the number of cities `n`, then `n` rows of `n` non-negative integers (row `i`:
//! the distances from city `i`; the diagonal is not used, the matrix need not be symmetric);
//! `#` starts a comment.
//!
//! ```text
//! cargo run --release --example tsp                      # gr17: length 2085, proven optimal
//! cargo run --release --example tsp -- --file my_cities.txt --timeout 10
//! ```

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use csp::solve::SearchEnd;
use csp::Limits;
use csp_sudoku::classic::tsp::Tsp;

/// Find the shortest tour through the cities of gr17 or of a distance-matrix file.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// A distance matrix: the number of cities, then one row of distances per city.
    #[arg(long)]
    file: Option<std::path::PathBuf>,
    /// Stop after this many seconds (the best tour so far is then not proven optimal).
    #[arg(long)]
    timeout: Option<f64>,
}

fn main() -> ExitCode {
    env_logger::init();
    let args = Args::parse();
    let tsp = match &args.file {
        None => Tsp::gr17(),
        Some(path) => match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| Tsp::parse(&text).map_err(|e| e.to_string()))
        {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                return ExitCode::from(2);
            }
        },
    };
    let (model, tour) = match tsp.model() {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let Some(goal) = model.objective() else { unreachable!("the model minimises the tour length") };
    let started = Instant::now();
    let mut solver = model.into_solver();
    tour.search(&mut solver);
    solver.set_limits(Limits { timeout: args.timeout.map(Duration::from_secs_f64), ..Limits::default() });
    let mut improvements = solver.improvements(goal);
    let mut best = None;
    for s in improvements.by_ref() {
        println!("length {:>6} at {:.3}s", s[tour.length], started.elapsed().as_secs_f64());
        best = Some(s);
    }
    let end = improvements.end();
    drop(improvements);
    println!("{}", solver.stats());
    let Some(s) = best else {
        println!("no tour found");
        return ExitCode::from(1);
    };
    let succ = tour.successors(&s);
    let order: Vec<String> = Tsp::order(&succ).iter().map(|c| c.to_string()).collect();
    println!("tour: {} 0", order.join(" "));
    match tsp.check(&succ) {
        Ok(length) if length == s[tour.length] => {}
        other => {
            eprintln!("error: the tour does not check: {other:?}");
            return ExitCode::from(1);
        }
    }
    match end {
        Some(SearchEnd::Exhausted) => println!("{} cities: length {}, proven optimal", tsp.len(), s[tour.length]),
        Some(SearchEnd::LimitReached(l)) => {
            println!("{} cities: length {}, stopped by the {l}, not proven", tsp.len(), s[tour.length])
        }
        None => {}
    }
    ExitCode::SUCCESS
}
