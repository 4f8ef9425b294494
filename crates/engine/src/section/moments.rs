//! Area, first and second moments of the material by Green's theorem: each is a line integral
//! around the outlines (as `kurbo/src/moments.rs` computes them), so a polygon's moments are exact
//! sums over its edges. Discs use their closed forms.

use super::union::Material;
use std::f64::consts::PI;

/// Moments of area about an origin: ∫dA, [∫x dA, ∫y dA], [∫y² dA, ∫x² dA], ∫xy dA.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Moments {
    pub area: f64,
    pub first: [f64; 2],
    /// About the axes through the origin: `[Ix, Iy]`.
    pub second: [f64; 2],
    pub product: f64,
}

impl std::ops::AddAssign for Moments {
    fn add_assign(&mut self, o: Moments) {
        self.area += o.area;
        self.first[0] += o.first[0];
        self.first[1] += o.first[1];
        self.second[0] += o.second[0];
        self.second[1] += o.second[1];
        self.product += o.product;
    }
}

/// The moments of the region a closed outline bounds, about `origin`: positive for a
/// counter-clockwise outline, negative for a clockwise one (a hole).
///
/// For an edge from p to q, with c = p × q, Green's theorem gives
/// A = Σ c/2, ∫x = Σ (xp + xq) c/6, ∫x² = Σ (xp² + xp·xq + xq²) c/12,
/// ∫xy = Σ (xp·yq + 2xp·yp + 2xq·yq + xq·yp) c/24, and likewise in y.
pub(crate) fn of_outline(outline: &[[f64; 2]], origin: [f64; 2]) -> Moments {
    let n = outline.len();
    let mut m = Moments::default();
    let at = |i: usize| [outline[i % n][0] - origin[0], outline[i % n][1] - origin[1]];
    for i in 0..n {
        let ([xp, yp], [xq, yq]) = (at(i), at(i + 1));
        let c = xp * yq - xq * yp;
        m.area += c;
        m.first[0] += (xp + xq) * c;
        m.first[1] += (yp + yq) * c;
        m.second[0] += (yp * yp + yp * yq + yq * yq) * c;
        m.second[1] += (xp * xp + xp * xq + xq * xq) * c;
        m.product += (xp * yq + 2.0 * xp * yp + 2.0 * xq * yq + xq * yp) * c;
    }
    Moments {
        area: m.area / 2.0,
        first: [m.first[0] / 6.0, m.first[1] / 6.0],
        second: [m.second[0] / 12.0, m.second[1] / 12.0],
        product: m.product / 24.0,
    }
}

/// A disc's moments about `origin` (negative for a hole): A = πr², I about its centre = πr⁴/4,
/// moved by the parallel-axis theorem.
pub(crate) fn of_disc(centre: [f64; 2], radius: f64, void: bool, origin: [f64; 2]) -> Moments {
    let sign = if void { -1.0 } else { 1.0 };
    let [dx, dy] = [centre[0] - origin[0], centre[1] - origin[1]];
    let area = sign * PI * radius * radius;
    let own = sign * PI * radius.powi(4) / 4.0;
    Moments {
        area,
        first: [area * dx, area * dy],
        second: [own + area * dy * dy, own + area * dx * dx],
        product: area * dx * dy,
    }
}

/// Moments of the whole material about `origin`.
pub(crate) fn of_material(material: &Material, origin: [f64; 2]) -> Moments {
    let mut m = Moments::default();
    for outline in &material.outlines {
        m += of_outline(outline, origin);
    }
    for d in &material.discs {
        m += of_disc(d.centre, d.radius, d.void, origin);
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_square_about_its_corner() {
        // A = 1, ∫x = 1/2, ∫x² = 1/3, ∫xy = 1/4 (integrals over [0,1]²)
        let m = of_outline(
            &[[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]],
            [0.0, 0.0],
        );
        assert_eq!(m.area, 1.0);
        assert_eq!(m.first, [0.5, 0.5]);
        assert!((m.second[0] - 1.0 / 3.0).abs() < 1e-15 && (m.second[1] - 1.0 / 3.0).abs() < 1e-15);
        assert_eq!(m.product, 0.25);
    }
}
