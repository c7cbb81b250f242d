//! Rendering: the text of the step vocabulary, of explanations and of pencil marks, in one
//! place. Every `Display` here prints the fixed forms that `docs/grading.md` describes and the
//! golden files of the tests pin down.

use std::fmt;

use crate::explain::Explanation;
use crate::grid::{digit_symbol, Cell, Unit};
use crate::hint::Hint;
use crate::technique::step::{Branch, ChainKind, Cited, Contradiction, DeadEnd, Detail, Digits, Fault, Step, StepKind};
use crate::technique::words::{CellList, DigitList, Symbol};
use crate::technique::Technique;

impl fmt::Display for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, d) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", Symbol(d))?;
        }
        f.write_str("}")
    }
}

impl fmt::Debug for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contradiction::Clash(c) => {
                write!(f, "givens {} and {} both hold {} in {}", c.first, c.second, Symbol(c.digit), c.unit)
            }
            Contradiction::DeadEnd(d) => write!(f, "{d}"),
            Contradiction::NoSolution(None) => write!(f, "no solution: the grid as it stands has none"),
            Contradiction::NoSolution(Some(Fault::WrongDigit { cell, digit })) => {
                write!(f, "no solution: {cell} = {} is wrong (without it the grid has a solution)", Symbol(*digit))
            }
            Contradiction::NoSolution(Some(Fault::CrossedOut { cell, digit })) => write!(
                f,
                "no solution: the pencil marks of {cell} cross out {}, its digit in the solution",
                Symbol(*digit)
            ),
        }
    }
}

/// `58 placements, 172 eliminations, 3 guesses`, leaving out zeros (`nothing` if all are).
fn write_counts(f: &mut fmt::Formatter<'_>, placements: u64, eliminations: u64, guesses: u64) -> fmt::Result {
    let mut first = true;
    for (n, one, many) in [
        (placements, "placement", "placements"),
        (eliminations, "elimination", "eliminations"),
        (guesses, "guess", "guesses"),
    ] {
        if n == 0 {
            continue;
        }
        if !first {
            f.write_str(", ")?;
        }
        first = false;
        write!(f, "{n} {}", if n == 1 { one } else { many })?;
    }
    if first {
        f.write_str("nothing")?;
    }
    Ok(())
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            StepKind::Place { cell, digit, technique } => write!(f, "{cell} = {}: {technique}", Symbol(*digit)),
            StepKind::Eliminate { claims, technique } => {
                // One line per set of digits lost, cells in the order found.
                let mut sets: Vec<Digits> = Vec::new();
                for (_, d) in claims {
                    if !sets.contains(d) {
                        sets.push(*d);
                    }
                }
                for (i, set) in sets.iter().enumerate() {
                    if i > 0 {
                        f.write_str("\n")?;
                    }
                    let cells: Vec<Cell> = claims.iter().filter(|(_, d)| d == set).map(|&(c, _)| c).collect();
                    write!(f, "{} != {}: {technique}", CellList(&cells), DigitList(*set))?;
                }
                Ok(())
            }
            StepKind::Implied { cells, digit, by, unit } => {
                write!(f, "{} != {d}: {by} = {d} in {unit}", CellList(cells), d = Symbol(*digit))
            }
            StepKind::Guess { cell, digit, candidates } => {
                write!(f, "guess {cell} = {}: {} candidates {candidates}", Symbol(*digit), candidates.len())
            }
            StepKind::Backtrack { cell, digit } => {
                write!(f, "backtrack: {cell} = {} leads to a contradiction", Symbol(*digit))
            }
            StepKind::Contradiction(c @ Contradiction::NoSolution(_)) => write!(f, "{c}"),
            StepKind::Contradiction(c) => write!(f, "contradiction: {c}"),
            StepKind::Summary { placements, eliminations, guesses } => {
                f.write_str("... ")?;
                write_counts(f, *placements, *eliminations, *guesses)
            }
            StepKind::Stopped { guesses } => write!(f, "stopped: {guesses} guesses without a solution"),
            StepKind::TimedOut => write!(f, "stopped: the time limit ran out"),
        }
    }
}

impl fmt::Display for DeadEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeadEnd::NoCandidate(cell) => write!(f, "{cell} has no candidate left"),
            DeadEnd::NoPlace { digit, unit } => write!(f, "no place left for {} in {unit}", Symbol(*digit)),
        }
    }
}

impl fmt::Display for Technique {
    /// The reason of a step, after its claims: `naked pair {3, 7} in r1c2, r1c5 (row 1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.name();
        match self {
            Technique::FullHouse { unit } | Technique::HiddenSingle { unit } => write!(f, "{name} in {unit}"),
            Technique::NakedSingle => f.write_str(name),
            Technique::Locked { digit, cells, within, line } => {
                write!(f, "{name} {} in {} ({within}, {line})", Symbol(*digit), CellList(cells))
            }
            Technique::Chain { cell, digit, links, end, kind: ChainKind::Nested(level), branches, .. }
                if !branches.is_empty() =>
            {
                // Concise: the branches, each with its inner chain's name and length; the
                // placements between them at `--explain=full`.
                write!(f, "{name} of {} (level {level}): if {cell} = {} then ", self_length(self), Symbol(*digit))?;
                for b in branches {
                    if let (Some((c, d)), Technique::Chain { .. }) = (b.claim(), &b.chain) {
                        write!(f, "{c} != {} ({} of {}), ", Symbol(d), b.chain.name(), self_length(&b.chain))?;
                    }
                }
                write!(f, "so {end} ({} placements)", links.len())
            }
            Technique::Chain { cell, digit, links, end, .. } => {
                write!(f, "{name} of {}: if {cell} = {} then ", self_length(self), Symbol(*digit))?;
                for (c, d) in links {
                    write!(f, "{c} = {}, ", Symbol(*d))?;
                }
                if !links.is_empty() {
                    f.write_str("so ")?;
                }
                write!(f, "{end}")
            }
            Technique::FailedGuess { cell, digit } => write!(f, "guess {cell} = {} failed", Symbol(*digit)),
            Technique::Sum(s) => s.fmt(f),
            pattern => pattern.pattern().map_or(Ok(()), |p| p.fmt(f)),
        }
    }
}

/// A chain's links with their reasons, for [`Detail::Full`]: in Eureka notation when the
/// chain is an alternating inference chain that eliminates its assumption (`AIC:
/// (2)r2c2=(2)r3c2-(2)r3c7=(2)r8c7 => r8c2<>2`), else each placement with its reason
/// (`links: r1c3 = 5 (naked single), r4c3 = 7 (hidden single in column 3), ...`) and the
/// contradiction.
struct ChainLinks<'a> {
    /// The assumption, which the AIC eliminates.
    assumption: (Cell, u8),
    links: &'a [(Cell, u8)],
    reasons: &'a [Option<Unit>],
    aic: &'a [(Cell, u8)],
    end: &'a DeadEnd,
}

impl fmt::Display for ChainLinks<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.aic.is_empty() {
            f.write_str("AIC: ")?;
            for (i, (cell, digit)) in self.aic.iter().enumerate() {
                if i > 0 {
                    f.write_str(if i % 2 == 1 { "=" } else { "-" })?;
                }
                write!(f, "({}){cell}", Symbol(*digit))?;
            }
            let (cell, digit) = self.assumption;
            return write!(f, " => {cell}<>{}", Symbol(digit));
        }
        f.write_str("links: ")?;
        for (i, ((cell, digit), why)) in
            self.links.iter().zip(self.reasons.iter().chain(std::iter::repeat(&None))).enumerate()
        {
            if i > 0 {
                f.write_str(", ")?;
            }
            match why {
                Some(unit) => write!(f, "{cell} = {} (hidden single in {unit})", Symbol(*digit))?,
                None => write!(f, "{cell} = {} (naked single)", Symbol(*digit))?,
            }
        }
        if self.links.is_empty() {
            f.write_str("none")?;
        }
        write!(f, ", contradiction: {}", self.end)
    }
}

/// A chain's length: its links, deductions and branches, plus the assumption.
fn self_length(t: &Technique) -> u32 {
    match t {
        Technique::Chain { links, deductions, branches, .. } => {
            links.len() as u32 + deductions + branches.len() as u32 + 1
        }
        _ => 0,
    }
}

/// The links of a chain for [`Detail::Full`]: an AIC in Eureka notation, a net one branch a
/// line (`r1c6 = 9 => r2c9 = 9 (hidden single in column 9) => r5c6 != 4`); for a dynamic or
/// nested forcing chain, one line each,
/// indented by `pad` spaces: runs of placements with their reasons (`links: r1c3 = 5 (naked
/// single), ...`), each deduction drawn on the way as the elimination it is (`r4c5 != 2, 6:
/// naked pair ...`: the links after it rest on it), each branch as its claim and inner chain
/// (`r5c5 != 7: forcing net of 6: if ...`) followed by the inner chain's own links, indented
/// once more, and the contradiction.
fn write_nested_links(f: &mut fmt::Formatter<'_>, pad: usize, chain: &Technique) -> fmt::Result {
    let Technique::Chain { cell, digit, links, reasons, aic, end, branches, deductions, cited, net, .. } = chain else {
        return Ok(());
    };
    if aic.is_empty() && !net.is_empty() {
        // A net: each branch on its own line, from the assumption.
        for b in net {
            write!(f, "{:pad$}{cell} = {}", "", Symbol(*digit))?;
            for &k in &b.links {
                let Some(&(c, d)) = links.get(k as usize) else { continue };
                match reasons.get(k as usize).copied().flatten() {
                    Some(unit) => write!(f, " => {c} = {} (hidden single in {unit})", Symbol(d))?,
                    None => write!(f, " => {c} = {} (naked single)", Symbol(d))?,
                }
            }
            let (c, d) = b.removes;
            writeln!(f, " => {c} != {}", Symbol(d))?;
        }
        return writeln!(f, "{:pad$}contradiction: {end}", "");
    }
    if branches.is_empty() && cited.is_empty() {
        let assumption = (*cell, *digit);
        return writeln!(f, "{:pad$}{}", "", ChainLinks { assumption, links, reasons, aic, end });
    }
    let placement = |f: &mut fmt::Formatter<'_>, i: usize| {
        let (cell, digit) = links[i];
        match reasons.get(i).copied().flatten() {
            Some(unit) => write!(f, "{cell} = {} (hidden single in {unit})", Symbol(digit)),
            None => write!(f, "{cell} = {} (naked single)", Symbol(digit)),
        }
    };
    /// A deduction or a branch, in the order drawn: after its links, a deduction before the
    /// branch drawn with as many links and branches before it.
    enum Item<'a> {
        Cited(&'a Cited),
        Branch(&'a Branch),
    }
    let mut items: Vec<((u32, u32, bool), Item<'_>)> = cited
        .iter()
        .map(|c| ((c.after, c.branches, false), Item::Cited(c)))
        .chain(branches.iter().enumerate().map(|(i, b)| ((b.after, i as u32, true), Item::Branch(b))))
        .collect();
    items.sort_by_key(|(key, _)| *key);
    let mut next = 0;
    for item in items.iter().map(Some).chain([None]) {
        let upto = item.map_or(links.len(), |((after, ..), _)| (*after as usize).min(links.len()));
        if upto > next {
            write!(f, "{:pad$}links: ", "")?;
            for i in next..upto {
                if i > next {
                    f.write_str(", ")?;
                }
                placement(f, i)?;
            }
            writeln!(f)?;
            next = upto;
        }
        match item {
            Some((_, Item::Cited(c))) => {
                let kind = StepKind::Eliminate { claims: c.claims.clone(), technique: c.technique.clone() };
                for l in (Step { depth: 0, refuted: false, kind }).to_string().lines() {
                    writeln!(f, "{:pad$}{l}", "")?;
                }
            }
            Some((_, Item::Branch(b))) => {
                if let Some((c, d)) = b.claim() {
                    writeln!(f, "{:pad$}{c} != {}: {}", "", Symbol(d), b.chain)?;
                    write_nested_links(f, pad + 2, &b.chain)?;
                }
            }
            None => {}
        }
    }
    let unstated = (*deductions as usize).saturating_sub(cited.len());
    if unstated > 0 {
        let s = if unstated == 1 { "" } else { "s" };
        writeln!(f, "{:pad$}({unstated} deduction{s} by locked candidates and subsets)", "")?;
    }
    writeln!(f, "{:pad$}contradiction: {end}", "")
}

impl Explanation {
    /// The explanation printed with `detail`, one step per line.
    pub fn display(&self, detail: Detail) -> impl fmt::Display + '_ {
        Render { explanation: self, detail }
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let detail = if f.alternate() { Detail::Full } else { Detail::Normal };
        fmt::Display::fmt(&self.display(detail), f)
    }
}

struct Render<'a> {
    explanation: &'a Explanation,
    detail: Detail,
}

/// Writes `step` indented by `indent` levels, every line of it. A step that rests on a guess
/// not refuted (made after it, on the way to the solution: the guess was right, but nothing
/// proved it) is marked `[guess] `.
fn line(f: &mut fmt::Formatter<'_>, indent: usize, step: &Step) -> fmt::Result {
    let mark = if step.depth > 0 && !step.refuted { "[guess] " } else { "" };
    for l in step.to_string().lines() {
        writeln!(f, "{:width$}{mark}{l}", "", width = 2 * indent)?;
    }
    Ok(())
}

impl fmt::Display for Render<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let steps = &self.explanation.steps;
        let refutations = &self.explanation.refutations;
        let backtrack_of = |i: usize| {
            refutations.binary_search_by_key(&(i as u32), |&(g, _)| g).ok().map(|k| refutations[k].1 as usize)
        };
        if self.detail == Detail::Full {
            // Indent by the number of enclosing refuted guesses.
            let mut open: Vec<usize> = Vec::new();
            for (i, step) in steps.iter().enumerate() {
                while open.last() == Some(&i) {
                    open.pop();
                }
                line(f, open.len(), step)?;
                if let Some(chain @ Technique::Chain { .. }) = step.kind.technique() {
                    write_nested_links(f, 2 * (open.len() + 1), chain)?;
                }
                if let Some(b) = backtrack_of(i) {
                    open.push(b);
                }
            }
            return Ok(());
        }
        let mut i = 0;
        while i < steps.len() {
            let step = &steps[i];
            if let Some(b) = backtrack_of(i).filter(|&b| b > i && b < steps.len()) {
                line(f, 0, step)?;
                if self.detail == Detail::Normal {
                    let inner = &steps[i + 1..b];
                    let kind = StepKind::summary_of(inner);
                    if kind != (StepKind::Summary { placements: 0, eliminations: 0, guesses: 0 }) {
                        line(f, 1, &Step { depth: step.depth + 1, refuted: true, kind })?;
                    }
                    if let Some(c) = inner.iter().rev().find(|s| matches!(s.kind, StepKind::Contradiction(_))) {
                        line(f, 1, c)?;
                    }
                }
                line(f, 0, &steps[b])?;
                i = b + 1;
                continue;
            }
            if !matches!(step.kind, StepKind::Implied { .. }) {
                line(f, 0, step)?;
            }
            i += 1;
        }
        Ok(())
    }
}

impl Hint {
    /// The pencil marks as a grid: each cell's candidates (a filled cell its digit), columns
    /// aligned, boxes ruled.
    pub fn marks(&self) -> impl fmt::Display + '_ {
        Marks(self)
    }
}

struct Marks<'a>(&'a Hint);

impl fmt::Display for Marks<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hint = self.0;
        let shape = hint.shape;
        let text: Vec<String> = hint
            .marks
            .iter()
            .zip(&hint.given)
            .map(|(d, &g)| {
                let s: String = d.iter().filter_map(digit_symbol).collect();
                if g || s.is_empty() {
                    if s.is_empty() {
                        "-".to_string()
                    } else {
                        s
                    }
                } else {
                    s
                }
            })
            .collect();
        let n = shape.size();
        let width: Vec<usize> = (0..n).map(|c| (0..n).map(|r| text[r * n + c].len()).max().unwrap_or(1)).collect();
        let rule: String = (0..n)
            .map(|c| {
                let sep = if c > 0 && c % shape.box_cols() == 0 {
                    "-+-"
                } else if c > 0 {
                    "-"
                } else {
                    ""
                };
                format!("{sep}{}", "-".repeat(width[c]))
            })
            .collect();
        for r in 0..n {
            if r > 0 && r % shape.box_rows() == 0 {
                writeln!(f, "{rule}")?;
            }
            let mut line = String::new();
            for c in 0..n {
                if c > 0 {
                    line.push_str(if c % shape.box_cols() == 0 { " | " } else { " " });
                }
                line.push_str(&format!("{:w$}", text[r * n + c], w = width[c]));
            }
            writeln!(f, "{}", line.trim_end())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::{Fish, NakedSubset};

    #[test]
    fn digits_print_in_braces_with_symbols() {
        let d: Digits = [12, 3, 30, 0].into_iter().collect();
        assert_eq!(d.to_string(), "{3, C}");
        assert_eq!(Digits::EMPTY.to_string(), "{}");
        assert_eq!(Digits::single(25).iter().collect::<Vec<_>>(), [25]);
    }

    #[test]
    fn an_elimination_prints_one_line_per_set_of_digits() {
        let step = Step {
            depth: 0,
            refuted: false,
            kind: StepKind::Eliminate {
                claims: vec![
                    (Cell::new(0, 3), [3, 7].into_iter().collect()),
                    (Cell::new(0, 8), [3].into_iter().collect()),
                    (Cell::new(0, 7), [3, 7].into_iter().collect()),
                ],
                technique: Technique::NakedSubset(NakedSubset {
                    digits: [3, 7].into_iter().collect(),
                    cells: vec![Cell::new(0, 1), Cell::new(0, 4)],
                    unit: Unit::Row(0),
                }),
            },
        };
        assert_eq!(
            step.to_string(),
            "r1c4, r1c8 != 3, 7: naked pair {3, 7} in r1c2, r1c5 (row 1)\nr1c9 != 3: naked pair {3, 7} in r1c2, r1c5 (row 1)"
        );
    }

    #[test]
    fn techniques_read_with_their_cells_and_units() {
        let cells = vec![Cell::new(0, 1), Cell::new(0, 4)];
        let digits: Digits = [3, 7].into_iter().collect();
        let t = Technique::NakedSubset(NakedSubset { digits, cells: cells.clone(), unit: Unit::Row(0) });
        assert_eq!(t.to_string(), "naked pair {3, 7} in r1c2, r1c5 (row 1)");
        assert_eq!(t.rating(), 30);
        let fish = Technique::Fish(Fish {
            digit: 7,
            cells: vec![Cell::new(0, 1), Cell::new(0, 4), Cell::new(3, 1), Cell::new(3, 4)],
            bases: vec![Unit::Row(0), Unit::Row(3)],
            covers: vec![Unit::Column(1), Unit::Column(4)],
        });
        assert_eq!(fish.to_string(), "X-wing 7 in r1c2, r1c5, r4c2, r4c5 (rows 1, 4; columns 2, 5)");
        let chain = Technique::Chain {
            cell: Cell::new(0, 6),
            digit: 2,
            links: vec![(Cell::new(0, 2), 5)],
            deductions: 0,
            end: DeadEnd::NoCandidate(Cell::new(6, 8)),
            kind: ChainKind::Singles,
            reasons: vec![None],
            aic: Vec::new(),
            branches: Vec::new(),
            cited: Vec::new(),
            net: Vec::new(),
        };
        assert_eq!(chain.to_string(), "forcing chain of 2: if r1c7 = 2 then r1c3 = 5, so r7c9 has no candidate left");
        // A nested chain: its branches at normal detail, its links and the branches' links
        // at full detail.
        let nested = Technique::Chain {
            cell: Cell::new(1, 1),
            digit: 4,
            links: vec![(Cell::new(1, 2), 6), (Cell::new(2, 2), 1)],
            deductions: 1,
            end: DeadEnd::NoPlace { digit: 3, unit: Unit::Box(0) },
            kind: ChainKind::Nested(2),
            reasons: vec![None, Some(Unit::Column(2))],
            aic: Vec::new(),
            branches: vec![crate::technique::step::Branch { after: 1, chain }],
            cited: Vec::new(),
            net: Vec::new(),
        };
        assert_eq!(
            nested.to_string(),
            "nested forcing chain of 5 (level 2): if r2c2 = 4 then r1c7 != 2 (forcing chain of 2), \
             so no place left for 3 in box 1 (2 placements)"
        );
        assert_eq!(nested.rating(), crate::technique::chain_rating(105, 10));
        struct Full<'a>(&'a Technique);
        impl fmt::Display for Full<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write_nested_links(f, 2, self.0)
            }
        }
        assert_eq!(
            Full(&nested).to_string(),
            "  links: r2c3 = 6 (naked single)\n\
             \x20 r1c7 != 2: forcing chain of 2: if r1c7 = 2 then r1c3 = 5, so r7c9 has no candidate left\n\
             \x20   links: r1c3 = 5 (naked single), contradiction: r7c9 has no candidate left\n\
             \x20 links: r3c3 = 1 (hidden single in column 3)\n\
             \x20 (1 deduction by locked candidates and subsets)\n\
             \x20 contradiction: no place left for 3 in box 1\n"
        );
    }
}
