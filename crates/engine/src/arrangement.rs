//! An arrangement of the pieces of the patterned cases (decisions.md 17): the pieces present, as a
//! set of bits (piece k is bit k % 64 of word k / 64). A large frame's bounds name hundreds of pieces
//! each, and many bounds share one arrangement (a member's end, across combinations and
//! quantities), so the words are shared rather than copied, and a list is made only where one is
//! read. Not `fixedbitset`: its blocks are `usize` (32 bits in WebAssembly, 64 natively) where the
//! binding hands over one fixed layout, and sets of different lengths compare unequal, so the
//! sharing and the equality both need this much wrapping around it anyway.

use std::sync::Arc;

use serde::{Serialize, Serializer};

/// The pieces present in an arrangement; no trailing zero word, so equal sets compare equal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Arrangement(Option<Arc<[u64]>>);

impl Arrangement {
    /// The arrangement of the pieces `present` (in any order).
    pub fn of(present: impl IntoIterator<Item = usize>) -> Self {
        let mut words = Vec::new();
        for k in present {
            if words.len() <= k / 64 {
                words.resize(k / 64 + 1, 0);
            }
            words[k / 64] |= 1 << (k % 64);
        }
        Self::from_words(&words)
    }

    /// The arrangement whose piece k is bit k % 64 of `words[k / 64]`: one allocation, of its
    /// words up to the last non-zero one (tens of thousands are made for a large frame).
    pub fn from_words(words: &[u64]) -> Self {
        let used = words
            .iter()
            .rposition(|&w| w != 0)
            .map_or(0, |last| last + 1);
        Arrangement((used > 0).then(|| Arc::from(&words[..used])))
    }

    /// Bit k % 64 of word k / 64 for piece k; none past the last present piece's word.
    pub fn words(&self) -> &[u64] {
        self.0.as_deref().unwrap_or(&[])
    }

    /// Whether piece `k` is present.
    pub fn contains(&self, k: usize) -> bool {
        self.words()
            .get(k / 64)
            .is_some_and(|w| w >> (k % 64) & 1 == 1)
    }

    /// The pieces present, ascending.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words().iter().enumerate().flat_map(|(i, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    i * 64 + bit
                })
            })
        })
    }

    /// How many pieces are present.
    pub fn len(&self) -> usize {
        self.words().iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether no piece is present.
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// The pieces present in either.
    pub fn union(&self, other: &Self) -> Self {
        let (long, short) = if self.words().len() >= other.words().len() {
            (self, other)
        } else {
            (other, self)
        };
        if short.is_empty() {
            return long.clone();
        }
        let mut words = long.words().to_vec();
        words
            .iter_mut()
            .zip(short.words())
            .for_each(|(a, b)| *a |= b);
        Arrangement::from_words(&words)
    }

    /// The pieces present, ascending, as a list.
    pub fn to_vec(&self) -> Vec<usize> {
        self.iter().collect()
    }
}

/// Written as the list of the pieces present.
impl Serialize for Arrangement {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_what_it_was_made_of() {
        let a = Arrangement::of([130, 0, 63, 64]);
        assert_eq!(a.to_vec(), vec![0, 63, 64, 130]);
        assert_eq!(a.len(), 4);
        assert!(a.contains(63) && a.contains(130) && !a.contains(1) && !a.contains(500));
        assert_eq!(a.words().len(), 3);
    }

    #[test]
    fn equal_sets_are_equal_whatever_their_words() {
        assert_eq!(Arrangement::from_words(&[5, 0, 0]), Arrangement::of([0, 2]));
        assert_eq!(Arrangement::from_words(&[0, 0]), Arrangement::default());
        assert!(Arrangement::of([]).is_empty());
    }

    #[test]
    fn union_takes_both() {
        let a = Arrangement::of([1, 70]);
        let b = Arrangement::of([2]);
        assert_eq!(a.union(&b).to_vec(), vec![1, 2, 70]);
        assert_eq!(b.union(&a), a.union(&b));
        assert_eq!(Arrangement::default().union(&b), b);
    }
}
