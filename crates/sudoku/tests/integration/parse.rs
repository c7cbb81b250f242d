//! Parsing and printing: round trips (property tests) and the exact text and position of each
//! error.

use proptest::prelude::*;
use sudoku::{Cell, Clash, Grid, ParseError, Shape, Unit};

/// A valid full grid of `shape` from the classic pattern, with its digits renamed by `perm`.
fn full_grid(shape: Shape, perm: &[u8]) -> Grid {
    let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
    let mut g = Grid::empty(shape);
    for r in 0..n {
        for c in 0..n {
            let v = (bc * (r % br) + r / br + c) % n;
            g.set(Cell::new(r, c), Some(perm[v]));
        }
    }
    g
}

/// Grids of every shape: a valid full grid with renamed digits, some cells emptied.
fn grids() -> impl Strategy<Value = Grid> {
    proptest::sample::select(Shape::ALL.to_vec()).prop_flat_map(|shape| {
        let n = shape.size();
        let digits: Vec<u8> = (1..=n as u8).collect();
        (Just(digits).prop_shuffle(), proptest::collection::vec(any::<bool>(), shape.num_cells())).prop_map(
            move |(perm, keep)| {
                let mut g = full_grid(shape, &perm);
                for (i, k) in keep.into_iter().enumerate() {
                    if !k {
                        g.set(shape.cell(i), None);
                    }
                }
                g
            },
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn parse_of_the_printed_grid_is_the_grid(grid in grids()) {
        prop_assert!(grid.validate().is_ok());
        prop_assert_eq!(Grid::parse(&grid.to_string()), Ok(grid.clone()));
        prop_assert_eq!(Grid::parse(&grid.to_line()), Ok(grid.clone()));
        prop_assert_eq!(Grid::from_line(&grid.to_line()), Ok(grid.clone()));
        prop_assert_eq!(grid.to_line().parse::<Grid>(), Ok(grid));
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(text in any::<String>()) {
        let _ = Grid::parse(&text);
        let _ = Grid::from_line(&text);
    }

    #[test]
    fn parsing_near_puzzles_never_panics(
        text in proptest::string::string_regex("[0-9A-Q.\\-_*|+# \n]{0,700}").unwrap()
    ) {
        if let Err(e) = Grid::parse(&text) {
            prop_assert!(!e.to_string().is_empty());
        }
        let _ = Grid::from_line(&text);
    }
}

#[test]
fn the_pattern_grids_are_valid_for_every_shape() {
    for shape in Shape::ALL {
        let perm: Vec<u8> = (1..=shape.size() as u8).collect();
        assert!(full_grid(shape, &perm).is_solved(), "{shape}");
    }
}

const LEETCODE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn unexpected_character_in_the_line_form_gives_its_column() {
    let line = format!("{}x{}", &LEETCODE[..6], &LEETCODE[7..]);
    let e = Grid::from_line(&line).unwrap_err();
    assert_eq!(e, ParseError::InvalidChar { line: 1, column: 7, ch: 'x' });
    assert_eq!(e.to_string(), "line 1, column 7: unexpected character 'x'");
    assert_eq!(e.at_line(42).to_string(), "line 42, column 7: unexpected character 'x'");
}

#[test]
fn unexpected_character_in_the_grid_form_gives_line_and_column() {
    let text = "# comment\n\n53.x7....\n";
    let e = Grid::parse(text).unwrap_err();
    assert_eq!(e.to_string(), "line 3, column 4: unexpected character 'x'");
    let text = "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | x . . | . 6 .\n";
    assert_eq!(Grid::parse(text).unwrap_err().to_string(), "line 3, column 9: unexpected character 'x'");
}

#[test]
fn wrong_cell_count_lists_the_valid_sizes_nearest_first() {
    assert_eq!(
        Grid::from_line(&LEETCODE[..80]).unwrap_err().to_string(),
        "found 80 cells, expected 81 (9x9) or one of 16 (4x4), 36 (6x6), 144 (12x12), 256 (16x16), 625 (25x25)"
    );
    assert_eq!(
        Grid::parse(&".".repeat(250)).unwrap_err().to_string(),
        "found 250 cells, expected 256 (16x16) or one of 16 (4x4), 36 (6x6), 81 (9x9), 144 (12x12), 625 (25x25)"
    );
    assert_eq!(Grid::parse("# only a comment\n").unwrap_err(), ParseError::WrongCellCount { found: 0 });
}

#[test]
fn symbol_out_of_range_names_the_grid_and_its_symbols() {
    let line = format!("{}A", &LEETCODE[..80]);
    assert_eq!(
        Grid::from_line(&line).unwrap_err().to_string(),
        "line 1, column 81: symbol 'A' is out of range for a 9x9 grid (1-9)"
    );
    let line = format!("H{}", ".".repeat(255));
    assert_eq!(
        Grid::from_line(&line).unwrap_err().to_string(),
        "line 1, column 1: symbol 'H' is out of range for a 16x16 grid (1-9, A-G)"
    );
    assert_eq!(
        Grid::from_line(&format!("12345{}", ".".repeat(23))).unwrap_err().to_string(),
        "found 28 cells, expected 36 (6x6) or one of 16 (4x4), 81 (9x9), 144 (12x12), 256 (16x16), 625 (25x25)"
    );
    let six = format!("7{}", ".".repeat(35));
    assert_eq!(
        Grid::from_line(&six).unwrap_err().to_string(),
        "line 1, column 1: symbol '7' is out of range for a 6x6 grid (1-6)"
    );
}

/// A 9x9 line with `digit` at the given cells (0-based row, column).
fn with_givens(givens: &[(usize, usize, char)]) -> String {
    let mut cells = vec!['.'; 81];
    for &(r, c, d) in givens {
        cells[r * 9 + c] = d;
    }
    cells.into_iter().collect()
}

#[test]
fn clashing_givens_name_the_unit_and_both_cells() {
    let row = with_givens(&[(2, 1, '5'), (2, 6, '5')]);
    assert_eq!(Grid::from_line(&row).unwrap_err().to_string(), "row 3 has 5 twice: r3c2 and r3c7");
    let col = with_givens(&[(0, 6, '9'), (7, 6, '9')]);
    assert_eq!(Grid::from_line(&col).unwrap_err().to_string(), "column 7 has 9 twice: r1c7 and r8c7");
    let bx = with_givens(&[(3, 3, '2'), (5, 4, '2')]);
    let e = Grid::from_line(&bx).unwrap_err();
    assert_eq!(e.to_string(), "box 5 has 2 twice: r4c4 and r6c5");
    assert_eq!(
        e,
        ParseError::Clash(Clash { unit: Unit::Box(4), digit: 2, first: Cell::new(3, 3), second: Cell::new(5, 4) })
    );
    // The grid form reports the same clash.
    let grid_text =
        Grid::empty(Shape::SIZE_9).to_string().replacen(". . . | . . . | . . .", ". 5 . | . . . | 5 . .", 1);
    assert_eq!(Grid::parse(&grid_text).unwrap_err().to_string(), "row 1 has 5 twice: r1c2 and r1c7");
}

#[test]
fn errors_are_values_that_tests_can_compare() {
    let e = Grid::from_line("x").unwrap_err();
    let copy = e.clone();
    assert_eq!(e, copy);
    assert_eq!((e.line(), e.column()), (Some(1), Some(1)));
    let boxed: Box<dyn std::error::Error> = Box::new(e);
    assert_eq!(boxed.to_string(), "line 1, column 1: unexpected character 'x'");
}
