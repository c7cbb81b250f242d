//! Puzzle generation: unique, minimal puzzles of a chosen difficulty, from a seed.
//!
//! A [`Generator`] makes puzzles for [`Settings`]: a grid size, a [`Variant`] (plain, X or
//! jigsaw with random regions), a [`Symmetry`] of the givens, a difficulty [`Target`], whether
//! puzzles must be minimal, a bound on the tries per puzzle, and a seed. Puzzle `i` depends
//! only on the settings and `i`: the same seed gives the same puzzles, in any order and on any
//! number of threads (one generator per thread).
//!
//! # How a puzzle is made
//!
//! Each try:
//!
//! 1. (jigsaw) draws random regions: the boxes, deformed by random swaps of neighbouring cells
//!    that keep every region connected;
//! 2. fills a complete grid by the engine's search from the empty grid, with random value
//!    order and random tie-breaks (seeded), under a node limit;
//! 3. removes givens, one symmetry orbit (one cell, or a cell and its image) at a time, in a
//!    random order, keeping each removal that leaves the solution unique. Uniqueness is proved
//!    by one reused engine: after removing one cell, a second solution would have to differ
//!    there, so the engine looks for a solution with that cell's digit excluded (none: still
//!    unique). Removals are tried in chunks, sized by how often recent orbits had to stay and
//!    halved after a failure, with a count to two for a chunk: a chunk is accepted exactly
//!    when each of its removals would have been, one at a time, so the result is that of the
//!    one-at-a-time pass with fewer searches. The givens decided so far stay assigned at an
//!    engine checkpoint, so each check assigns only the undecided ones. Every orbit is tried once, after which no orbit can be removed
//!    (a given kept was not removable from a superset of the final givens, so it is not
//!    removable from them): the puzzle is **minimal** (orbit by orbit under a symmetry).
//!    Without minimality, removal stops at the first orbit that must stay;
//! 4. grades the puzzle with the technique ladder ([`Explainer::grade`](crate::Explainer::grade), as `--grade`
//!    does), as far as the target needs: the ladder stops once its running lower bound of the
//!    grade reaches the point from which the target answers every grade alike, and a pass of
//!    the engine's singles decides alone where singles do (a puzzle grades 1.5 or less
//!    exactly when singles solve it). It keeps the puzzle if the grade is in the target, else
//!    tries again, up to [`Settings::max_tries`] tries. X, jigsaw and killer puzzles are
//!    graded by the ladder over their groups (and a killer's cage sums), as far as the target
//!    needs too;
//! 5. for a plain 9x9 target that wants nothing below `extreme` (which removal alone almost
//!    never reaches), climbs from a try graded `fiendish` or more: moves that swap a given for
//!    others and make the puzzle minimal again (the `climb` module), kept while the grade does
//!    not fall, each move graded one try.
//!
//! A killer has no givens: its cages are drawn over the random solution and refined until
//! they allow only it (the `killer` module); `minimal` and the symmetry do not apply to it.
//!
//! # Example
//!
//! ```
//! use sudoku::{Band, Generation, Generator, Settings, Shape, Symmetry, Target};
//!
//! let settings = Settings {
//!     symmetry: Symmetry::Rotational,
//!     target: Target::Bands(Band::Easy, Band::Medium),
//!     seed: 42,
//!     ..Settings::new(Shape::SIZE_9)
//! };
//! let mut generator = Generator::new(settings)?;
//! let Generation::Found(made) = generator.generate(0) else { panic!("easy and medium are common") };
//! assert!(made.solution.is_solution_of(made.puzzle.grid()));
//! assert!(made.grade.is_some_and(|g| g.band() <= Band::Medium));
//! // The same seed and index give the same puzzle.
//! let Generation::Found(again) = generator.generate(0) else { panic!() };
//! assert_eq!(again.puzzle, made.puzzle);
//! println!("{}  {:?}", made.puzzle.grid().to_line(), made.grade);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod climb;
mod jigsaw;
mod killer;
mod rest;
mod symmetry;
mod target;

use std::fmt;

use csp::branching::{Rng, TieBreak, ValueOrder, VarOrder};
use csp::constraints::Strength;
use csp::solve::CountStatus;
use csp::{Limits, VarId};

use crate::grade::{Band, Bounded, Grade};
use crate::grid::{Grid, Shape};
use crate::solve::Solver;
use crate::technique::{ABOVE_SINGLES, SINGLES_TOP};
use crate::variant::{encode_puzzle, Puzzle, Rules, Variant};

pub use symmetry::{Symmetry, UnknownSymmetry};
pub use target::{band_of, reachable_bands, BadTarget, Target};

use symmetry::Orbit;

/// Search decisions allowed to fill one complete grid; past it the try starts over.
const FILL_NODES: u64 = 20_000;
/// Search decisions allowed to one uniqueness check; past it the given stays, unproven.
const CHECK_NODES: u64 = 200_000;

/// What to generate. Build it with [`Settings::new`] and struct update syntax.
#[derive(Clone, PartialEq, Debug)]
pub struct Settings {
    /// The grid shape: 4x4, 6x6, 9x9, 12x12 or 16x16.
    pub shape: Shape,
    /// Plain, X or jigsaw (with random regions).
    pub variant: Variant,
    /// The symmetry of the givens (none with a jigsaw).
    pub symmetry: Symmetry,
    /// The difficulty.
    pub target: Target,
    /// Whether no given (no orbit, under a symmetry) can be removed without losing
    /// uniqueness. Without it, removal stops at the first given that must stay.
    pub minimal: bool,
    /// Tries per puzzle before giving up (a try makes one puzzle and grades it).
    pub max_tries: u64,
    /// Whether every plain puzzle made gets its full grade ([`Generated::grade`]). Off, a
    /// puzzle is graded only as far as the target needs (not at all for [`Target::Any`]), and
    /// its grade is `None` when the target was decided before the grade was complete; the
    /// time saved is most of the time of a graded 9x9 puzzle (`docs/generation.md`).
    pub grade: bool,
    /// The seed of every random choice.
    pub seed: u64,
}

impl Settings {
    /// Plain puzzles of `shape`, no symmetry, any difficulty, minimal, 1,000 tries, graded,
    /// seed 0.
    pub fn new(shape: Shape) -> Settings {
        Settings {
            shape,
            variant: Variant::Plain,
            symmetry: Symmetry::None,
            target: Target::Any,
            minimal: true,
            max_tries: 1000,
            grade: true,
            seed: 0,
        }
    }
}

/// A request the generator refuses: no effort could meet it.
#[derive(Clone, PartialEq, Debug)]
#[non_exhaustive]
pub enum GenerateError {
    /// Only 4x4, 6x6, 9x9, 12x12 and 16x16 grids are generated.
    UnsupportedShape {
        /// The shape asked for.
        shape: Shape,
    },
    /// A variant that is not generated (every variant of [`Variant::ALL`] is, today).
    UnsupportedVariant {
        /// The variant asked for.
        variant: Variant,
    },
    /// Jigsaws larger than 12x12 are not generated: their checks need searches too long to be
    /// practical (`docs/generation.md`).
    JigsawTooLarge {
        /// The shape asked for.
        shape: Shape,
    },
    /// A jigsaw's random regions have no symmetry, so its givens cannot have one.
    SymmetryWithJigsaw {
        /// The symmetry asked for.
        symmetry: Symmetry,
    },
    /// The grids of this size and variant do not reach the difficulty asked for.
    Unreachable {
        /// The difficulty asked for.
        target: Target,
        /// The shape.
        shape: Shape,
        /// The variant.
        variant: Variant,
        /// The bands they reach ([`reachable_bands`]).
        reachable: &'static [Band],
    },
    /// `max_tries` is 0.
    NoTries,
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::UnsupportedShape { shape } => {
                write!(f, "cannot generate {shape} puzzles: sizes are 4x4, 6x6, 9x9, 12x12 and 16x16")
            }
            GenerateError::UnsupportedVariant { variant } => {
                write!(f, "cannot generate {variant} puzzles: variants are plain, x, jigsaw and killer")
            }
            GenerateError::JigsawTooLarge { shape } => write!(
                f,
                "cannot generate {shape} jigsaw puzzles: their uniqueness checks take minutes; jigsaw sizes are 4x4 to 12x12"
            ),
            GenerateError::SymmetryWithJigsaw { symmetry } => write!(
                f,
                "a jigsaw's random regions have no symmetry, so its givens cannot be {symmetry}: use --symmetry none"
            ),
            GenerateError::Unreachable { target, shape, variant, reachable } => {
                let what = if *variant == Variant::Plain { String::new() } else { format!(" {variant}") };
                let bands: Vec<&str> = reachable.iter().map(|b| b.name()).collect();
                write!(
                    f,
                    "{shape}{what} puzzles do not reach {target}: they grade {} (docs/generation.md)",
                    bands.join(", ")
                )
            }
            GenerateError::NoTries => f.write_str("the number of tries per puzzle must be at least 1"),
        }
    }
}

impl std::error::Error for GenerateError {}

/// A generated puzzle, with its solution and grade.
#[derive(Clone, PartialEq, Debug)]
pub struct Generated {
    /// The puzzle: givens and rules (the random regions of a jigsaw).
    pub puzzle: Puzzle,
    /// Its unique solution.
    pub solution: Grid,
    /// Its grade by the technique ladder; `None` for X and jigsaw puzzles, which are not
    /// graded yet, and with [`Settings::grade`] off when the target was decided before the
    /// grade was complete (or any difficulty, which needs no grade).
    pub grade: Option<Grade>,
    /// The tries it took (1 for the first).
    pub tries: u64,
}

/// The result of generating one puzzle: found, or given up after the allowed tries.
#[derive(Clone, PartialEq, Debug)]
pub enum Generation {
    /// A puzzle as asked.
    Found(Box<Generated>),
    /// No try met the target. `closest` is the try whose grade was nearest to it, if any try
    /// made a puzzle (nearest by the grade known when it was rejected: a grading that stopped
    /// early knows a lower bound; the one kept is then graded in full).
    GaveUp {
        /// The tries made ([`Settings::max_tries`]).
        tries: u64,
        /// The nearest miss.
        closest: Option<Box<Generated>>,
    },
}

/// What a generator did, cumulative.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct GenerateStats {
    /// Tries: puzzles made (or attempted) and graded.
    pub tries: u64,
    /// Tries that made no graded puzzle: a grid not filled within its node limit, a
    /// uniqueness check that hit its limit when minimality was asked, or a try abandoned.
    pub failed_tries: u64,
    /// Tries abandoned during clue removal: with a target of `medium` or easier, a puzzle
    /// already too hard at a probe (givens only make it harder as they go).
    pub abandoned: u64,
    /// Uniqueness checks (engine searches).
    pub checks: u64,
    /// Search decisions of the uniqueness checks.
    pub check_nodes: u64,
}

/// The answer of one uniqueness check.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Check {
    Unique,
    NotUnique,
    Unknown,
}

/// The seed of puzzle `index` under `seed`: independent streams for neighbouring indices.
fn puzzle_seed(seed: u64, index: u64) -> u64 {
    let mut mix = Rng::new(seed ^ Rng::new(index).next_u64());
    mix.next_u64()
}

/// The engine that fills grids and checks uniqueness, for one set of rules.
#[derive(Debug)]
struct Checker {
    rules: Rules,
    /// Fills grids; in a removal pass, holds the givens kept so far.
    engine: csp::Solver,
    /// In a removal pass, holds the givens not decided yet ([`rest::RestStack`]).
    rest: csp::Solver,
}

/// Makes puzzles for [`Settings`]; see the [module documentation](self).
///
/// Holds one engine for filling grids and checking uniqueness, and one [`Solver`] for
/// grading, both reused from puzzle to puzzle (a jigsaw's engine is rebuilt for each set of
/// regions). Use one generator per thread.
#[derive(Debug)]
pub struct Generator {
    settings: Settings,
    orbits: Vec<Orbit>,
    checker: Option<Checker>,
    grader: Solver,
    stats: GenerateStats,
    /// Scratch: the orbit order of the current try.
    order: Vec<usize>,
    /// Whether removals are tried in chunks (off only to test that chunks change nothing).
    chunked: bool,
    /// The target's answer for puzzles that singles alone solve (grades up to
    /// [`SINGLES_TOP`]) and for the others (grades from [`ABOVE_SINGLES`]), where it is the
    /// same for all of them and needs no grade (a rejection, or an acceptance without
    /// [`Settings::grade`]): then a pass of the engine's singles decides a try without the
    /// ladder.
    by_singles: [Option<bool>; 2],
}

impl Generator {
    /// A generator for `settings`.
    ///
    /// # Errors
    ///
    /// A [`GenerateError`] for a request that cannot be met: a size or variant that is not
    /// generated, a symmetry with a jigsaw, a difficulty other than any for a variant (not
    /// graded yet), a band that the size does not reach ([`reachable_bands`]), or no tries.
    pub fn new(settings: Settings) -> Result<Generator, GenerateError> {
        let shape = settings.shape;
        if shape.size() > 16 {
            return Err(GenerateError::UnsupportedShape { shape });
        }
        if !matches!(settings.variant, Variant::Plain | Variant::X | Variant::Jigsaw | Variant::Killer) {
            return Err(GenerateError::UnsupportedVariant { variant: settings.variant });
        }
        if settings.variant == Variant::Jigsaw && shape.size() > 12 {
            return Err(GenerateError::JigsawTooLarge { shape });
        }
        if settings.variant == Variant::Jigsaw && settings.symmetry != Symmetry::None {
            return Err(GenerateError::SymmetryWithJigsaw { symmetry: settings.symmetry });
        }
        let reachable = reachable_bands(shape, settings.variant);
        let (lo, hi) = settings.target.band_range();
        if settings.target != Target::Any && !reachable.iter().any(|b| (lo..=hi).contains(b)) {
            return Err(GenerateError::Unreachable {
                target: settings.target,
                shape,
                variant: settings.variant,
                reachable,
            });
        }
        if settings.max_tries == 0 {
            return Err(GenerateError::NoTries);
        }
        let grader = Solver::new(shape);
        // Only answers that decide a try without the ladder: a rejection, or an acceptance
        // when no grade is asked for.
        let decides = |answer: Option<bool>| answer.filter(|&accepted| !accepted || !settings.grade);
        let by_singles = if settings.variant == Variant::Plain && settings.target != Target::Any {
            [settings.target.same_answer(0, SINGLES_TOP), settings.target.same_answer(ABOVE_SINGLES, u32::MAX)]
                .map(decides)
        } else {
            [None; 2]
        };
        Ok(Generator {
            orbits: settings.symmetry.orbits(shape),
            settings,
            checker: None,
            grader,
            stats: GenerateStats::default(),
            order: Vec::new(),
            chunked: true,
            by_singles,
        })
    }

    /// Where grading stops ([`Solver::grade_until`]): at the grade from which the target
    /// decides every try the same way ([`Target::decided_from`]), unless that is an
    /// acceptance and the grade is wanted in full ([`Settings::grade`]). `None`: in full.
    fn stop_at(&self) -> Option<u32> {
        let target = self.settings.target;
        let from = target.decided_from()?;
        let rejects = !target.accepts(&Grade::of_tenths(from));
        (rejects || !self.settings.grade).then_some(from)
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// What the generator did so far.
    pub fn stats(&self) -> &GenerateStats {
        &self.stats
    }

    /// Puzzle number `index` of the settings' seed: found, or given up after
    /// [`Settings::max_tries`] tries. Depends only on the settings and `index`.
    pub fn generate(&mut self, index: u64) -> Generation {
        let mut rng = Rng::new(puzzle_seed(self.settings.seed, index));
        let mut closest: Option<(f64, Generated)> = None;
        let mut attempt = 0;
        while attempt < self.settings.max_tries {
            attempt += 1;
            self.stats.tries += 1;
            let Some((mut made, graded)) = self.try_once(&mut rng) else {
                self.stats.failed_tries += 1;
                continue;
            };
            made.tries = attempt;
            let target = self.settings.target;
            let Some(graded) = graded else {
                // Not graded (a variant, or any difficulty without grades asked for).
                return Generation::Found(Box::new(made));
            };
            // The grade, or a bound of it that the target answers like every grade within it.
            let bound = graded.representative();
            if target.accepts(&bound) {
                return Generation::Found(Box::new(made));
            }
            let start = self.climbs().then(|| (made.clone(), bound));
            // The nearest miss so far, by the grade or bound known: graded in full only if
            // the puzzle is given up.
            keep_closest(&mut closest, &target, made, &bound);
            if let Some((start, bound)) = start {
                if let Some(found) = self.climb(&mut rng, start, &bound, &mut attempt, &mut closest) {
                    return Generation::Found(Box::new(found));
                }
            }
        }
        let closest = closest.map(|(_, mut made)| {
            if made.grade.is_none() {
                made.grade = Some(self.grader.grade_puzzle(&made.puzzle));
            }
            made
        });
        Generation::GaveUp { tries: self.settings.max_tries, closest: closest.map(Box::new) }
    }

    /// Whether a try that misses the target is climbed from ([`climb`]): for plain 9x9
    /// puzzles and a target that wants nothing below `extreme`, which removal alone almost
    /// never reaches.
    fn climbs(&self) -> bool {
        let s = &self.settings;
        s.variant == Variant::Plain && s.shape.size() == 9 && s.target.band_range().0 == Band::Extreme
    }

    /// Climbs from the try `start` (graded `bound`): moves to a neighbour ([`climb::neighbour`])
    /// graded at least as high, each move one try (a move that finds no neighbour a failed one), until the target accepts one,
    /// [`CLIMB_STALL`] moves in a row raise nothing, or the tries run out. Only from tries
    /// graded at least [`CLIMB_FROM`].
    fn climb(
        &mut self,
        rng: &mut Rng,
        start: Generated,
        bound: &Grade,
        attempt: &mut u64,
        closest: &mut Option<(f64, Generated)>,
    ) -> Option<Generated> {
        let mut grade = (bound.score() * 10.0).round() as u32;
        if grade < CLIMB_FROM {
            return None;
        }
        let target = self.settings.target;
        let stop_at = target.decided_from().unwrap_or(u32::MAX);
        let shape = self.settings.shape;
        let solution = start.solution.digits().to_vec();
        let mut givens = start.puzzle.grid().digits().to_vec();
        let mut stalled = 0;
        while *attempt < self.settings.max_tries && stalled < CLIMB_STALL {
            *attempt += 1;
            self.stats.tries += 1;
            let checker = self.checker.as_mut()?;
            let Some(next) = climb::neighbour(&mut checker.engine, &solution, &givens, rng, &mut self.stats) else {
                self.stats.failed_tries += 1;
                stalled += 1;
                continue;
            };
            let puzzle = Puzzle::plain(Grid::from_raw(shape, next.clone().into_boxed_slice()));
            let graded = grade_of(&mut self.grader, &puzzle, stop_at)?;
            let mut made = Generated {
                puzzle,
                solution: start.solution.clone(),
                grade: match graded {
                    Bounded::Exact(g) => Some(g),
                    _ => None,
                },
                tries: *attempt,
            };
            let reached = graded.representative();
            if target.accepts(&reached) {
                if self.settings.grade && made.grade.is_none() {
                    made.grade = Some(self.grader.grade_puzzle(&made.puzzle));
                }
                return Some(made);
            }
            let tenths = (reached.score() * 10.0).round() as u32;
            keep_closest(closest, &target, made, &reached);
            stalled = if tenths > grade { 0 } else { stalled + 1 };
            if tenths >= grade {
                givens = next;
                grade = tenths;
            }
        }
        None
    }

    /// One try: rules, a full grid, removals, a grade (or a bound of it, if grading stopped
    /// early: then [`Generated::grade`] is `None`). `None` if a limit stopped it.
    fn try_once(&mut self, rng: &mut Rng) -> Option<(Generated, Option<Bounded>)> {
        let shape = self.settings.shape;
        if self.settings.variant == Variant::Killer {
            return self.try_killer(rng);
        }
        let rules = match self.settings.variant {
            Variant::X => Rules::X,
            Variant::Jigsaw => Rules::Jigsaw(jigsaw::random_regions(shape, rng)),
            _ => Rules::Plain,
        };
        let seed = rng.next_u64();
        let checker = self.checker_for(rules)?;
        let solution = fill(&mut checker.engine, shape, seed)?;
        let (givens, end) = self.remove(&solution, rng);
        match end {
            End::Done => {}
            End::Unproven if !self.settings.minimal => {}
            End::Unproven => return None,
            End::TooHard => {
                self.stats.abandoned += 1;
                return None;
            }
        }
        let grid = Grid::from_raw(shape, givens.into_boxed_slice());
        let solution = Grid::from_raw(shape, solution.into_boxed_slice());
        let puzzle = puzzle_of(&self.checker.as_ref()?.rules, grid)?;
        let wanted = self.settings.grade || self.settings.target != Target::Any;
        let graded = if wanted { self.grade_try(&puzzle) } else { None };
        let grade = match graded {
            Some(Bounded::Exact(g)) => Some(g),
            _ => None,
        };
        Some((Generated { puzzle, solution, grade, tries: 0 }, graded))
    }

    /// One killer try: a random solution, cages over it refined until unique, the grade.
    fn try_killer(&mut self, rng: &mut Rng) -> Option<(Generated, Option<Bounded>)> {
        let shape = self.settings.shape;
        let seed = rng.next_u64();
        let checker = self.checker_for(Rules::Plain)?;
        let solution = fill(&mut checker.engine, shape, seed)?;
        let puzzle = killer::make(shape, &solution, rng, &mut self.grader)?;
        let solution = Grid::from_raw(shape, solution.into_boxed_slice());
        let wanted = self.settings.grade || self.settings.target != Target::Any;
        let stop_at = self.stop_at().unwrap_or(u32::MAX);
        let graded = if wanted { grade_of(&mut self.grader, &puzzle, stop_at) } else { None };
        let grade = match graded {
            Some(Bounded::Exact(g)) => Some(g),
            _ => None,
        };
        Some((Generated { puzzle, solution, grade, tries: 0 }, graded))
    }

    /// The grade of a try's puzzle, or a bound of it that decides the try: by a pass of the
    /// engine's singles where that decides it ([`Generator::by_singles`], plain puzzles), else
    /// by the ladder, stopped where the target decides ([`Generator::stop_at`]), for every
    /// variant.
    fn grade_try(&mut self, puzzle: &Puzzle) -> Option<Bounded> {
        if let (Some(checker), [Some(_), _] | [_, Some(_)]) = (self.checker.as_mut(), self.by_singles) {
            let solved = solved_by_singles(&mut checker.engine, puzzle.grid().digits());
            let (answer, bound) = if solved {
                (self.by_singles[0], Bounded::AtMost(SINGLES_TOP))
            } else {
                (self.by_singles[1], Bounded::AtLeast(ABOVE_SINGLES))
            };
            if answer.is_some() {
                return Some(bound);
            }
        }
        let stop_at = self.stop_at().unwrap_or(u32::MAX);
        grade_of(&mut self.grader, puzzle, stop_at)
    }

    /// The checking engine for `rules`, built if the rules changed; `None` if the rules alone
    /// have no solution (a jigsaw's regions can make that evident at the root).
    fn checker_for(&mut self, rules: Rules) -> Option<&mut Checker> {
        if self.checker.as_ref().is_none_or(|c| c.rules != rules) {
            let shape = self.settings.shape;
            let empty = Grid::empty(shape);
            let puzzle = match &rules {
                Rules::X => Puzzle::x(empty),
                Rules::Jigsaw(regions) => Puzzle::jigsaw(empty, regions.clone()).ok()?,
                _ => Puzzle::plain(empty),
            };
            // Hidden singles without locked candidates: the cheapest per check (callgrind, 200
            // fiendish..extreme 9x9 puzzles: 5% fewer instructions per try than with locked
            // candidates on the all-different network; 11% fewer before it, and 35% fewer than
            // forward checking alone).
            let build = || {
                let model = match encode_puzzle(&puzzle, Strength::HiddenSingles) {
                    Ok(m) => m,
                    // Not reachable: the puzzle's structures are valid (cells of the grid).
                    Err(e) => unreachable!("the model of a valid {} puzzle: {e}", puzzle.variant()),
                };
                // The units as the engine's all-different network (one word-parallel pass over
                // the grid), as the solvers do. Never fails: the units are plain all-differents.
                let lowering = crate::encode::lowering(Strength::HiddenSingles, false);
                let mut engine = csp::Solver::over(model.lower(&lowering).ok()?);
                // The root state of the rules, cached for `reset`.
                engine.propagate().ok()?;
                engine.set_limits(Limits { max_nodes: Some(CHECK_NODES), ..Limits::default() });
                Some(engine)
            };
            self.checker = None;
            let (engine, rest) = (build()?, build()?);
            self.checker = Some(Checker { rules, engine, rest });
        }
        self.checker.as_mut()
    }

    /// Removes givens from the full grid `solution` in a random orbit order; returns the
    /// givens and whether every check finished (no limit hit).
    ///
    /// The engine keeps the givens decided so far (kept for good) assigned and propagated at a
    /// checkpoint, so each check assigns only the givens still undecided: fewer and fewer as
    /// the pass goes on.
    fn remove(&mut self, solution: &[u8], rng: &mut Rng) -> (Vec<u8>, End) {
        let mut givens = solution.to_vec();
        let mut order = std::mem::take(&mut self.order);
        order.clear();
        order.extend(0..self.orbits.len());
        rng.shuffle(&mut order);
        let Generator { orbits, checker, stats, chunked, settings, grader, by_singles, .. } = self;
        let Some(Checker { engine, rules, rest }) = checker.as_mut() else { return (givens, End::Unproven) };
        // With a target of `medium` or easier, the puzzle is graded on the way, at 60% and 80%
        // of the pass: singles and locked candidates only remove candidates, and fewer givens
        // only leave more of them, so a puzzle that needs more than locked candidates keeps
        // needing more as givens go, and a try already too hard is abandoned.
        let (_, hardest) = settings.target.band_range();
        let stop_at = if hardest < Band::Extreme { target::band_floor(target::next_band(hardest)) } else { u32::MAX };
        let mut probes: [usize; 2] =
            if hardest == Band::Medium { [order.len() * 3 / 5, order.len() * 4 / 5] } else { [usize::MAX; 2] };
        // With a target that rejects every puzzle singles do not solve (`easy`), the same
        // holds for singles alone, checked far more cheaply by the engine's propagation, and
        // more often: from half of the pass, every few orbits.
        let singles_probe = by_singles[1] == Some(false);
        let mut next_singles_probe = if singles_probe { order.len() / 2 } else { usize::MAX };
        engine.reset();
        let mut base = engine.new_checkpoint();
        let mut stack = rest::RestStack::start(rest, order.len());
        // The orbits kept so far, in `engine`'s base state.
        let mut kept: Vec<usize> = Vec::new();
        let mut proven = true;
        let mut chunk = if *chunked { (order.len() / 4).max(1) } else { 1 };
        // The last decisions (bit set: kept), for the estimate of how likely the next orbit
        // must stay, which sets the chunk size.
        let mut recent: u32 = 0;
        let mut i = 0;
        while i < order.len() {
            if i >= next_singles_probe {
                next_singles_probe = i + SINGLES_PROBE_EVERY;
                // The givens: the kept orbits and `order[i..]`, on the engine where fewer are
                // still to assign.
                let solved = if kept.len() < order.len() - i {
                    stack.go_to(rest, i, &order, orbits, solution);
                    let before = rest.new_checkpoint();
                    let values = kept
                        .iter()
                        .flat_map(|&o| orbits[o].cells())
                        .map(|&c| (VarId::from_index(c), i32::from(solution[c])));
                    let solved = rest.assign_all(values).is_ok() && solved_after_propagation(rest);
                    rest.restore_to(before);
                    solved
                } else {
                    engine.restore_to(base);
                    base = engine.new_checkpoint();
                    let cells = order[i..].iter().flat_map(|&o| orbits[o].cells());
                    let values = cells.map(|&c| (VarId::from_index(c), i32::from(solution[c])));
                    engine.assign_all(values).is_ok() && solved_after_propagation(engine)
                };
                if !solved {
                    engine.restore_to(base);
                    self.order = order;
                    return (givens, End::TooHard);
                }
            }
            if probes.iter().any(|&p| i >= p) {
                probes.iter_mut().filter(|p| i >= **p).for_each(|p| *p = usize::MAX);
                let grid = Grid::from_raw(settings.shape, givens.clone().into_boxed_slice());
                let grade = puzzle_of(rules, grid).and_then(|puzzle| grade_of(grader, &puzzle, stop_at));
                if matches!(grade, Some(Bounded::AtLeast(_))) {
                    engine.restore_to(base);
                    self.order = order;
                    return (givens, End::TooHard);
                }
            }
            let k = chunk.min(order.len() - i);
            let removed = &order[i..i + k];
            // The givens of the check: the kept orbits and `order[i + k..]`, on the engine
            // where fewer are still to assign.
            let answer = if kept.len() < order.len() - i - k {
                stack.go_to(rest, i + k, &order, orbits, solution);
                let before = rest.new_checkpoint();
                let answer = check(rest, orbits, &kept, solution, removed, stats);
                rest.restore_to(before);
                answer
            } else {
                engine.restore_to(base);
                base = engine.new_checkpoint();
                check(engine, orbits, &order[i + k..], solution, removed, stats)
            };
            if answer == Check::Unique {
                for &o in removed {
                    for &c in orbits[o].cells() {
                        givens[c] = 0;
                    }
                }
                i += k;
                recent <<= k.min(31);
                chunk = if *chunked { next_chunk(recent, k) } else { 1 };
                continue;
            }
            if k > 1 {
                chunk = k / 2;
                continue;
            }
            // A single orbit that must stay: it joins the base state for good.
            proven &= answer == Check::NotUnique;
            if !settings.minimal {
                break;
            }
            engine.restore_to(base);
            // Cannot fail: the givens are part of a solution.
            let _ = assign(engine, orbits[order[i]].cells(), solution) && engine.propagate().is_ok();
            base = engine.new_checkpoint();
            kept.push(order[i]);
            recent = recent << 1 | 1;
            chunk = if *chunked { next_chunk(recent, 1) } else { 1 };
            i += 1;
        }
        engine.restore_to(base);
        self.order = order;
        (givens, if proven { End::Done } else { End::Unproven })
    }
}

/// The lowest grade, in tenths, a climb starts from ([`Generator::climb`]): easier puzzles
/// are far from `extreme`, and a new try costs less than the moves up from them.
const CLIMB_FROM: u32 = 60;

/// Moves in a row that raise no grade after which a climb gives up (and the next try
/// starts).
const CLIMB_STALL: u32 = 40;

/// Keeps `made` as the nearest miss of `target` if it is nearer than `closest` (by the grade
/// or bound `bound` known).
fn keep_closest(closest: &mut Option<(f64, Generated)>, target: &Target, made: Generated, bound: &Grade) {
    let distance = target.distance(bound);
    if closest.as_ref().is_none_or(|(d, _)| distance < *d) {
        *closest = Some((distance, made));
    }
}

/// Orbits decided between two probes of the singles during a removal pass (a probe costs
/// about one uniqueness check).
const SINGLES_PROBE_EVERY: usize = 4;

/// Whether singles alone solve the puzzle `givens` (cell `i` is variable `i`, 0 for empty):
/// the engine's propagation (naked and hidden singles, [`Strength::HiddenSingles`] without
/// locked candidates) fixes every cell. Its fixed point is that of the ladder's singles (full
/// house, naked and hidden singles: the same rules), so this is true exactly when the
/// ladder's grade is at most [`SINGLES_TOP`] (checked by the tests).
fn solved_by_singles(engine: &mut csp::Solver, givens: &[u8]) -> bool {
    engine.reset();
    let assigned = givens.iter().enumerate().filter(|&(_, &d)| d != 0);
    engine.assign_all(assigned.map(|(i, &d)| (VarId::from_index(i), i32::from(d)))).is_ok()
        && solved_after_propagation(engine)
}

/// Whether the engine's propagation from its current state fixes every variable.
fn solved_after_propagation(engine: &mut csp::Solver) -> bool {
    engine.propagate().is_ok() && (0..engine.model().num_vars()).all(|i| engine.value(VarId::from_index(i)).is_some())
}

/// How a removal pass ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum End {
    /// Every check finished.
    Done,
    /// A check hit its node limit: a given stayed without proof that it must.
    Unproven,
    /// Abandoned: the puzzle is already harder than the target.
    TooHard,
}

/// The puzzle of `grid` under `rules`.
fn puzzle_of(rules: &Rules, grid: Grid) -> Option<Puzzle> {
    match rules {
        Rules::X => Some(Puzzle::x(grid)),
        Rules::Jigsaw(regions) => Puzzle::jigsaw(grid, regions.clone()).ok(),
        _ => Some(Puzzle::plain(grid)),
    }
}

/// The grade of `puzzle` by the technique ladder of `grader`, stopped as soon as it is known
/// to be at least `stop_at` tenths ([`Solver::grade_until`]); a variant's in full.
fn grade_of(grader: &mut Solver, puzzle: &Puzzle, stop_at: u32) -> Option<Bounded> {
    // Unique: every removal kept was proven to leave one solution (a killer's last search
    // proved it too, but its ladder never uses uniqueness techniques: a swap can break a
    // cage's sum).
    let unique = !matches!(puzzle.rules(), Rules::Killer(_));
    Some(grader.grade_puzzle_until(puzzle, unique, stop_at))
}

/// The next chunk size after a success with `k`, given the recent decisions (bit set: the
/// orbit was kept; the low bits are the latest).
fn next_chunk(recent: u32, k: usize) -> usize {
    // The share of orbits kept among the last 4 decided (with a small prior), and the group
    // size that suits it: about 1/3 of the expected run of removable orbits, capped at twice
    // the last chunk. Tuned on 9x9 (docs/generation.md): 20% fewer checks than plain
    // doubling and halving.
    let kept = (recent & 0b1111).count_ones();
    let p = (f64::from(kept) + 0.25) / 5.0;
    ((0.35 / p) as usize).clamp(1, 2 * k)
}

/// Assigns `cells` their digits in `solution`; `false` on a conflict.
fn assign(engine: &mut csp::Solver, cells: &[usize], solution: &[u8]) -> bool {
    engine.assign_all(cells.iter().map(|&c| (VarId::from_index(c), i32::from(solution[c])))).is_ok()
}

/// Whether the puzzle made of the engine's assigned givens plus the orbits `rest` (a unique
/// puzzle with solution `solution`, less the cells of the orbits `removed`) still has only
/// that solution.
fn check(
    engine: &mut csp::Solver,
    orbits: &[Orbit],
    rest: &[usize],
    solution: &[u8],
    removed: &[usize],
    stats: &mut GenerateStats,
) -> Check {
    let givens = rest.iter().flat_map(|&o| orbits[o].cells()).map(|&c| (VarId::from_index(c), i32::from(solution[c])));
    if engine.assign_all(givens).is_err() {
        // Not reachable: the givens are part of a solution.
        return Check::Unknown;
    }
    let cells = removed.iter().map(|&o| orbits[o].cells().len()).sum::<usize>();
    if cells > 2 {
        stats.checks += 1;
        engine.reset_stats();
        let count = engine.count_solutions(2);
        stats.check_nodes += engine.stats().nodes;
        return match count.status {
            CountStatus::LimitReached(_) => Check::Unknown,
            _ if count.count == 1 => Check::Unique,
            _ => Check::NotUnique,
        };
    }
    // A second solution differs from `solution` in a removed cell: exclude its digit there,
    // one cell at a time. With one cell, no checkpoint is needed (the caller restores its
    // base state), and propagation stops at the first contradiction.
    let single = cells == 1;
    if !single && engine.propagate().is_err() {
        return Check::Unknown;
    }
    for &o in removed {
        for &c in orbits[o].cells() {
            stats.checks += 1;
            engine.reset_stats();
            let before = (!single).then(|| engine.new_checkpoint());
            let outcome = match engine.remove_value(VarId::from_index(c), i32::from(solution[c])) {
                Err(_) => csp::Outcome::Unsatisfiable,
                Ok(_) => engine.solve(),
            };
            stats.check_nodes += engine.stats().nodes;
            if let Some(before) = before {
                engine.restore_to(before);
            }
            match outcome {
                csp::Outcome::Unsatisfiable => {}
                csp::Outcome::Solved(_) => return Check::NotUnique,
                csp::Outcome::LimitReached(_) => return Check::Unknown,
            }
        }
    }
    Check::Unique
}

/// A random complete grid under the engine's rules: a search from the empty grid with random
/// value order and tie-breaks; `None` if it took more than [`FILL_NODES`] decisions (or the
/// rules have no solution).
fn fill(engine: &mut csp::Solver, shape: Shape, seed: u64) -> Option<Vec<u8>> {
    engine.set_var_order(VarOrder::Mrv(TieBreak::Random));
    engine.set_value_order(ValueOrder::Random);
    engine.set_seed(seed);
    engine.set_limits(Limits { max_nodes: Some(FILL_NODES), ..Limits::default() });
    engine.reset();
    let outcome = engine.solve();
    engine.set_var_order(VarOrder::Mrv(TieBreak::First));
    engine.set_value_order(ValueOrder::Ascending);
    engine.set_limits(Limits { max_nodes: Some(CHECK_NODES), ..Limits::default() });
    match outcome {
        csp::Outcome::Solved(s) => {
            debug_assert_eq!(s.values().len(), shape.num_cells());
            // Values lie in 1..=size <= 16.
            Some(s.values().iter().map(|&v| v as u8).collect())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests;
