//! The ladder's variant part: naming a variant's groups (diagonals, regions, cages), and the
//! steps that reason with a killer's cage sums ([`csp::reasoning::sums`], worded by
//! [`SumTechnique`]).

use csp::reasoning::{bits, sums};

use super::{Found, Ladder};
use crate::grid::{Shape, Unit};
use crate::killer_reasoning::SumTechnique;
use crate::step::{Digits, Technique};

/// A killer cage for the ladder: its group and its sum.
#[derive(Clone, Debug)]
pub(crate) struct CageSum {
    /// Its variables (local indices), in the cage's order.
    pub(crate) vars: Vec<u32>,
    /// Its sum.
    pub(crate) sum: u32,
    /// Its unit ([`Unit::Cage`]).
    pub(crate) unit: Unit,
}

/// Which sum steps to look for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stage {
    /// Cage combinations, innies and outies of one or two units (below locked candidates).
    Easy,
    /// Cage pointing, innies and outies of three and four units.
    Hard,
}

/// The largest number of innies or outies reasoned about: a person adds up a few cells.
const MAX_CELLS: usize = 6;

/// The unit of the group posted as constraint `name` by [`encode_rules`](crate::variant)
/// (`row3`, `diag1`, `region_a`, `cage_b`); `numbered` counts the regions and cages met so
/// far, which are numbered in model order.
pub(super) fn unit_named(name: &str, shape: Shape, numbered: &mut [usize; 2]) -> Option<Unit> {
    let next = |k: &mut usize| {
        *k += 1;
        *k - 1
    };
    match name {
        "diag1" => Some(Unit::Diagonal(0)),
        "diag2" => Some(Unit::Diagonal(1)),
        _ if name.starts_with("region_") => Some(Unit::Region(next(&mut numbered[0]))),
        _ if name.starts_with("cage_") => Some(Unit::Cage(next(&mut numbered[1]))),
        _ => Unit::from_constraint_name(name).filter(|u| u.index() < shape.size()),
    }
}

impl Ladder {
    /// Gives the ladder a killer's cages: `(label order index, sum)` for each cage group.
    pub(crate) fn set_cage_sums(&mut self, sums: &[u32]) {
        self.cages = self
            .unit_of
            .iter()
            .enumerate()
            .filter_map(|(g, &u)| match u {
                Unit::Cage(k) => Some(CageSum {
                    vars: self.cands.groups()[g].vars.clone(),
                    sum: sums.get(k).copied().unwrap_or(0),
                    unit: u,
                }),
                _ => None,
            })
            .collect();
    }

    /// The first sum step of `stage` that removes something, if the puzzle has cages.
    pub(super) fn sum_step(&self, stage: Stage) -> Option<Found> {
        if self.cages.is_empty() {
            return None;
        }
        match stage {
            Stage::Easy => self.combination().or_else(|| self.innies(1)).or_else(|| self.innies(2)),
            Stage::Hard => self.cage_pointing().or_else(|| self.innies(3)).or_else(|| self.innies(4)),
        }
    }

    /// The first cage whose combinations rule out a candidate.
    fn combination(&self) -> Option<Found> {
        let c = &self.cands;
        for cage in &self.cages {
            if cage.vars.iter().all(|&l| self.placed[l as usize]) {
                continue;
            }
            let sum = i64::from(cage.sum);
            let removals = match sums::support(c, &cage.vars, sum) {
                Some(kept) => removals(c, &cage.vars, &kept),
                // No combination fits: the first open cell loses everything (a dead end).
                None => cage.vars.iter().find(|&&l| c.mask(l) != 0).map(|&l| vec![(l, c.mask(l))])?,
            };
            if removals.is_empty() {
                continue;
            }
            // Listed as a person writes them: by their smallest digits first.
            let mut combinations: Vec<Digits> =
                sums::combinations(c, &cage.vars, sum).into_iter().map(|m| self.digits(m)).collect();
            combinations.sort_by_key(|d| d.iter().collect::<Vec<u8>>());
            let technique = Technique::Sum(SumTechnique::Combination {
                cage: cage.unit,
                sum: cage.sum,
                size: cage.vars.len(),
                combinations,
            });
            return Some(Found::Eliminate { removals, technique });
        }
        None
    }

    /// The first digit every combination of a cage holds, whose places in the cage lie in
    /// another group, that the rest of that group holds.
    fn cage_pointing(&self) -> Option<Found> {
        let c = &self.cands;
        for cage in &self.cages {
            let combos = sums::combinations(c, &cage.vars, i64::from(cage.sum));
            let Some(required) = combos.iter().copied().reduce(|a, b| a & b) else { continue };
            for bit in bits(required) {
                let places: Vec<u32> = cage.vars.iter().copied().filter(|&l| c.mask(l) & (1 << bit) != 0).collect();
                if places.len() < 2 {
                    continue;
                }
                let cage_group =
                    c.groups_of(places[0]).iter().copied().find(|&g| self.unit_of[g as usize] == cage.unit);
                for &g in c.groups_of(places[0]) {
                    if Some(g) == cage_group || !places.iter().all(|&l| c.groups_of(l).contains(&g)) {
                        continue;
                    }
                    let removals: Vec<(u32, u64)> = c.groups()[g as usize]
                        .vars
                        .iter()
                        .filter(|&&l| !cage.vars.contains(&l) && c.mask(l) & (1 << bit) != 0)
                        .map(|&l| (l, 1 << bit))
                        .collect();
                    if removals.is_empty() {
                        continue;
                    }
                    let technique = Technique::Sum(SumTechnique::Pointing {
                        digit: self.digit(bit),
                        cells: self.cells(&places),
                        cage: cage.unit,
                        line: self.unit_of[g as usize],
                    });
                    return Some(Found::Eliminate { removals, technique });
                }
            }
        }
        None
    }

    /// The areas of `units` consecutive rows, columns (or, for one unit, boxes): their groups
    /// and units.
    fn areas(&self, units: usize) -> Vec<(Vec<u32>, Vec<Unit>)> {
        let n = self.shape.size();
        let mut out = Vec::new();
        let mut families = vec![self.rows, self.cols];
        if units == 1 {
            families.insert(0, self.boxes);
        }
        for family in families {
            let groups = &self.cands.families()[family];
            for start in 0..(n + 1).saturating_sub(units) {
                let chosen: Vec<u32> = groups.iter().copied().skip(start).take(units).collect();
                if chosen.len() == units && chosen.iter().all(|&g| self.cands.groups()[g as usize].tight) {
                    let area = chosen.iter().map(|&g| self.unit_of[g as usize]).collect();
                    out.push((chosen, area));
                }
            }
        }
        out
    }

    /// The first innies or outies of an area of `units` units that rule out a candidate.
    fn innies(&self, units: usize) -> Option<Found> {
        let c = &self.cands;
        let sums: Vec<(Vec<u32>, i64)> = self.cages.iter().map(|k| (k.vars.clone(), i64::from(k.sum))).collect();
        for (groups, area) in self.areas(units) {
            let border = sums::innies_outies(c, &groups, &sums);
            let sides = std::iter::once((border.innies, border.innie_total, false))
                .chain(border.outies.map(|(o, t)| (o, t, true)));
            for (vars, total, outies) in sides {
                if vars.is_empty() || vars.len() > MAX_CELLS || vars.iter().all(|&l| self.placed[l as usize]) {
                    continue;
                }
                let removals = match sums::support(c, &vars, total) {
                    Some(kept) => removals(c, &vars, &kept),
                    None => vars.iter().find(|&&l| c.mask(l) != 0).map(|&l| vec![(l, c.mask(l))]).unwrap_or_default(),
                };
                if removals.is_empty() {
                    continue;
                }
                let technique = Technique::Sum(SumTechnique::Innies {
                    area: area.clone(),
                    cells: self.cells(&vars),
                    sum: u32::try_from(total).unwrap_or(0),
                    outies,
                });
                return Some(Found::Eliminate { removals, technique });
            }
        }
        None
    }
}

/// Each of `vars` with the candidates not in `kept` (by position), if any.
fn removals(c: &csp::reasoning::Candidates, vars: &[u32], kept: &[u64]) -> Vec<(u32, u64)> {
    vars.iter().zip(kept).map(|(&l, &k)| (l, c.mask(l) & !k)).filter(|&(_, gone)| gone != 0).collect()
}
