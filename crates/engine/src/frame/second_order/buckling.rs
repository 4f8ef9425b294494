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

use super::super::element::BeamColumn;
use super::super::model::extent;
use super::super::{node_displacements, FrameModel, NodeDisplacement};
use super::Setup;
use crate::error::EngineError;

/// Relative width of the bracket a factor is bisected to.
const PRECISION: f64 = 1e-14;
/// Doublings of the trial factor before the search for an upper bound is given up.
const MOST_DOUBLINGS: usize = 200;
/// A member counts as compressed above this fraction of the largest axial force.
const COMPRESSED: f64 = 1e-9;

/// One elastic critical load factor and its mode.
#[derive(Clone, Debug, PartialEq)]
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

/// How near the stiffness of the loads `factors` times `factor` is to singular: its smallest pivot
/// relative to its largest (with the first-order axial forces of that arrangement). At a critical
/// factor whose mode moves a joint it vanishes: a check on [`frame_buckling`].
pub fn smallest_pivot_at(
    model: &FrameModel,
    factors: &[f64],
    factor: f64,
) -> Result<f64, EngineError> {
    let setup = Setup::new(model)?;
    let (_, axial) = setup.first_order(&setup.arrangement(factors));
    let stressed = setup.stressed(axial.iter().map(|n| factor * n));
    let (system, _) =
        setup
            .system
            .with_inertia(&stressed)
            .ok_or_else(|| EngineError::NonFinite {
                message: "the stiffness overflowed".into(),
            })?;
    Ok(system.smallest_pivot_ratio())
}

/// What a trial factor gave: the factor, `J` and the stiffness's own count `s`.
#[derive(Clone, Copy)]
struct Trial {
    factor: f64,
    below: usize,
    negative: usize,
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
        let mut trials = vec![Trial {
            factor: 0.0,
            below: 0,
            negative: 0,
        }];
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
        let (_, negative) = self.system.with_inertia(&stressed).ok_or_else(non_finite)?;
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
        })
    }

    /// The i-th factor (1-based), bisected between the trials that bracket it, and its mode.
    fn mode(
        &self,
        axial: &[f64],
        i: usize,
        trials: &mut Vec<Trial>,
    ) -> Result<BucklingMode, EngineError> {
        loop {
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
            let middle = if lo.factor == 0.0 {
                0.5 * hi.factor
            } else if hi.factor > 4.0 * lo.factor {
                (lo.factor * hi.factor).sqrt()
            } else {
                0.5 * (lo.factor + hi.factor)
            };
            trials.push(self.trial(axial, middle)?);
        }
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
fn clamped_modes(member: &BeamColumn, axial: f64) -> usize {
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
