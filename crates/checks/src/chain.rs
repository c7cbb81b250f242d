//! A replay of explanations' chains, independent of the solver: its own candidates, its own
//! geometry (rows, columns and boxes of a plain grid), its own test of a single and of each
//! deduction a chain cites. The `sudoku` explanation tests use it to count the links of
//! chains that rest on a deduction the chain does not state (the target is none).
//!
//! A chain assumes a digit in a cell; each link is then a *single* in the grid as it stands
//! (the cell's last candidate, or the digit's last place in a row, column or box of the cell)
//! after the assumption, the links before it, the deductions it cites (locked candidates,
//! naked and hidden subsets, each checked to hold as stated) and the branches of a nested
//! chain (each an inner chain replayed the same way, whose assumption then leaves its cell);
//! and the contradiction holds at the end.

use sudoku::technique::{ChainNode, ChainShape, GroupedChain, HiddenSubset, NakedSubset};
use sudoku::{Cell, DeadEnd, Digits, Technique, Unit};

/// The candidates of a plain grid (rows, columns, boxes), bit `d - 1` for digit `d`.
#[derive(Clone, Debug)]
pub struct Board {
    pub(crate) size: usize,
    box_rows: usize,
    box_cols: usize,
    pub(crate) cands: Vec<u32>,
    pub(crate) placed: Vec<bool>,
}

/// What a replay counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Links replayed (placements of chains and of their branches).
    pub links: usize,
    /// Links that were not a single as the grid stood: they rest on a deduction the chain
    /// does not state.
    pub unstated: usize,
    /// Deductions cited, each checked to hold as stated.
    pub cited: usize,
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, o: Counts) {
        self.links += o.links;
        self.unstated += o.unstated;
        self.cited += o.cited;
    }
}

fn bit(digit: u8) -> u32 {
    1 << (digit - 1)
}

impl Board {
    /// The board of a grid of side `size` (boxes by this module's own table: 4, 6, 9, 12, 16
    /// and 25) from its line form's digits (0 for an empty cell): every digit a candidate of
    /// every empty cell but those its filled peers hold.
    ///
    /// # Panics
    ///
    /// Panics on a side without a box shape or a line of another length.
    pub fn new(size: usize, digits: &[u8]) -> Board {
        let (box_rows, box_cols) = match size {
            4 => (2, 2),
            6 => (2, 3),
            9 => (3, 3),
            12 => (3, 4),
            16 => (4, 4),
            25 => (5, 5),
            _ => panic!("no box shape for side {size}"),
        };
        assert_eq!(digits.len(), size * size, "a line of {} cells", size * size);
        let all = (1u32 << size) - 1;
        let mut board =
            Board { size, box_rows, box_cols, cands: vec![all; size * size], placed: vec![false; size * size] };
        for (i, &d) in digits.iter().enumerate() {
            if d != 0 {
                board.settle(i, d);
            }
        }
        board
    }

    pub(crate) fn index(&self, cell: Cell) -> usize {
        cell.row() * self.size + cell.col()
    }

    /// The cells of a row, column or box (`None` for other units: a plain grid has none).
    pub(crate) fn unit(&self, unit: Unit) -> Option<Vec<usize>> {
        let n = self.size;
        Some(match unit {
            Unit::Row(r) => (0..n).map(|c| r * n + c).collect(),
            Unit::Column(c) => (0..n).map(|r| r * n + c).collect(),
            Unit::Box(b) => {
                let per_band = n / self.box_cols;
                let (top, left) = (b / per_band * self.box_rows, b % per_band * self.box_cols);
                (0..n).map(|k| (top + k / self.box_cols) * n + left + k % self.box_cols).collect()
            }
            _ => return None,
        })
    }

    /// The rows, columns and boxes of cell `i`, as lists of cells.
    pub(crate) fn units_of(&self, i: usize) -> [Vec<usize>; 3] {
        let (r, c) = (i / self.size, i % self.size);
        let b = r / self.box_rows * (self.size / self.box_cols) + c / self.box_cols;
        [Unit::Row(r), Unit::Column(c), Unit::Box(b)].map(|u| self.unit(u).unwrap_or_default())
    }

    /// Whether `cell` still has `digit` as a candidate.
    pub fn has(&self, cell: Cell, digit: u8) -> bool {
        self.cands[self.index(cell)] & bit(digit) != 0
    }

    /// Places `digit` in cell `i` and removes it from the cell's peers.
    fn settle(&mut self, i: usize, digit: u8) {
        self.cands[i] = bit(digit);
        self.placed[i] = true;
        for unit in self.units_of(i) {
            for j in unit {
                if j != i {
                    self.cands[j] &= !bit(digit);
                }
            }
        }
    }

    /// Places `digit` in `cell` (a step's placement) and removes it from its peers.
    pub fn place(&mut self, cell: Cell, digit: u8) {
        let i = self.index(cell);
        self.settle(i, digit);
    }

    /// Removes `digits` from `cell` (a step's elimination).
    pub fn remove(&mut self, cell: Cell, digits: Digits) {
        let i = self.index(cell);
        for d in digits.iter() {
            self.cands[i] &= !bit(d);
        }
    }

    /// Whether `digit` in `cell` is a single as the grid stands: the cell is open, and the
    /// digit is its last candidate or has no other place in a row, column or box of it.
    pub fn is_single(&self, cell: Cell, digit: u8) -> bool {
        let i = self.index(cell);
        if self.placed[i] || self.cands[i] & bit(digit) == 0 {
            return false;
        }
        self.cands[i] == bit(digit)
            || self.units_of(i).iter().any(|u| u.iter().all(|&j| j == i || self.cands[j] & bit(digit) == 0))
    }

    /// Whether the dead end holds as the grid stands.
    fn dead(&self, end: &DeadEnd) -> bool {
        match *end {
            DeadEnd::NoCandidate(cell) => self.cands[self.index(cell)] == 0,
            DeadEnd::NoPlace { digit, unit } => {
                self.unit(unit).is_some_and(|cells| cells.iter().all(|&j| self.cands[j] & bit(digit) == 0))
            }
        }
    }

    /// Checks that `technique` (locked candidates, a naked or a hidden subset) holds as the
    /// grid stands and removes `claims`, then removes them.
    fn apply_cited(&mut self, technique: &Technique, claims: &[(Cell, Digits)]) -> Result<(), String> {
        let mask = |ds: Digits| ds.iter().fold(0u32, |m, d| m | bit(d));
        let claimed: Vec<(usize, u32)> = claims.iter().map(|&(c, ds)| (self.index(c), mask(ds))).collect();
        match technique {
            Technique::Locked { digit, within, line, .. } => {
                let (w, l) = (self.unit(*within).ok_or("a unit of no plain grid")?, self.unit(*line).ok_or("idem")?);
                if w.iter().any(|&j| self.cands[j] & bit(*digit) != 0 && !l.contains(&j)) {
                    return Err(format!("{technique}: {digit} has a place in {within} outside {line}"));
                }
                if claimed.iter().any(|&(j, m)| m != bit(*digit) || !l.contains(&j) || w.contains(&j)) {
                    return Err(format!("{technique}: removes what it does not confine"));
                }
            }
            Technique::NakedSubset(NakedSubset { digits, cells, unit }) => {
                let u = self.unit(*unit).ok_or("a unit of no plain grid")?;
                let set: Vec<usize> = cells.iter().map(|&c| self.index(c)).collect();
                let held = set.iter().fold(0, |m, &j| m | self.cands[j]);
                if set.len() != digits.len() || held & !mask(*digits) != 0 || !set.iter().all(|j| u.contains(j)) {
                    return Err(format!("{technique}: not a naked subset as the grid stands"));
                }
                if claimed.iter().any(|&(j, m)| !u.contains(&j) || set.contains(&j) || m & !mask(*digits) != 0) {
                    return Err(format!("{technique}: removes what the subset does not take"));
                }
            }
            Technique::HiddenSubset(HiddenSubset { digits, cells, unit }) => {
                let u = self.unit(*unit).ok_or("a unit of no plain grid")?;
                let set: Vec<usize> = cells.iter().map(|&c| self.index(c)).collect();
                let outside = u.iter().filter(|j| !set.contains(j)).fold(0, |m, &j| m | self.cands[j]);
                if set.len() != digits.len() || outside & mask(*digits) != 0 || !set.iter().all(|j| u.contains(j)) {
                    return Err(format!("{technique}: not a hidden subset as the grid stands"));
                }
                if claimed.iter().any(|&(j, m)| !set.contains(&j) || m & mask(*digits) != 0) {
                    return Err(format!("{technique}: removes a digit of the subset"));
                }
            }
            other => return Err(format!("cites {other}, not locked candidates or a subset")),
        }
        for (j, m) in claimed {
            self.cands[j] &= !m;
        }
        Ok(())
    }

    /// Replays `chain` (a [`Technique::Chain`]) from the grid as it stands: its assumption
    /// placed, then its links, cited deductions and branches in the order drawn, each link
    /// tested for a single, each deduction and branch checked; the dead end must hold at the
    /// end. Errors on a deduction or branch that does not hold, a link placing a removed
    /// candidate, or a dead end that does not hold; counts the links that are not singles.
    pub fn replay(&self, chain: &Technique) -> Result<Counts, String> {
        let Technique::Chain { cell, digit, links, end, branches, cited, .. } = chain else {
            return Err(format!("{chain} is not a chain"));
        };
        let mut counts = Counts::default();
        let mut board = self.clone();
        if !board.has(*cell, *digit) {
            return Err(format!("the assumption {cell} = {digit} is not a candidate"));
        }
        board.place(*cell, *digit);
        // Deductions, then branches, at each number of links drawn (a deduction before the
        // branch drawn with as many branches before it).
        let mut items: Vec<(u32, u32, bool, usize)> = cited
            .iter()
            .enumerate()
            .map(|(k, c)| (c.after, c.branches, false, k))
            .chain(branches.iter().enumerate().map(|(k, b)| (b.after, k as u32, true, k)))
            .collect();
        items.sort_unstable();
        let mut items = items.into_iter().peekable();
        for i in 0..=links.len() {
            while let Some((_, _, branch, k)) = items.next_if(|item| item.0 as usize <= i) {
                if branch {
                    let inner = &branches[k].chain;
                    counts += board.replay(inner).map_err(|e| format!("branch {inner}: {e}"))?;
                    let Technique::Chain { cell, digit, .. } = inner else { unreachable!("replayed") };
                    board.remove(*cell, Digits::single(*digit));
                } else {
                    board.apply_cited(&cited[k].technique, &cited[k].claims)?;
                    counts.cited += 1;
                }
            }
            let Some(&(c, d)) = links.get(i) else { break };
            counts.links += 1;
            if !board.is_single(c, d) {
                if !board.has(c, d) {
                    return Err(format!("link {c} = {d} places a removed candidate"));
                }
                counts.unstated += 1;
            }
            board.place(c, d);
        }
        if !board.dead(end) {
            return Err(format!("the links do not reach the dead end ({end})"));
        }
        Ok(counts)
    }
}

/// Checks that `nodes` (candidates, from one endpoint to the other) is an alternating
/// inference chain in the grid as it stands that eliminates `target`: links alternate strong
/// (`=`: the two candidates of a cell, or a digit's two places in a row, column or box),
/// weak (`-`: one cell, or one digit in two cells sharing a unit), ..., strong; no node comes
/// twice; each endpoint, if true, removes `target` (one of them is true).
pub fn check_aic(board: &Board, nodes: &[(Cell, u8)], target: (Cell, u8)) -> Result<(), String> {
    let at = |(c, d): (Cell, u8)| (board.index(c), d);
    let sees = |a: usize, b: usize| a != b && board.units_of(a).iter().any(|u| u.contains(&b));
    // Whether `a` true makes `b` false.
    let weak = |(a, da): (usize, u8), (b, db): (usize, u8)| (a == b && da != db) || (da == db && sees(a, b));
    let strong = |(a, da): (usize, u8), (b, db): (usize, u8)| {
        if a == b {
            da != db && board.cands[a] == bit(da) | bit(db)
        } else {
            da == db
                && board
                    .units_of(a)
                    .iter()
                    .any(|u| u.contains(&b) && u.iter().filter(|&&j| board.cands[j] & bit(da) != 0).count() == 2)
        }
    };
    if nodes.len() < 2 || !nodes.len().is_multiple_of(2) {
        return Err(format!("{} nodes: an AIC has an even number, two or more", nodes.len()));
    }
    let mut seen: Vec<(Cell, u8)> = nodes.to_vec();
    seen.push(target);
    seen.sort_unstable_by_key(|&(c, d)| (c.row(), c.col(), d));
    seen.dedup();
    if seen.len() != nodes.len() + 1 {
        return Err("a node comes twice (or is the candidate eliminated)".into());
    }
    for (k, pair) in nodes.windows(2).enumerate() {
        let (a, b) = (at(pair[0]), at(pair[1]));
        if board.cands[a.0] & bit(a.1) == 0 || board.cands[b.0] & bit(b.1) == 0 {
            return Err(format!("link {k}: a node is not a candidate"));
        }
        let ok = if k % 2 == 0 { strong(a, b) } else { weak(a, b) };
        if !ok {
            let kind = if k % 2 == 0 { "strong" } else { "weak" };
            return Err(format!("link {k} ({}{} - {}{}) is not {kind}", pair[0].1, pair[0].0, pair[1].1, pair[1].0));
        }
    }
    let t = at(target);
    if !weak(at(nodes[0]), t) || !weak(at(nodes[nodes.len() - 1]), t) {
        return Err("an endpoint does not remove the candidate eliminated".into());
    }
    Ok(())
}

/// Checks that `chain` (a grouped AIC, ALS chain or nice loop) holds in the grid as it
/// stands and concludes what it claims: every node's cells hold its digit; no candidate is in
/// two nodes (but a discontinuous loop's first, which is its last); links alternate strong,
/// weak, ..., each one of these:
///
/// * strong, one digit: a row, column or box holding both nodes whose places of the digit are
///   exactly the two nodes' cells; two digits: one cell holding exactly those two; or an
///   almost locked set (its cells in one unit, holding one digit more than cells), each node
///   every place of its digit in the set;
/// * weak, one digit: every cell of one node sees every cell of the other; two digits: one
///   cell.
///
/// An open chain's removals are weakly linked to both endpoints; a continuous loop's (its last
/// link weak, back to the first node) to both ends of one of its weak links; a discontinuous
/// loop places its first node, a candidate, reached back by a strong link.
pub fn check_grouped(board: &Board, chain: &GroupedChain) -> Result<(), String> {
    let GroupedChain { nodes, links, shape, removals, place } = chain;
    let cells_of = |n: &ChainNode| -> Vec<usize> { n.cells.iter().map(|&c| board.index(c)).collect() };
    let sees = |a: usize, b: usize| a != b && board.units_of(a).iter().any(|u| u.contains(&b));
    let single = |n: &ChainNode| (n.cells.len() == 1).then(|| board.index(n.cells[0]));
    // Whether `a` true makes `b` false.
    let weak = |a: &ChainNode, b: &ChainNode| match (single(a), single(b)) {
        (Some(x), Some(y)) if x == y => a.digit != b.digit,
        _ => a.digit == b.digit && cells_of(a).iter().all(|&x| cells_of(b).iter().all(|&y| sees(x, y))),
    };
    let places = |cells: &[usize], d: u8| -> Vec<usize> {
        cells.iter().copied().filter(|&j| !board.placed[j] && board.cands[j] & bit(d) != 0).collect()
    };
    let strong = |a: &ChainNode, b: &ChainNode, set: &[sudoku::Cell]| -> bool {
        let (ca, cb) = (cells_of(a), cells_of(b));
        if !set.is_empty() {
            let s: Vec<usize> = set.iter().map(|&c| board.index(c)).collect();
            let in_unit = board.units_of(s[0]).iter().any(|u| s.iter().all(|j| u.contains(j)));
            let held = s.iter().fold(0u32, |m, &j| m | board.cands[j]);
            let sorted = |mut v: Vec<usize>| {
                v.sort_unstable();
                v
            };
            return in_unit
                && s.iter().all(|&j| !board.placed[j])
                && held.count_ones() as usize == s.len() + 1
                && a.digit != b.digit
                && sorted(places(&s, a.digit)) == sorted(ca)
                && sorted(places(&s, b.digit)) == sorted(cb);
        }
        if let (Some(x), Some(y)) = (single(a), single(b)) {
            if x == y {
                return a.digit != b.digit && board.cands[x] == bit(a.digit) | bit(b.digit);
            }
        }
        if a.digit != b.digit || ca.iter().any(|j| cb.contains(j)) {
            return false;
        }
        let mut both: Vec<usize> = ca.iter().chain(&cb).copied().collect();
        both.sort_unstable();
        board.units_of(both[0]).iter().any(|u| {
            both.iter().all(|j| u.contains(j)) && {
                let mut p = places(u, a.digit);
                p.sort_unstable();
                p == both
            }
        })
    };
    let closed = *shape == ChainShape::Continuous;
    if nodes.len() < 2 || links.len() != nodes.len() - 1 + usize::from(closed) {
        return Err(format!("{} nodes and {} links", nodes.len(), links.len()));
    }
    let distinct = if *shape == ChainShape::Discontinuous { &nodes[..nodes.len() - 1] } else { &nodes[..] };
    let mut cands: Vec<(usize, u8)> =
        distinct.iter().flat_map(|n| cells_of(n).into_iter().map(move |j| (j, n.digit))).collect();
    if cands.iter().any(|&(j, d)| board.placed[j] || board.cands[j] & bit(d) == 0) {
        return Err("a node's cell does not hold its digit".into());
    }
    let total = cands.len();
    cands.sort_unstable();
    cands.dedup();
    if cands.len() != total {
        return Err("a candidate is in two nodes".into());
    }
    for (k, link) in links.iter().enumerate() {
        let (a, b) = (&nodes[k], &nodes[(k + 1) % nodes.len()]);
        if link.strong != (k % 2 == 0) {
            return Err(format!("link {k} does not alternate"));
        }
        let ok = if link.strong { strong(a, b, &link.set) } else { link.set.is_empty() && weak(a, b) };
        if !ok {
            let kind = if link.strong { "strong" } else { "weak" };
            return Err(format!("link {k} ({}{:?} - {}{:?}) is not {kind}", a.digit, a.cells, b.digit, b.cells));
        }
    }
    match shape {
        ChainShape::Discontinuous => {
            let (first, last) = (&nodes[0], &nodes[nodes.len() - 1]);
            if first != last || first.cells.len() != 1 || *place != Some((first.cells[0], first.digit)) {
                return Err("a discontinuous loop places its first node, which is its last".into());
            }
            if !removals.is_empty() {
                return Err("a discontinuous loop removes nothing".into());
            }
        }
        _ => {
            if place.is_some() || removals.is_empty() {
                return Err("a chain or continuous loop removes candidates, and places none".into());
            }
            let ends: Vec<(&ChainNode, &ChainNode)> = if closed {
                (1..nodes.len()).step_by(2).map(|k| (&nodes[k], &nodes[(k + 1) % nodes.len()])).collect()
            } else {
                vec![(&nodes[0], &nodes[nodes.len() - 1])]
            };
            for &(cell, digits) in removals {
                for d in digits.iter() {
                    let t = ChainNode { digit: d, cells: vec![cell] };
                    if !board.has(cell, d) {
                        return Err(format!("removes {d} from {cell}, not a candidate"));
                    }
                    if !ends.iter().any(|(a, b)| weak(a, &t) && weak(b, &t)) {
                        return Err(format!("{cell} <> {d} is not weakly linked to both ends of a link"));
                    }
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_is_the_last_candidate_or_the_last_place() {
        // The 4x4 grid "...3..4114..3...": r1c1 holds 2 and 4; r1 needs 1, 2, 4.
        let line: Vec<u8> = "...3..4114..3...".bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        let board = Board::new(4, &line);
        assert!(!board.is_single(Cell::new(0, 0), 2));
        // r1c3 sees 3, 4 and 1 in box 2: 2 is its last candidate.
        assert!(board.is_single(Cell::new(0, 2), 2));
        assert!(!board.is_single(Cell::new(0, 3), 3), "a placed cell is no single");
    }

    #[test]
    fn an_aic_is_checked_link_by_link_and_by_its_endpoints() {
        // An empty 4x4 grid where 1 has two places in row 1 (r1c1, r1c3) and in row 3 (r3c1,
        // r3c3): (1)r1c1=(1)r1c3-(1)r3c3=(1)r3c1 removes 1 from r2c1, which sees both ends.
        let mut board = Board::new(4, &[0; 16]);
        for (r, c) in [(0, 1), (0, 3), (2, 1), (2, 3)] {
            board.remove(Cell::new(r, c), Digits::single(1));
        }
        let n = |r, c| (Cell::new(r, c), 1);
        let aic = [n(0, 0), n(0, 2), n(2, 2), n(2, 0)];
        assert_eq!(check_aic(&board, &aic, n(1, 0)), Ok(()));
        assert!(check_aic(&board, &aic, n(1, 1)).is_err(), "r2c2 does not see r3c1");
        assert!(check_aic(&board, &aic[..3], n(1, 0)).is_err(), "an odd number of nodes");
        assert!(check_aic(&board, &[n(0, 0), n(0, 2), n(0, 2), n(2, 0)], n(1, 0)).is_err(), "a node twice");
        assert!(check_aic(&board, &[n(0, 0), n(0, 2), n(2, 0), n(2, 2)], n(1, 0)).is_err(), "no weak link");
        board.cands[1] |= 1; // r1c2 holds 1 again: row 1 has three places
        assert!(check_aic(&board, &aic, n(1, 0)).is_err(), "r1c1=r1c3 is no strong link");
    }

    #[test]
    fn a_grouped_chain_is_checked_link_by_link_and_by_what_it_concludes() {
        use sudoku::technique::ChainLink;
        // An empty 9x9 grid where 1 has three places in row 1 (r1c1, r1c7, r1c8) and two in
        // column 9 (r3c9, r9c9): (1)r1c1=(1)r1c78-(1)r3c9=(1)r9c9 removes 1 from r9c1.
        let mut board = Board::new(9, &[0; 81]);
        for c in 1..9 {
            if c != 6 && c != 7 {
                board.remove(Cell::new(0, c), Digits::single(1));
            }
        }
        for r in 0..8 {
            if r != 2 {
                board.remove(Cell::new(r, 8), Digits::single(1));
            }
        }
        let node = |d: u8, cells: &[(usize, usize)]| ChainNode {
            digit: d,
            cells: cells.iter().map(|&(r, c)| Cell::new(r, c)).collect(),
        };
        let link = |strong: bool| ChainLink { strong, set: Vec::new() };
        let chain = GroupedChain {
            nodes: vec![node(1, &[(0, 0)]), node(1, &[(0, 6), (0, 7)]), node(1, &[(2, 8)]), node(1, &[(8, 8)])],
            links: vec![link(true), link(false), link(true)],
            shape: ChainShape::Open,
            removals: vec![(Cell::new(8, 0), Digits::single(1))],
            place: None,
        };
        assert_eq!(check_grouped(&board, &chain), Ok(()));
        let far = GroupedChain { removals: vec![(Cell::new(7, 1), Digits::single(1))], ..chain.clone() };
        assert!(check_grouped(&board, &far).is_err(), "r8c2 sees neither end");
        let mut twice = chain.clone();
        twice.nodes[2] = node(1, &[(0, 7)]);
        assert!(check_grouped(&board, &twice).is_err(), "r1c8 in two nodes");
        let mut three = board.clone();
        three.cands[3] |= 1; // r1c4 holds 1 again: row 1 has four places
        assert!(check_grouped(&three, &chain).is_err(), "r1c1=r1c78 is no strong link");
        // An almost locked set r5c1 {1, 2}, r5c2 {2, 3}: without 1 it holds 3. With r5c8
        // {1, 3}: (1=3)r5c12-(3)r5c8=(1)r5c8 removes 1 from the rest of row 5.
        let but = |keep: &[u8]| (1..=9).filter(|d| !keep.contains(d)).collect::<Digits>();
        for (c, keep) in [(0, [1, 2]), (1, [2, 3]), (7, [1, 3])] {
            board.remove(Cell::new(4, c), but(&keep));
        }
        let set = vec![Cell::new(4, 0), Cell::new(4, 1)];
        let als = GroupedChain {
            nodes: vec![node(1, &[(4, 0)]), node(3, &[(4, 1)]), node(3, &[(4, 7)]), node(1, &[(4, 7)])],
            links: vec![ChainLink { strong: true, set: set.clone() }, link(false), link(true)],
            shape: ChainShape::Open,
            removals: vec![(Cell::new(4, 4), Digits::single(1))],
            place: None,
        };
        assert_eq!(check_grouped(&board, &als), Ok(()));
        let mut not_a_set = als.clone();
        not_a_set.links[0].set.push(Cell::new(4, 5));
        assert!(check_grouped(&board, &not_a_set).is_err(), "three cells holding nine digits");
    }

    #[test]
    fn a_replay_counts_links_that_are_no_single_and_refuses_a_false_deduction() {
        use sudoku::{ChainKind, Cited};
        // An empty 9x9 grid but that r1c2 and r1c3 hold {2, 3}, r1c4 {1, 2, 3, 4}, r2c4 only 4.
        // Assume r1c1 = 1: the naked pair {2, 3} in row 1 leaves r1c4 only 4 (without it, 4
        // has other places in row 1, column 4 and box 2), which leaves r2c4 no candidate.
        let mut board = Board::new(9, &[0; 81]);
        let (pair, cell) = ([2, 3].into_iter().collect::<Digits>(), Cell::new);
        let but = |keep: &[u8]| (1..=9).filter(|d| !keep.contains(d)).collect::<Digits>();
        board.remove(cell(0, 1), but(&[2, 3]));
        board.remove(cell(0, 2), but(&[2, 3]));
        board.remove(cell(0, 3), but(&[1, 2, 3, 4]));
        board.remove(cell(1, 3), but(&[4]));
        let naked = Technique::NakedSubset(NakedSubset {
            digits: pair,
            cells: vec![cell(0, 1), cell(0, 2)],
            unit: Unit::Row(0),
        });
        let chain = |cited: Vec<Cited>| Technique::Chain {
            cell: cell(0, 0),
            digit: 1,
            links: vec![(cell(0, 3), 4)],
            deductions: cited.len() as u32,
            end: DeadEnd::NoCandidate(cell(1, 3)),
            kind: ChainKind::Dynamic,
            reasons: vec![None],
            aic: Vec::new(),
            branches: Vec::new(),
            cited,
            net: Vec::new(),
        };
        let pair_cited = Cited { after: 0, branches: 0, technique: naked.clone(), claims: vec![(cell(0, 3), pair)] };
        assert_eq!(board.replay(&chain(vec![pair_cited.clone()])), Ok(Counts { links: 1, unstated: 0, cited: 1 }));
        // Unstated, the pair leaves r1c4 = 4 resting on a deduction the chain does not show.
        assert_eq!(board.replay(&chain(Vec::new())), Ok(Counts { links: 1, unstated: 1, cited: 0 }));
        // A pair that is none (r1c2 holds 4 again) is refused, and so is a claim outside it.
        let mut four = board.clone();
        four.cands[1] |= bit(4);
        assert!(four.replay(&chain(vec![pair_cited.clone()])).is_err_and(|e| e.contains("not a naked subset")));
        let wrong = Cited { claims: vec![(cell(1, 1), pair)], ..pair_cited };
        assert!(board.replay(&chain(vec![wrong])).is_err_and(|e| e.contains("does not take")));
    }
}
