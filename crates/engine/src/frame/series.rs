//! A member diagram as part of its result's one buffer: every member's series of one diagram lie one
//! after another in a shared buffer, so a result's diagrams are four allocations rather than four a
//! member (a thousand-member frame made four thousand, and freed them again, which cost more than the
//! sampling in WebAssembly), and the binding hands each buffer over whole.

use std::ops::Range;
use std::sync::Arc;

use serde::{Serialize, Serializer};

/// Points `[position from the member start (m), value]` of one member's diagram.
#[derive(Clone, Debug, Default)]
pub struct Series {
    buffer: Option<Arc<Vec<[f64; 2]>>>,
    range: Range<usize>,
}

impl Series {
    /// The member's part of `buffer`.
    pub(super) fn part_of(buffer: &Arc<Vec<[f64; 2]>>, range: Range<usize>) -> Self {
        Series {
            buffer: Some(Arc::clone(buffer)),
            range,
        }
    }

    /// The points.
    pub fn as_slice(&self) -> &[[f64; 2]] {
        self.buffer.as_ref().map_or(&[], |b| &b[self.range.clone()])
    }

    /// The points in order.
    pub fn iter(&self) -> std::slice::Iter<'_, [f64; 2]> {
        self.as_slice().iter()
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.range.len()
    }

    /// True when the result kept no diagrams.
    pub fn is_empty(&self) -> bool {
        self.range.is_empty()
    }

    /// The whole buffer this series is part of: the diagram of every member of its result, in
    /// member order (`None` when the result kept no diagrams).
    pub fn whole(&self) -> Option<&[[f64; 2]]> {
        self.buffer.as_deref().map(Vec::as_slice)
    }
}

impl PartialEq for Series {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Serialize for Series {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'a> IntoIterator for &'a Series {
    type Item = &'a [f64; 2];
    type IntoIter = std::slice::Iter<'a, [f64; 2]>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
