//! Sudoku front end (work in progress).
