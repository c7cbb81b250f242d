//! Optimisation on the generic `csp` engine: a bounded knapsack solved by branch and bound,
//! printing each better packing as it is found, then whether the last one is proven optimal.
//!
//! ```text
//! cargo run --release --example knapsack                 # optimal profit 133
//! cargo run --release --example knapsack -- --capacity 60 --timeout 0.001
//! ```

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use csp::solve::{Goal, SearchEnd};
use csp::{sum, Limits, Model};

/// Pack items (at most `copies` of each) within the capacity, for the largest total profit.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The knapsack's capacity.
    #[arg(long, default_value_t = 50)]
    capacity: i32,
    /// The most copies of each item.
    #[arg(long, default_value_t = 2)]
    copies: i32,
    /// Stop after this many seconds (the best packing so far is then not proven optimal).
    #[arg(long)]
    timeout: Option<f64>,
}

/// (name, weight, profit)
const ITEMS: [(&str, i32, i32); 8] = [
    ("tent", 11, 30),
    ("stove", 7, 19),
    ("rope", 4, 9),
    ("lamp", 3, 7),
    ("water", 9, 21),
    ("food", 8, 20),
    ("map", 1, 2),
    ("camera", 5, 13),
];

fn main() -> ExitCode {
    env_logger::init();
    let args = Args::parse();
    let timeout = match args.timeout.map(Duration::try_from_secs_f64).transpose() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: --timeout: {e}");
            return ExitCode::from(2);
        }
    };
    // take_i copies of item i; Σ w_i take_i <= capacity; maximise Σ p_i take_i.
    // model:begin knapsack
    let mut model = Model::new();
    let built = (|| -> Result<_, csp::ModelError> {
        let take = model.new_vars(ITEMS.len(), 0..=args.copies.max(0))?;
        model.add(sum(ITEMS.iter().zip(&take).map(|(&(_, w, _), &x)| w * x)).le(args.capacity))?;
        let profit = model.maximize(sum(ITEMS.iter().zip(&take).map(|(&(_, _, p), &x)| p * x)))?;
        // model:end
        Ok((take, profit))
    })();
    let (take, profit) = match built {
        Ok(built) => built,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut solver = model.into_solver();
    solver.set_limits(Limits { timeout, ..Limits::default() });
    let mut improvements = solver.improvements(Goal::Maximize(profit));
    let mut best = None;
    for s in improvements.by_ref() {
        let packed: Vec<String> = ITEMS
            .iter()
            .zip(&take)
            .filter(|&(_, &x)| s[x] > 0)
            .map(|(&(name, _, _), &x)| format!("{}x{name}", s[x]))
            .collect();
        println!("profit {:>4}: {}", s[profit], packed.join(" "));
        best = Some(s[profit]);
    }
    let end = improvements.end();
    drop(improvements);
    println!("{}", solver.stats());
    match (end, best) {
        (Some(SearchEnd::Exhausted), Some(p)) => println!("optimal profit {p}"),
        (Some(SearchEnd::Exhausted), None) => println!("no packing"),
        (Some(SearchEnd::LimitReached(l)), Some(p)) => {
            println!("stopped by the {l}: best profit so far {p}, not proven optimal")
        }
        (_, _) => println!("stopped before any packing"),
    }
    ExitCode::SUCCESS
}
