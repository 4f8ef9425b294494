//! The search along one member for its extremes over every arrangement: the member's segments cut
//! further wherever a piece's contribution changes sign, so that on each stretch the governing
//! arrangement is fixed and its function one polynomial, searched at its ends and stationary points.

use nalgebra::Vector6;

use super::super::member_results::{Functions, SAMPLES_PER_MEMBER};
use crate::beam::pattern::adverse;
use crate::beam::{DiagramBounds, PatternedBound, PatternedRange};
use crate::polynomial::Poly;

/// A piece acting through a member's ends (`p`, what the nodes exert): its axial force, shear or
/// moment along the member (`function` 0, 1, 2) as `a + b x`, times `scale`.
pub(super) fn through_ends(p: &Vector6<f64>, function: usize, scale: f64) -> [f64; 2] {
    let [a, b] = match function {
        0 => [-p[0], 0.0],
        1 => [p[1], 0.0],
        _ => [-p[2], p[1]],
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
    pub(super) off: Vec<(usize, [f64; 2])>,
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
        // where each other piece changes sign, in order along the member
        let mut events: Vec<(f64, usize)> = self
            .off
            .iter()
            .enumerate()
            .filter(|(_, (_, [_, b]))| *b != 0.0)
            .map(|(i, (_, [a, b]))| (-a / b, i))
            .filter(|&(r, _)| r > 0.0 && r < length)
            .collect();
        events.sort_by(|x, y| x.0.total_cmp(&y.0));
        // the sums of the other pieces contributing upward, and of all of them, as a + b x
        let (mut up, mut total) = ([0.0; 2], [0.0; 2]);
        for (_, [a, b]) in &self.off {
            total = [total[0] + a, total[1] + b];
            if *a > 0.0 || (*a == 0.0 && *b > 0.0) {
                up = [up[0] + a, up[1] + b];
            }
        }
        let mut next = 0;
        let mut best: [Option<Candidate>; 2] = [None, None];
        let mut series: [Vec<[f64; 2]>; 2] = Default::default();
        for k in 0..self.xs.len() - 1 {
            let (x0, span) = (self.xs[k], self.xs[k + 1] - self.xs[k]);
            for [ta, tb] in self.stretches(k, x0, span, &events[next..]) {
                let mid = x0 + 0.5 * (ta + tb);
                while next < events.len() && events[next].0 < mid {
                    let [a, b] = self.off[events[next].1].1;
                    let s = if b > 0.0 { 1.0 } else { -1.0 };
                    up = [up[0] + s * a, up[1] + s * b];
                    next += 1;
                }
                let down = [total[0] - up[0], total[1] - up[1]];
                for (d, sign, lin) in [(0, 1.0, up), (1, -1.0, down)] {
                    let p = self.arrangement(k, mid - x0, sign, lin, x0);
                    let mut see = |t: f64| {
                        let v = p.eval(t);
                        if best[d].is_none_or(|b| sign * v > sign * b.1) {
                            best[d] = Some((x0 + t, v, k, t));
                        }
                    };
                    see(ta);
                    p.derivative()
                        .roots_in(ta, tb)
                        .into_iter()
                        .for_each(&mut see);
                    see(tb);
                    if sample {
                        sample_stretch(&mut series[d], &p, x0, [ta, tb], length);
                    }
                }
            }
        }
        let [max, min] = [0, 1].map(|d| {
            let (x, _, k, t) = best[d].unwrap_or((0.0, 0.0, 0, 0.0));
            let (value, pieces) = self.at(k, t, x)[d].clone();
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

    /// The largest and smallest values at local `t` of segment `k` (position `x`), each with the
    /// pieces present in its arrangement.
    fn at(&self, k: usize, t: f64, x: f64) -> [(f64, Vec<usize>); 2] {
        let mut contributions: Vec<(usize, f64)> = self
            .own
            .iter()
            .map(|&(j, f, fns)| (j, f * poly(fns, k, self.function).eval(t)))
            .collect();
        contributions.extend(self.off.iter().map(|&(j, [a, b])| (j, a + b * x)));
        contributions.sort_by_key(|c| c.0);
        let fixed = poly(self.fixed, k, self.function).eval(t);
        adverse(&contributions).map(|(sum, pieces)| (fixed + sum, pieces))
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
