//! One member's second-order results, exact: the beam-column solution from the member's start state
//! stretch by stretch ([`Bending::walk`]), so moment, shear and deflection anywhere are closed forms.
//! Extremes are at the stretches' ends and where the derivative vanishes (the shear where
//! V' = μM + q = 0, the moment where V = 0). V' solves the homogeneous equation, so its zeros are
//! isolated exactly (a grid finer than their spacing π/k); V is monotone between them, so each of
//! its sign changes there is one root. Every root is refined by safeguarded Newton to the last bits.

use std::ops;

use nalgebra::Vector6;

use super::super::element::BeamColumn;
use super::super::member_results::{
    all_breakpoints, axial_force, EndForces, FrameMemberResult, MemberDiagrams, MemberExtremes,
    Scan, Workspace, SAMPLES_PER_MEMBER,
};
use super::beam_column::{Bending, Stressed, Stretch};
use crate::member::SectionState;

/// Results of `member` (re-formed as `stressed`) for its local end displacements `u` under its own
/// loads `work.loads`; also the forces the nodes exert on it (local; moments counter-clockwise,
/// transverse forces across the undeformed chord).
pub(crate) fn member_result(
    member: &BeamColumn,
    stressed: &Stressed,
    u: &Vector6<f64>,
    work: &mut Workspace,
    stretches: &mut Vec<Stretch>,
    with_diagrams: bool,
) -> (FrameMemberResult, Vector6<f64>) {
    all_breakpoints(&mut work.xs, &mut work.both, member.length, &work.loads);
    let (loads, xs) = (&work.loads, &work.xs);
    let full = stressed.with_released_rotations(member, *u, loads, xs);
    let b = &stressed.bending;
    let (start, end) = b.clamped([full[1], full[2], full[4], full[5]], &loads.bending, xs);
    let bending = b.end_forces(&start, &end);
    let axial = loads.axial_fixed_end_forces(member.length);
    let stretch = member.ea / member.length * (u[3] - u[0]);
    let mut p = Vector6::new(
        axial[0] - stretch,
        bending[0],
        bending[1],
        axial[1] + stretch,
        bending[2],
        bending[3],
    );
    // a hinge passes no moment: exactly, not to rounding
    for (&r, released) in [2, 5].iter().zip(member.releases) {
        if released {
            p[r] = 0.0;
        }
    }
    stretches.clear();
    b.walk(start, &loads.bending, xs, |s| stretches.push(s));
    axial_force(&mut work.f.axial, xs, -p[0], loads);
    if with_diagrams {
        let part = sample(member, stressed, stretches, work);
        work.parts.push(part);
    }
    let ends = |at: &SectionState, n: f64, m: f64| EndForces {
        axial: n,
        shear: at.shear,
        moment: m,
    };
    let result = FrameMemberResult {
        length: member.length,
        start: ends(&start, -p[0], -p[2]),
        end: ends(&end, p[3], p[5]),
        extremes: extremes(stressed, stretches, &work.f.axial),
        diagrams: MemberDiagrams::default(),
    };
    (result, p)
}

/// V' = μM + q at `t` along a stretch, and its derivative μV + q1.
fn shear_slope(mu: f64, s: &Stretch, at: &SectionState, t: f64) -> (f64, f64) {
    (mu * at.moment + s.q[0] + s.q[1] * t, mu * at.shear + s.q[1])
}

fn extremes(
    stressed: &Stressed,
    stretches: &[Stretch],
    axial: &[crate::polynomial::Poly],
) -> MemberExtremes {
    let b = &stressed.bending;
    let (mut n, mut shear, mut moment) = (Scan(None), Scan(None), Scan(None));
    let mut deflection = Scan(None);
    let (mut turns, mut flats) = (Vec::new(), Vec::new());
    for (s, poly) in stretches.iter().zip(axial) {
        let h = s.end - s.start;
        n.function(s.start, h, poly);
        let at = |t: f64| b.advance(&s.state, s.q, t);
        // V' = W = μM + q solves W'' = μW: in compression R·cos(kt − φ), its zeros π/k apart, so a
        // grid finer than that holds at most one in each interval; in tension or at μ = 0 it has
        // at most one zero, and one interval will do
        let pieces = if b.mu < 0.0 {
            (2.0 * (-b.mu).sqrt() * h / std::f64::consts::PI)
                .ceil()
                .max(1.0) as usize
        } else {
            1
        };
        turns.clear();
        turns.push(0.0);
        roots(
            h,
            pieces,
            |t| shear_slope(b.mu, s, &at(t), t),
            |t| turns.push(t),
        );
        turns.push(h);
        flats.clear();
        flats.push(0.0);
        // between consecutive turns of V it is monotone: one root at most in each
        for w in turns.windows(2) {
            let (v0, v1) = (at(w[0]).shear, at(w[1]).shear);
            if (v0 < 0.0 && v1 > 0.0) || (v0 > 0.0 && v1 < 0.0) {
                let g = |t: f64| {
                    let st = at(t);
                    (st.shear, shear_slope(b.mu, s, &st, t).0)
                };
                let root = refine(&g, w[0], w[1], v0);
                moment.see(s.start + root, at(root).moment);
                flats.push(root);
            }
        }
        flats.push(h);
        see_deflection(b, s, &flats, &mut deflection);
        for &t in &turns {
            let st = at(t);
            shear.see(s.start + t, st.shear);
            moment.see(s.start + t, st.moment);
        }
    }
    MemberExtremes {
        axial: n.range(),
        shear: shear.range(),
        moment: moment.range(),
        deflection: deflection.range(),
    }
}

/// The deflection's extremes over a stretch: its ends and where the rotation vanishes. θ' = M/EI, so
/// θ is monotone between zeros of M, and M between zeros of V (`flats`, with the stretch's ends):
/// each interval holds one root at most.
fn see_deflection(b: &Bending, s: &Stretch, flats: &[f64], deflection: &mut Scan) {
    let at = |t: f64| b.advance(&s.state, s.q, t);
    let crosses = |a: f64, b: f64| (a < 0.0 && b > 0.0) || (a > 0.0 && b < 0.0);
    let mut bends = vec![0.0];
    for w in flats.windows(2) {
        let (m0, m1) = (at(w[0]).moment, at(w[1]).moment);
        if crosses(m0, m1) {
            let g = |t: f64| (at(t).moment, at(t).shear);
            bends.push(refine(&g, w[0], w[1], m0));
        }
    }
    bends.push(*flats.last().unwrap_or(&0.0));
    for w in bends.windows(2) {
        let (r0, r1) = (at(w[0]).rotation, at(w[1]).rotation);
        if crosses(r0, r1) {
            let g = |t: f64| (at(t).rotation, at(t).moment / b.ei);
            let root = refine(&g, w[0], w[1], r0);
            deflection.see(s.start + root, at(root).deflection);
        }
    }
    for &t in &bends {
        deflection.see(s.start + t, at(t).deflection);
    }
}

/// Each point in (0, h) where `g` (value, derivative) changes sign, in order, to `found`: `g`
/// sampled on `pieces` equal intervals, each of which holds one sign change at most.
fn roots(h: f64, pieces: usize, g: impl Fn(f64) -> (f64, f64), mut found: impl FnMut(f64)) {
    let mut a = 0.0;
    let mut ga = g(0.0).0;
    for i in 1..=pieces {
        let b = h * i as f64 / pieces as f64;
        let gb = g(b).0;
        if (ga < 0.0 && gb > 0.0) || (ga > 0.0 && gb < 0.0) {
            found(refine(&g, a, b, ga));
        } else if gb == 0.0 && i < pieces {
            found(b);
        }
        (a, ga) = (b, gb);
    }
}

/// The root of `g` in `[a, b]`, where it changes sign, by Newton kept inside a shrinking bracket.
fn refine(g: &impl Fn(f64) -> (f64, f64), a: f64, b: f64, ga: f64) -> f64 {
    let (mut lo, mut hi) = (a, b);
    let mut x = 0.5 * (a + b);
    for _ in 0..100 {
        let (gx, dx) = g(x);
        if gx == 0.0 {
            return x;
        }
        if (gx < 0.0) == (ga < 0.0) {
            lo = x;
        } else {
            hi = x;
        }
        let newton = x - gx / dx;
        let next = if newton > lo && newton < hi {
            newton
        } else {
            0.5 * (lo + hi)
        };
        if (next - x).abs() <= 2.0 * f64::EPSILON * b.abs() || hi - lo <= 2.0 * f64::EPSILON * b {
            return next;
        }
        x = next;
    }
    x
}

/// The four diagrams, appended to the workspace's buffers: every stretch sampled at most a
/// member/24 apart (a second-order curve is never straight), and at a jump the left value first.
fn sample(
    member: &BeamColumn,
    stressed: &Stressed,
    stretches: &[Stretch],
    work: &mut Workspace,
) -> [ops::Range<usize>; 4] {
    let b = &stressed.bending;
    let length = member.length;
    let begin = work.diagrams.each_ref().map(Vec::len);
    let [axial, shear, moment, deflection] = &mut work.diagrams;
    let loads = &work.loads;
    let tolerance = 1e-12 * length;
    let mut previous: Option<(SectionState, f64)> = None;
    for (s, n) in stretches.iter().zip(&work.f.axial) {
        let h = s.end - s.start;
        if let Some((left, n_left)) = previous {
            // values just left of a point action, where a diagram jumps
            let here = |at: f64| (at - s.start).abs() <= tolerance;
            let points = &loads.bending.points;
            if loads
                .axial
                .points
                .iter()
                .any(|&(at, f)| f != 0.0 && here(at))
            {
                axial.push([s.start, n_left]);
            }
            if points.iter().any(|p| p.force != 0.0 && here(p.at)) {
                shear.push([s.start, left.shear]);
            }
            if points.iter().any(|p| p.moment != 0.0 && here(p.at)) {
                moment.push([s.start, left.moment]);
            }
        }
        let intervals = (h * SAMPLES_PER_MEMBER / length).ceil().max(1.0) as usize;
        for i in 0..intervals {
            let t = h * i as f64 / intervals as f64;
            let at = b.advance(&s.state, s.q, t);
            axial.push([s.start + t, n.eval(t)]);
            shear.push([s.start + t, at.shear]);
            moment.push([s.start + t, at.moment]);
            deflection.push([s.start + t, at.deflection]);
        }
        previous = Some((b.advance(&s.state, s.q, h), n.eval(h)));
    }
    if let Some((last, n_last)) = previous {
        axial.push([length, n_last]);
        shear.push([length, last.shear]);
        moment.push([length, last.moment]);
        deflection.push([length, last.deflection]);
    }
    let ends = [axial.len(), shear.len(), moment.len(), deflection.len()];
    [0, 1, 2, 3].map(|k| begin[k]..ends[k])
}
