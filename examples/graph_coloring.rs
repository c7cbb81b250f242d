//! Graph colouring on the generic `csp` engine: read a DIMACS `.col` file and find its
//! chromatic number by trying `k = 1, 2, ...` colours.
//!
//! ```text
//! cargo run --release --example graph_coloring -- data/graphs/myciel3.col     # 4
//! cargo run --release --example graph_coloring -- data/graphs/queen5_5.col    # 5
//! cargo run --release --example graph_coloring -- data/graphs/myciel4.col --timeout 60
//! ```

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;
use csp::Limits;
use csp_sudoku::classic::graph_coloring::{chromatic_number, Attempt, Graph};

/// Find the chromatic number of a graph in DIMACS `.col` format.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The `.col` file.
    file: PathBuf,
    /// Give up a try after this many seconds.
    #[arg(long)]
    timeout: Option<f64>,
    /// Give up a try after this many search nodes.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Print the colouring found.
    #[arg(long)]
    print: bool,
}

fn main() -> ExitCode {
    env_logger::init();
    let args = Args::parse();
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    let graph = match Graph::from_dimacs(&text) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    println!("{}: {} vertices, {} edges", args.file.display(), graph.num_vertices(), graph.edges().len());
    if graph.declared_edges() != graph.edges().len() as u64 {
        println!("note: the problem line declares {} edges (duplicates or both directions)", graph.declared_edges());
    }
    let timeout = match args.timeout.map(Duration::try_from_secs_f64).transpose() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: --timeout: {e}");
            return ExitCode::from(2);
        }
    };
    let limits = Limits { max_nodes: args.max_nodes, timeout, ..Limits::default() };
    let start = Instant::now();
    let result = match chromatic_number(&graph, &limits) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    println!("greedy clique of {} vertices: lower bound {}", result.clique.len(), result.clique.len());
    for t in &result.tries {
        let what = match t.attempt {
            Attempt::BelowClique => "no (fewer colours than the clique)",
            Attempt::Colorable => "yes",
            Attempt::NotColorable => "no",
            Attempt::Unknown => "unknown (limit reached)",
        };
        println!(
            "k={}: {what}  nodes={} backtracks={} time={:.3}ms",
            t.k,
            t.stats.nodes,
            t.stats.backtracks,
            t.time.as_secs_f64() * 1e3
        );
    }
    let total = start.elapsed().as_secs_f64() * 1e3;
    match result.chromatic_number {
        Some(chi) => {
            println!("chromatic number: {chi}  (total {total:.3}ms)");
            if args.print {
                let colors: Vec<String> =
                    result.coloring.iter().enumerate().map(|(v, c)| format!("{}:{c}", v + 1)).collect();
                println!("coloring: {}", colors.join(" "));
            }
            if !graph.is_proper_coloring(&result.coloring) {
                eprintln!("error: the colouring found is not proper (engine bug)");
                return ExitCode::from(4);
            }
            ExitCode::SUCCESS
        }
        None => {
            println!("chromatic number: unknown (a limit stopped the search; total {total:.3}ms)");
            ExitCode::from(3)
        }
    }
}
