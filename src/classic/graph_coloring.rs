//! Graph colouring: the chromatic number of a graph read from a DIMACS `.col` file.
//!
//! # The DIMACS format
//!
//! The format of the DIMACS colouring challenge (1993), one item per line:
//!
//! ```text
//! c a comment
//! p edge 5 4        (the problem line: vertices and edges; also `p col 5 4`)
//! e 1 2             (an edge between vertices 1 and 2, numbered from 1)
//! ```
//!
//! Blank lines are ignored. An edge may be listed twice or in both directions (some standard
//! files do so); the graph keeps it once. The edge count of the problem line is not checked
//! against the edges ([`Graph::declared_edges`] keeps it). Every malformed line is an error
//! with its line number ([`DimacsError`]); nothing panics on bad input.
//!
//! # The model
//!
//! For `k` colours: one variable per vertex with values `0..k` and one `x.ne(y)` per edge (a
//! [`NotEqual`](csp::constraints::NotEqual)), searched with MRV, ties broken by degree (close to Brélaz's
//! DSatur). A clique found greedily has its vertices fixed to colours `0, 1, ...`: any colouring
//! can be renamed so, which breaks the symmetry of colour names; with fewer colours than the
//! clique, `k` is refuted at once. [`chromatic_number`] tries `k = 1, 2, ...` until a colouring exists.
//!
//! ```
//! use csp_sudoku::classic::graph_coloring::{chromatic_number, Graph};
//!
//! // A 5-cycle needs three colours.
//! let g = Graph::from_dimacs("p edge 5 5\ne 1 2\ne 2 3\ne 3 4\ne 4 5\ne 5 1\n")?;
//! let result = chromatic_number(&g, &csp::Limits::default())?;
//! assert_eq!(result.chromatic_number, Some(3));
//! assert!(g.is_proper_coloring(&result.coloring));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::time::{Duration, Instant};

use csp::branching::{TieBreak, ValueOrder, VarOrder};
use csp::{Limits, Model, ModelError, Outcome, Solver, Stats, VarId};

/// The most vertices accepted in a file.
pub const MAX_VERTICES: usize = 1 << 24;

/// A malformed DIMACS file. Each variant but [`MissingProblemLine`](DimacsError::MissingProblemLine)
/// carries the line number (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DimacsError {
    /// No `p edge <vertices> <edges>` line in the file.
    MissingProblemLine,
    /// A second problem line.
    DuplicateProblemLine {
        /// Its line number.
        line: usize,
    },
    /// A problem line that is not `p edge <vertices> <edges>` (or `p col ...`).
    BadProblemLine {
        /// Its line number.
        line: usize,
        /// The line as found.
        found: String,
    },
    /// An edge line before the problem line.
    EdgeBeforeProblemLine {
        /// Its line number.
        line: usize,
    },
    /// An edge line that is not `e <u> <v>`.
    BadEdgeLine {
        /// Its line number.
        line: usize,
        /// The line as found.
        found: String,
    },
    /// A field that should be a non-negative integer.
    InvalidNumber {
        /// Its line number.
        line: usize,
        /// The field as found.
        field: String,
    },
    /// A vertex outside `1..=vertices`.
    VertexOutOfRange {
        /// Its line number.
        line: usize,
        /// The vertex.
        vertex: u64,
        /// The number of vertices of the problem line.
        vertices: usize,
    },
    /// An edge from a vertex to itself: no colouring exists.
    SelfLoop {
        /// Its line number.
        line: usize,
        /// The vertex.
        vertex: usize,
    },
    /// More vertices than [`MAX_VERTICES`].
    TooManyVertices {
        /// Its line number.
        line: usize,
        /// The number asked for.
        vertices: u64,
    },
    /// A line starting with something other than `c`, `p` or `e`.
    UnknownLine {
        /// Its line number.
        line: usize,
        /// The first field of the line.
        found: String,
    },
}

impl DimacsError {
    /// The line number (from 1) the error is about, if any.
    pub fn line(&self) -> Option<usize> {
        match self {
            DimacsError::MissingProblemLine => None,
            DimacsError::DuplicateProblemLine { line }
            | DimacsError::BadProblemLine { line, .. }
            | DimacsError::EdgeBeforeProblemLine { line }
            | DimacsError::BadEdgeLine { line, .. }
            | DimacsError::InvalidNumber { line, .. }
            | DimacsError::VertexOutOfRange { line, .. }
            | DimacsError::SelfLoop { line, .. }
            | DimacsError::TooManyVertices { line, .. }
            | DimacsError::UnknownLine { line, .. } => Some(*line),
        }
    }
}

impl fmt::Display for DimacsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DimacsError::MissingProblemLine => write!(f, "no problem line 'p edge <vertices> <edges>'"),
            DimacsError::DuplicateProblemLine { line } => write!(f, "line {line}: a second problem line"),
            DimacsError::BadProblemLine { line, found } => {
                write!(f, "line {line}: expected 'p edge <vertices> <edges>', found '{found}'")
            }
            DimacsError::EdgeBeforeProblemLine { line } => {
                write!(f, "line {line}: edge before the problem line 'p edge <vertices> <edges>'")
            }
            DimacsError::BadEdgeLine { line, found } => write!(f, "line {line}: expected 'e <u> <v>', found '{found}'"),
            DimacsError::InvalidNumber { line, field } => {
                write!(f, "line {line}: '{field}' is not a non-negative integer")
            }
            DimacsError::VertexOutOfRange { line, vertex, vertices } => {
                write!(f, "line {line}: vertex {vertex} is outside 1..={vertices}")
            }
            DimacsError::SelfLoop { line, vertex } => {
                write!(f, "line {line}: edge from vertex {vertex} to itself (no colouring exists)")
            }
            DimacsError::TooManyVertices { line, vertices } => {
                write!(f, "line {line}: {vertices} vertices, more than the supported {MAX_VERTICES}")
            }
            DimacsError::UnknownLine { line, found } => {
                write!(f, "line {line}: unknown line type '{found}' (expected 'c', 'p' or 'e')")
            }
        }
    }
}

impl std::error::Error for DimacsError {}

/// An undirected graph without self-loops; vertices are `0..n` (vertex `i` is `i + 1` in
/// DIMACS files).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    n: usize,
    /// Distinct edges `(u, v)` with `u < v`, sorted.
    edges: Vec<(usize, usize)>,
    declared_edges: u64,
}

fn number(field: &str, line: usize) -> Result<u64, DimacsError> {
    field.parse::<u64>().map_err(|_| DimacsError::InvalidNumber { line, field: field.to_string() })
}

impl Graph {
    /// A graph with `n` vertices and these edges (duplicates and order do not matter).
    ///
    /// # Panics
    ///
    /// Panics if an edge names a vertex `>= n` or is a self-loop (programmer error; files go
    /// through [`Graph::from_dimacs`], which reports them).
    pub fn new(n: usize, edges: impl IntoIterator<Item = (usize, usize)>) -> Graph {
        let mut list: Vec<(usize, usize)> = edges
            .into_iter()
            .map(|(u, v)| {
                assert!(u < n && v < n, "edge ({u}, {v}) names a vertex outside 0..{n}");
                assert!(u != v, "self-loop on vertex {u}");
                (u.min(v), u.max(v))
            })
            .collect();
        list.sort_unstable();
        list.dedup();
        let declared_edges = list.len() as u64;
        Graph { n, edges: list, declared_edges }
    }

    /// Parses a DIMACS `.col` text (see the [module documentation](self)).
    ///
    /// # Errors
    ///
    /// A [`DimacsError`] with the line number of the first malformed line.
    pub fn from_dimacs(text: &str) -> Result<Graph, DimacsError> {
        let mut header: Option<(usize, u64)> = None;
        let mut edges = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let mut fields = raw.split_whitespace();
            let Some(kind) = fields.next() else { continue };
            match kind {
                "c" => continue,
                "p" => {
                    if header.is_some() {
                        return Err(DimacsError::DuplicateProblemLine { line });
                    }
                    let rest: Vec<&str> = fields.collect();
                    let [format, n, m] = rest[..] else {
                        return Err(DimacsError::BadProblemLine { line, found: raw.trim().to_string() });
                    };
                    if !matches!(format, "edge" | "edges" | "col") {
                        return Err(DimacsError::BadProblemLine { line, found: raw.trim().to_string() });
                    }
                    let vertices = number(n, line)?;
                    let declared = number(m, line)?;
                    let n = usize::try_from(vertices)
                        .ok()
                        .filter(|&n| n <= MAX_VERTICES)
                        .ok_or(DimacsError::TooManyVertices { line, vertices })?;
                    header = Some((n, declared));
                }
                "e" => {
                    let Some((n, _)) = header else {
                        return Err(DimacsError::EdgeBeforeProblemLine { line });
                    };
                    let rest: Vec<&str> = fields.collect();
                    let [u, v] = rest[..] else {
                        return Err(DimacsError::BadEdgeLine { line, found: raw.trim().to_string() });
                    };
                    let vertex = |field: &str| -> Result<usize, DimacsError> {
                        let x = number(field, line)?;
                        match usize::try_from(x) {
                            Ok(x) if (1..=n).contains(&x) => Ok(x - 1),
                            _ => Err(DimacsError::VertexOutOfRange { line, vertex: x, vertices: n }),
                        }
                    };
                    let (u, v) = (vertex(u)?, vertex(v)?);
                    if u == v {
                        return Err(DimacsError::SelfLoop { line, vertex: u + 1 });
                    }
                    edges.push((u.min(v), u.max(v)));
                }
                other => return Err(DimacsError::UnknownLine { line, found: other.to_string() }),
            }
        }
        let Some((n, declared_edges)) = header else { return Err(DimacsError::MissingProblemLine) };
        edges.sort_unstable();
        edges.dedup();
        Ok(Graph { n, edges, declared_edges })
    }

    /// Writes the graph in DIMACS format, each edge once, after the given comment lines.
    pub fn to_dimacs(&self, comments: &[&str]) -> String {
        let mut out = String::new();
        for c in comments {
            out.push_str(&format!("c {c}\n"));
        }
        out.push_str(&format!("p edge {} {}\n", self.n, self.edges.len()));
        for &(u, v) in &self.edges {
            out.push_str(&format!("e {} {}\n", u + 1, v + 1));
        }
        out
    }

    /// The number of vertices.
    pub fn num_vertices(&self) -> usize {
        self.n
    }

    /// The distinct edges `(u, v)`, `u < v`, sorted.
    pub fn edges(&self) -> &[(usize, usize)] {
        &self.edges
    }

    /// The edge count stated by the file's problem line (may differ from
    /// `edges().len()`: some files list each edge in both directions).
    pub fn declared_edges(&self) -> u64 {
        self.declared_edges
    }

    /// The neighbours of each vertex, sorted.
    pub fn adjacency(&self) -> Vec<Vec<usize>> {
        let mut adj = vec![Vec::new(); self.n];
        for &(u, v) in &self.edges {
            adj[u].push(v);
            adj[v].push(u);
        }
        for a in &mut adj {
            a.sort_unstable();
        }
        adj
    }

    /// A clique found greedily: from each vertex in order of decreasing degree, add the
    /// vertices adjacent to all chosen so far, highest degree first; the largest such clique.
    /// A lower bound on the chromatic number (not always the largest clique).
    pub fn greedy_clique(&self) -> Vec<usize> {
        let adj = self.adjacency();
        let mut order: Vec<usize> = (0..self.n).collect();
        order.sort_by_key(|&v| (std::cmp::Reverse(adj[v].len()), v));
        let mut best: Vec<usize> = Vec::new();
        for &start in &order {
            let mut clique = vec![start];
            for &v in &order {
                if v != start && clique.iter().all(|&c| adj[v].binary_search(&c).is_ok()) {
                    clique.push(v);
                }
            }
            if clique.len() > best.len() {
                best = clique;
            }
        }
        best
    }

    /// Whether `colors[v]` differs at the two ends of every edge: an independent check of a
    /// colouring.
    pub fn is_proper_coloring(&self, colors: &[i32]) -> bool {
        colors.len() == self.n && self.edges.iter().all(|&(u, v)| colors[u] != colors[v])
    }
}

/// The model of colouring `graph` with `k` colours: vertex `i` is variable `i`, with values
/// `0..k`; the vertices of `clique` (if given) are fixed to colours `0, 1, ...`.
///
/// # Errors
///
/// [`ModelError::EmptyDomain`] if `k` is 0 (with at least one vertex) or smaller than the
/// clique.
pub fn coloring_model(graph: &Graph, k: usize, clique: &[usize]) -> Result<Model, ModelError> {
    // model:begin graph_coloring
    let mut model = Model::new();
    let k = i32::try_from(k).unwrap_or(i32::MAX);
    let mut vars: Vec<VarId> = Vec::with_capacity(graph.n);
    for v in 0..graph.n {
        // The clique's vertices have their colours (an empty range when there are too few).
        let colours = match clique.iter().position(|&c| c == v).map(|c| i32::try_from(c).unwrap_or(i32::MAX)) {
            Some(c) => c..(c + 1).min(k),
            None => 0..k,
        };
        vars.push(model.new_named_var(format!("v{}", v + 1), colours)?);
    }
    for &(u, v) in &graph.edges {
        model.add(vars[u].ne(vars[v]))?;
    }
    // model:end
    Ok(model)
}

/// How trying one number of colours ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// Fewer colours than the vertices of a clique: refuted without search.
    BelowClique,
    /// A colouring was found.
    Colorable,
    /// The search proved that no colouring exists.
    NotColorable,
    /// A limit stopped the search.
    Unknown,
}

/// One try of [`chromatic_number`].
#[derive(Clone, Debug)]
pub struct Try {
    /// The number of colours.
    pub k: usize,
    /// How it ended.
    pub attempt: Attempt,
    /// Search statistics (zero for [`Attempt::BelowClique`]).
    pub stats: Stats,
    /// Wall-clock time of the try.
    pub time: Duration,
}

/// The result of [`chromatic_number`].
#[derive(Clone, Debug)]
pub struct Chromatic {
    /// The chromatic number, or `None` if a limit stopped a try first.
    pub chromatic_number: Option<usize>,
    /// A colouring with that many colours (`coloring[v]` for vertex `v`), empty if none.
    pub coloring: Vec<i32>,
    /// The clique used for symmetry breaking (vertices from 0).
    pub clique: Vec<usize>,
    /// Every try, in order.
    pub tries: Vec<Try>,
}

/// Finds the chromatic number of `graph` by trying `k = 1, 2, ...` colours, each try under
/// `limits` (a try stopped by a limit ends the whole run).
///
/// # Errors
///
/// A [`ModelError`] if the engine refuses a model (not expected).
pub fn chromatic_number(graph: &Graph, limits: &Limits) -> Result<Chromatic, ModelError> {
    let clique = graph.greedy_clique();
    let mut tries = Vec::new();
    if graph.n == 0 {
        return Ok(Chromatic { chromatic_number: Some(0), coloring: Vec::new(), clique, tries });
    }
    for k in 1..=graph.n {
        let start = Instant::now();
        if k < clique.len() {
            tries.push(Try { k, attempt: Attempt::BelowClique, stats: Stats::default(), time: start.elapsed() });
            continue;
        }
        let mut solver = Solver::new(coloring_model(graph, k, &clique)?);
        solver.set_var_order(VarOrder::Mrv(TieBreak::MaxDegree));
        solver.set_value_order(ValueOrder::Ascending);
        solver.set_limits(limits.clone());
        let outcome = solver.solve();
        let stats = solver.stats().clone();
        let time = start.elapsed();
        match outcome {
            Outcome::Solved(s) => {
                tries.push(Try { k, attempt: Attempt::Colorable, stats, time });
                return Ok(Chromatic { chromatic_number: Some(k), coloring: s.values().to_vec(), clique, tries });
            }
            Outcome::Unsatisfiable => tries.push(Try { k, attempt: Attempt::NotColorable, stats, time }),
            Outcome::LimitReached(_) => {
                tries.push(Try { k, attempt: Attempt::Unknown, stats, time });
                return Ok(Chromatic { chromatic_number: None, coloring: Vec::new(), clique, tries });
            }
        }
    }
    // n colours always suffice for a graph without self-loops.
    Ok(Chromatic { chromatic_number: None, coloring: Vec::new(), clique, tries })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_comments_blank_lines_and_duplicate_edges() {
        let g = Graph::from_dimacs("c hello\n\np edge 3 4\ne 1 2\ne 2 1\n  e 2 3  \ne 1 2\n").unwrap();
        assert_eq!(g.num_vertices(), 3);
        assert_eq!(g.edges(), &[(0, 1), (1, 2)]);
        assert_eq!(g.declared_edges(), 4);
    }

    #[test]
    fn errors_carry_line_numbers() {
        let cases: Vec<(&str, DimacsError)> = vec![
            ("e 1 2\n", DimacsError::EdgeBeforeProblemLine { line: 1 }),
            ("c x\n", DimacsError::MissingProblemLine),
            ("p edge 3 1\np edge 3 1\n", DimacsError::DuplicateProblemLine { line: 2 }),
            ("p edge 3\n", DimacsError::BadProblemLine { line: 1, found: "p edge 3".into() }),
            ("p cnf 3 1\n", DimacsError::BadProblemLine { line: 1, found: "p cnf 3 1".into() }),
            ("p edge x 1\n", DimacsError::InvalidNumber { line: 1, field: "x".into() }),
            ("p edge 3 1\ne 1\n", DimacsError::BadEdgeLine { line: 2, found: "e 1".into() }),
            ("p edge 3 1\nc\ne 1 -2\n", DimacsError::InvalidNumber { line: 3, field: "-2".into() }),
            ("p edge 3 1\ne 1 4\n", DimacsError::VertexOutOfRange { line: 2, vertex: 4, vertices: 3 }),
            ("p edge 3 1\ne 0 1\n", DimacsError::VertexOutOfRange { line: 2, vertex: 0, vertices: 3 }),
            ("p edge 3 1\ne 2 2\n", DimacsError::SelfLoop { line: 2, vertex: 2 }),
            ("p edge 99999999999 1\n", DimacsError::TooManyVertices { line: 1, vertices: 99_999_999_999 }),
            ("p edge 3 1\nx 1 2\n", DimacsError::UnknownLine { line: 2, found: "x".into() }),
            (
                "p edge 3 1\ne 1 99999999999999999999\n",
                DimacsError::InvalidNumber { line: 2, field: "99999999999999999999".into() },
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(Graph::from_dimacs(text), Err(expected.clone()), "{text:?}");
            assert_eq!(Graph::from_dimacs(text).unwrap_err().line(), expected.line());
        }
        assert_eq!(
            DimacsError::VertexOutOfRange { line: 7, vertex: 4, vertices: 3 }.to_string(),
            "line 7: vertex 4 is outside 1..=3"
        );
    }

    #[test]
    fn dimacs_round_trips() {
        let g = Graph::new(4, [(0, 1), (3, 1), (1, 0), (2, 3)]);
        let text = g.to_dimacs(&["test"]);
        assert_eq!(text, "c test\np edge 4 3\ne 1 2\ne 2 4\ne 3 4\n");
        assert_eq!(Graph::from_dimacs(&text).unwrap(), g);
    }

    #[test]
    fn small_graphs_have_known_chromatic_numbers() {
        let limits = Limits::default();
        let empty = Graph::new(0, []);
        assert_eq!(chromatic_number(&empty, &limits).unwrap().chromatic_number, Some(0));
        let isolated = Graph::new(3, []);
        assert_eq!(chromatic_number(&isolated, &limits).unwrap().chromatic_number, Some(1));
        let path = Graph::new(3, [(0, 1), (1, 2)]);
        assert_eq!(chromatic_number(&path, &limits).unwrap().chromatic_number, Some(2));
        let k4 = Graph::new(4, (0..4).flat_map(|u| (u + 1..4).map(move |v| (u, v))));
        let r = chromatic_number(&k4, &limits).unwrap();
        assert_eq!(r.chromatic_number, Some(4));
        assert_eq!(r.tries.iter().filter(|t| t.attempt == Attempt::BelowClique).count(), 3);
    }
}
