//! Pattern loading: a combination's most adverse arrangement of the pieces of the patterned cases,
//! over all 2^n arrangements, exactly. Each piece is a load set solved once, so an arrangement's
//! value anywhere is the fixed part (the unpatterned cases and the settlements) plus the present
//! pieces' contributions: the largest value takes exactly the pieces contributing upward there, the
//! smallest those contributing downward, and no arrangement is ever solved on its own.

use super::extremes::{segment_slots, Chain, STATIONARY_LEVEL};
use super::model::{
    BeamReaction, DiagramBounds, PatternedBound, PatternedRange, PatternedReaction,
};
use super::response::{superpose_segment, Component, BERNSTEIN_DEGREE};
use crate::member::Segment;
use crate::polynomial::Poly;

/// A piece's contribution counts only above this share of the largest piece contribution to the
/// same value, so that round-off never puts a piece in an arrangement (decisions 17).
const COUNTS: f64 = 1e-9;

/// One combination's responses split by role.
pub(super) struct Arranged<'a> {
    /// Always present, each at its factor: the unpatterned cases and the settlements (never empty:
    /// the settlements' response is there even when zero).
    pub fixed: Vec<(f64, &'a Component)>,
    /// `(piece number, factor of its case, response)`.
    pub pieces: Vec<(usize, f64, &'a Component)>,
}

/// The upward and the downward sums of the contributions that count, with their pieces.
fn adverse(contributions: &[(usize, f64)]) -> [(f64, Vec<usize>); 2] {
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

fn larger(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

fn range(fixed: f64, position: [f64; 2], sums: [(f64, Vec<usize>); 2]) -> PatternedRange {
    let [(up, up_pieces), (down, down_pieces)] = sums;
    PatternedRange {
        max: PatternedBound {
            value: fixed + up,
            position: position[0],
            pieces: up_pieces,
        },
        min: PatternedBound {
            value: fixed + down,
            position: position[1],
            pieces: down_pieces,
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
/// same positions): fixed samples and the pieces' samples, each with its factor.
pub(super) fn series_bounds(
    fixed: &[(f64, &[[f64; 2]])],
    pieces: &[(f64, &[[f64; 2]])],
) -> DiagramBounds {
    let positions = fixed[0].1;
    let mut bounds = DiagramBounds {
        max: Vec::with_capacity(positions.len()),
        min: Vec::with_capacity(positions.len()),
    };
    for (i, p) in positions.iter().enumerate() {
        let mut value = 0.0;
        for &(f, s) in fixed.iter().filter(|(f, _)| *f != 0.0) {
            value += f * s[i][1];
        }
        let largest = pieces
            .iter()
            .fold(0.0, |m, &(f, s)| larger(m, (f * s[i][1]).abs()));
        let threshold = COUNTS * largest;
        let (mut up, mut down) = (0.0, 0.0);
        for &(f, s) in pieces {
            let c = f * s[i][1];
            if c > threshold {
                up += c;
            } else if c < -threshold {
                down += c;
            }
        }
        bounds.max.push([p[0], value + up]);
        bounds.min.push([p[0], value + down]);
    }
    bounds
}

/// Exact extremes of shear, moment and deflection (those `wanted`) over every position and every
/// arrangement.
pub(super) fn extremes(arranged: &Arranged, wanted: [bool; 3]) -> [Option<PatternedRange>; 3] {
    let slots = segment_slots(arranged.fixed[0].1);
    std::array::from_fn(|f| {
        wanted[f].then(|| {
            Search {
                arranged,
                slots: &slots,
                function: f,
            }
            .range()
        })
    })
}

/// A candidate extreme: position, value, and where to evaluate it again (slot, local t).
type Candidate = (f64, f64, usize, f64);

/// The search for one function's extremes over every arrangement.
struct Search<'a> {
    arranged: &'a Arranged<'a>,
    slots: &'a [(usize, usize, f64, f64)],
    /// 0 shear, 1 moment, 2 deflection.
    function: usize,
}

impl Search<'_> {
    fn poly<'s>(&self, segment: &'s Segment) -> &'s Poly {
        [&segment.shear, &segment.moment, &segment.deflection][self.function]
    }

    fn segment<'c>(&self, component: &'c Component, slot: usize) -> &'c Segment {
        let (m, k, _, _) = self.slots[slot];
        &component.members[m].2[k]
    }

    /// The largest and smallest values over every arrangement at local `t` of a slot.
    fn at(&self, slot: usize, t: f64) -> [(f64, Vec<usize>); 2] {
        let mut fixed = 0.0;
        for &(f, c) in &self.arranged.fixed {
            fixed += f * self.poly(self.segment(c, slot)).eval(t);
        }
        let contributions: Vec<(usize, f64)> = self
            .arranged
            .pieces
            .iter()
            .map(|&(k, f, c)| (k, f * self.poly(self.segment(c, slot)).eval(t)))
            .collect();
        adverse(&contributions).map(|(sum, pieces)| (fixed + sum, pieces))
    }

    /// Bernstein bounds over a slot: no arrangement exceeds the first or goes below the second.
    fn bounds(&self, slot: usize) -> [f64; 2] {
        let f = self.function;
        let degree = BERNSTEIN_DEGREE[f];
        let mut fixed = [0.0; Poly::CAPACITY];
        for &(factor, c) in &self.arranged.fixed {
            for (a, b) in fixed.iter_mut().zip(&c.bernstein[slot][f][..=degree]) {
                *a += factor * b;
            }
        }
        let (mut upper, mut lower) = extent(&fixed[..=degree], 1.0);
        for &(_, factor, c) in &self.arranged.pieces {
            let (high, low) = extent(&c.bernstein[slot][f][..=degree], factor);
            upper += larger(high, 0.0);
            lower += -larger(-low, 0.0);
        }
        [upper, lower]
    }

    /// The slot's ends and every point inside where a piece's contribution changes sign: between
    /// two consecutive ones the most adverse arrangement stays the same.
    fn cuts(&self, slot: usize) -> Vec<f64> {
        let (_, _, x0, x1) = self.slots[slot];
        let length = x1 - x0;
        let degree = BERNSTEIN_DEGREE[self.function];
        let mut cuts = vec![0.0, length];
        for &(_, factor, c) in &self.arranged.pieces {
            let (high, low) = extent(&c.bernstein[slot][self.function][..=degree], factor);
            if high > 0.0 && low < 0.0 {
                cuts.extend(self.poly(self.segment(c, slot)).roots_in(0.0, length));
            }
        }
        cuts.sort_by(f64::total_cmp);
        cuts.dedup();
        cuts
    }

    /// The member functions of the fixed part plus the pieces `present`, over one slot.
    fn arrangement(&self, slot: usize, present: &[usize]) -> Segment {
        let (m, k, _, _) = self.slots[slot];
        let mut parts = self.arranged.fixed.clone();
        parts.extend(
            self.arranged
                .pieces
                .iter()
                .filter(|(p, _, _)| present.contains(p))
                .map(|&(_, f, c)| (f, c)),
        );
        superpose_segment(&parts, m, k)
    }

    /// Candidates inside a slot: the cuts and each stretch's stationary points, for the directions
    /// (largest, smallest) `wanted`.
    fn search_slot(
        &self,
        slot: usize,
        wanted: [bool; 2],
        candidates: &mut [Vec<Candidate>; 2],
        best: &mut [f64; 2],
    ) {
        let x0 = self.slots[slot].2;
        let cuts = self.cuts(slot);
        for pair in cuts.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let at_a = self.at(slot, a);
            let middle = self.at(slot, 0.5 * (a + b));
            for d in (0..2).filter(|&d| wanted[d]) {
                let sign = [1.0, -1.0][d];
                let mut push = |candidate: Candidate| {
                    best[d] = larger(best[d], sign * candidate.1);
                    candidates[d].push(candidate);
                };
                push((x0 + a, at_a[d].0, slot, a));
                let segment = self.arrangement(slot, &middle[d].1);
                let mut chain = Chain::new(&segment);
                for &t in chain.roots(STATIONARY_LEVEL[self.function]) {
                    if t > a && t < b {
                        push((x0 + t, self.at(slot, t)[d].0, slot, t));
                    }
                }
            }
        }
    }

    /// The largest and smallest values, each with its position and governing arrangement.
    fn range(&self) -> PatternedRange {
        let mut candidates: [Vec<Candidate>; 2] = [Vec::new(), Vec::new()];
        // the best `sign × value` so far: largest value, and the smallest one negated
        let mut best = [f64::NEG_INFINITY; 2];
        for (slot, &(_, _, x0, x1)) in self.slots.iter().enumerate() {
            for t in [0.0, x1 - x0] {
                let [up, down] = self.at(slot, t);
                best = [larger(best[0], up.0), larger(best[1], -down.0)];
                candidates[0].push((x0 + t, up.0, slot, t));
                candidates[1].push((x0 + t, down.0, slot, t));
            }
        }
        for slot in 0..self.slots.len() {
            let [upper, lower] = self.bounds(slot);
            // a margin well above the tie tolerance, so a slot that could tie is never skipped
            let margin = 1e-6 * larger(best[0].abs(), best[1].abs());
            let wanted = [upper >= best[0] - margin, -lower >= best[1] - margin];
            if wanted.contains(&true) {
                self.search_slot(slot, wanted, &mut candidates, &mut best);
            }
        }
        let [max, min] = [0, 1].map(|d| {
            let chosen = pick(&candidates[d], [1.0, -1.0][d]);
            let (value, pieces) = self.at(chosen.2, chosen.3)[d].clone();
            PatternedBound {
                value,
                position: chosen.0,
                pieces,
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
    let mut chosen = candidates[0];
    let mut chosen_at = f64::INFINITY;
    for &c in candidates {
        if sign * c.1 >= best - tie && c.0 < chosen_at {
            chosen = c;
            chosen_at = c.0;
        }
    }
    chosen
}
