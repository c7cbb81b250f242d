//! `Equal`: `x = y + offset`.

use fixedbitset::Block;

use crate::constraints::narrow::keep_within;
use crate::context::Context;
use crate::domain::BITS;
use crate::error::Conflict;
use crate::id::{Value, VarId};
use crate::learning::explain::{Antecedents, Change};
use crate::model::constraint::Constraint;
use crate::rule::Rule;
use crate::subscription::Priority;

/// `x = y + offset`, with domain consistency (each value of one has its partner in the other).
///
/// # Example
///
/// ```
/// use csp::Model;
/// use csp::constraints::Equal;
///
/// let mut model = Model::new();
/// let x = model.new_var(1..=9)?;
/// let y = model.new_var([2, 4, 30])?;
/// model.post(Equal::with_offset(x, y, 3))?; // x = y + 3
/// let mut solver = model.into_solver();
/// solver.propagate()?;
/// assert_eq!(solver.domain(x).to_vec(), vec![5, 7]);
/// assert_eq!(solver.domain(y).to_vec(), vec![2, 4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Equal {
    vars: [VarId; 2],
    offset: Value,
    keep: Vec<bool>,
}

impl Equal {
    /// `x = y`.
    pub fn new(x: VarId, y: VarId) -> Equal {
        Equal::with_offset(x, y, 0)
    }

    /// `x = y + offset`.
    pub fn with_offset(x: VarId, y: VarId, offset: Value) -> Equal {
        Equal { vars: [x, y], offset, keep: Vec::new() }
    }

    /// Keeps the values `v` of `a` such that `v + shift` is in `b`'s domain.
    fn filter(&mut self, ctx: &mut Context<'_>, a: VarId, b: VarId, shift: i64) -> Result<(), Conflict> {
        if ctx.domain(a).is_interval() {
            // Only the bounds of an interval move: to the partners of `b`'s values at its ends,
            // found without visiting every value of `a` (up to 2^32 of them).
            return keep_within(ctx, a, b, shift).map(|_| ());
        }
        let (da, db) = (ctx.domain(a), ctx.domain(b));
        if let (Some(min_a), Some(min_b)) = (da.map.range_min(), db.map.range_min()) {
            // Two ranges of bits: bit `i` of `a` has its partner at bit `i + delta` of `b`, so
            // a word of `a` is filtered by 64 bits of `b` read at once.
            let delta = i64::from(min_a) + shift - i64::from(min_b);
            for wi in 0..da.blocks.len() {
                let old = ctx.domain(a).blocks[wi];
                if old == 0 {
                    continue;
                }
                let keep = old & bits_from(ctx.domain(b).blocks, wi as i64 * BITS as i64 + delta);
                if keep != old {
                    ctx.retain_block(a, wi, keep, Rule::NoSupport)?;
                }
            }
            return Ok(());
        }
        self.keep.clear();
        let d = ctx.domain(a);
        self.keep
            .extend(d.iter().map(|v| Value::try_from(i64::from(v) + shift).is_ok_and(|u| ctx.domain(b).contains(u))));
        if self.keep.iter().all(|&k| k) {
            return Ok(());
        }
        let mut it = self.keep.iter();
        ctx.retain(a, |_| *it.next().unwrap_or(&true), Rule::NoSupport).map(|_| ())
    }
}

/// The 64 bits of `blocks` from bit `start` on (bits outside the blocks are 0).
#[inline]
fn bits_from(blocks: &[Block], start: i64) -> Block {
    let word = |i: i64| if i >= 0 && (i as usize) < blocks.len() { blocks[i as usize] } else { 0 };
    let (wi, shift) = (start.div_euclid(BITS as i64), start.rem_euclid(BITS as i64) as u32);
    if shift == 0 {
        word(wi)
    } else {
        (word(wi) >> shift) | (word(wi + 1) << (BITS as u32 - shift))
    }
}

impl Constraint for Equal {
    fn kind(&self) -> &'static str {
        "equal"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn priority(&self) -> Priority {
        Priority::Fast
    }

    fn is_idempotent(&self) -> bool {
        // After filtering x against y and y against the new x, every value has its partner
        // (when x and y are distinct variables; x = x + c is handled at once).
        self.vars[0] != self.vars[1]
    }

    fn propagate(&mut self, ctx: &mut Context<'_>) -> Result<(), Conflict> {
        let [x, y] = self.vars;
        let o = i64::from(self.offset);
        if x == y {
            // x = x + offset: always true or never.
            return if o == 0 { Ok(()) } else { ctx.wipe_out(x, Rule::NoSupport).map(|_| ()) };
        }
        self.filter(ctx, x, y, -o)?;
        self.filter(ctx, y, x, o)
    }

    fn explain(&self, why: &mut Antecedents<'_>) -> bool {
        let [x, y] = self.vars;
        if x == y {
            // x = x + offset with offset != 0 never holds: nothing else to name.
            return self.offset != 0;
        }
        // A value of `a` went with its partner `value + shift` of `b`.
        let (_, b, shift) = match why.change() {
            Change::AtLeast(v, _) | Change::AtMost(v, _) | Change::Removed(v) if v == x => {
                (x, y, -i64::from(self.offset))
            }
            Change::AtLeast(v, _) | Change::AtMost(v, _) | Change::Removed(v) if v == y => {
                (y, x, i64::from(self.offset))
            }
            _ => return false,
        };
        let partner = |v: Value| Value::try_from(i64::from(v) + shift).ok();
        let removed: smallvec::SmallVec<[Value; 16]> = why.removed().collect();
        if !removed.is_empty() {
            // (Each partner is gone: the propagator removed the value for that.)
            why.not_equal_all(b, removed.into_iter().filter_map(partner));
            return true;
        }
        // An interval's bound: the partner's bound.
        match why.change() {
            Change::AtLeast(_, v) => match partner(v) {
                Some(u) if why.min(b).is_some_and(|m| m >= u) => why.at_least(b, u),
                _ => return false,
            },
            Change::AtMost(_, v) => match partner(v) {
                Some(u) if why.max(b).is_some_and(|m| m <= u) => why.at_most(b, u),
                _ => return false,
            },
            _ => return false,
        }
        true
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        i64::from(values[0]) == i64::from(values[1]) + i64::from(self.offset)
    }
}

#[cfg(test)]
mod tests {
    use crate::constraints::Equal;
    use crate::model::Model;

    #[test]
    fn equal_keeps_only_values_with_a_partner() {
        let mut m = Model::new();
        let x = m.new_var(1..=9).unwrap();
        let y = m.new_var(vec![-3, 2, 4, 30]).unwrap();
        m.post(Equal::with_offset(x, y, 3)).unwrap();
        let mut s = m.into_solver();
        s.propagate().unwrap();
        assert_eq!(s.domain(x).to_vec(), vec![5, 7]);
        assert_eq!(s.domain(y).to_vec(), vec![2, 4]);
    }

    #[test]
    fn equal_without_common_values_wipes_out() {
        let mut m = Model::new();
        let x = m.new_var(1..=3).unwrap();
        let y = m.new_var(10..=12).unwrap();
        let c = m.post(Equal::new(x, y)).unwrap();
        let mut s = m.into_solver();
        let err = s.propagate().expect_err("no common value");
        assert_eq!((err.by, err.var), (Some(c), Some(x)));
    }

    proptest::proptest! {
        /// Range domains of several blocks with holes, read a word at a time: the same
        /// domains as keeping each value whose partner is left.
        #[test]
        fn equal_on_wide_ranges_keeps_exactly_the_partners(
            lo in -80..=40i32,
            width in 1..=300i32,
            offset in -200..=200i32,
            holes in proptest::collection::vec((proptest::bool::ANY, 0..=300i32), 0..=120),
        ) {
            let mut m = Model::new();
            let x = m.new_var(lo..=lo + width).unwrap();
            let y = m.new_var(0..=250).unwrap();
            m.post(Equal::with_offset(x, y, offset)).unwrap();
            let mut s = m.into_solver();
            let mut dx: Vec<i32> = (lo..=lo + width).collect();
            let mut dy: Vec<i32> = (0..=250).collect();
            // A removal fails only when propagation already emptied the domain (it is sound),
            // so no value can keep a partner then.
            let mut failed = s.propagate().is_err();
            for &(in_x, k) in &holes {
                let (var, d, v) = if in_x { (x, &mut dx, lo + k) } else { (y, &mut dy, k) };
                if !failed && d.contains(&v) {
                    d.retain(|&u| u != v);
                    failed = s.remove_value(var, v).is_err();
                }
            }
            let kx: Vec<i32> = dx.iter().copied().filter(|&v| dy.contains(&(v - offset))).collect();
            let ky: Vec<i32> = dy.iter().copied().filter(|&v| dx.contains(&(v + offset))).collect();
            if failed || s.propagate().is_err() {
                proptest::prop_assert!(kx.is_empty());
            } else {
                proptest::prop_assert_eq!(s.domain(x).to_vec(), kx);
                proptest::prop_assert_eq!(s.domain(y).to_vec(), ky);
            }
        }
    }

    #[test]
    fn variable_equal_to_itself_plus_offset_fails() {
        let mut m = Model::new();
        let x = m.new_var(1..=3).unwrap();
        m.post(Equal::with_offset(x, x, 1)).unwrap();
        let mut s = m.into_solver();
        assert!(s.propagate().is_err());
    }
}
