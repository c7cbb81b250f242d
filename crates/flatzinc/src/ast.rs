//! The FlatZinc syntax tree: what the parser reads, before any meaning is given to it.

use crate::error::Pos;

/// A constant set of integers: `a..b` or `{a, b, c}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IntSet {
    /// `lo..hi` (empty when `hi < lo`).
    Range(i64, i64),
    /// `{v1, ..., vn}`, sorted and without duplicates.
    Values(Vec<i64>),
}

impl IntSet {
    /// Whether `v` is in the set.
    pub fn contains(&self, v: i64) -> bool {
        match self {
            IntSet::Range(lo, hi) => *lo <= v && v <= *hi,
            IntSet::Values(vs) => vs.binary_search(&v).is_ok(),
        }
    }

    /// The smallest and largest members, `None` when empty.
    pub fn bounds(&self) -> Option<(i64, i64)> {
        match self {
            IntSet::Range(lo, hi) if lo <= hi => Some((*lo, *hi)),
            IntSet::Values(vs) if !vs.is_empty() => Some((vs[0], vs[vs.len() - 1])),
            _ => None,
        }
    }
}

/// An expression: a literal, an identifier, an array access, an array, or an annotation call.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// `true` or `false`.
    Bool(bool),
    /// An integer literal.
    Int(i64),
    /// A float literal.
    Float(f64),
    /// A set literal.
    Set(IntSet),
    /// A string literal (in annotations).
    Str(String),
    /// A name.
    Ident(String),
    /// `name[index]`.
    Access(String, i64),
    /// `[e1, ..., en]`.
    Array(Vec<Expr>),
    /// `name(e1, ..., en)` (annotations only).
    Call(String, Vec<Expr>),
}

/// The base type of a declaration.
#[derive(Clone, Debug, PartialEq)]
pub enum BaseType {
    /// `bool`.
    Bool,
    /// `int`, unbounded.
    Int,
    /// `lo..hi` or `{...}`: an integer within the set.
    IntIn(IntSet),
    /// `float` or a float range.
    Float,
    /// `set of ...`.
    Set,
}

/// A parameter or variable declaration.
#[derive(Clone, Debug, PartialEq)]
pub struct Decl {
    /// Where the declaration starts.
    pub pos: Pos,
    /// Whether it declares variables (`var`) rather than parameters.
    pub is_var: bool,
    /// `Some(n)` for `array [1..n] of ...`.
    pub array_len: Option<usize>,
    /// The element type.
    pub base: BaseType,
    /// The name.
    pub name: String,
    /// The annotations (`output_var`, `output_array([1..2, 1..3])`, ...).
    pub annotations: Vec<Expr>,
    /// The assigned value, if any.
    pub value: Option<Expr>,
}

/// A `constraint` item.
#[derive(Clone, Debug, PartialEq)]
pub struct ConstraintItem {
    /// Where the item starts.
    pub pos: Pos,
    /// The built-in's name.
    pub name: String,
    /// The arguments.
    pub args: Vec<Expr>,
    /// The annotations.
    pub annotations: Vec<Expr>,
}

/// What the `solve` item asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Objective {
    /// Any solution.
    Satisfy,
    /// The smallest value of the expression.
    Minimize(Expr),
    /// The largest value of the expression.
    Maximize(Expr),
}

/// The `solve` item.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveItem {
    /// Where the item starts.
    pub pos: Pos,
    /// The search annotations.
    pub annotations: Vec<Expr>,
    /// The objective.
    pub objective: Objective,
}

/// A whole FlatZinc model.
#[derive(Clone, Debug, PartialEq)]
pub struct Ast {
    /// Parameter and variable declarations, in order.
    pub decls: Vec<Decl>,
    /// Constraint items, in order.
    pub constraints: Vec<ConstraintItem>,
    /// The solve item.
    pub solve: SolveItem,
}
