//! Puzzle generation (`sudoku::Generator`, `--generate`): every puzzle has exactly one
//! solution and is minimal, as a plain backtracking counter written here (not the engine)
//! says; puzzles are distinct, depend only on the seed, and re-grade inside the band asked
//! for; impossible requests are errors.

use sudoku::{
    Band, Explainer, Generated, Generation, Generator, Grid, Puzzle, Settings, Shape, Solver, Symmetry, Target,
    Uniqueness, Variant,
};

// ---- an independent counter ------------------------------------------------------------------

/// The units of a puzzle's rules, as cell index lists, from its printed form only: rows,
/// columns, then boxes (plain, X), both diagonals (X) or the region map's labels (jigsaw).
fn units(variant: Variant, side: usize, text: &str) -> Vec<Vec<usize>> {
    let mut units: Vec<Vec<usize>> = Vec::new();
    for k in 0..side {
        units.push((0..side).map(|c| k * side + c).collect());
        units.push((0..side).map(|r| r * side + k).collect());
    }
    if variant == Variant::Jigsaw {
        // The map: the first `side` non-comment lines, labels separated by spaces.
        let labels: Vec<char> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .take(side)
            .flat_map(|l| l.chars().filter(|c| !c.is_whitespace()))
            .collect();
        assert_eq!(labels.len(), side * side, "{text}");
        let mut distinct: Vec<char> = labels.clone();
        distinct.sort_unstable();
        distinct.dedup();
        for l in distinct {
            units.push((0..side * side).filter(|&i| labels[i] == l).collect());
        }
    } else {
        let (br, bc) = match side {
            4 => (2, 2),
            6 => (2, 3),
            9 => (3, 3),
            12 => (3, 4),
            16 => (4, 4),
            _ => panic!("side {side}"),
        };
        for b in 0..side {
            let (r0, c0) = (b / (side / bc) * br, b % (side / bc) * bc);
            units.push((0..side).map(|k| (r0 + k / bc) * side + c0 + k % bc).collect());
        }
    }
    if variant == Variant::X {
        units.push((0..side).map(|k| k * side + k).collect());
        units.push((0..side).map(|k| k * side + side - 1 - k).collect());
    }
    for u in &units {
        assert_eq!(u.len(), side);
    }
    units
}

/// Counts the completions of `cells` (0 for empty) under `units`, up to `max`, by plain
/// backtracking on the cell with the fewest candidates (a digit mask per unit).
fn count(cells: &mut [u8], side: usize, units: &[Vec<usize>], max: u64) -> u64 {
    let mut of_cell: Vec<Vec<usize>> = vec![Vec::new(); cells.len()];
    for (k, u) in units.iter().enumerate() {
        for &i in u {
            of_cell[i].push(k);
        }
    }
    let mut used = vec![0u32; units.len()];
    for i in 0..cells.len() {
        if cells[i] != 0 {
            let bit = 1 << cells[i];
            if of_cell[i].iter().any(|&k| used[k] & bit != 0) {
                return 0;
            }
            of_cell[i].iter().for_each(|&k| used[k] |= bit);
        }
    }
    let all = ((1u32 << (side + 1)) - 1) & !1;
    fn go(cells: &mut [u8], all: u32, of_cell: &[Vec<usize>], used: &mut [u32], max: u64, found: &mut u64) {
        let mut best: Option<(usize, u32)> = None;
        for i in 0..cells.len() {
            if cells[i] != 0 {
                continue;
            }
            let free = all & !of_cell[i].iter().fold(0, |m, &k| m | used[k]);
            if best.is_none_or(|(_, f)| free.count_ones() < f.count_ones()) {
                best = Some((i, free));
                if free.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((i, free)) = best else {
            *found += 1;
            return;
        };
        let mut rest = free;
        while rest != 0 {
            let d = rest.trailing_zeros();
            rest &= rest - 1;
            cells[i] = d as u8;
            of_cell[i].iter().for_each(|&k| used[k] |= 1 << d);
            go(cells, all, of_cell, used, max, found);
            of_cell[i].iter().for_each(|&k| used[k] &= !(1 << d));
            cells[i] = 0;
            if *found >= max {
                return;
            }
        }
    }
    let mut found = 0;
    go(cells, all, &of_cell, &mut used, max, &mut found);
    found
}

/// Checks, with the counter above, that `made` has exactly its stated solution and that no
/// given (no symmetric pair of givens, under a symmetry) can be removed without a second
/// solution; and that the givens have the symmetry.
fn check_unique_and_minimal(made: &Generated, symmetry: Symmetry) {
    let puzzle = &made.puzzle;
    let side = puzzle.shape().size();
    let text = puzzle.to_string();
    let units = units(puzzle.variant(), side, &text);
    let digits: Vec<u8> = puzzle.grid().digits().to_vec();
    let mut cells = digits.clone();
    assert_eq!(count(&mut cells, side, &units, 2), 1, "not unique:\n{text}");
    // The stated solution fills the givens and satisfies every unit.
    let solution = made.solution.digits();
    assert!(digits.iter().zip(solution).all(|(&g, &s)| g == 0 || g == s));
    for u in &units {
        let mut seen: Vec<u8> = u.iter().map(|&i| solution[i]).collect();
        seen.sort_unstable();
        assert_eq!(seen, (1..=side as u8).collect::<Vec<_>>(), "{text}");
    }
    let image = |i: usize| puzzle.shape().index(symmetry.image(puzzle.shape(), puzzle.shape().cell(i)));
    for i in (0..digits.len()).filter(|&i| digits[i] != 0) {
        assert_ne!(digits[image(i)], 0, "givens not {symmetry}:\n{text}");
        let mut fewer = digits.clone();
        fewer[i] = 0;
        fewer[image(i)] = 0;
        assert!(count(&mut fewer, side, &units, 2) >= 2, "not minimal: {} can go\n{text}", puzzle.shape().cell(i));
    }
}

fn generate(settings: Settings, n: u64) -> Vec<Generated> {
    let mut generator = Generator::new(settings).expect("a possible request");
    (0..n)
        .map(|i| match generator.generate(i) {
            Generation::Found(made) => *made,
            other => panic!("#{i}: {other:?}"),
        })
        .collect()
}

// ---- the library -------------------------------------------------------------------------------

fn check_cases(cases: &[(Shape, Variant, Symmetry, u64)]) {
    for &(shape, variant, symmetry, n) in cases {
        let settings = Settings { variant, symmetry, seed: 3, ..Settings::new(shape) };
        for made in generate(settings, n) {
            assert_eq!(made.puzzle.variant(), variant);
            assert_eq!(made.puzzle.shape(), shape);
            check_unique_and_minimal(&made, symmetry);
        }
    }
}

#[test]
fn plain_puzzles_of_every_size_to_12x12_are_unique_and_minimal() {
    check_cases(&[
        (Shape::SIZE_4, Variant::Plain, Symmetry::None, 20),
        (Shape::SIZE_6, Variant::Plain, Symmetry::None, 10),
        (Shape::SIZE_9, Variant::Plain, Symmetry::None, 10),
    ]);
}

#[test]
fn a_12x12_puzzle_is_unique_and_minimal() {
    check_cases(&[(Shape::SIZE_12, Variant::Plain, Symmetry::None, 1)]);
}

#[test]
fn x_and_jigsaw_puzzles_are_unique_and_minimal() {
    check_cases(&[
        (Shape::SIZE_4, Variant::X, Symmetry::None, 10),
        (Shape::SIZE_6, Variant::X, Symmetry::Diagonal, 5),
        (Shape::SIZE_9, Variant::X, Symmetry::None, 2),
        (Shape::SIZE_4, Variant::Jigsaw, Symmetry::None, 10),
        (Shape::SIZE_6, Variant::Jigsaw, Symmetry::None, 5),
        (Shape::SIZE_9, Variant::Jigsaw, Symmetry::None, 2),
    ]);
}

#[test]
fn symmetric_puzzles_have_symmetric_givens_and_no_removable_pair() {
    check_cases(&[
        (Shape::SIZE_9, Variant::Plain, Symmetry::Rotational, 4),
        (Shape::SIZE_9, Variant::Plain, Symmetry::Mirror, 4),
        (Shape::SIZE_9, Variant::Plain, Symmetry::Diagonal, 4),
    ]);
}

#[test]
fn a_16x16_puzzle_has_a_valid_unique_solution() {
    // The plain counter above is too slow for a 16x16 puzzle: the solution is checked here,
    // uniqueness by a solver with other options than the generator's (no locked candidates).
    let made = generate(Settings { seed: 1, ..Settings::new(Shape::SIZE_16) }, 1).remove(0);
    let units = units(Variant::Plain, 16, &made.puzzle.to_string());
    let solution = made.solution.digits();
    for u in &units {
        let mut seen: Vec<u8> = u.iter().map(|&i| solution[i]).collect();
        seen.sort_unstable();
        assert_eq!(seen, (1..=16).collect::<Vec<u8>>());
    }
    assert!(made.solution.is_solution_of(made.puzzle.grid()));
    let mut solver = Solver::new(Shape::SIZE_16);
    assert_eq!(solver.solve_unique(made.puzzle.grid()), Uniqueness::Unique(made.solution.clone()));
}

#[test]
fn generated_puzzles_are_distinct() {
    let lines: Vec<String> =
        generate(Settings::new(Shape::SIZE_9), 100).iter().map(|m| m.puzzle.grid().to_line()).collect();
    let mut unique = lines.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), lines.len());
    let jigsaws = generate(Settings { variant: Variant::Jigsaw, ..Settings::new(Shape::SIZE_6) }, 10);
    let mut maps: Vec<_> = jigsaws.iter().map(|m| m.puzzle.regions().cloned()).collect();
    maps.dedup();
    assert!(maps.len() > 5, "random regions differ from puzzle to puzzle");
}

#[test]
fn every_band_asked_for_is_the_band_regraded() {
    // Re-graded by a fresh solver with other options than the generator's grader, as
    // `--grade` does (the technique ladder does not depend on them).
    let mut plain = Solver::new(Shape::SIZE_9);
    plain.set_locked_candidates(true);
    let mut grader = Explainer::from(Solver::new(Shape::SIZE_9));
    for band in [Band::Easy, Band::Medium, Band::Hard, Band::Fiendish] {
        let target = Target::Bands(band, band);
        for made in generate(Settings { target, seed: 9, ..Settings::new(Shape::SIZE_9) }, 3) {
            assert!(matches!(plain.solve_unique(made.puzzle.grid()), Uniqueness::Unique(_)));
            let grade = grader.grade(made.puzzle.grid());
            assert_eq!(grade.band(), band, "{}", made.puzzle.grid().to_line());
            assert_eq!(Some(grade), made.grade);
        }
    }
    let scores = Target::Scores(2.0, 4.0);
    for made in generate(Settings { target: scores, ..Settings::new(Shape::SIZE_9) }, 3) {
        let grade = Explainer::new(Shape::SIZE_9).grade(made.puzzle.grid());
        assert!((2.0..4.0).contains(&grade.score()), "{grade}");
        assert_eq!(Some(grade), made.grade);
    }
}

/// The solutions of `puzzle`, up to 2, by a plain backtracking search over its areas and cage
/// sums (independent of the engine): each cell in reading order, each digit that no earlier
/// cell of its areas holds and that keeps its cage's sum reachable.
fn brute_force_count(puzzle: &Puzzle) -> usize {
    let shape = puzzle.shape();
    let n = shape.size();
    let areas: Vec<Vec<usize>> =
        puzzle.areas().into_iter().map(|(_, c)| c.iter().map(|&x| shape.index(x)).collect()).collect();
    let mut areas_of: Vec<Vec<usize>> = vec![Vec::new(); n * n];
    for (a, cells) in areas.iter().enumerate() {
        for &c in cells {
            areas_of[c].push(a);
        }
    }
    let cages: Vec<(Vec<usize>, u32)> = puzzle
        .cages()
        .map(|cs| cs.iter().map(|c| (c.cells().iter().map(|&x| shape.index(x)).collect(), c.sum())).collect())
        .unwrap_or_default();
    let mut cage_of = vec![usize::MAX; n * n];
    for (k, (cells, _)) in cages.iter().enumerate() {
        for &c in cells {
            cage_of[c] = k;
        }
    }
    let mut grid: Vec<u8> = puzzle.grid().digits().to_vec();
    let givens = grid.clone();
    let mut found = 0;
    // Depth first over the cells in reading order, an explicit stack of (cell, next digit).
    let mut stack: Vec<(usize, u8)> = vec![(0, 1)];
    while let Some((i, d)) = stack.pop() {
        if i == grid.len() {
            found += 1;
            if found >= 2 {
                break;
            }
            continue;
        }
        if d > n as u8 {
            grid[i] = givens[i];
            continue;
        }
        stack.push((i, d + 1));
        if givens[i] != 0 && d != givens[i] {
            continue;
        }
        let clash = areas_of[i].iter().any(|&a| areas[a].iter().any(|&c| c < i && grid[c] == d));
        let sum_ok = cages.get(cage_of[i]).is_none_or(|(cells, sum)| {
            let filled: u32 = cells.iter().filter(|&&c| c < i).map(|&c| u32::from(grid[c])).sum::<u32>() + u32::from(d);
            let left = cells.iter().filter(|&&c| c > i).count() as u32;
            filled + left <= *sum && (left > 0 || filled == *sum)
        });
        if clash || !sum_ok {
            continue;
        }
        grid[i] = d;
        stack.push((i + 1, 1));
    }
    found
}

#[test]
fn every_variant_is_generated_graded_inside_a_band_and_unique() {
    let mut solver = Explainer::default();
    for variant in [Variant::X, Variant::Jigsaw, Variant::Killer] {
        let target = Target::Bands(Band::Easy, Band::Hard);
        for made in generate(Settings { variant, target, seed: 7, ..Settings::new(Shape::SIZE_6) }, 2) {
            let grade = made.grade.expect("graded");
            assert!(grade.band() <= Band::Hard, "{variant}: {grade}");
            assert_eq!(solver.grade(&made.puzzle), grade, "{variant}");
            assert_eq!(brute_force_count(&made.puzzle), 1, "{variant}:\n{}", made.puzzle);
            assert!(made.puzzle.is_solution(&made.solution));
            // Read back in the variant's format.
            assert_eq!(Puzzle::parse(variant, &made.puzzle.to_string()).as_ref(), Ok(&made.puzzle));
            if variant == Variant::Killer {
                assert_eq!(made.puzzle.grid().num_filled(), 0);
            }
        }
    }
    let made = generate(Settings { grade: false, ..Settings::new(Shape::SIZE_9) }, 2);
    assert!(made.iter().all(|m| m.grade.is_none()));
}

#[test]
fn a_generated_jigsaw_reads_back_in_the_jigsaw_format() {
    for made in generate(Settings { variant: Variant::Jigsaw, ..Settings::new(Shape::SIZE_9) }, 2) {
        let back = Puzzle::parse(Variant::Jigsaw, &made.puzzle.to_string()).expect("the jigsaw format");
        assert_eq!(back, made.puzzle);
        let line: Grid = made.solution.clone();
        assert!(made.puzzle.is_solution(&line));
    }
}
