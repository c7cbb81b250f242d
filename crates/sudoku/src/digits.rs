//! [`Digits`]: a set of digits, the candidates of a cell; a leaf below the step vocabulary
//! ([`crate::technique::step`]) and the killer words ([`crate::killer_reasoning`]), which both hold such sets.

/// A set of digits (at most 25), as the candidates of a cell.
///
/// `Display` lists them in braces with symbols, as `{4, 9}` or `{A, C}`.
///
/// # Example
///
/// ```
/// use sudoku::Digits;
///
/// let d: Digits = [9, 4].into_iter().collect();
/// assert_eq!((d.len(), d.contains(4), d.contains(5)), (2, true, false));
/// assert_eq!(d.to_string(), "{4, 9}");
/// assert_eq!(d.iter().collect::<Vec<_>>(), [4, 9]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Digits(u32);

impl Digits {
    /// No digit.
    pub const EMPTY: Digits = Digits(0);

    /// The set of one digit.
    ///
    /// # Panics
    ///
    /// Panics if `digit` is not in `1..=25`.
    pub fn single(digit: u8) -> Digits {
        assert!((1..=25).contains(&digit), "digit {digit} is not in 1..=25");
        Digits(1 << (digit - 1))
    }

    /// The set whose bit `d - 1` stands for digit `d`.
    pub(crate) fn from_mask(mask: u32) -> Digits {
        Digits(mask & ((1 << 25) - 1))
    }

    /// The set as a mask, bit `d - 1` for digit `d`.
    pub(crate) fn mask(self) -> u32 {
        self.0
    }

    /// Whether `digit` is in the set.
    pub fn contains(self, digit: u8) -> bool {
        (1..=25).contains(&digit) && self.0 & (1 << (digit - 1)) != 0
    }

    /// The number of digits.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The digits, smallest first.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let d = bits.trailing_zeros() as u8 + 1;
                bits &= bits - 1;
                d
            })
        })
    }
}

impl FromIterator<u8> for Digits {
    /// Collects digits; values outside `1..=25` are ignored.
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Digits {
        let mask = iter.into_iter().filter(|d| (1..=25).contains(d)).fold(0, |m, d| m | 1 << (d - 1));
        Digits(mask)
    }
}
