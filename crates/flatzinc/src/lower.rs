//! Lowering a FlatZinc tree to a [`Translation`]: the declarations, then every constraint
//! through the built-ins ([`crate::builtins`]), then the solve item. The one place that knows
//! both the translator and the built-ins, so that neither imports the other.

use crate::ast::Ast;
use crate::error::Error;
use crate::translate::{Translation, Translator};

/// Translates a parsed model. With `free`, search annotations are ignored.
///
/// # Errors
///
/// [`Error::Unsupported`] for float or set variables and unknown built-ins,
/// [`Error::Invalid`] for ill-formed items, [`Error::Model`] when the engine refuses a
/// constraint; each with the position of the item.
pub fn translate(ast: &Ast, free: bool) -> Result<Translation, Error> {
    let (mut t, output) = Translator::declared(ast)?;
    for c in &ast.constraints {
        crate::builtins::post(&mut t, c)?;
    }
    t.finish(ast, free, output)
}
