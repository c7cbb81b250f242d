//! The expression-API models of the examples (`jobshop`, `golomb`, `magic_square`) at small
//! sizes: their proven optima agree with brute force written without the solver.

use csp::solve::Optimum;
use csp_sudoku::classic::jobshop::{JobShop, FT06};
use csp_sudoku::classic::{golomb, magic_square};

/// The best makespan of a job shop by brute force: every order of the tasks on every machine,
/// each scheduled as early as its predecessors allow (an optimal schedule is such a one).
fn brute_force_makespan(jobs: &[Vec<(usize, i32)>]) -> i32 {
    let machines = jobs.iter().flatten().map(|&(m, _)| m + 1).max().unwrap_or(0);
    let mut on: Vec<Vec<(usize, usize)>> = vec![Vec::new(); machines];
    for (j, job) in jobs.iter().enumerate() {
        for (k, &(m, _)) in job.iter().enumerate() {
            on[m].push((j, k));
        }
    }
    let mut best = i32::MAX;
    let mut orders: Vec<Vec<(usize, usize)>> = Vec::new();
    permute_all(&on, 0, &mut orders, &mut |orders| {
        if let Some(m) = earliest_schedule(jobs, orders) {
            best = best.min(m);
        }
    });
    best
}

/// Calls `f` with every choice of one permutation per machine.
fn permute_all(
    on: &[Vec<(usize, usize)>],
    m: usize,
    orders: &mut Vec<Vec<(usize, usize)>>,
    f: &mut impl FnMut(&[Vec<(usize, usize)>]),
) {
    if m == on.len() {
        f(orders);
        return;
    }
    let mut tasks = on[m].clone();
    heap_permutations(&mut tasks, on[m].len(), &mut |p| {
        orders.push(p.to_vec());
        permute_all(on, m + 1, orders, f);
        orders.pop();
    });
}

/// Heap's algorithm.
fn heap_permutations<T: Clone>(a: &mut [T], k: usize, f: &mut impl FnMut(&[T])) {
    if k <= 1 {
        f(a);
        return;
    }
    for i in 0..k {
        heap_permutations(a, k - 1, f);
        if k.is_multiple_of(2) {
            a.swap(i, k - 1);
        } else {
            a.swap(0, k - 1);
        }
    }
}

/// The makespan of the earliest schedule with these machine orders, or `None` if they
/// contradict the jobs' orders (a cycle).
fn earliest_schedule(jobs: &[Vec<(usize, i32)>], orders: &[Vec<(usize, usize)>]) -> Option<i32> {
    let mut start: Vec<Vec<Option<i32>>> = jobs.iter().map(|j| vec![None; j.len()]).collect();
    let mut next_on: Vec<usize> = vec![0; orders.len()];
    let mut machine_free = vec![0; orders.len()];
    let total: usize = jobs.iter().map(Vec::len).sum();
    let mut done = 0;
    while done < total {
        let mut progressed = false;
        for (m, order) in orders.iter().enumerate() {
            let Some(&(j, k)) = order.get(next_on[m]) else { continue };
            let ready = if k == 0 { Some(0) } else { start[j][k - 1].map(|s| s + jobs[j][k - 1].1) };
            if let Some(r) = ready {
                let s = r.max(machine_free[m]);
                start[j][k] = Some(s);
                machine_free[m] = s + jobs[j][k].1;
                next_on[m] += 1;
                done += 1;
                progressed = true;
            }
        }
        if !progressed {
            return None;
        }
    }
    jobs.iter().zip(&start).map(|(job, st)| st[job.len() - 1].unwrap_or(0) + job[job.len() - 1].1).max()
}

#[test]
fn jobshop_optimum_on_three_jobs_of_ft06_agrees_with_brute_force() {
    for range in [0..3, 3..6, 1..4] {
        let jobs: Vec<Vec<(usize, i32)>> = FT06[range.clone()].iter().map(|j| j.to_vec()).collect();
        let shop = JobShop::new(jobs.clone());
        let (model, schedule) = shop.model().unwrap();
        let Optimum::Optimal(s) = model.into_solver().solve_optimal() else { panic!("jobs {range:?}") };
        assert_eq!(shop.check(&schedule.starts(&s)), Ok(s[schedule.makespan]));
        assert_eq!(s[schedule.makespan], brute_force_makespan(&jobs), "jobs {range:?}");
    }
}

#[test]
fn jobshop_ft06_is_proven_optimal_at_55() {
    let shop = JobShop::ft06();
    let (model, schedule) = shop.model().unwrap();
    let Optimum::Optimal(s) = model.into_solver().solve_optimal() else { panic!() };
    assert_eq!(shop.check(&schedule.starts(&s)), Ok(55));
}

/// The shortest Golomb ruler of `n` marks by brute force over increasing lengths.
fn brute_force_golomb(n: usize) -> i32 {
    fn extend(marks: &mut Vec<i32>, n: usize, len: i32, seen: &mut Vec<bool>) -> bool {
        if marks.len() == n - 1 {
            // The last mark is the length.
            let ok = marks.iter().all(|&m| !seen[(len - m) as usize]) && {
                let mut d: Vec<i32> = marks.iter().map(|&m| len - m).collect();
                d.sort_unstable();
                d.windows(2).all(|w| w[0] != w[1])
            };
            return ok;
        }
        let from = marks.last().map_or(0, |&m| m + 1);
        for next in from..len {
            let new: Vec<i32> = marks.iter().map(|&m| next - m).collect();
            let mut sorted = new.clone();
            sorted.sort_unstable();
            if new.iter().any(|&d| seen[d as usize]) || sorted.windows(2).any(|w| w[0] == w[1]) {
                continue;
            }
            new.iter().for_each(|&d| seen[d as usize] = true);
            marks.push(next);
            let found = extend(marks, n, len, seen);
            marks.pop();
            new.iter().for_each(|&d| seen[d as usize] = false);
            if found {
                return true;
            }
        }
        false
    }
    (1..).find(|&len| extend(&mut vec![0], n, len, &mut vec![false; len as usize + 1])).unwrap_or(0)
}

#[test]
fn golomb_optima_agree_with_brute_force() {
    for n in 2..=7 {
        let (model, marks) = golomb::model(n).unwrap();
        let Optimum::Optimal(s) = model.into_solver().solve_optimal() else { panic!("{n} marks") };
        let ruler: Vec<i32> = marks.iter().map(|&m| s[m]).collect();
        let expected = brute_force_golomb(n);
        assert_eq!(golomb::check(&ruler), Ok(expected), "{n} marks: {ruler:?}");
        assert_eq!(expected, golomb::OPTIMAL_LENGTH[n]);
    }
}

#[test]
fn magic_squares_of_order_three_are_the_lo_shu_square_up_to_symmetry() {
    // Brute force: the permutations of 1..=9 that are magic (8: one square, 8 symmetries).
    let mut count = 0;
    let mut cells: Vec<i32> = (1..=9).collect();
    heap_permutations(&mut cells, 9, &mut |p| count += usize::from(magic_square::check(3, p).is_ok()));
    assert_eq!(count, 8);
    let (model, x) = magic_square::model(3).unwrap();
    let mut solver = model.into_solver();
    let found: Vec<Vec<i32>> = solver.solutions().map(|s| x.iter().map(|&v| s[v]).collect()).collect();
    assert_eq!(found.len(), count / 8);
    assert!(found.iter().all(|sq| magic_square::check(3, sq).is_ok()));
}

#[test]
fn magic_squares_of_order_four_number_880() {
    let (model, _) = magic_square::model(4).unwrap();
    let count = model.into_solver().count_solutions(u64::MAX);
    assert_eq!((count.count, count.is_exact()), (880, true));
}
