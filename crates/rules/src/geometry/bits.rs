//! `u128` bitboards: every board here has at most 128 cells.

/// A set of cells, bit `i` = cell index `i`.
pub type Bits = u128;

/// The bit of cell `i`.
#[inline(always)]
pub const fn bit(i: usize) -> Bits {
    1u128 << i
}

/// `BITS[i] == bit(i)`: in hot loops a load is cheaper than a variable 128-bit shift.
pub static BITS: [Bits; 128] = {
    let mut table = [0; 128];
    let mut i = 0;
    while i < 128 {
        table[i] = bit(i);
        i += 1;
    }
    table
};

/// Whether cell `i` is in `set`.
#[inline(always)]
pub const fn has(set: Bits, i: usize) -> bool {
    (set >> i) & 1 != 0
}

/// A set of cells as the bits of an unsigned integer (`u128` for hex and 8×8 boards,
/// `u64` for smaller ones).
pub trait BitSet: Copy {
    /// Whether no bit is set.
    fn is_empty(self) -> bool;
    /// The lowest set bit's index (the set is not empty).
    fn lowest(self) -> usize;
    /// The set without its lowest bit.
    fn without_lowest(self) -> Self;
    /// The number of set bits.
    fn count(self) -> usize;
}

macro_rules! bit_set {
    ($($t:ty),*) => {$(
        impl BitSet for $t {
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn count(self) -> usize {
                self.count_ones() as usize
            }
        }
    )*};
}

bit_set!(u64, u128);

/// Iterates over the cell indices of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct BitIter<S: BitSet = Bits>(pub S);

impl<S: BitSet> Iterator for BitIter<S> {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            return None;
        }
        let i = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(i)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count();
        (n, Some(n))
    }
}

impl<S: BitSet> ExactSizeIterator for BitIter<S> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_set_bits_in_order() {
        let set = bit(0) | bit(5) | bit(127);
        assert_eq!(BitIter(set).collect::<Vec<_>>(), vec![0, 5, 127]);
        assert_eq!(BitIter(set).len(), 3);
        assert!(has(set, 5) && !has(set, 6));
        assert_eq!(BitIter(1u64 << 63 | 6).collect::<Vec<_>>(), vec![1, 2, 63]);
    }
}
