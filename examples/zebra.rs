//! The zebra puzzle on the generic `csp` engine: who drinks water, who owns the zebra?
//!
//! ```text
//! cargo run --release --example zebra
//! cargo run --release --example zebra -- --stats
//! ```

use std::process::ExitCode;

use clap::Parser;
use csp::Solver;
use csp_sudoku::classic::zebra;

/// Solve the zebra puzzle (Life International, 1962) and check that its solution is unique.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// Print the search statistics.
    #[arg(long)]
    stats: bool,
}

fn main() -> ExitCode {
    env_logger::init();
    let args = Args::parse();
    let model = match zebra::model() {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut solver = Solver::new(model);
    let solutions: Vec<_> = solver.solutions().collect();
    let Some(s) = solutions.first() else {
        println!("no solution");
        return ExitCode::from(1);
    };
    print!("{}", zebra::describe(s));
    let who = |name| zebra::owner_of(s, name).unwrap_or("nobody");
    println!("The {} drinks water.", who("water"));
    println!("The {} owns the zebra.", who("zebra"));
    println!("{} solution(s) in all", solutions.len());
    if args.stats {
        eprintln!("stats: {}", solver.stats());
    }
    ExitCode::SUCCESS
}
