//! Death blossoms: a stem cell and, for each of its digits, an almost locked set (a petal)
//! whose places of that digit all see the stem. Tried after the static chains, where none
//! rates lower.

use std::fmt;

use logic::{bits, Candidates};

use super::board::{Board, Found};
use super::uses::Parts;
use super::words::{CellList, Symbol};
use super::{Pattern, Rung};
use crate::digits::Digits;
use crate::grid::Cell;

/// A death blossom: whichever digit the stem takes, the petal of that digit loses it and
/// becomes a locked set, so it holds `digit` (a digit of every petal, not of the stem); the
/// cells that see every place of `digit` in the petals lose it: `death blossom 7: stem r5c5
/// {2, 4, 9}, petals (2) r2c3, r2c5 {2, 5, 7}, (4) r4c1 {4, 7}, (9) r6c7, r6c8 {1, 7, 9}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeathBlossom {
    /// The digit removed.
    pub digit: u8,
    /// The stem cell.
    pub stem: Cell,
    /// The stem's candidates.
    pub stem_digits: Digits,
    /// The petals, one per digit of the stem in increasing order: the digit, the set's cells
    /// (pairwise sharing a unit: one unit's) and its digits (one more than cells).
    pub petals: Vec<(u8, Vec<Cell>, Digits)>,
}

/// The rating of a death blossom, in tenths (SE has none: it finds what it finds as cell
/// forcing chains; HoDoKu rates it above ALS-XY-wings): just above ALS-XY-wings (7.8) and
/// below forcing nets (8.0), the next rung (the ladder tries it before them).
const DEATH_BLOSSOM_RATING: u32 = 79;

/// The largest petal tried, in cells.
const PETAL_CELLS: usize = 3;

impl Pattern for DeathBlossom {
    fn name(&self) -> &'static str {
        "death blossom"
    }
    fn rating(&self) -> u32 {
        DEATH_BLOSSOM_RATING
    }
    fn uses(&self, parts: &mut Parts) {
        parts.candidates(&[self.stem], self.stem_digits);
        for (_, cells, digits) in &self.petals {
            parts.candidates(cells, *digits);
        }
    }
}

impl fmt::Display for DeathBlossom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: stem {} {}, petals", self.name(), Symbol(self.digit), self.stem, self.stem_digits)?;
        for (i, (d, cells, digits)) in self.petals.iter().enumerate() {
            let sep = if i == 0 { " " } else { ", " };
            write!(f, "{sep}({}) {} {digits}", Symbol(*d), CellList(cells))?;
        }
        Ok(())
    }
}

/// An almost locked set: cells of one group (variables, increasing) holding one value more
/// than cells.
struct Petal {
    vars: Vec<u32>,
    values: u64,
}

/// Whether two different variables share a group.
fn sees(c: &Candidates, a: u32, b: u32) -> bool {
    a != b && c.groups_of(a).iter().any(|g| c.groups_of(b).contains(g))
}

/// The almost locked sets of one to [`PETAL_CELLS`] open variables inside one group.
fn petals(c: &Candidates) -> Vec<Petal> {
    fn extend(c: &Candidates, open: &[u32], union: u64, set: &mut Vec<u32>, out: &mut Vec<Petal>) {
        for (i, &l) in open.iter().enumerate() {
            let u = union | c.mask(l);
            if u.count_ones() as usize > PETAL_CELLS + 1 {
                continue;
            }
            set.push(l);
            if u.count_ones() as usize == set.len() + 1 {
                let mut vars = set.clone();
                vars.sort_unstable();
                out.push(Petal { vars, values: u });
            }
            if set.len() < PETAL_CELLS {
                extend(c, &open[i + 1..], u, set, out);
            }
            set.pop();
        }
    }
    let mut out = Vec::new();
    for g in c.groups() {
        let open: Vec<u32> = g.vars.iter().copied().filter(|&l| c.mask(l).count_ones() >= 2).collect();
        extend(c, &open, 0, &mut Vec::new(), &mut out);
    }
    out.sort_by(|a, b| a.vars.cmp(&b.vars));
    out.dedup_by(|a, b| a.vars == b.vars);
    out
}

/// The first death blossom (by stem, then petals in the order of their cells, then digit)
/// that removes something: `(stem, petal indices by the stem's digits, digit bit, removals)`.
fn first(c: &Candidates, all: &[Petal]) -> Option<(u32, Vec<usize>, u32, Vec<u32>)> {
    for stem in 0..c.num_vars() as u32 {
        let mask = c.mask(stem);
        if !(2..=3).contains(&mask.count_ones()) {
            continue;
        }
        // For each digit of the stem: the petals holding it, with every place of it seeing
        // the stem.
        let lists: Vec<Vec<usize>> = bits(mask)
            .map(|d| {
                (0..all.len())
                    .filter(|&p| {
                        let petal = &all[p];
                        petal.values & (1 << d) != 0
                            && !petal.vars.contains(&stem)
                            && petal.vars.iter().filter(|&&l| c.mask(l) & (1 << d) != 0).all(|&l| sees(c, l, stem))
                    })
                    .collect()
            })
            .collect();
        if lists.iter().any(Vec::is_empty) {
            continue;
        }
        let mut pick = vec![0usize; lists.len()];
        // Every choice of one petal per digit (an odometer over the lists).
        'choices: loop {
            let chosen: Vec<&Petal> = pick.iter().zip(&lists).map(|(&i, list)| &all[list[i]]).collect();
            let disjoint = chosen
                .iter()
                .enumerate()
                .all(|(i, a)| chosen[i + 1..].iter().all(|b| a.vars.iter().all(|l| !b.vars.contains(l))));
            let common = chosen.iter().fold(!0u64, |m, p| m & p.values) & !mask;
            if disjoint && common != 0 {
                for z in bits(common) {
                    let places: Vec<u32> = chosen
                        .iter()
                        .flat_map(|p| p.vars.iter().copied())
                        .filter(|&l| c.mask(l) & (1 << z) != 0)
                        .collect();
                    let removals: Vec<u32> = (0..c.num_vars() as u32)
                        .filter(|&t| {
                            t != stem
                                && c.mask(t) & (1 << z) != 0
                                && c.mask(t).count_ones() >= 2
                                && places.iter().all(|&p| sees(c, t, p))
                        })
                        .collect();
                    if !removals.is_empty() {
                        let petals = pick.iter().zip(&lists).map(|(&i, list)| list[i]).collect();
                        return Some((stem, petals, z, removals));
                    }
                }
            }
            for k in (0..pick.len()).rev() {
                pick[k] += 1;
                if pick[k] < lists[k].len() {
                    continue 'choices;
                }
                pick[k] = 0;
            }
            break;
        }
    }
    None
}

/// Death blossoms with a stem of two or three candidates and petals of up to three cells (grids
/// up to 9x9: the search grows fast with the side).
pub(super) struct Finder;
impl Rung for Finder {
    fn rating(&self) -> u32 {
        DEATH_BLOSSOM_RATING
    }
    fn find(&self, b: &Board) -> Option<Found> {
        let c = &b.cands;
        if b.shape.size() > 9 {
            return None;
        }
        let all = petals(c);
        let (stem, chosen, z, removals) = first(c, &all)?;
        let technique = DeathBlossom {
            digit: b.digit(z),
            stem: b.cell(stem),
            stem_digits: b.digits(c.mask(stem)),
            petals: bits(c.mask(stem))
                .zip(chosen)
                .map(|(d, p)| (b.digit(d), b.cells(&all[p].vars), b.digits(all[p].values)))
                .collect(),
        };
        Some(Found::digit_leaves(z, &removals, technique))
    }
}
