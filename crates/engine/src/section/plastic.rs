//! Plastic neutral axes: the lines that cut the area in half, found exactly. The area below a line
//! y = c is computed by cutting every outline with the line (Green's theorem on the part below) and
//! every disc with its segment formula. Between two successive corner heights an outline's width is
//! linear in c, so the area below is quadratic there: once the interval holding half the area is
//! found, the axis is that quadratic's root. A disc's segment area is not a polynomial; where a disc
//! spans that interval the root is taken by bisection to the last bit instead.

use super::union::{Disc, Material};
use std::f64::consts::PI;

/// A quarter-turn frame: the material seen from `origin` with `turn` quarter turns clockwise.
fn turned(material: &Material, origin: [f64; 2], turn: u8) -> Material {
    let map = |[x, y]: [f64; 2]| {
        let [x, y] = [x - origin[0], y - origin[1]];
        match turn {
            0 => [x, y],
            1 => [y, -x],
            2 => [-x, -y],
            _ => [-y, x],
        }
    };
    Material {
        outlines: material
            .outlines
            .iter()
            .map(|o| o.iter().map(|p| map(*p)).collect())
            .collect(),
        discs: material
            .discs
            .iter()
            .map(|d| Disc {
                centre: map(d.centre),
                ..*d
            })
            .collect(),
    }
}

/// Area and first moment ∫y dA of the part of an outline below y = c (signed as the outline).
fn outline_below(outline: &[[f64; 2]], c: f64) -> [f64; 2] {
    let mut sums = [0.0, 0.0];
    let (mut first, mut previous): (Option<[f64; 2]>, [f64; 2]) = (None, [0.0, 0.0]);
    let mut emit = |p: [f64; 2]| {
        match first {
            None => first = Some(p),
            Some(_) => {
                let cross = previous[0] * p[1] - p[0] * previous[1];
                sums[0] += cross;
                sums[1] += (previous[1] + p[1]) * cross;
            }
        }
        previous = p;
    };
    let n = outline.len();
    for i in 0..n {
        let (p, q) = (outline[i], outline[(i + 1) % n]);
        let crossing = || [p[0] + (c - p[1]) / (q[1] - p[1]) * (q[0] - p[0]), c];
        match (p[1] <= c, q[1] <= c) {
            (true, true) => emit(q),
            (false, true) => {
                emit(crossing());
                emit(q);
            }
            (true, false) => emit(crossing()),
            (false, false) => {}
        }
    }
    if let Some(start) = first {
        let cross = previous[0] * start[1] - start[0] * previous[1];
        sums[0] += cross;
        sums[1] += (previous[1] + start[1]) * cross;
    }
    [sums[0] / 2.0, sums[1] / 6.0]
}

/// Area and first moment ∫y dA of the part of a disc below y = c: with h = c − centre height,
/// A = r²(π/2 + asin(h/r)) + h√(r² − h²) and ∫(y − yc) dA = −(2/3)(r² − h²)^(3/2).
fn disc_below(d: &Disc, c: f64) -> [f64; 2] {
    let r = d.radius;
    let h = (c - d.centre[1]).clamp(-r, r);
    let chord = (r * r - h * h).max(0.0);
    let area = r * r * (PI / 2.0 + (h / r).asin()) + h * chord.sqrt();
    let about_centre = -2.0 / 3.0 * chord * chord.sqrt();
    let sign = if d.void { -1.0 } else { 1.0 };
    [sign * area, sign * (about_centre + area * d.centre[1])]
}

/// Area and first moment of all the material below y = c.
fn below(material: &Material, c: f64) -> [f64; 2] {
    let mut sums = [0.0, 0.0];
    let parts = material.outlines.iter().map(|o| outline_below(o, c));
    for [a, q] in parts.chain(material.discs.iter().map(|d| disc_below(d, c))) {
        sums[0] += a;
        sums[1] += q;
    }
    sums
}

/// The heights where the width of the material changes slope: corners and disc tops and bottoms.
fn breakpoints(material: &Material) -> Vec<f64> {
    let corners = material.outlines.iter().flatten().map(|p| p[1]);
    let discs = material
        .discs
        .iter()
        .flat_map(|d| [d.centre[1] - d.radius, d.centre[1] + d.radius]);
    let mut heights: Vec<f64> = corners.chain(discs).collect();
    heights.sort_by(f64::total_cmp);
    heights.dedup();
    heights
}

/// The lowest c with at least `half` of the area below it.
fn lowest_halving(material: &Material, half: f64) -> f64 {
    let tolerance = 1e-14 * half;
    let excess = |c: f64| below(material, c)[0] - half;
    let heights = breakpoints(material);
    // the first height with half the area below: the area below the first height is none
    let k = heights.partition_point(|&h| excess(h) < -tolerance);
    let Some(&hi) = heights.get(k) else {
        return heights.last().copied().unwrap_or(0.0);
    };
    let lo = heights[k.saturating_sub(1)];
    if k == 0 || excess(hi).abs() <= tolerance {
        return hi;
    }
    // disc tops and bottoms are breakpoints, so a disc either spans the whole interval or misses it
    let curved = material
        .discs
        .iter()
        .any(|d| d.centre[1] - d.radius < hi && d.centre[1] + d.radius > lo);
    if curved {
        bisect(lo, hi, excess)
    } else {
        quadratic_root(lo, hi, excess(lo), excess(0.5 * (lo + hi)), excess(hi))
    }
}

/// The root in [lo, hi] of the quadratic through (lo, f0), (mid, fm), (hi, f1), f0 < 0 < f1.
fn quadratic_root(lo: f64, hi: f64, f0: f64, fm: f64, f1: f64) -> f64 {
    // q(t) = a t² + b t + f0 on t ∈ [0, 1]
    let a = 2.0 * (f0 - 2.0 * fm + f1);
    let b = -3.0 * f0 + 4.0 * fm - f1;
    let t = if a.abs() <= 1e-12 * (b.abs() + f0.abs()) {
        -f0 / b
    } else {
        let root = (b * b - 4.0 * a * f0).max(0.0).sqrt();
        let q = -0.5 * (b + b.signum() * root);
        let (t1, t2) = (q / a, f0 / q);
        if (-1e-9..=1.0 + 1e-9).contains(&t1) {
            t1
        } else {
            t2
        }
    };
    lo + t.clamp(0.0, 1.0) * (hi - lo)
}

fn bisect(mut lo: f64, mut hi: f64, f: impl Fn(f64) -> f64) -> f64 {
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) < 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The equal-area axis of the material in frame `turn` (its height in that frame, measured from
/// `origin`) and the plastic modulus about it.
fn halving(material: &Material, origin: [f64; 2], turn: u8, area: f64) -> (f64, f64) {
    let frame = turned(material, origin, turn);
    let low = lowest_halving(&frame, 0.5 * area);
    // the highest such line, seen from the opposite side; between them the material has a gap
    let high = -lowest_halving(&turned(material, origin, turn + 2), 0.5 * area);
    let axis = 0.5 * (low + high);
    // ∫|y − c| dA = ∫y dA − 2 ∫below y dA with y measured from the axis itself, so that a section
    // with exact corners gives an exact modulus (frame 1 maps x to −y')
    let on_axis = if turn == 0 {
        [origin[0], origin[1] + axis]
    } else {
        [origin[0] - axis, origin[1]]
    };
    let about_axis = turned(material, on_axis, turn);
    let whole = below(&about_axis, f64::INFINITY)[1];
    (axis, whole - 2.0 * below(&about_axis, 0.0)[1])
}

/// The equal-area axes `[x of the vertical one, y of the horizontal one]` and the plastic moduli
/// `[Sx, Sy]` about them. Measured from the middle of the bounding box, which nice inputs give exactly.
pub(crate) fn equal_area_axes(material: &Material, area: f64) -> ([f64; 2], [f64; 2]) {
    let origin = material.centre();
    let (y, sx) = halving(material, origin, 0, area);
    let (x, sy) = halving(material, origin, 1, area);
    ([origin[0] - x, origin[1] + y], [sx, sy])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_a_disc_lies_below_its_centre() {
        let d = Disc {
            centre: [0.0, 2.0],
            radius: 1.0,
            void: false,
        };
        let [a, q] = disc_below(&d, 2.0);
        assert!((a - PI / 2.0).abs() < 1e-15);
        // ∫y over the lower half: 2·(π/2) − 2/3
        assert!((q - (PI - 2.0 / 3.0)).abs() < 1e-14);
    }
}
