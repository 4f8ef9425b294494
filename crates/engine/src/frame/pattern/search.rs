//! The search along one member for its extremes over every arrangement. The member's stretches, on
//! each of which the governing arrangement is fixed, and their upward sums at factor 1 are the
//! pieces' alone ([`Track`]); a combination only scales those sums, and on each stretch its
//! function is one polynomial, searched at its ends and stationary points. A beam of a large frame
//! has a stretch for nearly every piece, so its track's buckets are searched most promising first,
//! and a bucket whose bound cannot beat the best found is passed over, never sorted into stretches;
//! one sorted is kept for the combinations after ([`Sorted`]).

use std::cell::RefCell;

use super::super::member_results::{Functions, SAMPLES_PER_MEMBER};
use super::track::{Sorted, Stretches, StretchesOf, Track};
use crate::beam::DiagramBounds;
use crate::polynomial::Poly;

/// A candidate extreme: position, value, segment and local position in it.
pub(super) type Candidate = (f64, f64, usize, f64);

/// The search for one function's extremes along one member over every arrangement.
pub(super) struct Search<'a> {
    pub(super) xs: &'a [f64],
    pub(super) track: &'a Track,
    /// The track's member and function, and the buckets sorted so far, of every track.
    pub(super) key: (usize, usize),
    pub(super) sorted: &'a RefCell<Sorted>,
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
        let mut stretches = Stretches::default();
        for (d, sign) in [(0, 1.0), (1, -1.0)] {
            blocks.clear();
            for k in 0..self.xs.len() - 1 {
                let buckets = self.track.first[k]..self.track.first[k + 1];
                let (x0, end) = (self.xs[k], self.xs[k + 1] - self.xs[k]);
                if buckets.is_empty() {
                    continue;
                }
                if quiet || (!sample && self.convex(k, sign)) {
                    // every piece absent whatever the arrangement: one polynomial on the segment;
                    // or `sign ×` the function convex there in every arrangement: its largest value
                    // at the segment's ends (the sums past the last bucket give the end's value)
                    let at =
                        |i: usize, own: usize| (self.track.up_at(i), self.track.own_signs_on(own));
                    let [first, last] = [buckets.start, buckets.end];
                    let p = self.arrangement(k, at(first, first), sign);
                    if quiet {
                        extremes(&p, [0.0, end], |t, v| {
                            consider(&mut best[d], d, (x0 + t, v, k, t))
                        });
                        if sample {
                            sample_stretch(&mut series[d], &p, x0, [0.0, end], length);
                        }
                        continue;
                    }
                    consider(&mut best[d], d, (x0, p.eval(0.0), k, 0.0));
                    let p = self.arrangement(k, at(last, last - 1), sign);
                    consider(&mut best[d], d, (x0 + end, p.eval(end), k, end));
                } else if sample {
                    for i in buckets {
                        self.track.stretches(i, &mut stretches);
                        self.search_bucket(
                            (k, i),
                            stretches.of(),
                            sign,
                            &mut best[d],
                            Some((&mut series[d], length)),
                        );
                    }
                } else {
                    blocks.extend(buckets.map(|i| self.block(k, i, sign)));
                }
            }
            // the most promising first, so that the best found soon rules out the rest
            blocks.sort_unstable_by(|a, b| b.bound.total_cmp(&a.bound));
            for b in &blocks {
                // a margin far above the bound's round-off, so that a bucket that could tie is searched
                if best[d].is_some_and(|c| sign * c.1 > b.bound + 1e-9 * b.size) {
                    continue;
                }
                let mut sorted = self.sorted.borrow_mut();
                let stretches = sorted.of(self.track, (self.key.0, self.key.1, b.bucket));
                self.search_bucket((b.segment, b.bucket), stretches, sign, &mut best[d], None);
            }
        }
        let none = (0.0, 0.0, 0, 0.0);
        let [max, min] = series;
        (
            [best[0].unwrap_or(none), best[1].unwrap_or(none)],
            DiagramBounds { max, min },
        )
    }

    /// Searches the stretches of bucket `i` of segment `k` in direction `sign`, each under its own
    /// arrangement, and samples each into `series` when given (with the member's length).
    fn search_bucket(
        &self,
        (k, i): (usize, usize),
        (cuts, up): StretchesOf,
        sign: f64,
        best: &mut Option<Candidate>,
        mut series: Option<(&mut Vec<[f64; 2]>, f64)>,
    ) {
        let x0 = self.xs[k];
        let d = usize::from(sign < 0.0);
        // the fixed part and the own pieces are the same on every stretch of the bucket
        let mut settled = *poly(self.fixed, k, self.function);
        settled.add_scaled(&self.own_adverse(k, self.track.own_signs_on(i), sign), 1.0);
        let cases = self.scale.len();
        for (s, w) in cuts.windows(2).enumerate() {
            let [ta, tb] = [w[0] - x0, w[1] - x0];
            let p = self.with_through(settled, k, &up[s * cases..(s + 1) * cases], sign);
            extremes(&p, [ta, tb], |t, v| consider(best, d, (x0 + t, v, k, t)));
            if let Some((out, length)) = series.as_mut() {
                sample_stretch(out, &p, x0, [ta, tb], *length);
            }
        }
    }

    /// Bucket `i` of segment `k` with an upper bound of `sign ×` the function over it in every
    /// arrangement: the largest there of the fixed part, plus the own pieces adverse on the bucket
    /// (their signs hold on all of it), plus the chord between the bucket's cuts of the other pieces'
    /// adverse sum, which lies above that sum (it is convex: straight lines, each counted where it is
    /// adverse). Exact at the cuts, so a narrow bucket's bound is close to its largest value.
    fn block(&self, k: usize, i: usize, sign: f64) -> Block {
        let x0 = self.xs[k];
        let [xa, xb] = [self.track.cuts[i], self.track.cuts[i + 1]];
        let [ta, tb] = [xa - x0, xb - x0];
        // the sums past cut i + 1 are those of the bucket's last stretch but for pieces that change
        // sign at that cut, which contribute nothing there
        let [ga, gb] = [(i, xa), (i + 1, xb)].map(|(at, x)| {
            let [a, b] = self.through(self.track.up_at(at), sign);
            a + b * x
        });
        let fixed = poly(self.fixed, k, self.function);
        let own = self.own_adverse(k, self.track.own_signs_on(i), sign);
        let mut p = *fixed;
        p.add_scaled(&own, 1.0);
        let slope = (gb - ga) / (xb - xa);
        p.c[0] += ga - slope * ta;
        p.c[1] += slope;
        let (mut bound, mut at) = (f64::NEG_INFINITY, ta);
        extremes(&p, [ta, tb], |t, v| {
            if sign * v > bound {
                (bound, at) = (sign * v, t);
            }
        });
        Block {
            bound,
            size: fixed.eval(at).abs() + own.eval(at).abs() + ga.abs() + gb.abs(),
            segment: k,
            bucket: i,
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

    /// Segment `k`'s function under the arrangement adverse in direction `sign` where the cases'
    /// upward sums are `up` and the own pieces' signs `own_sign`: the fixed part, the own pieces
    /// contributing that way, and the other pieces doing so.
    fn arrangement(&self, k: usize, (up, own_sign): (&[[f64; 2]], &[f64]), sign: f64) -> Poly {
        let mut p = *poly(self.fixed, k, self.function);
        p.add_scaled(&self.own_adverse(k, own_sign, sign), 1.0);
        self.with_through(p, k, up, sign)
    }

    /// `p` on segment `k` plus the pieces acting through the member's ends that are adverse in
    /// direction `sign` where the cases' upward sums are `up`.
    fn with_through(&self, mut p: Poly, k: usize, up: &[[f64; 2]], sign: f64) -> Poly {
        let [a, b] = self.through(up, sign);
        p.c[0] += a + b * self.xs[k];
        p.c[1] += b;
        p
    }

    /// The own pieces contributing the way `sign` says where their signs are `own_sign`, at their
    /// factors, on segment `k`.
    fn own_adverse(&self, k: usize, own_sign: &[f64], sign: f64) -> Poly {
        let mut p = Poly::default();
        for (&(f, fns), s) in self.own.iter().zip(own_sign) {
            if sign * f * s > 0.0 {
                p.add_scaled(poly(fns, k, self.function), f);
            }
        }
        p
    }

    /// The pieces acting through the member's ends that are adverse in direction `sign` where the
    /// cases' upward sums are `up`, at their factors, summed as `a + b x` (x from the member's start).
    fn through(&self, ups: &[[f64; 2]], sign: f64) -> [f64; 2] {
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

/// A bucket searched or passed over whole.
struct Block {
    /// No arrangement makes `sign ×` the function larger on it.
    bound: f64,
    /// The magnitude of the terms of `bound`, for its round-off.
    size: f64,
    segment: usize,
    bucket: usize,
}

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
