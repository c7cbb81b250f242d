//! Map colouring: give each region a colour so that regions sharing a border differ.
//!
//! One variable per region (colours `0..k`), one [`NotEqual`] per border. The classic instance
//! is Australia's seven states and territories (Russell and Norvig, *Artificial Intelligence:
//! A Modern Approach*, chapter 6), with Tasmania bordering no other region.
//!
//! ```
//! use csp_sudoku::classic::map_coloring::{australia, MapColoring};
//!
//! let map: MapColoring = australia();
//! let mut solver = map.model(3)?.into_solver();
//! assert_eq!(solver.count_solutions(u64::MAX).count, 18);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use csp::constraints::NotEqual;
use csp::{Model, ModelError, Solution, VarId};

/// Australia's regions: Western Australia, Northern Territory, South Australia, Queensland,
/// New South Wales, Victoria, Tasmania.
pub const AUSTRALIA_REGIONS: [&str; 7] = ["WA", "NT", "SA", "Q", "NSW", "V", "T"];

/// Australia's borders between the regions of [`AUSTRALIA_REGIONS`] (Tasmania has none).
pub const AUSTRALIA_BORDERS: [(&str, &str); 9] = [
    ("WA", "NT"),
    ("WA", "SA"),
    ("NT", "SA"),
    ("NT", "Q"),
    ("SA", "Q"),
    ("SA", "NSW"),
    ("SA", "V"),
    ("Q", "NSW"),
    ("NSW", "V"),
];

/// Names for the first colours, used when printing.
pub const COLOUR_NAMES: [&str; 6] = ["red", "green", "blue", "yellow", "purple", "orange"];

/// A border names a region that the map does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRegion {
    /// The name.
    pub name: String,
}

impl fmt::Display for UnknownRegion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "border names unknown region '{}'", self.name)
    }
}

impl std::error::Error for UnknownRegion {}

/// A map: named regions and the borders between them (as pairs of region indices).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapColoring {
    regions: Vec<String>,
    borders: Vec<(usize, usize)>,
}

/// The map of Australia.
pub fn australia() -> MapColoring {
    // The constant borders name constant regions.
    MapColoring::new(&AUSTRALIA_REGIONS, &AUSTRALIA_BORDERS).unwrap_or_else(|e| unreachable!("{e}"))
}

impl MapColoring {
    /// A map with these regions and borders (pairs of region names).
    ///
    /// # Errors
    ///
    /// [`UnknownRegion`] if a border names a region not in `regions`.
    pub fn new(regions: &[&str], borders: &[(&str, &str)]) -> Result<MapColoring, UnknownRegion> {
        let index = |name: &str| {
            regions.iter().position(|&r| r == name).ok_or_else(|| UnknownRegion { name: name.to_string() })
        };
        let borders = borders.iter().map(|&(a, b)| Ok((index(a)?, index(b)?))).collect::<Result<_, _>>()?;
        Ok(MapColoring { regions: regions.iter().map(|r| r.to_string()).collect(), borders })
    }

    /// The region names; region `i` is variable `i` of [`model`](MapColoring::model).
    pub fn regions(&self) -> &[String] {
        &self.regions
    }

    /// The borders, as pairs of region indices.
    pub fn borders(&self) -> &[(usize, usize)] {
        &self.borders
    }

    /// The model with `colours` colours (`0..colours`): region `i` is variable `i`.
    ///
    /// # Errors
    ///
    /// [`ModelError::EmptyDomain`] for zero colours.
    pub fn model(&self, colours: usize) -> Result<Model, ModelError> {
        // model:begin map_coloring
        let mut model = Model::new();
        let k = i32::try_from(colours).unwrap_or(i32::MAX);
        let vars: Vec<VarId> =
            self.regions.iter().map(|r| model.new_named_var(r.as_str(), 0..k)).collect::<Result<_, _>>()?;
        for &(a, b) in &self.borders {
            model.post_named(format!("{}!={}", self.regions[a], self.regions[b]), NotEqual::new(vars[a], vars[b]))?;
        }
        // model:end
        Ok(model)
    }

    /// Whether `colours[i]` (the colour of region `i`) differs across every border: an
    /// independent check of a colouring.
    pub fn is_proper(&self, colours: &[i32]) -> bool {
        colours.len() == self.regions.len() && self.borders.iter().all(|&(a, b)| colours[a] != colours[b])
    }

    /// `region=colour` pairs of a solution, with colour names where there are.
    pub fn describe(&self, solution: &Solution) -> String {
        let parts: Vec<String> = self
            .regions
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let c = solution[VarId::from_index(i)];
                match usize::try_from(c).ok().and_then(|c| COLOUR_NAMES.get(c)) {
                    Some(name) => format!("{r}={name}"),
                    None => format!("{r}={c}"),
                }
            })
            .collect();
        parts.join(" ")
    }
}
