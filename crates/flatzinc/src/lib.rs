//! A FlatZinc front end for the `csp` engine: MiniZinc models solved by the engine.
//!
//! MiniZinc compiles a model and its data into FlatZinc, a flat list of variables with
//! domains and calls of built-in constraints; a solver reads the FlatZinc, solves it and prints
//! the solutions in a standard format that MiniZinc turns back into the model's output. This
//! crate is that solver side:
//!
//! * [`parse`]: FlatZinc text to a syntax tree ([`Ast`]), with the line and column of every
//!   error;
//! * [`translate`]: the tree to an engine [`Model`](csp::Model): domains (bounds inferred for
//!   variables declared without one), the standard integer and Boolean built-ins and the
//!   globals of the solver library `mznlib/` ([`builtins`] has the table), the objective and the
//!   search annotations;
//! * [`run`]: solving with the standard options ([`Options`]: `-a`, `-n`, `-s`, `-t`, `-f`)
//!   and printing (`----------`, `==========`, `=====UNSATISFIABLE=====`, `=====UNKNOWN=====`,
//!   `%%%mzn-stat` lines); optimisation is branch and bound ([`csp::Solver::improvements`]);
//! * [`check()`]: an independent checker that evaluates every FlatZinc constraint on an
//!   assignment, used by the tests and by `fzn-csp --check`.
//!
//! Unsupported constructs (float and set variables, unknown built-ins) are errors that name
//! the construct and its line, never a wrong answer.
//!
//! # Example
//!
//! ```
//! let fzn = "var 1..3: x :: output_var;\nvar 1..3: y :: output_var;\n\
//!            constraint int_lt(x, y);\nsolve maximize x;\n";
//! let mut out = Vec::new();
//! let status = flatzinc::run(fzn, &flatzinc::Options::default(), &mut out, std::io::sink())?;
//! assert_eq!(status, flatzinc::Status::Complete);
//! assert_eq!(String::from_utf8(out)?, "x = 2;\ny = 3;\n----------\n==========\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! See `docs/flatzinc.md` for the MiniZinc installation of the `fzn-csp` binary and the
//! benchmark against Gecode.

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![deny(rustdoc::broken_intra_doc_links)]

pub mod ast;
mod bounds;
pub mod builtins;
mod check;
mod error;
mod lower;
mod output;
mod parser;
mod proof;
mod run;
mod translate;

pub use ast::Ast;
pub use check::check;
pub use error::{Error, Pos};
pub use lower::translate;
pub use output::format_solution;
pub use parser::parse;
pub use run::{named_values, run, Options, RunError, Status};
pub use translate::{Elem, OutputItem, Translation};
