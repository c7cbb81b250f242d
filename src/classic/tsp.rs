//! The travelling salesman problem: visit every city once and return, along the shortest
//! tour. [`GR17`] is Grötschel's 17-city instance from TSPLIB (Reinelt 1991), optimum 2085.
//!
//! The model, in the expression API: a successor variable per city, one [`Circuit`] over them
//! (one cycle through every city), the length of each leg read from the city's row of the
//! distance matrix ([`Model::element`]), and their sum minimised. The same tour seen from the
//! other end strengthens the bound: a predecessor per city ([`Inverse`] of the successors), the
//! leg arriving at each city read from its column, and their sum equal to the length (with
//! these, gr17's proof takes about 7,600 nodes instead of 85,000). [`Tour::search`] branches
//! on the legs, shortest first, by dom/wdeg. Distances need not be symmetric.
//!
//! ```
//! use csp::solve::Optimum;
//! use csp_sudoku::classic::tsp::Tsp;
//!
//! let tsp = Tsp::parse("4\n0 1 9 1\n1 0 1 9\n9 1 0 1\n1 9 1 0\n")?;
//! let (model, tour) = tsp.model()?;
//! let mut solver = model.into_solver();
//! tour.search(&mut solver);
//! let Optimum::Optimal(s) = solver.solve_optimal() else { panic!() };
//! assert_eq!(tsp.check(&tour.successors(&s)), Ok(4));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Bibliography
//!
//! * G. Reinelt, "TSPLIB — a traveling salesman problem library", ORSA Journal on Computing
//!   3(4), 1991 (instance `gr17`, after M. Grötschel).

use std::fmt;

use csp::branching::{ValueOrder, VarOrder};
use csp::constraints::{Circuit, Inverse};
use csp::{sum, Model, ModelError, Solution, Solver, Value, VarId};

/// TSPLIB's `gr17` (17 cities, Grötschel): the lower triangle of its symmetric distance
/// matrix, row by row, diagonal included (TSPLIB's `LOWER_DIAG_ROW`). Optimal tour length 2085.
pub const GR17: [Value; 153] = [
    0, //
    633, 0, //
    257, 390, 0, //
    91, 661, 228, 0, //
    412, 227, 169, 383, 0, //
    150, 488, 112, 120, 267, 0, //
    80, 572, 196, 77, 351, 63, 0, //
    134, 530, 154, 105, 309, 34, 29, 0, //
    259, 555, 372, 175, 338, 264, 232, 249, 0, //
    505, 289, 262, 476, 196, 360, 444, 402, 495, 0, //
    353, 282, 110, 324, 61, 208, 292, 250, 352, 154, 0, //
    324, 638, 437, 240, 421, 329, 297, 314, 95, 578, 435, 0, //
    70, 567, 191, 27, 346, 83, 47, 68, 189, 439, 287, 254, 0, //
    211, 466, 74, 182, 243, 105, 150, 108, 326, 336, 184, 391, 145, 0, //
    268, 420, 53, 239, 199, 123, 207, 165, 383, 240, 140, 448, 202, 57, 0, //
    246, 745, 472, 237, 528, 364, 332, 349, 202, 685, 542, 157, 289, 426, 483, 0, //
    121, 518, 142, 84, 297, 35, 29, 36, 236, 390, 238, 301, 55, 96, 153, 336, 0,
];

/// The largest number of cities accepted (the successor domains stay small).
pub const MAX_CITIES: usize = 1000;

/// Why a distance matrix is refused: the line (from 1) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TspError {
    /// The line of the text where the problem is (0 for the matrix as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for TspError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for TspError {}

/// A TSP instance: `dist[i][j]` is the distance from city `i` to city `j` (the diagonal is
/// not used).
#[derive(Clone, Debug)]
pub struct Tsp {
    dist: Vec<Vec<Value>>,
}

/// The variables of a TSP model: the successor of each city and the tour length.
#[derive(Clone, Debug)]
pub struct Tour {
    /// `succ[i]`: the city visited after city `i`.
    pub succ: Vec<VarId>,
    /// `leg[i]`: the distance from city `i` to its successor.
    pub leg: Vec<VarId>,
    /// The length of the tour, the objective.
    pub length: VarId,
}

impl Tour {
    /// The successors of a solution.
    pub fn successors(&self, s: &Solution) -> Vec<Value> {
        self.succ.iter().map(|&x| s[x]).collect()
    }

    /// Sets the search of the example: branch on the legs, shortest first (the nearest city),
    /// choosing the leg by dom/wdeg. On gr17 it took fewer nodes than the automatic search on
    /// the successors or MRV on the legs, the other searches tried.
    pub fn search(&self, solver: &mut Solver) {
        solver.set_branching_vars(self.leg.clone());
        solver.set_var_order(VarOrder::DomWdeg);
        solver.set_value_order(ValueOrder::Ascending);
    }
}

fn err(line: usize, message: impl Into<String>) -> TspError {
    TspError { line, message: message.into() }
}

impl Tsp {
    /// TSPLIB's `gr17` ([`GR17`]).
    pub fn gr17() -> Tsp {
        // Row i of the lower triangle starts at entry i (i + 1) / 2.
        let at = |i: usize, j: usize| if j <= i { GR17[i * (i + 1) / 2 + j] } else { GR17[j * (j + 1) / 2 + i] };
        Tsp { dist: (0..17).map(|i| (0..17).map(|j| at(i, j)).collect()).collect() }
    }

    /// An instance from a square matrix of distances.
    ///
    /// # Errors
    ///
    /// A [`TspError`] (line 0) if the matrix is not square, has fewer than 2 or more than
    /// [`MAX_CITIES`] cities, a negative distance, or distances whose tour could overflow 32 bits.
    pub fn from_matrix(dist: Vec<Vec<Value>>) -> Result<Tsp, TspError> {
        let n = dist.len();
        if !(2..=MAX_CITIES).contains(&n) {
            return Err(err(0, format!("{n} cities: a tour needs 2 to {MAX_CITIES}")));
        }
        for (i, row) in dist.iter().enumerate() {
            if row.len() != n {
                return Err(err(0, format!("row {i} has {} distances, not {n}", row.len())));
            }
            if let Some(j) = row.iter().position(|&d| d < 0) {
                return Err(err(0, format!("the distance from {i} to {j} is negative ({})", row[j])));
            }
        }
        let largest = dist.iter().flatten().copied().max().unwrap_or(0);
        if i64::from(largest) * n as i64 > i64::from(Value::MAX) {
            return Err(err(0, format!("distances up to {largest} over {n} cities overflow 32 bits")));
        }
        Ok(Tsp { dist })
    }

    /// Reads a distance matrix: the number of cities `n`, then `n` lines of `n` non-negative
    /// integers (row `i` holds the distances from city `i`), separated by blanks. Text after
    /// `#` is a comment; blank lines are skipped.
    ///
    /// # Errors
    ///
    /// A [`TspError`] naming the line: a token that is not a non-negative integer, a row of the
    /// wrong length, rows missing or in excess, or a matrix [`from_matrix`](Tsp::from_matrix)
    /// refuses.
    ///
    /// # Example
    ///
    /// ```
    /// use csp_sudoku::classic::tsp::Tsp;
    ///
    /// let e = Tsp::parse("3\n0 1 2\n1 0 x\n").unwrap_err();
    /// assert_eq!(e.to_string(), "line 3: 'x' is not a non-negative integer");
    /// let e = Tsp::parse("3\n0 1 2\n1 0\n").unwrap_err();
    /// assert_eq!(e.to_string(), "line 3: 2 distances, expected 3");
    /// ```
    pub fn parse(text: &str) -> Result<Tsp, TspError> {
        let mut n = None;
        let mut dist: Vec<Vec<Value>> = Vec::new();
        let mut last = 0;
        for (k, raw) in text.lines().enumerate() {
            let line = k + 1;
            let content = raw.split('#').next().unwrap_or("");
            let row = content
                .split_whitespace()
                .map(|t| t.parse::<Value>().ok().filter(|&v| v >= 0).ok_or(t))
                .collect::<Result<Vec<Value>, &str>>()
                .map_err(|t| err(line, format!("'{t}' is not a non-negative integer")))?;
            if row.is_empty() {
                continue;
            }
            last = line;
            let Some(n) = n else {
                match row[..] {
                    [c] if (2..=MAX_CITIES as Value).contains(&c) => n = Some(c as usize),
                    [c] => return Err(err(line, format!("{c} cities: a tour needs 2 to {MAX_CITIES}"))),
                    _ => return Err(err(line, "the first line must hold the number of cities alone")),
                }
                continue;
            };
            if dist.len() == n {
                return Err(err(line, format!("more than the {n} rows of distances")));
            }
            if row.len() != n {
                return Err(err(line, format!("{} distances, expected {n}", row.len())));
            }
            dist.push(row);
        }
        let Some(n) = n else { return Err(err(0, "no number of cities: the text is empty")) };
        if dist.len() < n {
            return Err(err(last, format!("{} rows of distances, expected {n}", dist.len())));
        }
        Tsp::from_matrix(dist).map_err(|e| err(last, e.message))
    }

    /// The number of cities.
    pub fn len(&self) -> usize {
        self.dist.len()
    }

    /// Whether there is no city (never: an instance has at least 2).
    pub fn is_empty(&self) -> bool {
        self.dist.is_empty()
    }

    /// The distance matrix.
    pub fn distances(&self) -> &[Vec<Value>] {
        &self.dist
    }

    /// The model, with the tour length recorded as the objective to minimise.
    ///
    /// # Errors
    ///
    /// A [`ModelError`] if the engine refuses the model (not expected for a checked matrix).
    pub fn model(&self) -> Result<(Model, Tour), ModelError> {
        // model:begin tsp
        let n = self.dist.len();
        let mut model = Model::new();
        let succ = model.new_vars(n, 0..n as Value)?;
        model.post(Circuit::new(succ.clone()))?;
        let leg: Vec<VarId> =
            self.dist.iter().zip(&succ).map(|(row, &s)| model.element(s, row)).collect::<Result<_, _>>()?;
        let length = model.minimize(sum(&leg))?;
        let pred = model.new_vars(n, 0..n as Value)?;
        model.post(Inverse::new(succ.clone(), pred.clone()))?;
        let column = |j: usize| self.dist.iter().map(|row| row[j]).collect::<Vec<Value>>();
        let arrive: Vec<VarId> = (0..n).map(|j| model.element(pred[j], column(j))).collect::<Result<_, _>>()?;
        model.add(sum(&arrive).eq(length))?;
        // model:end
        Ok((model, Tour { succ, leg, length }))
    }

    /// Checks a tour given by its successors, independently of the solver: each city's
    /// successor is a city, and following them from city 0 visits every city once before
    /// coming back. Returns the tour's length.
    ///
    /// # Errors
    ///
    /// What is wrong.
    pub fn check(&self, succ: &[Value]) -> Result<Value, String> {
        let n = self.dist.len();
        if succ.len() != n {
            return Err(format!("{} successors for {n} cities", succ.len()));
        }
        let mut seen = vec![false; n];
        let (mut city, mut length) = (0usize, 0);
        for _ in 0..n {
            if seen[city] {
                return Err(format!("city {city} is visited twice"));
            }
            seen[city] = true;
            let next = usize::try_from(succ[city]).ok().filter(|&c| c < n);
            let Some(next) = next else { return Err(format!("city {city} goes to {}, not a city", succ[city])) };
            length += self.dist[city][next];
            city = next;
        }
        if city != 0 {
            return Err(format!("the tour from city 0 does not return to it after {n} legs"));
        }
        Ok(length)
    }

    /// The tour of successors `succ` as the cities in visiting order from city 0.
    pub fn order(succ: &[Value]) -> Vec<usize> {
        let mut order = vec![0];
        let mut city = 0usize;
        while order.len() < succ.len() {
            city = usize::try_from(succ[city]).unwrap_or(0);
            if city == 0 {
                break;
            }
            order.push(city);
        }
        order
    }
}
