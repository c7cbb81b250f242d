//! One search of a FlatZinc optimisation model up to a node limit, for instruction counts
//! under callgrind (a node limit makes the work the same from run to run; a time limit does
//! not): the robust search, with learning (`lcg`, restarting on Luby's sequence;
//! `lcg-glucose`, on Glucose's rule) or without (`plain`).
//!
//! ```sh
//! cargo build --release -p flatzinc --example node_limit
//! valgrind --tool=callgrind target/release/examples/node_limit FILE.fzn 500 lcg
//! ```
//!
//! Prints the best objective, how the search ended, and the nodes, failures, precise
//! explanations and generic ones (identical between two builds whose search is the same).
//! `RUST_LOG` traces on stderr (`RUST_LOG=csp::learn=info` gives the generic explanations
//! per constraint kind at the end).

use std::error::Error;

fn main() -> Result<(), Box<dyn Error>> {
    env_logger::Builder::from_default_env().target(env_logger::Target::Stderr).init();
    let args: Vec<String> = std::env::args().collect();
    let [_, file, nodes, mode] = &args[..] else {
        return Err("usage: node_limit FILE.fzn NODES lcg|lcg-glucose|plain".into());
    };
    let nodes: u64 = nodes.parse().map_err(|e| format!("NODES: {e}"))?;
    let (learning, restarts) = match mode.as_str() {
        "lcg" => (true, csp::branching::LearningRestarts::default()),
        "lcg-glucose" => (true, csp::branching::LearningRestarts::glucose()),
        "plain" => (false, csp::branching::LearningRestarts::default()),
        m => return Err(format!("mode {m:?}: lcg, lcg-glucose or plain").into()),
    };
    let ast = flatzinc::parse(&std::fs::read_to_string(file)?)?;
    let mut t = flatzinc::translate(&ast, true)?;
    let goal = t.goal.ok_or("not an optimisation model")?;
    let mut solver = csp::Solver::over(std::mem::take(&mut t.model).lower(&csp::lower::Lowering::new())?);
    solver.set_robust_search();
    solver.set_learning(learning);
    solver.set_learning_restarts(restarts);
    solver.set_limits(csp::Limits { max_nodes: Some(nodes), ..csp::Limits::default() });
    let start = std::time::Instant::now();
    let mut best = None;
    let mut it = solver.improvements(goal);
    for s in it.by_ref() {
        best = Some(s[goal.var()]);
    }
    let end = it.end();
    drop(it);
    let st = solver.stats();
    println!(
        "best {best:?}, end {end:?}, nodes {}, failures {}, explained {}, generic {}, {:.2} s",
        st.nodes,
        st.failures,
        st.explained_precise,
        st.explained_generic,
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
