//! One member's results, exact: its end forces plus the closed-form effect of its own loads give
//! axial force, shear, moment and deflection anywhere ([`crate::member`] integrates the bending;
//! the axial force is the same integration one level down), and the extremes are found from the
//! polynomials' stationary points, not read off samples.

use std::ops;
use std::sync::Arc;

use nalgebra::Vector6;
use serde::Serialize;

use super::element::BeamColumn;
use super::loads::LocalLoads;
pub use super::series::Series;
use crate::beam::{Extreme, Range};
use crate::member::{
    breakpoints_into, end_state, integrate_into, LineLoad, MemberLoads, PointAction, SectionState,
    Segment,
};
use crate::polynomial::Poly;

/// Intervals a member is sampled with: as for beam spans, linear interpolation between samples stays
/// within 0.5% of the exact curve (a chord over h misses by h²/8 |f''|; see the beam's sampler).
pub(super) const SAMPLES_PER_MEMBER: f64 = 24.0;

/// Internal forces at a section, beam conventions read along x' with y' up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct EndForces {
    /// Axial force (kN, tension positive).
    pub axial: f64,
    /// Shear (kN), V = dM/dx'.
    pub shear: f64,
    /// Moment (kN.m), positive when the -y' face is in tension.
    pub moment: f64,
}

/// Exact extremes along one member (positions from its start, leftmost on a tie).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MemberExtremes {
    /// Axial force (kN).
    pub axial: Range,
    /// Shear (kN).
    pub shear: Range,
    /// Moment (kN.m).
    pub moment: Range,
    /// Displacement along y' (m), the member's `deflection` diagram.
    pub deflection: Range,
}

/// Series of `[position from the start (m), value]`; at a jump the value just left comes first.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct MemberDiagrams {
    /// Axial force (kN).
    pub axial: Series,
    /// Shear (kN).
    pub shear: Series,
    /// Moment (kN.m).
    pub moment: Series,
    /// Displacement along y' (m).
    pub deflection: Series,
}

/// Results of one member.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FrameMemberResult {
    /// Length (m).
    pub length: f64,
    /// Internal forces just inside the start.
    pub start: EndForces,
    /// Internal forces just inside the end.
    pub end: EndForces,
    /// Exact extremes.
    pub extremes: MemberExtremes,
    /// Sampled diagrams (empty unless asked for).
    pub diagrams: MemberDiagrams,
}

/// The member's functions: bending segments and the axial force over the same breakpoints.
#[derive(Default)]
pub(super) struct Functions {
    pub(super) segments: Vec<Segment>,
    pub(super) axial: Vec<Poly>,
}

/// Buffers one member's results are built in, reused member after member, so that a thousand
/// members cost no allocation each (the WebAssembly allocator is slow).
#[derive(Default)]
pub(super) struct Workspace {
    /// The member's own (factored) loads, filled by the caller before [`member_result`].
    pub loads: LocalLoads,
    /// Bending loads plus the axial ones' positions, for the breakpoints of both.
    pub(super) both: MemberLoads,
    pub(super) xs: Vec<f64>,
    pub(super) f: Functions,
    /// The result's diagrams being sampled (axial, shear, moment, deflection), every member's
    /// one after another, and each member's part of them.
    pub(super) diagrams: [Vec<[f64; 2]>; 4],
    pub(super) parts: Vec<[ops::Range<usize>; 4]>,
}

impl Workspace {
    /// Room for the diagrams of `members` members, each curved over its whole length (every
    /// member/24 and its two ends, a jump or two): growing a buffer of a thousand members' points
    /// copied it over and over.
    pub fn reserve_diagrams(&mut self, members: usize) {
        let room = members * (SAMPLES_PER_MEMBER as usize + 4);
        self.diagrams.iter_mut().for_each(|d| d.reserve(room));
    }

    /// Hands the sampled diagrams to the members of the result (in order), leaving the buffers
    /// empty for the next result.
    pub fn share_diagrams(&mut self, members: &mut [FrameMemberResult]) {
        if self.parts.is_empty() {
            return;
        }
        let [axial, shear, moment, deflection] = std::mem::take(&mut self.diagrams).map(Arc::new);
        for (m, [a, s, mo, d]) in members.iter_mut().zip(self.parts.drain(..)) {
            m.diagrams = MemberDiagrams {
                axial: Series::part_of(&axial, a),
                shear: Series::part_of(&shear, s),
                moment: Series::part_of(&moment, mo),
                deflection: Series::part_of(&deflection, d),
            };
        }
    }
}

/// Results of `member` for its local end displacements `u`, end forces `p` (what the nodes exert,
/// moments counter-clockwise) and its own (factored) loads, `work.loads`.
pub(super) fn member_result(
    member: &BeamColumn,
    u: &Vector6<f64>,
    p: &Vector6<f64>,
    work: &mut Workspace,
    with_diagrams: bool,
) -> FrameMemberResult {
    let Workspace {
        loads,
        both,
        xs,
        f,
        diagrams,
        parts,
    } = work;
    all_breakpoints(xs, both, member.length, loads);
    functions(f, member, u, p, loads, xs);
    if with_diagrams {
        parts.push(sample(member.length, f, loads, diagrams));
    }
    FrameMemberResult {
        length: member.length,
        start: EndForces {
            axial: -p[0],
            shear: p[1],
            moment: -p[2],
        },
        end: EndForces {
            axial: p[3],
            shear: -p[4],
            moment: p[5],
        },
        extremes: extremes(f),
        diagrams: MemberDiagrams::default(),
    }
}

/// The member's functions over the breakpoints `xs`, into `f`.
pub(super) fn functions(
    f: &mut Functions,
    member: &BeamColumn,
    u: &Vector6<f64>,
    p: &Vector6<f64>,
    loads: &LocalLoads,
    xs: &[f64],
) {
    let mut start = SectionState {
        shear: p[1],
        moment: -p[2],
        rotation: u[2],
        deflection: u[1],
    };
    if member.releases[0] {
        // The start rotation of a hinged end is the member's own: the one that brings the end to
        // where the end node went (rotation enters the deflection as θ0·x).
        start.rotation = 0.0;
        let (length, ei) = (member.length, member.ei);
        integrate_into(&mut f.segments, length, ei, start, &loads.bending, xs);
        let free = end_state(&f.segments);
        start.rotation = (u[4] - free.deflection) / member.length;
    }
    integrate_into(
        &mut f.segments,
        member.length,
        member.ei,
        start,
        &loads.bending,
        xs,
    );
    axial_force(&mut f.axial, xs, -p[0], loads);
}

/// Breakpoints of both the bending and the axial loads, into `xs` (`both` is a buffer).
pub(super) fn all_breakpoints(
    xs: &mut Vec<f64>,
    both: &mut MemberLoads,
    length: f64,
    loads: &LocalLoads,
) {
    if loads.is_empty() {
        xs.clear();
        xs.extend([0.0, length]);
        return;
    }
    if loads.axial.points.is_empty() && loads.axial.lines.is_empty() {
        return breakpoints_into(xs, length, &loads.bending);
    }
    both.clear();
    both.extend(&loads.bending);
    both.points
        .extend(loads.axial.points.iter().map(|&(at, _)| PointAction {
            at,
            force: 0.0,
            moment: 0.0,
        }));
    both.lines
        .extend(loads.axial.lines.iter().map(|&(from, to, _)| LineLoad {
            from,
            to,
            q: Poly::default(),
        }));
    breakpoints_into(xs, length, both)
}

/// N(t) per segment from N just inside the start, into `out`: N falls by the load along +x' (∫p,
/// and P at a point).
pub(super) fn axial_force(out: &mut Vec<Poly>, xs: &[f64], start: f64, loads: &LocalLoads) {
    out.clear();
    let tolerance = 1e-12 * xs.last().copied().unwrap_or(1.0);
    let mut n = start;
    for w in xs.windows(2) {
        let (a, b) = (w[0], w[1]);
        for &(_, force) in loads
            .axial
            .points
            .iter()
            .filter(|(at, _)| (at - a).abs() <= tolerance && a > 0.0)
        {
            n -= force;
        }
        let mut p = Poly::default();
        for (from, to, q) in &loads.axial.lines {
            if *from <= a + tolerance && *to >= b - tolerance {
                p = p.plus(&q.shifted(a - from));
            }
        }
        let segment = p.scaled(-1.0).integral(n);
        n = segment.eval(b - a);
        out.push(segment);
    }
}

/// Largest and smallest values, scanned left to right so that a tie keeps the leftmost.
pub(super) struct Scan(pub(super) Option<Range>);

impl Scan {
    pub(super) fn see(&mut self, position: f64, value: f64) {
        let here = Extreme { value, position };
        match &mut self.0 {
            None => {
                self.0 = Some(Range {
                    max: here,
                    min: here,
                })
            }
            Some(r) => {
                if value > r.max.value {
                    r.max = here;
                }
                if value < r.min.value {
                    r.min = here;
                }
            }
        }
    }

    /// A function over `[x, x + length]`: its ends (one-sided) and its stationary points inside.
    pub(super) fn function(&mut self, x: f64, length: f64, f: &Poly) {
        self.see(x, f.c[0]);
        for t in f.derivative().roots_in(0.0, length) {
            self.see(x + t, f.eval(t));
        }
        self.see(x + length, f.eval(length));
    }

    pub(super) fn range(self) -> Range {
        let zero = Extreme {
            value: 0.0,
            position: 0.0,
        };
        self.0.unwrap_or(Range {
            max: zero,
            min: zero,
        })
    }
}

fn extremes(f: &Functions) -> MemberExtremes {
    let [mut axial, mut shear, mut moment, mut deflection] = [(); 4].map(|_| Scan(None));
    for (s, n) in f.segments.iter().zip(&f.axial) {
        let length = s.end - s.start;
        axial.function(s.start, length, n);
        shear.function(s.start, length, &s.shear);
        moment.function(s.start, length, &s.moment);
        deflection.function(s.start, length, &s.deflection);
    }
    MemberExtremes {
        axial: axial.range(),
        shear: shear.range(),
        moment: moment.range(),
        deflection: deflection.range(),
    }
}

/// The four diagrams, appended to `out` (axial, shear, moment, deflection; the member's parts of
/// them returned): each segment's start, interior points at most a member/24 apart where the
/// function curves (none where it is straight: linear interpolation is then exact), the end, and at
/// a jump (a point force in shear or axial force, a couple in moment) the left value first.
fn sample(
    length: f64,
    f: &Functions,
    loads: &LocalLoads,
    out: &mut [Vec<[f64; 2]>; 4],
) -> [ops::Range<usize>; 4] {
    let tolerance = 1e-12 * length;
    let near = |x: f64, at: f64| (x - at).abs() <= tolerance;
    let shear_jump = |x: f64| {
        loads
            .bending
            .points
            .iter()
            .any(|p| p.force != 0.0 && near(x, p.at))
    };
    let moment_jump = |x: f64| {
        loads
            .bending
            .points
            .iter()
            .any(|p| p.moment != 0.0 && near(x, p.at))
    };
    let axial_jump = |x: f64| {
        loads
            .axial
            .points
            .iter()
            .any(|&(at, force)| force != 0.0 && near(x, at))
    };
    let series =
        |out: &mut Vec<[f64; 2]>, poly: &dyn Fn(usize) -> Poly, jumps: &dyn Fn(f64) -> bool| {
            let begin = out.len();
            let mut previous: Option<f64> = None;
            for (k, s) in f.segments.iter().enumerate() {
                let p = poly(k);
                let span = s.end - s.start;
                if let Some(left) = previous.filter(|_| jumps(s.start)) {
                    out.push([s.start, left]);
                }
                // a straight line is its two ends exactly; a curve takes a sample every member/24
                let degree = p.degree();
                let intervals = if degree <= 1 {
                    1
                } else {
                    (span * SAMPLES_PER_MEMBER / length).ceil().max(1.0) as usize
                };
                for i in 0..intervals {
                    let t = span * i as f64 / intervals as f64;
                    out.push([s.start + t, p.eval_to(t, degree)]);
                }
                previous = Some(p.eval_to(span, degree));
            }
            if let Some(last) = previous {
                out.push([length, last]);
            }
            begin..out.len()
        };
    let [axial, shear, moment, deflection] = out;
    [
        series(axial, &|k| f.axial[k], &axial_jump),
        series(shear, &|k| f.segments[k].shear, &shear_jump),
        series(moment, &|k| f.segments[k].moment, &moment_jump),
        series(deflection, &|k| f.segments[k].deflection, &|_| false),
    ]
}
