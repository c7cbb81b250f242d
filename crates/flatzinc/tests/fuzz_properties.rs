//! The FlatZinc fuzz targets' properties (`checks::fzn`) on mutated copies of
//! the checked-in `.fzn` files, so that CI runs what the fuzzers check (docs/robustness.md):
//! no panic, a precise error or a model whose solutions the independent checker accepts.
//! The mutations are deterministic (a fixed xorshift seed), so a failure reproduces.

use checks::fzn;
use std::path::Path;

/// Tokens the mutations insert: FlatZinc's keywords and punctuation, extreme integers.
const TOKENS: &[&str] = &[
    "var ",
    "array ",
    " of ",
    "int",
    "bool",
    "set of ",
    "float",
    "constraint ",
    "solve ",
    "satisfy",
    "minimize ",
    "maximize ",
    "::",
    "..",
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    ";",
    ",",
    ":",
    "=",
    "output_var",
    "int_search",
    "9223372036854775807",
    "-9223372036854775808",
    "2147483647",
    "-1",
    "0",
    "1.5",
    "\n",
    " ",
];

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// One to four random edits of `seed`: a byte changed, a range deleted or duplicated, a token
/// inserted, or the tail cut.
fn mutate(seed: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(v.len() + 1);
        match rng.below(5) {
            0 if at < v.len() => v[at] = rng.next() as u8,
            1 => {
                let end = (at + rng.below(40)).min(v.len());
                v.drain(at..end);
            }
            2 => {
                let end = (at + rng.below(80)).min(v.len());
                let copy = v[at..end].to_vec();
                let to = rng.below(v.len() + 1);
                v.splice(to..to, copy);
            }
            3 => {
                let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                v.splice(at..at, t.iter().copied());
            }
            _ => v.truncate(at),
        }
    }
    v
}

fn seeds() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fzn"));
    let mut seeds: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "fzn"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap()))
        .collect();
    seeds.sort();
    assert!(seeds.len() >= 20, "the checked-in .fzn files are the seeds: {}", seeds.len());
    seeds
}

#[test]
fn the_unmutated_seeds_pass_the_properties() {
    for (name, text) in seeds() {
        eprintln!("{name}");
        fzn::parse_only(&text);
        fzn::parse_translate_solve(&text);
    }
}

#[test]
fn mutated_seeds_pass_the_properties() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for (name, text) in seeds() {
        for i in 0..150 {
            let m = mutate(&text, &mut rng);
            let shown = String::from_utf8_lossy(&m);
            let ok = std::panic::catch_unwind(|| {
                fzn::parse_only(&m);
                fzn::parse_translate_solve(&m);
            });
            assert!(ok.is_ok(), "{name}, mutation {i}:\n{shown}");
        }
    }
}
