//! A Sudoku checker independent of the solver and of the rest of the `sudoku` crate: it works
//! on the line form as text, with its own geometry and symbol tables. The integration
//! tests of the root package and of `sudoku` use it.

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
pub fn check_solution(puzzle: &str, solution: &str) -> Result<(), String> {
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

/// Checks `solution` (line form) against a variant puzzle file as docs/variants.md describes it,
/// with this module's own reading of the format: `variant` is `x`, `killer` or `jigsaw`.
///
/// Rows and columns must be permutations of 1..=n; so must boxes (not for a jigsaw), both main
/// diagonals (x) and regions (jigsaw); cage digits must differ and add up to the cage's sum
/// (killer); every given must be kept.
pub fn check_variant(variant: &str, text: &str, solution: &str) -> Result<(), String> {
    let s = solution.as_bytes();
    let n = (1..=25).find(|n| n * n == s.len()).ok_or_else(|| format!("solution has {} cells", s.len()))?;
    let grid: Vec<usize> = s.iter().map(|&ch| value(ch).unwrap_or(0)).collect();
    if grid.iter().any(|&v| v == 0 || v > n) {
        return Err("the solution has a cell outside 1..=n".into());
    }
    let lines: Vec<&str> =
        text.lines().map(|l| l.split('#').next().unwrap_or("").trim()).filter(|l| !l.is_empty()).collect();
    let tokens = |l: &str| -> Vec<char> { l.chars().filter(|c| !c.is_whitespace()).collect() };
    // The label map (jigsaw, killer): the first n lines.
    let map: Vec<char> = match variant {
        "jigsaw" | "killer" => lines.iter().take(n).flat_map(|l| tokens(l)).collect(),
        _ => Vec::new(),
    };
    let mut rest = if map.is_empty() { &lines[..] } else { &lines[n.min(lines.len())..] };
    // Sum lines (killer): LABEL SUM.
    let mut sums: Vec<(char, usize)> = Vec::new();
    if variant == "killer" {
        while let Some(l) = rest.first() {
            let parts: Vec<&str> = l.split_whitespace().collect();
            match parts[..] {
                [label, sum] if label.chars().count() == 1 && sum.parse::<usize>().is_ok() => {
                    sums.push((label.chars().next().unwrap_or('?'), sum.parse().unwrap_or(0)));
                    rest = &rest[1..];
                }
                _ => break,
            }
        }
    }
    // The givens: the remaining lines' symbols, without separator lines and characters.
    let givens: String = rest
        .iter()
        .filter(|l| !l.contains('+') && !l.contains("--"))
        .flat_map(|l| l.chars().filter(|c| !c.is_whitespace() && *c != '|'))
        .collect();
    if !givens.is_empty() {
        if givens.len() != n * n {
            return Err(format!("the puzzle grid has {} cells", givens.len()));
        }
        for (i, ch) in givens.bytes().enumerate() {
            let v = value(ch).ok_or_else(|| format!("bad puzzle symbol at {i}"))?;
            if v != 0 && v != grid[i] {
                return Err(format!("given {v} at cell {i} changed to {}", grid[i]));
            }
        }
    }
    let mut areas: Vec<(String, Vec<usize>)> = Vec::new();
    for k in 0..n {
        areas.push((format!("row {k}"), (0..n).map(|j| k * n + j).collect()));
        areas.push((format!("column {k}"), (0..n).map(|j| j * n + k).collect()));
    }
    if variant != "jigsaw" {
        let (br, bc) = boxes(n).ok_or_else(|| format!("no box shape for side {n}"))?;
        for k in 0..n {
            let (r0, c0) = ((k / (n / bc)) * br, (k % (n / bc)) * bc);
            areas.push((format!("box {k}"), (0..n).map(|j| (r0 + j / bc) * n + c0 + j % bc).collect()));
        }
    }
    if variant == "x" {
        areas.push(("main diagonal".into(), (0..n).map(|k| k * n + k).collect()));
        areas.push(("anti-diagonal".into(), (0..n).map(|k| k * n + n - 1 - k).collect()));
    }
    if !map.is_empty() {
        if map.len() != n * n {
            return Err(format!("the map has {} labels", map.len()));
        }
        let mut labels: Vec<char> = map.clone();
        labels.sort_unstable();
        labels.dedup();
        for label in labels {
            let cells: Vec<usize> = (0..n * n).filter(|&i| map[i] == label).collect();
            if variant == "jigsaw" && cells.len() != n {
                return Err(format!("region {label} has {} cells", cells.len()));
            }
            if variant == "killer" {
                let sum = sums.iter().find(|(l, _)| *l == label).map(|&(_, s)| s);
                let total: usize = cells.iter().map(|&i| grid[i]).sum();
                if sum != Some(total) {
                    return Err(format!("cage {label} adds up to {total}, its sum is {sum:?}"));
                }
            }
            areas.push((format!("area {label}"), cells));
        }
    }
    for (name, cells) in areas {
        let mut seen = vec![false; n + 1];
        for i in cells {
            if std::mem::replace(&mut seen[grid[i]], true) {
                return Err(format!("{name} repeats a digit"));
            }
        }
    }
    Ok(())
}

/// The puzzles of a data file: non-empty lines not starting with `#`, first `:` field.
pub fn puzzles(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split(':').next().unwrap_or(l))
}

/// The path of a file in the workspace's `data/` folder: the first `data/` with a README at or
/// above the manifest of the package under test (the root package, `crates/sudoku` or this crate).
pub fn data_path(name: &str) -> std::path::PathBuf {
    let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let data = manifest.ancestors().map(|d| d.join("data")).find(|d| d.join("README.md").is_file());
    data.unwrap_or_else(|| manifest.join("data")).join(name)
}

/// The text of a file in the project's `data/` folder.
pub fn data(name: &str) -> String {
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

#[test]
fn variant_checker_applies_each_variant_rule() {
    // A solved plain grid: valid for x only if its diagonals differ.
    let plain = "1234341221434321";
    assert_eq!(check_solution(&".".repeat(16), plain), Ok(()));
    assert!(check_variant("x", &".".repeat(16), plain).is_err(), "r1c1 and r4c4... diagonal 1,4,4,1");
    let x = "1234341243212143";
    assert_eq!(check_variant("x", "1...\n....\n....\n....", x), Ok(()));
    assert!(check_variant("x", "2...\n....\n....\n....", x).is_err(), "changes a given");
    // Jigsaw: regions instead of boxes.
    let regions = "aaab\ncabb\nccdb\ncddd\n";
    assert_eq!(check_variant("jigsaw", regions, "1234241331424321"), Ok(()));
    // A solved plain grid whose region 'a' (r1c1, r1c2, r1c3, r2c2) holds 4 twice.
    assert!(check_variant("jigsaw", regions, "2143341212344321").is_err());
    // Killer: sums and distinct digits per cage.
    let cages = "aabb\ncadb\ncedf\ngedf\na 7\nb 9\nc 5\nd 7\ne 4\nf 4\ng 4\n";
    assert_eq!(check_variant("killer", cages, plain), Ok(()));
    assert!(check_variant("killer", &cages.replace("g 4", "g 3"), plain).is_err());
    assert!(check_variant("killer", &format!("{cages}2...\n....\n....\n...."), plain).is_err());
}
