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

/// Iterates over the cell indices of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct BitIter(pub Bits);

impl Iterator for BitIter {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_set_bits_in_order() {
        let set = bit(0) | bit(5) | bit(127);
        assert_eq!(BitIter(set).collect::<Vec<_>>(), vec![0, 5, 127]);
        assert_eq!(BitIter(set).len(), 3);
        assert!(has(set, 5) && !has(set, 6));
    }
}
