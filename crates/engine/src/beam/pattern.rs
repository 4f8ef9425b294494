//! Pattern loading: a combination's most adverse arrangement of the pieces of the patterned cases,
//! over all 2^n arrangements, exactly. Each piece is a load set solved once, so an arrangement's
//! value anywhere is the fixed part (the unpatterned cases and the settlements) plus the present
//! pieces' contributions: the largest value takes exactly the pieces contributing upward there, the
//! smallest those contributing downward, and no arrangement is ever solved on its own.

use super::extremes::{larger, Chain, STATIONARY_LEVEL};
use super::model::{
    BeamReaction, DiagramBounds, PatternedBound, PatternedRange, PatternedReaction,
};
use super::response::{superpose_segment, Component, BERNSTEIN_DEGREE};
use crate::arrangement::Arrangement;
use crate::member::Segment;
use crate::polynomial::Poly;

/// Per function (shear, moment, deflection) over one slot: a largest and a smallest value.
pub(super) type SlotRanges = [(f64, f64); 3];

/// A piece's contribution counts only above this share of the largest piece contribution to the
/// same value, so that round-off never puts a piece in an arrangement (decisions 17).
pub(crate) const COUNTS: f64 = 1e-9;

/// One combination's responses split by role.
pub(super) struct Arranged<'a> {
    /// Always present, each at its factor: the unpatterned cases and the settlements (never empty:
    /// the settlements' response is there even when zero).
    pub fixed: Vec<(f64, &'a Component)>,
    /// `(piece number, factor of its case, response)`.
    pub pieces: Vec<(usize, f64, &'a Component)>,
    /// Per piece (in `pieces` order): [`coefficient_ranges`] of its response.
    pub ranges: Vec<&'a [SlotRanges]>,
    /// Per patterned case: its factor and [`adverse_ranges`] of its pieces.
    pub cases: Vec<(f64, &'a [SlotRanges])>,
    /// [`segment_slots`] of the beam.
    pub slots: &'a [(usize, usize, f64, f64)],
}

/// Per slot, per function: the sums over some pieces of their largest coefficients above zero and
/// of their smallest below zero, at factor 1: at a factor f ≥ 0 no arrangement of them adds more
/// than f times the first or less than f times the second (the other way round for f < 0).
pub(super) fn adverse_ranges(ranges: &[&[SlotRanges]]) -> Vec<SlotRanges> {
    let slots = ranges.first().map_or(0, |r| r.len());
    (0..slots)
        .map(|slot| {
            std::array::from_fn(|f| {
                ranges.iter().fold((0.0, 0.0), |(up, down), r| {
                    let (hi, lo) = r[slot][f];
                    (up + larger(hi, 0.0), down - larger(-lo, 0.0))
                })
            })
        })
        .collect()
}

/// Per slot, per function (shear, moment, deflection): the largest and smallest Bernstein
/// coefficient of one response at factor 1, which bound it over the slot. Taken once per analysis:
/// at factor f a piece's bounds are f times these.
pub(super) fn coefficient_ranges(c: &Component) -> Vec<SlotRanges> {
    c.bernstein
        .iter()
        .map(|b| std::array::from_fn(|f| extent(&b[f][..=BERNSTEIN_DEGREE[f]], 1.0)))
        .collect()
}

/// The upward and the downward sums of the contributions that count, with their pieces.
pub(crate) fn adverse(contributions: &[(usize, f64)]) -> [(f64, Vec<usize>); 2] {
    let threshold = COUNTS * contributions.iter().fold(0.0, |m, c| larger(m, c.1.abs()));
    let mut sums = [(0.0, Vec::new()), (0.0, Vec::new())];
    for &(k, c) in contributions {
        let side = if c > threshold {
            0
        } else if c < -threshold {
            1
        } else {
            continue;
        };
        sums[side].0 += c;
        sums[side].1.push(k);
    }
    sums
}

pub(crate) fn range(
    fixed: f64,
    position: [f64; 2],
    sums: [(f64, Vec<usize>); 2],
) -> PatternedRange {
    let [(up, up_pieces), (down, down_pieces)] = sums;
    PatternedRange {
        max: PatternedBound {
            value: fixed + up,
            position: position[0],
            pieces: Arrangement::of(up_pieces),
        },
        min: PatternedBound {
            value: fixed + down,
            position: position[1],
            pieces: Arrangement::of(down_pieces),
        },
    }
}

/// Each support's reaction bounds over every arrangement.
pub(super) fn reactions(arranged: &Arranged) -> Vec<PatternedReaction> {
    let supports = arranged.fixed[0].1.reactions.len();
    let bounds = |r: usize, value: fn(&BeamReaction) -> f64| {
        let fixed: f64 = arranged
            .fixed
            .iter()
            .map(|(f, c)| f * value(&c.reactions[r]))
            .sum();
        let contributions: Vec<(usize, f64)> = arranged
            .pieces
            .iter()
            .map(|&(k, f, c)| (k, f * value(&c.reactions[r])))
            .collect();
        range(fixed, [0.0; 2], adverse(&contributions))
    };
    (0..supports)
        .map(|r| PatternedReaction {
            vertical: bounds(r, |x| x.vertical),
            moment: bounds(r, |x| x.moment),
        })
        .collect()
}

/// Pointwise bounds of one diagram over every arrangement, from the responses' samples (all at the
/// same positions): fixed samples and the pieces' samples, each with its factor. Summed piece by
/// piece over all samples (a loop the compiler vectorises); a contribution below 1e-9 of the
/// largest moves a sum by round-off only, so here every contribution counts.
pub(super) fn series_bounds(
    fixed: &[(f64, &[[f64; 2]])],
    pieces: &[(f64, &[[f64; 2]])],
) -> DiagramBounds {
    let positions = fixed[0].1;
    let mut base = vec![0.0; positions.len()];
    for &(f, s) in fixed.iter().filter(|(f, _)| *f != 0.0) {
        for (b, p) in base.iter_mut().zip(s) {
            *b += f * p[1];
        }
    }
    let (mut up, mut down) = (base.clone(), base);
    for &(f, s) in pieces.iter().filter(|(f, _)| *f != 0.0) {
        for ((u, d), p) in up.iter_mut().zip(down.iter_mut()).zip(s) {
            // a comparison rather than f64::max, whose NaN handling WebAssembly pays a branch for
            let c = f * p[1];
            if c > 0.0 {
                *u += c;
            } else {
                *d += c;
            }
        }
    }
    let pair = |values: Vec<f64>| {
        positions
            .iter()
            .zip(values)
            .map(|(p, v)| [p[0], v])
            .collect()
    };
    DiagramBounds {
        max: pair(up),
        min: pair(down),
    }
}

/// Exact extremes of shear, moment and deflection (those `wanted`) over every position and every
/// arrangement. `seeds` are values already known to be reached (the series bounds' largest and
/// smallest), so that only segments that could beat them are searched.
pub(super) fn extremes(
    arranged: &Arranged,
    wanted: [bool; 3],
    seeds: [[f64; 2]; 3],
) -> [Option<PatternedRange>; 3] {
    std::array::from_fn(|f| {
        wanted[f].then(|| {
            Search {
                arranged,
                function: f,
            }
            .range(seeds[f])
        })
    })
}

/// A candidate extreme: position, value, and where to evaluate it again (slot, local t).
type Candidate = (f64, f64, usize, f64);

/// The search for one function's extremes over every arrangement.
struct Search<'a> {
    arranged: &'a Arranged<'a>,
    /// 0 shear, 1 moment, 2 deflection.
    function: usize,
}

impl Search<'_> {
    fn poly<'s>(&self, segment: &'s Segment) -> &'s Poly {
        [&segment.shear, &segment.moment, &segment.deflection][self.function]
    }

    fn segment<'c>(&self, component: &'c Component, slot: usize) -> &'c Segment {
        let (m, k, _, _) = self.arranged.slots[slot];
        &component.members[m].2[k]
    }

    /// The pieces' contributions at local `t` of a slot, into `out`; returns the fixed part.
    fn contributions(&self, slot: usize, t: f64, out: &mut Vec<f64>) -> f64 {
        let mut fixed = 0.0;
        for &(f, c) in &self.arranged.fixed {
            if f != 0.0 {
                fixed += f * self.poly(self.segment(c, slot)).eval(t);
            }
        }
        out.clear();
        out.extend(
            self.arranged
                .pieces
                .iter()
                .map(|&(_, f, c)| f * self.poly(self.segment(c, slot)).eval(t)),
        );
        fixed
    }

    /// The largest and smallest values over every arrangement at local `t` of a slot.
    fn value_at(&self, slot: usize, t: f64, scratch: &mut Vec<f64>) -> [f64; 2] {
        let fixed = self.contributions(slot, t, scratch);
        let threshold = COUNTS * scratch.iter().fold(0.0, |m, c| larger(m, c.abs()));
        let (mut up, mut down) = (0.0, 0.0);
        for &c in scratch.iter() {
            if c > threshold {
                up += c;
            } else if c < -threshold {
                down += c;
            }
        }
        [fixed + up, fixed + down]
    }

    /// The same, with the pieces present in each of the two arrangements.
    fn at(&self, slot: usize, t: f64) -> [(f64, Vec<usize>); 2] {
        let mut scratch = Vec::new();
        let fixed = self.contributions(slot, t, &mut scratch);
        let numbered: Vec<(usize, f64)> = self
            .arranged
            .pieces
            .iter()
            .zip(&scratch)
            .map(|(&(k, _, _), &c)| (k, c))
            .collect();
        adverse(&numbered).map(|(sum, pieces)| (fixed + sum, pieces))
    }

    /// Bernstein bounds over a slot: no arrangement exceeds the first or goes below the second.
    fn bounds(&self, slot: usize) -> [f64; 2] {
        let f = self.function;
        let degree = BERNSTEIN_DEGREE[f];
        let mut fixed = [0.0; Poly::CAPACITY];
        for &(factor, c) in &self.arranged.fixed {
            if factor != 0.0 {
                for (a, b) in fixed.iter_mut().zip(&c.bernstein[slot][f][..=degree]) {
                    *a += factor * b;
                }
            }
        }
        let (mut upper, mut lower) = extent(&fixed[..=degree], 1.0);
        for &(factor, sums) in &self.arranged.cases {
            let (up, down) = sums[slot][f];
            let (high, low) = if factor >= 0.0 {
                (factor * up, factor * down)
            } else {
                (factor * down, factor * up)
            };
            upper += high;
            lower += low;
        }
        [upper, lower]
    }

    /// The slot's ends and every point inside where a piece's contribution changes sign: between
    /// two consecutive ones the most adverse arrangement stays the same.
    fn cuts(&self, slot: usize) -> Vec<f64> {
        let (_, _, x0, x1) = self.arranged.slots[slot];
        let length = x1 - x0;
        let mut cuts = vec![0.0, length];
        for (&(_, factor, c), ranges) in self.arranged.pieces.iter().zip(&self.arranged.ranges) {
            let (hi, lo) = ranges[slot][self.function];
            if factor != 0.0 && hi > 0.0 && lo < 0.0 {
                cuts.extend(self.poly(self.segment(c, slot)).roots_in(0.0, length));
            }
        }
        cuts.sort_by(f64::total_cmp);
        cuts.dedup();
        cuts
    }

    /// The member functions of the fixed part (`fixed`, summed once per slot) plus the pieces
    /// whose contribution at local `t` is adverse in direction `sign`, over one slot.
    fn arrangement(&self, slot: usize, fixed: &Segment, t: f64, sign: f64) -> Segment {
        let mut scratch = Vec::new();
        self.contributions(slot, t, &mut scratch);
        let threshold = COUNTS * scratch.iter().fold(0.0, |m, c| larger(m, c.abs()));
        let mut sum = *fixed;
        for (&(_, f, c), &v) in self.arranged.pieces.iter().zip(&scratch) {
            if sign * v > threshold {
                let s = self.segment(c, slot);
                sum.shear.add_scaled(&s.shear, f);
                sum.moment.add_scaled(&s.moment, f);
                sum.rotation.add_scaled(&s.rotation, f);
                sum.deflection.add_scaled(&s.deflection, f);
            }
        }
        sum
    }

    /// Candidates of a slot: its ends, the cuts and each stretch's stationary points, for the
    /// directions (largest, smallest) `wanted`; `best` follows the best `sign × value` found.
    fn search_slot(
        &self,
        slot: usize,
        wanted: [bool; 2],
        candidates: &mut [Vec<Candidate>; 2],
        best: &mut [f64; 2],
    ) {
        let (m, k, x0, _) = self.arranged.slots[slot];
        let fixed = superpose_segment(&self.arranged.fixed, m, k);
        let cuts = self.cuts(slot);
        let mut scratch = Vec::new();
        let mut push = |d: usize, t: f64, value: f64| {
            best[d] = larger(best[d], [1.0, -1.0][d] * value);
            candidates[d].push((x0 + t, value, slot, t));
        };
        for (i, &t) in cuts.iter().enumerate() {
            let values = self.value_at(slot, t, &mut scratch);
            for d in (0..2).filter(|&d| wanted[d]) {
                push(d, t, values[d]);
            }
            let Some(&b) = cuts.get(i + 1) else { break };
            for d in (0..2).filter(|&d| wanted[d]) {
                let sign = [1.0, -1.0][d];
                let segment = self.arrangement(slot, &fixed, 0.5 * (t + b), sign);
                let mut chain = Chain::new(&segment);
                for &r in chain.roots(STATIONARY_LEVEL[self.function]) {
                    if r > t && r < b {
                        push(d, r, self.value_at(slot, r, &mut scratch)[d]);
                    }
                }
            }
        }
    }

    /// The largest and smallest values, each with its position and governing arrangement. `seed`:
    /// a largest and a smallest value known to be reached somewhere.
    fn range(&self, seed: [f64; 2]) -> PatternedRange {
        let mut candidates: [Vec<Candidate>; 2] = [Vec::new(), Vec::new()];
        // the best `sign × value` so far: largest value, and the smallest one negated
        let mut best = [seed[0], -seed[1]];
        for slot in 0..self.arranged.slots.len() {
            let [upper, lower] = self.bounds(slot);
            // a margin well above the tie tolerance, so a slot that could tie is never skipped
            let margin = 1e-6 * larger(best[0].abs(), best[1].abs());
            let wanted = [upper >= best[0] - margin, -lower >= best[1] - margin];
            if wanted.contains(&true) {
                self.search_slot(slot, wanted, &mut candidates, &mut best);
            }
        }
        // a seed that no bound reached (numbers past the finite range): every slot, unpruned
        let unreached = [0, 1].map(|d| candidates[d].is_empty());
        for d in (0..2).filter(|&d| unreached[d]) {
            let wanted = [d == 0, d == 1];
            for slot in 0..self.arranged.slots.len() {
                self.search_slot(slot, wanted, &mut candidates, &mut best);
            }
        }
        let [max, min] = [0, 1].map(|d| {
            let chosen = pick(&candidates[d], [1.0, -1.0][d]);
            let (value, pieces) = self.at(chosen.2, chosen.3)[d].clone();
            PatternedBound {
                value,
                position: chosen.0,
                pieces: Arrangement::of(pieces),
            }
        });
        PatternedRange { max, min }
    }
}

/// Largest and smallest of `factor × coefficients`.
fn extent(coefficients: &[f64], factor: f64) -> (f64, f64) {
    let (mut high, mut low) = (f64::NEG_INFINITY, f64::INFINITY);
    for &b in coefficients {
        let v = factor * b;
        high = larger(high, v);
        low = -larger(-low, -v);
    }
    (high, low)
}

/// The candidate of the largest `sign × value`, leftmost among those equal to within rounding.
fn pick(candidates: &[Candidate], sign: f64) -> Candidate {
    let best = candidates
        .iter()
        .fold(f64::NEG_INFINITY, |m, c| larger(m, sign * c.1));
    let tie = 1e-9 * best.abs();
    // a beam has at least one slot, so there is a candidate; NaN would leave this one
    let mut chosen = candidates
        .first()
        .copied()
        .unwrap_or((0.0, f64::NAN, 0, 0.0));
    let mut chosen_at = f64::INFINITY;
    for &c in candidates {
        if sign * c.1 >= best - tie && c.0 < chosen_at {
            chosen = c;
            chosen_at = c.0;
        }
    }
    chosen
}
