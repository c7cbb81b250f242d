//! Quasigroup completion: fill the holes of a partial Latin square of order `n` so that every row
//! and every column holds each of the symbols `1..=n` once.
//!
//! The instances are the *quasigroup with holes* family (QWH; Achlioptas, Gomes, Kautz and
//! Selman, AAAI 2000): a uniformly random Latin square, drawn with the Jacobson–Matthews
//! Markov chain, with a fraction of its cells emptied. Every instance has a solution (the square
//! it came from), and for orders 30 to 50 the hardest ones have about 42% holes. The model is
//! `n²` variables over `1..=n` and `2n` all-different constraints, which the engine compiles
//! into its all-different network ([`csp::Model::compile_all_different`]).
//!
//! The text form: a first line with the order, then one line per row of `n` numbers separated
//! by spaces, `0` or `.` for a hole; lines starting with `#` are comments. The same instance can
//! be written as MiniZinc data ([`Instance::to_dzn`]) for `benches/qcp.mzn`.

use std::fmt;

use csp::branching::Rng;
use csp::constraints::{AllDifferent, NetworkLevel, Strength};
use csp::{Model, ModelError, VarId};

/// A partial Latin square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    order: usize,
    /// Row-major; 0 for a hole, else a symbol in `1..=order`.
    cells: Vec<u8>,
}

/// Why a text is not an instance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line (from 1) where the problem is.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

/// The largest order supported: the symbols fit the engine's all-different network.
pub const MAX_ORDER: usize = csp::constraints::NETWORK_MAX_VALUES;

/// A uniform number below `n` (`n > 0`), by rejection: exactly uniform, so that the instances are
/// the uniform QWH instances of the literature's generator.
fn uniform(rng: &mut Rng, n: usize) -> usize {
    let n = n as u64;
    let zone = u64::MAX - u64::MAX % n;
    loop {
        let x = rng.next_u64();
        if x < zone {
            return (x % n) as usize;
        }
    }
}

impl Instance {
    /// A QWH instance: a random Latin square of order `order` (Jacobson–Matthews, `order³`
    /// moves from the cyclic square), then `round(holes * order²)` cells emptied, chosen
    /// uniformly. The same arguments give the same instance.
    ///
    /// # Panics
    ///
    /// Panics if `order` is 0 or above [`MAX_ORDER`], or `holes` is not in `0..=1`.
    ///
    /// # Example
    ///
    /// ```
    /// use csp_sudoku::classic::quasigroup::Instance;
    ///
    /// let qwh = Instance::generate(10, 0.42, 7);
    /// assert_eq!((qwh.order(), qwh.holes()), (10, 42));
    /// assert_eq!(qwh, Instance::generate(10, 0.42, 7));
    /// ```
    pub fn generate(order: usize, holes: f64, seed: u64) -> Instance {
        assert!((1..=MAX_ORDER).contains(&order), "order {order} is outside 1..={MAX_ORDER}");
        assert!((0.0..=1.0).contains(&holes), "holes {holes} is not a fraction");
        let n = order;
        let mut rng = Rng::new(seed);
        let square = jacobson_matthews(n, n * n * n, &mut rng);
        let mut cells: Vec<u8> = square.iter().map(|&s| s as u8 + 1).collect();
        let k = (holes * (n * n) as f64).round() as usize;
        // A uniform k-subset: the first k of a Fisher–Yates shuffle.
        let mut order_of: Vec<usize> = (0..n * n).collect();
        for i in 0..k {
            let j = i + uniform(&mut rng, n * n - i);
            order_of.swap(i, j);
            cells[order_of[i]] = 0;
        }
        Instance { order: n, cells }
    }

    /// Parses the text form (see the [module docs](self)).
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with its line: no order, an order out of range, a row of the wrong
    /// length, a symbol out of range or not a number, a missing row, a symbol twice in a row
    /// or column.
    pub fn parse(text: &str) -> Result<Instance, ParseError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let err = |line: usize, message: String| ParseError { line, message };
        let (line, first) = lines.next().ok_or_else(|| err(1, "no order given".into()))?;
        let n: usize = first.parse().map_err(|_| err(line, format!("the order {first:?} is not a number")))?;
        if !(1..=MAX_ORDER).contains(&n) {
            return Err(err(line, format!("the order {n} is outside 1..={MAX_ORDER}")));
        }
        let mut cells = Vec::with_capacity(n * n);
        let mut last = line;
        for r in 0..n {
            let (line, text) = lines.next().ok_or_else(|| err(last + 1, format!("row {} is missing", r + 1)))?;
            last = line;
            let row: Vec<&str> = text.split_whitespace().collect();
            if row.len() != n {
                return Err(err(line, format!("row {} has {} cells, expected {n}", r + 1, row.len())));
            }
            for (c, word) in row.into_iter().enumerate() {
                let s = if word == "." {
                    0
                } else {
                    word.parse::<usize>().ok().filter(|&s| s <= n).ok_or_else(|| {
                        err(line, format!("r{}c{}: {word:?} is not a symbol of 1..={n} or a hole", r + 1, c + 1))
                    })?
                };
                cells.push(s as u8);
            }
        }
        if let Some((line, _)) = lines.next() {
            return Err(err(line, format!("more than {n} rows")));
        }
        let instance = Instance { order: n, cells };
        if let Some((what, a, b)) = instance.clash() {
            return Err(err(1, format!("{what}: {a} and {b} hold the same symbol")));
        }
        Ok(instance)
    }

    /// Two givens with the same symbol in a row or a column, as `(unit, cell, cell)`.
    fn clash(&self) -> Option<(String, String, String)> {
        let n = self.order;
        for r in 0..n {
            for c in 0..n {
                let s = self.cells[r * n + c];
                if s == 0 {
                    continue;
                }
                if let Some(c2) = (c + 1..n).find(|&c2| self.cells[r * n + c2] == s) {
                    return Some((format!("row {}", r + 1), cell(r, c), cell(r, c2)));
                }
                if let Some(r2) = (r + 1..n).find(|&r2| self.cells[r2 * n + c] == s) {
                    return Some((format!("column {}", c + 1), cell(r, c), cell(r2, c)));
                }
            }
        }
        None
    }

    /// The order `n`.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The number of holes.
    pub fn holes(&self) -> usize {
        self.cells.iter().filter(|&&s| s == 0).count()
    }

    /// The cells, row-major, 0 for a hole.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The text form, which [`Instance::parse`] reads back.
    pub fn to_text(&self) -> String {
        let n = self.order;
        let mut out = format!("{n}\n");
        for row in self.cells.chunks(n) {
            let words: Vec<String> = row.iter().map(|s| s.to_string()).collect();
            out.push_str(&words.join(" "));
            out.push('\n');
        }
        out
    }

    /// MiniZinc data for `benches/qcp.mzn`: `n` and `start` (0 for a hole).
    pub fn to_dzn(&self) -> String {
        let n = self.order;
        let rows: Vec<String> =
            self.cells.chunks(n).map(|row| row.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")).collect();
        format!("n = {n};\nstart = [| {} |];\n", rows.join("\n        | "))
    }

    /// The model: one variable per cell over `1..=n` (row-major), one all-different per row and
    /// per column at `strength`, compiled into the all-different network at `network` if given.
    /// The givens are not part of it: assign them with [`Instance::givens`].
    ///
    /// # Errors
    ///
    /// A [`ModelError`] from the engine (none for a valid instance).
    pub fn model(&self, strength: Strength, network: Option<NetworkLevel>) -> Result<(Model, Vec<VarId>), ModelError> {
        let n = self.order;
        // model:begin quasigroup
        let mut model = Model::new();
        let x: Vec<VarId> =
            (0..n * n).map(|i| model.new_named_var(cell(i / n, i % n), 1..=n as i32)).collect::<Result<_, _>>()?;
        for k in 0..n {
            let row: Vec<VarId> = (0..n).map(|c| x[k * n + c]).collect();
            let col: Vec<VarId> = (0..n).map(|r| x[r * n + k]).collect();
            model.post_named(format!("row{}", k + 1), AllDifferent::new(row).with_strength(strength))?;
            model.post_named(format!("col{}", k + 1), AllDifferent::new(col).with_strength(strength))?;
        }
        if let Some(level) = network {
            model.compile_all_different(level)?;
        }
        // model:end
        Ok((model, x))
    }

    /// The givens as `(variable, symbol)` pairs for the variables of [`Instance::model`].
    pub fn givens<'a>(&'a self, vars: &'a [VarId]) -> impl Iterator<Item = (VarId, i32)> + 'a {
        self.cells.iter().zip(vars).filter(|(&s, _)| s != 0).map(|(&s, &x)| (x, i32::from(s)))
    }

    /// Whether `solution` (row-major symbols) completes the instance: every given kept, every
    /// symbol in `1..=n`, every row and column a permutation. Independent of the engine.
    pub fn is_completion(&self, solution: &[i32]) -> bool {
        let n = self.order;
        if solution.len() != n * n {
            return false;
        }
        let kept = self.cells.iter().zip(solution).all(|(&g, &s)| g == 0 || i32::from(g) == s);
        let in_range = solution.iter().all(|&s| (1..=n as i32).contains(&s));
        let permutation = |get: &dyn Fn(usize) -> i32| {
            let mut seen = vec![false; n + 1];
            (0..n).all(|i| !std::mem::replace(&mut seen[get(i) as usize], true))
        };
        kept && in_range
            && (0..n).all(|k| permutation(&|c| solution[k * n + c]) && permutation(&|r| solution[r * n + k]))
    }
}

/// `r{row}c{col}` from 1.
fn cell(r: usize, c: usize) -> String {
    format!("r{}c{}", r + 1, c + 1)
}

/// A random Latin square of order `n` (symbols `0..n`, row-major) after `moves` proper moves of
/// the Jacobson–Matthews chain from the cyclic square. The chain walks the incidence cube
/// `cube[r][c][s]` (1 where cell `(r, c)` holds `s`); a move adds a ±1 pattern on a 2x2x2
/// sub-cube, and may pass through "improper" squares with one -1 entry until it is proper again.
fn jacobson_matthews(n: usize, moves: usize, rng: &mut Rng) -> Vec<usize> {
    if n == 1 {
        return vec![0];
    }
    let idx = |r: usize, c: usize, s: usize| (r * n + c) * n + s;
    let mut cube = vec![0i8; n * n * n];
    for r in 0..n {
        for c in 0..n {
            cube[idx(r, c, (r + c) % n)] = 1;
        }
    }
    // The -1 entry of an improper square.
    let mut improper: Option<(usize, usize, usize)> = None;
    let mut done = 0;
    while done < moves || improper.is_some() {
        let (r, c, s, r1, c1, s1);
        match improper {
            None => {
                // A zero entry, and the 1s in its row, column and symbol lines.
                let (a, b, z) = loop {
                    let (a, b, z) = (uniform(rng, n), uniform(rng, n), uniform(rng, n));
                    if cube[idx(a, b, z)] == 0 {
                        break (a, b, z);
                    }
                };
                (r, c, s) = (a, b, z);
                r1 = (0..n).find(|&x| cube[idx(x, c, s)] == 1).expect("a proper square has a 1 in every line");
                c1 = (0..n).find(|&y| cube[idx(r, y, s)] == 1).expect("a proper square has a 1 in every line");
                s1 = (0..n).find(|&z| cube[idx(r, c, z)] == 1).expect("a proper square has a 1 in every line");
                done += 1;
            }
            Some((a, b, z)) => {
                // Two 1s in each line through the -1 entry: pick one of each at random.
                (r, c, s) = (a, b, z);
                let pick = |rng: &mut Rng, ones: Vec<usize>| ones[uniform(rng, ones.len())];
                r1 = pick(rng, (0..n).filter(|&x| cube[idx(x, c, s)] == 1).collect());
                c1 = pick(rng, (0..n).filter(|&y| cube[idx(r, y, s)] == 1).collect());
                s1 = pick(rng, (0..n).filter(|&z| cube[idx(r, c, z)] == 1).collect());
            }
        }
        for (a, b, z) in [(r, c, s), (r, c1, s1), (r1, c, s1), (r1, c1, s)] {
            cube[idx(a, b, z)] += 1;
        }
        for (a, b, z) in [(r, c, s1), (r, c1, s), (r1, c, s), (r1, c1, s1)] {
            cube[idx(a, b, z)] -= 1;
        }
        improper = (cube[idx(r1, c1, s1)] < 0).then_some((r1, c1, s1));
    }
    (0..n * n).map(|rc| (0..n).find(|&s| cube[rc * n + s] == 1).expect("a proper square")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chain_keeps_a_latin_square() {
        for (n, seed) in [(1, 0), (2, 1), (5, 2), (12, 3), (30, 4)] {
            let full = Instance::generate(n, 0.0, seed);
            let sol: Vec<i32> = full.cells().iter().map(|&s| i32::from(s)).collect();
            assert!(full.is_completion(&sol), "order {n}");
        }
    }

    #[test]
    fn the_chain_moves_away_from_the_cyclic_square() {
        let full = Instance::generate(8, 0.0, 11);
        let cyclic: Vec<u8> = (0..64).map(|i| ((i / 8 + i % 8) % 8 + 1) as u8).collect();
        assert_ne!(full.cells(), &cyclic[..]);
    }

    #[test]
    fn text_round_trips_and_errors_say_where() {
        let qwh = Instance::generate(6, 0.4, 5);
        assert_eq!(Instance::parse(&qwh.to_text()), Ok(qwh));
        assert_eq!(
            Instance::parse("2\n1 2\n2 3").unwrap_err().to_string(),
            "line 3: r2c2: \"3\" is not a symbol of 1..=2 or a hole"
        );
        assert_eq!(Instance::parse("2\n1 2\n").unwrap_err().to_string(), "line 3: row 2 is missing");
        assert_eq!(
            Instance::parse("2\n1 1\n. .").unwrap_err().to_string(),
            "line 1: row 1: r1c1 and r1c2 hold the same symbol"
        );
        assert_eq!(Instance::parse("# none\n").unwrap_err().to_string(), "line 1: no order given");
        assert_eq!(Instance::parse("99\n").unwrap_err().line, 1);
    }

    #[test]
    fn is_completion_rejects_what_is_not() {
        let qwh = Instance::parse("2\n1 .\n. .").unwrap();
        assert!(qwh.is_completion(&[1, 2, 2, 1]));
        assert!(!qwh.is_completion(&[2, 1, 1, 2]), "a given changed");
        assert!(!qwh.is_completion(&[1, 2, 1, 2]), "a column repeats");
        assert!(!qwh.is_completion(&[1, 2, 2]), "too short");
    }
}
