//! The globals that order sets (increasing, decreasing, lex_less and lex_lesseq on sets,
//! decomposed through MiniZinc's Boolean encoding of sets), which Gecode cannot check: its native
//! `set_le` and `set_lt` order sets by their characteristic vectors ({} < {2} < {1} < {1,2} over
//! 1..2), where MiniZinc's library (`std/flatzinc_builtins.mzn`: "lexicographic order of the
//! sorted lists of elements") and its own evaluation of `{1} < {2}` and `{1,2} < {2}` (both
//! true) order them as the sorted lists of their elements ({} < {1} < {1,2} < {2}).
//!
//! `models/decomposed_sets_lex.mzn` (flattened by tests/flatten.sh) constrains three sets of
//! 1..2 with `2 in s[1]` and one of the four globals. Here every solution the engine finds is
//! matched against a brute force of all 64 assignments in MiniZinc's order (the solutions as
//! sets, not only their number), and the count Gecode gave (tests/fzn/expected.txt, kind
//! `set-order`) against the same brute force in Gecode's order: the two solvers differ exactly by
//! the order, and fzn-csp follows MiniZinc's.

use std::collections::BTreeSet;
use std::path::Path;

use csp::solve::SearchEnd;
use csp::Solver;
use flatzinc::{check, format_solution, named_values, parse, translate};

fn dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fzn"))
}

/// A set of 1..2 by its code (bit 0 for 1, bit 1 for 2) as the sorted list of its elements.
fn elements(code: u8) -> Vec<u8> {
    (1..=2).filter(|&e| code & (1 << (e - 1)) != 0).collect()
}

/// A set of 1..2 by its characteristic vector, 1 first: Gecode's order compares these.
fn characteristic(code: u8) -> Vec<bool> {
    (1..=2).map(|e| code & (1 << (e - 1)) != 0).collect()
}

/// The assignments (codes of `s[1..3]`) that satisfy `2 in s[1]` and global `which` when sets
/// compare as `key` does.
fn brute_force<K: Ord>(which: u8, key: impl Fn(u8) -> K) -> BTreeSet<[u8; 3]> {
    let mut out = BTreeSet::new();
    for code in 0..64u8 {
        let s = [code & 3, (code >> 2) & 3, code >> 4];
        let [a, b, c] = s.map(&key);
        let holds = match which {
            1 => a <= b && b <= c,
            2 => a >= b && b >= c,
            3 => (&a, &b) < (&b, &c),
            4 => (&a, &b) <= (&b, &c),
            // lex_lesseq(s, reverse(s)): (a, b, c) <= (c, b, a), that is a <= c.
            _ => (&a, &b, &c) <= (&c, &b, &a),
        };
        if s[0] & 2 != 0 && holds {
            out.insert(s);
        }
    }
    out
}

/// The codes printed by the engine's solutions of `name` (`code = array1d(1..3, [..]);`), each
/// solution checked against the FlatZinc constraints.
fn engine_solutions(name: &str) -> BTreeSet<[u8; 3]> {
    let text = std::fs::read_to_string(dir().join(format!("{name}.fzn"))).unwrap();
    let ast = parse(&text).unwrap();
    let mut t = translate(&ast, false).unwrap();
    let mut solver = Solver::new(std::mem::take(&mut t.model));
    let mut found = BTreeSet::new();
    let mut printed = BTreeSet::new();
    let mut it = solver.solutions();
    for s in it.by_ref() {
        check(&ast, &named_values(&t, &s)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let out = format_solution(&t.output, &s);
        let line = out.lines().find(|l| l.starts_with("code = ")).expect("the codes are printed");
        let list = line.split('[').nth(1).and_then(|r| r.split(']').next()).unwrap();
        let codes: Vec<u8> = list.split(", ").map(|v| v.parse().unwrap()).collect();
        found.insert([codes[0], codes[1], codes[2]]);
        printed.insert(out);
    }
    assert_eq!(it.end(), Some(SearchEnd::Exhausted), "{name}");
    assert_eq!(printed.len(), found.len(), "{name}: one printed solution per assignment of the sets");
    found
}

#[test]
fn the_set_order_globals_follow_minizinc_and_gecode_differs_only_by_its_order() {
    let expected = std::fs::read_to_string(dir().join("expected.txt")).unwrap();
    let cases = [
        ("decomposed_sets_increasing", 1, 4, 7),
        ("decomposed_sets_decreasing", 2, 16, 13),
        ("decomposed_sets_lex_less", 3, 5, 10),
        ("decomposed_sets_lex_lesseq", 4, 7, 12),
    ];
    for (name, which, ours, gecode) in cases {
        let want = brute_force(which, elements);
        assert_eq!(want.len(), ours, "{name}: the brute force in MiniZinc's order");
        assert_eq!(engine_solutions(name), want, "{name}: the engine's solutions");
        let line = format!("{name} set-order {gecode}");
        assert!(expected.lines().any(|l| l == line), "{name}: Gecode's count is recorded as {gecode}");
        assert_eq!(brute_force(which, characteristic).len(), gecode, "{name}: Gecode's count is its order's");
    }
}

/// `lex_lesseq(s, reverse(s))` over sets (`models/decomposed_sets_reverse.mzn`): MiniZinc
/// 2.6.4's `reverse` does not type-check on arrays of sets, for Gecode's flattening too, so the
/// solver library overloads it (`mznlib/redefinitions.mzn`); the constraint is `s[1] <= s[3]`,
/// 12 solutions in MiniZinc's order ({2} or {1,2} first, then a set not before it, any middle).
#[test]
fn the_reverse_of_an_array_of_sets_compiles_and_orders_as_minizinc() {
    let expected = std::fs::read_to_string(dir().join("expected.txt")).unwrap();
    assert!(expected.lines().any(|l| l == "decomposed_sets_reverse no-gecode"));
    let want = brute_force(5, elements);
    assert_eq!(want.len(), 12, "the brute force in MiniZinc's order");
    assert_eq!(engine_solutions("decomposed_sets_reverse"), want);
}
