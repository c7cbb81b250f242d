//! The ladder's uniqueness patterns and Sue de Coq: unique rectangles, BUG types 3 and 4
//! (`logic::{uniqueness, grave}`), Sue de Coq (`logic::sue_de_coq`), turned
//! into steps.

use logic::{grave, sue_de_coq, uniqueness};

use super::{Found, Ladder};
use crate::step::Technique;

impl Ladder {
    /// The first unique rectangle of the smallest rating: hidden ones (`hidden`) or those of
    /// types 1 to 4.
    pub(super) fn rectangle(&self, hidden: bool) -> Option<Found> {
        let all = uniqueness::rectangles(&self.cands);
        let found = all.into_iter().filter(|r| (r.kind == 0) == hidden).map(|r| {
            let (digits, cells) = (self.digits(r.values), self.cells(&r.vars));
            let technique = match (r.kind, r.group) {
                (3, Some(g)) => {
                    let values = r.removals.first().map_or(0, |&(_, m)| m);
                    Technique::UniqueRectangleSubset {
                        digits,
                        cells,
                        values: self.digits(values),
                        subset: self.cells(&r.subset),
                        unit: self.unit_of[g as usize],
                    }
                }
                (kind, _) => Technique::UniqueRectangle { digits, cells, kind },
            };
            Found::Eliminate { removals: r.removals, technique }
        });
        found.min_by_key(|f| match f {
            Found::Eliminate { technique, .. } | Found::Place { technique, .. } => technique.rating(),
        })
    }

    /// The first BUG of type `kind` (3 or 4) of the smallest rating.
    pub(super) fn bug_group(&self, kind: u8) -> Option<Found> {
        let found = grave::find(&self.cands).into_iter().filter(|b| b.kind == kind).map(|b| {
            let unit = self.unit_of[b.group as usize];
            let technique = match b.vars[..] {
                [e, f] if kind == 4 => Technique::BugLink {
                    cells: [self.cell(e), self.cell(f)],
                    digit: self.digit(b.values.trailing_zeros()),
                    unit,
                },
                _ => Technique::BugSubset {
                    cells: self.cells(&b.vars),
                    extra: self.digits(b.extra),
                    values: self.digits(b.values),
                    subset: self.cells(&b.subset),
                    unit,
                },
            };
            Found::Eliminate { removals: b.removals, technique }
        });
        found.min_by_key(|f| match f {
            Found::Eliminate { technique, .. } | Found::Place { technique, .. } => technique.rating(),
        })
    }

    /// The first Sue de Coq on a row and a box, then on a column and a box; grids of up to 9x9
    /// only (HoDoKu's; on larger grids the search grows as the sixth power of a line's open
    /// cells: an empty 25x25 grid's explanation ran more than two minutes instead of 0.4 s).
    pub(super) fn sue_de_coq(&self) -> Option<Found> {
        if self.shape.size() > 9 {
            return None;
        }
        let c = &self.cands;
        let s = sue_de_coq::find_first(c, self.rows, self.boxes)
            .or_else(|| sue_de_coq::find_first(c, self.cols, self.boxes))?;
        let technique = Technique::SueDeCoq {
            core: self.cells(&s.core),
            line_cells: self.cells(&s.sides[0]),
            box_cells: self.cells(&s.sides[1]),
            digits: s.values.map(|v| self.digits(v)),
            line: self.unit_of[s.groups[0] as usize],
            block: self.unit_of[s.groups[1] as usize],
        };
        Some(Found::Eliminate { removals: s.removals, technique })
    }
}
