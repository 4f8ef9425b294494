//! Property tests of section properties: random unions of rectangles against an integration over a
//! fine grid, and a moved section keeps every property but its centroid.
//!
//! The rectangles' corners lie on a grid of `CELL` (fastrand, fixed seeds), so every cell of that
//! grid is wholly in or out of the union: summing the cells' own closed-form moments (A = c²,
//! ∫x = A·xc, ∫x² = A·xc² + c⁴/12, ∫xy = A·xc·yc) is then the exact integral, and the grid's
//! accuracy is the rounding of its sums.

use spanwise_engine::section::{section_properties, Outline, SectionProperties, Shape};

const CELL: f64 = 0.5;
const SPAN: usize = 60;

fn random_rectangles(rng: &mut fastrand::Rng) -> Vec<[usize; 4]> {
    (0..rng.usize(1..=8))
        .map(|_| {
            let (x, y) = (rng.usize(0..SPAN - 4), rng.usize(0..SPAN - 4));
            [
                x,
                y,
                rng.usize(1..=(SPAN - x).min(24)),
                rng.usize(1..=(SPAN - y).min(24)),
            ]
        })
        .collect()
}

fn shapes(rects: &[[usize; 4]], shift: [f64; 2]) -> Vec<Shape> {
    rects
        .iter()
        .map(|r| Shape {
            outline: Outline::Rectangle {
                min: [r[0] as f64 * CELL + shift[0], r[1] as f64 * CELL + shift[1]],
                size: [r[2] as f64 * CELL, r[3] as f64 * CELL],
            },
            void: false,
        })
        .collect()
}

/// The cells of the union: (column, row) of each cell some rectangle covers.
fn cells(rects: &[[usize; 4]]) -> Vec<[f64; 2]> {
    let mut covered = vec![false; SPAN * SPAN];
    for r in rects {
        for i in r[0]..r[0] + r[2] {
            for j in r[1]..r[1] + r[3] {
                covered[i * SPAN + j] = true;
            }
        }
    }
    (0..SPAN * SPAN)
        .filter(|k| covered[*k])
        .map(|k| {
            [
                ((k / SPAN) as f64 + 0.5) * CELL,
                ((k % SPAN) as f64 + 0.5) * CELL,
            ]
        })
        .collect()
}

/// Area, centroid, Ix, Iy, Ixy and the horizontal plastic modulus of the cells.
fn grid_properties(cells: &[[f64; 2]]) -> [f64; 7] {
    let a0 = CELL * CELL;
    let area = a0 * cells.len() as f64;
    let xc = cells.iter().map(|c| c[0]).sum::<f64>() * a0 / area;
    let yc = cells.iter().map(|c| c[1]).sum::<f64>() * a0 / area;
    let own = a0 * CELL * CELL / 12.0;
    let ix: f64 = cells.iter().map(|c| own + a0 * (c[1] - yc).powi(2)).sum();
    let iy: f64 = cells.iter().map(|c| own + a0 * (c[0] - xc).powi(2)).sum();
    let ixy: f64 = cells.iter().map(|c| a0 * (c[0] - xc) * (c[1] - yc)).sum();
    // equal-area line: the area below c of a cell row is linear in c; bisect the exact function
    let below = |c: f64| {
        cells
            .iter()
            .map(|p| CELL * (c - (p[1] - CELL / 2.0)).clamp(0.0, CELL))
            .sum::<f64>()
    };
    let (mut lo, mut hi) = (0.0, SPAN as f64 * CELL);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if below(mid) < area / 2.0 {
            lo = mid
        } else {
            hi = mid
        }
    }
    let yp = 0.5 * (lo + hi);
    // ∫|y − yp| dA of each cell, exactly: the parts above and below yp
    let sx: f64 = cells
        .iter()
        .map(|p| {
            let (y0, y1) = (p[1] - CELL / 2.0, p[1] + CELL / 2.0);
            let part = |a: f64, b: f64| {
                if b > a {
                    CELL * ((b - yp).powi(2) - (a - yp).powi(2)).abs() / 2.0
                } else {
                    0.0
                }
            };
            part(y0, y1.min(yp)) + part(y0.max(yp), y1)
        })
        .sum();
    [area, xc, yc, ix, iy, ixy, sx]
}

#[track_caller]
fn agree(what: &str, actual: f64, expected: f64, scale: f64) {
    assert!(
        (actual - expected).abs() <= 1e-9 * scale,
        "{what}: {actual} vs {expected}"
    );
}

#[test]
fn random_unions_of_rectangles_agree_with_the_grid() {
    let mut rng = fastrand::Rng::with_seed(18);
    for _ in 0..200 {
        let rects = random_rectangles(&mut rng);
        let s = section_properties(&shapes(&rects, [0.0, 0.0])).expect("rectangles make a section");
        let [area, xc, yc, ix, iy, ixy, sx] = grid_properties(&cells(&rects));
        let length = SPAN as f64 * CELL;
        agree("area", s.area, area, area);
        agree("x̄", s.centroid[0], xc, length);
        agree("ȳ", s.centroid[1], yc, length);
        let i_scale = ix.max(iy);
        agree("Ix", s.ix, ix, i_scale);
        agree("Iy", s.iy, iy, i_scale);
        agree("Ixy", s.ixy, ixy, i_scale);
        agree("Sx", s.sx, sx, sx);
    }
}

fn same_but_centroid(a: &SectionProperties, b: &SectionProperties, shift: [f64; 2]) {
    let size = a.area.sqrt();
    agree("x̄", b.centroid[0] - shift[0], a.centroid[0], size);
    agree("ȳ", b.centroid[1] - shift[1], a.centroid[1], size);
    agree("area", b.area, a.area, a.area);
    let i = a.ix.max(a.iy);
    for (x, y) in [
        (a.ix, b.ix),
        (a.iy, b.iy),
        (a.ixy, b.ixy),
        (a.principal.i1, b.principal.i1),
        (a.principal.i2, b.principal.i2),
    ] {
        agree("second moment", y, x, i);
    }
    for (x, y) in [(a.zx, b.zx), (a.zy, b.zy), (a.sx, b.sx), (a.sy, b.sy)] {
        agree("modulus", y, x, x);
    }
    agree(
        "PNA x",
        b.plastic_axes[0] - shift[0],
        a.plastic_axes[0],
        size,
    );
    agree(
        "PNA y",
        b.plastic_axes[1] - shift[1],
        a.plastic_axes[1],
        size,
    );
}

#[test]
fn moving_the_section_moves_its_centroid_and_nothing_else() {
    let mut rng = fastrand::Rng::with_seed(1800);
    for _ in 0..100 {
        let rects = random_rectangles(&mut rng);
        let shift = [rng.f64() * 2000.0 - 1000.0, rng.f64() * 2000.0 - 1000.0];
        let here = section_properties(&shapes(&rects, [0.0, 0.0])).unwrap();
        let there = section_properties(&shapes(&rects, shift)).unwrap();
        same_but_centroid(&here, &there, shift);
    }
}

/// Any coordinates at all: random polygons (most of them crossing themselves), huge and tiny sizes,
/// voids anywhere. Every one is measured or refused; none panics, none answers a non-finite number.
#[test]
fn arbitrary_input_is_measured_or_refused_never_a_panic() {
    let mut rng = fastrand::Rng::with_seed(404);
    let magnitude = |rng: &mut fastrand::Rng| 10f64.powi(rng.i32(-300..=300));
    for _ in 0..400 {
        let scale = magnitude(&mut rng);
        let shapes: Vec<Shape> = (0..rng.usize(1..=6))
            .map(|_| {
                let p = |rng: &mut fastrand::Rng| {
                    [(rng.f64() - 0.5) * scale, (rng.f64() - 0.5) * scale]
                };
                let outline = match rng.u8(0..3) {
                    0 => Outline::Polygon {
                        points: (0..rng.usize(0..=9)).map(|_| p(&mut rng)).collect(),
                    },
                    1 => Outline::Rectangle {
                        min: p(&mut rng),
                        size: [rng.f64() * scale, rng.f64() * scale],
                    },
                    _ => Outline::Circle {
                        centre: p(&mut rng),
                        radius: rng.f64() * scale,
                    },
                };
                Shape {
                    outline,
                    void: rng.bool(),
                }
            })
            .collect();
        if let Ok(s) = section_properties(&shapes) {
            let values = [
                s.area,
                s.ix,
                s.iy,
                s.ixy,
                s.zx,
                s.zy,
                s.sx,
                s.sy,
                s.rx,
                s.ry,
                s.principal.i1,
                s.principal.angle,
            ];
            assert!(
                values.iter().all(|v| v.is_finite()),
                "{shapes:?} gave {values:?}"
            );
            assert!(s.area > 0.0);
        }
    }
}
