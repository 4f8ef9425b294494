//! The plane beam-column: axial and Euler-Bernoulli bending stiffness in local axes, end releases
//! condensed out, the loads inside it as fixed-end forces (the beam's exact member integration for
//! bending, the same for the axial force), and the turn from local axes to the node axes.
//!
//! Local dofs are `(u1, v1, θ1, u2, v2, θ2)`: u along x', v along y', θ counter-clockwise.

use nalgebra::{Matrix4, Matrix6, Vector6};

use super::loads::LocalLoads;
use crate::analysis::Element;
use crate::member::{bending_stiffness, fixed_end_forces};
use crate::roller::Axes;

/// Local positions of the bending dofs among the six.
pub(super) const BENDING: [usize; 4] = [1, 2, 4, 5];
/// Local positions of the end rotations.
pub(super) const ROTATION: [usize; 2] = [2, 5];

/// A member ready for assembly and for recovering its end forces.
pub(super) struct BeamColumn {
    /// Global dofs: start node's (axis 0, axis 1, rotation), then the end node's.
    pub dofs: [usize; 6],
    /// Length (m).
    pub length: f64,
    /// Bending stiffness EI (kN.m²).
    pub ei: f64,
    /// Axial stiffness EA (kN).
    pub ea: f64,
    /// Unit vector x' (global axes); y' is it turned counter-clockwise.
    pub direction: [f64; 2],
    /// Hinges at the start and the end.
    pub releases: [bool; 2],
    /// Node dofs to local dofs.
    pub to_local: Matrix6<f64>,
    /// Local stiffness with the released rotations condensed out.
    pub local: Matrix6<f64>,
    /// `to_localᵀ · local · to_local`: the stiffness over `dofs`.
    matrix: Matrix6<f64>,
}

impl Element for BeamColumn {
    fn dofs(&self) -> &[usize] {
        &self.dofs
    }

    fn stiffness(&self) -> &[f64] {
        self.matrix.as_slice()
    }
}

impl BeamColumn {
    /// A member between nodes `ends` with the given node axes.
    pub fn new(
        ends: [usize; 2],
        axes: [&Axes; 2],
        delta: [f64; 2],
        stiffness: (f64, f64),
        releases: [bool; 2],
    ) -> Self {
        let length = delta[0].hypot(delta[1]);
        let direction = [delta[0] / length, delta[1] / length];
        let (ea, ei) = stiffness;
        let to_local = transformation(direction, axes);
        let bending = bending_stiffness(length, ei);
        let (local, _) = condense(
            full_stiffness(ea, length, &bending),
            Vector6::zeros(),
            releases,
        );
        let matrix = turned(&to_local, &local);
        let [a, b] = ends;
        BeamColumn {
            dofs: [3 * a, 3 * a + 1, 3 * a + 2, 3 * b, 3 * b + 1, 3 * b + 2],
            length,
            ei,
            ea,
            direction,
            releases,
            to_local,
            local,
            matrix,
        }
    }

    /// Forces the ends must exert on the member, held fixed, against `loads` (local, releases
    /// condensed): a released end passes no moment.
    pub fn fixed_end_forces(&self, loads: &LocalLoads) -> Vector6<f64> {
        if loads.is_empty() {
            // most members carry nothing in most cases: no condensation to find zeros
            return Vector6::zeros();
        }
        let bending = fixed_end_forces(self.length, self.ei, &loads.bending);
        let axial = loads.axial_fixed_end_forces(self.length);
        let mut f = Vector6::zeros();
        f[0] = axial[0];
        f[3] = axial[1];
        for (k, &dof) in BENDING.iter().enumerate() {
            f[dof] = bending[k];
        }
        condense(
            full_stiffness(
                self.ea,
                self.length,
                &bending_stiffness(self.length, self.ei),
            ),
            f,
            self.releases,
        )
        .1
    }

    /// Forces the nodes exert on the member (local axes; moments counter-clockwise) for its local
    /// end displacements `u` ([`BeamColumn::local_displacements`]) and the fixed-end forces of its
    /// loads.
    pub fn end_forces(&self, u: &Vector6<f64>, fixed: &Vector6<f64>) -> Vector6<f64> {
        self.local * u + fixed
    }

    /// The member's end displacements in local axes (rotations of released ends are not in it).
    pub fn local_displacements(&self, d: &[f64]) -> Vector6<f64> {
        self.to_local * Vector6::from_fn(|k, _| d[self.dofs[k]])
    }

    /// A local vector at one end `(x', y', moment)` in global axes.
    pub fn to_global(&self, local: [f64; 3]) -> [f64; 3] {
        let [c, s] = self.direction;
        [
            c * local[0] - s * local[1],
            s * local[0] + c * local[1],
            local[2],
        ]
    }
}

/// Local stiffness of the unreleased member: EA/L on the axial dofs, `bending` (over v1, θ1, v2, θ2)
/// on the others.
pub(super) fn full_stiffness(ea: f64, length: f64, bending: &Matrix4<f64>) -> Matrix6<f64> {
    let mut k = Matrix6::zeros();
    let axial = ea / length;
    k[(0, 0)] = axial;
    k[(3, 3)] = axial;
    k[(0, 3)] = -axial;
    k[(3, 0)] = -axial;
    for (i, &r) in BENDING.iter().enumerate() {
        for (j, &c) in BENDING.iter().enumerate() {
            k[(r, c)] = bending[(i, j)];
        }
    }
    k
}

/// Static condensation of the released end rotations: the released rotation takes whatever value
/// leaves no moment at that end, so its row and column fold into the others.
pub(super) fn condense(
    mut k: Matrix6<f64>,
    mut f: Vector6<f64>,
    releases: [bool; 2],
) -> (Matrix6<f64>, Vector6<f64>) {
    for (&r, _) in ROTATION
        .iter()
        .zip(releases)
        .filter(|(_, released)| *released)
    {
        let krr = k[(r, r)];
        let row = k.row(r).into_owned();
        let fr = f[r];
        for i in 0..6 {
            let share = k[(i, r)] / krr;
            f[i] -= share * fr;
            for j in 0..6 {
                k[(i, j)] -= share * row[j];
            }
        }
        // exact zeros, not rounding: a released end carries no moment
        k.row_mut(r).fill(0.0);
        k.column_mut(r).fill(0.0);
        f[r] = 0.0;
    }
    (k, f)
}

/// `tᵀ · k · t` for a turn `t` made of one 3×3 block per end ([`transformation`]): four 3×3
/// products, a quarter of the dense 6×6 ones' multiplications, each over the same nonzero terms
/// (the skipped ones are exact zeros).
pub(super) fn turned(t: &Matrix6<f64>, k: &Matrix6<f64>) -> Matrix6<f64> {
    let mut out = Matrix6::zeros();
    for p in [0, 3] {
        for q in [0, 3] {
            let tp = t.fixed_view::<3, 3>(p, p);
            let tq = t.fixed_view::<3, 3>(q, q);
            let block = tp.transpose() * k.fixed_view::<3, 3>(p, q) * tq;
            out.fixed_view_mut::<3, 3>(p, q).copy_from(&block);
        }
    }
    out
}

/// Node dofs (each node's two axes and its rotation) to local `(u, v, θ)` at each end.
fn transformation(direction: [f64; 2], axes: [&Axes; 2]) -> Matrix6<f64> {
    let x = direction;
    let y = [-x[1], x[0]];
    let dot = |a: [f64; 2], b: [f64; 2]| a[0] * b[0] + a[1] * b[1];
    let mut t = Matrix6::zeros();
    for (end, node_axes) in axes.iter().enumerate() {
        let o = 3 * end;
        for (k, axis) in node_axes.iter().enumerate() {
            t[(o, o + k)] = dot(x, *axis);
            t[(o + 1, o + k)] = dot(y, *axis);
        }
        t[(o + 2, o + 2)] = 1.0;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    const GLOBAL: Axes = [[1.0, 0.0], [0.0, 1.0]];

    #[test]
    fn a_released_end_passes_no_moment_and_softens_the_other() {
        // Propped cantilever stiffness: released at the end, the start rotation stiffness is 3EI/L.
        let (ei, l) = (2.0e4, 5.0);
        let m = BeamColumn::new(
            [0, 1],
            [&GLOBAL, &GLOBAL],
            [l, 0.0],
            (1e6, ei),
            [false, true],
        );
        assert!((m.local[(2, 2)] - 3.0 * ei / l).abs() < 1e-9 * ei);
        assert_eq!(m.local.row(5).iter().filter(|v| **v != 0.0).count(), 0);
    }

    #[test]
    fn the_turn_by_blocks_is_the_dense_product() {
        // an inclined member between a roller (axes turned 30°) and a plain node, hinged at its end
        let roller = crate::roller::roller_axes(std::f64::consts::PI / 6.0);
        let m = BeamColumn::new(
            [0, 1],
            [&roller, &GLOBAL],
            [3.0, 4.0],
            (2e6, 3e4),
            [false, true],
        );
        let dense = m.to_local.transpose() * m.local * m.to_local;
        for (got, want) in m.matrix.iter().zip(dense.iter()) {
            assert!(
                (got - want).abs() <= 1e-12 * want.abs().max(1.0),
                "{got} {want}"
            );
        }
    }

    #[test]
    fn a_turned_member_sees_global_x_as_minus_y_prime() {
        // x' = +y (a column): a global +x displacement of the top is -v'.
        let m = BeamColumn::new(
            [0, 1],
            [&GLOBAL, &GLOBAL],
            [0.0, 4.0],
            (1.0, 1.0),
            [false; 2],
        );
        let local = m.local_displacements(&[0.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
        assert!((local[4] + 1.0).abs() < 1e-15 && local[3].abs() < 1e-15);
    }
}
