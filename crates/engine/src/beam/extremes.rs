//! Exact extremes of a superposition of responses: segment ends and stationary points.

use super::model::{BeamExtremes, Extreme, Range};
use super::response::{superpose_segment, Bernstein, Component, BERNSTEIN_DEGREE};
use crate::member::Segment;
use crate::polynomial::Poly;

/// Stationary points down the chain q -> V -> M -> θ, each level's roots fencing the next, found
/// only as deep as a caller asks.
pub(super) struct Chain<'a> {
    segment: &'a Segment,
    length: f64,
    /// Roots of q, V, M and θ inside the segment.
    roots: [Option<Vec<f64>>; 4],
}

impl<'a> Chain<'a> {
    pub(super) fn new(segment: &'a Segment) -> Self {
        Chain {
            segment,
            length: segment.end - segment.start,
            roots: Default::default(),
        }
    }

    pub(super) fn roots(&mut self, level: usize) -> &[f64] {
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
///
/// Values are compared with `<` and `>` rather than `f64::max`, whose NaN handling WebAssembly
/// spends a branch on at every comparison (a value is never NaN here: a result that is not finite
/// is refused afterwards), and coefficients are summed into one buffer rather than returned.
///
/// Deflection is also bounded span by span (`span_ends`: where each span ends): a segment is searched
/// when it could beat its own span's values, so every span's extremes are exact too.
pub(super) fn extremes(parts: &[(f64, &Component)], span_ends: &[f64]) -> BeamExtremes {
    const DEFLECTION: usize = 2;
    let slots = segment_slots(parts[0].1);
    let active: Vec<(f64, &Component)> = parts.iter().copied().filter(|(f, _)| *f != 0.0).collect();
    let mut candidates: [Vec<(f64, f64)>; 3] =
        std::array::from_fn(|_| Vec::with_capacity(2 * slots.len() + 8));
    let mut high = [f64::NEG_INFINITY; 3];
    let mut low = [f64::INFINITY; 3];
    let mut spans = SpanDeflections::new(span_ends, &slots);
    for (slot, &(_, _, x0, x1)) in slots.iter().enumerate() {
        for f in 0..3 {
            let ends = [0, BERNSTEIN_DEGREE[f]].map(|k| superposed_at(&active, slot, f, k));
            candidates[f].push((x0, ends[0]));
            candidates[f].push((x1, ends[1]));
            for v in ends {
                widen(&mut high[f], &mut low[f], v);
            }
            if f == DEFLECTION {
                spans.see(slot, x0, ends[0]);
                spans.see(slot, x1, ends[1]);
            }
        }
    }
    let mut b = [[0.0; Poly::CAPACITY]; 3];
    for (slot, &(m, k, x0, _)) in slots.iter().enumerate() {
        superposed(&active, slot, &mut b);
        let wanted: [bool; 3] = std::array::from_fn(|f| {
            let (mut upper, mut lower) = (f64::NEG_INFINITY, f64::INFINITY);
            for &v in &b[f][..=BERNSTEIN_DEGREE[f]] {
                widen(&mut upper, &mut lower, v);
            }
            // a margin well above the tie tolerance, so a segment that could tie is never skipped
            let margin = 1e-6 * larger(high[f].abs(), low[f].abs());
            let (high, low) = if f == DEFLECTION {
                spans.bounds(slot)
            } else {
                (high[f], low[f])
            };
            upper >= high - margin || lower <= low + margin
        });
        if !wanted.contains(&true) {
            continue;
        }
        let segment = superpose_segment(parts, m, k);
        let mut chain = Chain::new(&segment);
        let functions = [segment.shear, segment.moment, segment.deflection];
        for f in (0..3).filter(|&f| wanted[f]) {
            for &t in chain.roots(STATIONARY_LEVEL[f]) {
                let v = functions[f].eval(t);
                candidates[f].push((x0 + t, v));
                widen(&mut high[f], &mut low[f], v);
                if f == DEFLECTION {
                    spans.see(slot, x0 + t, v);
                }
            }
        }
    }
    let [shear, moment, deflection] = candidates.map(|c| range(&c));
    BeamExtremes {
        shear,
        moment,
        deflection,
        spans: spans.candidates.iter().map(|c| range(c)).collect(),
    }
}

/// Each span's deflection candidates and the bounds they have reached so far, found by slot.
struct SpanDeflections {
    /// The span each slot (segment) lies in.
    span_of: Vec<usize>,
    candidates: Vec<Vec<(f64, f64)>>,
    high: Vec<f64>,
    low: Vec<f64>,
}

impl SpanDeflections {
    fn new(span_ends: &[f64], slots: &[(usize, usize, f64, f64)]) -> Self {
        let spans = span_ends.len();
        // a slot lies within one span: the beam is cut into members at every span joint
        let span_of = slots
            .iter()
            .map(|&(_, _, x0, x1)| {
                let middle = 0.5 * (x0 + x1);
                span_ends
                    .partition_point(|&end| end <= middle)
                    .min(spans.saturating_sub(1))
            })
            .collect();
        SpanDeflections {
            span_of,
            candidates: vec![Vec::new(); spans],
            high: vec![f64::NEG_INFINITY; spans],
            low: vec![f64::INFINITY; spans],
        }
    }

    fn see(&mut self, slot: usize, x: f64, v: f64) {
        let span = self.span_of[slot];
        self.candidates[span].push((x, v));
        widen(&mut self.high[span], &mut self.low[span], v);
    }

    /// The highest and lowest deflection seen so far in the span of `slot`.
    fn bounds(&self, slot: usize) -> (f64, f64) {
        let span = self.span_of[slot];
        (self.high[span], self.low[span])
    }
}

/// The chain level whose roots are the stationary points of shear, moment and deflection.
pub(super) const STATIONARY_LEVEL: [usize; 3] = [0, 1, 3];

/// Every segment of every member, in order along the beam: `(member, segment, x start, x end)`;
/// the slot index also indexes a component's Bernstein coefficients.
pub(super) fn segment_slots(geometry: &Component) -> Vec<(usize, usize, f64, f64)> {
    geometry
        .members
        .iter()
        .enumerate()
        .flat_map(|(m, (x0, _, segments))| {
            segments
                .iter()
                .enumerate()
                .map(move |(k, s)| (m, k, x0 + s.start, x0 + s.end))
        })
        .collect()
}

/// Moves `high` up or `low` down to take in `v`.
fn widen(high: &mut f64, low: &mut f64, v: f64) {
    if v > *high {
        *high = v;
    }
    if v < *low {
        *low = v;
    }
}

/// The larger of `a` and `b`, keeping `a` when `b` is a NaN: a fold from a finite start leaves NaNs
/// out (`f64::max` does too, but its NaN handling costs a branch or a call in WebAssembly).
pub(crate) fn larger(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

/// One superposed Bernstein coefficient (`k`) of function `f` over one slot (segment).
fn superposed_at(active: &[(f64, &Component)], slot: usize, f: usize, k: usize) -> f64 {
    let mut sum = 0.0;
    for &(factor, part) in active {
        if let Some(own) = part.bernstein.get(slot) {
            sum += factor * own[f][k];
        }
    }
    sum
}

/// The superposed Bernstein coefficients of shear, moment and deflection over one slot (segment),
/// into `sum`. Summed where they are used, never stored for the whole beam: that array was most of
/// the cost of a combination's extremes.
fn superposed(active: &[(f64, &Component)], slot: usize, sum: &mut [Bernstein; 3]) {
    for (f, coefficients) in sum.iter_mut().enumerate() {
        coefficients[..=BERNSTEIN_DEGREE[f]].fill(0.0);
    }
    for &(factor, part) in active {
        let Some(own) = part.bernstein.get(slot) else {
            continue;
        };
        for f in 0..3 {
            for (a, b) in sum[f].iter_mut().zip(&own[f]).take(BERNSTEIN_DEGREE[f] + 1) {
                *a += factor * b;
            }
        }
    }
}

/// Largest and smallest of the candidate values. Values equal to within rounding count as a tie,
/// so a flat stretch reports its left end.
fn range(candidates: &[(f64, f64)]) -> Range {
    let (mut max, mut min) = (f64::NEG_INFINITY, f64::INFINITY);
    for c in candidates {
        widen(&mut max, &mut min, c.1);
    }
    let tie = 1e-9 * larger(max.abs(), min.abs());
    let (mut max_at, mut min_at) = (f64::INFINITY, f64::INFINITY);
    for &(x, v) in candidates {
        if v >= max - tie && x < max_at {
            max_at = x;
        }
        if v <= min + tie && x < min_at {
            min_at = x;
        }
    }
    Range {
        max: Extreme {
            value: max,
            position: max_at,
        },
        min: Extreme {
            value: min,
            position: min_at,
        },
    }
}
