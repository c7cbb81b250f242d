//! Domains: the values a variable can still take.
//!
//! All domains of a search state live in one flat [`FixedBitSet`]; each variable owns a
//! word-aligned run of blocks in it, one bit per value (see `docs/design.md`). A [`Domain`] is a
//! read-only view of one such run together with the variable's value map.
//!
//! A variable over a large range (more than [`INTERVAL_THRESHOLD`] values, say `0..=1_000_000`)
//! is an *interval* instead: two blocks holding the indices of its smallest and largest values,
//! so a checkpoint costs two words, not one bit per value. An interval has no holes: removing a
//! value strictly inside it changes nothing (the bounds representation of the literature), and
//! the constraints that reason on bits refuse interval variables when posted.

use std::fmt;
use std::ops::RangeInclusive;

use fixedbitset::{Block, FixedBitSet};

use crate::id::Value;

/// Bits in one block of a domain.
pub(crate) const BITS: usize = Block::BITS as usize;

/// How a variable's dense bit indices map to its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ValueMap {
    /// Bit `i` is the value `min + i` (a contiguous range).
    Range {
        /// The smallest value.
        min: Value,
    },
    /// Bit `i` is the value `min + i`, and the domain is an interval of bits stored as two
    /// blocks: the lowest and the highest bit left (empty when the lowest exceeds the highest).
    Interval {
        /// The smallest initial value.
        min: Value,
    },
    /// Bit `i` is `values[i]`; `values` is sorted and free of duplicates.
    Explicit {
        /// The values in increasing order.
        values: Box<[Value]>,
    },
}

impl ValueMap {
    /// The value of bit `bit`.
    #[inline]
    pub(crate) fn value(&self, bit: usize) -> Value {
        match self {
            // The bit is below the domain size, and a range domain's last value fits in i32.
            ValueMap::Range { min } | ValueMap::Interval { min } => min.wrapping_add(bit as i32),
            ValueMap::Explicit { values } => values[bit],
        }
    }

    /// The bit of `value`, if the value is in the initial domain of `len` values.
    #[inline]
    pub(crate) fn bit(&self, value: Value, len: usize) -> Option<usize> {
        match self {
            ValueMap::Range { min } | ValueMap::Interval { min } => {
                let d = i64::from(value) - i64::from(*min);
                if d >= 0 && (d as u64) < len as u64 {
                    Some(d as usize)
                } else {
                    None
                }
            }
            ValueMap::Explicit { values } => values.binary_search(&value).ok(),
        }
    }

    /// The smallest bit whose value is `>= value` (`len` if none).
    pub(crate) fn bit_at_least(&self, value: Value, len: usize) -> usize {
        match self {
            ValueMap::Range { min } | ValueMap::Interval { min } => {
                let d = i64::from(value) - i64::from(*min);
                d.clamp(0, len as i64) as usize
            }
            ValueMap::Explicit { values } => values.partition_point(|&v| v < value),
        }
    }

    /// The base value when this is a range map.
    #[inline]
    pub(crate) fn range_min(&self) -> Option<Value> {
        match self {
            ValueMap::Range { min } => Some(*min),
            ValueMap::Explicit { .. } | ValueMap::Interval { .. } => None,
        }
    }
}

/// The initial domain of a new variable: a range or an explicit set of values.
///
/// Built with `From`: `1..=9`, `vec![2, 3, 5, 7]`, `[1, 10, 100]` or `&[..]`. Duplicates in an
/// explicit set are merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitialDomain {
    pub(crate) map: ValueMap,
    pub(crate) len: usize,
}

impl InitialDomain {
    /// The number of values.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no value at all (an error when the variable is created).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn from_values(mut values: Vec<Value>) -> InitialDomain {
        values.sort_unstable();
        values.dedup();
        let len = values.len();
        // A set without holes is a range: cheaper to map and eligible for word-level reasoning.
        let contiguous = len > 0 && i64::from(values[len - 1]) - i64::from(values[0]) == len as i64 - 1;
        let map = if contiguous || len == 0 {
            ValueMap::Range { min: values.first().copied().unwrap_or(0) }
        } else {
            ValueMap::Explicit { values: values.into_boxed_slice() }
        };
        InitialDomain { map, len }
    }
}

impl From<RangeInclusive<Value>> for InitialDomain {
    fn from(r: RangeInclusive<Value>) -> InitialDomain {
        let (lo, hi) = (*r.start(), *r.end());
        let len = if hi < lo { 0 } else { (i64::from(hi) - i64::from(lo) + 1) as usize };
        InitialDomain { map: ValueMap::Range { min: lo }, len }
    }
}

impl From<std::ops::Range<Value>> for InitialDomain {
    fn from(r: std::ops::Range<Value>) -> InitialDomain {
        let len = if r.end <= r.start { 0 } else { (i64::from(r.end) - i64::from(r.start)) as usize };
        InitialDomain { map: ValueMap::Range { min: r.start }, len }
    }
}

impl From<Vec<Value>> for InitialDomain {
    fn from(v: Vec<Value>) -> InitialDomain {
        InitialDomain::from_values(v)
    }
}

impl From<&[Value]> for InitialDomain {
    fn from(v: &[Value]) -> InitialDomain {
        InitialDomain::from_values(v.to_vec())
    }
}

impl<const N: usize> From<[Value; N]> for InitialDomain {
    fn from(v: [Value; N]) -> InitialDomain {
        InitialDomain::from_values(v.to_vec())
    }
}

/// A read-only view of the current domain of one variable.
///
/// `len()` and `is_empty()` count the values still in the domain; this differs from
/// [`FixedBitSet::len`], which is a capacity. A domain is empty only between a
/// [`Conflict`](crate::error::Conflict) and the next restore.
///
/// # Example
///
/// ```
/// use csp::Model;
///
/// let mut model = Model::new();
/// let x = model.new_var(1..=4)?;
/// let mut solver = model.into_solver();
/// solver.remove_value(x, 2)?;
/// let d = solver.domain(x);
/// assert_eq!(d.len(), 3);
/// assert_eq!(d.iter().collect::<Vec<_>>(), vec![1, 3, 4]);
/// assert_eq!((d.min(), d.max(), d.single_value()), (Some(1), Some(4), None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Domain<'a> {
    pub(crate) blocks: &'a [Block],
    pub(crate) map: &'a ValueMap,
}

/// Above this many values, a range domain is an interval (two blocks: its bounds) rather than
/// a bitset: `0..=1_000_000` costs two words per checkpoint instead of 15,625.
pub const INTERVAL_THRESHOLD: usize = 1 << 16;

/// The largest value of an interval domain: `2^31 - 2`, one below `i32::MAX` (Gecode's
/// `Int::Limits::max`). An interval lies within [`MIN_INTERVAL_VALUE`]`..=`[`MAX_INTERVAL_VALUE`],
/// so its bounds plus or minus one are still `i32` values, and a sum or product of two bounds
/// fits in an `i64` with room to spare: bound arithmetic never overflows. The widest interval,
/// `MIN_INTERVAL_VALUE..=MAX_INTERVAL_VALUE`, is what a variable without finite bounds gets (as
/// in Gecode).
///
/// ```
/// use csp::Model;
/// use csp::domain::{MAX_INTERVAL_VALUE, MIN_INTERVAL_VALUE};
///
/// let mut model = Model::new();
/// let x = model.new_var(MIN_INTERVAL_VALUE..=MAX_INTERVAL_VALUE)?;
/// assert!(model.initial_domain(x).is_interval());
/// assert_eq!(model.initial_domain(x).len(), (1 << 32) - 3);
/// assert!(model.new_var(0..=i32::MAX).is_err()); // beyond the limit: an error
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const MAX_INTERVAL_VALUE: Value = i32::MAX - 1;

/// The smallest value of an interval domain: `-(2^31 - 2)` (see [`MAX_INTERVAL_VALUE`]).
pub const MIN_INTERVAL_VALUE: Value = -MAX_INTERVAL_VALUE;

/// The most values a bitset domain holds (65,535 blocks of 64 bits, the propagation engine's
/// 16-bit block count): the limit on a domain of listed values such as `vec![1, 3, 5, ...]`.
pub const MAX_BITSET_VALUES: usize = u16::MAX as usize * BITS;

impl<'a> Domain<'a> {
    /// The bit interval `(lo, hi)` of an interval domain (empty when `lo > hi`), `None` for a
    /// bitset.
    #[inline]
    pub(crate) fn interval(&self) -> Option<(usize, usize)> {
        match self.map {
            ValueMap::Interval { .. } => Some((self.blocks[0], self.blocks[1])),
            _ => None,
        }
    }

    /// Whether the domain is an interval (a large range: see [`INTERVAL_THRESHOLD`]) rather
    /// than a bitset. An interval has no holes.
    #[inline]
    pub fn is_interval(&self) -> bool {
        matches!(self.map, ValueMap::Interval { .. })
    }

    /// The number of values left.
    #[inline]
    pub fn len(&self) -> usize {
        if let Some((lo, hi)) = self.interval() {
            return (hi + 1).saturating_sub(lo);
        }
        self.blocks.iter().map(|b| b.count_ones() as usize).sum()
    }

    /// Whether no value is left (only between a conflict and the next restore).
    #[inline]
    pub fn is_empty(&self) -> bool {
        if let Some((lo, hi)) = self.interval() {
            return lo > hi;
        }
        self.blocks.iter().all(|&b| b == 0)
    }

    /// Whether exactly one value is left.
    #[inline]
    pub fn is_fixed(&self) -> bool {
        self.len() == 1
    }

    /// Whether `value` is still in the domain.
    #[inline]
    pub fn contains(&self, value: Value) -> bool {
        if let Some((lo, hi)) = self.interval() {
            return self.map.bit(value, hi + 1).is_some_and(|b| b >= lo);
        }
        match self.map.bit(value, self.blocks.len() * BITS) {
            Some(bit) => self.blocks[bit / BITS] & (1 << (bit % BITS)) != 0,
            None => false,
        }
    }

    /// The value left when exactly one is left.
    #[inline]
    pub fn single_value(&self) -> Option<Value> {
        if self.is_fixed() {
            self.min()
        } else {
            None
        }
    }

    /// The smallest value left.
    pub fn min(&self) -> Option<Value> {
        self.min_bit().map(|b| self.map.value(b))
    }

    /// The largest value left.
    pub fn max(&self) -> Option<Value> {
        self.max_bit().map(|b| self.map.value(b))
    }

    pub(crate) fn min_bit(&self) -> Option<usize> {
        if let Some((lo, hi)) = self.interval() {
            return (lo <= hi).then_some(lo);
        }
        self.blocks.iter().enumerate().find(|(_, &b)| b != 0).map(|(i, b)| i * BITS + b.trailing_zeros() as usize)
    }

    pub(crate) fn max_bit(&self) -> Option<usize> {
        if let Some((lo, hi)) = self.interval() {
            return (lo <= hi).then_some(hi);
        }
        self.blocks
            .iter()
            .enumerate()
            .rev()
            .find(|(_, &b)| b != 0)
            .map(|(i, b)| i * BITS + (BITS - 1 - b.leading_zeros() as usize))
    }

    /// The values left, in increasing order.
    pub fn iter(&self) -> DomainIter<'a> {
        if let Some((lo, hi)) = self.interval() {
            // No blocks: the bits come from `next_bit..end` once the (empty) blocks are done.
            return DomainIter { blocks: &[], map: self.map, word: 0, current: 0, next_bit: lo, end: hi + 1 };
        }
        DomainIter {
            blocks: self.blocks,
            map: self.map,
            word: 0,
            current: self.blocks.first().copied().unwrap_or(0),
            next_bit: 0,
            end: 0,
        }
    }

    /// The values left, collected.
    pub fn to_vec(&self) -> Vec<Value> {
        self.iter().collect()
    }

    /// The dense bit indices left, as a bitset (bit `i` is the variable's `i`-th initial value).
    pub fn to_bitset(&self) -> FixedBitSet {
        if let Some((lo, hi)) = self.interval() {
            let mut s = FixedBitSet::with_capacity(hi + 1);
            s.insert_range(lo..hi + 1);
            return s;
        }
        let mut s = FixedBitSet::with_capacity(self.blocks.len() * BITS);
        s.as_mut_slice().copy_from_slice(self.blocks);
        s
    }
}

impl fmt::Debug for Domain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Prints `{1, 3, 4}`.
impl fmt::Display for Domain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{v}")?;
        }
        f.write_str("}")
    }
}

impl<'a> IntoIterator for Domain<'a> {
    type Item = Value;
    type IntoIter = DomainIter<'a>;
    fn into_iter(self) -> DomainIter<'a> {
        self.iter()
    }
}

/// Iterator over the values of a [`Domain`], in increasing order.
#[derive(Clone, Debug)]
pub struct DomainIter<'a> {
    blocks: &'a [Block],
    map: &'a ValueMap,
    word: usize,
    current: Block,
    /// For an interval domain: the next bit and the end of the interval (both 0 otherwise).
    next_bit: usize,
    end: usize,
}

impl Iterator for DomainIter<'_> {
    type Item = Value;
    #[inline]
    fn next(&mut self) -> Option<Value> {
        loop {
            if self.current != 0 {
                let t = self.current.trailing_zeros() as usize;
                self.current &= self.current - 1;
                return Some(self.map.value(self.word * BITS + t));
            }
            self.word += 1;
            if self.word >= self.blocks.len() {
                if self.next_bit < self.end {
                    self.next_bit += 1;
                    return Some(self.map.value(self.next_bit - 1));
                }
                return None;
            }
            self.current = self.blocks[self.word];
        }
    }
}
