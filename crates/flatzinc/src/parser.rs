//! The FlatZinc parser: text to [`Ast`], with the line and column of every error.
//!
//! The grammar is that of the FlatZinc specification (MiniZinc 2.6 handbook, "FlatZinc
//! specification"): predicate declarations, parameter and variable declarations, constraints,
//! one solve item, each ended by `;`, with `%` comments.

use crate::ast::{Ast, BaseType, ConstraintItem, Decl, Expr, IntSet, Objective, SolveItem};
use crate::error::{Error, Pos};

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Int(i64),
    Float(f64),
    Str(String),
    /// Punctuation: `; : , ( ) [ ] { } = ..` and `::`.
    Punct(&'static str),
    Eof,
}

impl Tok {
    fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("'{s}'"),
            Tok::Int(i) => format!("'{i}'"),
            Tok::Float(x) => format!("'{x}'"),
            Tok::Str(s) => format!("string \"{s}\""),
            Tok::Punct(p) => format!("'{p}'"),
            Tok::Eof => "end of input".to_string(),
        }
    }
}

/// Splits the text into tokens with their positions.
fn lex(text: &str) -> Result<Vec<(Tok, Pos)>, Error> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line, mut col) = (0usize, 1u32, 1u32);
    while i < chars.len() {
        let c = chars[i];
        let pos = Pos { line, column: col };
        let start = i;
        if c == '\n' {
            i += 1;
            line += 1;
            col = 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            col += 1;
            continue;
        }
        if c == '%' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        let tok = if c.is_ascii_alphabetic() || c == '_' {
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            Tok::Ident(chars[start..i].iter().collect())
        } else if c.is_ascii_digit() || (c == '-' && chars.get(i + 1).is_some_and(char::is_ascii_digit)) {
            i += 1;
            let hex = c == '0' && chars.get(i) == Some(&'x');
            if hex {
                i += 1;
            }
            while i < chars.len() && chars[i].is_ascii_alphanumeric() {
                i += 1;
            }
            // A float: digits '.' digit (not '..'), or an exponent.
            let mut is_float = false;
            if !hex && chars.get(i) == Some(&'.') && chars.get(i + 1).is_some_and(char::is_ascii_digit) {
                is_float = true;
                i += 1;
                while i < chars.len() && chars[i].is_ascii_alphanumeric() {
                    i += 1;
                }
            }
            let s: String = chars[start..i].iter().collect();
            if !hex && (is_float || s.contains(['e', 'E'])) {
                if matches!(chars.get(i.wrapping_sub(1)), Some('e' | 'E')) && matches!(chars.get(i), Some('-' | '+')) {
                    i += 1;
                    while i < chars.len() && chars[i].is_ascii_digit() {
                        i += 1;
                    }
                }
                let s: String = chars[start..i].iter().collect();
                match s.parse::<f64>() {
                    Ok(x) => Tok::Float(x),
                    Err(_) => return Err(Error::Syntax { pos, message: format!("invalid number '{s}'") }),
                }
            } else {
                let (neg, digits) = s.strip_prefix('-').map_or((false, s.as_str()), |d| (true, d));
                // Read without the sign, so that -9223372036854775808 (i64::MIN) is an integer.
                let parsed = match digits.strip_prefix("0x") {
                    Some(h) => u64::from_str_radix(h, 16),
                    None => digits.parse::<u64>(),
                };
                let value = parsed.ok().and_then(|v| {
                    let v = i128::from(v);
                    i64::try_from(if neg { -v } else { v }).ok()
                });
                match value {
                    Some(v) => Tok::Int(v),
                    None => return Err(Error::Syntax { pos, message: format!("invalid integer '{s}'") }),
                }
            }
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' && chars[i] != '\n' {
                // An escape, but never of the line's end: a string ends on its line.
                if chars[i] == '\\' && chars.get(i + 1).is_some_and(|&c| c != '\n') {
                    i += 1;
                }
                i += 1;
            }
            if chars.get(i) != Some(&'"') {
                return Err(Error::Syntax { pos, message: "unterminated string".to_string() });
            }
            i += 1;
            Tok::Str(chars[start + 1..i - 1].iter().collect())
        } else {
            let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            let p = match two.as_str() {
                ".." => "..",
                "::" => "::",
                _ => match c {
                    ';' => ";",
                    ':' => ":",
                    ',' => ",",
                    '(' => "(",
                    ')' => ")",
                    '[' => "[",
                    ']' => "]",
                    '{' => "{",
                    '}' => "}",
                    '=' => "=",
                    _ => return Err(Error::Syntax { pos, message: format!("unexpected character '{c}'") }),
                },
            };
            i += p.len();
            Tok::Punct(p)
        };
        col += (i - start) as u32;
        out.push((tok, pos));
    }
    out.push((Tok::Eof, Pos { line, column: col }));
    Ok(out)
}

/// How deep expressions may nest (arrays, calls): FlatZinc needs a few levels (an annotation
/// such as `seq_search([int_search([x], ...)])` has four); the limit keeps the recursive parser
/// from exhausting the stack on hostile input.
pub(crate) const MAX_NESTING: usize = 100;

struct Parser {
    toks: Vec<(Tok, Pos)>,
    at: usize,
    /// The expressions being parsed, one inside the other.
    depth: usize,
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.at].0
    }

    fn peek2(&self) -> &Tok {
        &self.toks[(self.at + 1).min(self.toks.len() - 1)].0
    }

    fn pos(&self) -> Pos {
        self.toks[self.at].1
    }

    fn bump(&mut self) -> (Tok, Pos) {
        let t = self.toks[self.at].clone();
        if self.at + 1 < self.toks.len() {
            self.at += 1;
        }
        t
    }

    fn error<T>(&self, expected: &str) -> Result<T, Error> {
        Err(Error::Syntax {
            pos: self.pos(),
            message: format!("expected {expected}, found {}", self.peek().describe()),
        })
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Ident(s) if s == w)
    }

    fn punct(&mut self, p: &str) -> Result<(), Error> {
        if self.is_punct(p) {
            self.bump();
            Ok(())
        } else {
            self.error(&format!("'{p}'"))
        }
    }

    fn word(&mut self, w: &str) -> Result<(), Error> {
        if self.is_word(w) {
            self.bump();
            Ok(())
        } else {
            self.error(&format!("'{w}'"))
        }
    }

    fn ident(&mut self) -> Result<String, Error> {
        match self.peek().clone() {
            Tok::Ident(s) => {
                self.bump();
                Ok(s)
            }
            _ => self.error("an identifier"),
        }
    }

    fn int(&mut self) -> Result<i64, Error> {
        match *self.peek() {
            Tok::Int(v) => {
                self.bump();
                Ok(v)
            }
            _ => self.error("an integer"),
        }
    }

    fn model(&mut self) -> Result<Ast, Error> {
        let mut decls = Vec::new();
        let mut constraints = Vec::new();
        // Each name once: a second declaration would silently replace the first.
        let mut declared = std::collections::HashMap::new();
        loop {
            if self.is_word("predicate") {
                // Declarations of solver-specific predicates: skipped to the ';'.
                while !self.is_punct(";") {
                    if *self.peek() == Tok::Eof {
                        return self.error("';'");
                    }
                    self.bump();
                }
                self.bump();
            } else if self.is_word("constraint") {
                constraints.push(self.constraint()?);
            } else if self.is_word("solve") {
                let solve = self.solve()?;
                if *self.peek() != Tok::Eof {
                    return self.error("end of input after the solve item");
                }
                return Ok(Ast { decls, constraints, solve });
            } else if *self.peek() == Tok::Eof {
                return self.error("a solve item");
            } else {
                let d = self.decl()?;
                if let Some(first) = declared.insert(d.name.clone(), d.pos) {
                    return Err(Error::Invalid {
                        pos: d.pos,
                        message: format!("'{}' is declared twice (first at {first})", d.name),
                    });
                }
                decls.push(d);
            }
        }
    }

    fn set_literal(&mut self) -> Result<IntSet, Error> {
        if self.is_punct("{") {
            self.bump();
            let mut vs = Vec::new();
            while !self.is_punct("}") {
                vs.push(self.int()?);
                if !self.is_punct("}") {
                    self.punct(",")?;
                }
            }
            self.bump();
            vs.sort_unstable();
            vs.dedup();
            Ok(IntSet::Values(vs))
        } else {
            let lo = self.int()?;
            self.punct("..")?;
            let hi = self.int()?;
            Ok(IntSet::Range(lo, hi))
        }
    }

    fn base_type(&mut self) -> Result<BaseType, Error> {
        match self.peek().clone() {
            Tok::Ident(w) if w == "bool" => {
                self.bump();
                Ok(BaseType::Bool)
            }
            Tok::Ident(w) if w == "int" => {
                self.bump();
                Ok(BaseType::Int)
            }
            Tok::Ident(w) if w == "float" => {
                self.bump();
                Ok(BaseType::Float)
            }
            Tok::Ident(w) if w == "set" => {
                self.bump();
                self.word("of")?;
                if self.is_word("int") {
                    self.bump();
                } else {
                    self.set_literal()?;
                }
                Ok(BaseType::Set)
            }
            Tok::Float(_) => {
                self.bump();
                self.punct("..")?;
                match self.peek() {
                    Tok::Float(_) => {
                        self.bump();
                        Ok(BaseType::Float)
                    }
                    _ => self.error("a float"),
                }
            }
            Tok::Int(_) | Tok::Punct("{") => Ok(BaseType::IntIn(self.set_literal()?)),
            _ => self.error("a type"),
        }
    }

    fn decl(&mut self) -> Result<Decl, Error> {
        let pos = self.pos();
        let mut array_len = None;
        if self.is_word("array") {
            self.bump();
            self.punct("[")?;
            let lo = self.int()?;
            self.punct("..")?;
            let hi = self.int()?;
            self.punct("]")?;
            self.word("of")?;
            if lo != 1 || hi < 0 {
                return Err(Error::Syntax { pos, message: format!("array index set {lo}..{hi} is not 1..n") });
            }
            array_len = Some(hi as usize);
        }
        let is_var = self.is_word("var");
        if is_var {
            self.bump();
        }
        let base = self.base_type()?;
        self.punct(":")?;
        let name = self.ident()?;
        let annotations = self.annotations()?;
        let value = if self.is_punct("=") {
            self.bump();
            Some(self.expr()?)
        } else {
            None
        };
        self.punct(";")?;
        Ok(Decl { pos, is_var, array_len, base, name, annotations, value })
    }

    fn constraint(&mut self) -> Result<ConstraintItem, Error> {
        let pos = self.pos();
        self.word("constraint")?;
        let name = self.ident()?;
        self.punct("(")?;
        let args = self.exprs(")")?;
        let annotations = self.annotations()?;
        self.punct(";")?;
        Ok(ConstraintItem { pos, name, args, annotations })
    }

    fn solve(&mut self) -> Result<SolveItem, Error> {
        let pos = self.pos();
        self.word("solve")?;
        let annotations = self.annotations()?;
        let objective = match self.ident()?.as_str() {
            "satisfy" => Objective::Satisfy,
            "minimize" => Objective::Minimize(self.expr()?),
            "maximize" => Objective::Maximize(self.expr()?),
            _ => {
                self.at -= 1;
                return self.error("'satisfy', 'minimize' or 'maximize'");
            }
        };
        self.punct(";")?;
        Ok(SolveItem { pos, annotations, objective })
    }

    fn annotations(&mut self) -> Result<Vec<Expr>, Error> {
        let mut anns = Vec::new();
        while self.is_punct("::") {
            self.bump();
            anns.push(self.expr()?);
        }
        Ok(anns)
    }

    /// Expressions separated by ',' up to `close` (consumed); a trailing ',' is allowed.
    fn exprs(&mut self, close: &str) -> Result<Vec<Expr>, Error> {
        let mut es = Vec::new();
        while !self.is_punct(close) {
            es.push(self.expr()?);
            if !self.is_punct(close) {
                self.punct(",")?;
            }
        }
        self.bump();
        Ok(es)
    }

    fn expr(&mut self) -> Result<Expr, Error> {
        if self.depth >= MAX_NESTING {
            return Err(Error::Syntax {
                pos: self.pos(),
                message: format!("expressions nested deeper than {MAX_NESTING} levels"),
            });
        }
        self.depth += 1;
        let e = self.expr_inner();
        self.depth -= 1;
        e
    }

    fn expr_inner(&mut self) -> Result<Expr, Error> {
        match self.peek().clone() {
            Tok::Int(v) => {
                if matches!(self.peek2(), Tok::Punct("..")) {
                    Ok(Expr::Set(self.set_literal()?))
                } else {
                    self.bump();
                    Ok(Expr::Int(v))
                }
            }
            Tok::Float(x) => {
                self.bump();
                if self.is_punct("..") {
                    self.bump();
                    match self.bump().0 {
                        Tok::Float(_) => {}
                        _ => {
                            self.at -= 1;
                            return self.error("a float");
                        }
                    }
                }
                Ok(Expr::Float(x))
            }
            Tok::Str(s) => {
                self.bump();
                Ok(Expr::Str(s))
            }
            Tok::Punct("{") => Ok(Expr::Set(self.set_literal()?)),
            Tok::Punct("[") => {
                self.bump();
                Ok(Expr::Array(self.exprs("]")?))
            }
            Tok::Ident(w) => {
                self.bump();
                match w.as_str() {
                    "true" => return Ok(Expr::Bool(true)),
                    "false" => return Ok(Expr::Bool(false)),
                    _ => {}
                }
                if self.is_punct("[") {
                    self.bump();
                    let i = self.int()?;
                    self.punct("]")?;
                    Ok(Expr::Access(w, i))
                } else if self.is_punct("(") {
                    self.bump();
                    Ok(Expr::Call(w, self.exprs(")")?))
                } else {
                    Ok(Expr::Ident(w))
                }
            }
            _ => self.error("an expression"),
        }
    }
}

/// Parses a FlatZinc model.
///
/// # Errors
///
/// [`Error::Syntax`] with the line and column of the first token that does not fit;
/// [`Error::Invalid`] at a declaration of a name declared before.
///
/// # Example
///
/// ```
/// let ast = flatzinc::parse("var 1..3: x :: output_var;\nconstraint int_ne(x, 2);\nsolve satisfy;\n")?;
/// assert_eq!(ast.decls.len(), 1);
/// assert_eq!(ast.constraints[0].name, "int_ne");
/// let err = flatzinc::parse("var 1..3: x\nsolve satisfy;").unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 1: syntax error: expected ';', found 'solve'");
/// # Ok::<(), flatzinc::Error>(())
/// ```
pub fn parse(text: &str) -> Result<Ast, Error> {
    let toks = lex(text)?;
    Parser { toks, at: 0, depth: 0 }.model()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_kind_is_read() {
        let text = "% comment\npredicate p(var int: x);\nint: n = 3;\narray [1..2] of int: a = [1, -2];\n\
            set of int: s = {1, 3};\nvar bool: b;\nvar {1, 5}: y;\nvar 0..9: x :: output_var = 3;\n\
            array [1..2] of var int: xs :: output_array([1..2]) = [x, y];\n\
            constraint int_lin_le(a, xs, n) :: defines_var(x);\nsolve :: int_search(xs, first_fail, indomain_min, complete) minimize x;\n";
        let ast = parse(text).unwrap();
        assert_eq!(ast.decls.len(), 7);
        assert_eq!(ast.decls[3].base, BaseType::Bool);
        assert_eq!(ast.decls[4].base, BaseType::IntIn(IntSet::Values(vec![1, 5])));
        assert_eq!(ast.decls[6].array_len, Some(2));
        assert_eq!(ast.constraints[0].args[0], Expr::Ident("a".into()));
        assert!(matches!(ast.solve.objective, Objective::Minimize(Expr::Ident(_))));
        assert_eq!(ast.solve.annotations.len(), 1);
    }

    #[test]
    fn errors_give_line_and_column() {
        let e = parse("var 1..3: x;\nconstraint int_le(x, 2;\nsolve satisfy;").unwrap_err();
        assert_eq!(e.pos(), Pos { line: 2, column: 23 });
        let e = parse("var 1..3: x;\n  @").unwrap_err();
        assert_eq!(e.to_string(), "line 2, column 3: syntax error: unexpected character '@'");
        let e = parse("var 1..3: x;").unwrap_err();
        assert!(e.to_string().contains("expected a solve item"), "{e}");
        let e = parse("int: n = 99999999999999999999;").unwrap_err();
        assert_eq!(e.pos(), Pos { line: 1, column: 10 });
    }

    #[test]
    fn floats_and_ranges_are_told_apart() {
        let ast = parse("float: f = 1.5;\nvar 1..2: x;\nsolve satisfy;").unwrap();
        assert_eq!(ast.decls[0].value, Some(Expr::Float(1.5)));
        assert_eq!(ast.decls[1].base, BaseType::IntIn(IntSet::Range(1, 2)));
    }
}
