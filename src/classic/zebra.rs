//! The zebra puzzle (often attributed to Einstein), as published in *Life International*,
//! 17 December 1962.
//!
//! Five houses in a row, numbered 1 to 5 from the left; each has a colour, and its owner a
//! nationality, a drink, a brand of cigarettes and a pet, all different:
//!
//! 1. There are five houses.
//! 2. The Englishman lives in the red house.
//! 3. The Spaniard owns the dog.
//! 4. Coffee is drunk in the green house.
//! 5. The Ukrainian drinks tea.
//! 6. The green house is immediately to the right of the ivory house.
//! 7. The Old Gold smoker owns snails.
//! 8. Kools are smoked in the yellow house.
//! 9. Milk is drunk in the middle house.
//! 10. The Norwegian lives in the first house.
//! 11. The man who smokes Chesterfields lives in the house next to the man with the fox.
//! 12. Kools are smoked in the house next to the house where the horse is kept.
//! 13. The Lucky Strike smoker drinks orange juice.
//! 14. The Japanese smokes Parliaments.
//! 15. The Norwegian lives next to the blue house.
//!
//! Who drinks water? Who owns the zebra?
//!
//! The model has one variable per attribute value, its house number (`1..=5`): an
//! [`AllDifferent`] per attribute, equalities (`v(a).eq(v(b))`, compiled to
//! [`Equal`](csp::constraints::Equal)) for "the same house" and clue 6, a [`Table`] of neighbouring house
//! pairs for "next to", and `eq` with a constant for the fixed houses.
//!
//! ```
//! use csp_sudoku::classic::zebra;
//!
//! let solutions = zebra::solve_all()?;
//! assert_eq!(solutions.len(), 1);
//! assert_eq!(zebra::owner_of(&solutions[0], "zebra"), Some("Japanese"));
//! assert_eq!(zebra::owner_of(&solutions[0], "water"), Some("Norwegian"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use csp::constraints::{AllDifferent, Table};
use csp::{Model, ModelError, Solution, Solver, VarId};

/// The attributes and their values; value `j` of attribute `i` is variable `5 * i + j`.
pub const ATTRIBUTES: [(&str, [&str; 5]); 5] = [
    ("nationality", ["Englishman", "Spaniard", "Ukrainian", "Norwegian", "Japanese"]),
    ("colour", ["red", "green", "ivory", "yellow", "blue"]),
    ("drink", ["coffee", "tea", "milk", "orange juice", "water"]),
    ("smoke", ["Old Gold", "Kools", "Chesterfields", "Lucky Strike", "Parliaments"]),
    ("pet", ["dog", "snails", "fox", "horse", "zebra"]),
];

/// The variable of attribute value `name` (see [`ATTRIBUTES`]).
fn index_of(name: &str) -> Option<usize> {
    ATTRIBUTES
        .iter()
        .enumerate()
        .find_map(|(i, (_, values))| values.iter().position(|v| v.eq_ignore_ascii_case(name)).map(|j| 5 * i + j))
}

/// The variable (house number) of an attribute value such as `"zebra"` or `"Norwegian"`
/// (case insensitive), if there is one.
pub fn var(name: &str) -> Option<VarId> {
    index_of(name).map(VarId::from_index)
}

/// Builds the model: variable `5 * i + j` is the house of value `j` of attribute `i`.
///
/// # Errors
///
/// A [`ModelError`] if the engine refuses the model (not expected).
pub fn model() -> Result<Model, ModelError> {
    // model:begin zebra
    let mut model = Model::new();
    for (attribute, values) in ATTRIBUTES {
        let vars: Vec<VarId> =
            values.iter().map(|v| model.new_named_var(v.replace(' ', "_"), 1..=5)).collect::<Result<_, _>>()?;
        model.post_named(format!("{attribute}_differ"), AllDifferent::new(vars))?;
    }
    let v = |name: &str| VarId::from_index(index_of(name).unwrap_or_else(|| unreachable!("{name} is listed")));
    let neighbours: Vec<[i32; 2]> =
        (1..=5).flat_map(|h| [[h, h - 1], [h, h + 1]]).filter(|p| (1..=5).contains(&p[1])).collect();
    let same = [
        ("clue2", "Englishman", "red"),
        ("clue3", "Spaniard", "dog"),
        ("clue4", "coffee", "green"),
        ("clue5", "Ukrainian", "tea"),
        ("clue7", "Old Gold", "snails"),
        ("clue8", "Kools", "yellow"),
        ("clue13", "Lucky Strike", "orange juice"),
        ("clue14", "Japanese", "Parliaments"),
    ];
    for (clue, a, b) in same {
        model.add_named(clue, v(a).eq(v(b)))?;
    }
    model.add_named("clue6", v("green").eq(v("ivory") + 1))?;
    model.add_named("clue9", v("milk").eq(3))?;
    model.add_named("clue10", v("Norwegian").eq(1))?;
    let next_to = [("clue11", "Chesterfields", "fox"), ("clue12", "Kools", "horse"), ("clue15", "Norwegian", "blue")];
    for (clue, a, b) in next_to {
        model.post_named(clue, Table::allowed(vec![v(a), v(b)], &neighbours))?;
    }
    // model:end
    Ok(model)
}

/// Every solution, found by search.
///
/// # Errors
///
/// As [`model`].
pub fn solve_all() -> Result<Vec<Solution>, ModelError> {
    let mut solver = Solver::new(model()?);
    Ok(solver.solutions().collect())
}

/// The nationality of whoever lives in the house of `name` (`"zebra"`, `"water"`, ...).
pub fn owner_of(solution: &Solution, name: &str) -> Option<&'static str> {
    let house = solution[var(name)?];
    ATTRIBUTES[0].1.iter().copied().find(|n| var(n).is_some_and(|x| solution[x] == house))
}

/// The houses of a solution, one line each: `house 1: Norwegian, yellow, water, Kools, fox`.
pub fn describe(solution: &Solution) -> String {
    let mut out = String::new();
    for house in 1..=5 {
        let parts: Vec<&str> = ATTRIBUTES
            .iter()
            .filter_map(|(_, values)| values.iter().copied().find(|n| var(n).is_some_and(|x| solution[x] == house)))
            .collect();
        out.push_str(&format!("house {house}: {}\n", parts.join(", ")));
    }
    out
}
