//! Section properties of outlines against closed forms (1e-6 relative unless said otherwise):
//! polygons either way round, overlapping solids counted once, voids that notch the outline or make a
//! bolt hole, and the faults of outlines that are no section. Each expected value is written as its
//! formula; the comment above says where the formula comes from. Coordinates in mm; the standard
//! shapes are in golden_sections.rs, the shared builders and checks in golden/sections.rs.

mod golden;

use golden::sections::{check, circle, close, rect, solve, void, Expected, REL};
use spanwise_engine::section::{section_properties, Outline, Shape, ShapeFault, ShapeIssue};
use std::f64::consts::PI;

fn polygon(points: &[[f64; 2]]) -> Shape {
    Shape {
        outline: Outline::Polygon {
            points: points.to_vec(),
        },
        void: false,
    }
}

fn triangle_expected(b: f64, h: f64) -> Expected {
    // Right triangle, legs b along x and h along y from the origin: A = bh/2, centroid (b/3, h/3),
    // Ix = bh³/36, Iy = hb³/36, Ixy = −b²h²/72. The horizontal equal-area line leaves a similar
    // triangle of height h/√2 above: yp = h(1 − 1/√2), and Sx = (2A/3)·h(1 − 1/√2) (first moments of
    // the two halves about yp); likewise Sy with b. Zx = Ix/(2h/3) (top vertex is farther).
    let a = b * h / 2.0;
    let k = 1.0 - 1.0 / 2f64.sqrt();
    Expected {
        area: a,
        centroid: [b / 3.0, h / 3.0],
        ix: b * h.powi(3) / 36.0,
        iy: h * b.powi(3) / 36.0,
        ixy: Some(-b * b * h * h / 72.0),
        zx: Some(b * h.powi(3) / 36.0 / (2.0 * h / 3.0)),
        zy: Some(h * b.powi(3) / 36.0 / (2.0 * b / 3.0)),
        sx: Some(2.0 * a / 3.0 * h * k),
        sy: Some(2.0 * a / 3.0 * b * k),
        pna: Some([b * k, h * k]),
    }
}

#[test]
fn triangle_clockwise_and_counter_clockwise_alike() {
    let (b, h) = (120.0, 90.0);
    let ccw = solve(&[polygon(&[[0.0, 0.0], [b, 0.0], [0.0, h]])]);
    let cw = solve(&[polygon(&[[0.0, h], [b, 0.0], [0.0, 0.0]])]);
    check(&ccw, &triangle_expected(b, h), REL);
    check(&cw, &triangle_expected(b, h), REL);
    close("Ixy", ccw.ixy, -b * b * h * h / 72.0, REL);
}

#[test]
fn rectangle_as_a_polygon_either_way_round() {
    // the same rectangle as rectangle(); the closing point repeated, as many exporters write it
    let ccw = solve(&[polygon(&[
        [10.0, 20.0],
        [110.0, 20.0],
        [110.0, 220.0],
        [10.0, 220.0],
        [10.0, 20.0],
    ])]);
    let cw = solve(&[polygon(&[
        [10.0, 20.0],
        [10.0, 220.0],
        [110.0, 220.0],
        [110.0, 20.0],
    ])]);
    let reference = solve(&[rect(10.0, 20.0, 100.0, 200.0)]);
    for s in [&ccw, &cw] {
        for (actual, expected) in [
            (s.area, reference.area),
            (s.ix, reference.ix),
            (s.iy, reference.iy),
            (s.sx, reference.sx),
            (s.zy, reference.zy),
        ] {
            close("property", actual, expected, 1e-12);
        }
    }
}

/// Moments of the rectangle [x0, x1] × [y0, y1] about the origin: A, ∫x, ∫y, ∫x², ∫y², ∫xy.
fn rect_moments(x0: f64, y0: f64, x1: f64, y1: f64) -> [f64; 6] {
    let (w, h) = (x1 - x0, y1 - y0);
    let (sx, sy) = ((x1 * x1 - x0 * x0) / 2.0, (y1 * y1 - y0 * y0) / 2.0);
    [
        w * h,
        h * sx,
        w * sy,
        h * (x1.powi(3) - x0.powi(3)) / 3.0,
        w * (y1.powi(3) - y0.powi(3)) / 3.0,
        sx * sy,
    ]
}

/// Area, centroid and centroidal Ix, Iy, Ixy from moments about the origin (parallel axes).
fn centroidal(m: [f64; 6]) -> Expected {
    let c = [m[1] / m[0], m[2] / m[0]];
    Expected {
        area: m[0],
        centroid: c,
        ix: m[4] - m[0] * c[1] * c[1],
        iy: m[3] - m[0] * c[0] * c[0],
        ixy: Some(m[5] - m[0] * c[0] * c[1]),
        ..Default::default()
    }
}

#[test]
fn overlapping_solids_count_their_overlap_once() {
    // squares [0,100]² and [50,150]²: union = both less the [50,100]² overlap (inclusion-exclusion).
    // Width below y: 100 on [0,50], 150 on [50,100], 100 on [100,150]; half the area 8750 lies below
    // yp = 50 + 3750/150 = 75, and Sx = 100·2500 + 150·312.5·2 + 100·2500 = 593750 (the same in x).
    let s = solve(&[rect(0.0, 0.0, 100.0, 100.0), rect(50.0, 50.0, 100.0, 100.0)]);
    let [a, b, c] = [
        rect_moments(0.0, 0.0, 100.0, 100.0),
        rect_moments(50.0, 50.0, 150.0, 150.0),
        rect_moments(50.0, 50.0, 100.0, 100.0),
    ];
    let m: [f64; 6] = std::array::from_fn(|k| a[k] + b[k] - c[k]);
    let e = Expected {
        sx: Some(593750.0),
        sy: Some(593750.0),
        pna: Some([75.0, 75.0]),
        ..centroidal(m)
    };
    check(&s, &e, REL);
    close("area", s.area, 17500.0, 1e-15);
}

#[test]
fn a_circle_overlapping_a_rectangle_is_fine_enough() {
    // disc r = 50 at the origin and the rectangle [0,100] × [0,50]: they share the quarter disc in the
    // first quadrant (A = πr²/4, ∫x = ∫y = r³/3, ∫x² = ∫y² = πr⁴/16, ∫xy = r⁴/8), counted once.
    let r = 50.0;
    let s = solve(&[circle(0.0, 0.0, 2.0 * r), rect(0.0, 0.0, 100.0, 50.0)]);
    let disc = [
        PI * r * r,
        0.0,
        0.0,
        PI * r.powi(4) / 4.0,
        PI * r.powi(4) / 4.0,
        0.0,
    ];
    let quarter = [
        PI * r * r / 4.0,
        r.powi(3) / 3.0,
        r.powi(3) / 3.0,
        PI * r.powi(4) / 16.0,
        PI * r.powi(4) / 16.0,
        r.powi(4) / 8.0,
    ];
    let rectangle = rect_moments(0.0, 0.0, 100.0, 50.0);
    let m: [f64; 6] = std::array::from_fn(|k| disc[k] + rectangle[k] - quarter[k]);
    let e = centroidal(m);
    check(&s, &e, REL);
    // extreme fibres: x from −r to 100, y from −r to r
    close("yLeft", s.elastic.y_left, e.iy / (e.centroid[0] + r), REL);
    close("xTop", s.elastic.x_top, e.ix / (r - e.centroid[1]), REL);
}

#[test]
fn a_void_touching_the_outline_is_a_notch() {
    // 100 x 100 with a 30 x 20 void on the left edge (x 0..30, y 40..60), and a triangular void whose
    // corner touches the top edge: moments are the square's less the voids'.
    let notch = void(rect(0.0, 40.0, 30.0, 20.0));
    let wedge = void(polygon(&[[60.0, 80.0], [80.0, 80.0], [70.0, 100.0]]));
    let s = solve(&[rect(0.0, 0.0, 100.0, 100.0), notch, wedge]);
    let (square, slot) = (
        rect_moments(0.0, 0.0, 100.0, 100.0),
        rect_moments(0.0, 40.0, 30.0, 60.0),
    );
    // triangle (60,80), (80,80), (70,100): A = 200, centroid (70, 260/3); about its centroid
    // Ix = b h³/36 = 20·20³/36, Iy = h b³/48 = 20·20³/48 (isosceles), Ixy = 0 by symmetry
    let (ta, tx, ty) = (200.0, 70.0, 260.0 / 3.0);
    let tri = [
        ta,
        ta * tx,
        ta * ty,
        20.0 * 8000.0 / 48.0 + ta * tx * tx,
        20.0 * 8000.0 / 36.0 + ta * ty * ty,
        ta * tx * ty,
    ];
    let m: [f64; 6] = std::array::from_fn(|k| square[k] - slot[k] - tri[k]);
    let e = centroidal(m);
    check(&s, &e, REL);
}

#[test]
fn faults_name_their_shape() {
    let two_points = polygon(&[[0.0, 0.0], [1.0, 0.0], [1.0, 0.0], [0.0, 0.0]]);
    let flat = polygon(&[[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]]);
    let bow_tie = polygon(&[[0.0, 0.0], [10.0, 10.0], [10.0, 0.0], [0.0, 5.0]]);
    let issues =
        section_properties(&[rect(0.0, 0.0, 1.0, 1.0), two_points, flat, bow_tie]).unwrap_err();
    assert_eq!(
        issues,
        vec![
            ShapeIssue {
                shape: Some(1),
                fault: ShapeFault::TooFewPoints
            },
            ShapeIssue {
                shape: Some(2),
                fault: ShapeFault::ZeroArea
            },
            ShapeIssue {
                shape: Some(3),
                fault: ShapeFault::SelfIntersecting { edges: [0, 2] }
            },
        ]
    );
    let outside = section_properties(&[
        rect(0.0, 0.0, 10.0, 10.0),
        void(rect(10.0, 0.0, 5.0, 5.0)),
        void(circle(50.0, 50.0, 4.0)),
    ])
    .unwrap_err();
    assert_eq!(
        outside,
        vec![
            ShapeIssue {
                shape: Some(1),
                fault: ShapeFault::VoidOutsideSolids
            },
            ShapeIssue {
                shape: Some(2),
                fault: ShapeFault::VoidOutsideSolids
            },
        ]
    );
    let nothing = section_properties(&[
        rect(0.0, 0.0, 10.0, 10.0),
        void(rect(-1.0, -1.0, 12.0, 12.0)),
    ])
    .unwrap_err();
    assert_eq!(
        nothing,
        vec![ShapeIssue {
            shape: None,
            fault: ShapeFault::NoMaterial
        }]
    );
    let bad = section_properties(&[rect(f64::NAN, 0.0, 1.0, 1.0)]).unwrap_err();
    assert_eq!(
        bad,
        vec![ShapeIssue {
            shape: Some(0),
            fault: ShapeFault::NotFinite
        }]
    );
}

#[test]
fn a_plate_with_a_bolt_hole() {
    // 300 x 20 plate, a 10 mm hole (r = 5) at (60, 10), exact: A = 6000 − 25π; x̄ = (6000·150 − 25π·60)/A;
    // Ix = 300·20³/12 − πr⁴/4; Iy = 20·300³/12 + 6000(150 − x̄)² − (πr⁴/4 + 25π(60 − x̄)²).
    // Horizontal equal-area axis y = 10 (symmetry; the hole spans it): Sx = 300·20²/4 − 4r³/3 (two half
    // discs, each of first moment 2r³/3). Vertical: the hole lies wholly left of it, so
    // 20·xp − 25π = A/2 gives xp = 150 + 0.625π, and Sy = 20(xp²/2 + (300 − xp)²/2) − 25π(xp − 60).
    let r: f64 = 5.0;
    let s = solve(&[
        rect(0.0, 0.0, 300.0, 20.0),
        void(circle(60.0, 10.0, 2.0 * r)),
    ]);
    let hole = PI * r * r;
    let a = 6000.0 - hole;
    let xc = (6000.0 * 150.0 - hole * 60.0) / a;
    let xp = 150.0 + 0.625 * PI;
    let e = Expected {
        area: a,
        centroid: [xc, 10.0],
        ix: 300.0 * 8000.0 / 12.0 - PI * r.powi(4) / 4.0,
        iy: 20.0 * 300f64.powi(3) / 12.0 + 6000.0 * (150.0 - xc).powi(2)
            - (PI * r.powi(4) / 4.0 + hole * (60.0 - xc).powi(2)),
        ixy: Some(0.0),
        sx: Some(300.0 * 400.0 / 4.0 - 4.0 * r.powi(3) / 3.0),
        sy: Some(20.0 * (xp * xp / 2.0 + (300.0 - xp).powi(2) / 2.0) - hole * (xp - 60.0)),
        pna: Some([xp, 10.0]),
        ..Default::default()
    };
    check(&s, &e, 1e-12);
    assert_eq!(s.material.discs.len(), 1);
}
