//! The search along one member for its extremes over every arrangement. Where each piece's
//! contribution changes sign depends on the piece alone, never on a combination's factors (a factor
//! scales every piece of its case alike), so the member's stretches between those points, and on
//! each the sum at factor 1 of its case's pieces contributing upward, are found once per analysis
//! ([`Track`]). A combination then only scales those sums: on each stretch its governing
//! arrangement is fixed and its function one polynomial, searched at its ends and stationary points.
//! A beam of a large frame has a stretch for nearly every piece, so its stretches are searched in
//! blocks, most promising first, and a block whose bound cannot beat the best found is passed over.

use std::ops::Range;

use super::super::member_results::{Functions, SAMPLES_PER_MEMBER};
use crate::beam::{larger, DiagramBounds};
use crate::polynomial::Poly;

/// A piece acting through a member's ends only (`start`: axial force, shear and moment just inside
/// the start): its axial force, shear or moment along the member (`function` 0, 1, 2) as `a + b x`.
pub(super) fn through_ends(start: &[f64; 3], function: usize) -> [f64; 2] {
    match function {
        0 => [start[0], 0.0],
        1 => [start[1], 0.0],
        _ => [start[2], start[1]],
    }
}

/// A candidate extreme: position, value, segment and local position in it.
pub(super) type Candidate = (f64, f64, usize, f64);

/// One function's stretches along one member, the same for every combination.
#[derive(Debug, Default)]
pub(super) struct Track {
    /// Stretch `i` runs from `cuts[i]` to `cuts[i + 1]` (m from the member's start).
    cuts: Vec<f64>,
    /// Per segment: its first stretch, and past the last segment the stretch count.
    first: Vec<usize>,
    /// At `i * cases + c`: the pieces of patterned case `c` acting through the member's ends that
    /// contribute upward on stretch `i`, summed at factor 1 as `a + b x`.
    up: Vec<[f64; 2]>,
    /// Per case: all its pieces acting through the member's ends, summed at factor 1.
    total: Vec<[f64; 2]>,
    /// At `i * own + o`: the sign of own piece `o`'s contribution at factor 1 on stretch `i`.
    own_sign: Vec<f64>,
}

impl Track {
    /// The track of `function` along a member of breakpoints `xs`: `own` its own pieces' functions,
    /// `through` every other piece's case and contribution (`a + b x`) at factor 1.
    pub(super) fn new(
        xs: &[f64],
        own: &[&Functions],
        through: impl Iterator<Item = (usize, [f64; 2])>,
        cases: usize,
        function: usize,
    ) -> Self {
        let length = xs[xs.len() - 1];
        let mut total = vec![[0.0; 2]; cases];
        let mut up = vec![[0.0; 2]; cases];
        let through = through.into_iter();
        let mut found: Vec<(f64, usize, [f64; 2])> = Vec::with_capacity(through.size_hint().0);
        for (c, [a, b]) in through {
            total[c] = [total[c][0] + a, total[c][1] + b];
            // upward just right of the member's start
            if a > 0.0 || (a == 0.0 && b > 0.0) {
                up[c] = [up[c][0] + a, up[c][1] + b];
            }
            if b != 0.0 && -a / b > 0.0 && -a / b < length {
                found.push((-a / b, c, [a, b]));
            }
        }
        // sorted on integer keys (a positive number's bits order as it does), far cheaper to
        // compare and move than the events themselves
        let mut order: Vec<(u64, u32)> = (found.iter().enumerate())
            .map(|(i, e)| (e.0.to_bits(), i as u32))
            .collect();
        order.sort_unstable();
        let events: Vec<_> = order.iter().map(|&(_, i)| found[i as usize]).collect();
        // the breakpoints and the own pieces' roots (a few), merged with the events (sorted already)
        let mut few: Vec<f64> = xs.to_vec();
        for (k, w) in xs.windows(2).enumerate() {
            for f in own {
                let roots = poly(f, k, function).roots_in(0.0, w[1] - w[0]);
                few.extend(roots.into_iter().map(|t| w[0] + t));
            }
        }
        few.sort_unstable_by(f64::total_cmp);
        let mut cuts = Vec::with_capacity(few.len() + events.len());
        let mut rest = events.iter().map(|e| e.0).peekable();
        for x in few {
            while let Some(e) = rest.next_if(|&e| e < x) {
                cuts.push(e);
            }
            cuts.push(x);
        }
        cuts.extend(rest);
        cuts.dedup();
        cuts.retain(|&x| (0.0..=length).contains(&x));
        let mut track = Track {
            total,
            first: vec![0],
            up: Vec::with_capacity(cuts.len() * cases),
            own_sign: Vec::with_capacity(cuts.len() * own.len()),
            ..Track::default()
        };
        let (mut next, mut k) = (0, 0);
        let mut kept = Vec::with_capacity(cuts.len());
        kept.push(cuts[0]);
        // the own pieces' polynomials on segment k and their degrees, found once per segment
        let on = |k: usize| -> Vec<(&Poly, usize)> {
            (own.iter().copied())
                .map(|f| poly(f, k, function))
                .map(|p| (p, p.degree()))
                .collect()
        };
        let mut own_here = on(0);
        for w in cuts.windows(2).filter(|w| w[1] > w[0]) {
            let mid = 0.5 * (w[0] + w[1]);
            while k + 2 < xs.len() && mid >= xs[k + 1] {
                k += 1;
                track.first.push(kept.len() - 1);
                own_here = on(k);
            }
            while let Some(&(_, c, [a, b])) = events.get(next).filter(|e| e.0 < mid) {
                let s = if b > 0.0 { 1.0 } else { -1.0 };
                up[c] = [up[c][0] + s * a, up[c][1] + s * b];
                next += 1;
            }
            track.up.extend_from_slice(&up);
            let t = mid - xs[k];
            let signs = own_here
                .iter()
                .map(|(p, degree)| sign_of(p.eval_to(t, *degree)));
            track.own_sign.extend(signs);
            kept.push(w[1]);
        }
        track.first.resize(xs.len(), kept.len() - 1);
        track.cuts = kept;
        track
    }
}

/// 1, -1 or 0 (the last for zero, as a piece contributing nothing is in no arrangement).
fn sign_of(v: f64) -> f64 {
    if v > 0.0 {
        1.0
    } else if v < 0.0 {
        -1.0
    } else {
        0.0
    }
}

/// The search for one function's extremes along one member over every arrangement.
pub(super) struct Search<'a> {
    pub(super) xs: &'a [f64],
    pub(super) track: &'a Track,
    pub(super) fixed: &'a Functions,
    /// The member's own pieces: `(factor, functions at factor 1)`, in the track's order.
    pub(super) own: &'a [(f64, &'a Functions)],
    /// Per patterned case: its factor.
    pub(super) scale: &'a [f64],
    /// 0 axial force, 1 shear, 2 moment.
    pub(super) function: usize,
}

pub(super) fn poly(f: &Functions, k: usize, function: usize) -> &Poly {
    match function {
        0 => &f.axial[k],
        1 => &f.segments[k].shear,
        _ => &f.segments[k].moment,
    }
}

impl Search<'_> {
    /// The largest and the smallest candidates over every arrangement (position, value, segment,
    /// local position), and when `sample`, the bounds sampled along the member.
    pub(super) fn run(&self, length: f64, sample: bool) -> ([Candidate; 2], DiagramBounds) {
        let mut best: [Option<Candidate>; 2] = [None, None];
        let mut series: [Vec<[f64; 2]>; 2] = Default::default();
        let quiet = self.scale.iter().all(|&f| f == 0.0) && self.own.iter().all(|o| o.0 == 0.0);
        let mut blocks: Vec<Block> = Vec::new();
        for (d, sign) in [(0, 1.0), (1, -1.0)] {
            blocks.clear();
            for k in 0..self.xs.len() - 1 {
                let x0 = self.xs[k];
                let stretches = self.track.first[k]..self.track.first[k + 1];
                if stretches.is_empty() {
                    continue;
                }
                if !sample && self.convex(k, sign) {
                    // `sign ×` the function is convex here in every arrangement, so its largest
                    // value is at the segment's ends
                    let (last, end) = (stretches.end - 1, self.xs[k + 1] - x0);
                    for (i, t) in [(stretches.start, 0.0), (last, end)] {
                        let p = self.arrangement(k, i, sign);
                        consider(&mut best[d], d, (x0 + t, p.eval(t), k, t));
                    }
                } else if sample || quiet {
                    // with every piece absent whatever the arrangement, the segment is one stretch
                    let one = quiet.then_some(stretches.start..stretches.start + 1);
                    for i in one.unwrap_or(stretches.clone()) {
                        let last = if quiet { stretches.end } else { i + 1 };
                        let p = self.stretch(k, (i, last), sign, &mut best[d]);
                        if sample {
                            let [ta, tb] = [self.track.cuts[i] - x0, self.track.cuts[last] - x0];
                            sample_stretch(&mut series[d], &p, x0, [ta, tb], length);
                        }
                    }
                } else {
                    for start in stretches.clone().step_by(BLOCK) {
                        let block = start..(start + BLOCK).min(stretches.end);
                        blocks.push(self.block(k, block, sign));
                    }
                }
            }
            // the most promising first, so that the best found soon rules out the rest
            blocks.sort_unstable_by(|a, b| b.bound.total_cmp(&a.bound));
            for b in &blocks {
                // a margin far above the bound's round-off, so that a block that could tie is searched
                let beaten = best[d].is_some_and(|c| sign * c.1 > b.bound + 1e-9 * b.size);
                for i in b.stretches.clone().filter(|_| !beaten) {
                    self.stretch(b.segment, (i, i + 1), sign, &mut best[d]);
                }
            }
        }
        let none = (0.0, 0.0, 0, 0.0);
        let [max, min] = series;
        (
            [best[0].unwrap_or(none), best[1].unwrap_or(none)],
            DiagramBounds { max, min },
        )
    }

    /// Searches segment `k` from the start of stretch `i` to the start of stretch `last` (one
    /// arrangement throughout) in direction `sign`; returns the function there.
    fn stretch(
        &self,
        k: usize,
        (i, last): (usize, usize),
        sign: f64,
        best: &mut Option<Candidate>,
    ) -> Poly {
        let x0 = self.xs[k];
        let d = usize::from(sign < 0.0);
        let [ta, tb] = [self.track.cuts[i] - x0, self.track.cuts[last] - x0];
        let p = self.arrangement(k, i, sign);
        extremes(&p, [ta, tb], |t, v| consider(best, d, (x0 + t, v, k, t)));
        p
    }

    /// Stretches `stretches` of segment `k` with an upper bound of `sign ×` the function over them
    /// in every arrangement: the fixed part's largest there, each own piece's largest adverse
    /// contribution, and the other pieces' adverse sum at the nearer end it is largest at (it is
    /// convex: a sum of straight lines, each counted where it is adverse).
    fn block(&self, k: usize, stretches: Range<usize>, sign: f64) -> Block {
        let x0 = self.xs[k];
        let [ta, tb] = [
            self.track.cuts[stretches.start] - x0,
            self.track.cuts[stretches.end] - x0,
        ];
        let largest = |p: &Poly, factor: f64| {
            let mut m = f64::NEG_INFINITY;
            extremes(p, [ta, tb], |_, v| m = larger(m, sign * factor * v));
            m
        };
        let fixed = largest(poly(self.fixed, k, self.function), 1.0);
        let (mut bound, mut size) = (fixed, fixed.abs());
        for &(f, fns) in self.own {
            let most = larger(largest(poly(fns, k, self.function), f), 0.0);
            bound += most;
            size += most;
        }
        let through = [(stretches.start, ta), (stretches.end - 1, tb)].map(|(i, t)| {
            let [a, b] = self.through(i, sign);
            sign * (a + b * (x0 + t))
        });
        Block {
            bound: bound + larger(through[0], through[1]),
            size: size + through[0].abs() + through[1].abs(),
            segment: k,
            stretches,
        }
    }

    /// True when `sign ×` the function is convex on segment `k` in every arrangement: `sign ×` its
    /// fixed part and each own piece at its factor bend upward or are straight, so each own piece's
    /// adverse part (the larger of it and zero) is convex, and so is the other pieces' adverse sum
    /// (straight lines, each counted where it is adverse). The sum of convex functions is convex.
    fn convex(&self, k: usize, sign: f64) -> bool {
        let span = self.xs[k + 1] - self.xs[k];
        bends_up(poly(self.fixed, k, self.function), sign, span)
            && (self.own.iter())
                .all(|&(f, fns)| bends_up(poly(fns, k, self.function), sign * f, span))
    }

    /// Segment `k`'s function on stretch `i` under the arrangement adverse in direction `sign`:
    /// the fixed part, the own pieces contributing that way, and the other pieces doing so.
    fn arrangement(&self, k: usize, i: usize, sign: f64) -> Poly {
        let mut p = *poly(self.fixed, k, self.function);
        let signs = &self.track.own_sign[i * self.own.len()..(i + 1) * self.own.len()];
        for (&(f, fns), s) in self.own.iter().zip(signs) {
            if sign * f * s > 0.0 {
                p.add_scaled(poly(fns, k, self.function), f);
            }
        }
        let [a, b] = self.through(i, sign);
        p.c[0] += a + b * self.xs[k];
        p.c[1] += b;
        p
    }

    /// The pieces acting through the member's ends that are adverse in direction `sign` on
    /// stretch `i`, at their factors, summed as `a + b x` (x from the member's start).
    fn through(&self, i: usize, sign: f64) -> [f64; 2] {
        let cases = self.scale.len();
        let ups = &self.track.up[i * cases..(i + 1) * cases];
        let [mut a, mut b] = [0.0; 2];
        for ((&f, up), total) in self.scale.iter().zip(ups).zip(&self.track.total) {
            // at a factor of the adverse sign its upward pieces count, otherwise its downward ones
            let part = if sign * f > 0.0 {
                *up
            } else {
                [total[0] - up[0], total[1] - up[1]]
            };
            a += f * part[0];
            b += f * part[1];
        }
        [a, b]
    }
}

/// Stretches of one segment searched together or passed over together.
struct Block {
    /// No arrangement makes `sign ×` the function larger on them.
    bound: f64,
    /// The magnitude of the terms of `bound`, for its round-off.
    size: f64,
    segment: usize,
    stretches: Range<usize>,
}

/// Stretches per [`Block`]: about the square root of a beam's in a frame of a few hundred.
const BLOCK: usize = 16;

/// Whether `weight × p` has a second derivative of no negative value on `[0, span]`: checked at
/// both ends up to a cubic (its second derivative is then straight); a higher degree says no.
fn bends_up(p: &Poly, weight: f64, span: f64) -> bool {
    match p.degree() {
        0 | 1 => true,
        2 | 3 => [0.0, span]
            .iter()
            .all(|&t| weight * (2.0 * p.c[2] + 6.0 * p.c[3] * t) >= 0.0),
        _ => false,
    }
}

/// `p`'s values at the ends of `[ta, tb]` and at its stationary points inside, left to right.
fn extremes(p: &Poly, [ta, tb]: [f64; 2], mut each: impl FnMut(f64, f64)) {
    let degree = p.degree();
    each(ta, p.eval_to(ta, degree));
    if degree == 2 {
        let t = -p.c[1] / (2.0 * p.c[2]);
        if t >= ta && t <= tb {
            each(t, p.eval_to(t, degree));
        }
    } else if degree > 2 {
        for t in p.derivative().roots_in(ta, tb) {
            each(t, p.eval_to(t, degree));
        }
    }
    each(tb, p.eval_to(tb, degree));
}

/// Keeps `candidate` when it beats `best` in direction `d` (0 largest, 1 smallest), or equals it
/// further left: a tie keeps the leftmost, in whatever order the stretches are searched.
fn consider(best: &mut Option<Candidate>, d: usize, candidate: Candidate) {
    let sign = [1.0, -1.0][d];
    let beats = |b: &Candidate| {
        sign * candidate.1 > sign * b.1 || (candidate.1 == b.1 && candidate.0 < b.0)
    };
    if best.is_none_or(|b| beats(&b)) {
        *best = Some(candidate);
    }
}

/// A stretch's samples appended to `out`: its start (after the last sample unless the same point),
/// points a member/24 apart inside, and its end.
fn sample_stretch(out: &mut Vec<[f64; 2]>, p: &Poly, x0: f64, [ta, tb]: [f64; 2], length: f64) {
    let start = [x0 + ta, p.eval(ta)];
    if out.last() != Some(&start) {
        out.push(start);
    }
    let step = length / SAMPLES_PER_MEMBER;
    let mut j = ((x0 + ta) / step).floor() as usize + 1;
    while (j as f64) * step < x0 + tb {
        let t = j as f64 * step - x0;
        if t > ta {
            out.push([x0 + t, p.eval(t)]);
        }
        j += 1;
    }
    out.push([x0 + tb, p.eval(tb)]);
}
