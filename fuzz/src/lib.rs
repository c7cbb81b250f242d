//! The properties checked on arbitrary input by the fuzz targets (`fuzz_targets/`) and by the
//! randomized tests of the normal test suite (`tests/integration/robust_inputs.rs` includes
//! this file), so that CI exercises what the fuzzers do.
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
//!   propagation strengths agree, node limits are exact).

use std::io::BufReader;

use sudoku::batch::{Line, LineError, Reader, MAX_LINE};
use sudoku::{symbol_digit, Grid, Limit, Limits, ParseError, Shape, Solver, Strength, Uniqueness};

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
