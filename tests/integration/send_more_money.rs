//! Cryptarithms: `SEND + MORE = MONEY` has the unique solution 9567 + 1085 = 10652.

use csp_sudoku::classic::cryptarithm::{Cryptarithm, CryptarithmError};

/// Every solution satisfies the model and the arithmetic, checked independently.
fn checked_solutions(addends: &[&str], result: &str) -> Vec<Vec<u64>> {
    let puzzle = Cryptarithm::new(addends, result).unwrap();
    let model = puzzle.model().unwrap();
    let solutions = puzzle.solve_all().unwrap();
    let mut numbers = Vec::new();
    for s in &solutions {
        assert_eq!(model.check_assignment(s.values()), Ok(()));
        let values: Vec<u64> = addends.iter().chain([&result]).map(|w| puzzle.word_value(s, w).unwrap()).collect();
        let (sum, total) = (values[..addends.len()].iter().sum::<u64>(), values[addends.len()]);
        assert_eq!(sum, total, "{values:?}");
        let mut digits: Vec<i32> = s.values().to_vec();
        digits.sort_unstable();
        digits.dedup();
        assert_eq!(digits.len(), s.values().len(), "letters share a digit: {s:?}");
        numbers.push(values);
    }
    numbers
}

#[test]
fn send_more_money_has_the_unique_solution_9567_1085_10652() {
    assert_eq!(checked_solutions(&["SEND", "MORE"], "MONEY"), vec![vec![9567, 1085, 10652]]);
}

#[test]
fn to_go_out_has_the_unique_solution_21_81_102() {
    assert_eq!(checked_solutions(&["to", "go"], "out"), vec![vec![21, 81, 102]]);
}

#[test]
fn brute_force_agrees_on_a_small_puzzle() {
    // A + B = CD over distinct digits, C != 0: C = 1, D = A + B - 10, all four different.
    let mut expected = Vec::new();
    for a in 0..10u64 {
        for b in 0..10 {
            let (c, d) = ((a + b) / 10, (a + b) % 10);
            let mut ds = vec![a, b, c, d];
            ds.sort_unstable();
            ds.dedup();
            if c != 0 && ds.len() == 4 {
                expected.push(vec![a, b, 10 * c + d]);
            }
        }
    }
    let mut found = checked_solutions(&["A", "B"], "CD");
    found.sort();
    assert_eq!(found, expected);
}

#[test]
fn invalid_words_are_reported() {
    assert_eq!(Cryptarithm::new(&[], "A").unwrap_err(), CryptarithmError::NoAddend);
    assert_eq!(Cryptarithm::new(&["A", ""], "B").unwrap_err(), CryptarithmError::EmptyWord);
    assert_eq!(
        Cryptarithm::new(&["SE7EN"], "X").unwrap_err(),
        CryptarithmError::NotALetter { word: "SE7EN".into(), ch: '7' }
    );
    assert_eq!(
        Cryptarithm::new(&["ABCDEFGHIJ"], "A").unwrap_err(),
        CryptarithmError::WordTooLong { word: "ABCDEFGHIJ".into() }
    );
    assert_eq!(
        Cryptarithm::new(&["ABCDEF", "GHIJK"], "A").unwrap_err(),
        CryptarithmError::TooManyLetters { count: 11 }
    );
}
