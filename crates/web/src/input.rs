//! Reading requests: the puzzle (a line, a grid, pencil marks or a variant file), the board's
//! digits and marks, the generator's settings.

use serde::Deserialize;
use serde_json::json;
use sudoku::{Band, Grid, PencilMarks, Puzzle, Rules, Settings, Shape, Target, Variant};

use crate::error::ApiError;

/// The most characters of a puzzle's text (a 25x25 variant file with comments fits).
const MAX_TEXT: usize = 64 * 1024;

/// A request about one puzzle (see the crate docs).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleRequest {
    /// A puzzle line, a grid, pencil marks or a variant file.
    pub text: String,
    /// `auto` (or absent), `plain`, `x`, `killer` or `jigsaw`.
    #[serde(default)]
    pub variant: Option<String>,
    /// The board's digits now, one line (replacing the givens of `text`).
    #[serde(default)]
    pub grid: Option<String>,
    /// Each cell's candidates as a bit mask (plain grids).
    #[serde(default)]
    pub marks: Option<Vec<u32>>,
    /// The hint's level: 1, 2 or 3.
    #[serde(default)]
    pub level: Option<u8>,
    /// The most events of a replay.
    #[serde(default)]
    pub max_events: Option<usize>,
}

/// A puzzle read from a request.
#[derive(Debug)]
pub struct Input {
    /// The puzzle: givens (the board's digits, when sent) and rules.
    pub puzzle: Puzzle,
    /// Pencil marks, when the text or the request had them.
    pub marks: Option<PencilMarks>,
}

impl PuzzleRequest {
    /// 413 for a text too long to be a puzzle.
    pub fn check_size(&self) -> Result<(), ApiError> {
        if self.text.len() > MAX_TEXT || self.grid.as_ref().is_some_and(|g| g.len() > MAX_TEXT) {
            return Err(ApiError {
                status: axum::http::StatusCode::PAYLOAD_TOO_LARGE,
                message: format!("the puzzle is longer than {} KiB", MAX_TEXT / 1024),
                extra: None,
            });
        }
        Ok(())
    }

    /// The puzzle, with the board's digits and marks if sent.
    ///
    /// # Errors
    ///
    /// 400 with the parser's message (where and what) for text that is not a puzzle.
    pub fn read(&self) -> Result<Input, ApiError> {
        let (mut puzzle, mut marks) = read_text(&self.text, self.variant.as_deref())?;
        if let Some(line) = &self.grid {
            let grid = Grid::parse_keeping_clashes(line).map_err(|e| ApiError::bad(format!("the board: {e}")))?;
            if grid.shape() != puzzle.shape() {
                return Err(ApiError::bad(format!(
                    "the board is {} but the puzzle is {}",
                    grid.shape(),
                    puzzle.shape()
                )));
            }
            puzzle = with_grid(&puzzle, grid)?;
            marks = None;
        }
        if let Some(masks) = &self.marks {
            marks = Some(marks_of(puzzle.grid(), masks)?);
        }
        Ok(Input { puzzle, marks })
    }
}

/// `puzzle`'s rules with `grid`'s digits.
pub fn with_grid(puzzle: &Puzzle, grid: Grid) -> Result<Puzzle, ApiError> {
    let made = match puzzle.rules() {
        Rules::Killer(cages) => Puzzle::killer(grid, cages.clone()),
        Rules::Jigsaw(regions) => Puzzle::jigsaw(grid, regions.clone()),
        Rules::X => Ok(Puzzle::x(grid)),
        _ => Ok(Puzzle::plain(grid)),
    };
    made.map_err(|e| ApiError::bad(format!("the board: {e}")))
}

/// Pencil marks from bit masks, one per cell of `grid` (a filled cell keeps its digit).
fn marks_of(grid: &Grid, masks: &[u32]) -> Result<PencilMarks, ApiError> {
    let shape = grid.shape();
    if masks.len() != shape.num_cells() {
        return Err(ApiError::bad(format!("{} pencil marks for {} cells", masks.len(), shape.num_cells())));
    }
    let all = (1u32 << shape.size()) - 1;
    let mut text = String::with_capacity(masks.len() * 4);
    for (cell, &mask) in shape.cells().zip(masks) {
        match grid.get(cell) {
            Some(d) => text.push(sudoku::digit_symbol(d).unwrap_or('.')),
            None if mask & all == 0 || mask & all == all => text.push('.'),
            None => text
                .extend((1..=shape.max_digit()).filter(|d| mask & 1 << (d - 1) != 0).filter_map(sudoku::digit_symbol)),
        }
        text.push(' ');
    }
    PencilMarks::parse(&text).map_err(|e| ApiError::bad(format!("pencil marks: {e}")))
}

/// Reads `text` as `variant` says (`auto`: pencil marks, a grid, a killer or a jigsaw file).
pub fn read_text(text: &str, variant: Option<&str>) -> Result<(Puzzle, Option<PencilMarks>), ApiError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(ApiError::bad("the puzzle is empty"));
    }
    let variant = match variant.unwrap_or("auto") {
        "auto" | "" => None,
        v => Some(v.parse::<Variant>().map_err(|e| ApiError::bad(e.to_string()))?),
    };
    let clash = |e: sudoku::ParseError| -> ApiError {
        match &e {
            sudoku::ParseError::Clash(c) => ApiError::unusable(
                e.to_string(),
                Some(json!({ "cells": [[c.first.row(), c.first.col()], [c.second.row(), c.second.col()]] })),
            ),
            _ => ApiError::bad(e.to_string()),
        }
    };
    match variant {
        Some(Variant::Plain) | None if PencilMarks::looks_like(text) => {
            let marks = PencilMarks::parse(text).map_err(|e| ApiError::bad(format!("pencil marks: {e}")))?;
            Ok((Puzzle::plain(marks.grid().clone()), Some(marks)))
        }
        Some(Variant::Plain) => Ok((Puzzle::plain(Grid::parse(text).map_err(clash)?), None)),
        Some(v) => Ok((Puzzle::parse(v, text).map_err(|e| ApiError::bad(e.to_string()))?, None)),
        None => match Grid::parse(text) {
            Ok(grid) => Ok((Puzzle::plain(grid), None)),
            Err(plain) => {
                // A variant file: the kind its lines look like decides whose error is shown.
                let killer = Puzzle::parse(Variant::Killer, text);
                let jigsaw = Puzzle::parse(Variant::Jigsaw, text);
                match (killer, jigsaw) {
                    (Ok(p), _) | (_, Ok(p)) => Ok((p, None)),
                    (Err(k), Err(j)) => Err(if looks_killer(text) {
                        ApiError::bad(format!("killer: {k}"))
                    } else if looks_jigsaw(text) {
                        ApiError::bad(format!("jigsaw: {j}"))
                    } else {
                        clash(plain)
                    }),
                }
            }
        },
    }
}

/// Whether some line is a cage's `LABEL SUM`.
fn looks_killer(text: &str) -> bool {
    text.lines().any(|l| {
        let mut words = l.split_whitespace();
        matches!((words.next(), words.next(), words.next()), (Some(_), Some(s), None) if s.parse::<u32>().is_ok())
    })
}

/// Whether the first line is a map of labels: letters and digits, some letters, no empty cell.
fn looks_jigsaw(text: &str) -> bool {
    text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#')).is_some_and(|l| {
        l.chars().all(|c| c.is_ascii_alphanumeric() || c.is_whitespace())
            && l.chars().filter(|c| c.is_ascii_alphabetic()).count() > 1
    })
}

/// A request for a new puzzle.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    /// 4, 6, 9, 12 or 16 (default 9).
    #[serde(default)]
    pub size: Option<usize>,
    /// A band (`easy` ... `extreme`), a range of bands (`easy..medium`), or `any` (default).
    #[serde(default)]
    pub band: Option<String>,
    /// `plain` (default), `x`, `killer` or `jigsaw`.
    #[serde(default)]
    pub variant: Option<String>,
    /// The seed (default 0).
    #[serde(default)]
    pub seed: Option<u64>,
}

impl GenerateRequest {
    /// The generator's settings: tries kept low enough for a page.
    ///
    /// # Errors
    ///
    /// 400 for a size, band or variant that does not exist.
    pub fn settings(&self) -> Result<Settings, ApiError> {
        let size = self.size.unwrap_or(9);
        let shape = Shape::from_size(size)
            .filter(|s| s.size() <= 16)
            .ok_or_else(|| ApiError::bad(format!("size {size}: puzzles of 4, 6, 9, 12 or 16 are generated")))?;
        let variant = match self.variant.as_deref() {
            None | Some("") => Variant::Plain,
            Some(v) => v.parse::<Variant>().map_err(|e| ApiError::bad(e.to_string()))?,
        };
        let target = match self.band.as_deref() {
            None | Some("" | "any") => Target::Any,
            Some(b) => b.parse::<Target>().map_err(|e| ApiError::bad(e.to_string()))?,
        };
        if let Target::Bands(lo, _) = target {
            if lo > Band::Hard && size > 9 {
                return Err(ApiError::bad(format!("{} puzzles of {size}x{size} take too long for a page", lo.name())));
            }
        }
        Ok(Settings {
            variant,
            target,
            // A 16x16 try costs a hundred times a 9x9 one: fewer tries keep a request short.
            max_tries: if size >= 12 { 20 } else { 200 },
            grade: variant == Variant::Plain,
            seed: self.seed.unwrap_or(0),
            ..Settings::new(shape)
        })
    }
}
