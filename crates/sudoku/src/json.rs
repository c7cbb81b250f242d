//! Steps and puzzles as JSON: the data a step's text is written from, for programs (the web
//! board, `--explain --format json`).
//!
//! Written by hand rather than with serde: the output is a handful of flat shapes, there is
//! nothing to read back, and the crate keeps its two dependencies (`csp`, `log`).
//!
//! Cells are `[row, column]` and candidates `[row, column, digit]`, rows and columns from 0,
//! digits from 1. Units are `{"kind": "row", "index": 2, "name": "row 3"}` with `kind` one of
//! `row`, `column`, `box`, `diagonal`, `region`, `cage` (a region's or cage's index is its place
//! in the map's label order).
//!
//! A step ([`step`]):
//!
//! ```text
//! {"text": "r1c4, r1c8 != 3, 7: naked pair {3, 7} in r1c2, r1c5 (row 1)",
//!  "kind": "eliminate",            place, eliminate, implied, guess, backtrack,
//!                                  contradiction, summary, stopped or timed_out
//!  "depth": 0, "refuted": false,
//!  "technique": "naked pair", "rating": 3.0,      null for steps without a technique
//!  "placements": [{"cell": [r, c], "digit": d}],
//!  "eliminations": [{"cell": [r, c], "digits": [3, 7]}],
//!  "cells": [[0, 1], [0, 4]],       the cells the technique uses
//!  "candidates": [[0, 1, 3], ...],  the candidates it uses (its cells with its digits)
//!  "units": [{"kind": "row", "index": 0, "name": "row 1"}],
//!  "links": [{"from": [r, c, d], "to": [r, c, d], "kind": "strong"}],
//!  "cited": [{"text": "r3c6 != 8: naked pair {2, 8} in r3c1, r3c2 (row 3)", ...}]}
//!                                  a dynamic or nested chain's deductions drawn on the way,
//!                                  each a step (only when it has some)
//! ```
//!
//! A link's `kind` is `strong` (one of the two holds), `weak` (not both) or `implies` (a
//! forcing chain's next placement, which follows from the one before).
//!
//! # Example
//!
//! ```
//! use sudoku::{json, Explainer, Grid};
//!
//! let grid = Grid::from_line("...3..4114..3...")?;
//! let hint = Explainer::new(grid.shape()).hint(&grid);
//! let text = json::step(hint.step().unwrap());
//! assert!(text.starts_with(r#"{"text":"r1c3 = 2: full house in box 2","kind":"place""#), "{text}");
//! assert!(text.contains(r#""technique":"full house","rating":1.0"#), "{text}");
//! assert!(text.contains(r#""placements":[{"cell":[0,2],"digit":2}]"#), "{text}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Write as _;

use crate::dead_end::DeadEnd;
use crate::digits::Digits;
use crate::error::Area;
use crate::grid::{Cell, Unit};
use crate::killer_reasoning::{SumChainEnd, SumTechnique};
use crate::technique::step::{Contradiction, Fault, Step, StepKind};
use crate::technique::uses::Parts;
use crate::technique::Technique;
use crate::variant::Puzzle;

/// `s` as a JSON string, quotes included.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_string(&mut out, s);
    out
}

fn push_string(out: &mut String, s: &str) {
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

impl Parts {
    fn dead_end(&mut self, end: &DeadEnd) {
        match *end {
            DeadEnd::NoCandidate(cell) => self.cells(&[cell]),
            DeadEnd::NoPlace { unit, .. } => self.units(&[unit]),
        }
    }

    /// The cells, candidates, units and links of `technique`.
    fn technique(&mut self, technique: &Technique) {
        match technique {
            Technique::FullHouse { unit } | Technique::HiddenSingle { unit } => self.units(&[*unit]),
            Technique::NakedSingle => {}
            Technique::Locked { digit, cells, within, line } => {
                self.candidates(cells, Digits::single(*digit));
                self.units(&[*within, *line]);
            }
            Technique::Chain { cell, digit, links, end, aic, .. } => {
                if aic.len() > 1 {
                    self.cells(&aic.iter().map(|n| n.0).collect::<Vec<_>>());
                    self.candidates.extend(aic.iter().copied());
                    // From the first endpoint: strong, weak, strong, ...
                    self.alternating(aic, true);
                } else {
                    self.implications((*cell, *digit), links.iter().copied());
                }
                self.dead_end(end);
            }
            Technique::Sum(sum) => self.sum(sum),
            Technique::FailedGuess { cell, digit } => self.candidates(&[*cell], Digits::single(*digit)),
            pattern => {
                if let Some(p) = pattern.pattern() {
                    p.uses(self);
                }
            }
        }
    }

    fn sum(&mut self, sum: &SumTechnique) {
        match sum {
            SumTechnique::Combination { cage, .. } => self.units(&[*cage]),
            SumTechnique::Innies { area, cells, .. } => {
                self.cells(cells);
                self.units(area);
            }
            SumTechnique::Pointing { digit, cells, cage, line } => {
                self.candidates(cells, Digits::single(*digit));
                self.units(&[*cage, *line]);
            }
            SumTechnique::Split { area, plus, minus, .. } => {
                self.cells(plus);
                self.cells(minus);
                self.units(area);
            }
            SumTechnique::Interaction { unit, cages } => {
                self.units(&[*unit]);
                self.units(cages);
            }
            SumTechnique::Blocking { cell, digit, cage, .. } => {
                self.candidates(&[*cell], Digits::single(*digit));
                self.units(&[*cage]);
            }
            SumTechnique::Chain { cell, digit, links, end, .. } => {
                self.implications((*cell, *digit), links.iter().map(|&(c, d, _)| (c, d)));
                match end {
                    SumChainEnd::DeadEnd(d) => self.dead_end(d),
                    SumChainEnd::Area(area) => self.units(area),
                    SumChainEnd::Cage { cage, .. } => self.units(&[*cage]),
                }
            }
        }
    }
}

/// The kind word of a unit.
fn unit_kind(unit: Unit) -> &'static str {
    match unit {
        Unit::Row(_) => "row",
        Unit::Column(_) => "column",
        Unit::Box(_) => "box",
        Unit::Diagonal(_) => "diagonal",
        Unit::Region(_) => "region",
        Unit::Cage(_) => "cage",
    }
}

fn push_cell(out: &mut String, cell: Cell) {
    let _ = write!(out, "[{},{}]", cell.row(), cell.col());
}

fn push_unit(out: &mut String, unit: Unit) {
    let _ = write!(out, "{{\"kind\":\"{}\",\"index\":{},\"name\":", unit_kind(unit), unit.index());
    push_string(out, &unit.to_string());
    out.push('}');
}

fn push_list<T>(out: &mut String, items: &[T], mut f: impl FnMut(&mut String, &T)) {
    out.push('[');
    for (k, item) in items.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        f(out, item);
    }
    out.push(']');
}

/// One step as a JSON object (the shape in the module docs), on one line.
pub fn step(step: &Step) -> String {
    let mut parts = Parts::default();
    let (kind, technique) = match &step.kind {
        StepKind::Place { cell, digit, technique } => {
            parts.placements.push((*cell, *digit));
            ("place", Some(technique))
        }
        StepKind::Eliminate { claims, technique } => {
            parts.eliminations.extend(claims.iter().copied());
            ("eliminate", Some(technique))
        }
        StepKind::Implied { cells, digit, by, unit } => {
            parts.eliminations.extend(cells.iter().map(|&c| (c, Digits::single(*digit))));
            parts.cells(&[*by]);
            parts.units(&[*unit]);
            ("implied", None)
        }
        StepKind::Guess { cell, digit, .. } => {
            parts.placements.push((*cell, *digit));
            ("guess", None)
        }
        StepKind::Backtrack { cell, digit } => {
            parts.candidates(&[*cell], Digits::single(*digit));
            ("backtrack", None)
        }
        StepKind::Contradiction(c) => {
            match c {
                Contradiction::Clash(clash) => {
                    parts.candidates(&[clash.first, clash.second], Digits::single(clash.digit));
                    parts.units(&[clash.unit]);
                }
                Contradiction::DeadEnd(end) => parts.dead_end(end),
                Contradiction::NoSolution(Some(
                    Fault::WrongDigit { cell, digit } | Fault::CrossedOut { cell, digit },
                )) => parts.candidates(&[*cell], Digits::single(*digit)),
                Contradiction::NoSolution(_) => {}
            }
            ("contradiction", None)
        }
        StepKind::Summary { .. } => ("summary", None),
        StepKind::Stopped { .. } => ("stopped", None),
        StepKind::TimedOut => ("timed_out", None),
    };
    if let Some(t) = technique {
        parts.technique(t);
    }
    let mut out = String::with_capacity(256);
    out.push_str("{\"text\":");
    push_string(&mut out, &step.to_string());
    let _ = write!(out, ",\"kind\":\"{kind}\",\"depth\":{},\"refuted\":{}", step.depth, step.refuted);
    match technique {
        Some(t) => {
            out.push_str(",\"technique\":");
            push_string(&mut out, t.name());
            let r = t.rating();
            let _ = write!(out, ",\"rating\":{}.{}", r / 10, r % 10);
        }
        None => out.push_str(",\"technique\":null,\"rating\":null"),
    }
    out.push_str(",\"placements\":");
    push_list(&mut out, &parts.placements, |o, &(c, d)| {
        o.push_str("{\"cell\":");
        push_cell(o, c);
        let _ = write!(o, ",\"digit\":{d}}}");
    });
    out.push_str(",\"eliminations\":");
    push_list(&mut out, &parts.eliminations, |o, &(c, ds)| {
        o.push_str("{\"cell\":");
        push_cell(o, c);
        o.push_str(",\"digits\":");
        push_list(o, &ds.iter().collect::<Vec<u8>>(), |o, d| {
            let _ = write!(o, "{d}");
        });
        o.push('}');
    });
    out.push_str(",\"cells\":");
    push_list(&mut out, &parts.cells, |o, &c| push_cell(o, c));
    out.push_str(",\"candidates\":");
    push_list(&mut out, &parts.candidates, |o, &(c, d)| {
        let _ = write!(o, "[{},{},{d}]", c.row(), c.col());
    });
    out.push_str(",\"units\":");
    push_list(&mut out, &parts.units, |o, &u| push_unit(o, u));
    out.push_str(",\"links\":");
    push_list(&mut out, &parts.links, |o, &((a, da), (b, db), kind)| {
        let _ = write!(
            o,
            "{{\"from\":[{},{},{da}],\"to\":[{},{},{db}],\"kind\":\"{kind}\"}}",
            a.row(),
            a.col(),
            b.row(),
            b.col()
        );
    });
    if let Some(Technique::Chain { cited, .. }) =
        technique.filter(|t| matches!(t, Technique::Chain { cited, .. } if !cited.is_empty()))
    {
        // The deductions a dynamic or nested chain draws on the way, each as the step it is.
        out.push_str(",\"cited\":");
        push_list(&mut out, cited, |o, c| {
            let kind = StepKind::Eliminate { claims: c.claims.clone(), technique: c.technique.clone() };
            o.push_str(&self::step(&Step { depth: step.depth, refuted: step.refuted, kind }));
        });
    }
    out.push('}');
    out
}

/// A puzzle as a JSON object: its size and box shape, variant, givens (one line, `.` for an
/// empty cell) and areas beyond rows, columns and boxes (diagonals, jigsaw regions, killer
/// cages with their sums), each with its cells:
///
/// ```text
/// {"size": 9, "boxRows": 3, "boxCols": 3, "variant": "killer", "givens": "...",
///  "areas": [{"kind": "cage", "label": "a", "sum": 10, "cells": [[0, 0], [0, 1]]}]}
/// ```
///
/// # Example
///
/// ```
/// use sudoku::{json, Puzzle, Variant};
///
/// let puzzle = Puzzle::parse(Variant::Killer, "aabb\naabb\nccdd\nccdd\na 10\nb 10\nc 10\nd 10")?;
/// let text = json::puzzle(&puzzle);
/// assert!(text.contains(r#"{"kind":"cage","label":"a","sum":10,"cells":[[0,0],[0,1],[1,0],[1,1]]}"#), "{text}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn puzzle(puzzle: &Puzzle) -> String {
    let shape = puzzle.shape();
    let mut out = String::with_capacity(256 + shape.num_cells() * 8);
    let _ = write!(
        out,
        "{{\"size\":{},\"boxRows\":{},\"boxCols\":{},\"variant\":\"{}\",\"givens\":",
        shape.size(),
        shape.box_rows(),
        shape.box_cols(),
        puzzle.variant().name()
    );
    push_string(&mut out, &puzzle.grid().to_line());
    out.push_str(",\"areas\":");
    let areas: Vec<(Area, Vec<Cell>)> =
        puzzle.areas().into_iter().filter(|(a, _)| !matches!(a, Area::Unit(_))).collect();
    push_list(&mut out, &areas, |o, (area, cells)| {
        match area {
            Area::MainDiagonal => o.push_str("{\"kind\":\"diagonal\",\"label\":\"main\""),
            Area::AntiDiagonal => o.push_str("{\"kind\":\"diagonal\",\"label\":\"anti\""),
            Area::Region(l) => {
                o.push_str("{\"kind\":\"region\",\"label\":");
                push_string(o, &l.to_string());
            }
            Area::Cage(l) => {
                o.push_str("{\"kind\":\"cage\",\"label\":");
                push_string(o, &l.to_string());
                let sum = puzzle.cages().and_then(|c| c.get(*l)).map_or(0, |c| c.sum());
                let _ = write!(o, ",\"sum\":{sum}");
            }
            Area::Unit(_) => o.push_str("{\"kind\":\"unit\""),
        }
        o.push_str(",\"cells\":");
        push_list(o, cells, |o, &c| push_cell(o, c));
        o.push('}');
    });
    out.push('}');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::solve::Explainer;

    #[test]
    fn strings_are_escaped() {
        assert_eq!(string("a\"b\\c\nd\u{1}"), r#""a\"b\\c\nd\u0001""#);
    }

    /// The links of every step of `line`'s explanation: each end is a candidate the step uses,
    /// each link starts where the one before ended, and strong and weak links alternate.
    fn links_are_chains(line: &str) -> usize {
        let grid = Grid::from_line(line).unwrap();
        let explanation = Explainer::new(grid.shape()).explain(&grid);
        let mut linked = 0;
        for s in explanation.steps() {
            let mut parts = Parts::default();
            if let Some(t) = s.kind.technique() {
                parts.technique(t);
            }
            for (k, &(from, to, kind)) in parts.links.iter().enumerate() {
                assert!(parts.candidates.contains(&from) && parts.candidates.contains(&to), "{s}");
                if k > 0 {
                    let (_, end, before) = parts.links[k - 1];
                    assert_eq!(end, from, "{s}");
                    if kind != "implies" {
                        assert_ne!(before, kind, "{s}");
                    }
                }
            }
            linked += usize::from(!parts.links.is_empty());
        }
        linked
    }

    #[test]
    fn links_run_from_candidate_to_candidate_alternating() {
        // An X-chain (rated 7.1 by Sudoku Explainer) and Arto Inkala's puzzle (dynamic chains).
        assert!(
            links_are_chains(".5.642.3.2...5...8..1...6....9.7.5.....8.4....3.2.5.9.9...3...5.2.....7....4.8...") > 0
        );
        assert!(
            links_are_chains("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..") > 0
        );
    }

    #[test]
    fn every_step_of_a_hard_explanation_is_one_line_with_its_text() {
        // Arto Inkala's puzzle: chains and eliminations of many kinds.
        let grid = Grid::from_line("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
            .unwrap();
        let explanation = Explainer::new(grid.shape()).explain(&grid);
        for s in explanation.steps() {
            let text = step(s);
            assert!(!text.contains('\n'), "{text}");
            assert!(text.starts_with(&format!("{{\"text\":{}", string(&s.to_string()))), "{text}");
            assert_eq!(text.matches('{').count(), text.matches('}').count(), "{text}");
            assert_eq!(text.matches('[').count(), text.matches(']').count(), "{text}");
        }
    }
}
