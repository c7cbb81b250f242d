//! Map colouring of Australia: the solver's counts equal brute-force enumeration (18 with three
//! colours), and every colouring it returns is proper.

use csp::Solver;
use csp_sudoku::classic::map_coloring::{australia, MapColoring, UnknownRegion, AUSTRALIA_REGIONS};

/// Proper colourings by enumerating all `k^n` assignments, with the map's own border list.
fn brute_force_count(map: &MapColoring, k: i32) -> u64 {
    let n = map.regions().len();
    let mut colours = vec![0; n];
    let mut count = 0;
    loop {
        if map.is_proper(&colours) {
            count += 1;
        }
        let mut p = 0;
        loop {
            if p == n {
                return count;
            }
            colours[p] += 1;
            if colours[p] < k {
                break;
            }
            colours[p] = 0;
            p += 1;
        }
    }
}

#[test]
fn australia_has_18_colourings_with_three_colours() {
    let map = australia();
    assert_eq!(map.regions().len(), AUSTRALIA_REGIONS.len());
    let expected = brute_force_count(&map, 3);
    assert_eq!(expected, 18, "brute force");
    let mut solver = Solver::new(map.model(3).unwrap());
    let model = map.model(3).unwrap();
    let mut n = 0;
    for s in solver.solutions() {
        assert_eq!(model.check_assignment(s.values()), Ok(()));
        assert!(map.is_proper(s.values()), "{s:?}");
        n += 1;
    }
    assert_eq!(n, expected);
}

#[test]
fn counts_match_brute_force_for_other_numbers_of_colours() {
    let map = australia();
    for k in 1..=4 {
        let mut solver = Solver::new(map.model(k as usize).unwrap());
        let count = solver.count_solutions(u64::MAX);
        assert!(count.is_exact());
        assert_eq!(count.count, brute_force_count(&map, k), "{k} colours");
    }
}

#[test]
fn zero_colours_is_a_model_error_and_unknown_regions_are_reported() {
    assert!(australia().model(0).is_err());
    assert_eq!(MapColoring::new(&["A"], &[("A", "B")]), Err(UnknownRegion { name: "B".into() }));
}
