//! Files of several variant puzzles, as `--generate` writes them: one block per puzzle in the
//! variant's format, blocks separated by a blank line ([`Puzzle::parse_all`]).
//!
//! A block may itself hold a blank line (a jigsaw's map and grid, a killer's sums and givens),
//! so blocks are not split at every blank line: a new puzzle starts at a paragraph (lines
//! between blank lines) whose first line, comments aside, is a map line (it holds a letter);
//! a paragraph of grid lines (digits, `.`, separators) belongs to the puzzle before it. X
//! puzzles have no map: each paragraph is one puzzle, and a paragraph of whole grid lines is
//! one puzzle per line (the line form `--generate` writes; text after a tab is ignored).

use crate::error::VariantError;
use crate::regions::is_blank;
use crate::variant::{Puzzle, Variant};

/// Whether `line` (not blank) is a comment.
fn is_comment(line: &str) -> bool {
    line.trim_start().starts_with('#')
}

/// Whether `line` is a line of a grid: digits, empty-cell symbols and separators only.
fn is_grid_line(line: &str) -> bool {
    let body = line.split('#').next().unwrap_or("");
    body.chars().all(|c| c.is_ascii_digit() || ".0_*-|+".contains(c) || c.is_whitespace())
}

impl Puzzle {
    /// Reads every puzzle of a file of `variant` puzzles, as `--generate` writes them: one
    /// block per puzzle in the variant's format, blocks separated by a blank line (a new
    /// puzzle starts at a paragraph whose first line is a map line; X puzzles: one per
    /// paragraph, or one per line of a paragraph of whole grid lines). Each comes with the
    /// number of its first line (from 1) and the puzzle or the error of its block. Error
    /// positions count the lines of the whole text.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::{Puzzle, Variant};
    ///
    /// let one = "aaab\ncabb\nccdb\ncddd\n\n....\n2...\n....\n43..\n";
    /// let two = format!("# jigsaw 1\n{one}\n# jigsaw 2\naabb\naabb\nccdd\nccdd\n\n1...\n....\n....\n...1\n");
    /// let read = Puzzle::parse_all(Variant::Jigsaw, &two);
    /// assert_eq!(read.len(), 2);
    /// assert_eq!(read[1].0, 12);
    /// assert!(read.iter().all(|(_, p)| p.is_ok()));
    /// ```
    pub fn parse_all(variant: Variant, text: &str) -> Vec<(usize, Result<Puzzle, VariantError>)> {
        let lines: Vec<&str> = text.lines().collect();
        // Paragraphs: (first line, end) of runs of non-blank lines (comments included).
        let mut paragraphs: Vec<(usize, usize)> = Vec::new();
        let mut i = 0;
        while i < lines.len() {
            if lines[i].trim().is_empty() {
                i += 1;
                continue;
            }
            let start = i;
            while i < lines.len() && !lines[i].trim().is_empty() {
                i += 1;
            }
            paragraphs.push((start, i));
        }
        let content = |(a, b): (usize, usize)| lines[a..b].iter().copied().filter(|l| !is_comment(l) && !is_blank(l));
        // Blocks: (first line, end).
        let mut blocks: Vec<(usize, usize)> = Vec::new();
        for &(a, b) in &paragraphs {
            let mut body = content((a, b));
            let Some(first) = body.next() else {
                continue; // comments only
            };
            let has_map = matches!(variant, Variant::Jigsaw | Variant::Killer);
            if has_map && is_grid_line(first) {
                if let Some(last) = blocks.last_mut() {
                    last.1 = b;
                    continue;
                }
            }
            if !has_map && content((a, b)).all(is_line_form) {
                let puzzles = (a..b).filter(|&k| !is_comment(lines[k]) && !is_blank(lines[k]));
                blocks.extend(puzzles.map(|k| (k, k + 1)));
                continue;
            }
            blocks.push((a, b));
        }
        blocks
            .into_iter()
            .map(|(a, b)| {
                // The block's lines after as many empty lines: positions stay the whole text's.
                let body: Vec<&str> = lines[a..b].iter().map(|l| l.split('\t').next().unwrap_or("")).collect();
                let shifted = format!("{}{}", "\n".repeat(a), body.join("\n"));
                (a + 1, Puzzle::parse(variant, &shifted))
            })
            .collect()
    }
}

/// Whether `line` is a whole puzzle in line form (a square number of cells, at least 16),
/// grade columns after a tab aside.
fn is_line_form(line: &str) -> bool {
    let cells = line.split('\t').next().unwrap_or("").trim();
    let n = cells.chars().count();
    let side = (n as f64).sqrt() as usize;
    n >= 16 && side * side == n && !cells.contains(char::is_whitespace)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn x_puzzles_in_line_form_are_one_per_line() {
        let text = "# x\n1...\n..1.\n....\n.1..\n\n1......1........\t1.0\teasy\n";
        let read = Puzzle::parse_all(Variant::X, text);
        assert_eq!(read.iter().map(|(l, p)| (*l, p.is_ok())).collect::<Vec<_>>(), [(1, true), (7, true)]);
    }

    #[test]
    fn killer_blocks_keep_their_givens() {
        let killer = "aabb\ncadb\ncedf\ngedf\na 7\nb 9\nc 5\nd 7\ne 4\nf 4\ng 4\n";
        let text = format!("# killer 1\n{killer}\n1...\n....\n....\n...1\n\n# killer 2\n{killer}\n");
        let read = Puzzle::parse_all(Variant::Killer, &text);
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].1.as_ref().map(|p| p.grid().num_filled()), Ok(2));
        assert_eq!(read[1].1.as_ref().map(|p| p.grid().num_filled()), Ok(0));
    }
}
