//! Magic squares on the `csp` engine: the numbers `1..=n²` in an `n x n` grid with every row,
//! column and diagonal summing alike (order 4 by default); prints the first square and,
//! with `--count`, how many there are up to the symmetries of the square. The model is
//! `csp_sudoku::classic::magic_square`.
//!
//! ```text
//! cargo run --release --example magic_square             # one 4x4 square
//! cargo run --release --example magic_square -- 3 --count   # 1 (the Lo Shu square)
//! cargo run --release --example magic_square -- 4 --count   # 880 (Frénicle, 1693)
//! ```

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use csp::{Limits, Outcome};
use csp_sudoku::classic::magic_square;

/// Find a magic square of the given order.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The order (2 or more; order 2 has no square).
    #[arg(default_value_t = 4)]
    order: usize,
    /// Also count the squares (up to rotations and reflections).
    #[arg(long)]
    count: bool,
    /// Stop after this many seconds.
    #[arg(long)]
    timeout: Option<f64>,
}

fn main() -> ExitCode {
    env_logger::init();
    let args = Args::parse();
    let n = args.order.max(2);
    let (model, cells) = match magic_square::model(n) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let mut solver = model.into_solver();
    solver.set_limits(Limits { timeout: args.timeout.map(Duration::from_secs_f64), ..Limits::default() });
    let s = match solver.solve() {
        Outcome::Solved(s) => s,
        Outcome::Unsatisfiable => {
            println!("no magic square of order {n}");
            return ExitCode::from(1);
        }
        Outcome::LimitReached(l) => {
            println!("stopped by the {l}");
            return ExitCode::from(1);
        }
    };
    let values: Vec<i32> = cells.iter().map(|&x| s[x]).collect();
    for row in values.chunks(n) {
        println!("{}", row.iter().map(|v| format!("{v:>3}")).collect::<String>());
    }
    if let Err(e) = magic_square::check(n, &values) {
        eprintln!("error: the square does not check: {e}");
        return ExitCode::from(1);
    }
    println!("found in {:.3}s; {}", started.elapsed().as_secs_f64(), solver.stats());
    if args.count {
        let count = solver.count_solutions(u64::MAX);
        println!("{} squares of order {n} ({:?}); {}", count.count, count.status, solver.stats());
    }
    ExitCode::SUCCESS
}
