//! The ladder's chains: forcing chains and nets, dynamic and nested chains, the search for the
//! shortest of a kind, and their alternating-inference notation.

use super::*;
use crate::technique::XY_CYCLE_BASE;

impl Ladder {
    /// The nested forcing chain of the lowest level that applies, of the smallest rating at
    /// that level (the first in scan order of equal ones), within the budgets
    /// ([`NESTED_SCAN_BUDGET`] per scan, [`NESTED_RUN_BUDGET`] per solve).
    ///
    /// Only on a puzzle proven to have exactly one solution ([`unique`](Ladder::unique)): on
    /// a grid with none or several, deductions cannot reach the end, and nested chains would
    /// only spend their budget before the guesses.
    pub(super) fn nested_chain(&mut self) -> Option<Found> {
        if !self.board.unique {
            return None;
        }
        let cells = self.board.cands.num_vars() as u64;
        for level in 1..=NESTED_LEVELS {
            let budget = (NESTED_SCAN_BUDGET * 81 / cells.max(1)).min(self.nested_left);
            let mut nesting = Nesting::new(budget);
            let base = nested_base(level);
            let mut best: Option<(u32, Nested)> = None;
            'scan: for l in 0..cells as u32 {
                if self.placed[l as usize] || self.board.cands.mask(l).count_ones() < 2 {
                    continue;
                }
                if self.timed_out() {
                    return None;
                }
                for bit in bits(self.board.cands.mask(l)) {
                    if let Some(chain) = nesting.refute(&self.board.cands, l, bit, u32::from(level)) {
                        let rating = chain_rating(base, LINK_WEIGHT * chain.length());
                        if best.as_ref().is_none_or(|b| rating < b.0) {
                            best = Some((rating, chain));
                        }
                        if rating <= base {
                            break 'scan;
                        }
                    }
                    if nesting.exhausted() {
                        break 'scan;
                    }
                }
            }
            self.nested_left -= budget - nesting.budget();
            if let Some((rating, chain)) = best {
                let technique = self.nested_technique(&chain);
                debug_assert_eq!(rating, technique.rating());
                return Some(Found::Eliminate { removals: vec![(chain.var, 1 << chain.bit)], technique });
            }
            if nesting.exhausted() {
                return None;
            }
        }
        None
    }

    /// A nested chain (or one of its branches) as a technique, its branches with theirs.
    fn nested_technique(&self, n: &Nested) -> Technique {
        let kind = match (n.level, n.kind) {
            (0, Some(Links::Static)) => ChainKind::Singles,
            (0, Some(_)) => ChainKind::Net,
            (0, None) => ChainKind::Dynamic,
            (level, _) => ChainKind::Nested(level.min(u32::from(u8::MAX)) as u8),
        };
        Technique::Chain {
            cell: self.cell(n.var),
            digit: self.digit(n.bit),
            links: n.implications.iter().map(|i| (self.cell(i.var), self.digit(i.bit))).collect(),
            deductions: n.deductions,
            end: self.dead_end(n.contradiction),
            kind,
            reasons: self.reasons(&n.implications),
            aic: Vec::new(),
            branches: n
                .branches
                .iter()
                .map(|b| Branch { after: b.after, chain: self.nested_technique(&b.chain) })
                .collect(),
            cited: self.cited(&n.deduced),
            net: Vec::new(),
        }
    }

    /// The deductions a chain drew under its assumption, in cell and unit terms.
    fn cited(&self, deduced: &[Deduced]) -> Vec<Cited> {
        let cited = |d: &Deduced| {
            let technique = match &d.deduction {
                Deduction::Locked(f) => Technique::Locked {
                    digit: self.digit(f.bit),
                    cells: self.cells(&f.places),
                    within: self.board.unit_of[f.bases[0] as usize],
                    line: self.board.unit_of[f.covers[0] as usize],
                },
                Deduction::Subset(s) => {
                    let (digits, cells, unit) =
                        (self.digits(s.values), self.cells(&s.vars), self.board.unit_of[s.group as usize]);
                    if s.naked {
                        Technique::NakedSubset(NakedSubset { digits, cells, unit })
                    } else {
                        Technique::HiddenSubset(HiddenSubset { digits, cells, unit })
                    }
                }
            };
            let claims = d.removed.iter().map(|&(l, m)| (self.cell(l), self.digits(m))).collect();
            Cited { after: d.after, branches: d.branches, technique, claims }
        };
        deduced.iter().map(cited).collect()
    }

    /// The chain of `kinds` of the smallest rating, if it rates `within` or less, as an
    /// elimination: the first in the order of a scan of the candidates (by cell, digit, then
    /// kind in the order of `kinds`).
    pub(super) fn chains_of(&mut self, kinds: &[ChainKind], within: u32) -> Option<Found> {
        let cells = self.board.cands.num_vars() as u64;
        let cost = |kind: ChainKind| if kind == ChainKind::Dynamic { DEEP_COST * cells } else { cells };
        let open = |ladder: &Ladder, l: u32| !ladder.placed[l as usize] && ladder.board.cands.mask(l).count_ones() >= 2;
        // The best so far: (cell, digit bit, kind index), rating, chain.
        let mut best: Option<((u32, u32, usize), u32, Found)> = None;
        let rating_of = |best: &Option<((u32, u32, usize), u32, Found)>| best.as_ref().map_or(within, |b| b.1);
        // No chain rates below the lowest base of `kinds`: one found there ends the scan.
        let floor = kinds.iter().map(|&k| lowest_rating(k)).min().unwrap_or(u32::MAX);
        if within < floor {
            return None;
        }
        // In explanations, of chains rated alike an alternating inference chain wins over a
        // net (HoDoKu's order: the AIC is the one a player reads).
        let is_aic = |f: &Found| matches!(f.technique(), Technique::Chain { aic, .. } if !aic.is_empty());
        // The scan ends once a chain rated at the floor is found (an AIC, in explanations).
        let detailed = self.detailed;
        let done = |best: &Option<((u32, u32, usize), u32, Found)>| {
            best.as_ref().is_some_and(|b| b.1 <= floor && (!detailed || is_aic(&b.2)))
        };
        let per_candidate: u64 = kinds.iter().map(|&k| cost(k)).sum();
        let scan: u64 = (0..cells as u32)
            .filter(|&l| open(self, l))
            .map(|l| u64::from(self.board.cands.mask(l).count_ones()) * per_candidate)
            .sum();
        if self.trials + scan <= self.trial_budget() {
            // The budget cannot run out during this scan, so the trials may run in any order:
            // kind by kind from the lowest base rating, so that a kind whose base is above the
            // best chain found so far is skipped altogether. Of equal ratings, the first in the
            // scan's order is kept.
            self.trials += scan;
            let mut order: Vec<usize> = (0..kinds.len()).collect();
            order.sort_by_key(|&i| lowest_rating(kinds[i]));
            for i in order {
                for l in 0..cells as u32 {
                    if done(&best) || self.timed_out() {
                        break;
                    }
                    if !open(self, l) || lowest_rating(kinds[i]) > rating_of(&best) {
                        continue;
                    }
                    for bit in bits(self.board.cands.mask(l)) {
                        let current = rating_of(&best);
                        if let Some((rating, f)) = self.chain_at(l, bit, kinds[i], current) {
                            let key = (l, bit, i);
                            let better = |b: &((u32, u32, usize), u32, Found)| {
                                rating < b.1 || (is_aic(&f), key < b.0) > (is_aic(&b.2), false)
                            };
                            if best.as_ref().is_none_or(better) {
                                best = Some((key, rating, f));
                            }
                        }
                    }
                }
            }
        } else {
            'scan: for l in 0..cells as u32 {
                if !open(self, l) {
                    continue;
                }
                if self.timed_out() {
                    break 'scan;
                }
                let mask = self.board.cands.mask(l);
                for (bit, (i, &kind)) in bits(mask).flat_map(|b| kinds.iter().enumerate().map(move |k| (b, k))) {
                    self.trials += cost(kind);
                    if self.trials > self.trial_budget() || done(&best) {
                        break 'scan;
                    }
                    let current = rating_of(&best);
                    if let Some((rating, f)) = self.chain_at(l, bit, kind, current) {
                        if best.is_none() || rating < current {
                            best = Some(((l, bit, i), rating, f));
                        }
                    }
                }
            }
        }
        best.map(|(_, _, f)| f)
    }

    /// The chain of `kind` that refutes digit `bit` in cell `l`, as an elimination with its
    /// rating, if there is one rated `best` or less.
    fn chain_at(&mut self, l: u32, bit: u32, kind: ChainKind, best: u32) -> Option<(u32, Found)> {
        let base = lowest_rating(kind);
        if base > best {
            // No chain of this kind rates `best` or less: not worth the trial.
            return None;
        }
        // Only chains rated `best` or less matter: no longer than this.
        if self.longest.0 != (base, best) {
            self.longest = ((base, best), longest_within(base, best));
        }
        let longest = self.longest.1;
        let (c, trial) = (&self.board.cands, &mut self.trial);
        let chain = match kind {
            ChainKind::Dynamic => trial.refute_deep(c, l, bit, DEEP_LIMIT),
            ChainKind::Digit => trial.refute_within(c, l, bit, Links::Value, longest),
            ChainKind::Cells | ChainKind::CellCycle => trial.refute_within(c, l, bit, Links::Variables, longest),
            ChainKind::Singles => trial.refute_within(c, l, bit, Links::Static, longest),
            ChainKind::Net => trial.refute_within(c, l, bit, Links::Singles, longest),
            // Nested chains are scanned apart, with their own budget (`nested_chain`).
            ChainKind::Nested(_) => None,
        }?;
        // A chain through two-candidate cells whose two ends see each other closes a loop (the
        // ends hold the assumption's digit: a weak link): it rates below an open one. Only
        // the trial's outcome tells, so its alternating inference chain is drawn (grades
        // too) when that could make it the best so far.
        let cycle = kind == ChainKind::Cells
            && chain_rating(XY_CYCLE_BASE, LINK_WEIGHT * chain.length()) <= best
            && self.closes_a_loop(l, bit, &chain);
        let kind = if cycle { ChainKind::CellCycle } else { kind };
        // The rating of the technique below, known before building it.
        let rating = chain_rating(chain_base(kind), LINK_WEIGHT * chain.length());
        if rating > best {
            return None;
        }
        // (A dynamic chain's links also rest on deductions: neither an AIC nor a net of singles.)
        let static_chain = !matches!(kind, ChainKind::Dynamic | ChainKind::Nested(_));
        // Only for explanations: grades and hints do not write the links.
        let written = static_chain && self.detailed;
        let aic = if written { self.aic(l, bit, &chain) } else { Vec::new() };
        let net = if written && aic.is_empty() { self.net(l, bit, &chain) } else { Vec::new() };
        let technique = Technique::Chain {
            cell: self.cell(l),
            digit: self.digit(bit),
            links: chain.implications.iter().map(|i| (self.cell(i.var), self.digit(i.bit))).collect(),
            deductions: chain.deductions,
            end: self.dead_end(chain.contradiction),
            kind,
            reasons: self.reasons(&chain.implications),
            aic,
            branches: Vec::new(),
            cited: self.cited(&chain.deduced),
            net,
        };
        debug_assert_eq!(rating, technique.rating());
        Some((rating, Found::Eliminate { removals: vec![(l, 1 << bit)], technique }))
    }

    /// The chain refuting `var = bit` as an alternating inference chain that eliminates it,
    /// if it is one: the dead end is a cell with two candidates or a digit with two places in
    /// a unit (or the assumption's own cell), each of the two removed at the end of a branch
    /// from the assumption in which each implication rests on the one before alone, through a
    /// static binary link (a cell with two candidates, a digit with two places in a unit).
    /// The AIC runs up one branch and down the other: its nodes from one endpoint to the
    /// other, linked strong (`=`), weak (`-`), ..., strong; both endpoints remove the
    /// assumption (`(2)r2c2=(2)r3c2-(2)r3c7=(2)r8c7 => r8c2<>2`), and no candidate comes
    /// twice. Empty otherwise (the chain is then a net).
    fn aic(&self, var: u32, bit: u32, chain: &Chain) -> Vec<(Cell, u8)> {
        let c = &self.board.cands;
        let (premises, ends) = self.premises(var, bit, chain);
        // The weak partner of implication `k`: the candidate whose removal made it a single.
        let partner = |k: usize| -> Option<(u32, u32)> {
            let i = chain.implications[k];
            match i.why {
                Link::Hidden { group } => {
                    let mut others = c.groups()[group as usize]
                        .vars
                        .iter()
                        .copied()
                        .filter(|&l| l != i.var && c.mask(l) & (1 << i.bit) != 0);
                    let (Some(p), None) = (others.next(), others.next()) else { return None };
                    Some((p, i.bit))
                }
                Link::Naked => {
                    let rest = c.mask(i.var) & !(1 << i.bit);
                    (rest.count_ones() == 1).then(|| (i.var, rest.trailing_zeros()))
                }
                Link::Assumption => None,
            }
        };
        // The branch from the assumption to `node`: `[w1, n1, w2, n2, ...]`, each node resting
        // on the one before alone.
        let branch = |mut node: usize| -> Option<Vec<(u32, u32)>> {
            let mut out = Vec::new();
            while node != 0 {
                let [before] = premises[node][..] else { return None };
                let k = node - 1;
                let i = chain.implications[k];
                out.push((i.var, i.bit));
                out.push(partner(k)?);
                node = before;
            }
            out.reverse();
            Some(out)
        };
        let mut nodes = match chain.contradiction {
            // The assumption's own candidate removed at the end of one branch.
            Dead::Empty { var: y } if y == var => {
                let Some(&(node, _)) = ends.iter().find(|&&(_, cand)| cand == (var, bit)) else { return Vec::new() };
                match branch(node) {
                    Some(b) if !b.is_empty() => b,
                    _ => return Vec::new(),
                }
            }
            // Two candidates (or places), one at the end of each branch.
            _ => {
                let [(m, r), (n, q)] = ends[..] else { return Vec::new() };
                if m == usize::MAX || n == usize::MAX || (m == 0 && n == 0) {
                    return Vec::new();
                }
                let (Some(mut up), Some(mut down)) = (branch(m), branch(n)) else { return Vec::new() };
                up.push(r);
                down.push(q);
                down.reverse();
                up.extend(down);
                up
            }
        };
        if nodes.len() < 2 {
            return Vec::new();
        }
        // No candidate twice, and never the assumption itself.
        nodes.push((var, bit));
        let mut seen = nodes.clone();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() < nodes.len() {
            return Vec::new();
        }
        nodes.pop();
        nodes.iter().map(|&(l, b)| (self.cell(l), self.digit(b))).collect()
    }
}

impl Ladder {
    /// Whether the chain refuting `var = bit` is an alternating inference chain whose two
    /// endpoints (both the assumption's digit, each seeing the assumption) share a unit: with
    /// the weak link between them it is a loop, a continuous nice loop (SE's bidirectional
    /// cycle), and the assumption sees both ends of that weak link.
    fn closes_a_loop(&self, var: u32, bit: u32, chain: &Chain) -> bool {
        // An AIC ends in a cell that held two candidates, a digit that had two places, or
        // the assumption's own cell: anything else is a net (a cheap test before the AIC).
        let c = &self.board.cands;
        let two = match chain.contradiction {
            Dead::Empty { var: y } => y == var || c.mask(y).count_ones() == 2,
            Dead::NoPlace { group, bit: e } => {
                c.groups()[group as usize].vars.iter().filter(|&&l| c.mask(l) & (1 << e) != 0).count() == 2
            }
        };
        if !two {
            return false;
        }
        // Both ends hold the assumption's digit and see the assumption's cell, and are
        // implications' cells or the dead end's: without two such that see each other, no loop.
        let sees = |a: u32, b: u32| a != b && c.groups_of(a).iter().any(|g| c.groups_of(b).contains(g));
        let end = |l: u32| c.mask(l) & (1 << bit) != 0 && sees(l, var);
        let mut ends: Vec<u32> = chain.implications.iter().map(|i| i.var).filter(|&l| end(l)).collect();
        match chain.contradiction {
            Dead::Empty { var: y } => ends.push(y),
            Dead::NoPlace { group, .. } => {
                ends.extend(c.groups()[group as usize].vars.iter().copied().filter(|&l| end(l)))
            }
        }
        if !ends.iter().enumerate().any(|(i, &a)| ends[i + 1..].iter().any(|&e| sees(a, e))) {
            return false;
        }
        let aic = self.aic(var, bit, chain);
        let (Some(&(a, _)), Some(&(e, _))) = (aic.first(), aic.last()) else { return false };
        let (a, e) = (self.board.shape.index(a) as u32, self.board.shape.index(e) as u32);
        c.groups_of(a).iter().any(|g| c.groups_of(e).contains(g))
    }
}

impl Ladder {
    /// The premises of the chain refuting `var = bit`, replayed on the candidates: by node (0
    /// the assumption, `k + 1` implication `k`), the nodes whose removals made it a single;
    /// and each candidate of the dead end (the cell's, or the digit's places in the unit, as
    /// they stood) with the node that removed it (`usize::MAX`: none).
    #[allow(clippy::type_complexity, reason = "two parallel tables of node indices")]
    fn premises(&self, var: u32, bit: u32, chain: &Chain) -> (Vec<Vec<usize>>, Vec<(usize, (u32, u32))>) {
        let c = &self.board.cands;
        let width = c.width() as usize;
        let mut masks: Vec<u64> = c.masks().to_vec();
        // By `var * width + bit`: the node that removed the candidate (0 the assumption, `k + 1`
        // implication `k`), `usize::MAX` if none did.
        let mut cause = vec![usize::MAX; c.num_vars() * width];
        // Places `b` in `v` as node `node`: the other candidates of `v` and `b` in its peers go.
        let settle = |masks: &mut [u64], cause: &mut [usize], node: usize, v: u32, b: u32| {
            let mut gone = |l: u32, o: u32| {
                if masks[l as usize] & (1 << o) != 0 {
                    masks[l as usize] &= !(1 << o);
                    cause[l as usize * width + o as usize] = node;
                }
            };
            for o in bits(c.mask(v) & !(1 << b)) {
                gone(v, o);
            }
            for &g in c.groups_of(v) {
                for &peer in &c.groups()[g as usize].vars {
                    if peer != v {
                        gone(peer, b);
                    }
                }
            }
        };
        settle(&mut masks, &mut cause, 0, var, bit);
        let mut premises: Vec<Vec<usize>> = vec![Vec::new()];
        let removed_by = |cause: &[usize], l: u32, o: u32| cause[l as usize * width + o as usize];
        for (k, i) in chain.implications.iter().enumerate() {
            let mut rests: Vec<usize> = match i.why {
                Link::Hidden { group } => c.groups()[group as usize]
                    .vars
                    .iter()
                    .filter(|&&l| l != i.var && c.mask(l) & (1 << i.bit) != 0)
                    .map(|&l| removed_by(&cause, l, i.bit))
                    .collect(),
                _ => bits(c.mask(i.var) & !(1 << i.bit)).map(|o| removed_by(&cause, i.var, o)).collect(),
            };
            rests.retain(|&n| n != usize::MAX);
            rests.sort_unstable();
            rests.dedup();
            premises.push(rests);
            settle(&mut masks, &mut cause, k + 1, i.var, i.bit);
        }
        let ends = match chain.contradiction {
            Dead::Empty { var: y } => bits(c.mask(y)).map(|o| (removed_by(&cause, y, o), (y, o))).collect(),
            Dead::NoPlace { group, bit: e } => c.groups()[group as usize]
                .vars
                .iter()
                .filter(|&&l| c.mask(l) & (1 << e) != 0)
                .map(|&l| (removed_by(&cause, l, e), (l, e)))
                .collect(),
        };
        (premises, ends)
    }

    /// The chain refuting `var = bit` (static, or a net of singles) written as a net: each
    /// path from the assumption through the implications (each resting on the one before it)
    /// to a candidate whose removal the contradiction needs. Empty if there are more than
    /// [`NET_PATHS`] paths (the placements are listed instead).
    fn net(&self, var: u32, bit: u32, chain: &Chain) -> Vec<NetBranch> {
        let (premises, ends) = self.premises(var, bit, chain);
        let mut out = Vec::new();
        for (node, (l, o)) in ends {
            if node == usize::MAX {
                continue;
            }
            // Every path from the assumption to `node`, by premises, depth first.
            let mut stack: Vec<Vec<usize>> = vec![vec![node]];
            while let Some(path) = stack.pop() {
                let last = path[path.len() - 1];
                if last == 0 {
                    let links = path.iter().rev().skip(1).map(|&n| n as u32 - 1).collect();
                    out.push(NetBranch { links, removes: (self.cell(l), self.digit(o)) });
                    if out.len() > NET_PATHS {
                        return Vec::new();
                    }
                    continue;
                }
                for &p in &premises[last] {
                    let mut next = path.clone();
                    next.push(p);
                    stack.push(next);
                }
            }
        }
        out.sort_by(|a, b| a.links.cmp(&b.links));
        out
    }
}

/// The most branches a net is written with (more: its placements are listed).
const NET_PATHS: usize = 12;

/// The greatest chain length whose rating from `base` is at most `best` (`u32::MAX`: any).
fn longest_within(base: u32, best: u32) -> u32 {
    let rating = |n: u32| chain_rating(base, LINK_WEIGHT.saturating_mul(n));
    if best == u32::MAX || rating(u32::MAX / LINK_WEIGHT) <= best {
        return u32::MAX;
    }
    // Ratings only grow with the length: the last length rated `best` or less, by bisection.
    let (mut lo, mut hi) = (0, u32::MAX / LINK_WEIGHT);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if rating(mid) <= best {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The lowest rating a chain found by a trial of `kind` can have, in tenths: a trial through
/// two-candidate cells finds a loop ([`ChainKind::CellCycle`]) or an open chain or net.
fn lowest_rating(kind: ChainKind) -> u32 {
    match kind {
        ChainKind::Cells => chain_base(ChainKind::CellCycle).min(chain_base(kind)),
        _ => chain_base(kind),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_chain_within_a_rating_is_the_last_length_rated_that_or_less() {
        for base in [65, 66, 70, 85] {
            assert_eq!(longest_within(base, u32::MAX), u32::MAX);
            assert_eq!(longest_within(base, base + 40), u32::MAX, "every length rates at most base + 40");
            for best in base..base + 40 {
                let n = longest_within(base, best);
                assert!(chain_rating(base, LINK_WEIGHT * n) <= best, "{base} {best} {n}");
                assert!(chain_rating(base, LINK_WEIGHT * (n + 1)) > best, "{base} {best} {n}");
            }
        }
        // A chain of 2 rates the base, one of 3 a tenth more (SE's thresholds 4, 6, ...).
        assert_eq!(longest_within(66, 66), 2);
        assert_eq!(longest_within(66, 67), 3);
    }
}
