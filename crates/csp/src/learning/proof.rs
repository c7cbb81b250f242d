//! Proof logging: a learning search writes why each learned clause holds and why the search
//! ended, in the DRCP format (Deletion Reverse Constraint Propagation) read by Pumpkin's
//! independent checker (`pumpkin-checker`, version 0.5).
//!
//! # The format
//!
//! A proof is a text of lines. `a ID [x >= 5]` names an *atomic constraint* (`>=`, `<=`, `==`,
//! `!=` between a variable of the model and a constant). `i ID P1 P2 0 C c:TAG l:LABEL` is an
//! *inference*: the constraint `TAG` of the model (or an earlier nogood) propagates atom `C`
//! from atoms `P1 P2` by the filtering rule `LABEL`; without `C` the premises fail.
//! `n ID A1 A2 0 H1 H2` is a *nogood*: atoms `A1 A2` never hold together, because applying the
//! inferences `H1 H2` in that order from them reaches a failure (a reverse unit propagation
//! check). A nogood is a constraint from then on (its step number is its tag); the inferences
//! are forgotten after each nogood. `c UNSAT` or `c A` concludes: the empty nogood was
//! derived, or the nogood `not A` (`A` is the bound on the objective).
//!
//! # What the search writes
//!
//! For every conflict the analysis turns into a clause, the search walks back from the
//! failure through the explanations the analysis used (the reasons of
//! [`Constraint::explain`](crate::model::constraint::Constraint::explain), the generic ones,
//! the clauses') down to the atoms of the clause: one inference per atom propagated on the
//! way, in trail order, then the nogood. In optimisation every nogood also holds the bound on
//! the objective in force (each clause is learned under it). The atoms of the initial domains
//! the checker needs are inferences labelled `initial_domain`; atoms propagated at the root
//! become unit nogoods the first time a clause needs them (the checker forgets inferences
//! after each nogood). The DRCP version read by `pumpkin-checker` 0.5 has no deletion step:
//! clauses the search drops stay constraints of the proof (harmless: each was derived).
//!
//! A change the proof cannot justify (a caller's change other than the objective bound, a
//! blocking clause of a solution) is written as is and counted in
//! [`Proof::gaps`]: the checker then rejects the proof; it is never silently wrong.
//!
//! Nothing is recorded while the search runs: the walk happens at each conflict, and only when
//! a proof is set.

use std::collections::HashMap;
use std::fmt;
use std::io::{self, BufWriter, Write};

use crate::domain::BITS;
use crate::id::ConstraintId;
use crate::layout::VarInfo;
use crate::learning::trail::{Atom, Named};

/// The comparison of an atomic constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Op {
    Ge,
    Le,
    Eq,
    Ne,
}

/// An atomic constraint in values: `[var op value]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Datom {
    pub(crate) var: u32,
    pub(crate) op: Op,
    pub(crate) value: i32,
}

impl Datom {
    /// The atom that holds exactly when this one does not.
    pub(crate) fn negated(self) -> Datom {
        let (op, value) = match self.op {
            Op::Ge => (Op::Le, self.value.saturating_sub(1)),
            Op::Le => (Op::Ge, self.value.saturating_add(1)),
            Op::Eq => (Op::Ne, self.value),
            Op::Ne => (Op::Eq, self.value),
        };
        Datom { var: self.var, op, value }
    }

    /// Whether this atom alone implies `q` (over the integers).
    pub(crate) fn implies(self, q: Datom) -> bool {
        if self.var != q.var {
            return false;
        }
        let (c, d) = (self.value, q.value);
        match (self.op, q.op) {
            (Op::Ge, Op::Ge) => c >= d,
            (Op::Ge, Op::Ne) => d < c,
            (Op::Le, Op::Le) => c <= d,
            (Op::Le, Op::Ne) => d > c,
            (Op::Eq, Op::Ge) => c >= d,
            (Op::Eq, Op::Le) => c <= d,
            (Op::Eq, Op::Eq) => c == d,
            (Op::Eq, Op::Ne) => c != d,
            (Op::Ne, Op::Ne) => c == d,
            _ => false,
        }
    }
}

/// The atoms of a trail atom of `var` (a block of values gone is one `!=` per value), into
/// `out`.
pub(crate) fn atoms_of(vars: &[VarInfo], var: u32, atom: Atom, out: &mut Vec<Datom>) {
    let map = &vars[var as usize].map;
    let at = |op, bit: u32| Datom { var, op, value: map.value(bit as usize) };
    match atom {
        Atom::Removed { wi, mask } => {
            let mut m = mask;
            while m != 0 {
                let bit = wi * BITS as u32 + m.trailing_zeros();
                out.push(at(Op::Ne, bit));
                m &= m - 1;
            }
        }
        Atom::Ge(b) => out.push(at(Op::Ge, b)),
        Atom::Le(b) => out.push(at(Op::Le, b)),
        Atom::Fixed(b) => out.push(at(Op::Eq, b)),
    }
}

/// What the checker is told of a constraint of the model: its tag and the filtering rule of
/// its propagations.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Tag {
    id: u32,
    label: Box<str>,
}

/// A proof log for a learning search ([`Solver::set_proof`](crate::Solver::set_proof)): where
/// to write, the tag and filtering label of each constraint, and the first free step number.
///
/// By default constraint `c` is tagged `c.index() + 1` with its kind as label, which a checker
/// knows only if the model it reads lists the same constraints in the same order with rules of
/// those names; a front end that knows its model's file ([`tag`](Proof::tag)) says better.
/// Atoms name variables by their names ([`Model::new_named_var`](crate::Model::new_named_var)),
/// else `_x` and the index.
///
/// # Example
///
/// ```
/// use csp::{Model, Outcome};
/// use csp::constraints::{Comparison, Linear};
/// use csp::solve::Proof;
///
/// // x + y <= 3 and x + y >= 5 over 0..=4: no solution.
/// let mut model = Model::new();
/// let x = model.new_named_var("x", 0..=4)?;
/// let y = model.new_named_var("y", 0..=4)?;
/// let le = model.post(Linear::new([(1, x), (1, y)], Comparison::LessOrEqual, 3))?;
/// let ge = model.post(Linear::new([(-1, x), (-1, y)], Comparison::LessOrEqual, -5))?;
/// let mut proof = Proof::in_memory();
/// proof.tag(le, 1, "linear_bounds");
/// proof.tag(ge, 2, "linear_bounds");
/// let mut solver = model.into_solver();
/// solver.set_learning(true);
/// solver.set_proof(Some(proof));
/// assert_eq!(solver.solve(), Outcome::Unsatisfiable);
/// let text = String::from_utf8(solver.take_proof().expect("set").finish()?)?;
/// assert!(text.ends_with("c UNSAT\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Proof {
    out: Sink,
    tags: HashMap<u32, Tag>,
    next: u32,
    atoms: HashMap<Datom, u32>,
    /// Steps and nogoods written, and changes the proof could not justify.
    pub(crate) steps: u64,
    pub(crate) nogoods: u64,
    pub(crate) gaps: u64,
    pub(crate) concluded: bool,
    error: Option<io::Error>,
    line: String,
}

impl fmt::Debug for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Proof")
            .field("steps", &self.steps)
            .field("nogoods", &self.nogoods)
            .field("gaps", &self.gaps)
            .finish_non_exhaustive()
    }
}

/// Where a proof goes.
enum Sink {
    Writer(BufWriter<Box<dyn Write + Send>>),
    Memory(Vec<u8>),
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Writer(w) => w.write(buf),
            Sink::Memory(m) => m.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Writer(w) => w.flush(),
            Sink::Memory(_) => Ok(()),
        }
    }
}

impl Proof {
    /// A proof written to `out` (buffered), its steps numbered from 1.
    pub fn new(out: impl Write + Send + 'static) -> Proof {
        Proof::with_sink(Sink::Writer(BufWriter::new(Box::new(out))))
    }

    /// A proof kept in memory ([`finish`](Proof::finish) returns its text).
    pub fn in_memory() -> Proof {
        Proof::with_sink(Sink::Memory(Vec::new()))
    }

    fn with_sink(out: Sink) -> Proof {
        Proof {
            out,
            tags: HashMap::new(),
            next: 1,
            atoms: HashMap::new(),
            steps: 0,
            nogoods: 0,
            gaps: 0,
            concluded: false,
            error: None,
            line: String::new(),
        }
    }

    /// Tags constraint `c` with `id` (its number in the checker's model) and the filtering
    /// `label` the checker knows its propagations by (`linear_bounds`, `binary_equals`,
    /// `all_different`, ...). Step numbers start above every tag.
    pub fn tag(&mut self, c: ConstraintId, id: u32, label: &str) {
        self.tags.insert(c.index() as u32, Tag { id, label: label.into() });
        self.next = self.next.max(id.saturating_add(1));
    }

    /// Numbers the steps from `first` on (above the constraints of the checker's model).
    pub fn first_step(&mut self, first: u32) {
        self.next = self.next.max(first.max(1));
    }

    /// Changes the proof could not justify (each makes the checker reject the proof).
    pub fn gaps(&self) -> u64 {
        self.gaps
    }

    /// Inferences and nogoods written.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Whether a conclusion was written (the search ended by exhausting the search space).
    pub fn is_concluded(&self) -> bool {
        self.concluded
    }

    /// Flushes the proof; returns its text when kept [in memory](Proof::in_memory) (else
    /// nothing).
    ///
    /// # Errors
    ///
    /// The first write error met while logging, or the flush's.
    pub fn finish(mut self) -> io::Result<Vec<u8>> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.out.flush()?;
        Ok(match self.out {
            Sink::Memory(m) => m,
            Sink::Writer(_) => Vec::new(),
        })
    }

    fn emit(&mut self) {
        self.line.push('\n');
        if self.error.is_none() {
            if let Err(e) = self.out.write_all(self.line.as_bytes()) {
                self.error = Some(e);
            }
        }
        self.line.clear();
    }

    fn step(&mut self) -> u32 {
        let s = self.next;
        self.next += 1;
        self.steps += 1;
        s
    }

    /// The number of atom `a`, defining it on first use.
    pub(crate) fn atom(&mut self, vars: &[VarInfo], a: Datom) -> u32 {
        if let Some(&id) = self.atoms.get(&a) {
            return id;
        }
        let id = self.atoms.len() as u32 + 1;
        self.atoms.insert(a, id);
        use fmt::Write as _;
        let op = match a.op {
            Op::Ge => ">=",
            Op::Le => "<=",
            Op::Eq => "==",
            Op::Ne => "!=",
        };
        self.line.clear();
        let _ = match &vars[a.var as usize].name {
            Some(n) => write!(self.line, "a {id} [{n} {op} {}]", a.value),
            None => write!(self.line, "a {id} [_x{} {op} {}]", a.var, a.value),
        };
        self.emit();
        id
    }

    /// The tag and label of engine constraint `c`, or of nogood step `id`.
    pub(crate) fn constraint_tag(&self, c: u32, kind: &str) -> (u32, String) {
        match self.tags.get(&c) {
            Some(t) => (t.id, t.label.to_string()),
            None => (c + 1, kind.chars().map(|ch| if ch.is_ascii_alphanumeric() { ch } else { '_' }).collect()),
        }
    }

    /// Writes an inference: `premises` (atom numbers) imply `consequent` (or fail), by
    /// constraint `tag` (none for an initial domain) with rule `label`; returns its step.
    pub(crate) fn inference(
        &mut self,
        premises: &[u32],
        consequent: Option<u32>,
        tag: Option<u32>,
        label: &str,
    ) -> u32 {
        use fmt::Write as _;
        let s = self.step();
        self.line.clear();
        let _ = write!(self.line, "i {s}");
        for p in premises {
            let _ = write!(self.line, " {p}");
        }
        self.line.push_str(" 0");
        if let Some(c) = consequent {
            let _ = write!(self.line, " {c}");
        }
        if let Some(t) = tag {
            let _ = write!(self.line, " c:{t}");
        }
        let _ = write!(self.line, " l:{label}");
        self.emit();
        s
    }

    /// Writes a nogood over atoms `atoms` with the inferences `hints`; returns its step.
    pub(crate) fn nogood(&mut self, atoms: &[u32], hints: &[u32]) -> u32 {
        use fmt::Write as _;
        let s = self.step();
        self.nogoods += 1;
        self.line.clear();
        let _ = write!(self.line, "n {s}");
        for a in atoms {
            let _ = write!(self.line, " {a}");
        }
        self.line.push_str(" 0");
        for h in hints {
            let _ = write!(self.line, " {h}");
        }
        self.emit();
        s
    }

    /// Writes the conclusion: unsatisfiable (`None`) or the bound atom `bound`.
    pub(crate) fn conclude(&mut self, bound: Option<u32>) {
        self.line.clear();
        match bound {
            Some(a) => {
                self.line.push_str("c ");
                self.line.push_str(&a.to_string());
            }
            None => self.line.push_str("c UNSAT"),
        }
        self.emit();
        self.concluded = true;
        if let Err(e) = self.out.flush() {
            self.error.get_or_insert(e);
        }
    }
}

/// A [`Proof`] behind the learning search's state, which clones without it (a cloned solver,
/// such as a portfolio worker, writes no proof).
#[derive(Default)]
pub(crate) struct ProofSlot(pub(crate) Option<Box<Proof>>);

impl Clone for ProofSlot {
    fn clone(&self) -> ProofSlot {
        ProofSlot(None)
    }
}

impl fmt::Debug for ProofSlot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Per search: what the proof knows of the clauses and of the root.
#[derive(Clone, Debug, Default)]
pub(crate) struct ProofState {
    /// Per clause: its nogood step (0: none, the clause is not justified) and the bound atom
    /// it was learned under (0: none).
    pub(crate) clauses: Vec<(u32, u32)>,
    /// The step of the nogood being written for the next clause added.
    pub(crate) pending: (u32, u32),
    /// Per root trail entry: its unit nogoods, `(atom, its number, step, bound atom)` in
    /// `units`.
    pub(crate) root: HashMap<u32, (u32, u32)>,
    pub(crate) units: Vec<(Datom, u32, u32, u32)>,
    /// Scratch of the walks.
    pub(crate) stamp: Vec<u32>,
    pub(crate) now: u32,
    pub(crate) stack: Vec<Named>,
    pub(crate) needed: Vec<u32>,
    pub(crate) roots: Vec<Named>,
    pub(crate) buf: Vec<Named>,
    pub(crate) datoms: Vec<Datom>,
    pub(crate) nogood: Vec<Datom>,
    pub(crate) ids: Vec<u32>,
    pub(crate) hints: Vec<u32>,
    pub(crate) touched: Vec<u32>,
    pub(crate) touched_mark: Vec<u32>,
}

impl ProofState {
    /// Keeps the clauses `keep[id]` (renumbered in order, as the clause database does).
    pub(crate) fn retain(&mut self, keep: &[bool]) {
        let mut i = 0;
        self.clauses.retain(|_| {
            let k = keep.get(i).copied().unwrap_or(true);
            i += 1;
            k
        });
    }
}
