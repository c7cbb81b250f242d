//! The zebra puzzle: unique solution, the Japanese owns the zebra and the Norwegian drinks
//! water; the solution is checked against the clues independently of the model.

use csp::Solution;
use csp_sudoku::classic::zebra::{self, ATTRIBUTES};

fn house(s: &Solution, name: &str) -> i32 {
    s[zebra::var(name).unwrap()]
}

#[test]
fn the_japanese_owns_the_zebra_and_the_norwegian_drinks_water() {
    let solutions = zebra::solve_all().unwrap();
    assert_eq!(solutions.len(), 1, "the puzzle has a unique solution");
    let s = &solutions[0];
    assert_eq!(zebra::model().unwrap().check_assignment(s.values()), Ok(()));
    assert_eq!(zebra::owner_of(s, "zebra"), Some("Japanese"));
    assert_eq!(zebra::owner_of(s, "water"), Some("Norwegian"));
}

#[test]
fn the_solution_satisfies_every_clue() {
    let s = &zebra::solve_all().unwrap()[0];
    let h = |name| house(s, name);
    let next_to = |a, b| (h(a) - h(b)).abs() == 1;
    for (_, values) in ATTRIBUTES {
        let mut houses: Vec<i32> = values.iter().map(|v| h(v)).collect();
        houses.sort_unstable();
        assert_eq!(houses, vec![1, 2, 3, 4, 5]);
    }
    assert_eq!(h("Englishman"), h("red"));
    assert_eq!(h("Spaniard"), h("dog"));
    assert_eq!(h("coffee"), h("green"));
    assert_eq!(h("Ukrainian"), h("tea"));
    assert_eq!(h("green"), h("ivory") + 1);
    assert_eq!(h("Old Gold"), h("snails"));
    assert_eq!(h("Kools"), h("yellow"));
    assert_eq!(h("milk"), 3);
    assert_eq!(h("Norwegian"), 1);
    assert!(next_to("Chesterfields", "fox"));
    assert!(next_to("Kools", "horse"));
    assert_eq!(h("Lucky Strike"), h("orange juice"));
    assert_eq!(h("Japanese"), h("Parliaments"));
    assert!(next_to("Norwegian", "blue"));
    assert_eq!(zebra::describe(s).lines().next(), Some("house 1: Norwegian, yellow, water, Kools, fox"));
}
