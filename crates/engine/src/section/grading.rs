//! Points put into the quality mesh before its refinement, where the solution is known to need small
//! triangles whatever the section: into re-entrant corners, where the stresses are singular, and
//! inside the ends of plates, where they turn to meet a free end.

/// Re-entrant corners turning more sharply than this are graded into ([`grading_points`]); a
/// circle's polygon turns by 22.5° at most at each corner.
const GRADED_TURN_DEGREES: f64 = 45.0;
/// The rings of points about a re-entrant corner, as fractions of the element size.
const GRADING_RADII: [f64; 1] = [0.2];
/// How far inside a plate's end its point goes, as a fraction of the end's width ([`end_points`]).
const END_DEPTH: f64 = 0.5;

/// Points that grade the mesh into each re-entrant corner sharper than [`GRADED_TURN_DEGREES`]:
/// rings at [`GRADING_RADII`] of the element size (or of the shorter side, if shorter), each
/// dividing the material's wedge in four. There the warping function's gradient is singular (as
/// r^(π/α − 1) for an interior angle α), so small triangles there buy the most accuracy per
/// node; refinement grades from them out to the element size.
pub(super) fn grading_points(outlines: &[Vec<[f64; 2]>], size: f64) -> Vec<[f64; 2]> {
    let mut points = Vec::new();
    let limit = GRADED_TURN_DEGREES.to_radians();
    for ring in outlines {
        let n = ring.len();
        for (i, &c) in ring.iter().enumerate() {
            let (p, q) = (ring[(i + n - 1) % n], ring[(i + 1) % n]);
            let (u, v) = ([q[0] - c[0], q[1] - c[1]], [p[0] - c[0], p[1] - c[1]]);
            let (lu, lv) = (u[0].hypot(u[1]), v[0].hypot(v[1]));
            // material lies to the left of the outline: a right turn at c is a re-entrant corner
            let (along, across) = (-v[0] * u[0] - v[1] * u[1], -v[0] * u[1] + v[1] * u[0]);
            let reentrant = across.atan2(along) < -limit && lu > 0.0 && lv > 0.0;
            if !reentrant {
                continue;
            }
            let start = u[1].atan2(u[0]);
            let mut wedge = v[1].atan2(v[0]) - start;
            while wedge <= 0.0 {
                wedge += std::f64::consts::TAU;
            }
            for radius in GRADING_RADII.map(|r| r * size.min(lu).min(lv)) {
                for k in 1..4 {
                    let (s, c2) = (start + wedge * f64::from(k) / 4.0).sin_cos();
                    points.push([c[0] + radius * c2, c[1] + radius * s]);
                }
            }
        }
    }
    points
}

/// A point [`END_DEPTH`] of its width inside the middle of each plate's end narrower than the element
/// size: a side between two corners that each turn outwards more sharply than [`GRADED_TURN_DEGREES`].
/// Over a plate's end the warping and stress functions turn from the strip's −xy and t²/4 − y² to
/// meet the free end, within about a width of it, and the quality mesh alone leaves one or two
/// triangles as long as the element size there: on the benchmark's girder (issue 39) the stiffeners'
/// free ends held most of J's bound, and with these points its first mesh bounds J to 0.83% (5,831
/// triangles) where it bounded it to 1.24% (5,387) and needed a second mesh and solve.
pub(super) fn end_points(outlines: &[Vec<[f64; 2]>], size: f64) -> Vec<[f64; 2]> {
    let limit = GRADED_TURN_DEGREES.to_radians();
    let mut points = Vec::new();
    for ring in outlines {
        let n = ring.len();
        // material lies to the left of the outline: a left turn is a corner that points outwards
        let outward = |i: usize| {
            let (p, c, q) = (ring[(i + n - 1) % n], ring[i], ring[(i + 1) % n]);
            let (u, v) = ([c[0] - p[0], c[1] - p[1]], [q[0] - c[0], q[1] - c[1]]);
            (u[0] * v[1] - u[1] * v[0]).atan2(u[0] * v[0] + u[1] * v[1]) > limit
        };
        for i in 0..n {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            let side = [b[0] - a[0], b[1] - a[1]];
            let width = side[0].hypot(side[1]);
            if width > 0.0 && width < size && outward(i) && outward((i + 1) % n) {
                // the side turned a quarter to the left points inwards, as long as the end is wide
                points.push([
                    0.5 * (a[0] + b[0]) - END_DEPTH * side[1],
                    0.5 * (a[1] + b[1]) + END_DEPTH * side[0],
                ]);
            }
        }
    }
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plates_ends_get_a_point_half_their_width_inside_and_a_holes_sides_none() {
        // a 100 x 10 strip meshed with triangles about 20 across: its two 10-wide ends qualify
        // (two 90° outward corners each), its long sides do not; the points are 5 inside each end
        let strip = vec![[0.0, 0.0], [100.0, 0.0], [100.0, 10.0], [0.0, 10.0]];
        assert_eq!(
            end_points(std::slice::from_ref(&strip), 20.0),
            vec![[95.0, 5.0], [5.0, 5.0]]
        );
        // the same outline wound clockwise bounds a hole: its corners are re-entrant, no end
        let hole: Vec<[f64; 2]> = strip.into_iter().rev().collect();
        assert!(end_points(&[hole], 20.0).is_empty());
        // a 12-sided polygon turns 30° at each corner: no end however short its sides
        let polygon = crate::section::union::circle_polygon([0.0, 0.0], 5.0, 12);
        assert!(end_points(&[polygon], 20.0).is_empty());
    }
}
