//! Exact extremes of a superposition of responses: segment ends and stationary points.

use super::model::{BeamExtremes, Extreme, Range};
use super::response::{superpose_segment, Bernstein, Component, BERNSTEIN_DEGREE};
use crate::member::Segment;
use crate::polynomial::Poly;

/// Stationary points down the chain q -> V -> M -> θ, each level's roots fencing the next, found
/// only as deep as a caller asks.
struct Chain<'a> {
    segment: &'a Segment,
    length: f64,
    /// Roots of q, V, M and θ inside the segment.
    roots: [Option<Vec<f64>>; 4],
}

impl<'a> Chain<'a> {
    fn new(segment: &'a Segment) -> Self {
        Chain {
            segment,
            length: segment.end - segment.start,
            roots: Default::default(),
        }
    }

    fn roots(&mut self, level: usize) -> &[f64] {
        if self.roots[level].is_none() {
            let s = self.segment;
            let found = match level {
                0 => s.shear.derivative().roots_in(0.0, self.length),
                _ => {
                    let fences = self.roots(level - 1).to_vec();
                    let p = [&s.shear, &s.moment, &s.rotation][level - 1];
                    p.roots_between(0.0, self.length, &fences)
                }
            };
            self.roots[level] = Some(found);
        }
        self.roots[level].as_deref().unwrap_or(&[])
    }
}

/// Exact extremes of shear, moment and deflection of `Σ factor × component`: segment ends (one-sided)
/// and stationary points. The superposed Bernstein coefficients give every segment's end values and
/// bounds without evaluating anything; stationary points are sought only in segments whose bounds
/// could beat the values already found, which leaves most segments of a long beam untouched.
pub(super) fn extremes(parts: &[(f64, &Component)]) -> BeamExtremes {
    // the chain level whose roots are each function's stationary points
    const LEVEL: [usize; 3] = [0, 1, 3];
    let geometry = parts[0].1;
    let slots: Vec<(usize, usize, f64, f64)> = geometry
        .members
        .iter()
        .enumerate()
        .flat_map(|(m, (x0, _, segments))| {
            segments
                .iter()
                .enumerate()
                .map(move |(k, s)| (m, k, x0 + s.start, x0 + s.end))
        })
        .collect();
    let active: Vec<(f64, &Component)> = parts.iter().copied().filter(|(f, _)| *f != 0.0).collect();
    let superposed = |slot: usize, ends_only: bool| superposed(&active, slot, ends_only);
    let mut candidates: [Vec<(f64, f64)>; 3] =
        std::array::from_fn(|_| Vec::with_capacity(2 * slots.len() + 8));
    for (slot, &(_, _, x0, x1)) in slots.iter().enumerate() {
        let b = superposed(slot, true);
        for f in 0..3 {
            candidates[f].push((x0, b[f][0]));
            candidates[f].push((x1, b[f][BERNSTEIN_DEGREE[f]]));
        }
    }
    let mut high = candidates
        .each_ref()
        .map(|c| c.iter().map(|v| v.1).fold(f64::NEG_INFINITY, f64::max));
    let mut low = candidates
        .each_ref()
        .map(|c| c.iter().map(|v| v.1).fold(f64::INFINITY, f64::min));
    for (slot, &(m, k, x0, _)) in slots.iter().enumerate() {
        let b = superposed(slot, false);
        let wanted: [bool; 3] = std::array::from_fn(|f| {
            let coefficients = &b[f][..=BERNSTEIN_DEGREE[f]];
            let upper = coefficients
                .iter()
                .copied()
                .fold(f64::NEG_INFINITY, f64::max);
            let lower = coefficients.iter().copied().fold(f64::INFINITY, f64::min);
            // a margin well above the tie tolerance, so a segment that could tie is never skipped
            let margin = 1e-6 * high[f].abs().max(low[f].abs());
            upper >= high[f] - margin || lower <= low[f] + margin
        });
        if !wanted.contains(&true) {
            continue;
        }
        let segment = superpose_segment(parts, m, k);
        let mut chain = Chain::new(&segment);
        let functions = [segment.shear, segment.moment, segment.deflection];
        for f in (0..3).filter(|&f| wanted[f]) {
            for &t in chain.roots(LEVEL[f]) {
                let v = functions[f].eval(t);
                candidates[f].push((x0 + t, v));
                high[f] = high[f].max(v);
                low[f] = low[f].min(v);
            }
        }
    }
    let [shear, moment, deflection] = candidates.map(|c| range(&c));
    BeamExtremes {
        shear,
        moment,
        deflection,
    }
}

/// The superposed Bernstein coefficients of shear, moment and deflection over one slot (segment),
/// or only their end values. Summed where they are used, never stored for the whole beam: that
/// array was most of the cost of a combination's extremes.
fn superposed(active: &[(f64, &Component)], slot: usize, ends_only: bool) -> [Bernstein; 3] {
    let mut sum = [[0.0; Poly::CAPACITY]; 3];
    for &(factor, part) in active {
        let Some(own) = part.bernstein.get(slot) else {
            continue;
        };
        for f in 0..3 {
            let last = BERNSTEIN_DEGREE[f];
            if ends_only {
                sum[f][0] += factor * own[f][0];
                sum[f][last] += factor * own[f][last];
            } else {
                for (a, b) in sum[f].iter_mut().zip(&own[f]).take(last + 1) {
                    *a += factor * b;
                }
            }
        }
    }
    sum
}

/// Largest and smallest of the candidate values. Values equal to within rounding count as a tie,
/// so a flat stretch reports its left end.
fn range(candidates: &[(f64, f64)]) -> Range {
    let max = candidates
        .iter()
        .map(|c| c.1)
        .fold(f64::NEG_INFINITY, f64::max);
    let min = candidates.iter().map(|c| c.1).fold(f64::INFINITY, f64::min);
    let tie = 1e-9 * max.abs().max(min.abs());
    let leftmost = |pick: &dyn Fn(f64) -> bool| {
        candidates
            .iter()
            .filter(|c| pick(c.1))
            .map(|c| c.0)
            .fold(f64::INFINITY, f64::min)
    };
    Range {
        max: Extreme {
            value: max,
            position: leftmost(&|v| v >= max - tie),
        },
        min: Extreme {
            value: min,
            position: leftmost(&|v| v <= min + tie),
        },
    }
}
