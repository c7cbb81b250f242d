//! The properties checked on arbitrary input by the fuzz targets (`fuzz/fuzz_targets/`) and by the
//! randomized tests of the normal test suite (`tests/integration/robust_inputs.rs`), so that CI exercises what the fuzzers do.
//!
//! Each function takes any bytes and panics if a property fails:
//!
//! * nothing panics, hangs or allocates without bound;
//! * an accepted puzzle is a valid grid that prints and reads back to itself;
//! * a rejected one gets a precise error: the position it names holds the character it names,
//!   that character is really invalid there, counts are the real counts, and the message is
//!   one line;
//! * the batch reader yields exactly the lines a simple reference splitter finds, with their
//!   numbers, and the solver's answers on them are consistent (solutions are checked, two
//!   propagation strengths agree, node limits are exact);
//! * a killer or jigsaw puzzle ([`killer`], [`jigsaw`]) that parses is well formed (its cages or
//!   regions checked here from scratch), prints and reads back to itself, builds a model, and is
//!   answered under a node limit with solutions that a checker independent of the solver
//!   accepts; one that does not parse gets a typed error that names a real position.

use std::io::BufReader;

use sudoku::batch::{Line, LineError, Reader, MAX_LINE};
use sudoku::{
    encode_puzzle, symbol_digit, Cage, Cages, Cell, Grid, Limit, Limits, MapKind, ParseError, Puzzle, Regions, Shape,
    Solver, Strength, Uniqueness, Unit, Variant, VariantError,
};

/// The empty-cell symbols of both forms.
const EMPTY: [char; 5] = ['.', '0', '_', '*', '-'];

/// Whether `ch` stands for a cell (a digit symbol of any size, or an empty cell).
fn is_cell_symbol(ch: char) -> bool {
    EMPTY.contains(&ch) || symbol_digit(ch).is_some()
}

/// The character at 1-based `column` (counted in characters) of `line`.
fn char_at(line: &str, column: usize) -> Option<char> {
    line.chars().nth(column.checked_sub(1)?)
}

/// The lines of `text` as a person counts them: split at `\n`, one trailing `\r` dropped, no
/// line after a final newline.
fn text_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
    if text.is_empty() || text.ends_with('\n') {
        lines.pop();
    }
    lines
}

/// Checks what every error message must be: non-empty, one line.
fn check_message(e: &impl std::fmt::Display) {
    let msg = e.to_string();
    assert!(!msg.is_empty() && !msg.contains('\n'), "bad message {msg:?}");
}

/// Checks a grid the parsers accepted: valid, and it prints and reads back to itself.
fn check_accepted(g: &Grid) {
    assert_eq!(g.digits().len(), g.shape().num_cells());
    assert!(g.digits().iter().all(|&d| d <= g.shape().max_digit()), "{g:?}");
    assert_eq!(g.validate(), Ok(()), "accepted grid clashes: {g:?}");
    assert_eq!(Grid::from_line(&g.to_line()).as_ref(), Ok(g));
    assert_eq!(Grid::parse(&g.to_string()).as_ref(), Ok(g));
}

/// The line form, [`Grid::from_line`], on `data` read as UTF-8 (invalid sequences replaced).
pub fn line(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let body = text.trim();
    match Grid::from_line(&text) {
        Ok(g) => {
            check_accepted(&g);
            let expected: String = body.chars().map(|c| if EMPTY.contains(&c) { '.' } else { c }).collect();
            assert_eq!(g.to_line(), expected);
            // The grid form reads a line the same way.
            assert_eq!(Grid::parse(&text).as_ref(), Ok(&g));
        }
        Err(e) => {
            check_message(&e);
            match e {
                ParseError::InvalidChar { line, column, ch } => {
                    assert_eq!(line, 1);
                    assert_eq!(char_at(&text, column), Some(ch), "{e:?} in {text:?}");
                    assert!(!is_cell_symbol(ch), "{ch:?} is a cell symbol");
                    // It is the first invalid character of the body.
                    let lead = text.chars().count() - text.trim_start().chars().count();
                    assert!(column > lead, "{e:?} in the leading whitespace of {text:?}");
                    assert!(text.chars().skip(lead).take(column - 1 - lead).all(is_cell_symbol));
                }
                ParseError::WrongCellCount { found } => {
                    assert_eq!(found, body.chars().count());
                    assert!(body.chars().all(is_cell_symbol));
                    assert_eq!(Shape::from_num_cells(found), None);
                }
                ParseError::SymbolOutOfRange { line, column, ch, shape } => {
                    assert_eq!(line, 1);
                    assert_eq!(char_at(&text, column), Some(ch), "{e:?} in {text:?}");
                    assert!(symbol_digit(ch).is_some_and(|d| d > shape.max_digit()));
                    assert_eq!(body.chars().count(), shape.num_cells());
                }
                ParseError::Clash(c) => {
                    let n = Shape::from_num_cells(body.chars().count()).expect("a clash has a shape").size();
                    let cells: Vec<char> = body.chars().collect();
                    let symbol = sudoku::digit_symbol(c.digit).expect("a digit");
                    for cell in [c.first, c.second] {
                        assert_eq!(cells[cell.row() * n + cell.col()], symbol, "{c}");
                    }
                    assert!(c.first < c.second);
                }
                other => panic!("unexpected error kind {other:?}"),
            }
        }
    }
}

/// The grid form, [`Grid::parse`], on `data` read as UTF-8 (invalid sequences replaced).
pub fn grid(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let lines = text_lines(&text);
    match Grid::parse(&text) {
        Ok(g) => check_accepted(&g),
        Err(e) => {
            check_message(&e);
            match e {
                ParseError::InvalidChar { line, column, ch } => {
                    let l = lines.get(line - 1).unwrap_or_else(|| panic!("{e:?}: no line {line} in {text:?}"));
                    assert_eq!(char_at(l, column), Some(ch), "{e:?} in {text:?}");
                    assert!(!is_cell_symbol(ch) && !matches!(ch, '|' | '+' | '#') && !ch.is_whitespace(), "{e:?}");
                    // Nothing before it on its line is a comment.
                    assert!(!l.chars().take(column - 1).any(|c| c == '#'), "{e:?} inside a comment");
                }
                ParseError::SymbolOutOfRange { line, column, ch, shape } => {
                    let l = lines.get(line - 1).unwrap_or_else(|| panic!("{e:?}: no line {line} in {text:?}"));
                    assert_eq!(char_at(l, column), Some(ch), "{e:?} in {text:?}");
                    assert!(symbol_digit(ch).is_some_and(|d| d > shape.max_digit()), "{e:?}");
                }
                ParseError::WrongCellCount { found } => assert_eq!(Shape::from_num_cells(found), None, "{e:?}"),
                ParseError::Clash(c) => assert!(c.first < c.second, "{c:?}"),
                other => panic!("unexpected error kind {other:?}"),
            }
        }
    }
    // Whatever the grid form says, the line form agrees when it accepts.
    if let Ok(g) = Grid::from_line(&text) {
        assert_eq!(Grid::parse(&text), Ok(g));
    }
}

/// The batch path: the first byte picks the reader's maximum line length and the second its
/// buffer size (so that short inputs reach "too long" lines and split reads); the rest is the
/// input. Every line is parsed and every puzzle answered as the CLI's `--batch` does, with a
/// node limit.
pub fn batch(data: &[u8]) {
    let (max, capacity, input) = match data {
        [a, b, rest @ ..] => {
            let max = if a & 1 == 0 { MAX_LINE } else { usize::from(a >> 1) + 1 };
            (max, usize::from(*b % 64) + 1, rest)
        }
        _ => (MAX_LINE, 8192, data),
    };
    let mut reader = Reader::with_max_line(BufReader::with_capacity(capacity, input), max);
    let mut got = Vec::new();
    while let Some(line) = reader.next_line().expect("reading a slice cannot fail") {
        got.push(line);
    }
    assert_eq!(got, reference_lines(input, max));
    assert_eq!(reader.bytes_read(), input.len() as u64);
    // Built for each input (so that a failure reproduces from that input alone), on first use.
    let mut solvers: Option<Solvers> = None;
    let mut solved = 0;
    for line in &got {
        match line.parse() {
            Ok(g) => {
                check_accepted(&g);
                // Answering costs far more than reading: a few puzzles per input are enough.
                if solved < SOLVED_PER_INPUT {
                    solved += 1;
                    solvers.get_or_insert_with(Solvers::default).check(&g);
                }
            }
            Err(e) => {
                check_message(&e);
                assert_eq!(e.line(), line.number());
                let msg = e.to_string();
                assert!(msg.starts_with(&format!("line {}", line.number())), "{msg}");
                if let LineError::Parse { error, .. } = &e {
                    assert!(error.line().is_none_or(|l| l == line.number()), "{e:?}");
                }
            }
        }
    }
}

/// The batch lines of `input` by a plain reference splitter (the whole input in memory).
fn reference_lines(input: &[u8], max: usize) -> Vec<Line> {
    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(input);
    let mut segments: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if input.is_empty() || input.ends_with(b"\n") {
        segments.pop();
    }
    let mut lines = Vec::new();
    for (i, seg) in segments.into_iter().enumerate() {
        match seg.iter().find(|b| !b.is_ascii_whitespace()) {
            None | Some(b'#') => {}
            Some(_) if seg.len() > max => lines.push(Line::TooLong { number: i + 1, max }),
            Some(_) => lines.push(Line::Puzzle { number: i + 1, bytes: seg.to_vec() }),
        }
    }
    lines
}

/// The most puzzles answered per batch input (all are read and parsed).
const SOLVED_PER_INPUT: usize = 4;

/// The node limit of each answer: small, so that an input is answered in milliseconds even
/// under the fuzzers' instrumentation; smaller for grids above 9x9, whose nodes cost more.
fn node_limit(shape: Shape) -> u64 {
    if shape.size() <= 9 {
        50
    } else {
        10
    }
}

/// Solvers at each propagation strength, to compare their answers. GAC costs the most per
/// node (a matching per run), so it only checks grids up to 9x9, where it stays cheap.
struct Solvers {
    by_strength: Vec<Solver>,
}

impl Default for Solvers {
    fn default() -> Solvers {
        let make = |strength| Solver::with_strength(Shape::SIZE_9, strength);
        Solvers { by_strength: [Strength::ForwardChecking, Strength::HiddenSingles, Strength::Gac].map(make).into() }
    }
}

impl Solvers {
    /// Answers `puzzle` as `--batch` does (solve and prove unique) under each strength and
    /// checks the answers and that they agree.
    fn check(&mut self, puzzle: &Grid) {
        let mut first: Option<Uniqueness> = None;
        for solver in &mut self.by_strength {
            if solver.strength() == Strength::Gac && puzzle.shape().size() > 9 {
                continue;
            }
            let nodes = node_limit(puzzle.shape());
            solver.set_limits(Limits { max_nodes: Some(nodes), ..Limits::default() });
            let answer = solver.solve_unique(puzzle);
            check_answer(puzzle, &answer, solver.stats().nodes, nodes);
            if matches!(answer, Uniqueness::LimitReached(_)) {
                continue;
            }
            match (&first, &answer) {
                (None, _) => first = Some(answer),
                (Some(Uniqueness::Unique(a)), Uniqueness::Unique(b)) => assert_eq!(a, b, "{puzzle:?}"),
                (Some(Uniqueness::Multiple(..)), Uniqueness::Multiple(..))
                | (Some(Uniqueness::Unsatisfiable), Uniqueness::Unsatisfiable) => {}
                (Some(a), b) => panic!("strengths disagree on {puzzle:?}: {a:?} and {:?} {b:?}", solver.strength()),
            }
        }
    }
}

/// Checks one answer against the puzzle, independently of the solver where it can.
fn check_answer(puzzle: &Grid, answer: &Uniqueness, nodes: u64, max_nodes: u64) {
    match answer {
        Uniqueness::Unique(s) => assert!(s.is_solution_of(puzzle), "{puzzle:?} -> {s:?}"),
        Uniqueness::Multiple(a, b) => {
            assert!(a.is_solution_of(puzzle) && b.is_solution_of(puzzle), "{puzzle:?} -> {a:?}, {b:?}");
            assert_ne!(a, b);
        }
        // A puzzle with every cell given has exactly one solution: itself.
        Uniqueness::Unsatisfiable => assert!(!puzzle.is_complete(), "{puzzle:?} is complete and valid"),
        Uniqueness::LimitReached(limit) => {
            assert_eq!(*limit, Limit::Nodes);
            assert_eq!(nodes, max_nodes, "the node limit is exact");
        }
    }
    assert!(nodes <= max_nodes);
}

/// A killer sudoku, [`Puzzle::parse`] with [`Variant::Killer`] (and [`Cages::parse`] on the
/// same text), on `data` read as UTF-8 (invalid sequences replaced). See `variant`.
pub fn killer(data: &[u8]) {
    variant(Variant::Killer, data);
}

/// A jigsaw sudoku, [`Puzzle::parse`] with [`Variant::Jigsaw`] (and [`Regions::parse`] on the
/// same text), on `data` read as UTF-8 (invalid sequences replaced). See `variant`.
pub fn jigsaw(data: &[u8]) {
    variant(Variant::Jigsaw, data);
}

/// The properties of a variant puzzle text: an accepted puzzle is well formed, round-trips,
/// builds a model and is answered correctly under a node limit; a rejected one gets a typed
/// error of its variant whose positions hold what it says. The standalone map parser agrees.
fn variant(variant: Variant, data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    // The lines as the parsers number them (`str::lines`), for the positions of errors.
    let lines: Vec<&str> = text.lines().collect();
    match Puzzle::parse(variant, &text) {
        Ok(p) => check_puzzle(variant, &p),
        Err(e) => check_variant_error(variant, &e, &lines),
    }
    // The map alone: what it accepts is the puzzle with an empty grid.
    let alone = match variant {
        Variant::Killer => Cages::parse(&text).map(|c| Puzzle::killer(Grid::empty(c.shape()), c)),
        _ => Regions::parse(&text).map(|r| Puzzle::jigsaw(Grid::empty(r.shape()), r)),
    };
    match alone {
        Ok(p) => {
            let p = p.expect("the empty grid has the map's size");
            assert_eq!(Puzzle::parse(variant, &text).as_ref(), Ok(&p), "the map alone and the puzzle differ");
            let shown = match variant {
                Variant::Killer => p.cages().map(ToString::to_string),
                _ => p.regions().map(ToString::to_string),
            };
            assert_eq!(Puzzle::parse(variant, &shown.expect("the variant's structure")).as_ref(), Ok(&p));
        }
        Err(e) => check_variant_error(variant, &e, &lines),
    }
}

/// The node limit of each answer: small enough for milliseconds per input under the fuzzers'
/// instrumentation, smaller above 9x9, whose nodes cost more.
fn variant_node_limit(shape: Shape) -> u64 {
    if shape.size() <= 9 {
        1000
    } else {
        100
    }
}

/// Checks an accepted puzzle: its structure, the round trip through `Display`, its model, and
/// the answers of two differently configured solvers.
fn check_puzzle(variant: Variant, p: &Puzzle) {
    assert_eq!(p.variant(), variant);
    let shape = p.shape();
    assert_eq!(p.grid().shape(), shape);
    assert!(p.grid().digits().iter().all(|&d| d <= shape.max_digit()));
    assert_eq!(p.validate(), Ok(()), "accepted givens clash: {p:?}");
    assert_eq!(Puzzle::parse(variant, &p.to_string()).as_ref(), Ok(p), "does not read back:\n{p}");
    let areas = areas_of(p);
    // The givens do not clash in any area (checked here without `Puzzle::validate`).
    for cells in &areas.distinct {
        assert!(all_different(cells.iter().filter_map(|&c| p.grid().get(c))), "givens clash in {cells:?}: {p:?}");
    }
    // The model: one variable per cell, one constraint per area.
    for strength in [Strength::ForwardChecking, Strength::Gac] {
        let model = encode_puzzle(p, strength).unwrap_or_else(|e| panic!("no model for {p:?}: {e}"));
        assert_eq!(model.num_vars(), shape.num_cells());
        assert_eq!(model.num_constraints(), areas.distinct.len());
    }
    // The answers: hidden singles with locked candidates (the CLI's default), and forward
    // checking without; when neither stops at the limit they agree.
    let nodes = variant_node_limit(shape);
    let limits = Limits { max_nodes: Some(nodes), ..Limits::default() };
    let mut answers = Vec::new();
    for (strength, locked) in [(Strength::HiddenSingles, true), (Strength::ForwardChecking, false)] {
        let mut solver = Solver::with_strength(p.shape(), strength);
        solver.set_locked_candidates(locked);
        solver.set_limits(limits.clone());
        let answer = solver.solve_unique(p);
        let used = solver.stats().nodes;
        assert!(used <= nodes);
        match &answer {
            Uniqueness::Unique(s) => check_variant_solution(p, &areas, s),
            Uniqueness::Multiple(a, b) => {
                check_variant_solution(p, &areas, a);
                check_variant_solution(p, &areas, b);
                assert_ne!(a, b);
            }
            Uniqueness::Unsatisfiable => {}
            Uniqueness::LimitReached(limit) => {
                assert_eq!(*limit, Limit::Nodes);
                assert_eq!(used, nodes, "the node limit is exact");
            }
        }
        answers.push(answer);
    }
    match (&answers[0], &answers[1]) {
        (Uniqueness::LimitReached(_), _) | (_, Uniqueness::LimitReached(_)) => {}
        (Uniqueness::Unique(a), Uniqueness::Unique(b)) => assert_eq!(a, b, "{p:?}"),
        (Uniqueness::Multiple(..), Uniqueness::Multiple(..))
        | (Uniqueness::Unsatisfiable, Uniqueness::Unsatisfiable) => {}
        (a, b) => panic!("the solvers disagree on {p:?}: {a:?} and {b:?}"),
    }
}

/// The areas of a puzzle, built here from its cages or regions and checked to be well formed.
struct Areas {
    /// Every area whose digits differ: rows, columns, then boxes (killer) or regions (jigsaw),
    /// then cages (killer).
    distinct: Vec<Vec<Cell>>,
    /// The cages with their sums.
    sums: Vec<(Vec<Cell>, u32)>,
}

/// The areas of `p`, checking its structure: the cages or regions cover the grid once, are
/// connected, and have the right sizes (regions) or possible sums adding up to the grid's total
/// (cages).
fn areas_of(p: &Puzzle) -> Areas {
    let shape = p.shape();
    let n = shape.size();
    let mut distinct: Vec<Vec<Cell>> = Vec::new();
    distinct.extend((0..n).map(|r| (0..n).map(|c| Cell::new(r, c)).collect()));
    distinct.extend((0..n).map(|c| (0..n).map(|r| Cell::new(r, c)).collect()));
    let mut sums = Vec::new();
    let parts: Vec<Vec<Cell>> = if let Some(cages) = p.cages() {
        assert_eq!(p.variant(), Variant::Killer);
        distinct.extend((0..n).map(|b| shape.unit_cells(Unit::Box(b)).collect()));
        let mut total = 0u64;
        for cage in cages {
            let k = cage.cells().len();
            assert!((1..=n).contains(&k), "cage {} has {k} cells", cage.label());
            let (min, max) = (k * (k + 1) / 2, k * (2 * n - k + 1) / 2);
            assert!((min..=max).contains(&(cage.sum() as usize)), "impossible sum {cage:?}");
            assert_eq!(Cage::sum_range(k, n), Some(min as u32..=max as u32));
            assert_eq!(cages.get(cage.label()), Some(cage));
            total += u64::from(cage.sum());
            sums.push((cage.cells().to_vec(), cage.sum()));
        }
        assert_eq!(total, (n * n * (n + 1) / 2) as u64, "the sums do not fill the grid");
        for cell in shape.cells() {
            let cage = cages.cage_of(cell).expect("the cages cover the grid");
            assert!(cage.cells().contains(&cell));
        }
        cages.iter().map(|c| c.cells().to_vec()).collect()
    } else {
        let regions = p.regions().expect("a jigsaw has regions");
        assert_eq!(regions.len(), n);
        for cell in shape.cells() {
            let k = regions.region_of(cell);
            assert!(regions.cells(k).contains(&cell));
            assert_eq!(regions.label_of(cell), regions.labels()[k]);
        }
        (0..n)
            .map(|k| {
                assert_eq!(regions.cells(k).len(), n, "region {k} of {regions:?}");
                regions.cells(k).to_vec()
            })
            .collect()
    };
    // Every cell in exactly one part, and each part connected.
    let mut owner = vec![usize::MAX; shape.num_cells()];
    for (k, cells) in parts.iter().enumerate() {
        for &c in cells {
            assert!(c.row() < n && c.col() < n, "{c} outside the grid");
            let slot = &mut owner[c.row() * n + c.col()];
            assert_eq!(*slot, usize::MAX, "{c} in two areas");
            *slot = k;
        }
    }
    assert!(owner.iter().all(|&k| k != usize::MAX), "a cell in no area");
    for (k, cells) in parts.iter().enumerate() {
        let mut reached = vec![cells[0]];
        let mut i = 0;
        while let Some(&c) = reached.get(i) {
            i += 1;
            let (r, col) = (c.row(), c.col());
            let next = [(r.wrapping_sub(1), col), (r + 1, col), (r, col.wrapping_sub(1)), (r, col + 1)];
            for (r, col) in next {
                if r < n && col < n && owner[r * n + col] == k && !reached.contains(&Cell::new(r, col)) {
                    reached.push(Cell::new(r, col));
                }
            }
        }
        assert_eq!(reached.len(), cells.len(), "area {k} is not connected: {cells:?}");
    }
    if p.cages().is_none() {
        distinct.extend(parts);
    }
    distinct.extend(sums.iter().map(|(cells, _)| cells.clone()));
    Areas { distinct, sums }
}

/// Whether the digits are all different.
fn all_different(digits: impl Iterator<Item = u8>) -> bool {
    let mut seen = 0u64;
    digits.into_iter().all(|d| {
        let bit = 1u64 << d;
        let fresh = seen & bit == 0;
        seen |= bit;
        fresh
    })
}

/// Checks a solution of `p` without the solver: complete, givens kept, every area's digits
/// different, every cage's sum met; and [`Puzzle::is_solution`] agrees.
fn check_variant_solution(p: &Puzzle, areas: &Areas, s: &Grid) {
    let shape = p.shape();
    assert_eq!(s.shape(), shape);
    assert!(s.digits().iter().all(|&d| (1..=shape.max_digit()).contains(&d)), "incomplete {s:?}");
    for (&given, &d) in p.grid().digits().iter().zip(s.digits()) {
        assert!(given == 0 || given == d, "a given changed: {p:?} -> {s:?}");
    }
    let digit = |c: Cell| s.get(c).expect("complete");
    for cells in &areas.distinct {
        assert!(all_different(cells.iter().map(|&c| digit(c))), "repeats in {cells:?}: {p:?} -> {s:?}");
    }
    for (cells, sum) in &areas.sums {
        let got: u32 = cells.iter().map(|&c| u32::from(digit(c))).sum();
        assert_eq!(got, *sum, "cage {cells:?}: {p:?} -> {s:?}");
    }
    assert!(p.is_solution(s));
}

/// The labels of a map line (comment removed): its characters other than whitespace.
fn map_labels(line: &str) -> usize {
    let line = line.split_once('#').map_or(line, |(before, _)| before);
    line.chars().filter(|c| !c.is_whitespace()).count()
}

/// Whether a line is blank once its comment is removed.
fn is_blank(line: &str) -> bool {
    line.split_once('#').map_or(line, |(before, _)| before).trim().is_empty()
}

/// The first character of a line other than whitespace.
fn first_char(line: &str) -> Option<char> {
    line.chars().find(|c| !c.is_whitespace())
}

/// Checks an error of [`Puzzle::parse`], [`Cages::parse`] or [`Regions::parse`]: of the
/// variant's map, and its positions in `lines` hold what it names.
fn check_variant_error(variant: Variant, e: &VariantError, lines: &[&str]) {
    check_message(e);
    let kind = if variant == Variant::Killer { MapKind::Cages } else { MapKind::Regions };
    let line_at = |line: usize| -> &str {
        line.checked_sub(1).and_then(|i| lines.get(i)).unwrap_or_else(|| panic!("{e:?}: no line {line} in {lines:?}"))
    };
    let killer = variant == Variant::Killer;
    match e {
        VariantError::Grid(ParseError::InvalidChar { line, column, ch }) => {
            let l = line_at(*line);
            assert_eq!(char_at(l, *column), Some(*ch), "{e:?} in {l:?}");
            assert!(!is_cell_symbol(*ch) && !matches!(ch, '|' | '+' | '#') && !ch.is_whitespace(), "{e:?}");
            assert!(!l.chars().take(column - 1).any(|c| c == '#'), "{e:?} inside a comment");
        }
        VariantError::Grid(ParseError::SymbolOutOfRange { line, column, ch, shape }) => {
            let l = line_at(*line);
            assert_eq!(char_at(l, *column), Some(*ch), "{e:?} in {l:?}");
            assert!(symbol_digit(*ch).is_some_and(|d| d > shape.max_digit()), "{e:?}");
        }
        VariantError::Grid(other) => panic!("unexpected grid error {other:?}"),
        VariantError::GridSize { found, expected } => assert_ne!(*found, expected.num_cells(), "{e:?}"),
        VariantError::MissingMap { map } => {
            assert_eq!(*map, kind);
            assert!(lines.iter().all(|l| is_blank(l)), "{e:?} but there is text");
        }
        VariantError::InvalidLabel { map, line, column, ch } => {
            assert_eq!(*map, kind);
            let l = line_at(*line);
            assert_eq!(char_at(l, *column), Some(*ch), "{e:?} in {l:?}");
            assert!(!ch.is_ascii_alphanumeric() && !ch.is_whitespace() && *ch != '#', "{e:?}");
            assert!(!(killer && *ch == '.'), "{e:?}: a '.' in a cage map is a cell in no cage");
        }
        VariantError::UnsupportedSide { map, line, found } => {
            assert_eq!(*map, kind);
            assert_eq!(map_labels(line_at(*line)), *found, "{e:?}");
            assert_eq!(Shape::from_size(*found), None, "{e:?}");
        }
        VariantError::WrongRowLength { map, line, found, expected } => {
            assert_eq!(*map, kind);
            assert_eq!(map_labels(line_at(*line)), *found, "{e:?}");
            assert_ne!(found, expected, "{e:?}");
            assert!(Shape::from_size(*expected).is_some(), "{e:?}");
        }
        VariantError::MissingMapLines { map, found, expected } => {
            assert_eq!(*map, kind);
            assert!(found < expected && *found > 0, "{e:?}");
        }
        VariantError::UnexpectedLine { line } => assert!(!is_blank(line_at(*line)), "{e:?}"),
        VariantError::RegionSize { found, expected, first, .. } => {
            assert!(!killer, "{e:?}");
            assert_ne!(found, expected, "{e:?}");
            assert!(first.row() < *expected && first.col() < *expected, "{e:?}");
        }
        VariantError::NotConnected { map, first, apart, .. } => {
            assert_eq!(*map, kind);
            assert_ne!(first, apart, "{e:?}");
        }
        VariantError::Uncaged { line, column, cell } => {
            assert!(killer, "{e:?}");
            let l = line_at(*line);
            assert_eq!(char_at(l, *column), Some('.'), "{e:?} in {l:?}");
            // The cell is the label's position on its line.
            let before = l.chars().take(column - 1).filter(|c| !c.is_whitespace()).count();
            assert_eq!(cell.col(), before, "{e:?} in {l:?}");
            // And it is a cell of the grid: the map's lines are as long as its first.
            let first = lines.iter().find(|l| !is_blank(l)).map_or(0, |l| map_labels(l));
            assert!(cell.row() < first && cell.col() < first, "{e:?}: outside a {first}x{first} map");
        }
        VariantError::CageTooLarge { cells, max, .. } => {
            assert!(killer && cells > max, "{e:?}");
        }
        VariantError::MissingSum { .. } => assert!(killer, "{e:?}"),
        VariantError::UnknownCage { line, label } | VariantError::ImpossibleSum { line, label, .. } => {
            assert!(killer, "{e:?}");
            assert_eq!(first_char(line_at(*line)), Some(*label), "{e:?}");
            if let VariantError::ImpossibleSum { cells, min, max, found, .. } = e {
                assert!(found < min || found > max, "{e:?}");
                assert_eq!(*min as usize, cells * (cells + 1) / 2, "{e:?}");
            }
        }
        VariantError::DuplicateSum { line, label, first_line } => {
            assert!(killer && first_line < line, "{e:?}");
            assert_eq!(first_char(line_at(*line)), Some(*label), "{e:?}");
            assert_eq!(first_char(line_at(*first_line)), Some(*label), "{e:?}");
        }
        VariantError::InvalidSum { line, column, text } => {
            assert!(killer, "{e:?}");
            let l = line_at(*line);
            if text.is_empty() {
                // Just after the label, which is the line's first character.
                assert_eq!(char_at(l, column - 1), first_char(l), "{e:?} in {l:?}");
            } else {
                assert_eq!(char_at(l, *column), text.chars().next(), "{e:?} in {l:?}");
                assert!(text.parse::<u32>().is_err() || !text.chars().all(|c| c.is_ascii_digit()), "{e:?}");
            }
        }
        VariantError::WrongTotal { found, expected } => {
            assert!(killer && found != expected, "{e:?}");
            assert!(Shape::ALL.iter().any(|s| (s.size() * s.size() * (s.size() + 1) / 2) as u64 == *expected));
        }
        VariantError::Clash(c) => assert!(c.first < c.second, "{c:?}"),
        other => panic!("unexpected error kind {other:?}"),
    }
}
