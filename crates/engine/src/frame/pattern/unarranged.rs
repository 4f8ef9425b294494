//! A combination in which every patterned case has a zero factor: every piece is absent whatever
//! the arrangement, so every arrangement is the fully loaded combination itself, and its bounds are
//! that combination's own results (already found) with no piece present. AS1170's 1.35G and
//! 0.9G + W are such rows; they take no piece work at all.

use super::super::FrameResult;
use super::{Bounded, FramePatterned};
use crate::arrangement::Arrangement;
use crate::beam::{Extreme, PatternedBound, PatternedRange, Range};

/// The bounds `wanted` (no series) of a combination whose result is `result`.
pub(super) fn bounds(result: &FrameResult, wanted: Bounded) -> FramePatterned {
    let fixed = |v: f64| {
        range(Range {
            max: Extreme {
                value: v,
                position: 0.0,
            },
            min: Extreme {
                value: v,
                position: 0.0,
            },
        })
    };
    let mut out = FramePatterned::default();
    if wanted.forces {
        out.reactions = (result.reactions.iter())
            .map(|r| [r.horizontal, r.vertical, r.moment].map(fixed))
            .collect();
        out.members = (result.members.iter())
            .map(|m| {
                let e = &m.extremes;
                [e.axial, e.shear, e.moment].map(range)
            })
            .collect();
    }
    if wanted.displacements {
        out.displacements = (result.displacements.iter())
            .map(|d| [d.x, d.y, d.rotation].map(fixed))
            .collect();
    }
    out
}

fn range(r: Range) -> PatternedRange {
    let bound = |e: Extreme| PatternedBound {
        value: e.value,
        position: e.position,
        pieces: Arrangement::default(),
    };
    PatternedRange {
        max: bound(r.max),
        min: bound(r.min),
    }
}
