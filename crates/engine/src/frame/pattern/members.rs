//! Each member's extremes over every arrangement, with their governing arrangements: at the ends of
//! a member that carries no load ([`Parts::at_ends`]), otherwise by the search along its stretches.

use super::super::loads::LocalLoads;
use super::super::member_results::{functions, Functions};
use super::adverse::Contributions;
use super::search::{self, poly, Search};
use super::{three, Bounded, FramePatterned, Parts, Quantity};
use crate::beam::PatternedRange;

/// A combination's factors: per piece, and per patterned case.
type Scales<'s> = [&'s [f64]; 2];

impl Parts<'_> {
    /// Each member's extremes (and, when wanted, sampled bounds) over every arrangement.
    pub(super) fn member_bounds(
        &self,
        fixed: &[f64],
        scales: Scales,
        d: &[f64],
        wanted: Bounded,
        out: &mut FramePatterned,
    ) {
        let [scale, case_scale] = scales;
        let mut loads = LocalLoads::default();
        let mut held = Functions::default();
        let mut contributions = Contributions::default();
        for (m, member) in self.linear.members.iter().enumerate() {
            let (u, p) = self.linear.member_state(m, fixed, d, &mut loads);
            functions(&mut held, member, &u, &p, &loads, &self.xs[m]);
            if !wanted.series && self.at_ends_only(m) {
                if wanted.forces {
                    let mut at = |f| self.at_ends((m, f), &held, scales, &mut contributions);
                    out.members.push([at(0), at(1), at(2)]);
                }
                continue;
            }
            let own: Vec<(f64, &Functions)> = self.own[m]
                .iter()
                .filter_map(|&j| self.responses.own[j].as_ref().map(|(_, f)| (scale[j], f)))
                .collect();
            let mut extremes = Vec::with_capacity(3);
            let mut series = Vec::with_capacity(3);
            for function in 0..3 {
                let search = Search {
                    xs: &self.xs[m],
                    track: &self.tracks[m][function],
                    fixed: &held,
                    own: &own,
                    scale: case_scale,
                    function,
                };
                let (best, sampled) = search.run(member.length, wanted.series);
                if wanted.forces {
                    extremes.push(self.range(
                        (m, function),
                        (&held, scales),
                        best,
                        &mut contributions,
                    ));
                }
                series.push(sampled);
            }
            if wanted.forces {
                out.members.push(three(extremes));
            }
            if wanted.series {
                out.series.push(three(series));
            }
        }
    }

    /// The extremes of `function` along member `m`, which carries no load ([`Parts::at_ends_only`]):
    /// the more adverse of its two ends, the start on a tie.
    fn at_ends(
        &self,
        (m, function): (usize, usize),
        held: &Functions,
        [scale, case_scale]: Scales,
        contributions: &mut Contributions,
    ) -> PatternedRange {
        let length = self.linear.members[m].length;
        let fixed = poly(held, 0, function);
        // the axial force and the shear through the ends are the same all along the member
        let ends = [
            (0.0, function.min(2)),
            (length, if function < 2 { function } else { 3 }),
        ];
        let [max, min] = [0, 1].map(|d| {
            let [start, end] = ends.map(|(x, k)| {
                let q = self.quantity(Quantity::Member, m, k);
                let weigh = |c: &mut Contributions| self.weigh(c, (m, function, x), scale, &[]);
                self.bound_at(q, (fixed.eval(x), x), (d, case_scale), contributions, weigh)
            });
            let sign = [1.0, -1.0][d];
            if sign * end.value > sign * start.value {
                end
            } else {
                start
            }
        });
        PatternedRange { max, min }
    }

    /// Every piece's contribution to `function` at `x` along member `m` into `contributions`:
    /// through the member's ends, plus `own` for its own pieces.
    fn weigh(
        &self,
        contributions: &mut Contributions,
        (m, function, x): (usize, usize, f64),
        scale: &[f64],
        own: &[(usize, f64)],
    ) {
        let r = &self.responses;
        let rows = &r.ends[m * r.count..(m + 1) * r.count];
        // the moment rises by the shear per metre
        let weights = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, x, 1.0]][function];
        contributions.fill((rows, weights), scale, own);
    }

    /// Member `m`'s `function` over every arrangement at its candidates `best` (largest and
    /// smallest), with the pieces present in each one's arrangement.
    fn range(
        &self,
        (m, function): (usize, usize),
        (held, [scale, case_scale]): (&Functions, Scales),
        best: [search::Candidate; 2],
        contributions: &mut Contributions,
    ) -> PatternedRange {
        let r = &self.responses;
        let segments = self.xs[m].len() - 1;
        let [max, min] = [0, 1].map(|dir| {
            let (x, _, k, t) = best[dir];
            let fixed = (poly(held, k, function).eval(t), x);
            // the table knows the forces through the ends: all along, or at an end for the moment
            let end = k + 1 == segments && t == self.xs[m][k + 1] - self.xs[m][k];
            let at = match function {
                0 | 1 => Some(function),
                _ if k == 0 && t == 0.0 => Some(2),
                _ if end => Some(3),
                _ => None,
            };
            let weigh = |c: &mut Contributions| {
                // an own piece's row is zero: it acts along the member, and counts through `own`
                let own: Vec<(usize, f64)> = (self.own[m].iter())
                    .filter_map(|&j| {
                        let f = &r.own[j].as_ref()?.1;
                        Some((j, scale[j] * poly(f, k, function).eval(t)))
                    })
                    .collect();
                self.weigh(c, (m, function, x), scale, &own);
            };
            match at.filter(|_| self.own[m].is_empty()) {
                Some(k) => {
                    let q = self.quantity(Quantity::Member, m, k);
                    self.bound_at(q, fixed, (dir, case_scale), contributions, weigh)
                }
                None => {
                    weigh(contributions);
                    contributions.bound(fixed, dir)
                }
            }
        });
        PatternedRange { max, min }
    }
}
