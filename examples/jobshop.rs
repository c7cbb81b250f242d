//! Job-shop scheduling on the `csp` engine: Fisher and Thompson's ft06 (6 jobs x 6 machines),
//! minimising the makespan by branch and bound; prints each better schedule, then the optimum
//! and whether it is proven. The model is `csp_sudoku::classic::jobshop` (expressions for the
//! precedences, a no-overlap per machine).
//!
//! ```text
//! cargo run --release --example jobshop                  # makespan 55, proven optimal
//! cargo run --release --example jobshop -- --jobs 4      # the first 4 jobs only
//! cargo run --release --example jobshop -- --timeout 1
//! ```

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use csp::solve::SearchEnd;
use csp::Limits;
use csp_sudoku::classic::jobshop::JobShop;

/// Minimise the makespan of ft06 (or of its first jobs).
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// How many of ft06's six jobs to schedule.
    #[arg(long, default_value_t = 6)]
    jobs: usize,
    /// Stop after this many seconds (the best schedule so far is then not proven optimal).
    #[arg(long)]
    timeout: Option<f64>,
}

fn main() -> ExitCode {
    env_logger::init();
    let args = Args::parse();
    let timeout = args.timeout.map(Duration::from_secs_f64);
    let mut shop = JobShop::ft06();
    let jobs = args.jobs.clamp(1, shop.jobs().len());
    shop = JobShop::new(shop.jobs()[..jobs].to_vec());
    let (model, schedule) = match shop.model() {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let Some(goal) = model.objective() else { unreachable!("the model minimises its makespan") };
    let started = Instant::now();
    let mut solver = model.into_solver();
    solver.set_limits(Limits { timeout, ..Limits::default() });
    let mut improvements = solver.improvements(goal);
    let mut best = None;
    for s in improvements.by_ref() {
        println!("makespan {:>3} at {:.3}s", s[schedule.makespan], started.elapsed().as_secs_f64());
        best = Some(s);
    }
    let end = improvements.end();
    drop(improvements);
    println!("{}", solver.stats());
    let Some(s) = best else {
        println!("no schedule found");
        return ExitCode::from(1);
    };
    for (j, starts) in schedule.starts(&s).iter().enumerate() {
        let tasks: Vec<String> =
            shop.jobs()[j].iter().zip(starts).map(|(&(m, d), &t)| format!("m{m}@{t}+{d}")).collect();
        println!("job {j}: {}", tasks.join(" "));
    }
    match shop.check(&schedule.starts(&s)) {
        Ok(m) if m == s[schedule.makespan] => {}
        other => {
            eprintln!("error: the schedule does not check: {other:?}");
            return ExitCode::from(1);
        }
    }
    match end {
        Some(SearchEnd::Exhausted) => println!("makespan {}: proven optimal", s[schedule.makespan]),
        Some(SearchEnd::LimitReached(l)) => {
            println!("makespan {}: stopped by the {l}, not proven", s[schedule.makespan])
        }
        None => {}
    }
    ExitCode::SUCCESS
}
