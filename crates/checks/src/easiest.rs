//! A replay of explanations that checks the easiest step is always taken, independent of the
//! solver: its own candidates and geometry ([`Board`]), its own search for each technique up to
//! two strong links, rated on the project's scale (`docs/grading.md`).
//!
//! For each step of an explanation (at the top level: not inside a guess), in the candidates
//! as they stand before it, [`Board::easier`] looks for a technique rated below the step's
//! rating that would place a digit or remove a candidate; one found is a *violation*: the
//! ladder took a harder step while an easier one applied. The techniques searched here are
//! singles (full house 1.0, naked single 1.1, hidden single in a box 1.2, in a row or column
//! 1.5), locked candidates (pointing 2.6, claiming 2.8), naked and hidden subsets (pairs 3.0
//! and 3.4, triples 3.6 and 4.0, quads 5.0 and 5.4), fish on rows and columns (X-wing 3.2,
//! swordfish 3.8, jellyfish 5.2), XY- and XYZ-wings (4.2, 4.4) and two strong links of one
//! digit joined by a weak link (skyscraper, 2-string kite, turbot fish: 5.4). Techniques above
//! them (almost locked sets, uniqueness, chains) are not searched: a step rated above 5.4 is
//! only checked against these.
//!
//! ```
//! use checks::chain::Board;
//!
//! // Row 1 full but r1c9: a full house (1.0), easier than any other step.
//! let mut digits = [0u8; 81];
//! digits[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
//! let board = Board::new(9, &digits);
//! assert_eq!(board.easier(11).map(|e| e.name), Some("full house"));
//! assert_eq!(board.easier(10), None);
//! ```

use sudoku::{Explanation, StepKind, Technique, Unit};

use crate::chain::Board;

/// An easier technique that applies: its name, its rating (tenths) and what it would do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Easier {
    /// The technique's name (`naked pair`, `X-wing`, ...).
    pub name: &'static str,
    /// Its rating, in tenths.
    pub rating: u32,
    /// Where it applies, in words (cell indices from 0, digits from 1).
    pub what: String,
}

/// The rating of the step taken when a guess is made (above every deduction).
const GUESS: u32 = 100;

/// The subsets `k` of `items` (sorted, distinct), each in increasing order.
fn combinations(items: &[usize], k: usize, out: &mut Vec<Vec<usize>>) {
    fn go(items: &[usize], k: usize, start: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..items.len() {
            cur.push(items[i]);
            go(items, k, i + 1, cur, out);
            cur.pop();
        }
    }
    go(items, k, 0, &mut Vec::new(), out);
}

impl Board {
    fn open(&self, i: usize) -> bool {
        !self.placed[i]
    }

    fn has_bit(&self, i: usize, d: usize) -> bool {
        self.cands[i] & (1 << d) != 0
    }

    /// Whether cells `a` and `b` (different) share a row, column or box.
    fn peers(&self, a: usize, b: usize) -> bool {
        a != b && self.units_of(a).iter().any(|u| u.contains(&b))
    }

    /// Every row, column and box, as lists of cells: rows, then columns, then boxes.
    fn all_units(&self) -> Vec<(usize, Vec<usize>)> {
        let n = self.size;
        let mut out = Vec::new();
        for kind in 0..3 {
            for k in 0..n {
                let unit = match kind {
                    0 => Unit::Row(k),
                    1 => Unit::Column(k),
                    _ => Unit::Box(k),
                };
                out.push((kind, self.unit(unit).expect("a plain unit")));
            }
        }
        out
    }

    /// The first technique rated below `below` (tenths) that would place a digit or remove a
    /// candidate as the grid stands, searched from the easiest; `None` if there is none.
    pub fn easier(&self, below: u32) -> Option<Easier> {
        let found = |name: &'static str, rating: u32, what: String| Some(Easier { name, rating, what });
        let n = self.size;
        let units = self.all_units();
        let open_of = |u: &[usize]| -> Vec<usize> { u.iter().copied().filter(|&i| self.open(i)).collect() };
        // Full house (1.0): the last open cell of a unit.
        if below > 10 {
            for (_, u) in &units {
                if let [i] = open_of(u)[..] {
                    return found("full house", 10, format!("cell {i}"));
                }
            }
        }
        // Naked single (1.1).
        if below > 11 {
            if let Some(i) = (0..n * n).find(|&i| self.open(i) && self.cands[i].count_ones() == 1) {
                return found("naked single", 11, format!("cell {i}"));
            }
        }
        // Hidden singles: in a box (1.2), in a row or column (1.5).
        for (rating, kinds) in [(12, [2, 2]), (15, [0, 1])] {
            if below <= rating {
                break;
            }
            for (kind, u) in &units {
                if !kinds.contains(kind) {
                    continue;
                }
                for d in 0..n {
                    if u.iter().any(|&i| !self.open(i) && self.cands[i] == 1 << d) {
                        continue;
                    }
                    let places: Vec<usize> =
                        u.iter().copied().filter(|&i| self.open(i) && self.has_bit(i, d)).collect();
                    if let [i] = places[..] {
                        return found("hidden single", rating, format!("{} in cell {i}", d + 1));
                    }
                }
            }
        }
        // Locked candidates: pointing (2.6: a box's digit in one line), claiming (2.8: a
        // line's digit in one box).
        for (rating, name, from_box) in [(26, "pointing", true), (28, "claiming", false)] {
            if below <= rating {
                break;
            }
            for (kind, u) in &units {
                if (*kind == 2) != from_box {
                    continue;
                }
                for d in 0..n {
                    let places: Vec<usize> =
                        u.iter().copied().filter(|&i| self.open(i) && self.has_bit(i, d)).collect();
                    if places.len() < 2 {
                        continue;
                    }
                    for (other_kind, v) in &units {
                        if (*other_kind == 2) == from_box || !places.iter().all(|p| v.contains(p)) {
                            continue;
                        }
                        if v.iter().any(|&j| !u.contains(&j) && self.open(j) && self.has_bit(j, d)) {
                            return found(name, rating, format!("{} in cells {places:?}", d + 1));
                        }
                    }
                }
            }
        }
        // Subsets and fish, by rating.
        let ladder: [(u32, &'static str, u8, usize); 9] = [
            (30, "naked pair", b'n', 2),
            (32, "X-wing", b'f', 2),
            (34, "hidden pair", b'h', 2),
            (36, "naked triple", b'n', 3),
            (38, "swordfish", b'f', 3),
            (40, "hidden triple", b'h', 3),
            (50, "naked quad", b'n', 4),
            (52, "jellyfish", b'f', 4),
            (54, "hidden quad", b'h', 4),
        ];
        let mut wings_done = false;
        for (rating, name, kind, k) in ladder {
            if !wings_done && rating > 44 {
                wings_done = true;
                if let Some(e) = self.wing(below) {
                    return Some(e);
                }
            }
            if below <= rating {
                return None;
            }
            let what = match kind {
                b'n' => self.naked(&units, k),
                b'h' => self.hidden(&units, k),
                _ => self.fish(k),
            };
            if let Some(what) = what {
                return found(name, rating, what);
            }
        }
        if below > 54 {
            if let Some(what) = self.two_strong_links() {
                return found("two strong links", 54, what);
            }
        }
        None
    }

    /// A naked subset of `k` cells in a unit that removes a candidate.
    fn naked(&self, units: &[(usize, Vec<usize>)], k: usize) -> Option<String> {
        for (_, u) in units {
            let cells: Vec<usize> = u
                .iter()
                .copied()
                .filter(|&i| self.open(i) && (2..=k as u32).contains(&self.cands[i].count_ones()))
                .collect();
            let mut sets = Vec::new();
            combinations(&cells, k, &mut sets);
            for set in sets {
                let held = set.iter().fold(0, |m, &i| m | self.cands[i]);
                if held.count_ones() as usize != k {
                    continue;
                }
                if u.iter().any(|&j| self.open(j) && !set.contains(&j) && self.cands[j] & held != 0) {
                    return Some(format!("cells {set:?}"));
                }
            }
        }
        None
    }

    /// A hidden subset of `k` digits in a unit that removes a candidate.
    fn hidden(&self, units: &[(usize, Vec<usize>)], k: usize) -> Option<String> {
        let n = self.size;
        for (_, u) in units {
            let places = |d: usize| -> Vec<usize> {
                u.iter().copied().filter(|&i| self.open(i) && self.has_bit(i, d)).collect()
            };
            let digits: Vec<usize> = (0..n)
                .filter(|&d| !u.iter().any(|&i| !self.open(i) && self.cands[i] == 1 << d))
                .filter(|&d| (2..=k).contains(&places(d).len()))
                .collect();
            let mut sets = Vec::new();
            combinations(&digits, k, &mut sets);
            for set in sets {
                let mut cells: Vec<usize> = set.iter().flat_map(|&d| places(d)).collect();
                cells.sort_unstable();
                cells.dedup();
                if cells.len() != k {
                    continue;
                }
                let mask = set.iter().fold(0u32, |m, &d| m | 1 << d);
                if cells.iter().any(|&i| self.cands[i] & !mask != 0) {
                    return Some(format!(
                        "digits {:?} in cells {cells:?}",
                        set.iter().map(|d| d + 1).collect::<Vec<_>>()
                    ));
                }
            }
        }
        None
    }

    /// A fish of `k` rows (or columns) whose digit's places lie in `k` columns (rows), that
    /// removes the digit elsewhere in those.
    fn fish(&self, k: usize) -> Option<String> {
        let n = self.size;
        for rows_first in [true, false] {
            let at = |base: usize, cover: usize| if rows_first { base * n + cover } else { cover * n + base };
            for d in 0..n {
                let covers_of = |b: usize| -> u32 {
                    (0..n).filter(|&c| self.open(at(b, c)) && self.has_bit(at(b, c), d)).fold(0, |m, c| m | 1 << c)
                };
                let placed_in = |b: usize| (0..n).any(|c| !self.open(at(b, c)) && self.cands[at(b, c)] == 1 << d);
                let bases: Vec<usize> =
                    (0..n).filter(|&b| !placed_in(b) && (2..=k as u32).contains(&covers_of(b).count_ones())).collect();
                let mut sets = Vec::new();
                combinations(&bases, k, &mut sets);
                for set in sets {
                    let covers = set.iter().fold(0u32, |m, &b| m | covers_of(b));
                    if covers.count_ones() as usize != k {
                        continue;
                    }
                    let removes = (0..n).filter(|b| !set.contains(b)).any(|b| {
                        (0..n).any(|c| covers & 1 << c != 0 && self.open(at(b, c)) && self.has_bit(at(b, c), d))
                    });
                    if removes {
                        let lines = if rows_first { "rows" } else { "columns" };
                        return Some(format!("{} in {lines} {set:?}", d + 1));
                    }
                }
            }
        }
        None
    }

    /// An XY-wing (4.2) or XYZ-wing (4.4), below `below`, that removes a candidate.
    fn wing(&self, below: u32) -> Option<Easier> {
        let n = self.size;
        let open: Vec<usize> = (0..n * n).filter(|&i| self.open(i)).collect();
        for (rating, name, pivot_size) in [(42, "XY-wing", 2), (44, "XYZ-wing", 3)] {
            if below <= rating {
                return None;
            }
            for &p in &open {
                if self.cands[p].count_ones() != pivot_size {
                    continue;
                }
                let pincers: Vec<usize> =
                    open.iter().copied().filter(|&q| self.peers(p, q) && self.cands[q].count_ones() == 2).collect();
                for (x, &a) in pincers.iter().enumerate() {
                    for &b in &pincers[x + 1..] {
                        let (ma, mb, mp) = (self.cands[a], self.cands[b], self.cands[p]);
                        let z = ma & mb;
                        if z.count_ones() != 1 || ma == mb {
                            continue;
                        }
                        // XY-wing: the pivot holds the two other digits; XYZ-wing: all three.
                        let ok = if pivot_size == 2 { mp == (ma | mb) & !z } else { mp == ma | mb };
                        if !ok {
                            continue;
                        }
                        let d = z.trailing_zeros() as usize;
                        let mut wing = vec![a, b];
                        if pivot_size == 3 {
                            wing.push(p);
                        }
                        let removes = open.iter().any(|&t| {
                            !wing.contains(&t) && t != p && self.has_bit(t, d) && wing.iter().all(|&w| self.peers(t, w))
                        });
                        if removes {
                            let what = format!("{} in pivot {p}, pincers {a}, {b}", d + 1);
                            return Some(Easier { name, rating, what });
                        }
                    }
                }
            }
        }
        None
    }

    /// Two strong links of one digit (its only two places in a unit each) joined by a weak
    /// link (an end of each sharing a unit): a cell that sees both other ends loses it.
    fn two_strong_links(&self) -> Option<String> {
        let n = self.size;
        let units = self.all_units();
        for d in 0..n {
            let mut links: Vec<(usize, usize)> = Vec::new();
            for (_, u) in &units {
                if u.iter().any(|&i| !self.open(i) && self.cands[i] == 1 << d) {
                    continue;
                }
                if let [a, b] =
                    u.iter().copied().filter(|&i| self.open(i) && self.has_bit(i, d)).collect::<Vec<_>>()[..]
                {
                    if !links.contains(&(a, b)) {
                        links.push((a, b));
                    }
                }
            }
            for (x, &(a1, b1)) in links.iter().enumerate() {
                for &(a2, b2) in &links[x + 1..] {
                    if [a1, b1].contains(&a2) || [a1, b1].contains(&b2) {
                        continue;
                    }
                    for (e1, o1) in [(a1, b1), (b1, a1)] {
                        for (e2, o2) in [(a2, b2), (b2, a2)] {
                            if !self.peers(e1, e2) {
                                continue;
                            }
                            let removes = (0..n * n).any(|t| {
                                self.open(t)
                                    && ![e1, o1, e2, o2].contains(&t)
                                    && self.has_bit(t, d)
                                    && self.peers(t, o1)
                                    && self.peers(t, o2)
                            });
                            if removes {
                                return Some(format!("{} in {o1} = {e1} - {e2} = {o2}", d + 1));
                            }
                        }
                    }
                }
            }
        }
        None
    }
}

/// One step taken while an easier technique applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The step's index in the explanation.
    pub step: usize,
    /// The step, as printed.
    pub text: String,
    /// Its rating, in tenths.
    pub rating: u32,
    /// The easier technique that applied.
    pub easier: Easier,
}

/// Replays `explanation` of `puzzle` (a plain grid of side `size`, its line form's digits, 0
/// for empty) and returns the number of steps checked and the steps taken while an easier
/// technique applied ([`Board::easier`]). Only top-level steps are checked (a guess's
/// branch is not); a guess counts as rated 10.0.
pub fn check_order(size: usize, puzzle: &[u8], explanation: &Explanation) -> (usize, Vec<Violation>) {
    let mut board = Board::new(size, puzzle);
    let mut checked = 0;
    let mut violations = Vec::new();
    for (k, step) in explanation.steps().iter().enumerate() {
        if step.depth > 0 || step.refuted {
            continue;
        }
        let rating = match &step.kind {
            StepKind::Place { technique, .. } | StepKind::Eliminate { technique, .. } => match technique {
                // A failed guess's elimination follows from the guess, checked there.
                Technique::FailedGuess { .. } => None,
                t => Some(t.rating()),
            },
            StepKind::Guess { .. } => Some(GUESS),
            _ => None,
        };
        if let Some(rating) = rating {
            checked += 1;
            if let Some(easier) = board.easier(rating) {
                violations.push(Violation { step: k, text: step.to_string(), rating, easier });
            }
        }
        match &step.kind {
            StepKind::Place { cell, digit, .. } => board.place(*cell, *digit),
            StepKind::Eliminate { claims, .. } => {
                for &(cell, digits) in claims {
                    board.remove(cell, digits);
                }
            }
            _ => {}
        }
    }
    (checked, violations)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku::{Cell, Digits};

    fn empty() -> Board {
        Board::new(9, &[0; 81])
    }

    fn keep(board: &mut Board, r: usize, c: usize, digits: &[u8]) {
        let gone: Digits = (1..=9).filter(|d| !digits.contains(d)).collect();
        board.remove(Cell::new(r, c), gone);
    }

    #[test]
    fn a_naked_pair_is_easier_than_a_triple_and_harder_than_a_single() {
        let mut board = empty();
        keep(&mut board, 0, 0, &[1, 2]);
        keep(&mut board, 0, 1, &[1, 2]);
        let e = board.easier(36).expect("a naked pair removes 1 and 2 from row 1 and box 1");
        assert_eq!((e.name, e.rating), ("naked pair", 30));
        assert_eq!(board.easier(30), None, "nothing rated below a naked pair applies");
    }

    #[test]
    fn an_x_wing_and_a_hidden_single_are_found() {
        let mut board = empty();
        // 5 only in columns 2 and 7 in rows 1 and 4.
        for r in [0, 3] {
            for c in (0..9).filter(|&c| c != 1 && c != 6) {
                board.remove(Cell::new(r, c), Digits::single(5));
            }
        }
        let e = board.easier(100).expect("an X-wing");
        assert_eq!(e.name, "X-wing", "{e:?}");
        // 7 in row 9 only in r9c9: a hidden single in row 9 (1.5), not in a box.
        for c in 0..8 {
            board.remove(Cell::new(8, c), Digits::single(7));
        }
        assert_eq!(board.easier(100).map(|e| (e.name, e.rating)), Some(("hidden single", 15)));
    }

    #[test]
    fn an_xy_wing_is_found() {
        let mut board = empty();
        keep(&mut board, 0, 0, &[1, 2]); // pivot
        keep(&mut board, 0, 5, &[1, 3]); // pincer in row 1
        keep(&mut board, 5, 0, &[2, 3]); // pincer in column 1
                                         // r6c6 sees both pincers and holds 3.
        let e = board.wing(100).expect("an XY-wing");
        assert_eq!((e.name, e.rating), ("XY-wing", 42));
    }
}
