//! The ladder's variant part: naming a variant's groups (diagonals, regions, cages), and the
//! steps that reason with a killer's cage sums ([`logic::sums`], worded by
//! [`SumTechnique`]).

use logic::sum_trial::{self, SumTrial};
use logic::{bits, interactions, sums};

use super::super::{chain_rating, LINK_WEIGHT};
use super::{Found, Ladder, TRIAL_BUDGET};
use crate::grid::Unit;
use crate::killer_reasoning::{SumChainEnd, SumReason, SumTechnique, SUM_CHAIN_BASE};
use crate::technique::step::Digits;
use crate::technique::Technique;

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
    /// Cage pointing, innies and outies of three and four units, cage interactions.
    Hard,
}

/// The largest number of innies or outies reasoned about: a person adds up a few cells.
const MAX_CELLS: usize = 6;

/// The largest number of cells of a split (innies and outies together).
const MAX_SPLIT: usize = 5;

/// The largest number of open cells of a rule-of-45 equation that sum chains use.
const MAX_TRIAL_EQUATION: usize = 6;

/// The longest sum chain tried, in placements and deductions.
const SUM_CHAIN_LIMIT: u32 = 200;

/// A killer's trial budget, in [`TRIAL_BUDGET`]s: a killer without givens can need a couple of
/// hundred sum chains, each a scan of every candidate (after the scans for classic chains),
/// where a plain puzzle needs a few chains (the last held-out killer that needed a guess
/// spent the plain budget after 74 sum chains and needs about 180).
const KILLER_BUDGET: u64 = 4;

impl Ladder {
    /// The trial work after which the ladder stops looking for chains and guesses instead:
    /// [`TRIAL_BUDGET`], [`KILLER_BUDGET`] times that for a killer.
    pub(super) fn trial_budget(&self) -> u64 {
        if self.cages.is_empty() {
            TRIAL_BUDGET
        } else {
            TRIAL_BUDGET * KILLER_BUDGET
        }
    }

    /// Gives the ladder a killer's cages: `(label order index, sum)` for each cage group.
    pub(crate) fn set_cage_sums(&mut self, sums: &[u32]) {
        self.cages = self
            .board
            .unit_of
            .iter()
            .enumerate()
            .filter_map(|(g, &u)| match u {
                Unit::Cage(k) => Some(CageSum {
                    vars: self.board.cands.groups()[g].vars.clone(),
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
            Stage::Easy => self
                .combination()
                .or_else(|| self.innies(1))
                .or_else(|| self.innies(2))
                .or_else(|| self.split(1))
                .or_else(|| self.split(2)),
            Stage::Hard => self
                .cage_pointing()
                .or_else(|| self.innies(3))
                .or_else(|| self.innies(4))
                .or_else(|| self.split(3))
                .or_else(|| self.split(4))
                .or_else(|| self.interaction()),
        }
    }

    /// The first cage whose combinations rule out a candidate.
    fn combination(&self) -> Option<Found> {
        let c = &self.board.cands;
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
        let c = &self.board.cands;
        for cage in &self.cages {
            let combos = sums::combinations(c, &cage.vars, i64::from(cage.sum));
            let Some(required) = combos.iter().copied().reduce(|a, b| a & b) else { continue };
            for bit in bits(required) {
                let places: Vec<u32> = cage.vars.iter().copied().filter(|&l| c.mask(l) & (1 << bit) != 0).collect();
                if places.len() < 2 {
                    continue;
                }
                let cage_group =
                    c.groups_of(places[0]).iter().copied().find(|&g| self.board.unit_of[g as usize] == cage.unit);
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
                        line: self.board.unit_of[g as usize],
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
        let n = self.board.shape.size();
        let mut out = Vec::new();
        let mut families = vec![self.board.rows, self.board.cols];
        if units == 1 {
            families.insert(0, self.board.boxes);
        }
        for family in families {
            let groups = &self.board.cands.families()[family];
            for start in 0..(n + 1).saturating_sub(units) {
                let chosen: Vec<u32> = groups.iter().copied().skip(start).take(units).collect();
                if chosen.len() == units && chosen.iter().all(|&g| self.board.cands.groups()[g as usize].tight) {
                    let area = chosen.iter().map(|&g| self.board.unit_of[g as usize]).collect();
                    out.push((chosen, area));
                }
            }
        }
        out
    }

    /// The first innies or outies of an area of `units` units that rule out a candidate.
    fn innies(&self, units: usize) -> Option<Found> {
        let c = &self.board.cands;
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

impl Ladder {
    /// The first row, column or box (boxes first) whose cages, taken together, rule out a
    /// candidate: the share of the unit each cage can take that leaves the others room to
    /// fill it ([`interactions`]).
    fn interaction(&self) -> Option<Found> {
        let c = &self.board.cands;
        let sums = self.sums();
        for family in [self.board.boxes, self.board.rows, self.board.cols] {
            for &g in &c.families()[family] {
                let group = &c.groups()[g as usize];
                if !group.tight || group.vars.iter().all(|&l| self.placed[l as usize]) {
                    continue;
                }
                let removals = match interactions::interactions(c, g, &sums) {
                    Some(kept) => removals(c, &group.vars, &kept),
                    None => group.vars.iter().find(|&&l| c.mask(l) != 0).map(|&l| vec![(l, c.mask(l))])?,
                };
                if removals.is_empty() {
                    continue;
                }
                // The cages with an open cell in the unit.
                let cages = self
                    .cages
                    .iter()
                    .filter(|k| k.vars.iter().any(|&l| group.vars.contains(&l) && !self.placed[l as usize]))
                    .map(|k| k.unit)
                    .collect();
                let technique =
                    Technique::Sum(SumTechnique::Interaction { unit: self.board.unit_of[g as usize], cages });
                return Some(Found::Eliminate { removals, technique });
            }
        }
        None
    }

    /// The first candidate (in cell order) whose digit, leaving the cell's units, leaves a cage
    /// without a combination ([`SumTrial::blocking`]). `None` without cages.
    pub(super) fn cage_blocking(&self) -> Option<Found> {
        if self.cages.is_empty() {
            return None;
        }
        let trial = SumTrial::new(&self.board.cands, self.sums(), Vec::new());
        let &(var, bit, sum) = trial.blocking(&self.board.cands).first()?;
        let cage = &self.cages[sum as usize];
        let technique = Technique::Sum(SumTechnique::Blocking {
            cell: self.cell(var),
            digit: self.digit(bit),
            cage: cage.unit,
            sum: cage.sum,
            size: cage.vars.len(),
        });
        Some(Found::Eliminate { removals: vec![(var, 1 << bit)], technique })
    }

    /// The cage sums as the engine's reasoning takes them.
    fn sums(&self) -> Vec<(Vec<u32>, i64)> {
        self.cages.iter().map(|k| (k.vars.clone(), i64::from(k.sum))).collect()
    }

    /// The first split of an area of `units` units (innies and outies, some cages taken
    /// whole) that rules out a candidate.
    fn split(&self, units: usize) -> Option<Found> {
        let c = &self.board.cands;
        let sums = self.sums();
        for (groups, area) in self.areas(units) {
            for take_ties in [false, true] {
                let e = sums::split(c, &groups, &sums, take_ties);
                let n = e.plus.len() + e.minus.len();
                if n == 0 || n > MAX_SPLIT {
                    continue;
                }
                let vars: Vec<u32> = e.plus.iter().chain(&e.minus).copied().collect();
                let removals = match sums::support_equation(c, &e) {
                    Some(kept) => removals(c, &vars, &kept),
                    None => vec![(vars[0], c.mask(vars[0]))],
                };
                if removals.is_empty() {
                    continue;
                }
                let (plus, minus, total) = if e.total >= 0 || e.plus.is_empty() {
                    (&e.plus, &e.minus, e.total)
                } else {
                    (&e.minus, &e.plus, -e.total)
                };
                let total = u32::try_from(total.unsigned_abs()).unwrap_or(0);
                let technique = if minus.is_empty() || plus.is_empty() {
                    // All on one side: innies (or outies) of the area, with placed cells and
                    // some cages taken whole counted in the total.
                    SumTechnique::Innies {
                        area: area.clone(),
                        cells: self.cells(if plus.is_empty() { minus } else { plus }),
                        sum: total,
                        outies: plus.is_empty(),
                    }
                } else {
                    SumTechnique::Split { area: area.clone(), plus: self.cells(plus), minus: self.cells(minus), total }
                };
                return Some(Found::Eliminate { removals, technique: Technique::Sum(technique) });
            }
        }
        None
    }

    /// The shortest sum chain (a refutation by singles and cage combinations), the first
    /// in the order of a scan of the candidates of that length; if there is none, the
    /// shortest that also uses the rule of 45 and locked candidates (costlier: each trial
    /// adds up areas). `None`
    /// without cages or once the ladder's trial budget is spent.
    pub(super) fn sum_chain(&mut self) -> Option<Found> {
        if self.cages.is_empty() {
            return None;
        }
        self.sum_chain_with(false).or_else(|| self.sum_chain_with(true))
    }

    /// [`sum_chain`](Ladder::sum_chain), with the rule of 45 or without.
    fn sum_chain_with(&mut self, rule_of_45: bool) -> Option<Found> {
        // The splits of the areas of 1 to 4 units, small enough to add up in one's head.
        let sums = self.sums();
        let (mut equations, mut areas) = (Vec::new(), Vec::new());
        for units in (1..=4).filter(|_| rule_of_45) {
            for (groups, area) in self.areas(units) {
                for take_ties in [false, true] {
                    let e = sums::split(&self.board.cands, &groups, &sums, take_ties);
                    let n = e.plus.len() + e.minus.len();
                    if n > 0 && n <= MAX_TRIAL_EQUATION && !equations.contains(&e) {
                        equations.push(e);
                        areas.push(area.clone());
                    }
                }
            }
        }
        let memo = std::mem::take(&mut self.sum_memo);
        let trial = SumTrial::new(&self.board.cands, sums, equations).with_memo(memo);
        let trial = if rule_of_45 { trial.deep() } else { trial };
        let cells = self.board.cands.num_vars() as u64;
        let mut best: Option<sum_trial::SumChain> = None;
        for l in 0..cells as u32 {
            if self.placed[l as usize] || self.board.cands.mask(l).count_ones() < 2 {
                continue;
            }
            for bit in bits(self.board.cands.mask(l)) {
                self.trials += cells;
                if self.trials > self.trial_budget() || self.timed_out() {
                    self.sum_memo = trial.into_memo();
                    return None;
                }
                let limit = best.as_ref().map_or(SUM_CHAIN_LIMIT, |b| b.length() - 1);
                if let Some(chain) = trial.refute(&self.board.cands, l, bit, limit) {
                    if best.as_ref().is_none_or(|b| chain.length() < b.length()) {
                        best = Some(chain);
                    }
                }
            }
        }
        self.sum_memo = trial.into_memo();
        let chain = best?;
        let rating = chain_rating(SUM_CHAIN_BASE, LINK_WEIGHT * chain.length());
        let end = match chain.dead_end {
            sum_trial::DeadEnd::Candidates(x) => SumChainEnd::DeadEnd(self.dead_end(x)),
            sum_trial::DeadEnd::Sum { sum } => {
                let cage = &self.cages[sum as usize];
                SumChainEnd::Cage { cage: cage.unit, sum: cage.sum, size: cage.vars.len() }
            }
            sum_trial::DeadEnd::Equation { equation } => SumChainEnd::Area(areas[equation as usize].clone()),
        };
        let links = chain
            .placements
            .iter()
            .map(|&(l, b, why)| {
                let why = match why {
                    sum_trial::Why::Sum { sum } => Some(SumReason::Cage(self.cages[sum as usize].unit)),
                    sum_trial::Why::Equation { equation } => Some(SumReason::Area(areas[equation as usize].clone())),
                    _ => None,
                };
                (self.cell(l), self.digit(b), why)
            })
            .collect();
        let technique = SumTechnique::Chain {
            cell: self.cell(chain.var),
            digit: self.digit(chain.bit),
            links,
            deductions: chain.deductions,
            end,
            rating,
        };
        Some(Found::Eliminate { removals: vec![(chain.var, 1 << chain.bit)], technique: Technique::Sum(technique) })
    }
}

/// Each of `vars` with the candidates not in `kept` (by position), if any.
fn removals(c: &logic::Candidates, vars: &[u32], kept: &[u64]) -> Vec<(u32, u64)> {
    vars.iter().zip(kept).map(|(&l, &k)| (l, c.mask(l) & !k)).filter(|&(_, gone)| gone != 0).collect()
}
