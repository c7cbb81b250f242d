//! The TSP model (`csp_sudoku::classic::tsp`, `examples/tsp.rs`): its proven optima agree with
//! Held and Karp's dynamic programme, written here without the solver, on gr17 and on random
//! asymmetric instances; the distance-matrix reader says where a file is wrong; the example
//! binary prints a tour that checks.

use std::path::PathBuf;
use std::process::Command;

use csp::branching::Rng;
use csp::solve::Optimum;
use csp_sudoku::classic::tsp::Tsp;

/// The length of the shortest tour by Held and Karp's dynamic programme over subsets (1962):
/// `best[S][j]`, the shortest path from city 0 through the cities of `S` ending at `j`.
fn held_karp(dist: &[Vec<i32>]) -> i64 {
    let n = dist.len();
    let full = 1usize << (n - 1);
    let mut best = vec![vec![i64::MAX; n]; full];
    for j in 1..n {
        best[1 << (j - 1)][j] = i64::from(dist[0][j]);
    }
    for set in 1..full {
        for j in 1..n {
            let here = best[set][j];
            if here == i64::MAX || set & (1 << (j - 1)) == 0 {
                continue;
            }
            for k in 1..n {
                if set & (1 << (k - 1)) == 0 {
                    let next = &mut best[set | (1 << (k - 1))][k];
                    *next = (*next).min(here + i64::from(dist[j][k]));
                }
            }
        }
    }
    (1..n).map(|j| best[full - 1][j] + i64::from(dist[j][0])).min().unwrap_or(0)
}

/// The length of a tour given as the cities in visiting order, without the model's checker.
fn tour_length(dist: &[Vec<i32>], order: &[usize]) -> i64 {
    let mut sorted = order.to_vec();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..dist.len()).collect::<Vec<_>>(), "every city once: {order:?}");
    (0..order.len()).map(|i| i64::from(dist[order[i]][order[(i + 1) % order.len()]])).sum()
}

fn solve(tsp: &Tsp) -> (Vec<i32>, i32) {
    let (model, tour) = tsp.model().unwrap();
    let mut solver = model.into_solver();
    tour.search(&mut solver);
    let Optimum::Optimal(s) = solver.solve_optimal() else { panic!("{tsp:?}") };
    (tour.successors(&s), s[tour.length])
}

#[test]
fn gr17_optimum_is_2085_and_agrees_with_held_karp() {
    let tsp = Tsp::gr17();
    let dist = tsp.distances();
    assert!((0..17).all(|i| (0..17).all(|j| dist[i][j] == dist[j][i])), "gr17 is symmetric");
    let (succ, length) = solve(&tsp);
    assert_eq!(tsp.check(&succ), Ok(length));
    assert_eq!(i64::from(length), tour_length(dist, &Tsp::order(&succ)));
    assert_eq!(i64::from(length), held_karp(dist));
    // TSPLIB's published optimum for gr17.
    assert_eq!(length, 2085);
}

#[test]
fn random_asymmetric_instances_agree_with_held_karp() {
    let mut rng = Rng::new(26);
    for n in 2..=8 {
        for _ in 0..4 {
            let dist: Vec<Vec<i32>> =
                (0..n).map(|i| (0..n).map(|j| if i == j { 0 } else { rng.below(100) as i32 }).collect()).collect();
            let tsp = Tsp::from_matrix(dist.clone()).unwrap();
            let (succ, length) = solve(&tsp);
            assert_eq!(tsp.check(&succ), Ok(length), "{dist:?}");
            assert_eq!(i64::from(length), tour_length(&dist, &Tsp::order(&succ)), "{dist:?}");
            assert_eq!(i64::from(length), held_karp(&dist), "{dist:?}");
        }
    }
}

#[test]
fn check_refuses_what_is_not_one_tour() {
    let tsp = Tsp::parse("4\n0 1 1 1\n1 0 1 1\n1 1 0 1\n1 1 1 0\n").unwrap();
    assert_eq!(tsp.check(&[1, 2, 3, 0]), Ok(4));
    assert!(tsp.check(&[1, 0, 3, 2]).is_err(), "two sub-tours");
    assert!(tsp.check(&[1, 2, 0, 3]).is_err(), "a city left out");
    assert!(tsp.check(&[1, 2, 3, 4]).is_err(), "not a city");
    assert!(tsp.check(&[1, 2, 3]).is_err(), "too few successors");
}

#[test]
fn the_reader_says_where_a_matrix_is_wrong() {
    let cases = [
        ("", "no number of cities: the text is empty"),
        ("# nothing\n\n", "no number of cities: the text is empty"),
        ("1\n0\n", "line 1: 1 cities: a tour needs 2 to 1000"),
        ("3 3\n", "line 1: the first line must hold the number of cities alone"),
        ("-3\n", "line 1: '-3' is not a non-negative integer"),
        ("2\n0 1\n1 x\n", "line 3: 'x' is not a non-negative integer"),
        ("2\n0 1\n1 -1\n", "line 3: '-1' is not a non-negative integer"),
        ("2\n0 1 2\n", "line 2: 3 distances, expected 2"),
        ("3\n0 1 2\n# a comment\n1 0 2\n", "line 4: 2 rows of distances, expected 3"),
        ("2\n0 1\n1 0\n0 0\n", "line 4: more than the 2 rows of distances"),
        ("2\n0 99999999999\n1 0\n", "line 2: '99999999999' is not a non-negative integer"),
        ("2\n0 2000000000\n1 0\n", "line 3: distances up to 2000000000 over 2 cities overflow 32 bits"),
    ];
    for (text, expected) in cases {
        assert_eq!(Tsp::parse(text).map(|_| ()).map_err(|e| e.to_string()), Err(expected.to_string()), "{text:?}");
    }
    let ok = Tsp::parse("# three cities\n3\n0 1 2 # from city 0\n\n1 0 3\n2 3 0\n").unwrap();
    assert_eq!(ok.distances(), [vec![0, 1, 2], vec![1, 0, 3], vec![2, 3, 0]]);
}

/// `target/<profile>/examples/tsp`, built by `cargo test` (or `cargo build --example tsp`).
fn binary() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let profile_dir = exe.parent().and_then(|deps| deps.parent()).expect("target/<profile>");
    let path = profile_dir.join("examples").join(format!("tsp{}", std::env::consts::EXE_SUFFIX));
    assert!(path.exists(), "no example binary at {}: build it with `cargo build --example tsp`", path.display());
    path
}

#[test]
fn the_example_reads_a_matrix_and_prints_a_proven_tour_that_checks() {
    let dir = std::env::temp_dir().join(format!("csp-tsp-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut rng = Rng::new(7);
    let n = 9;
    let dist: Vec<Vec<i32>> =
        (0..n).map(|i| (0..n).map(|j| if i == j { 0 } else { 1 + rng.below(50) as i32 }).collect()).collect();
    let text: String = std::iter::once(format!("{n} # cities\n"))
        .chain(dist.iter().map(|row| row.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(" ") + "\n"))
        .collect();
    let good = dir.join("good.txt");
    std::fs::write(&good, text).unwrap();
    let out = Command::new(binary()).arg("--file").arg(&good).env_remove("RUST_LOG").output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let tour_line = stdout.lines().find_map(|l| l.strip_prefix("tour: ")).expect("a tour line");
    let mut order: Vec<usize> = tour_line.split(' ').map(|c| c.parse().unwrap()).collect();
    assert_eq!(order.pop(), Some(0), "the tour returns to city 0");
    let optimum = held_karp(&dist);
    assert_eq!(tour_length(&dist, &order), optimum);
    assert!(stdout.contains(&format!("{n} cities: length {optimum}, proven optimal")), "{stdout}");

    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "3\n0 1 2\n1 0 2\n2 2\n").unwrap();
    let out = Command::new(binary()).arg("--file").arg(&bad).env_remove("RUST_LOG").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.trim_end(), format!("error: {}: line 4: 2 distances, expected 3", bad.display()));
    let missing = dir.join("missing.txt");
    let out = Command::new(binary()).arg("--file").arg(&missing).env_remove("RUST_LOG").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().starts_with(&format!("error: {}: ", missing.display())));
    std::fs::remove_dir_all(&dir).unwrap();
}
