//! Golomb rulers on the `csp` engine: the shortest ruler of `n` marks whose distances are all
//! different (8 marks by default: length 34), by branch and bound; prints each better ruler,
//! then the optimum and whether it is proven. The model is `csp_sudoku::classic::golomb`.
//!
//! ```text
//! cargo run --release --example golomb                   # 8 marks: length 34, proven optimal
//! cargo run --release --example golomb -- 9 --timeout 60
//! ```

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use csp::solve::SearchEnd;
use csp::Limits;
use csp_sudoku::classic::golomb;

/// Find the shortest Golomb ruler with the given number of marks.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The number of marks (2 or more).
    #[arg(default_value_t = 8)]
    marks: usize,
    /// Stop after this many seconds (the best ruler so far is then not proven optimal).
    #[arg(long)]
    timeout: Option<f64>,
}

fn main() -> ExitCode {
    env_logger::init();
    let args = Args::parse();
    if args.marks < 2 {
        eprintln!("error: a ruler needs at least 2 marks");
        return ExitCode::from(2);
    }
    let (model, marks) = match golomb::model(args.marks) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let Some(goal) = model.objective() else { unreachable!("the model minimises the length") };
    let started = Instant::now();
    let mut solver = model.into_solver();
    solver.set_branching_vars(marks.clone());
    solver.set_limits(Limits { timeout: args.timeout.map(Duration::from_secs_f64), ..Limits::default() });
    let mut improvements = solver.improvements(goal);
    let mut best = None;
    for s in improvements.by_ref() {
        let ruler: Vec<i32> = marks.iter().map(|&m| s[m]).collect();
        println!("length {:>3} at {:.3}s: {ruler:?}", ruler[ruler.len() - 1], started.elapsed().as_secs_f64());
        best = Some(ruler);
    }
    let end = improvements.end();
    drop(improvements);
    println!("{}", solver.stats());
    let Some(ruler) = best else {
        println!("no ruler found");
        return ExitCode::from(1);
    };
    if let Err(e) = golomb::check(&ruler) {
        eprintln!("error: the ruler does not check: {e}");
        return ExitCode::from(1);
    }
    match end {
        Some(SearchEnd::Exhausted) => {
            println!("{} marks: length {}, proven optimal", args.marks, ruler[ruler.len() - 1])
        }
        Some(SearchEnd::LimitReached(l)) => {
            println!("{} marks: length {}, stopped by the {l}, not proven", args.marks, ruler[ruler.len() - 1])
        }
        None => {}
    }
    ExitCode::SUCCESS
}
