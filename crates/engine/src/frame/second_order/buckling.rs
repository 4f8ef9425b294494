//! Elastic critical load factors of a load arrangement, exact for the stability-function model, by
//! Wittrick-Williams counting (Wittrick & Williams, "A general algorithm for computing natural
//! frequencies of elastic structures", Q. J. Mech. Appl. Math. 24, 1971; for buckling, Williams &
//! Wittrick, Int. J. Mech. Sci. 12, 1970): the number of critical factors below λ is
//!
//! `J(λ) = s{K(λ)} + Σ J0_m(λ)`,
//!
//! where `K(λ)` is the stiffness with every member under λ times its first-order axial force,
//! `s{K}` its count of negative pivots (its negative eigenvalues, by Sylvester's law of inertia) and
//! `J0_m` the number of critical loads member m has with its (unreleased) end dofs clamped, which
//! the stiffness cannot see. So modes between joints are counted too, with no member cut into
//! pieces and no linearised geometric stiffness. Each factor is bisected until it is known to
//! 1e-14 of itself; its mode is the null vector of `K` there, by inverse iteration.

use std::f64::consts::PI;

use serde::Serialize;

use super::super::element::BeamColumn;
use super::super::model::extent;
use super::super::{node_displacements, FrameModel, NodeDisplacement};
use super::Setup;
use crate::analysis::Element;
use crate::error::EngineError;

/// Relative width of the bracket a factor is bisected to.
const PRECISION: f64 = 1e-14;
/// Doublings of the trial factor before the search for an upper bound is given up.
const MOST_DOUBLINGS: usize = 200;
/// Trial factors one critical factor may take (bisection alone needs about 50 from a bracket a
/// factor of two wide; regula falsi and the members' own factors far fewer).
const MOST_TRIALS: usize = 400;
/// A member counts as compressed above this fraction of the largest axial force.
const COMPRESSED: f64 = 1e-9;

/// One elastic critical load factor and its mode.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BucklingMode {
    /// The factor on the arrangement's loads at which the frame buckles.
    pub factor: f64,
    /// The mode at the nodes (global axes), scaled so that its largest translation component is
    /// 1, or, when no node translates, its largest rotation is 1 (all zero for a mode that lives
    /// inside members between joints that do not move).
    pub displacements: Vec<NodeDisplacement>,
}

/// The `count` lowest elastic critical load factors of the loads `factors` (indexed by case), with
/// the axial forces of that arrangement's first-order analysis. Empty when no member is in
/// compression.
pub fn frame_buckling(
    model: &FrameModel,
    factors: &[f64],
    count: usize,
) -> Result<Vec<BucklingMode>, EngineError> {
    let setup = Setup::new(model)?;
    let (_, axial) = setup.first_order(&setup.arrangement(factors));
    setup.buckling(&axial, count)
}

/// How far `mode` is from a null vector of the stiffness of the loads `factors` times `factor`
/// (with that arrangement's first-order axial forces): the largest unbalanced force of `K·x` at a
/// free dof relative to the largest sum of the magnitudes that met there. About 1e-12 for a mode
/// at its factor, of order 1 for a vector that is not one: a check on [`frame_buckling`].
pub fn mode_residual(
    model: &FrameModel,
    factors: &[f64],
    factor: f64,
    mode: &[NodeDisplacement],
) -> Result<f64, EngineError> {
    let setup = Setup::new(model)?;
    let (_, axial) = setup.first_order(&setup.arrangement(factors));
    let stressed = setup.stressed(axial.iter().map(|n| factor * n));
    let r = &setup.restraints;
    let x: Vec<f64> = mode
        .iter()
        .zip(&r.axes)
        .flat_map(|(d, [a0, a1])| {
            [
                a0[0] * d.x + a0[1] * d.y,
                a1[0] * d.x + a1[1] * d.y,
                d.rotation,
            ]
        })
        .collect();
    let (mut sum, mut size) = (vec![0.0; x.len()], vec![0.0; x.len()]);
    for e in &stressed {
        let (dofs, k) = (e.dofs(), e.stiffness());
        for (i, &row) in dofs.iter().enumerate() {
            for (j, &col) in dofs.iter().enumerate() {
                sum[row] += k[6 * j + i] * x[col];
                size[row] += (k[6 * j + i] * x[col]).abs();
            }
        }
    }
    let free = |(dof, _): &(usize, &f64)| !r.prescribed[*dof];
    let largest = |v: &[f64]| {
        v.iter()
            .enumerate()
            .filter(free)
            .fold(0.0_f64, |m, (_, v)| m.max(v.abs()))
    };
    Ok(largest(&sum) / largest(&size))
}

/// What a trial factor gave: the factor, `J` and the stiffness's own count `s`.
#[derive(Clone, Copy)]
struct Trial {
    factor: f64,
    below: usize,
    negative: usize,
    /// ln |det K|: with `negative`, det K itself, for regula falsi.
    log_det: f64,
}

impl Trial {
    /// Poles of the members' stiffness (their clamped modes) below the factor.
    fn poles(&self) -> usize {
        self.below - self.negative
    }
}

impl Setup<'_> {
    /// The `count` lowest critical factors for the axial forces `axial` (kN, tension positive).
    pub(crate) fn buckling(
        &self,
        axial: &[f64],
        count: usize,
    ) -> Result<Vec<BucklingMode>, EngineError> {
        let largest = axial.iter().fold(0.0_f64, |m, n| m.max(n.abs()));
        if count == 0 || !axial.iter().any(|&n| n < -COMPRESSED * largest) {
            return Ok(Vec::new());
        }
        let mut trials = vec![self.trial(axial, 0.0)?];
        let mut factor = 1.0;
        for _ in 0..MOST_DOUBLINGS {
            let trial = self.trial(axial, factor)?;
            trials.push(trial);
            if trial.below >= count {
                break;
            }
            factor *= 2.0;
        }
        (1..=count)
            .map(|i| self.mode(axial, i, &mut trials))
            .collect()
    }

    /// `J` and `s` at one trial factor.
    fn trial(&self, axial: &[f64], factor: f64) -> Result<Trial, EngineError> {
        let stressed = self.stressed(axial.iter().map(|n| factor * n));
        let non_finite = || EngineError::NonFinite {
            message: "a buckling analysis's stiffness overflowed".into(),
        };
        let (system, negative) = self.system.with_inertia(&stressed).ok_or_else(non_finite)?;
        let clamped: usize = self
            .members
            .iter()
            .zip(axial)
            .map(|(m, n)| clamped_modes(m, factor * n))
            .sum();
        Ok(Trial {
            factor,
            below: negative + clamped,
            negative,
            log_det: system.log_abs_det(),
        })
    }

    /// The i-th factor (1-based) between the trials that bracket it, and its mode: bisected until
    /// the bracket holds it alone with no member pole, then by regula falsi on det K (Illinois:
    /// an end kept twice has its value halved), which is continuous there and changes sign once.
    fn mode(
        &self,
        axial: &[f64],
        i: usize,
        trials: &mut Vec<Trial>,
    ) -> Result<BucklingMode, EngineError> {
        let mut weights = [1.0, 1.0];
        let mut last_side = None;
        for _ in 0..MOST_TRIALS {
            let lo = bracket(trials, |t| t.below < i, |a, b| a.factor > b.factor);
            let hi = bracket(trials, |t| t.below >= i, |a, b| a.factor < b.factor);
            let (Some(lo), Some(hi)) = (lo, hi) else {
                return Err(EngineError::NonFinite {
                    message: "no elastic critical load factor was found".into(),
                });
            };
            if hi.factor - lo.factor <= PRECISION * hi.factor {
                let displacements = if hi.negative > lo.negative {
                    self.shape(axial, lo.factor)?
                } else {
                    // the count rose with a member's own clamped mode: the joints do not move
                    vec![
                        NodeDisplacement {
                            x: 0.0,
                            y: 0.0,
                            rotation: 0.0
                        };
                        self.model.nodes.len()
                    ]
                };
                return Ok(BucklingMode {
                    factor: hi.factor,
                    displacements,
                });
            }
            let alone = lo.below + 1 == i
                && hi.below == i
                && hi.negative == lo.negative + 1
                && hi.poles() == lo.poles();
            // the count rose with a hinged member's own mode alone (its stiffness, a string's, has
            // no pole there, unlike a member with a fixed end): the factor is that member's
            let pole = (hi.negative == lo.negative && hi.poles() > lo.poles())
                .then(|| self.member_critical(axial, lo.factor, hi.factor))
                .flatten()
                .filter(|x| *x > lo.factor && *x < hi.factor);
            if let Some(critical) = pole {
                for side in [-0.25, 0.25] {
                    trials.push(self.trial(axial, critical * (1.0 + side * PRECISION))?);
                }
                continue;
            }
            let next = alone
                .then(|| falsi(&lo, &hi, weights))
                .filter(|x| *x > lo.factor && *x < hi.factor)
                .unwrap_or_else(|| middle(&lo, &hi));
            let trial = self.trial(axial, next)?;
            let side = usize::from(trial.below >= i);
            if last_side == Some(side) {
                weights[1 - side] *= 0.5;
            }
            weights[side] = 1.0;
            last_side = Some(side);
            trials.push(trial);
        }
        Err(EngineError::NotConverged {
            message: format!("critical factor {i} was not bracketed within {MOST_TRIALS} trials"),
        })
    }

    /// The lowest factor in (`lo`, `hi`) at which a member hinged at both ends reaches a critical
    /// load of its own, bisected on its count alone (no factorisation) to the last bits.
    fn member_critical(&self, axial: &[f64], lo: f64, hi: f64) -> Option<f64> {
        let mut lowest: Option<f64> = None;
        for (m, &n) in self.members.iter().zip(axial) {
            let below = clamped_modes(m, lo * n);
            let top = lowest.unwrap_or(hi);
            let hinged = m.releases == [true, true];
            if !hinged || n >= 0.0 || clamped_modes(m, top * n) == below {
                continue;
            }
            let (mut a, mut b) = (lo, top);
            for _ in 0..200 {
                let mid = 0.5 * (a + b);
                if mid <= a || mid >= b {
                    break;
                }
                if clamped_modes(m, mid * n) > below {
                    b = mid;
                } else {
                    a = mid;
                }
            }
            lowest = Some(b);
        }
        lowest
    }

    /// The null vector of the stiffness just below a critical factor, by inverse iteration, in
    /// global axes and normalised.
    fn shape(&self, axial: &[f64], factor: f64) -> Result<Vec<NodeDisplacement>, EngineError> {
        let stressed = self.stressed(axial.iter().map(|n| factor * n));
        let non_finite = || EngineError::NonFinite {
            message: "a buckling mode overflowed".into(),
        };
        let (system, _) = self.system.with_inertia(&stressed).ok_or_else(non_finite)?;
        let held = vec![0.0; system.dof_count()];
        let mut x = vec![1.0; system.dof_count()];
        for _ in 0..3 {
            let d = system.solve(&x, &held);
            let largest = d.iter().fold(0.0_f64, |m, v| m.max(v.abs()));
            if !(largest.is_finite() && largest > 0.0) {
                return Err(non_finite());
            }
            x = d.iter().map(|v| v / largest).collect();
        }
        Ok(normalised(
            self.model,
            node_displacements(&self.restraints, &x),
        ))
    }
}

/// Between two trial factors: halfway, or geometrically while they are far apart.
fn middle(lo: &Trial, hi: &Trial) -> f64 {
    if lo.factor == 0.0 {
        0.5 * hi.factor
    } else if hi.factor > 4.0 * lo.factor {
        (lo.factor * hi.factor).sqrt()
    } else {
        0.5 * (lo.factor + hi.factor)
    }
}

/// Where the chord of det K between two trials of opposite sign crosses zero, each end's value
/// times its weight (det K as sign and logarithm, scaled by the larger so that nothing overflows).
fn falsi(lo: &Trial, hi: &Trial, weights: [f64; 2]) -> f64 {
    let reference = lo.log_det.max(hi.log_det);
    let value = |t: &Trial, w: f64| {
        let sign = if t.negative.is_multiple_of(2) {
            1.0
        } else {
            -1.0
        };
        sign * w * (t.log_det - reference).exp()
    };
    let (f_lo, f_hi) = (value(lo, weights[0]), value(hi, weights[1]));
    (lo.factor * f_hi - hi.factor * f_lo) / (f_hi - f_lo)
}

/// The trial that best meets `keep` by `better`.
fn bracket(
    trials: &[Trial],
    keep: impl Fn(&Trial) -> bool,
    better: impl Fn(&Trial, &Trial) -> bool,
) -> Option<Trial> {
    trials
        .iter()
        .filter(|t| keep(t))
        .fold(None, |best: Option<Trial>, t| match best {
            Some(b) if !better(t, &b) => Some(b),
            _ => Some(*t),
        })
}

/// The mode scaled so that its largest translation component is +1, or its largest rotation when
/// no node translates (translations below 1e-9 of the largest rotation times the frame's size).
fn normalised(model: &FrameModel, mut mode: Vec<NodeDisplacement>) -> Vec<NodeDisplacement> {
    let extent = extent(model);
    let signed_largest = |values: &mut dyn Iterator<Item = f64>| {
        values.fold(0.0_f64, |m, v| if v.abs() > m.abs() { v } else { m })
    };
    let translation = signed_largest(&mut mode.iter().flat_map(|d| [d.x, d.y]));
    let rotation = signed_largest(&mut mode.iter().map(|d| d.rotation));
    let scale = if translation.abs() > 1e-9 * rotation.abs() * extent {
        translation
    } else {
        rotation
    };
    for d in &mut mode {
        let clean = |v: f64| if scale == 0.0 { 0.0 } else { v / scale };
        (d.x, d.y, d.rotation) = (clean(d.x), clean(d.y), clean(d.rotation));
    }
    mode
}

/// Critical loads below the axial force `axial` of `member` with its unreleased end dofs clamped
/// and both ends held: the J0 of Wittrick-Williams. With φ = L√(P/EI): both ends fixed, φ = 2nπ
/// (symmetric modes) and tan(φ/2) = φ/2 (antisymmetric); one end released, tan φ = φ; both
/// released, φ = nπ (Timoshenko & Gere, Theory of Elastic Stability, 2.2-2.3).
pub(super) fn clamped_modes(member: &BeamColumn, axial: f64) -> usize {
    if axial >= 0.0 {
        return 0;
    }
    let phi = member.length * (-axial / member.ei).sqrt();
    let below = |root_spacing: f64| ((phi / root_spacing).ceil() as usize).saturating_sub(1);
    match member.releases {
        [false, false] => below(2.0 * PI) + tan_roots_below(phi / 2.0),
        [true, true] => below(PI),
        _ => tan_roots_below(phi),
    }
}

/// Positive roots of tan x = x below `x`: one in each (nπ, nπ + π/2), n ≥ 1.
fn tan_roots_below(x: f64) -> usize {
    let n = (x / PI).floor();
    if n < 1.0 {
        return 0;
    }
    let past = x - n * PI >= PI / 2.0 || x.tan() > x;
    n as usize - 1 + usize::from(past)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tan_roots_are_counted_at_their_published_values() {
        // tan x = x: 4.493409, 7.725252, 10.904122 (Abramowitz & Stegun, table 4.19)
        for (x, want) in [
            (4.49, 0),
            (4.50, 1),
            (7.72, 1),
            (7.73, 2),
            (10.90, 2),
            (10.91, 3),
        ] {
            assert_eq!(tan_roots_below(x), want, "{x}");
        }
    }
}
