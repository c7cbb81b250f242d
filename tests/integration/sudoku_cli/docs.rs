//! The documentation cannot drift from the program: every `$ cargo run --release --example
//! sudoku -- ...` command shown in a `text` block of the README and of `docs/` is run here, and
//! the output shown under it must be the program's (a line `...` stands for any number of
//! lines; every other line must come, in order, exactly as shown; where no `...` separates two
//! shown lines, they are consecutive in the output).

use super::{run, stderr, stdout};

/// The documents whose commands are run.
const DOCUMENTS: [&str; 4] = ["README.md", "docs/grading.md", "docs/variants.md", "docs/generation.md"];

/// What each command starts with.
const PREFIX: &str = "$ cargo run --release --example sudoku -- ";

/// A command shown in a document: where, its arguments, and the output shown under it.
struct Shown {
    place: String,
    args: Vec<String>,
    output: Vec<String>,
}

/// The commands of `text`'s `text` blocks.
fn commands(name: &str, text: &str) -> Vec<Shown> {
    let mut found: Vec<Shown> = Vec::new();
    let mut in_block = false;
    let mut current: Option<Shown> = None;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            in_block = line == "```text";
            found.extend(current.take());
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(rest) = line.strip_prefix(PREFIX) {
            found.extend(current.take());
            let args = rest.split_whitespace().map(str::to_string).collect();
            current = Some(Shown { place: format!("{name}:{}", i + 1), args, output: Vec::new() });
        } else if line.starts_with("$ ") {
            // Another command (a shell step): not ours to run.
            found.extend(current.take());
        } else if let Some(shown) = current.as_mut() {
            shown.output.push(line.to_string());
        }
    }
    found.extend(current);
    found
}

/// Whether `actual` holds the `shown` lines in order (see the module docs), or the first
/// shown line that it does not.
fn first_missing<'a>(shown: &'a [String], actual: &[&str]) -> Option<&'a str> {
    let mut at = 0;
    let mut skip = false;
    for line in shown {
        if line == "..." {
            skip = true;
            continue;
        }
        let found = if skip {
            actual[at..].iter().position(|a| a == line).map(|p| at + p)
        } else {
            (actual.get(at) == Some(&line.as_str())).then_some(at)
        };
        match found {
            Some(p) => at = p + 1,
            None => return Some(line),
        }
        skip = false;
    }
    None
}

#[test]
fn every_sudoku_command_in_the_documentation_prints_what_it_shows() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for name in DOCUMENTS {
        let text = std::fs::read_to_string(root.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        for shown in commands(name, &text) {
            let args: Vec<&str> = shown.args.iter().map(String::as_str).collect();
            let o = run(&args, b"");
            let out = stdout(&o);
            let lines: Vec<&str> = out.lines().collect();
            if let Some(missing) = first_missing(&shown.output, &lines) {
                panic!(
                    "{}: `{}` does not print\n{missing}\nas shown; it prints:\n{out}{}",
                    shown.place,
                    args.join(" "),
                    stderr(&o)
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 4, "only {checked} commands found");
}

#[test]
fn the_matching_of_shown_output_skips_only_at_an_ellipsis() {
    let shown: Vec<String> = ["a", "...", "c", "d"].map(String::from).to_vec();
    assert_eq!(first_missing(&shown, &["a", "b", "c", "d"]), None);
    assert_eq!(first_missing(&shown, &["a", "b", "c", "x", "d"]), Some("d"));
    assert_eq!(first_missing(&shown, &["b", "a", "c", "d"]), Some("a"));
}
