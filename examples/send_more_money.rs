//! Cryptarithms on the generic `csp` engine: `SEND + MORE = MONEY` by default, or any letter
//! sum given on the command line (the last word is the result).
//!
//! ```text
//! cargo run --release --example send_more_money                  # 9567 + 1085 = 10652
//! cargo run --release --example send_more_money -- TO GO OUT     # 21 + 81 = 102
//! RUST_LOG=csp::search=debug cargo run --release --example send_more_money
//! ```

use std::process::ExitCode;

use clap::Parser;
use csp_sudoku::classic::cryptarithm::Cryptarithm;

/// Solve a cryptarithm: each letter a different digit, no leading zero.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The addends then the result (at least two words).
    #[arg(default_values_t = ["SEND".to_string(), "MORE".to_string(), "MONEY".to_string()])]
    words: Vec<String>,
}

fn main() -> ExitCode {
    env_logger::init();
    let args = Args::parse();
    let Some((result, addends)) = args.words.split_last().filter(|(_, a)| !a.is_empty()) else {
        eprintln!("error: give at least one addend and a result");
        return ExitCode::from(2);
    };
    let addends: Vec<&str> = addends.iter().map(String::as_str).collect();
    let puzzle = match Cryptarithm::new(&addends, result) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let solutions = match puzzle.solve_all() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let words = puzzle.words();
    println!("{} = {}: {} solution(s)", words[..words.len() - 1].join(" + "), words[words.len() - 1], solutions.len());
    for s in &solutions {
        let numbers: Vec<String> =
            words.iter().map(|w| puzzle.word_value(s, w).map_or_else(|| "?".to_string(), |n| n.to_string())).collect();
        let letters: Vec<String> = puzzle
            .letters()
            .iter()
            .map(|&c| format!("{c}={}", puzzle.word_value(s, &c.to_string()).unwrap_or(0)))
            .collect();
        println!(
            "{} = {}    ({})",
            numbers[..numbers.len() - 1].join(" + "),
            numbers[numbers.len() - 1],
            letters.join(" ")
        );
    }
    if solutions.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
