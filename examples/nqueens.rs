//! N-queens on the generic `csp` engine: count the solutions, or find the first one.
//!
//! ```text
//! cargo run --release --example nqueens -- 8            # 92 solutions and one board
//! cargo run --release --example nqueens -- 1000 --first # the first solution only
//! RUST_LOG=csp::search=debug cargo run --release --example nqueens -- 6
//! ```

use std::process::ExitCode;

use clap::Parser;
use csp::branching::{TieBreak, ValueOrder, VarOrder};
use csp::constraints::{AllDifferent, Strength};
use csp::solve::CountStatus;
use csp::{Model, Outcome, Solver, VarId};

/// Count the solutions of the N-queens problem, or find one.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// Board size.
    #[arg(default_value_t = 8)]
    n: usize,
    /// Print only the first solution found (for large N).
    #[arg(long)]
    first: bool,
    /// Stop counting at this many solutions.
    #[arg(long, default_value_t = u64::MAX)]
    max: u64,
    /// Print the search statistics (of the count, then of the search for the board shown).
    #[arg(long)]
    stats: bool,
}

/// One queen per column; `q[i]` is the row of the queen in column `i`. Rows differ, and so do
/// both diagonals (`q[i] + i` and `q[i] - i`).
fn model(n: usize) -> Result<(Model, Vec<VarId>), csp::ModelError> {
    // model:begin nqueens
    let mut model = Model::new();
    let q: Vec<VarId> = (0..n).map(|i| model.new_named_var(format!("q{i}"), 0..n as i32)).collect::<Result<_, _>>()?;
    let n32 = n as i32;
    model.post_named("rows", AllDifferent::new(q.clone()))?;
    // q[i] + i and q[i] - i all different: the diagonals.
    let diagonals = |sign: i32| {
        AllDifferent::with_offsets(q.clone(), (0..n32).map(|i| sign * i).collect::<Vec<_>>())
            .with_strength(Strength::ForwardChecking)
    };
    model.post_named("diag_up", diagonals(1))?;
    model.post_named("diag_down", diagonals(-1))?;
    // model:end
    Ok((model, q))
}

fn board(q: &[VarId], values: &csp::Solution) -> String {
    let n = q.len();
    let mut out = String::with_capacity(n * (2 * n + 1));
    for row in 0..n as i32 {
        for (col, &v) in q.iter().enumerate() {
            out.push(if values[v] == row { 'Q' } else { '.' });
            if col + 1 < n {
                out.push(' ');
            }
        }
        out.push('\n');
    }
    out
}

fn main() -> ExitCode {
    env_logger::init();
    let args = Args::parse();
    if args.n == 0 {
        eprintln!("error: the board size must be at least 1");
        return ExitCode::from(2);
    }
    let (model, q) = match model(args.n) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut solver = Solver::new(model);
    solver.set_var_order(VarOrder::Mrv(TieBreak::First));
    solver.set_value_order(ValueOrder::Ascending);
    if !args.first {
        let count = solver.count_solutions(args.max);
        let qualifier = match count.status {
            CountStatus::Complete => "",
            _ => "at least ",
        };
        println!("{}-queens: {qualifier}{} solutions", args.n, count.count);
        if args.stats {
            eprintln!("stats of the count: {}", solver.stats());
        }
        // The board below comes from a second, separate search with its own statistics.
        solver.reset_stats();
    }
    let code = match solver.solve() {
        Outcome::Solved(s) => {
            if args.first || args.n <= 40 {
                println!("{}", if args.first { "first solution:" } else { "one solution:" });
                print!("{}", board(&q, &s));
            }
            let rows: Vec<String> = q.iter().map(|&v| s[v].to_string()).collect();
            if args.first {
                println!("rows: {}", rows.join(" "));
            }
            ExitCode::SUCCESS
        }
        Outcome::Unsatisfiable => {
            println!("{}-queens: no solution", args.n);
            ExitCode::from(1)
        }
        Outcome::LimitReached(l) => {
            println!("stopped: {l}");
            ExitCode::from(3)
        }
    };
    if args.stats {
        eprintln!("stats of the search for one solution: {}", solver.stats());
    }
    code
}
