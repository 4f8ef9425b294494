//! Principal second moments: the extremes of I(θ) = (Ix+Iy)/2 + (Ix−Iy)/2·cos 2θ − Ixy·sin 2θ, the
//! second moment about a centroidal axis at θ counter-clockwise from x.

use serde::Serialize;

/// The principal second moments and the direction of the major axis.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Principal {
    /// The largest second moment about a centroidal axis.
    pub i1: f64,
    /// The smallest.
    pub i2: f64,
    /// Radians counter-clockwise from x to the axis of `i1`, in (−π/2, π/2]; 0 when every axis is
    /// principal (Ix = Iy, Ixy = 0).
    pub angle: f64,
}

impl Principal {
    /// From the centroidal Ix, Iy and Ixy. A product or a difference below 1e-12 of the second
    /// moments is rounding (a symmetric section's is zero), and would otherwise decide the angle.
    pub fn of(ix: f64, iy: f64, ixy: f64) -> Principal {
        let mean = 0.5 * (ix + iy);
        let noise = |v: f64| if v.abs() <= 1e-12 * mean { 0.0 } else { v };
        let (half, ixy) = (noise(0.5 * (ix - iy)), noise(ixy));
        let radius = half.hypot(ixy);
        // dI/dθ = 0 where tan 2θ = −2Ixy / (Ix − Iy); this branch is the maximum
        let mut angle = 0.5 * (-ixy).atan2(half);
        if angle <= -std::f64::consts::FRAC_PI_2 {
            angle += std::f64::consts::PI;
        }
        Principal {
            i1: mean + radius,
            i2: mean - radius,
            angle,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_product_of_area_turns_the_axes() {
        // Ix = Iy = 1, Ixy = -0.5: I(45°) = 1 + 0.5 = 1.5 is the largest, I(-45°) = 0.5 the smallest
        let p = Principal::of(1.0, 1.0, -0.5);
        assert!((p.i1 - 1.5).abs() < 1e-15 && (p.i2 - 0.5).abs() < 1e-15);
        assert!((p.angle - std::f64::consts::FRAC_PI_4).abs() < 1e-15);
    }
}
