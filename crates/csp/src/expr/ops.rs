//! The arithmetic operators on expressions: `+`, `-`, `*` by a constant, unary `-`.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use super::{checked, LinExpr};
use crate::expr::boolean::{BoolVar, Lit};
use crate::id::{Value, VarId};

impl From<VarId> for LinExpr {
    fn from(x: VarId) -> LinExpr {
        LinExpr { terms: vec![(1, x)], constant: 0 }
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
            LinExpr { terms: vec![(-1, l.var())], constant: 1 }
        }
    }
}

impl From<&Lit> for LinExpr {
    fn from(l: &Lit) -> LinExpr {
        LinExpr::from(*l)
    }
}

impl<R: Into<LinExpr>> AddAssign<R> for LinExpr {
    fn add_assign(&mut self, rhs: R) {
        let rhs = rhs.into();
        self.terms.extend(rhs.terms);
        self.constant = checked(self.constant.checked_add(rhs.constant));
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
        for t in &mut self.terms {
            t.0 = checked(t.0.checked_neg());
        }
        self.constant = checked(self.constant.checked_neg());
        self
    }
}

impl Mul<Value> for LinExpr {
    type Output = LinExpr;
    fn mul(mut self, k: Value) -> LinExpr {
        let k = i64::from(k);
        for t in &mut self.terms {
            t.0 = checked(t.0.checked_mul(k));
        }
        self.constant = checked(self.constant.checked_mul(k));
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
