//! Exact response along a bending member: shear, moment, rotation and deflection as piecewise
//! polynomials, found by integrating the loads from the member's start state.
//!
//! Conventions (local axes, SI): `q` and point forces act along +y (up); moments are
//! counter-clockwise positive; `V = dM/dx`; `M` is sagging positive; `EI v'' = M`.
//! Fixed-end forces come from the same integration, so any load shape the integrator takes is
//! handled without a table of formulas.

use nalgebra::{Matrix4, Vector4};

use crate::polynomial::Poly;

/// A concentrated force (+y) and/or counter-clockwise moment at `at` (m from the member start).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointAction {
    /// Position from the member start (m).
    pub at: f64,
    /// Force along +y (kN).
    pub force: f64,
    /// Counter-clockwise moment (kN.m).
    pub moment: f64,
}

/// A distributed load `q(s)` (kN/m along +y), `s` measured from `from`, acting over `[from, to]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineLoad {
    /// Start (m from the member start).
    pub from: f64,
    /// End (m from the member start).
    pub to: f64,
    /// Intensity as a polynomial in `s = x - from`.
    pub q: Poly,
}

/// Loads inside one member.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MemberLoads {
    /// Concentrated actions strictly inside the member.
    pub points: Vec<PointAction>,
    /// Distributed loads.
    pub lines: Vec<LineLoad>,
}

impl MemberLoads {
    /// Removes every load, keeping the buffers.
    pub fn clear(&mut self) {
        self.points.clear();
        self.lines.clear();
    }

    /// Appends another set of loads.
    pub fn extend(&mut self, other: &MemberLoads) {
        self.points.extend_from_slice(&other.points);
        self.lines.extend_from_slice(&other.lines);
    }

    /// Adds `other`'s loads times `factor` (no scaled copy in between).
    pub fn extend_scaled(&mut self, other: &MemberLoads, factor: f64) {
        if factor == 1.0 {
            return self.extend(other);
        }
        self.points.extend(other.points.iter().map(|p| PointAction {
            at: p.at,
            force: p.force * factor,
            moment: p.moment * factor,
        }));
        self.lines.extend(other.lines.iter().map(|l| LineLoad {
            q: l.q.scaled(factor),
            ..*l
        }));
    }
}

/// Shear, moment, rotation and deflection at one section.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SectionState {
    /// Shear V (kN), V = dM/dx.
    pub shear: f64,
    /// Bending moment M (kN.m), sagging positive.
    pub moment: f64,
    /// Rotation (rad), counter-clockwise positive.
    pub rotation: f64,
    /// Deflection (m), +y positive.
    pub deflection: f64,
}

/// One stretch of the member with no load discontinuity inside; polynomials in `t = x - start`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    /// Start (m from the member start).
    pub start: f64,
    /// End (m from the member start).
    pub end: f64,
    /// Shear V(t).
    pub shear: Poly,
    /// Moment M(t).
    pub moment: Poly,
    /// Rotation θ(t).
    pub rotation: Poly,
    /// Deflection v(t).
    pub deflection: Poly,
}

impl Segment {
    /// All four functions at local `t`.
    pub fn state_at(&self, t: f64) -> SectionState {
        SectionState {
            shear: self.shear.eval(t),
            moment: self.moment.eval(t),
            rotation: self.rotation.eval(t),
            deflection: self.deflection.eval(t),
        }
    }
}

/// Breakpoints of the member: its ends, point actions and load starts and ends, sorted and distinct.
pub fn breakpoints(length: f64, loads: &MemberLoads) -> Vec<f64> {
    // sized once: growing it a push at a time cost WebAssembly's allocator more than the sort
    let mut xs = Vec::with_capacity(2 + loads.points.len() + 2 * loads.lines.len());
    breakpoints_into(&mut xs, length, loads);
    xs
}

/// [`breakpoints`] into a buffer the caller reuses (its old contents are dropped): members solved
/// one after another need no allocation each.
pub fn breakpoints_into(xs: &mut Vec<f64>, length: f64, loads: &MemberLoads) {
    xs.clear();
    xs.extend([0.0, length]);
    xs.extend(loads.points.iter().map(|p| p.at));
    for l in &loads.lines {
        xs.push(l.from);
        xs.push(l.to);
    }
    xs.retain(|&x| x >= 0.0 && x <= length);
    xs.sort_by(f64::total_cmp);
    let tolerance = 1e-12 * length;
    xs.dedup_by(|b, a| (*b - *a).abs() <= tolerance);
    if let Some(last) = xs.last_mut() {
        *last = length;
    }
}

/// Integrates the member from its start state; returns one [`Segment`] per stretch between breakpoints.
pub fn integrate(length: f64, ei: f64, start: SectionState, loads: &MemberLoads) -> Vec<Segment> {
    integrate_at(length, ei, start, loads, &breakpoints(length, loads))
}

/// [`integrate`] over given breakpoints, which must include the loads' own: load cases integrated
/// separately then share their segments, so their polynomials superpose term by term.
pub fn integrate_at(
    length: f64,
    ei: f64,
    start: SectionState,
    loads: &MemberLoads,
    xs: &[f64],
) -> Vec<Segment> {
    let mut segments = Vec::with_capacity(xs.len().saturating_sub(1));
    integrate_into(&mut segments, length, ei, start, loads, xs);
    segments
}

/// [`integrate_at`] into a buffer the caller reuses (its old contents are dropped).
pub fn integrate_into(
    segments: &mut Vec<Segment>,
    length: f64,
    ei: f64,
    start: SectionState,
    loads: &MemberLoads,
    xs: &[f64],
) {
    segments.clear();
    integrate_each(length, ei, start, loads, xs, |s| segments.push(s));
}

/// State just left of the member end, integrated from `start` over the breakpoints `xs` without
/// keeping the segments (the same numbers as [`end_state`] of [`integrate_at`]).
pub fn end_state_at(
    length: f64,
    ei: f64,
    start: SectionState,
    loads: &MemberLoads,
    xs: &[f64],
) -> SectionState {
    let mut last = SectionState::default();
    integrate_each(length, ei, start, loads, xs, |s| {
        last = s.state_at(s.end - s.start)
    });
    last
}

/// The integration itself, handing each segment to `each` in order.
fn integrate_each(
    length: f64,
    ei: f64,
    start: SectionState,
    loads: &MemberLoads,
    xs: &[f64],
    mut each: impl FnMut(Segment),
) {
    let mut state = start;
    for w in xs.windows(2) {
        let (a, b) = (w[0], w[1]);
        let q = enter_stretch(&mut state, loads, [a, b], length);
        let shear = q.integral(state.shear);
        let moment = shear.integral(state.moment);
        let rotation = moment.scaled(1.0 / ei).integral(state.rotation);
        let deflection = rotation.integral(state.deflection);
        let segment = Segment {
            start: a,
            end: b,
            shear,
            moment,
            rotation,
            deflection,
        };
        state = segment.state_at(b - a);
        each(segment);
    }
}

/// Crossing into the stretch `[a, b]` between breakpoints: the point actions at `a` change the
/// shear and moment of `state`; returns the line load over the stretch, in `t = x - a`.
pub fn enter_stretch(
    state: &mut SectionState,
    loads: &MemberLoads,
    [a, b]: [f64; 2],
    length: f64,
) -> Poly {
    let tolerance = 1e-12 * length;
    for p in loads
        .points
        .iter()
        .filter(|p| (p.at - a).abs() <= tolerance && a > 0.0)
    {
        state.shear += p.force;
        // a clockwise applied moment raises the sagging moment to its right
        state.moment -= p.moment;
    }
    let mut q = Poly::default();
    for l in &loads.lines {
        if l.from <= a + tolerance && l.to >= b - tolerance && l.to > l.from {
            q = q.plus(&l.q.shifted(a - l.from));
        }
    }
    q
}

/// State just left of the member end.
pub fn end_state(segments: &[Segment]) -> SectionState {
    segments
        .last()
        .map(|s| s.state_at(s.end - s.start))
        .unwrap_or_default()
}

/// Local end forces on a member (y forces and counter-clockwise moments at start and end) that hold
/// both ends fixed against the loads: `[F1, M1, F2, M2]`.
pub fn fixed_end_forces(length: f64, ei: f64, loads: &MemberLoads) -> Vector4<f64> {
    if loads.points.is_empty() && loads.lines.is_empty() {
        return Vector4::zeros();
    }
    // Loads alone, from a start with no shear, moment, rotation or deflection...
    let xs = breakpoints(length, loads);
    let free = end_state_at(length, ei, SectionState::default(), loads, &xs);
    // ...then the start shear V0 and moment M0 that bring the end back to zero rotation and deflection:
    //   θ(L) = θ_free + V0 L²/2EI + M0 L/EI = 0,  v(L) = v_free + V0 L³/6EI + M0 L²/2EI = 0
    let l = length;
    let (a11, a12, b1) = (l * l / 2.0, l, -free.rotation * ei);
    let (a21, a22, b2) = (l * l * l / 6.0, l * l / 2.0, -free.deflection * ei);
    let det = a11 * a22 - a12 * a21;
    let v0 = (b1 * a22 - a12 * b2) / det;
    let m0 = (a11 * b2 - a21 * b1) / det;
    let start = SectionState {
        shear: v0,
        moment: m0,
        rotation: 0.0,
        deflection: 0.0,
    };
    let end = end_state_at(length, ei, start, loads, &xs);
    Vector4::new(v0, -m0, -end.shear, end.moment)
}

/// Bending stiffness of a member in local (v1, θ1, v2, θ2), row-major.
pub fn bending_stiffness(length: f64, ei: f64) -> Matrix4<f64> {
    let l = length;
    let k = ei / (l * l * l);
    let (a, b, c, d) = (12.0 * k, 6.0 * l * k, 4.0 * l * l * k, 2.0 * l * l * k);
    #[rustfmt::skip]
    let matrix = Matrix4::new(
        a, b, -a, b,
        b, c, -b, d,
        -a, -b, a, -b,
        b, d, -b, c,
    );
    matrix
}

#[cfg(test)]
mod tests {
    use super::*;

    fn udl(length: f64, w: f64) -> MemberLoads {
        MemberLoads {
            points: vec![],
            lines: vec![LineLoad {
                from: 0.0,
                to: length,
                q: Poly::constant(w),
            }],
        }
    }

    #[test]
    fn fixed_end_forces_of_a_uniform_load() {
        // Fixed-fixed, downward w: end shears wL/2 up, end moments wL²/12 (CCW at start, CW at end).
        let (l, w) = (6.0, 10.0);
        let f = fixed_end_forces(l, 1.0e4, &udl(l, -w));
        let want = [
            w * l / 2.0,
            w * l * l / 12.0,
            w * l / 2.0,
            -w * l * l / 12.0,
        ];
        for (g, e) in f.iter().zip(want) {
            assert!((g - e).abs() < 1e-9 * e.abs(), "{g} vs {e}");
        }
    }

    #[test]
    fn fixed_end_forces_of_an_off_centre_point_load() {
        // P at a from the start, b = L - a: M1 = P a b²/L², M2 = -P a² b/L², F1 = P b²(3a + b)/L³.
        let (l, a, p) = (5.0, 2.0, 12.0);
        let b = l - a;
        let loads = MemberLoads {
            points: vec![PointAction {
                at: a,
                force: -p,
                moment: 0.0,
            }],
            lines: vec![],
        };
        let f = fixed_end_forces(l, 3.0e4, &loads);
        let want = [
            p * b * b * (3.0 * a + b) / l.powi(3),
            p * a * b * b / (l * l),
            p * a * a * (a + 3.0 * b) / l.powi(3),
            -p * a * a * b / (l * l),
        ];
        for (g, e) in f.iter().zip(want) {
            assert!((g - e).abs() < 1e-9 * e.abs(), "{g} vs {e}");
        }
    }
}
