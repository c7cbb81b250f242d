//! Reading a file of puzzles, one per line, in bounded memory: the input side of a batch run.
//!
//! A [`Reader`] turns any [`BufRead`] into a stream of [`Line`]s: one per line that holds a
//! puzzle, with its 1-based line number. It skips blank lines, comment lines (whose first
//! non-whitespace byte is `#`) and a UTF-8 byte order mark at the very start. It never holds
//! more than [`MAX_LINE`] bytes of a line: a longer line is reported as
//! [`Line::TooLong`] and the rest of it is skipped unread, so memory stays bounded whatever
//! the input (a 100 MB line, a file without newlines, binary data).
//!
//! [`Line::parse`] reads the puzzle in the strict line form ([`Grid::from_line`]) and says
//! what is wrong with a [`LineError`] whose message starts with the line number, as
//! `line 7, column 81: unexpected character 'x'`.
//!
//! # Example
//!
//! ```
//! use sudoku::batch::Reader;
//!
//! let input = "# two puzzles\n1.3.3.1..1.3..2.\n\n12x4\n";
//! let mut reader = Reader::new(input.as_bytes());
//! let first = reader.next_line()?.ok_or("a puzzle line")?;
//! assert_eq!(first.number(), 2);
//! assert_eq!(first.parse()?.to_line(), "1.3.3.1..1.3..2.");
//! let second = reader.next_line()?.ok_or("a puzzle line")?;
//! assert_eq!(second.parse().unwrap_err().to_string(), "line 4, column 3: unexpected character 'x'");
//! assert!(reader.next_line()?.is_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::io::{self, BufRead};

use crate::error::ParseError;
use crate::grid::{Grid, Shape};
use crate::hint::PencilMarks;

/// The longest line a [`Reader`] keeps by default, in bytes: far above any valid line (625
/// cells and some whitespace), and a bound on memory whatever the input.
pub const MAX_LINE: usize = 4096;

/// The UTF-8 byte order mark, skipped at the start of the input.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One puzzle line of a batch input, as read by [`Reader`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Line {
    /// A line and its bytes, without the line break.
    Puzzle {
        /// The line number, from 1 (blank and comment lines count).
        number: usize,
        /// The line's bytes: at most the reader's maximum, not necessarily UTF-8.
        bytes: Vec<u8>,
    },
    /// A line longer than the reader's maximum, skipped unread.
    TooLong {
        /// The line number, from 1.
        number: usize,
        /// The maximum it exceeded, in bytes.
        max: usize,
    },
}

impl Line {
    /// The line number, from 1.
    pub fn number(&self) -> usize {
        match *self {
            Line::Puzzle { number, .. } | Line::TooLong { number, .. } => number,
        }
    }

    /// Reads the puzzle in the strict line form, as [`Grid::from_line`]: the line's first
    /// field. Fields after it (separated by a tab or spaces, as the SE rating of a rated
    /// `.tsv`) and a comment from `#` are ignored.
    ///
    /// # Errors
    ///
    /// A [`LineError`]: the line was too long, is not UTF-8, or is not a valid puzzle. Every
    /// error carries the line number, and a column where there is one.
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku::batch::Reader;
    ///
    /// let input = "1.3.3.1..1.3..2.\t7.2\n1.3.3.1..1.3..2. # a comment\n";
    /// for line in Reader::new(input.as_bytes()) {
    ///     assert_eq!(line?.parse()?.to_line(), "1.3.3.1..1.3..2.");
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(&self) -> Result<Grid, LineError> {
        let (number, text) = self.text()?;
        // The whole line first: a line of one field (most) is read in one pass.
        Grid::from_line(text)
            .or_else(|e| match first_field(text) {
                // Neither reads: the whole line's error says most (an inner space, ...).
                field if field.len() < text.trim_end().len() => Grid::from_line(field).map_err(|_| e),
                _ => Err(e),
            })
            .map_err(|e| LineError::Parse { line: number, error: e.at_line(number) })
    }

    /// Reads the puzzle as pencil marks, if the line's first field is a Sukaku line (each
    /// cell's candidates, `size` characters per cell: 729 for a 9x9 grid; see
    /// [`PencilMarks`]). `Ok(None)` for any other line.
    ///
    /// # Errors
    ///
    /// As [`parse`](Line::parse), for a line too long or not UTF-8.
    pub fn parse_marks(&self) -> Result<Option<PencilMarks>, LineError> {
        let (_, text) = self.text()?;
        let field = first_field(text);
        Ok(crate::hint::sukaku_line(field).and_then(|_| PencilMarks::parse(field).ok()))
    }

    /// The line number and the line as text.
    fn text(&self) -> Result<(usize, &str), LineError> {
        match self {
            &Line::TooLong { number, max } => Err(LineError::TooLong { line: number, max }),
            Line::Puzzle { number, bytes } => {
                let text = std::str::from_utf8(bytes).map_err(|e| {
                    // Columns count characters: those of the valid prefix, plus one.
                    let valid = std::str::from_utf8(&bytes[..e.valid_up_to()]).map_or(0, |s| s.chars().count());
                    LineError::InvalidUtf8 { line: *number, column: valid + 1 }
                })?;
                Ok((*number, text))
            }
        }
    }
}

/// The first field of a batch line: what comes before a comment (`#`) and before the first
/// tab or space after the leading whitespace (the line form has no inner whitespace).
fn first_field(text: &str) -> &str {
    // One pass over the bytes (a batch reads millions of lines).
    let lead = text.len() - text.trim_start().len();
    let end = text.as_bytes()[lead..].iter().position(|&b| matches!(b, b'#' | b' ' | b'\t'));
    end.map_or(text, |i| &text[..lead + i])
}

/// Why a batch line is not a puzzle. The message starts with the line number.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum LineError {
    /// The line is longer than the reader keeps.
    TooLong {
        /// The line number, from 1.
        line: usize,
        /// The maximum, in bytes.
        max: usize,
    },
    /// The line is not valid UTF-8.
    InvalidUtf8 {
        /// The line number, from 1.
        line: usize,
        /// The column of the first invalid byte, in characters from 1.
        column: usize,
    },
    /// The line is text but not a puzzle; positions in `error` are on `line`.
    Parse {
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        error: ParseError,
    },
}

impl LineError {
    /// The line number, from 1.
    pub fn line(&self) -> usize {
        match *self {
            LineError::TooLong { line, .. } | LineError::InvalidUtf8 { line, .. } | LineError::Parse { line, .. } => {
                line
            }
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::TooLong { line, max } => write!(
                f,
                "line {line}: too long (more than {max} bytes; the largest puzzle has {} cells)",
                Shape::SIZE_25.num_cells()
            ),
            LineError::InvalidUtf8 { line, column } => write!(f, "line {line}, column {column}: invalid UTF-8"),
            // Errors with a position already name the line.
            LineError::Parse { error, .. } if error.line().is_some() => error.fmt(f),
            LineError::Parse { line, error } => write!(f, "line {line}: {error}"),
        }
    }
}

impl std::error::Error for LineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LineError::Parse { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Reads the puzzle lines of a batch input with bounded memory; see the [module docs](self).
///
/// Line breaks are `\n`; a `\r` before it stays in the line (the line form trims it).
#[derive(Debug)]
pub struct Reader<R> {
    inner: R,
    max: usize,
    /// The current line's first bytes, at most `max`.
    buf: Vec<u8>,
    /// The number of the last line read.
    number: usize,
    bytes_read: u64,
    /// Whether the start of the input was checked for a byte order mark.
    bom_checked: bool,
}

impl<R: BufRead> Reader<R> {
    /// A reader keeping lines of up to [`MAX_LINE`] bytes.
    pub fn new(inner: R) -> Reader<R> {
        Reader::with_max_line(inner, MAX_LINE)
    }

    /// A reader keeping lines of up to `max` bytes (at least 1); longer lines are
    /// [`Line::TooLong`]. Memory use is about `max` bytes plus the inner reader's buffer.
    pub fn with_max_line(inner: R, max: usize) -> Reader<R> {
        let max = max.max(1);
        Reader { inner, max, buf: Vec::with_capacity(max.min(MAX_LINE)), number: 0, bytes_read: 0, bom_checked: false }
    }

    /// The number of bytes consumed so far (for progress reports).
    pub fn bytes_read(&self) -> u64 {
        self.bytes_read
    }

    /// The number of the last line read, blank and comment lines included.
    pub fn line_number(&self) -> usize {
        self.number
    }

    /// The next puzzle line, skipping blank and comment lines; `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// An I/O error of the inner reader (`Interrupted` is retried). Lines read before it were
    /// returned by earlier calls.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        loop {
            let mut line = LineState::default();
            self.buf.clear();
            if !self.bom_checked {
                self.bom_checked = true;
                let (held, n) = self.skip_bom()?;
                // Bytes that began like a byte order mark but were not one are line content.
                self.take(&held[..n], &mut line);
            }
            loop {
                let chunk = match self.inner.fill_buf() {
                    Ok(c) => c,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                };
                if chunk.is_empty() {
                    if !line.any {
                        return Ok(None);
                    }
                    break;
                }
                let newline = chunk.iter().position(|&b| b == b'\n');
                let len = newline.unwrap_or(chunk.len());
                // As `take` (which cannot be called while `chunk` borrows `inner`).
                let room = self.max - self.buf.len();
                self.buf.extend_from_slice(&chunk[..len.min(room)]);
                line.truncated |= len > room;
                if line.first.is_none() {
                    line.first = chunk[..len].iter().copied().find(|b| !b.is_ascii_whitespace());
                }
                line.any = true;
                let used = len + usize::from(newline.is_some());
                self.inner.consume(used);
                self.bytes_read += used as u64;
                if newline.is_some() {
                    break;
                }
            }
            self.number += 1;
            let number = self.number;
            match line.first {
                None | Some(b'#') => continue,
                Some(_) if line.truncated => return Ok(Some(Line::TooLong { number, max: self.max })),
                Some(_) => return Ok(Some(Line::Puzzle { number, bytes: self.buf.clone() })),
            }
        }
    }

    /// Appends `part` (without a newline) to the current line.
    fn take(&mut self, part: &[u8], line: &mut LineState) {
        if part.is_empty() {
            return;
        }
        line.any = true;
        let room = self.max - self.buf.len();
        self.buf.extend_from_slice(&part[..part.len().min(room)]);
        line.truncated |= part.len() > room;
        if line.first.is_none() {
            line.first = part.iter().copied().find(|b| !b.is_ascii_whitespace());
        }
    }

    /// Consumes a byte order mark at the start of the input, even when it arrives split.
    /// Returns the bytes consumed that turned out not to be one (a prefix of it).
    fn skip_bom(&mut self) -> io::Result<([u8; 2], usize)> {
        let mut matched = 0;
        while matched < BOM.len() {
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            let n = chunk.iter().zip(&BOM[matched..]).take_while(|(a, b)| a == b).count();
            let whole = n == chunk.len();
            self.inner.consume(n);
            self.bytes_read += n as u64;
            matched += n;
            if n == 0 || !whole {
                break;
            }
        }
        if matched == BOM.len() {
            Ok(([0; 2], 0))
        } else {
            Ok(([BOM[0], BOM[1]], matched))
        }
    }
}

/// What is known of the line being read.
#[derive(Default)]
struct LineState {
    /// Whether any byte (or the end of a line) was read.
    any: bool,
    /// Whether the line was longer than the maximum.
    truncated: bool,
    /// The line's first byte that is not ASCII whitespace, kept in `buf` or not.
    first: Option<u8>,
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Line>;

    /// As [`Reader::next_line`]; after an I/O error the iteration may go on (or end).
    fn next(&mut self) -> Option<io::Result<Line>> {
        self.next_line().transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out its input a few bytes at a time, as a pipe may.
    struct Trickle<'a> {
        data: &'a [u8],
        step: usize,
    }

    impl io::Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(out.len()).min(self.data.len());
            out[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    fn lines_of(data: &[u8], max: usize, step: usize) -> Vec<Line> {
        let trickle = Trickle { data, step };
        let reader = Reader::with_max_line(io::BufReader::with_capacity(step.max(1), trickle), max);
        reader.collect::<io::Result<Vec<Line>>>().unwrap()
    }

    #[test]
    fn blank_and_comment_lines_are_skipped_but_counted() {
        let input = b"\n  \t\n# c\n   # indented\n1234\r\n\n5678";
        for step in [1, 2, 3, 7, 64] {
            let lines = lines_of(input, 16, step);
            assert_eq!(
                lines,
                vec![
                    Line::Puzzle { number: 5, bytes: b"1234\r".to_vec() },
                    Line::Puzzle { number: 7, bytes: b"5678".to_vec() }
                ],
                "step {step}"
            );
        }
    }

    #[test]
    fn a_long_line_is_too_long_whatever_its_leading_whitespace() {
        // Regression: a line whose first `max` bytes were whitespace was taken for blank and
        // skipped without an answer, although a puzzle followed.
        let mut input = vec![b' '; 40];
        input.extend_from_slice(b"1.3.3.1..1.3..2.\n");
        input.extend_from_slice(&[b' '; 40]);
        input.extend_from_slice(b"# a long comment\n");
        input.extend_from_slice(&[b' '; 40]);
        input.push(b'\n');
        for step in [1, 5, 64] {
            assert_eq!(lines_of(&input, 16, step), vec![Line::TooLong { number: 1, max: 16 }], "step {step}");
        }
    }

    #[test]
    fn the_byte_order_mark_is_skipped_only_at_the_start() {
        for step in [1, 2, 64] {
            let lines = lines_of(b"\xEF\xBB\xBF12\n\xEF\xBB\xBF34\n", 16, step);
            let numbers: Vec<(usize, Vec<u8>)> = lines
                .into_iter()
                .map(|l| match l {
                    Line::Puzzle { number, bytes } => (number, bytes),
                    other => panic!("{other:?}"),
                })
                .collect();
            assert_eq!(numbers, vec![(1, b"12".to_vec()), (2, b"\xEF\xBB\xBF34".to_vec())], "step {step}");
            // A mark alone on the first line leaves a blank line.
            assert_eq!(
                lines_of(b"\xEF\xBB\xBF\n12", 16, step),
                vec![Line::Puzzle { number: 2, bytes: b"12".to_vec() }]
            );
        }
    }

    #[test]
    fn errors_name_the_line_and_the_column() {
        let err = |bytes: &[u8]| Line::Puzzle { number: 9, bytes: bytes.to_vec() }.parse().unwrap_err();
        assert_eq!(err(b"12\xff4"), LineError::InvalidUtf8 { line: 9, column: 3 });
        assert_eq!(err(b"\xC3\xA9\xF0\x9F\x98\x80\xff"), LineError::InvalidUtf8 { line: 9, column: 3 });
        assert_eq!(err(b"12\xff4").to_string(), "line 9, column 3: invalid UTF-8");
        assert_eq!(err(b"12x4").to_string(), "line 9, column 3: unexpected character 'x'");
        assert_eq!(err(b"12\x004").to_string(), "line 9, column 3: unexpected character '\\0'");
        assert!(err(b"123").to_string().starts_with("line 9: found 3 cells, expected 16 (4x4)"));
        assert_eq!(err(b"11..............").to_string(), "line 9: row 1 has 1 twice: r1c1 and r1c2");
        let long = Line::TooLong { number: 4, max: MAX_LINE }.parse().unwrap_err();
        assert_eq!(long.to_string(), "line 4: too long (more than 4096 bytes; the largest puzzle has 625 cells)");
        assert_eq!(long.line(), 4);
    }

    #[test]
    fn memory_is_bounded_by_the_maximum_line() {
        // 1 MB without a newline: one "too long" line, and the buffer never grew past `max`.
        let data = vec![b'1'; 1 << 20];
        let mut reader = Reader::with_max_line(&data[..], 100);
        assert_eq!(reader.next_line().unwrap(), Some(Line::TooLong { number: 1, max: 100 }));
        assert!(reader.buf.capacity() <= 4096, "{}", reader.buf.capacity());
        assert_eq!(reader.next_line().unwrap(), None);
        assert_eq!(reader.bytes_read(), 1 << 20);
    }
}
