//! One member under a constant axial force, exactly: the beam-column equation solved in the
//! functions of [`super::basis`] (stability functions in compression, their hyperbolic form in
//! tension, the first-order polynomials at zero force), for its stiffness, its fixed-end forces and
//! its state anywhere along it.
//!
//! Along the member (local axes, beam conventions): `M = EI v''`, `V = dM/dx` (the shear normal to
//! the deflected axis) and `V' = μM + q`, μ = N/EI. The nodes push on the member across its chord
//! with `T = V − N v'` (the force in the member's undeformed y' direction), which carries the P-Δ
//! effect into the joints' equilibrium; a point force makes V jump as it does T.

use nalgebra::{Matrix4, Matrix6, Vector6};

use super::super::element::{condense, full_stiffness, turned, BeamColumn, BENDING, ROTATION};
use super::super::loads::LocalLoads;
use super::basis::{basis, COUNT};
use crate::analysis::Element;
use crate::member::{enter_stretch, MemberLoads, SectionState};

/// The bending of one member under its axial force.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bending {
    /// Length (m).
    pub length: f64,
    /// EI (kN.m²).
    pub ei: f64,
    /// N/EI (1/m², tension positive).
    pub mu: f64,
}

/// A stretch of member with no load discontinuity inside: its state just right of its start and
/// its load `q0 + q1·t` (t from the stretch's start).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stretch {
    pub start: f64,
    pub end: f64,
    pub state: SectionState,
    pub q: [f64; 2],
}

impl Bending {
    /// The state a distance `t` along a stretch that starts in state `a` under load `q`.
    pub fn advance(&self, a: &SectionState, q: [f64; 2], t: f64) -> SectionState {
        self.advance_with(&basis(self.mu, t), a, q, t)
    }

    fn advance_with(
        &self,
        f: &[f64; COUNT],
        a: &SectionState,
        q: [f64; 2],
        t: f64,
    ) -> SectionState {
        SectionState {
            moment: a.moment * f[0] + a.shear * f[1] + q[0] * f[2] + q[1] * f[3],
            shear: a.moment * self.mu * f[1] + a.shear * f[0] + q[0] * f[1] + q[1] * f[2],
            rotation: a.rotation
                + (a.moment * f[1] + a.shear * f[2] + q[0] * f[3] + q[1] * f[4]) / self.ei,
            deflection: a.deflection
                + a.rotation * t
                + (a.moment * f[2] + a.shear * f[3] + q[0] * f[4] + q[1] * f[5]) / self.ei,
        }
    }

    /// Walks the member from `start` over the breakpoints `xs` (which include the loads' own),
    /// handing each stretch to `each`; returns the state just left of the end.
    pub fn walk(
        &self,
        start: SectionState,
        loads: &MemberLoads,
        xs: &[f64],
        mut each: impl FnMut(Stretch),
    ) -> SectionState {
        let mut state = start;
        for w in xs.windows(2) {
            let (a, b) = (w[0], w[1]);
            // frame loads are linear: the load over a stretch has two terms
            let q = enter_stretch(&mut state, loads, [a, b], self.length).c;
            let q = [q[0], q[1]];
            each(Stretch {
                start: a,
                end: b,
                state,
                q,
            });
            state = self.advance(&state, q, b - a);
        }
        state
    }

    /// The start state (moment and shear found) that takes the member from its start `(v1, θ1)` to
    /// its end `(v2, θ2)` (`u = [v1, θ1, v2, θ2]`) under its loads, and the state at its end.
    pub fn clamped(
        &self,
        u: [f64; 4],
        loads: &MemberLoads,
        xs: &[f64],
    ) -> (SectionState, SectionState) {
        let from = SectionState {
            shear: 0.0,
            moment: 0.0,
            rotation: u[1],
            deflection: u[0],
        };
        let free = self.walk(from, loads, xs, |_| {});
        self.closed(&basis(self.mu, self.length), u, &free)
    }

    /// [`Bending::clamped`] from the free end state `free` (the loads' and the start's, with no
    /// start moment or shear) and the functions `f` at the member's length.
    fn closed(
        &self,
        f: &[f64; COUNT],
        u: [f64; 4],
        free: &SectionState,
    ) -> (SectionState, SectionState) {
        // θ(L) = θ_free + (M0 F1 + V0 F2)/EI and v(L) = v_free + (M0 F2 + V0 F3)/EI
        let det = f[1] * f[3] - f[2] * f[2];
        let (rt, rv) = (
            self.ei * (u[3] - free.rotation),
            self.ei * (u[2] - free.deflection),
        );
        let m0 = (f[3] * rt - f[2] * rv) / det;
        let v0 = (f[1] * rv - f[2] * rt) / det;
        let start = SectionState {
            shear: v0,
            moment: m0,
            rotation: u[1],
            deflection: u[0],
        };
        let end = SectionState {
            moment: free.moment + m0 * f[0] + v0 * f[1],
            shear: free.shear + m0 * self.mu * f[1] + v0 * f[0],
            rotation: u[3],
            deflection: u[2],
        };
        (start, end)
    }

    /// What the nodes exert on the member, `[F1, M1, F2, M2]` (along y', counter-clockwise), for
    /// its start and end states.
    pub fn end_forces(&self, start: &SectionState, end: &SectionState) -> [f64; 4] {
        let n = self.mu * self.ei;
        [
            start.shear - n * start.rotation,
            -start.moment,
            -(end.shear - n * end.rotation),
            end.moment,
        ]
    }

    /// The bending stiffness over (v1, θ1, v2, θ2): the end forces of unit end displacements.
    pub fn stiffness(&self) -> Matrix4<f64> {
        let mut k = Matrix4::zeros();
        let f = basis(self.mu, self.length);
        for j in 0..4 {
            let mut u = [0.0; 4];
            u[j] = 1.0;
            // unloaded, the start's rotation carries its deflection along rigidly
            let free = SectionState {
                shear: 0.0,
                moment: 0.0,
                rotation: u[1],
                deflection: u[0] + u[1] * self.length,
            };
            let (start, end) = self.closed(&f, u, &free);
            let forces = self.end_forces(&start, &end);
            (0..4).for_each(|i| k[(i, j)] = forces[i]);
        }
        // symmetric in exact arithmetic: the rounding of the two halves is averaged away
        (k + k.transpose()) * 0.5
    }
}

/// A member re-formed under its axial force: an element of the analysis core over the same dofs.
pub(crate) struct Stressed {
    dofs: [usize; 6],
    pub bending: Bending,
    /// Local stiffness before the releases are condensed.
    full: Matrix6<f64>,
    matrix: Matrix6<f64>,
}

impl Element for Stressed {
    fn dofs(&self) -> &[usize] {
        &self.dofs
    }

    fn stiffness(&self) -> &[f64] {
        self.matrix.as_slice()
    }
}

impl Stressed {
    /// `member` under the axial force `axial` (kN, tension positive).
    pub fn new(member: &BeamColumn, axial: f64) -> Self {
        let bending = Bending {
            length: member.length,
            ei: member.ei,
            mu: axial / member.ei,
        };
        let full = full_stiffness(member.ea, member.length, &bending.stiffness());
        let local = if member.releases == [true, true] {
            // hinged at both ends the member holds its ends across only as a string, N/L, at
            // every axial force: condensing the stability functions would reach that by
            // cancelling terms that grow without bound towards its own Euler load
            let mut k = full_stiffness(member.ea, member.length, &Matrix4::zeros());
            let string = axial / member.length;
            for (i, j, sign) in [(1, 1, 1.0), (4, 4, 1.0), (1, 4, -1.0), (4, 1, -1.0)] {
                k[(i, j)] = sign * string;
            }
            k
        } else {
            condense(full, Vector6::zeros(), member.releases).0
        };
        Stressed {
            dofs: member.dofs,
            bending,
            full,
            matrix: turned(&member.to_local, &local),
        }
    }

    /// Fixed-end forces of `loads` (local, releases condensed) under the axial force; `xs` are the
    /// bending loads' breakpoints.
    pub fn fixed_end_forces(
        &self,
        member: &BeamColumn,
        loads: &LocalLoads,
        xs: &[f64],
    ) -> Vector6<f64> {
        if loads.is_empty() {
            return Vector6::zeros();
        }
        let f = self.full_fixed_end_forces(member, loads, xs);
        condense(self.full, f, member.releases).1
    }

    fn full_fixed_end_forces(
        &self,
        member: &BeamColumn,
        loads: &LocalLoads,
        xs: &[f64],
    ) -> Vector6<f64> {
        let (start, end) = self.bending.clamped([0.0; 4], &loads.bending, xs);
        let bending = self.bending.end_forces(&start, &end);
        let axial = loads.axial_fixed_end_forces(member.length);
        let mut f = Vector6::zeros();
        f[0] = axial[0];
        f[3] = axial[1];
        for (k, &dof) in BENDING.iter().enumerate() {
            f[dof] = bending[k];
        }
        f
    }

    /// The local end displacements `u` with each released end's own rotation in place of its
    /// node's: the rotation that leaves that end without moment under the loads.
    pub fn with_released_rotations(
        &self,
        member: &BeamColumn,
        mut u: Vector6<f64>,
        loads: &LocalLoads,
        xs: &[f64],
    ) -> Vector6<f64> {
        let released: Vec<usize> = ROTATION
            .iter()
            .zip(member.releases)
            .filter_map(|(&r, released)| released.then_some(r))
            .collect();
        if released.is_empty() {
            return u;
        }
        let f = self.full_fixed_end_forces(member, loads, xs);
        released.iter().for_each(|&r| u[r] = 0.0);
        // moments at the released ends with their rotations zero, then the rotations that cancel them
        let residual = self.full * u + f;
        let k = &self.full;
        match released[..] {
            [r] => u[r] = -residual[r] / k[(r, r)],
            [a, b] => {
                let det = k[(a, a)] * k[(b, b)] - k[(a, b)] * k[(b, a)];
                u[a] = -(k[(b, b)] * residual[a] - k[(a, b)] * residual[b]) / det;
                u[b] = -(k[(a, a)] * residual[b] - k[(b, a)] * residual[a]) / det;
            }
            _ => {}
        }
        u
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stiffness_is_livesleys_stability_functions() {
        // Compression P with φ = kL = 2: s = φ(sin φ − φ cos φ)/(2 − 2cos φ − φ sin φ) and
        // c = (φ − sin φ)/(sin φ − φ cos φ) (Livesley & Chandler, Stability Functions for
        // Structural Frameworks, 1956): k_θθ = sEI/L, the carry-over scEI/L, and the sway terms
        // k_vθ = s(1+c)EI/L², k_vv = (2s(1+c) − φ²)EI/L³.
        let (l, ei, phi): (f64, f64, f64) = (3.0, 2.0e4, 2.0);
        let b = Bending {
            length: l,
            ei,
            mu: -(phi / l).powi(2),
        };
        let k = b.stiffness();
        let s = phi * (phi.sin() - phi * phi.cos()) / (2.0 - 2.0 * phi.cos() - phi * phi.sin());
        let c = (phi - phi.sin()) / (phi.sin() - phi * phi.cos());
        let want = [
            (1, 1, s * ei / l),
            (1, 3, s * c * ei / l),
            (0, 1, s * (1.0 + c) * ei / (l * l)),
            (0, 0, (2.0 * s * (1.0 + c) - phi * phi) * ei / l.powi(3)),
            (0, 2, -(2.0 * s * (1.0 + c) - phi * phi) * ei / l.powi(3)),
        ];
        for (i, j, w) in want {
            assert!(
                (k[(i, j)] - w).abs() <= 1e-12 * w.abs(),
                "{i},{j}: {} vs {w}",
                k[(i, j)]
            );
        }
    }
}
