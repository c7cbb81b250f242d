//! A Sudoku checker independent of the solver and of the `sudoku` crate: it works on the
//! line form as text, with its own geometry and symbol tables.

/// Box rows and columns for a side, by this module's own table.
fn boxes(n: usize) -> Option<(usize, usize)> {
    match n {
        4 => Some((2, 2)),
        6 => Some((2, 3)),
        9 => Some((3, 3)),
        12 => Some((3, 4)),
        16 => Some((4, 4)),
        25 => Some((5, 5)),
        _ => None,
    }
}

/// The value of a symbol, 0 for an empty cell.
fn value(ch: u8) -> Option<usize> {
    match ch {
        b'.' | b'0' | b'_' | b'*' | b'-' => Some(0),
        b'1'..=b'9' => Some(usize::from(ch - b'0')),
        b'A'..=b'P' => Some(usize::from(ch - b'A') + 10),
        _ => None,
    }
}

/// Checks that `solution` is a completed grid in which every row, column and box is a
/// permutation of 1..=n, and that it keeps every given of `puzzle`.
pub(crate) fn check_solution(puzzle: &str, solution: &str) -> Result<(), String> {
    let (p, s) = (puzzle.as_bytes(), solution.as_bytes());
    let n = (1..=25).find(|n| n * n == s.len()).ok_or_else(|| format!("solution has {} cells", s.len()))?;
    let (br, bc) = boxes(n).ok_or_else(|| format!("no box shape for side {n}"))?;
    if p.len() != s.len() {
        return Err(format!("puzzle has {} cells, solution {}", p.len(), s.len()));
    }
    let mut grid = vec![0usize; n * n];
    for (i, &ch) in s.iter().enumerate() {
        let v = value(ch).ok_or_else(|| format!("bad symbol {:?} at {i}", ch as char))?;
        if v == 0 || v > n {
            return Err(format!("cell {i} holds {:?}", ch as char));
        }
        grid[i] = v;
        let given = value(p[i]).ok_or_else(|| format!("bad puzzle symbol at {i}"))?;
        if given != 0 && given != v {
            return Err(format!("given {given} at cell {i} changed to {v}"));
        }
    }
    let is_permutation = |cells: &mut dyn Iterator<Item = usize>| {
        let mut seen = vec![false; n + 1];
        for i in cells {
            if std::mem::replace(&mut seen[grid[i]], true) {
                return false;
            }
        }
        true
    };
    for k in 0..n {
        if !is_permutation(&mut (0..n).map(|j| k * n + j)) {
            return Err(format!("row {k} repeats a digit"));
        }
        if !is_permutation(&mut (0..n).map(|j| j * n + k)) {
            return Err(format!("column {k} repeats a digit"));
        }
        let (r0, c0) = ((k / (n / bc)) * br, (k % (n / bc)) * bc);
        if !is_permutation(&mut (0..n).map(|j| (r0 + j / bc) * n + c0 + j % bc)) {
            return Err(format!("box {k} repeats a digit"));
        }
    }
    Ok(())
}

/// The puzzles of a data file: non-empty lines not starting with `#`, first `:` field.
pub(crate) fn puzzles(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split(':').next().unwrap_or(l))
}

/// The path of a file in the project's `data/` folder.
pub(crate) fn data_path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data").join(name)
}

/// The text of a file in the project's `data/` folder.
pub(crate) fn data(name: &str) -> String {
    let path = data_path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

#[test]
fn checker_accepts_a_known_solution_and_rejects_broken_ones() {
    let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    assert_eq!(check_solution(puzzle, solution), Ok(()));
    // Swapping two cells of a row keeps rows valid but breaks columns.
    let mut swapped = solution.as_bytes().to_vec();
    swapped.swap(0, 1);
    assert!(check_solution(puzzle, std::str::from_utf8(&swapped).unwrap()).is_err());
    // A valid grid that changes a given.
    let other = "1234341221434321";
    assert_eq!(check_solution("1...............", other), Ok(()));
    assert!(check_solution("2...............", other).is_err());
    // A 6x6 grid with 2x3 boxes; the same rows in a 3x2-box order would break the boxes.
    assert_eq!(check_solution(&".".repeat(36), "123456456123231564564231312645645312"), Ok(()));
    assert!(check_solution(&".".repeat(36), "123456231564312645456123564231645312").is_err());
}
