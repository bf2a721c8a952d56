//! A fixed-capacity list that is `Copy`, for game states the search clones
//! at every node: copying one is a plain memory copy, where `ArrayVec`
//! clones element by element (a hot spot in the solver's profile).

use std::fmt;
use std::ops::Deref;

/// Up to `N` items; unused slots hold a filler value that is never read.
#[derive(Clone, Copy)]
pub(crate) struct CopyVec<T: Copy, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Copy, const N: usize> CopyVec<T, N> {
    /// An empty list; `fill` only initialises the unused slots.
    pub(crate) const fn new(fill: T) -> Self {
        CopyVec {
            items: [fill; N],
            len: 0,
        }
    }

    /// The first `N` of `items`.
    pub(crate) fn from_slice(items: &[T], fill: T) -> Self {
        let mut v = CopyVec::new(fill);
        for &item in items {
            v.push(item);
        }
        v
    }

    /// Appends `item`; a full list (which the rules never produce) keeps
    /// its items and drops the new one rather than failing.
    pub(crate) fn push(&mut self, item: T) {
        debug_assert!((self.len as usize) < N, "CopyVec overflow");
        if let Some(slot) = self.items.get_mut(self.len as usize) {
            *slot = item;
            self.len += 1;
        }
    }
}

impl<T: Copy, const N: usize> Deref for CopyVec<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

// Equality and printing look at the items only, never the filler.
impl<T: Copy + PartialEq, const N: usize> PartialEq for CopyVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Copy + Eq, const N: usize> Eq for CopyVec<T, N> {}

impl<T: Copy + fmt::Debug, const N: usize> fmt::Debug for CopyVec<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::CopyVec;

    #[test]
    fn pushes_compares_and_ignores_overflow() {
        let mut a: CopyVec<u8, 2> = CopyVec::new(0);
        a.push(1);
        let b = CopyVec::<u8, 2>::from_slice(&[1], 9);
        assert_eq!(a, b);
        a.push(2);
        a.push(3);
        assert_eq!(&*a, &[1, 2]);
        assert_eq!(format!("{a:?}"), "[1, 2]");
    }
}
