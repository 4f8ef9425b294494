//! Generative test of section properties (issue 31): random unions of circles, rectangles and simple
//! polygons, overlapping, touching, nested, tiny and huge, voids included, from fixed seeds. Every
//! case is measured or refused with a fault, never a panic; a measured section's numbers are finite
//! and its area lies between the largest solid piece less every void and the sum of the solids.
//!
//! Pieces sit on a coarse grid of the case's scale, so edges coincide, pieces touch and circles are
//! tangent or concentric far more often than at random; each case has one scale from 1e-6 to 1e6
//! and pieces within it from 1/1000 of it upwards.

use spanwise_engine::section::{section_properties, Outline, SectionProperties, Shape};
use std::f64::consts::{PI, TAU};

const CASES: usize = 2000;

/// A point of the case's grid: a quarter of `scale` apart, within two scales of the origin.
fn on_grid(rng: &mut fastrand::Rng, scale: f64) -> [f64; 2] {
    [
        f64::from(rng.i32(-8..=8)) * scale / 4.0,
        f64::from(rng.i32(-8..=8)) * scale / 4.0,
    ]
}

/// A size: mostly grid multiples (touching, nesting), sometimes 1/1000 of the scale, or any.
fn size(rng: &mut fastrand::Rng, scale: f64) -> f64 {
    match rng.u8(0..4) {
        0 => scale * 1e-3 * (1.0 + rng.f64()),
        1 => scale * rng.f64().max(1e-3),
        _ => f64::from(rng.i32(1..=8)) * scale / 4.0,
    }
}

/// A simple polygon: corners at increasing angles around a centre, at random distances.
fn star_shaped(rng: &mut fastrand::Rng, centre: [f64; 2], reach: f64) -> Vec<[f64; 2]> {
    let n = rng.usize(3..=24);
    let mut angles: Vec<f64> = (0..n).map(|_| rng.f64() * TAU).collect();
    angles.sort_by(f64::total_cmp);
    angles.dedup();
    angles
        .iter()
        .map(|t| {
            let r = reach * (0.2 + 0.8 * rng.f64());
            [centre[0] + r * t.cos(), centre[1] + r * t.sin()]
        })
        .collect()
}

fn piece(rng: &mut fastrand::Rng, scale: f64) -> (Outline, f64) {
    let at = on_grid(rng, scale);
    match rng.u8(0..3) {
        0 => {
            let (w, h) = (size(rng, scale), size(rng, scale));
            let outline = Outline::Rectangle {
                min: at,
                size: [w, h],
            };
            (outline, w * h)
        }
        1 => {
            let radius = size(rng, scale);
            let outline = Outline::Circle { centre: at, radius };
            (outline, PI * radius * radius)
        }
        _ => {
            let reach = size(rng, scale);
            let points = star_shaped(rng, at, reach);
            let area = shoelace(&points);
            (Outline::Polygon { points }, area)
        }
    }
}

fn shoelace(points: &[[f64; 2]]) -> f64 {
    let n = points.len();
    let twice: f64 = (0..n)
        .map(|i| {
            let (p, q) = (points[i], points[(i + 1) % n]);
            p[0] * q[1] - q[0] * p[1]
        })
        .sum();
    0.5 * twice.abs()
}

/// A case: its shapes and each one's own area (a circle's exact; its polygon has the same area).
fn case(rng: &mut fastrand::Rng) -> Vec<(Shape, f64)> {
    let scale = 10f64.powi(rng.i32(-6..=6));
    (0..rng.usize(1..=4))
        .map(|k| {
            let (outline, area) = piece(rng, scale);
            // the first piece is always a solid, so most cases have material to measure
            let void = k > 0 && rng.u8(0..10) < 3;
            (Shape { outline, void }, area)
        })
        .collect()
}

fn check(pieces: &[(Shape, f64)], s: &SectionProperties) {
    let numbers = [
        s.area,
        s.centroid[0],
        s.centroid[1],
        s.ix,
        s.iy,
        s.ixy,
        s.principal.i1,
        s.principal.i2,
        s.principal.angle,
        s.rx,
        s.ry,
        s.zx,
        s.zy,
        s.sx,
        s.sy,
        s.plastic_axes[0],
        s.plastic_axes[1],
    ];
    assert!(numbers.iter().all(|v| v.is_finite()), "{numbers:?}");
    let solids = pieces.iter().filter(|(s, _)| !s.void).map(|(_, a)| *a);
    let voids: f64 = pieces.iter().filter(|(s, _)| s.void).map(|(_, a)| a).sum();
    let (largest, sum) = solids.fold((0.0f64, 0.0), |(m, t), a| (m.max(a), t + a));
    // the boolean operations snap points to 2⁻⁶¹ of the pieces' size: far below 1e-9 of any area here
    let slack = 1e-9 * sum;
    assert!(s.area > 0.0, "{}", s.area);
    assert!(s.area <= sum + slack, "{} > {sum}", s.area);
    assert!(
        s.area >= largest - voids - slack,
        "{} < {largest} - {voids}",
        s.area
    );
}

#[test]
fn random_unions_are_measured_or_refused_never_a_panic() {
    let mut rng = fastrand::Rng::with_seed(31);
    let mut measured = 0;
    for _ in 0..CASES {
        let pieces = case(&mut rng);
        let shapes: Vec<Shape> = pieces.iter().map(|(s, _)| s.clone()).collect();
        match section_properties(&shapes) {
            Ok(s) => {
                check(&pieces, &s);
                measured += 1;
            }
            Err(issues) => assert!(!issues.is_empty(), "{shapes:?}"),
        }
    }
    // a test that refused everything would show nothing: most cases must be measured
    assert!(measured > CASES / 2, "only {measured} of {CASES} measured");
}
