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
    translate_with(ast, free, false)
}

/// [`translate`], each constraint posted as written when `for_proof` (no domain-consistent
/// shortcut the proof checker has no rule for); [`Translation::origins`] ties the engine's
/// constraints to the FlatZinc ones either way.
///
/// # Errors
///
/// As [`translate`].
pub(crate) fn translate_with(ast: &Ast, free: bool, for_proof: bool) -> Result<Translation, Error> {
    let (mut t, output) = Translator::declared(ast)?;
    t.for_proof = for_proof;
    t.origins.resize(t.model.num_constraints(), 0);
    for (i, c) in ast.constraints.iter().enumerate() {
        crate::builtins::post(&mut t, c)?;
        let n = t.model.num_constraints();
        t.origins.resize(n, i as u32 + 1);
    }
    t.finish(ast, free, output)
}
