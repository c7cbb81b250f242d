//! From the FlatZinc syntax tree to an engine [`Model`]: names, domains, the built-ins, the
//! objective, the search annotations and what to print.

use std::collections::HashMap;

use csp::branching::{ValueOrder, VarOrder};
use csp::domain::INTERVAL_THRESHOLD;
use csp::solve::Goal;
use csp::{Model, ModelError, VarId};

use crate::ast::{Ast, BaseType, Decl, Expr, IntSet, Objective};
use crate::bounds::{infer_bounds, Inferred};
use crate::error::{Error, Pos};

/// A value bound to a name: a constant, a variable, or an array of those.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Val {
    Int(i64),
    Set(IntSet),
    Var(VarId),
    Array(Vec<Val>),
    /// A float parameter: usable only where floats are ignored (annotations).
    Float,
}

/// One item of the solution output: a variable or an array, with its FlatZinc name.
#[derive(Clone, Debug, PartialEq)]
pub struct OutputItem {
    /// The FlatZinc name.
    pub name: String,
    /// `None` for a scalar; for an array, the index sets of `output_array([l1..u1, ...])`.
    pub dims: Option<Vec<(i64, i64)>>,
    /// The elements: variables or constants.
    pub elems: Vec<Elem>,
    /// Whether the values print as `true`/`false`.
    pub is_bool: bool,
}

/// An element of the output: a variable or a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// A variable.
    Var(VarId),
    /// A constant.
    Const(i64),
}

/// A translated model, ready to solve.
#[derive(Debug)]
pub struct Translation {
    /// The engine model.
    pub model: Model,
    /// What to print for each solution, in declaration order.
    pub output: Vec<OutputItem>,
    /// The objective, for `minimize`/`maximize`.
    pub goal: Option<Goal>,
    /// The variables of the search annotations, in order (empty without annotations).
    pub branching: Vec<VarId>,
    /// The variable order of the search annotations.
    pub var_order: VarOrder,
    /// The value order of the search annotations.
    pub value_order: ValueOrder,
    /// Whether the model has a search annotation that the translation follows (without one,
    /// or under free search, the solver runs its robust learning search).
    pub annotated: bool,
    /// Notes for stderr: annotations that fell back to a default, ignored items.
    pub notes: Vec<String>,
    /// Whether some inferred bounds were clamped to the engine's limits: values beyond them
    /// are cut off, so an exhausted search proves neither unsatisfiability nor optimality.
    pub clamped: bool,
    /// Every FlatZinc variable name with its engine variable (for independent checking).
    pub names: Vec<(String, Elem)>,
    /// Per engine constraint: the FlatZinc constraint it comes from (1 for the first
    /// `constraint` item), or 0 for one the declarations added (a proof's constraint tags).
    pub origins: Vec<u32>,
}

pub(crate) struct Translator {
    pub(crate) model: Model,
    pub(crate) env: HashMap<String, (Val, bool)>,
    consts: HashMap<i64, VarId>,
    notes: Vec<String>,
    names: Vec<(String, Elem)>,
    /// The variables declared without finite bounds, none inferred (one note for them all).
    unbounded: Vec<String>,
    /// Whether some inferred bounds were clamped ([`Translation::clamped`]).
    clamped: bool,
    /// For a proof ([`crate::proof`]): each constraint exactly as written, for the checker's
    /// rules (no domain-consistent shortcut for a linear equation of two variables).
    pub(crate) for_proof: bool,
    /// [`Translation::origins`].
    pub(crate) origins: Vec<u32>,
}

pub(crate) fn invalid<T>(pos: Pos, message: impl Into<String>) -> Result<T, Error> {
    Err(Error::Invalid { pos, message: message.into() })
}

fn unsupported<T>(pos: Pos, what: impl Into<String>) -> Result<T, Error> {
    Err(Error::Unsupported { pos, what: what.into() })
}

impl Translator {
    pub(crate) fn model_err(pos: Pos) -> impl Fn(ModelError) -> Error {
        move |error| Error::Model { pos, error }
    }

    /// The engine variable of a constant (one per value).
    pub(crate) fn constant(&mut self, pos: Pos, v: i64) -> Result<VarId, Error> {
        if let Some(&x) = self.consts.get(&v) {
            return Ok(x);
        }
        let Ok(c) = i32::try_from(v) else { return invalid(pos, format!("constant {v} is beyond the 32-bit range")) };
        let x = self.model.new_var(c..=c).map_err(Self::model_err(pos))?;
        self.consts.insert(v, x);
        Ok(x)
    }

    fn lookup(&self, pos: Pos, name: &str) -> Result<&Val, Error> {
        match self.env.get(name) {
            Some((v, _)) => Ok(v),
            None => invalid(pos, format!("unknown identifier '{name}'")),
        }
    }

    /// The value of an expression, without creating anything.
    pub(crate) fn value(&self, pos: Pos, e: &Expr) -> Result<Val, Error> {
        Ok(match e {
            Expr::Bool(b) => Val::Int(i64::from(*b)),
            Expr::Int(v) => Val::Int(*v),
            Expr::Float(_) => Val::Float,
            Expr::Set(s) => Val::Set(s.clone()),
            Expr::Ident(n) => self.lookup(pos, n)?.clone(),
            Expr::Access(n, i) => match self.lookup(pos, n)? {
                Val::Array(items) => match usize::try_from(*i - 1).ok().and_then(|k| items.get(k)) {
                    Some(v) => v.clone(),
                    None => {
                        return invalid(pos, format!("index {i} out of range for '{n}' of {} elements", items.len()))
                    }
                },
                _ => return invalid(pos, format!("'{n}' is not an array")),
            },
            Expr::Array(items) => Val::Array(items.iter().map(|x| self.value(pos, x)).collect::<Result<_, _>>()?),
            Expr::Str(_) | Expr::Call(..) => return invalid(pos, "an annotation where a value was expected"),
        })
    }

    pub(crate) fn set(&self, pos: Pos, e: &Expr) -> Result<IntSet, Error> {
        match self.value(pos, e)? {
            Val::Set(s) => Ok(s),
            Val::Var(_) => unsupported(pos, "set variables"),
            _ => invalid(pos, "expected a constant set"),
        }
    }

    pub(crate) fn var_of(&mut self, pos: Pos, v: &Val) -> Result<VarId, Error> {
        match v {
            Val::Var(x) => Ok(*x),
            Val::Int(c) => self.constant(pos, *c),
            Val::Float => unsupported(pos, "float variables"),
            _ => invalid(pos, "expected an integer or Boolean variable"),
        }
    }

    pub(crate) fn var(&mut self, pos: Pos, e: &Expr) -> Result<VarId, Error> {
        let v = self.value(pos, e)?;
        self.var_of(pos, &v)
    }

    pub(crate) fn array(&self, pos: Pos, e: &Expr) -> Result<Vec<Val>, Error> {
        match self.value(pos, e)? {
            Val::Array(items) => Ok(items),
            _ => invalid(pos, "expected an array"),
        }
    }

    pub(crate) fn var_array(&mut self, pos: Pos, e: &Expr) -> Result<Vec<VarId>, Error> {
        let items = self.array(pos, e)?;
        items.iter().map(|v| self.var_of(pos, v)).collect()
    }

    pub(crate) fn int_array(&self, pos: Pos, e: &Expr) -> Result<Vec<i64>, Error> {
        self.array(pos, e)?
            .into_iter()
            .map(|v| match v {
                Val::Int(c) => Ok(c),
                Val::Float => unsupported(pos, "float arrays"),
                _ => invalid(pos, "expected an array of integer constants"),
            })
            .collect()
    }

    /// Restricts `x` to the set `s` (a declared domain tighter than an alias's).
    pub(crate) fn restrict(&mut self, pos: Pos, x: VarId, s: &IntSet) -> Result<(), Error> {
        let d = self.model.initial_domain(x);
        if d.is_interval() {
            // Without visiting the interval's (up to 2^32) values: `x` equals a new variable
            // over the members of `s` within its bounds, or has no value at all.
            let (lo, hi) = (i64::from(d.min().unwrap_or(0)), i64::from(d.max().unwrap_or(0)));
            let within = match s {
                IntSet::Range(a, b) => IntSet::Range((*a).max(lo), (*b).min(hi)),
                IntSet::Values(vs) => IntSet::Values(vs.iter().copied().filter(|v| (lo..=hi).contains(v)).collect()),
            };
            let y = match within {
                IntSet::Range(a, b) if a <= b => self.model.new_var(a as i32..=b as i32),
                IntSet::Values(vs) if !vs.is_empty() => {
                    self.model.new_var(vs.iter().map(|&v| v as i32).collect::<Vec<_>>())
                }
                _ => {
                    // Nothing in common: the model has no solution.
                    let below = csp::constraints::Linear::new(
                        [(1, x)],
                        csp::constraints::Comparison::LessOrEqual,
                        lo as i32 - 1,
                    );
                    self.model.post(below).map_err(Self::model_err(pos))?;
                    return Ok(());
                }
            }
            .map_err(Self::model_err(pos))?;
            self.model.post(csp::constraints::Equal::new(x, y)).map_err(Self::model_err(pos))?;
            return Ok(());
        }
        if d.iter().all(|v| s.contains(i64::from(v))) {
            return Ok(());
        }
        let keep: Vec<[i32; 1]> = d.iter().filter(|&v| s.contains(i64::from(v))).map(|v| [v]).collect();
        self.model.post(csp::constraints::Table::allowed(vec![x], keep)).map_err(Self::model_err(pos))?;
        Ok(())
    }

    fn new_var(&mut self, decl: &Decl, domain: &IntSet) -> Result<VarId, Error> {
        let pos = decl.pos;
        let (lo, hi) = match domain.bounds() {
            Some(b) => b,
            None => return invalid(pos, format!("variable '{}' has an empty domain", decl.name)),
        };
        if lo < i64::from(i32::MIN) || hi > i64::from(i32::MAX) {
            return invalid(pos, format!("the domain {lo}..{hi} of '{}' is beyond the 32-bit range", decl.name));
        }
        // A range of any width is an interval (two words) past `csp::domain::INTERVAL_THRESHOLD`
        // values, within the engine's interval limits.
        let (min, max) = (i64::from(csp::domain::MIN_INTERVAL_VALUE), i64::from(csp::domain::MAX_INTERVAL_VALUE));
        let wide = hi - lo >= csp::domain::INTERVAL_THRESHOLD as i64;
        if matches!(domain, IntSet::Range(..)) && wide && (lo < min || hi > max) {
            return invalid(
                pos,
                format!("the domain {lo}..{hi} of '{}' reaches beyond the supported {min}..{max}", decl.name),
            );
        }
        let r = match domain {
            IntSet::Range(..) => self.model.new_named_var(decl.name.clone(), lo as i32..=hi as i32),
            IntSet::Values(vs) => {
                self.model.new_named_var(decl.name.clone(), vs.iter().map(|&v| v as i32).collect::<Vec<_>>())
            }
        };
        let x = r.map_err(Self::model_err(pos))?;
        // A variable a constraint defines (`defines_var`): the learning search decides on the
        // model's own variables first (docs/learning.md, "Deciding on the model's variables").
        if decl.annotations.iter().any(|a| matches!(a, Expr::Ident(n) if n == "is_defined_var")) {
            self.model.mark_defined(x).map_err(Self::model_err(pos))?;
        }
        Ok(x)
    }

    fn declare(&mut self, decl: &Decl, inferred: &HashMap<String, Inferred>) -> Result<(), Error> {
        let pos = decl.pos;
        let is_bool = decl.base == BaseType::Bool;
        match decl.base {
            BaseType::Float => return unsupported(pos, format!("float {} '{}'", kind(decl), decl.name)),
            BaseType::Set if decl.is_var => return unsupported(pos, format!("set variable '{}'", decl.name)),
            _ => {}
        }
        let val = match (&decl.value, decl.array_len) {
            (Some(e), _) => {
                let v = self.value(pos, e)?;
                // Parameters too: an array of the declared length, no float in an int or
                // bool declaration (the checker could not evaluate it).
                let items = match (&v, decl.array_len) {
                    (Val::Array(items), Some(n)) if items.len() == n => items.as_slice(),
                    (_, Some(n)) => return invalid(pos, format!("'{}' needs an array of {n} elements", decl.name)),
                    (_, None) => std::slice::from_ref(&v),
                };
                if items.iter().any(|i| matches!(i, Val::Float)) {
                    return invalid(pos, format!("'{}' is not a float declaration but has a float value", decl.name));
                }
                if decl.is_var && decl.array_len.is_none() {
                    if let (Val::Var(x), Some(s)) = (&v, declared_set(&decl.base)) {
                        self.restrict(pos, *x, &s)?;
                    } else if let (Val::Int(c), Some(s)) = (&v, declared_set(&decl.base)) {
                        if !s.contains(*c) {
                            return invalid(pos, format!("'{}' = {c} is outside its domain", decl.name));
                        }
                    }
                }
                v
            }
            (None, None) if decl.is_var => {
                let domain = match &decl.base {
                    BaseType::Bool => IntSet::Range(0, 1),
                    BaseType::IntIn(s) => s.clone(),
                    _ => match inferred.get(&decl.name) {
                        Some(&Inferred { lo, hi, clamped_from }) => {
                            if let Some((l, h)) = clamped_from {
                                if lo > hi {
                                    return invalid(
                                        pos,
                                        format!(
                                            "the inferred bounds {l}..{h} of '{}' lie beyond the supported {}..{}",
                                            decl.name,
                                            csp::domain::MIN_INTERVAL_VALUE,
                                            csp::domain::MAX_INTERVAL_VALUE
                                        ),
                                    );
                                }
                                self.notes.push(format!(
                                    "the inferred bounds {l}..{h} of '{}' are clamped to {lo}..{hi}: values need 32 bits; \
                                     no unsatisfiability or optimality will be claimed",
                                    decl.name
                                ));
                                self.clamped = true;
                            }
                            IntSet::Range(lo, hi)
                        }
                        None => {
                            // As Gecode does: the widest interval the engine supports.
                            self.unbounded.push(decl.name.clone());
                            IntSet::Range(
                                i64::from(csp::domain::MIN_INTERVAL_VALUE),
                                i64::from(csp::domain::MAX_INTERVAL_VALUE),
                            )
                        }
                    },
                };
                Val::Var(self.new_var(decl, &domain)?)
            }
            (None, _) if decl.is_var => {
                return invalid(pos, format!("array of variables '{}' has no value", decl.name))
            }
            (None, _) => return invalid(pos, format!("parameter '{}' has no value", decl.name)),
        };
        if decl.is_var {
            match &val {
                Val::Var(x) => self.names.push((decl.name.clone(), Elem::Var(*x))),
                Val::Int(c) => self.names.push((decl.name.clone(), Elem::Const(*c))),
                _ => {}
            }
        }
        self.env.insert(decl.name.clone(), (val, is_bool));
        Ok(())
    }

    fn output_item(&mut self, decl: &Decl) -> Result<Option<OutputItem>, Error> {
        let pos = decl.pos;
        let mut dims = None;
        let mut wanted = false;
        for a in &decl.annotations {
            match a {
                Expr::Ident(n) if n == "output_var" => wanted = true,
                Expr::Call(n, args) if n == "output_array" => {
                    wanted = true;
                    let Some(Expr::Array(sets)) = args.first() else {
                        return invalid(pos, "output_array needs a list of index sets");
                    };
                    let mut ds = Vec::new();
                    for s in sets {
                        match self.value(pos, s)? {
                            Val::Set(IntSet::Range(lo, hi)) => ds.push((lo, hi)),
                            _ => return invalid(pos, "output_array index sets must be ranges"),
                        }
                    }
                    dims = Some(ds);
                }
                _ => {}
            }
        }
        if !wanted {
            return Ok(None);
        }
        let (val, is_bool) = self.env[&decl.name].clone();
        let items = match (&val, &dims) {
            (Val::Array(items), Some(_)) => items.clone(),
            (Val::Array(_), None) => return invalid(pos, "an array output without output_array"),
            (v, _) => vec![v.clone()],
        };
        let elems = items
            .iter()
            .map(|v| match v {
                Val::Var(x) => Ok(Elem::Var(*x)),
                Val::Int(c) => Ok(Elem::Const(*c)),
                _ => invalid(pos, format!("cannot print '{}'", decl.name)),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some(OutputItem { name: decl.name.clone(), dims, elems, is_bool }))
    }

    /// Reads `int_search`/`bool_search`/`seq_search` annotations.
    fn search(
        &mut self,
        pos: Pos,
        anns: &[Expr],
        out: &mut (Vec<VarId>, Option<VarOrder>, Option<ValueOrder>),
    ) -> Result<(), Error> {
        for a in anns {
            let Expr::Call(name, args) = a else {
                self.notes.push(format!("ignored search annotation {a:?}"));
                continue;
            };
            match name.as_str() {
                "seq_search" | "warm_start_array" => match args.first() {
                    Some(Expr::Array(inner)) if name == "seq_search" => self.search(pos, inner, out)?,
                    _ => self.notes.push(format!("ignored search annotation '{name}'")),
                },
                "int_search" | "bool_search" if args.len() >= 3 => {
                    let vars = self.var_array(pos, &args[0])?;
                    out.0.extend(vars);
                    let var_order = match &args[1] {
                        Expr::Ident(s) if s == "input_order" => VarOrder::Input,
                        Expr::Ident(s) if s == "first_fail" => VarOrder::Mrv(csp::branching::TieBreak::First),
                        Expr::Ident(s) if s == "dom_w_deg" => VarOrder::DomWdeg,
                        Expr::Ident(s) if s == "smallest" => VarOrder::Smallest,
                        Expr::Ident(s) if s == "largest" => VarOrder::Largest,
                        Expr::Ident(s) => {
                            self.notes.push(format!("variable selection '{s}' falls back to first_fail"));
                            VarOrder::Mrv(csp::branching::TieBreak::First)
                        }
                        _ => return invalid(pos, "expected a variable selection strategy"),
                    };
                    let value_order = match &args[2] {
                        Expr::Ident(s) if s == "indomain_min" || s == "indomain" => ValueOrder::Ascending,
                        Expr::Ident(s) if s == "indomain_max" => ValueOrder::Descending,
                        Expr::Ident(s) if s == "indomain_random" => ValueOrder::Random,
                        Expr::Ident(s) if s == "indomain_reverse_split" => {
                            self.notes.push("value choice 'indomain_reverse_split' falls back to indomain_max".into());
                            ValueOrder::Descending
                        }
                        Expr::Ident(s) => {
                            self.notes.push(format!("value choice '{s}' falls back to indomain_min"));
                            ValueOrder::Ascending
                        }
                        _ => return invalid(pos, "expected a value selection strategy"),
                    };
                    if out.1.is_some_and(|o| o != var_order) || out.2.is_some_and(|o| o != value_order) {
                        self.notes.push(format!(
                            "'{name}' strategies differ from the first annotation's, which apply to all its variables"
                        ));
                    }
                    out.1.get_or_insert(var_order);
                    out.2.get_or_insert(value_order);
                }
                _ => self.notes.push(format!("ignored search annotation '{name}'")),
            }
        }
        Ok(())
    }
}

/// The widest range a FlatZinc variable that only bounds reasoning reads keeps as a bitset
/// (holes and all); wider ones are intervals ([`Model::set_interval_threshold`]). Other
/// variables are intervals above [`INTERVAL_THRESHOLD`] values.
const FZN_INTERVAL_THRESHOLD: usize = 1024;

/// Whether the built-in or global `name` reasons on its variables' bounds only (linear and
/// arithmetic relations, scheduling), so that their holes would not prune more.
fn bounds_only(name: &str) -> bool {
    const BOUNDS: [&str; 17] = [
        "int_lin_",
        "int_le",
        "int_lt",
        "int_plus",
        "int_times",
        "int_div",
        "int_mod",
        "int_abs",
        "int_min",
        "int_max",
        "int_pow",
        "int_eq",
        "bool2int",
        "csp_cumulative",
        "csp_diffn",
        "csp_disjunctive",
        "array_int_maximum",
    ];
    BOUNDS.iter().any(|b| name.starts_with(b))
}

/// The names of the variables (and variable arrays) that a constraint other than a
/// [`bounds_only`] one reads: they keep their holes.
fn values_read(ast: &Ast) -> std::collections::HashSet<&str> {
    let arrays: HashMap<&str, &Expr> = ast
        .decls
        .iter()
        .filter(|d| d.array_len.is_some())
        .filter_map(|d| Some((d.name.as_str(), d.value.as_ref()?)))
        .collect();
    fn read<'a>(e: &'a Expr, arrays: &HashMap<&str, &'a Expr>, out: &mut std::collections::HashSet<&'a str>) {
        match e {
            Expr::Ident(n) | Expr::Access(n, _) if out.insert(n.as_str()) => {
                if let Some(items) = arrays.get(n.as_str()) {
                    read(items, arrays, out);
                }
            }
            Expr::Array(items) => items.iter().for_each(|i| read(i, arrays, out)),
            _ => {}
        }
    }
    let mut out = std::collections::HashSet::new();
    for c in ast.constraints.iter().filter(|c| !bounds_only(&c.name)) {
        c.args.iter().for_each(|a| read(a, &arrays, &mut out));
    }
    out
}

fn kind(decl: &Decl) -> &'static str {
    if decl.is_var {
        "variable"
    } else {
        "parameter"
    }
}

fn declared_set(base: &BaseType) -> Option<IntSet> {
    match base {
        BaseType::IntIn(s) => Some(s.clone()),
        BaseType::Bool => Some(IntSet::Range(0, 1)),
        _ => None,
    }
}

impl Translator {
    /// A translator with every declaration of `ast` made (bounds inferred where a variable has
    /// none), and the output items in declaration order.
    pub(crate) fn declared(ast: &Ast) -> Result<(Translator, Vec<OutputItem>), Error> {
        let inferred = infer_bounds(ast)?;
        let holes = values_read(ast);
        let mut t = Translator {
            model: Model::new(),
            env: HashMap::new(),
            consts: HashMap::new(),
            notes: Vec::new(),
            names: Vec::new(),
            unbounded: Vec::new(),
            clamped: false,
            for_proof: false,
            origins: Vec::new(),
        };
        let mut output = Vec::new();
        for decl in &ast.decls {
            // A wide range is an interval when only bounds reasoning reads the variable: a
            // learning search explains an interval's bound with one fact, a bitset's with one
            // per block of values below it (`cargo challenge01`: the optimum 0 in 3.5 s of CPU
            // by learning alone, against 9568 after 11.7 s with bitsets of up to 65,536 values;
            // docs/learning.md). Holes matter to the others (all-different, tables, ...).
            let narrow = if holes.contains(decl.name.as_str()) { INTERVAL_THRESHOLD } else { FZN_INTERVAL_THRESHOLD };
            t.model.set_interval_threshold(narrow);
            t.declare(decl, &inferred)?;
            if let Some(item) = t.output_item(decl)? {
                output.push(item);
            }
        }
        if let Some(first) = t.unbounded.first() {
            let (n, lo, hi) = (t.unbounded.len(), csp::domain::MIN_INTERVAL_VALUE, csp::domain::MAX_INTERVAL_VALUE);
            t.notes.push(match n {
                1 => format!("variable '{first}' has no finite bounds: its domain is {lo}..{hi}"),
                _ => format!("{n} variables ('{first}', ...) have no finite bounds: their domain is {lo}..{hi}"),
            });
        }
        Ok((t, output))
    }

    /// The translation, once the constraints are posted: the objective and the search
    /// annotations of the solve item (ignored under free search).
    pub(crate) fn finish(mut self, ast: &Ast, free: bool, output: Vec<OutputItem>) -> Result<Translation, Error> {
        let pos = ast.solve.pos;
        let goal = match &ast.solve.objective {
            Objective::Satisfy => None,
            Objective::Minimize(e) => Some(Goal::Minimize(self.var(pos, e)?)),
            Objective::Maximize(e) => Some(Goal::Maximize(self.var(pos, e)?)),
        };
        let mut search = (Vec::new(), None, None);
        if free {
            if !ast.solve.annotations.is_empty() {
                self.notes.push("free search (-f): search annotations ignored".into());
            }
        } else {
            self.search(pos, &ast.solve.annotations, &mut search)?;
        }
        let (branching, var_order, value_order) = search;
        Ok(Translation {
            model: self.model,
            output,
            goal,
            branching,
            annotated: var_order.is_some(),
            var_order: var_order.unwrap_or_default(),
            value_order: value_order.unwrap_or_default(),
            notes: self.notes,
            clamped: self.clamped,
            names: self.names,
            origins: self.origins,
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn wide_ranges_are_intervals_only_where_bounds_reasoning_alone_reads_them() {
        let text = "var 0..5000: x;\nvar 0..5000: y;\nvar 0..5000: z;\narray [1..2] of var int: yz = [y, z];\n\
                    constraint int_lin_le([1, -1], [x, y], -3);\nconstraint fzn_all_different_int(yz);\n\
                    solve :: int_search([x, y, z], input_order, indomain_min, complete) satisfy;\n";
        let ast = crate::parse(text).expect("valid FlatZinc");
        let t = crate::lower::translate(&ast, false).expect("translates");
        let interval: Vec<bool> = t.branching.iter().map(|&v| t.model.initial_domain(v).is_interval()).collect();
        // x only in a linear inequality; y and z in an all-different (through the array).
        assert_eq!(interval, [true, false, false]);
    }

    #[test]
    fn variables_annotated_is_defined_var_are_marked_defined() {
        let text = "var 0..5: x;\nvar 0..5: y;\nvar 0..10: s :: is_defined_var;\nvar bool: b :: is_defined_var;\n\
                    constraint int_lin_eq([1, 1, -1], [x, y, s], 0) :: defines_var(s);\n\
                    constraint int_le_reif(x, y, b) :: defines_var(b);\nsolve satisfy;\n";
        let ast = crate::parse(text).expect("valid FlatZinc");
        let t = crate::lower::translate(&ast, false).expect("translates");
        let marked: Vec<(&str, bool)> = t
            .names
            .iter()
            .map(|(name, e)| match e {
                super::Elem::Var(v) => (name.as_str(), t.model.is_defined(*v)),
                super::Elem::Const(_) => (name.as_str(), false),
            })
            .collect();
        assert_eq!(marked, [("x", false), ("y", false), ("s", true), ("b", true)]);
    }
}
