//! Interval reasoning for [`Arithmetic`](super::Arithmetic): each function takes the bounds of
//! the operands and the result as `i64` ranges and returns them narrowed to values that have a
//! support in the box (bounds consistency over the reals or, where stated, over the integers),
//! or `None` when no point of the box satisfies the relation.
//!
//! Every function splits its operands by sign (as Gecode's multiplication and division
//! propagators do), narrows each sign case to its fixpoint with monotone rules, and takes the
//! hull of the cases. Intermediate products stay within `i64`: operands are `i32` values, and
//! powers saturate.

use crate::constraints::linear::{ceil_div, floor_div};

/// A closed range `lo..=hi` (non-empty where it is returned).
pub(crate) type Range = (i64, i64);

/// Sign cases narrow to their fixpoint in at most this many rounds (each round shrinks a bound;
/// stopping earlier stays sound).
const ROUNDS: usize = 64;

/// Wider than any product of two `i32` values, narrower than `i64` (so `-BIG` and sums of two
/// stay in range).
const BIG: i64 = 1 << 62;

fn meet(a: Range, b: Range) -> Option<Range> {
    let r = (a.0.max(b.0), a.1.min(b.1));
    (r.0 <= r.1).then_some(r)
}

fn join(a: Option<Range>, b: Range) -> Option<Range> {
    Some(match a {
        Some(a) => (a.0.min(b.0), a.1.max(b.1)),
        None => b,
    })
}

fn neg(r: Range) -> Range {
    (-r.1, -r.0)
}

fn contains(r: Range, v: i64) -> bool {
    r.0 <= v && v <= r.1
}

/// The negative and positive parts of `r` as `(sign, part mirrored to positive)`.
fn signed_parts(r: Range) -> [(i64, Option<Range>); 2] {
    [(-1, meet(r, (-BIG, -1)).map(neg)), (1, meet(r, (1, BIG)))]
}

fn flip(s: i64, r: Range) -> Range {
    if s < 0 {
        neg(r)
    } else {
        r
    }
}

fn all3(out: [Option<Range>; 3]) -> Option<[Range; 3]> {
    Some([out[0]?, out[1]?, out[2]?])
}

/// `z = x * y`.
pub(crate) fn times(x: Range, y: Range, z: Range) -> Option<[Range; 3]> {
    let mut out = [None; 3];
    for (sx, xp) in signed_parts(x) {
        let Some(xp) = xp else { continue };
        for (sy, yp) in signed_parts(y) {
            let Some(yp) = yp else { continue };
            if let Some([a, b, c]) = times_pos(xp, yp, flip(sx * sy, z)) {
                out[0] = join(out[0], flip(sx, a));
                out[1] = join(out[1], flip(sy, b));
                out[2] = join(out[2], flip(sx * sy, c));
            }
        }
    }
    if contains(z, 0) {
        if contains(x, 0) {
            out = [join(out[0], (0, 0)), join(out[1], y), join(out[2], (0, 0))];
        }
        if contains(y, 0) {
            out = [join(out[0], x), join(out[1], (0, 0)), join(out[2], (0, 0))];
        }
    }
    all3(out)
}

/// `z = x * y` with `x, y >= 1`.
fn times_pos(mut x: Range, mut y: Range, z: Range) -> Option<[Range; 3]> {
    let mut z = meet(z, (1, BIG))?;
    for _ in 0..ROUNDS {
        let nz = meet(z, (x.0 * y.0, x.1 * y.1))?;
        let nx = meet(x, (ceil_div(nz.0, y.1), floor_div(nz.1, y.0)))?;
        let ny = meet(y, (ceil_div(nz.0, nx.1), floor_div(nz.1, nx.0)))?;
        if (nx, ny, nz) == (x, y, z) {
            break;
        }
        (x, y, z) = (nx, ny, nz);
    }
    Some([x, y, z])
}

/// An exponent as `u32`, capped at 64 or 65 (parity kept): beyond, `|a| >= 2` saturates anyway.
fn exponent(n: i64) -> u32 {
    if n > 64 {
        64 + (n & 1) as u32
    } else {
        n.max(0) as u32
    }
}

/// `a ^ n` for `n >= 0`, saturating at `±i64::MAX`.
pub(crate) fn pow_sat(a: i64, n: u32) -> i64 {
    a.saturating_pow(n)
}

/// The largest `r >= 0` with `r ^ n <= v`, for `v >= 0` and `n >= 1`.
fn floor_root(v: i64, n: u32) -> i64 {
    let mut r = (v as f64).powf(1.0 / f64::from(n)) as i64;
    while r > 0 && pow_sat(r, n) > v {
        r -= 1;
    }
    while pow_sat(r + 1, n) <= v {
        r += 1;
    }
    r
}

/// The smallest `r >= 0` with `r ^ n >= v`, for `v >= 0` and `n >= 1`.
fn ceil_root(v: i64, n: u32) -> i64 {
    let r = floor_root(v, n);
    if pow_sat(r, n) == v {
        r
    } else {
        r + 1
    }
}

/// `z = x ^ n` for a constant `n >= 1`.
fn pow_const(x: Range, n: u32, z: Range) -> Option<[Range; 2]> {
    if n % 2 == 1 {
        // Monotone: odd roots keep the sign.
        let z = meet(z, (pow_sat(x.0, n), pow_sat(x.1, n)))?;
        let lo = if z.0 >= 0 { ceil_root(z.0, n) } else { -floor_root(-z.0, n) };
        let hi = if z.1 >= 0 { floor_root(z.1, n) } else { -ceil_root(-z.1, n) };
        let x = meet(x, (lo, hi))?;
        let z = meet(z, (pow_sat(x.0, n), pow_sat(x.1, n)))?;
        return Some([x, z]);
    }
    // Even: `|x| ^ n`, on each sign of `x`.
    let mut out = [None; 2];
    for (s, xp) in signed_parts(x) {
        let Some(xp) = xp else { continue };
        let Some(zp) = meet(z, (pow_sat(xp.0, n), pow_sat(xp.1, n))) else { continue };
        let Some(xp) = meet(xp, (ceil_root(zp.0, n), floor_root(zp.1, n))) else { continue };
        let zp = (pow_sat(xp.0, n).max(zp.0), pow_sat(xp.1, n).min(zp.1));
        out = [join(out[0], flip(s, xp)), join(out[1], zp)];
    }
    if contains(x, 0) && contains(z, 0) {
        out = [join(out[0], (0, 0)), join(out[1], (0, 0))];
    }
    Some([out[0]?, out[1]?])
}

/// `z = x * x`.
pub(crate) fn square(x: Range, z: Range) -> Option<[Range; 2]> {
    pow_const(x, 2, z)
}

/// MiniZinc's `pow(a, n)`: `a ^ n` for `n >= 0` (`None` beyond 64 bits); for `n < 0`, `1`
/// for `a = 1`, undefined for `a = 0` and `0` otherwise (`-1` included: MiniZinc 2.6.4 evaluates
/// `pow(-1, -1)` and `pow(-1, -2)` to `0`).
pub(crate) fn pow_eval(a: i64, n: i64) -> Option<i64> {
    if n >= 0 {
        return u32::try_from(n).ok().and_then(|e| a.checked_pow(e));
    }
    match a {
        0 => None,
        1 => Some(1),
        _ => Some(0),
    }
}

/// `z = pow(x, y)` ([`pow_eval`]).
pub(crate) fn pow(x: Range, y: Range, z: Range) -> Option<[Range; 3]> {
    if y.0 == y.1 {
        let n = y.0;
        if n == 0 {
            // `a ^ 0 = 1` for every `a`.
            return Some([x, y, meet(z, (1, 1))?]);
        }
        if n > 0 {
            let [x, z] = pow_const(x, exponent(n), z)?;
            return Some([x, y, z]);
        }
        // A negative exponent: 1 for x = 1, 0 otherwise.
        let z = meet(z, (0, 1))?;
        let x = if z.0 > 0 { meet(x, (1, 1))? } else { x };
        return Some([x, y, z]);
    }
    // Both vary: the hull of the candidates where each extreme lies (see the module's notes).
    let mut zr: Option<Range> = None;
    for a in [x.0, x.1, 0, 1, -1, 2, -2].into_iter().filter(|&v| contains(x, v)) {
        for n in [y.0, y.0 + 1, y.1 - 1, y.1, -2, -1, 0, 1, 2].into_iter().filter(|&v| contains(y, v)) {
            let v = if n >= 0 {
                pow_sat(a, exponent(n))
            } else {
                match pow_eval(a, n) {
                    Some(v) => v,
                    None => continue,
                }
            };
            zr = join(zr, (v, v));
        }
    }
    let z = meet(z, zr?)?;
    let mut y = y;
    // With no |x| <= 1, |x| ^ y grows with y: bound y by the largest |z|.
    let min_abs = if x.0 > 0 {
        x.0
    } else if x.1 < 0 {
        -x.1
    } else {
        0
    };
    if min_abs >= 2 {
        let top = z.0.abs().max(z.1.abs());
        let mut k = 0;
        while pow_sat(min_abs, k + 1) <= top {
            k += 1;
        }
        y = meet(y, (-BIG, i64::from(k)))?;
        if !contains(z, 0) {
            // Negative exponents give 0 here.
            y = meet(y, (0, BIG))?;
        }
    }
    Some([x, y, z])
}

/// `z = x / y`, rounded towards zero (`y != 0`); bounds consistent over the integers.
pub(crate) fn div(x: Range, y: Range, z: Range) -> Option<[Range; 3]> {
    let mut out = [None; 3];
    for (s, yp) in signed_parts(y) {
        let Some(yp) = yp else { continue };
        // x / -y = -(x / y).
        if let Some([a, b, c]) = div_pos(x, yp, flip(s, z)) {
            out = [join(out[0], a), join(out[1], flip(s, b)), join(out[2], flip(s, c))];
        }
    }
    all3(out)
}

/// The smallest `x` with `x / d >= q` (`d >= 1`, rounded towards zero).
fn div_lo(q: i64, d: i64) -> i64 {
    if q > 0 {
        q * d
    } else {
        (q - 1) * d + 1
    }
}

/// The largest `x` with `x / d <= q` (`d >= 1`, rounded towards zero).
fn div_hi(q: i64, d: i64) -> i64 {
    if q < 0 {
        q * d
    } else {
        (q + 1) * d - 1
    }
}

/// `z = x / y` with `y >= 1`.
fn div_pos(mut x: Range, mut y: Range, mut z: Range) -> Option<[Range; 3]> {
    for _ in 0..ROUNDS {
        let c = [x.0 / y.0, x.0 / y.1, x.1 / y.0, x.1 / y.1];
        let nz = meet(z, (c.iter().copied().min()?, c.iter().copied().max()?))?;
        let nx = meet(x, (div_lo(nz.0, y.0).min(div_lo(nz.0, y.1)), div_hi(nz.1, y.0).max(div_hi(nz.1, y.1))))?;
        // y keeps the divisors for which [div_lo(zl, y), div_hi(zh, y)] meets x.
        let mut ny = y;
        if nz.0 > 0 {
            ny.1 = ny.1.min(floor_div(nx.1, nz.0));
        } else {
            ny.0 = ny.0.max(ceil_div(1 - nx.1, 1 - nz.0));
        }
        if nz.1 < 0 {
            ny.1 = ny.1.min(floor_div(nx.0, nz.1));
        } else {
            ny.0 = ny.0.max(ceil_div(nx.0 + 1, nz.1 + 1));
        }
        let ny = meet(ny, y)?;
        if (nx, ny, nz) == (x, y, z) {
            break;
        }
        (x, y, z) = (nx, ny, nz);
    }
    Some([x, y, z])
}

/// `z = x mod y`, the remainder of [`div`] (the sign of `x`; `y != 0`).
pub(crate) fn rem(x: Range, y: Range, z: Range) -> Option<[Range; 3]> {
    // x mod y = x mod |y|.
    let [(_, yn), (_, yp)] = signed_parts(y);
    let m = match (yn, yp) {
        (Some(a), Some(b)) => (a.0.min(b.0), a.1.max(b.1)),
        (Some(a), None) | (None, Some(a)) => a,
        (None, None) => return None,
    };
    let [x, m, z] = rem_pos(x, m, z)?;
    let mut ny = None;
    if let Some(p) = yp.and_then(|p| meet(p, m)) {
        ny = join(ny, p);
    }
    if let Some(n) = yn.and_then(|n| meet(n, m)) {
        ny = join(ny, neg(n));
    }
    Some([x, ny?, z])
}

/// The smallest `v >= x0` with `v mod m` in `z` (`m >= 1`).
fn rem_up(x0: i64, m: i64, z: Range) -> Option<i64> {
    if x0 < 0 {
        // Negative v: remainders -(m-1)..=0, rising with v inside each block of m.
        if let Some((lo, hi)) = meet(z, (-(m - 1), 0)) {
            let r = x0 % m;
            let v = if r < lo {
                x0 + lo - r
            } else if r <= hi {
                x0
            } else {
                x0 - r + m + lo
            };
            if v <= 0 {
                return Some(v);
            }
        }
    }
    let x0 = x0.max(0);
    let (lo, hi) = meet(z, (0, m - 1))?;
    let r = x0 % m;
    Some(if r < lo {
        x0 + lo - r
    } else if r <= hi {
        x0
    } else {
        x0 - r + m + lo
    })
}

/// `z = x mod m` with `m >= 1`.
fn rem_pos(mut x: Range, mut m: Range, mut z: Range) -> Option<[Range; 3]> {
    for _ in 0..ROUNDS {
        let zlo = if x.0 >= 0 { 0 } else { x.0.max(-(m.1 - 1)) };
        let zhi = if x.1 <= 0 { 0 } else { x.1.min(m.1 - 1) };
        let mut nz = meet(z, (zlo, zhi))?;
        let mut nx = x;
        if x.0 > -m.0 && x.1 < m.0 {
            // |x| < m: x mod m = x.
            nz = meet(nz, x)?;
            nx = meet(nx, nz)?;
        }
        // The remainder has the sign of x and no larger magnitude.
        if nz.0 > 0 {
            nx = meet(nx, (nz.0, BIG))?;
        }
        if nz.1 < 0 {
            nx = meet(nx, (-BIG, nz.1))?;
        }
        let min_abs = if nz.0 > 0 {
            nz.0
        } else if nz.1 < 0 {
            -nz.1
        } else {
            0
        };
        let nm = meet(m, (min_abs + 1, BIG))?;
        if nm.0 == nm.1 {
            // A known modulus: x's bounds move to the nearest values with a remainder in z.
            let d = nm.0;
            let lo = rem_up(nx.0, d, nz)?;
            let hi = -rem_up(-nx.1, d, neg(nz))?;
            nx = meet(nx, (lo, hi))?;
            if nx.0 / d == nx.1 / d && (nx.0 >= 0) == (nx.1 >= 0) {
                // One block: the remainder rises with x.
                nz = meet(nz, (nx.0 % d, nx.1 % d))?;
            }
        }
        if (nx, nm, nz) == (x, m, z) {
            break;
        }
        (x, m, z) = (nx, nm, nz);
    }
    Some([x, m, z])
}

/// `z = |x|`; bounds consistent over the integers.
pub(crate) fn abs(x: Range, z: Range) -> Option<[Range; 2]> {
    let z = meet(z, (0, BIG))?;
    let mut out = [None; 2];
    if let Some(p) = meet(x, (0, BIG)).and_then(|p| meet(p, z)) {
        out = [join(out[0], p), join(out[1], p)];
    }
    if let Some(n) = meet(x, (-BIG, 0)).and_then(|n| meet(neg(n), z)) {
        out = [join(out[0], neg(n)), join(out[1], n)];
    }
    Some([out[0]?, out[1]?])
}

/// `z = min(x, y)`; bounds consistent over the integers.
pub(crate) fn min(mut x: Range, mut y: Range, mut z: Range) -> Option<[Range; 3]> {
    for _ in 0..2 {
        z = meet(z, (x.0.min(y.0), x.1.min(y.1)))?;
        x = meet(x, (z.0, BIG))?;
        y = meet(y, (z.0, BIG))?;
        // The operand that cannot be the minimum leaves it to the other.
        if x.0 > z.1 {
            y = meet(y, (-BIG, z.1))?;
        }
        if y.0 > z.1 {
            x = meet(x, (-BIG, z.1))?;
        }
    }
    Some([x, y, z])
}

/// `z = max(x, y)` = `-min(-x, -y)`.
pub(crate) fn max(x: Range, y: Range, z: Range) -> Option<[Range; 3]> {
    let [a, b, c] = min(neg(x), neg(y), neg(z))?;
    Some([neg(a), neg(b), neg(c)])
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::constraints::ArithOp;

    /// The largest magnitude of an interval value (`MAX_INTERVAL_VALUE`).
    const M: i64 = (i32::MAX - 1) as i64;

    /// A short range somewhere: around zero, near ±2^31, near the square root of 2^31.
    fn short() -> impl Strategy<Value = Range> {
        let base = prop_oneof![Just(0i64), Just(M - 12), Just(-M), Just(46_330), Just(-46_350), -40i64..40];
        (base, 0i64..12, -6i64..6).prop_map(|(b, w, off)| {
            let lo = (b + off).clamp(-M, M);
            (lo, (lo + w).min(M))
        })
    }

    /// A result range: short, anywhere in 32 bits, or a window around zero.
    fn result() -> impl Strategy<Value = Range> {
        prop_oneof![short(), Just((-M, M)), (-200i64..200, 0i64..400).prop_map(|(lo, w)| (lo, lo + w))]
    }

    fn narrow(op: ArithOp, x: Range, y: Range, z: Range) -> Option<[Range; 3]> {
        match op {
            ArithOp::Times => times(x, y, z),
            ArithOp::Div => div(x, y, z),
            ArithOp::Mod => rem(x, y, z),
            ArithOp::Pow => pow(x, y, z),
            ArithOp::Min => min(x, y, z),
            ArithOp::Max => max(x, y, z),
            ArithOp::Abs => abs(x, z).map(|[a, c]| [a, y, c]),
        }
    }

    /// Every `(x, y, op(x, y))` of the box with the result in `z`.
    fn solutions(op: ArithOp, x: Range, y: Range, z: Range) -> Vec<[i64; 3]> {
        let mut out = Vec::new();
        for a in x.0..=x.1 {
            for b in y.0..=y.1 {
                if let Some(r) = op.eval(a, b).filter(|&r| contains(z, r)) {
                    out.push([a, b, r]);
                }
            }
        }
        out
    }

    /// Checks that `got` keeps every solution and, if `tight`, that every bound is a solution's.
    fn check(sols: &[[i64; 3]], got: Option<[Range; 3]>, tight: [bool; 3]) -> Result<(), TestCaseError> {
        let Some(got) = got else {
            prop_assert!(sols.is_empty(), "failed with solutions {:?}", &sols[..sols.len().min(3)]);
            return Ok(());
        };
        for s in sols {
            for i in 0..3 {
                prop_assert!(contains(got[i], s[i]), "solution {:?} outside {:?}", s, got);
            }
        }
        for i in 0..3 {
            if tight[i] {
                let lo = sols.iter().map(|s| s[i]).min();
                let hi = sols.iter().map(|s| s[i]).max();
                prop_assert_eq!(Some(got[i]), lo.zip(hi), "position {} not tight: {:?} {:?}", i, got, sols.len());
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(600))]

        #[test]
        fn times_keeps_every_solution(x in short(), y in short(), z in result()) {
            check(&solutions(ArithOp::Times, x, y, z), times(x, y, z), [false; 3])?;
        }

        #[test]
        fn square_keeps_every_solution_and_its_root_bounds_are_tight(x in short(), z in result()) {
            let sols: Vec<[i64; 3]> = (x.0..=x.1).filter(|a| contains(z, a * a)).map(|a| [a, a, a * a]).collect();
            let got = square(x, z).map(|[a, c]| [a, a, c]);
            check(&sols, got, [true, true, false])?;
        }

        #[test]
        fn div_is_bounds_consistent(x in short(), y in short(), z in result()) {
            check(&solutions(ArithOp::Div, x, y, z), div(x, y, z), [true; 3])?;
        }

        #[test]
        fn div_by_a_wide_divisor_keeps_every_solution(x in short(), lo in -300i64..300, w in 0i64..600, z in result()) {
            let y = (lo, lo + w);
            check(&solutions(ArithOp::Div, x, y, z), div(x, y, z), [false; 3])?;
        }

        #[test]
        fn mod_keeps_every_solution(x in short(), y in short(), z in result()) {
            check(&solutions(ArithOp::Mod, x, y, z), rem(x, y, z), [false; 3])?;
        }

        #[test]
        fn mod_by_a_constant_has_tight_dividend_bounds(x in short(), m in prop_oneof![1i64..12, -12i64..-1], z in result()) {
            let y = (m, m);
            check(&solutions(ArithOp::Mod, x, y, z), rem(x, y, z), [true, true, false])?;
        }

        #[test]
        fn pow_keeps_every_solution(x in short(), y in prop_oneof![short(), (-4i64..40).prop_map(|n| (n, n)), (-4i64..6, 0i64..8).prop_map(|(l, w)| (l, l + w))], z in result()) {
            check(&solutions(ArithOp::Pow, x, y, z), pow(x, y, z), [false; 3])?;
        }

        #[test]
        fn abs_min_max_are_bounds_consistent(x in short(), y in short(), z in result(), op in prop_oneof![Just(ArithOp::Abs), Just(ArithOp::Min), Just(ArithOp::Max)]) {
            let y = if op == ArithOp::Abs { (0, 0) } else { y };
            let tight = [true, op != ArithOp::Abs, true];
            check(&solutions(op, x, y, z), narrow(op, x, y, z), tight)?;
        }
    }

    #[test]
    fn the_modellers_cases_narrow_at_the_root() {
        // int_div(x, 1000, 5): x in 5000..=5999.
        assert_eq!(div((-M, M), (1000, 1000), (5, 5)), Some([(5000, 5999), (1000, 1000), (5, 5)]));
        // int_mod(x, 7, 3): x from 3 to the largest value 3 mod 7.
        let [x, _, z] = rem((-M, M), (7, 7), (3, 3)).unwrap();
        assert_eq!((x.0, x.1 % 7, z), (3, 3, (3, 3)));
        // x * x >= 50: |x| <= 46340 and |x| >= 8.
        assert_eq!(square((-M, M), (50, M)), Some([(-46_340, 46_340), (64, 46_340 * 46_340)]));
        assert_eq!(square((0, M), (50, M)), Some([(8, 46_340), (64, 46_340 * 46_340)]));
        // t div 3600 = 7 over 0..43199.
        assert_eq!(div((0, 43_199), (3600, 3600), (7, 7)), Some([(25_200, 28_799), (3600, 3600), (7, 7)]));
        // Negative divisors round towards zero: x / -3 = 2 for x in -8..=-6.
        assert_eq!(div((-M, M), (-3, -3), (2, 2)), Some([(-8, -6), (-3, -3), (2, 2)]));
    }
}
