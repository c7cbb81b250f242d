//! Graph colouring of the instances in `data/graphs/`: each file holds exactly the graph of its
//! public definition, and the chromatic numbers are the known ones (myciel3: 4, myciel4: 5,
//! queen5_5: 5), with a proper colouring and an exhausted search one colour below.

use std::path::PathBuf;

use csp::Limits;
use csp_sudoku::classic::graph_coloring::{chromatic_number, coloring_model, Attempt, DimacsError, Graph};

fn load(name: &str) -> Graph {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "data", "graphs", name].iter().collect();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Graph::from_dimacs(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The Mycielskian of `g`: vertices of `g`, then a copy of each (adjacent to the original's
/// neighbours), then an apex adjacent to every copy.
fn mycielskian(g: &Graph) -> Graph {
    let n = g.num_vertices();
    let mut edges = g.edges().to_vec();
    for &(u, v) in g.edges() {
        edges.push((u, n + v));
        edges.push((v, n + u));
    }
    edges.extend((0..n).map(|i| (n + i, 2 * n)));
    Graph::new(2 * n + 1, edges)
}

fn queen_graph(size: usize) -> Graph {
    let mut edges = Vec::new();
    for a in 0..size * size {
        for b in a + 1..size * size {
            let (ra, ca, rb, cb) = (a / size, a % size, b / size, b % size);
            if ra == rb || ca == cb || ra.abs_diff(rb) == ca.abs_diff(cb) {
                edges.push((a, b));
            }
        }
    }
    Graph::new(size * size, edges)
}

fn check_chromatic(g: &Graph, chi: usize) {
    let r = chromatic_number(g, &Limits::default()).unwrap();
    assert_eq!(r.chromatic_number, Some(chi));
    assert!(g.is_proper_coloring(&r.coloring), "{:?}", r.coloring);
    assert_eq!(coloring_model(g, chi, &r.clique).unwrap().check_assignment(&r.coloring), Ok(()));
    let last = r.tries.last().unwrap();
    assert_eq!((last.k, last.attempt), (chi, Attempt::Colorable));
    // Every smaller k was refuted: by the clique or by an exhausted search.
    for t in &r.tries[..r.tries.len() - 1] {
        assert!(matches!(t.attempt, Attempt::BelowClique | Attempt::NotColorable), "{t:?}");
    }
    assert_eq!(r.tries.len(), chi);
}

#[test]
fn myciel3_is_the_mycielskian_of_the_5_cycle_with_chromatic_number_4() {
    let k2 = Graph::new(2, [(0, 1)]);
    let c5 = mycielskian(&k2);
    assert_eq!(c5, Graph::new(5, [(0, 1), (1, 2), (2, 4), (4, 3), (3, 0)]));
    let g = load("myciel3.col");
    assert_eq!(g, mycielskian(&c5));
    assert_eq!((g.num_vertices(), g.edges().len()), (11, 20));
    check_chromatic(&g, 4);
}

#[test]
fn myciel4_is_the_next_mycielskian_with_chromatic_number_5() {
    let g = load("myciel4.col");
    assert_eq!(g, mycielskian(&load("myciel3.col")));
    assert_eq!((g.num_vertices(), g.edges().len()), (23, 71));
    check_chromatic(&g, 5);
}

#[test]
fn queen5_5_is_the_queen_graph_with_chromatic_number_5() {
    let g = load("queen5_5.col");
    assert_eq!(g, queen_graph(5));
    assert_eq!((g.num_vertices(), g.edges().len()), (25, 160));
    check_chromatic(&g, 5);
}

#[test]
fn edges_listed_in_both_directions_give_the_same_graph() {
    let g = queen_graph(5);
    let mut text = format!("p edge 25 {}\n", 2 * g.edges().len());
    for &(u, v) in g.edges() {
        text.push_str(&format!("e {} {}\ne {} {}\n", u + 1, v + 1, v + 1, u + 1));
    }
    let parsed = Graph::from_dimacs(&text).unwrap();
    assert_eq!(parsed.edges(), g.edges());
    assert_eq!(parsed.declared_edges(), 320);
}

#[test]
fn malformed_files_are_reported_with_line_numbers() {
    let text = "c test\np edge 3 2\ne 1 2\ne 2 five\n";
    let err = Graph::from_dimacs(text).unwrap_err();
    assert_eq!(err, DimacsError::InvalidNumber { line: 4, field: "five".into() });
    assert_eq!(err.to_string(), "line 4: 'five' is not a non-negative integer");
    let err = Graph::from_dimacs("p edge 3 2\ne 1 2\ne 3 3\n").unwrap_err();
    assert_eq!(err.to_string(), "line 3: edge from vertex 3 to itself (no colouring exists)");
}
