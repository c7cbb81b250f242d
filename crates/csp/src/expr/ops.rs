//! The arithmetic operators on expressions: `+`, `-`, `*` by a constant, unary `-`.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use super::{saturate, LinExpr};
use crate::expr::boolean::{BoolVar, Lit};
use crate::id::{Value, VarId};

impl From<VarId> for LinExpr {
    fn from(x: VarId) -> LinExpr {
        LinExpr { terms: vec![(1, x)], constant: 0, overflow: false }
    }
}

impl From<&VarId> for LinExpr {
    fn from(x: &VarId) -> LinExpr {
        LinExpr::from(*x)
    }
}

impl From<Value> for LinExpr {
    fn from(c: Value) -> LinExpr {
        LinExpr::constant_expr(c)
    }
}

impl From<&LinExpr> for LinExpr {
    fn from(e: &LinExpr) -> LinExpr {
        e.clone()
    }
}

impl From<BoolVar> for LinExpr {
    fn from(b: BoolVar) -> LinExpr {
        LinExpr::from(b.var())
    }
}

impl From<&BoolVar> for LinExpr {
    fn from(b: &BoolVar) -> LinExpr {
        LinExpr::from(b.var())
    }
}

/// A literal counts 1 when true: `b` is `b`, `!b` is `1 - b`.
impl From<Lit> for LinExpr {
    fn from(l: Lit) -> LinExpr {
        if l.is_positive() {
            LinExpr::from(l.var())
        } else {
            LinExpr { terms: vec![(-1, l.var())], constant: 1, overflow: false }
        }
    }
}

impl From<&Lit> for LinExpr {
    fn from(l: &Lit) -> LinExpr {
        LinExpr::from(*l)
    }
}

impl LinExpr {
    /// A result of 64-bit operands (a sum, a negation, a product by an `i32`: within 128
    /// bits) back in 64 bits, saturated and marking the expression when it is beyond.
    fn fit(&mut self, v: i128) -> i64 {
        let fitted = saturate(v);
        self.overflow |= i128::from(fitted) != v;
        fitted
    }
}

impl<R: Into<LinExpr>> AddAssign<R> for LinExpr {
    fn add_assign(&mut self, rhs: R) {
        let rhs = rhs.into();
        self.terms.extend(rhs.terms);
        let c = i128::from(self.constant) + i128::from(rhs.constant);
        self.constant = self.fit(c);
        self.overflow |= rhs.overflow;
    }
}

impl<R: Into<LinExpr>> SubAssign<R> for LinExpr {
    fn sub_assign(&mut self, rhs: R) {
        *self += -rhs.into();
    }
}

impl Neg for LinExpr {
    type Output = LinExpr;
    fn neg(mut self) -> LinExpr {
        for t in 0..self.terms.len() {
            self.terms[t].0 = self.fit(-i128::from(self.terms[t].0));
        }
        self.constant = self.fit(-i128::from(self.constant));
        self
    }
}

impl Mul<Value> for LinExpr {
    type Output = LinExpr;
    fn mul(mut self, k: Value) -> LinExpr {
        let k = i128::from(k);
        for t in 0..self.terms.len() {
            self.terms[t].0 = self.fit(i128::from(self.terms[t].0) * k);
        }
        self.constant = self.fit(i128::from(self.constant) * k);
        self
    }
}

/// The operators of an expression type that converts into [`LinExpr`].
macro_rules! expr_ops {
    ($($t:ty),*) => {$(
        impl<R: Into<LinExpr>> Add<R> for $t {
            type Output = LinExpr;
            fn add(self, rhs: R) -> LinExpr {
                let mut e = LinExpr::from(self);
                e += rhs;
                e
            }
        }

        impl<R: Into<LinExpr>> Sub<R> for $t {
            type Output = LinExpr;
            fn sub(self, rhs: R) -> LinExpr {
                let mut e = LinExpr::from(self);
                e -= rhs;
                e
            }
        }

        impl Add<$t> for Value {
            type Output = LinExpr;
            fn add(self, rhs: $t) -> LinExpr {
                LinExpr::from(rhs) + self
            }
        }

        impl Sub<$t> for Value {
            type Output = LinExpr;
            fn sub(self, rhs: $t) -> LinExpr {
                -LinExpr::from(rhs) + self
            }
        }

        impl Mul<$t> for Value {
            type Output = LinExpr;
            fn mul(self, rhs: $t) -> LinExpr {
                LinExpr::from(rhs) * self
            }
        }
    )*};
}

expr_ops!(LinExpr, VarId, BoolVar, Lit);

/// Products and negation of the expression types other than [`LinExpr`].
macro_rules! atom_ops {
    ($($t:ty),*) => {$(
        impl Mul<Value> for $t {
            type Output = LinExpr;
            fn mul(self, k: Value) -> LinExpr {
                LinExpr::from(self) * k
            }
        }

        impl Neg for $t {
            type Output = LinExpr;
            fn neg(self) -> LinExpr {
                -LinExpr::from(self)
            }
        }
    )*};
}

atom_ops!(VarId, BoolVar, Lit);
