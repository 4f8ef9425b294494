//! The search along one member for its extremes over every arrangement: the member's segments cut
//! further wherever a piece's contribution changes sign, so that on each stretch the governing
//! arrangement is fixed and its function one polynomial, searched at its ends and stationary points.

use super::super::member_results::{Functions, SAMPLES_PER_MEMBER};
use crate::beam::pattern::COUNTS;
use crate::beam::{DiagramBounds, PatternedBound, PatternedRange};
use crate::polynomial::Poly;

/// A piece acting through a member's ends only (`start`: axial force, shear and moment just inside
/// the start): its axial force, shear or moment along the member (`function` 0, 1, 2) as
/// `a + b x`, times `scale`.
pub(super) fn through_ends(start: &[f64; 3], function: usize, scale: f64) -> [f64; 2] {
    let [a, b] = match function {
        0 => [start[0], 0.0],
        1 => [start[1], 0.0],
        _ => [start[2], start[1]],
    };
    [scale * a, scale * b]
}

/// A candidate extreme: position, value, segment and local position in it.
type Candidate = (f64, f64, usize, f64);

/// The search for one function's extremes along one member over every arrangement.
pub(super) struct Search<'a> {
    pub(super) xs: &'a [f64],
    pub(super) fixed: &'a Functions,
    /// The member's own pieces: `(piece, factor, functions at factor 1)`.
    pub(super) own: &'a [(usize, f64, &'a Functions)],
    /// Every other piece: `(piece, [a, b])`, its factored contribution `a + b x`.
    pub(super) off: &'a [(usize, [f64; 2])],
    /// 0 axial force, 1 shear, 2 moment.
    pub(super) function: usize,
}

fn poly(f: &Functions, k: usize, function: usize) -> &Poly {
    match function {
        0 => &f.axial[k],
        1 => &f.segments[k].shear,
        _ => &f.segments[k].moment,
    }
}

impl Search<'_> {
    /// The largest and smallest values with their governing arrangements, and when `sample`, the
    /// bounds sampled along the member.
    pub(super) fn run(&self, length: f64, sample: bool) -> (PatternedRange, DiagramBounds) {
        let mut walk = Walk::new(self.off, length);
        let mut best: [Option<Candidate>; 2] = [None, None];
        let mut series: [Vec<[f64; 2]>; 2] = Default::default();
        for k in 0..self.xs.len() - 1 {
            let (x0, span) = (self.xs[k], self.xs[k + 1] - self.xs[k]);
            if !sample && self.straight(k) {
                // each contribution is straight here, so the largest value (a straight line plus
                // convex ones) and the smallest (plus concave ones) are at the segment's ends
                for t in [0.0, span] {
                    let values = self.values_at(k, t, x0 + t);
                    (0..2).for_each(|d| consider(&mut best[d], d, (x0 + t, values[d], k, t)));
                }
                walk.pass(x0 + span);
                continue;
            }
            for [ta, tb] in self.stretches(k, x0, span, walk.ahead()) {
                let mid = x0 + 0.5 * (ta + tb);
                walk.pass(mid);
                for (d, sign, lin) in [(0, 1.0, walk.up), (1, -1.0, walk.down())] {
                    let p = self.arrangement(k, mid - x0, sign, lin, x0);
                    let stationary = p.derivative().roots_in(ta, tb);
                    for t in std::iter::once(ta).chain(stationary).chain([tb]) {
                        consider(&mut best[d], d, (x0 + t, p.eval(t), k, t));
                    }
                    if sample {
                        sample_stretch(&mut series[d], &p, x0, [ta, tb], length);
                    }
                }
            }
        }
        let [max, min] = [0, 1].map(|d| {
            let (x, _, k, t) = best[d].unwrap_or((0.0, 0.0, 0, 0.0));
            let (value, pieces) = self.at(k, t, x, d);
            PatternedBound {
                value,
                position: x,
                pieces,
            }
        });
        let [max_series, min_series] = series;
        (
            PatternedRange { max, min },
            DiagramBounds {
                max: max_series,
                min: min_series,
            },
        )
    }

    /// True when segment `k`'s fixed part and own pieces are straight lines (or constants).
    fn straight(&self, k: usize) -> bool {
        poly(self.fixed, k, self.function).degree() <= 1
            && self
                .own
                .iter()
                .all(|&(_, _, fns)| poly(fns, k, self.function).degree() <= 1)
    }

    /// The largest and smallest values over every arrangement at local `t` of segment `k`
    /// (position `x`).
    fn values_at(&self, k: usize, t: f64, x: f64) -> [f64; 2] {
        let fixed = poly(self.fixed, k, self.function).eval(t);
        let (mut up, mut down) = (0.0, 0.0);
        let own = self
            .own
            .iter()
            .map(|&(_, f, fns)| f * poly(fns, k, self.function).eval(t));
        for c in own.chain(self.off.iter().map(|&(_, [a, b])| a + b * x)) {
            if c > 0.0 {
                up += c;
            } else {
                down += c;
            }
        }
        [fixed + up, fixed + down]
    }

    /// Segment `k`'s stretches (local `[ta, tb]`) between points where a contribution changes sign.
    fn stretches(&self, k: usize, x0: f64, span: f64, events: &[(f64, usize)]) -> Vec<[f64; 2]> {
        let mut cuts = vec![0.0, span];
        for &(_, f, fns) in self.own {
            if f != 0.0 {
                cuts.extend(poly(fns, k, self.function).roots_in(0.0, span));
            }
        }
        let inside = events
            .iter()
            .take_while(|e| e.0 < x0 + span)
            .map(|e| e.0 - x0);
        cuts.extend(inside.filter(|&t| t > 0.0));
        cuts.sort_by(f64::total_cmp);
        cuts.dedup();
        cuts.windows(2)
            .filter(|w| w[1] > w[0])
            .map(|w| [w[0], w[1]])
            .collect()
    }

    /// Segment `k`'s function under the arrangement adverse in direction `sign` at local `t`: the
    /// fixed part, the own pieces contributing that way, and the other pieces' sum `lin` (a + b x).
    fn arrangement(&self, k: usize, t: f64, sign: f64, lin: [f64; 2], x0: f64) -> Poly {
        let mut p = *poly(self.fixed, k, self.function);
        for &(_, f, fns) in self.own {
            let c = poly(fns, k, self.function);
            if sign * f * c.eval(t) > 0.0 {
                p.add_scaled(c, f);
            }
        }
        p.c[0] += lin[0] + lin[1] * x0;
        p.c[1] += lin[1];
        p
    }

    /// The value over every arrangement at local `t` of segment `k` (position `x`), largest
    /// (`d` 0) or smallest (1), with the pieces present in its arrangement: those whose contribution
    /// there counts (decisions.md 17) and has the sign of `d`.
    fn at(&self, k: usize, t: f64, x: f64, d: usize) -> (f64, Vec<usize>) {
        let mut contributions: Vec<(usize, f64)> =
            Vec::with_capacity(self.off.len() + self.own.len());
        contributions.extend(self.off.iter().map(|&(j, [a, b])| (j, a + b * x)));
        // the few own pieces into their places, so that the pieces stay in order
        for &(j, f, fns) in self.own {
            let at = contributions.partition_point(|c| c.0 < j);
            contributions.insert(at, (j, f * poly(fns, k, self.function).eval(t)));
        }
        let threshold = COUNTS * contributions.iter().fold(0.0, |m: f64, c| m.max(c.1.abs()));
        let sign = [1.0, -1.0][d];
        let mut sum = poly(self.fixed, k, self.function).eval(t);
        let mut pieces = Vec::with_capacity(contributions.len());
        for (j, c) in contributions {
            if sign * c > threshold {
                sum += c;
                pieces.push(j);
            }
        }
        (sum, pieces)
    }
}

/// Keeps `candidate` when it beats `best` in direction `d` (0 largest, 1 smallest); the first of
/// equals stays, so that a tie keeps the leftmost.
fn consider(best: &mut Option<Candidate>, d: usize, candidate: Candidate) {
    let sign = [1.0, -1.0][d];
    if best.is_none_or(|b| sign * candidate.1 > sign * b.1) {
        *best = Some(candidate);
    }
}

/// The other pieces' sign changes along a member, walked in order: the sums of those contributing
/// upward and of all of them, each as `a + b x`.
struct Walk<'a> {
    off: &'a [(usize, [f64; 2])],
    events: Vec<(f64, usize)>,
    next: usize,
    up: [f64; 2],
    total: [f64; 2],
}

impl<'a> Walk<'a> {
    fn new(off: &'a [(usize, [f64; 2])], length: f64) -> Self {
        let mut events: Vec<(f64, usize)> = off
            .iter()
            .enumerate()
            .filter(|(_, (_, [_, b]))| *b != 0.0)
            .map(|(i, (_, [a, b]))| (-a / b, i))
            .filter(|&(r, _)| r > 0.0 && r < length)
            .collect();
        events.sort_by(|x, y| x.0.total_cmp(&y.0));
        let (mut up, mut total) = ([0.0; 2], [0.0; 2]);
        for (_, [a, b]) in off {
            total = [total[0] + a, total[1] + b];
            // upward just right of the member's start
            if *a > 0.0 || (*a == 0.0 && *b > 0.0) {
                up = [up[0] + a, up[1] + b];
            }
        }
        Walk {
            off,
            events,
            next: 0,
            up,
            total,
        }
    }

    /// Crosses every sign change before `x`.
    fn pass(&mut self, x: f64) {
        while let Some(&(_, i)) = self.events.get(self.next).filter(|e| e.0 < x) {
            let [a, b] = self.off[i].1;
            let s = if b > 0.0 { 1.0 } else { -1.0 };
            self.up = [self.up[0] + s * a, self.up[1] + s * b];
            self.next += 1;
        }
    }

    /// The sign changes not yet crossed.
    fn ahead(&self) -> &[(f64, usize)] {
        &self.events[self.next..]
    }

    /// The sum of the other pieces contributing downward.
    fn down(&self) -> [f64; 2] {
        [self.total[0] - self.up[0], self.total[1] - self.up[1]]
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
