//! Each member's extremes over every arrangement, with their governing arrangements: at the ends of
//! a member that carries no load ([`Parts::at_ends`]), otherwise by the search along its stretches.

use super::super::loads::LocalLoads;
use super::super::member_results::{functions, Functions};
use super::adverse::Contributions;
use super::search::{self, poly, Search};
use super::{three, Bounded, FramePatterned, Parts, Quantity};
use crate::beam::{PatternedBound, PatternedRange};

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
        let count = self.linear.members.len();
        out.members.reserve(if wanted.forces { count } else { 0 });
        out.series.reserve(if wanted.series { count } else { 0 });
        for (m, member) in self.linear.members.iter().enumerate() {
            let (u, p) = self.linear.member_state(m, fixed, d, &mut loads);
            if !wanted.series && self.at_ends_only(m) {
                if wanted.forces {
                    // with no load on it, the axial force and the shear are the start's all along,
                    // and the moment rises from the start's by the shear per metre
                    let moment = [-p[2], p[1] * member.length - p[2]];
                    let ends = [[-p[0]; 2], [p[1]; 2], moment];
                    let mut at =
                        |f: usize| self.at_ends((m, f), ends[f], scales, &mut contributions);
                    out.members.push([at(0), at(1), at(2)]);
                }
                continue;
            }
            functions(&mut held, member, &u, &p, &loads, &self.xs[m]);
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
                    key: (m, function),
                    sorted: &self.sorted,
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
    /// `fixed`: the fixed part's value at the start and at the end.
    fn at_ends(
        &self,
        (m, function): (usize, usize),
        fixed: [f64; 2],
        [scale, case_scale]: Scales,
        contributions: &mut Contributions,
    ) -> PatternedRange {
        let length = self.linear.members[m].length;
        // the axial force and the shear through the ends are the same all along the member
        let ends = [
            (0.0, function.min(2)),
            (length, if function < 2 { function } else { 3 }),
        ];
        let [max, min] = [0, 1].map(|d| {
            let [start, end] = [0, 1].map(|e| {
                let (x, k) = ends[e];
                let q = self.quantity(Quantity::Member, m, k);
                let weigh = |c: &mut Contributions| self.weigh(c, (m, function, x), scale, &[]);
                self.bound_at(q, (fixed[e], x), (d, case_scale), contributions, weigh)
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
        let rows = r.rows(&r.ends, m);
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
        let mut filled = None;
        let [max, min] = [0, 1].map(|dir| {
            let (x, _, k, t) = best[dir];
            let fixed = (poly(held, k, function).eval(t), x);
            // an own piece's row is zero: it acts along the member, and counts through `own`
            let own: Vec<(usize, f64)> = (self.own[m].iter())
                .filter_map(|&j| {
                    let f = &r.own[j].as_ref()?.1;
                    Some((j, scale[j] * poly(f, k, function).eval(t)))
                })
                .collect();
            // the table knows the forces through the ends: all along, or at an end for the moment
            let end = k + 1 == segments && t == self.xs[m][k + 1] - self.xs[m][k];
            let at = match function {
                0 | 1 => Some(function),
                _ if k == 0 && t == 0.0 => Some(2),
                _ if end => Some(3),
                _ => None,
            };
            let q = at.map(|at| self.quantity(Quantity::Member, m, at));
            if let Some((sum, pieces)) =
                q.and_then(|q| self.table.adverse(q, (dir, case_scale), &own))
            {
                return PatternedBound {
                    value: fixed.0 + sum,
                    position: fixed.1,
                    pieces,
                };
            }
            if filled != Some((k, t)) {
                self.weigh(contributions, (m, function, x), scale, &own);
                filled = Some((k, t));
            }
            contributions.bound(fixed, dir)
        });
        PatternedRange { max, min }
    }
}
