//! The symmetries a generated puzzle's givens can have, and their orbits (the groups of cells
//! that are given or left empty together).

use std::fmt;
use std::str::FromStr;

use crate::grid::{Cell, Shape};

/// A symmetry of the givens: which cells are given or left empty together.
///
/// `Display` and [`FromStr`] use the lowercase names `none`, `rotational`, `mirror` and
/// `diagonal`.
///
/// # Example
///
/// ```
/// use sudoku::{Cell, Shape, Symmetry};
///
/// let s: Symmetry = "rotational".parse()?;
/// assert_eq!(s.image(Shape::SIZE_9, Cell::new(0, 1)), Cell::new(8, 7));
/// assert_eq!(Symmetry::Mirror.image(Shape::SIZE_9, Cell::new(2, 0)), Cell::new(2, 8));
/// assert_eq!(Symmetry::Diagonal.image(Shape::SIZE_9, Cell::new(2, 0)), Cell::new(0, 2));
/// assert!("spiral".parse::<Symmetry>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Symmetry {
    /// No constraint on where the givens are.
    #[default]
    None,
    /// Half-turn rotation about the centre: `r c` and `N+1-r N+1-c` together.
    Rotational,
    /// Left-right mirror: `r c` and `r N+1-c` together.
    Mirror,
    /// Reflection in the main diagonal: `r c` and `c r` together.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in the order of the CLI's help.
    pub const ALL: [Symmetry; 4] = [Symmetry::None, Symmetry::Rotational, Symmetry::Mirror, Symmetry::Diagonal];

    /// The lowercase name.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The cell that `cell` is paired with (itself on an axis or at the centre, and always
    /// under [`Symmetry::None`]). Each symmetry is an involution: the image of the image is
    /// the cell.
    ///
    /// # Panics
    ///
    /// Panics if `cell` is outside a grid of `shape`.
    pub fn image(self, shape: Shape, cell: Cell) -> Cell {
        assert!(shape.contains(cell), "{cell} is outside a {shape} grid");
        let last = shape.size() - 1;
        let (r, c) = (cell.row(), cell.col());
        match self {
            Symmetry::None => cell,
            Symmetry::Rotational => Cell::new(last - r, last - c),
            Symmetry::Mirror => Cell::new(r, last - c),
            Symmetry::Diagonal => Cell::new(c, r),
        }
    }

    /// The orbits of the cells of `shape`: groups of one or two cell indices, each cell in
    /// exactly one, in reading order of their first cell.
    pub(crate) fn orbits(self, shape: Shape) -> Vec<Orbit> {
        let mut orbits = Vec::new();
        for cell in shape.cells() {
            let i = shape.index(cell);
            let j = shape.index(self.image(shape, cell));
            if j == i {
                orbits.push(Orbit { cells: [i, i], len: 1 });
            } else if j > i {
                orbits.push(Orbit { cells: [i, j], len: 2 });
            }
        }
        orbits
    }
}

/// Cells given or left empty together: one cell, or two images of each other.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Orbit {
    cells: [usize; 2],
    len: u8,
}

impl Orbit {
    /// The cell indices of the orbit.
    pub(crate) fn cells(&self) -> &[usize] {
        &self.cells[..usize::from(self.len)]
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing an unknown symmetry name.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownSymmetry {
    /// The name given.
    pub name: String,
}

impl fmt::Display for UnknownSymmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown symmetry '{}': expected none, rotational, mirror or diagonal", self.name)
    }
}

impl std::error::Error for UnknownSymmetry {}

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        Symmetry::ALL.into_iter().find(|v| v.name() == s).ok_or_else(|| UnknownSymmetry { name: s.to_string() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_cover_every_cell_once_and_are_closed_under_the_symmetry() {
        for shape in [Shape::SIZE_4, Shape::SIZE_6, Shape::SIZE_9, Shape::SIZE_12, Shape::SIZE_16] {
            for s in Symmetry::ALL {
                let mut seen = vec![0u8; shape.num_cells()];
                for o in s.orbits(shape) {
                    for &i in o.cells() {
                        seen[i] += 1;
                        let image = shape.index(s.image(shape, shape.cell(i)));
                        assert!(o.cells().contains(&image), "{s} {shape}: {i}");
                    }
                }
                assert!(seen.iter().all(|&k| k == 1), "{s} {shape}");
            }
        }
        assert_eq!(Symmetry::None.orbits(Shape::SIZE_9).len(), 81);
        assert_eq!(Symmetry::Rotational.orbits(Shape::SIZE_9).len(), 41);
        assert_eq!(Symmetry::Mirror.orbits(Shape::SIZE_9).len(), 45);
        assert_eq!(Symmetry::Diagonal.orbits(Shape::SIZE_4).len(), 10);
    }

    #[test]
    fn names_round_trip() {
        for s in Symmetry::ALL {
            assert_eq!(s.to_string().parse::<Symmetry>(), Ok(s));
        }
    }
}
