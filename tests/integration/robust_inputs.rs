//! Arbitrary input into the parsers (plain, killer, jigsaw) and the batch path: the fuzz
//! targets' properties (`checks::sudoku`) on a few hundred
//! random inputs per run, so that CI exercises what the fuzzers check. See docs/robustness.md.

use proptest::prelude::*;

/// Bytes that matter to the parsers and the batch reader, to mix into random input.
const INTERESTING: &[u8] = b"123456789ABCDEFGHIJKLMNOPQZa.0_*-|+# \t\r\n\n\n\x00\xff\xef\xbb\xbf\xc3\xa9";

/// Random bytes, half of them drawn from [`INTERESTING`].
fn puzzle_like_bytes(max_len: usize) -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop_oneof![any::<u8>(), prop::sample::select(INTERESTING)], 0..max_len)
}

/// A valid puzzle line (one of the data sets' shapes) with a few bytes overwritten.
fn mutated_puzzle() -> impl Strategy<Value = Vec<u8>> {
    const PUZZLES: [&str; 4] = [
        "1.3.3.1..1.3..2.",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "123456456123231564564231312645645312",
    ];
    (
        prop::sample::select(PUZZLES.to_vec()),
        prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(INTERESTING)), 0..4),
    )
        .prop_map(|(p, edits)| {
            let mut bytes = p.as_bytes().to_vec();
            for (i, b) in edits {
                let at = i.index(bytes.len());
                bytes[at] = b;
            }
            bytes
        })
}

/// Bytes that matter to the killer and jigsaw maps, sums and grids.
const MAP_BYTES: &[u8] = b"abcdeABZz0123456789.# \t\r\n\n\n\n%\xff";

/// The variant example puzzles of `data/variants` (killer, then jigsaw).
const KILLERS: [&str; 3] = [
    include_str!("../../data/variants/killer_4x4.txt"),
    include_str!("../../data/variants/killer_6x6.txt"),
    include_str!("../../data/variants/killer_9x9_givens.txt"),
];
const JIGSAWS: [&str; 3] = [
    include_str!("../../data/variants/jigsaw_4x4.txt"),
    include_str!("../../data/variants/jigsaw_6x6.txt"),
    include_str!("../../data/variants/jigsaw_9x9.txt"),
];

/// One of `puzzles` with a few bytes overwritten by [`MAP_BYTES`], and maybe cut short.
fn mutated_variant(puzzles: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    (
        prop::sample::select(puzzles),
        prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(MAP_BYTES)), 0..4),
        prop::option::weighted(0.2, any::<prop::sample::Index>()),
    )
        .prop_map(|(p, edits, cut)| {
            let mut bytes = p.as_bytes().to_vec();
            for (i, b) in edits {
                let at = i.index(bytes.len());
                bytes[at] = b;
            }
            if let Some(cut) = cut {
                bytes.truncate(cut.index(bytes.len()));
            }
            bytes
        })
}

/// Random 4x4 maps of a few labels, then random sum lines or grid rows.
fn random_map() -> impl Strategy<Value = Vec<u8>> {
    (
        prop::collection::vec(prop::sample::select(b"aabbccdd".to_vec()), 16),
        prop::collection::vec((prop::sample::select(b"abcdz1".to_vec()), 0u8..20), 0..6),
        prop::collection::vec(prop::sample::select(b"..1234 ".to_vec()), 0..20),
    )
        .prop_map(|(labels, sums, grid)| {
            let mut text = Vec::new();
            for row in labels.chunks(4) {
                text.extend_from_slice(row);
                text.push(b'\n');
            }
            for (label, sum) in sums {
                text.extend_from_slice(format!("{} {sum}\n", char::from(label)).as_bytes());
            }
            text.extend_from_slice(&grid);
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn line_form_accepts_valid_grids_and_rejects_precisely(data in prop_oneof![puzzle_like_bytes(700), mutated_puzzle()]) {
        checks::sudoku::line(&data);
    }

    #[test]
    fn grid_form_accepts_valid_grids_and_rejects_precisely(data in prop_oneof![puzzle_like_bytes(900), mutated_puzzle()]) {
        checks::sudoku::grid(&data);
    }

    #[test]
    fn batch_reads_every_line_once_and_answers_consistently(
        config in any::<[u8; 2]>(),
        lines in prop::collection::vec(prop_oneof![puzzle_like_bytes(120), mutated_puzzle()], 0..6),
    ) {
        let mut data = config.to_vec();
        for l in lines {
            data.extend_from_slice(&l);
            data.push(b'\n');
        }
        checks::sudoku::batch(&data);
    }
}

proptest! {
    // Fewer cases: an accepted puzzle is solved twice (up to 1000 nodes each).
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn killer_puzzles_parse_precisely_and_solve_correctly(
        data in prop_oneof![puzzle_like_bytes(300), prop::collection::vec(prop::sample::select(MAP_BYTES), 0..200), mutated_variant(&KILLERS), random_map()],
    ) {
        checks::sudoku::killer(&data);
    }

    #[test]
    fn jigsaw_puzzles_parse_precisely_and_solve_correctly(
        data in prop_oneof![puzzle_like_bytes(300), prop::collection::vec(prop::sample::select(MAP_BYTES), 0..200), mutated_variant(&JIGSAWS), random_map()],
    ) {
        checks::sudoku::jigsaw(&data);
    }
}

#[test]
fn the_fuzz_seeds_pass() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz").join("corpus");
    for name in ["line", "grid", "batch", "killer", "jigsaw"] {
        let check = match name {
            "line" => checks::sudoku::line,
            "grid" => checks::sudoku::grid,
            "killer" => checks::sudoku::killer,
            "jigsaw" => checks::sudoku::jigsaw,
            _ => checks::sudoku::batch,
        };
        let dir = root.join(name);
        let mut n = 0;
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("directory entry").path();
            check(&std::fs::read(&path).expect("seed file"));
            n += 1;
        }
        assert!(n > 0, "no seeds in {}", dir.display());
    }
}
