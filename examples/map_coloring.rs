//! Map colouring on the generic `csp` engine: count the colourings of the map of Australia
//! (Russell and Norvig's example) with `k` colours and print one.
//!
//! ```text
//! cargo run --release --example map_coloring               # 3 colours: 18 colourings
//! cargo run --release --example map_coloring -- --colours 4
//! ```

use std::process::ExitCode;

use clap::Parser;
use csp::{Outcome, Solver};
use csp_sudoku::classic::map_coloring::australia;

/// Count the colourings of the map of Australia where neighbouring regions differ.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// Number of colours.
    #[arg(long, short, default_value_t = 3)]
    colours: usize,
}

fn main() -> ExitCode {
    env_logger::init();
    let args = Args::parse();
    let map = australia();
    let model = match map.model(args.colours) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut solver = Solver::new(model);
    let count = solver.count_solutions(u64::MAX);
    println!("Australia with {} colours: {} colourings", args.colours, count.count);
    match solver.solve() {
        Outcome::Solved(s) => {
            println!("first: {}", map.describe(&s));
            ExitCode::SUCCESS
        }
        _ => ExitCode::from(1),
    }
}
