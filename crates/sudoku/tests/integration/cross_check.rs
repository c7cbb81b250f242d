//! Cross-checking: thousands of puzzles (unique, multi-solution and without solution) counted
//! up to 3 under every propagation level (the `AllDifferent` strengths, and locked candidates),
//! variable order and value order must give the same count, and the solutions found are
//! checked by `checker`, independent of the solver.
//!
//! Every configuration (4 levels x 4 variable orders x 3 value orders) runs on the small sets
//! (4x4, tdoku's test cases and no-solution puzzles, their variants); on the large sets every
//! puzzle runs under the hidden, locked and GAC levels (forward checking on every tenth), with
//! the orders taking turns.

use sudoku::{CountStatus, Grid, Shape, Solver, Strength, TieBreak, ValueOrder, VarOrder};

use checks::grid::{check_solution, data, puzzles};

/// Counts are compared up to this many solutions.
const MAX: u64 = 3;

/// A propagation level of the CLI (`--propagation`): an `AllDifferent` strength, with or
/// without locked candidates.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Level {
    strength: Strength,
    locked: bool,
}

/// `fc`, `hidden`, `locked` and `gac`.
const LEVELS: [Level; 4] = [
    Level { strength: Strength::ForwardChecking, locked: false },
    Level { strength: Strength::HiddenSingles, locked: false },
    Level { strength: Strength::HiddenSingles, locked: true },
    Level { strength: Strength::Gac, locked: false },
];
const FC: Level = LEVELS[0];
const HIDDEN: Level = LEVELS[1];
const VAR_ORDERS: [VarOrder; 4] = [
    VarOrder::Mrv(TieBreak::First),
    VarOrder::Mrv(TieBreak::MaxDegree),
    VarOrder::Mrv(TieBreak::Random),
    VarOrder::Input,
];
const VALUE_ORDERS: [ValueOrder; 3] = [ValueOrder::Ascending, ValueOrder::Descending, ValueOrder::Random];

/// One search configuration.
#[derive(Clone, Copy, Debug)]
struct Config {
    level: Level,
    var: VarOrder,
    value: ValueOrder,
}

/// Every configuration, levels outermost.
fn all_configs() -> Vec<Config> {
    let mut all = Vec::new();
    for level in LEVELS {
        for var in VAR_ORDERS {
            for value in VALUE_ORDERS {
                all.push(Config { level, var, value });
            }
        }
    }
    all
}

/// One solver per level, reused across puzzles (and shapes) as a batch does.
struct Solvers(Vec<Solver>);

impl Solvers {
    fn new() -> Solvers {
        Solvers(
            LEVELS
                .iter()
                .map(|l| {
                    let mut solver = Solver::with_strength(Shape::SIZE_9, l.strength);
                    solver.set_locked_candidates(l.locked);
                    solver
                })
                .collect(),
        )
    }

    /// The number of solutions of `puzzle` up to [`MAX`] under `config`.
    fn count(&mut self, puzzle: &Grid, config: Config, seed: u64) -> u64 {
        let i = LEVELS.iter().position(|&l| l == config.level).unwrap_or(0);
        let solver = &mut self.0[i];
        solver.set_var_order(config.var);
        solver.set_value_order(config.value);
        solver.set_seed(seed);
        let c = solver.count_solutions_up_to(puzzle, MAX);
        assert!(matches!(c.status, CountStatus::Complete | CountStatus::MaxReached), "{puzzle:?} {config:?}: {c:?}");
        c.count
    }

    /// Counts `line` under each of `configs` and requires one answer; checks the solutions found
    /// with the independent checker. Returns the count.
    fn agree(&mut self, line: &str, configs: &[Config], seed: u64) -> u64 {
        let puzzle = Grid::from_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        let reference = Config { level: HIDDEN, var: VarOrder::Mrv(TieBreak::First), value: ValueOrder::Ascending };
        let expected = self.count(&puzzle, reference, seed);
        for &config in configs {
            assert_eq!(self.count(&puzzle, config, seed), expected, "{line} under {config:?} (seed {seed})");
        }
        // The solutions, checked without the solver, distinct, as many as counted.
        let found = self.0[1].solutions_up_to(&puzzle, MAX as usize);
        let mut lines: Vec<String> = found.grids.iter().map(Grid::to_line).collect();
        for s in &lines {
            check_solution(line, s).unwrap_or_else(|e| panic!("{line} -> {s}: {e}"));
        }
        lines.sort();
        lines.dedup();
        assert_eq!(lines.len() as u64, expected, "{line}");
        expected
    }
}

/// `line` without its `k`-th given (in reading order, wrapping).
fn without_given(line: &str, k: usize) -> String {
    let givens: Vec<usize> = line.char_indices().filter(|&(_, c)| c != '.').map(|(i, _)| i).collect();
    let mut bytes = line.as_bytes().to_vec();
    if !givens.is_empty() {
        bytes[givens[k % givens.len()]] = b'.';
    }
    String::from_utf8(bytes).expect("ASCII")
}

/// Tallies of the counts seen, to show that each kind of puzzle was exercised.
#[derive(Debug, Default)]
struct Seen {
    puzzles: usize,
    none: usize,
    unique: usize,
    multiple: usize,
}

impl Seen {
    fn add(&mut self, count: u64) {
        self.puzzles += 1;
        match count {
            0 => self.none += 1,
            1 => self.unique += 1,
            _ => self.multiple += 1,
        }
    }
}

#[test]
fn small_sets_have_the_same_counts_under_every_configuration() {
    let configs = all_configs();
    let mut solvers = Solvers::new();
    let mut seen = Seen::default();
    // tdoku's test cases, with their exact counts, and the no-solution puzzles.
    let cases = data("9x9_tdoku_test_cases.txt");
    for (k, l) in cases.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let mut fields = l.trim().split(':');
        let (puzzle, exact) = (fields.next().unwrap_or(""), fields.next().and_then(|c| c.parse::<u64>().ok()));
        let count = solvers.agree(puzzle, &configs, k as u64);
        assert_eq!(Some(count), exact.map(|e| e.min(MAX)), "{puzzle}");
        seen.add(count);
    }
    for (k, puzzle) in puzzles(&data("9x9_no_solution_tdoku.txt")).enumerate() {
        assert_eq!(solvers.agree(puzzle, &configs, k as u64), 0, "{puzzle}");
        seen.add(0);
    }
    // 4x4 puzzles, and each without one and two givens (often several solutions).
    for (k, puzzle) in puzzles(&data("4x4_kr100.txt")).enumerate() {
        assert_eq!(solvers.agree(puzzle, &configs, k as u64), 1, "{puzzle}");
        seen.add(1);
        let fewer = without_given(puzzle, k);
        seen.add(solvers.agree(&fewer, &configs, k as u64));
        seen.add(solvers.agree(&without_given(&fewer, k + 3), &configs, k as u64));
    }
    assert!(seen.none >= 10 && seen.unique >= 100 && seen.multiple >= 30, "{seen:?}");
}

#[test]
fn large_sets_have_the_same_counts_under_every_level() {
    let mut solvers = Solvers::new();
    let mut seen = Seen::default();
    // Each puzzle under hidden singles, locked candidates and GAC, one order pair per puzzle, taking turns;
    // forward checking (slow on hard puzzles: an exhaustive count to 3 of a 17-clue puzzle
    // takes it ~10^4 nodes, and in input order far more) on every tenth puzzle, with MRV.
    let mut turn = 0usize;
    let mut next_configs = || {
        let (var, value) = (VAR_ORDERS[turn % 4], VALUE_ORDERS[(turn / 4) % 3]);
        let mut configs: Vec<Config> =
            LEVELS.iter().filter(|&&l| l != FC).map(|&level| Config { level, var, value }).collect();
        if turn.is_multiple_of(10) {
            configs.push(Config { level: FC, var: VarOrder::Mrv(TieBreak::Random), value });
        }
        turn += 1;
        configs
    };
    let royle = data("9x9_17clue_royle.txt");
    // 17-clue puzzles are minimal: each loses its uniqueness without any one given.
    for (k, puzzle) in puzzles(&royle).step_by(49).take(1000).enumerate() {
        assert_eq!(solvers.agree(puzzle, &next_configs(), k as u64), 1, "{puzzle}");
        seen.add(1);
        if k % 2 == 0 {
            let count = solvers.agree(&without_given(puzzle, k), &next_configs(), k as u64);
            assert!(count >= 2, "{puzzle} without a given");
            seen.add(count);
        }
    }
    for (k, puzzle) in puzzles(&data("9x9_magictour_top1465.txt")).step_by(3).take(300).enumerate() {
        assert_eq!(solvers.agree(puzzle, &next_configs(), k as u64), 1, "{puzzle}");
        seen.add(1);
    }
    for (k, puzzle) in puzzles(&data("9x9_easy_euler50.txt")).enumerate() {
        assert_eq!(solvers.agree(puzzle, &next_configs(), k as u64), 1, "{puzzle}");
        seen.add(1);
    }
    // A changed given: no solution or several; the levels must agree.
    for (k, puzzle) in puzzles(&data("9x9_forum_hardest_1905_11plus.txt")).step_by(97).take(300).enumerate() {
        let mut cells = puzzle.as_bytes().to_vec();
        let givens: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] != b'.').collect();
        let at = givens[k % givens.len()];
        for d in b'1'..=b'9' {
            cells[at] = d;
            let line = std::str::from_utf8(&cells).expect("ASCII");
            if d != puzzle.as_bytes()[at] && Grid::from_line(line).is_ok() {
                seen.add(solvers.agree(line, &next_configs(), k as u64));
                break;
            }
        }
        // A wrong digit added to a puzzle with one solution: no solution, often proved deep.
        let grid = Grid::from_line(puzzle).unwrap_or_else(|e| panic!("{puzzle}: {e}"));
        let found = solvers.0[1].solutions_up_to(&grid, 2);
        assert_eq!(found.grids.len(), 1, "{puzzle}");
        let solution = found.grids[0].to_line();
        let mut cells = puzzle.as_bytes().to_vec();
        let empty: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == b'.').collect();
        let at = empty[k % empty.len()];
        for d in b'1'..=b'9' {
            cells[at] = d;
            let line = std::str::from_utf8(&cells).expect("ASCII");
            if d != solution.as_bytes()[at] && Grid::from_line(line).is_ok() {
                assert_eq!(solvers.agree(line, &next_configs(), k as u64), 0, "{line}");
                seen.add(0);
                break;
            }
        }
    }
    for (k, puzzle) in puzzles(&data("16x16_kr100.txt")).take(30).enumerate() {
        assert_eq!(solvers.agree(puzzle, &next_configs(), k as u64), 1, "{puzzle}");
        seen.add(1);
    }
    assert!(seen.puzzles >= 2000 && seen.none >= 100 && seen.multiple >= 400, "{seen:?}");
}
