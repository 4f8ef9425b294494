//! Section properties against closed forms (1e-6 relative unless said otherwise). Each expected value
//! is written as its formula; the comment above says where the formula comes from.

use spanwise_engine::section::{
    section_properties, Outline, SectionProperties, Shape, ShapeFault, ShapeIssue,
};
use std::f64::consts::PI;

const REL: f64 = 1e-6;

fn rect(x: f64, y: f64, w: f64, h: f64) -> Shape {
    Shape {
        outline: Outline::Rectangle {
            min: [x, y],
            size: [w, h],
        },
        void: false,
    }
}
fn circle(x: f64, y: f64, d: f64) -> Shape {
    Shape {
        outline: Outline::Circle {
            centre: [x, y],
            radius: d / 2.0,
        },
        void: false,
    }
}
fn polygon(points: &[[f64; 2]]) -> Shape {
    Shape {
        outline: Outline::Polygon {
            points: points.to_vec(),
        },
        void: false,
    }
}
fn void(mut s: Shape) -> Shape {
    s.void = true;
    s
}

#[track_caller]
fn close(what: &str, actual: f64, expected: f64, rel: f64) {
    let scale = expected.abs().max(1e-300);
    assert!(
        (actual - expected).abs() <= rel * scale,
        "{what}: {actual} vs {expected} (relative {:e})",
        (actual - expected).abs() / scale
    );
}

/// Everything a test states, in one place (None = not checked).
#[derive(Default)]
struct Expected {
    area: f64,
    centroid: [f64; 2],
    ix: f64,
    iy: f64,
    ixy: Option<f64>,
    zx: Option<f64>,
    zy: Option<f64>,
    sx: Option<f64>,
    sy: Option<f64>,
    pna: Option<[f64; 2]>,
}

#[track_caller]
fn check(s: &SectionProperties, e: &Expected, rel: f64) {
    let size = s.area.sqrt();
    close("area", s.area, e.area, rel);
    // centroid coordinates can be 0: compare them to the section's size
    assert!(
        (s.centroid[0] - e.centroid[0]).abs() <= rel * size,
        "x̄ {} vs {}",
        s.centroid[0],
        e.centroid[0]
    );
    assert!(
        (s.centroid[1] - e.centroid[1]).abs() <= rel * size,
        "ȳ {} vs {}",
        s.centroid[1],
        e.centroid[1]
    );
    close("Ix", s.ix, e.ix, rel);
    close("Iy", s.iy, e.iy, rel);
    let i_scale = s.ix.max(s.iy);
    if let Some(ixy) = e.ixy {
        assert!(
            (s.ixy - ixy).abs() <= rel * i_scale,
            "Ixy {} vs {ixy}",
            s.ixy
        );
    }
    close("rx", s.rx, (e.ix / e.area).sqrt(), rel);
    close("ry", s.ry, (e.iy / e.area).sqrt(), rel);
    let moduli = [
        ("Zx", s.zx, e.zx),
        ("Zy", s.zy, e.zy),
        ("Sx", s.sx, e.sx),
        ("Sy", s.sy, e.sy),
    ];
    for (what, actual, expected) in moduli {
        if let Some(v) = expected {
            close(what, actual, v, rel);
        }
    }
    if let Some([x, y]) = e.pna {
        assert!(
            (s.plastic_axes[0] - x).abs() <= rel * size,
            "PNA x {} vs {x}",
            s.plastic_axes[0]
        );
        assert!(
            (s.plastic_axes[1] - y).abs() <= rel * size,
            "PNA y {} vs {y}",
            s.plastic_axes[1]
        );
    }
}

fn solve(shapes: &[Shape]) -> SectionProperties {
    section_properties(shapes).expect("a valid section")
}

#[test]
fn rectangle() {
    // b = 100 along x, h = 200 along y, lower-left at (10, 20). A = bh, Ix = bh³/12, Iy = hb³/12,
    // Z = I/c with c = h/2 (b/2), S = bh²/4 (hb²/4), plastic axes through the centre.
    let (b, h) = (100.0, 200.0);
    let s = solve(&[rect(10.0, 20.0, b, h)]);
    let e = Expected {
        area: b * h,
        centroid: [10.0 + b / 2.0, 20.0 + h / 2.0],
        ix: b * h.powi(3) / 12.0,
        iy: h * b.powi(3) / 12.0,
        ixy: Some(0.0),
        zx: Some(b * h * h / 6.0),
        zy: Some(h * b * b / 6.0),
        sx: Some(b * h * h / 4.0),
        sy: Some(h * b * b / 4.0),
        pna: Some([60.0, 120.0]),
    };
    check(&s, &e, REL);
    assert_eq!(s.principal.angle, 0.0);
    close("I1", s.principal.i1, e.ix, REL);
    close("I2", s.principal.i2, e.iy, REL);
    assert_eq!(
        [
            s.extents.x_min,
            s.extents.x_max,
            s.extents.y_min,
            s.extents.y_max
        ],
        [10.0, 110.0, 20.0, 220.0]
    );
    close("xTop", s.elastic.x_top, s.elastic.x_bottom, 1e-12);
}

#[test]
fn hollow_rectangle() {
    // 200 x 300 outside, walls 10 (sides) and 15 (top and bottom): a 180 x 270 void in the middle.
    // Every property is the outer rectangle's less the void's: A = BH − bh, Ix = (BH³ − bh³)/12,
    // Iy = (HB³ − hb³)/12, Zx = Ix/(H/2), Sx = (BH² − bh²)/4, Sy = (HB² − hb²)/4.
    let (bo, ho, bi, hi) = (200.0, 300.0, 180.0, 270.0);
    let s = solve(&[rect(0.0, 0.0, bo, ho), void(rect(10.0, 15.0, bi, hi))]);
    let ix = (bo * ho.powi(3) - bi * hi.powi(3)) / 12.0;
    let iy = (ho * bo.powi(3) - hi * bi.powi(3)) / 12.0;
    let e = Expected {
        area: bo * ho - bi * hi,
        centroid: [100.0, 150.0],
        ix,
        iy,
        ixy: Some(0.0),
        zx: Some(ix / (ho / 2.0)),
        zy: Some(iy / (bo / 2.0)),
        sx: Some((bo * ho * ho - bi * hi * hi) / 4.0),
        sy: Some((ho * bo * bo - hi * bi * bi) / 4.0),
        pna: Some([100.0, 150.0]),
    };
    check(&s, &e, REL);
}

#[test]
fn circle_is_exact() {
    // d = 100: A = πd²/4, I = πd⁴/64, Z = πd³/32, S = d³/6 (two half discs, centroids 2d/(3π) away).
    let d = 100.0;
    let s = solve(&[circle(5.0, -7.0, d)]);
    let e = Expected {
        area: PI * d * d / 4.0,
        centroid: [5.0, -7.0],
        ix: PI * d.powi(4) / 64.0,
        iy: PI * d.powi(4) / 64.0,
        ixy: Some(0.0),
        zx: Some(PI * d.powi(3) / 32.0),
        zy: Some(PI * d.powi(3) / 32.0),
        sx: Some(d.powi(3) / 6.0),
        sy: Some(d.powi(3) / 6.0),
        pna: Some([5.0, -7.0]),
    };
    // closed forms all the way: to rounding, not merely 1e-6
    check(&s, &e, 1e-13);
    assert_eq!(s.material.discs.len(), 1);
}

#[test]
fn circular_hollow_section() {
    // CHS 168.3 x 7.1 (D, t): d = D − 2t. A = π(D² − d²)/4, I = π(D⁴ − d⁴)/64, Z = I/(D/2),
    // S = (D³ − d³)/6. The void circle inside the solid one keeps both exact.
    let (dd, t) = (168.3, 7.1);
    let di = dd - 2.0 * t;
    let s = solve(&[circle(0.0, 0.0, dd), void(circle(0.0, 0.0, di))]);
    let i = PI * (dd.powi(4) - di.powi(4)) / 64.0;
    let e = Expected {
        area: PI * (dd * dd - di * di) / 4.0,
        centroid: [0.0, 0.0],
        ix: i,
        iy: i,
        ixy: Some(0.0),
        zx: Some(i / (dd / 2.0)),
        zy: Some(i / (dd / 2.0)),
        sx: Some((dd.powi(3) - di.powi(3)) / 6.0),
        sy: Some((dd.powi(3) - di.powi(3)) / 6.0),
        pna: Some([0.0, 0.0]),
    };
    check(&s, &e, 1e-12);
}

/// 1000WB215 of AS/NZS 3679.2:2016 (welded beams: three plates, no fillets): d = 1000, bf = 300,
/// tf = 20, tw = 16, as three rectangles (the web between the flanges).
fn welded_beam() -> (SectionProperties, [f64; 4]) {
    let (d, bf, tf, tw) = (1000.0, 300.0, 20.0, 16.0);
    let hw = d - 2.0 * tf;
    let s = solve(&[
        rect(0.0, 0.0, bf, tf),
        rect((bf - tw) / 2.0, tf, tw, hw),
        rect(0.0, d - tf, bf, tf),
    ]);
    (s, [d, bf, tf, tw])
}

#[test]
fn i_section_from_three_rectangles() {
    // A = 2 bf tf + hw tw; Ix = (bf d³ − (bf − tw) hw³)/12; Iy = 2 tf bf³/12 + hw tw³/12;
    // Zx = Ix/(d/2); Zy = Iy/(bf/2); Sx = bf tf (d − tf) + tw hw²/4; Sy = 2 tf bf²/4 + hw tw²/4.
    let (s, [d, bf, tf, tw]) = welded_beam();
    let hw = d - 2.0 * tf;
    let ix = (bf * d.powi(3) - (bf - tw) * hw.powi(3)) / 12.0;
    let iy = 2.0 * tf * bf.powi(3) / 12.0 + hw * tw.powi(3) / 12.0;
    let e = Expected {
        area: 2.0 * bf * tf + hw * tw,
        centroid: [bf / 2.0, d / 2.0],
        ix,
        iy,
        ixy: Some(0.0),
        zx: Some(ix / (d / 2.0)),
        zy: Some(iy / (bf / 2.0)),
        sx: Some(bf * tf * (d - tf) + tw * hw * hw / 4.0),
        sy: Some(2.0 * tf * bf * bf / 4.0 + hw * tw * tw / 4.0),
        pna: Some([bf / 2.0, d / 2.0]),
    };
    check(&s, &e, REL);
}

#[test]
fn i_section_matches_the_published_welded_beam() {
    // AS/NZS 3679.2:2016 1000WB215, as tabulated in skane88/steel_data (data/sections/AS4100.json and
    // ../shared/sections-raw/AS4100/skane88_steel_data_is.csv): A 27400 mm², Ix 4060e6 mm⁴,
    // Iy 90.3e6 mm⁴, Zx 8.12e6 mm³, Sx 9.57e6 mm³, Zy 0.602e6 mm³, Sy 0.961e6 mm³. The table prints
    // three significant figures, so each value agrees to half a unit of its third figure.
    let (s, _) = welded_beam();
    for (what, actual, published) in [
        ("A", s.area, 27400.0_f64),
        ("Ix", s.ix, 4060e6),
        ("Iy", s.iy, 90.3e6),
        ("Zx", s.zx, 8.12e6),
        ("Sx", s.sx, 9.57e6),
        ("Zy", s.zy, 0.602e6),
        ("Sy", s.sy, 0.961e6),
    ] {
        let half_unit = 0.5 * 10f64.powf(published.log10().floor() - 2.0);
        assert!(
            (actual - published).abs() <= half_unit,
            "{what}: {actual} vs published {published}"
        );
    }
}

#[test]
fn channel_from_overlapping_rectangles() {
    // d = 300, bf = 90, tf = 16, tw = 8; flanges full width overlap the web (unioned once).
    // A = 2 bf tf + tw hw; x̄ = (2 bf tf bf/2 + hw tw tw/2)/A; Ix = (bf d³ − (bf − tw) hw³)/12;
    // Iy = 2 [tf bf³/12 + bf tf (bf/2 − x̄)²] + hw tw³/12 + hw tw (tw/2 − x̄)².
    // Vertical equal-area axis: the web strip holds d tw = 2400 < A/2 = 2512, so xp = tw + (A/2 − d tw)/(2 tf)
    // = 11.5; Sy = d ∫₀^tw (xp − x) dx + 2 tf [(xp − tw)²/2 + (bf − xp)²/2]; Sx = bf tf (d − tf) + tw hw²/4.
    let (d, bf, tf, tw) = (300.0, 90.0, 16.0, 8.0);
    let hw = d - 2.0 * tf;
    let s = solve(&[
        rect(0.0, 0.0, bf, tf),
        rect(0.0, d - tf, bf, tf),
        rect(0.0, 0.0, tw, d),
    ]);
    let a = 2.0 * bf * tf + tw * hw;
    let xc = (2.0 * bf * tf * bf / 2.0 + hw * tw * tw / 2.0) / a;
    let iy = 2.0 * (tf * bf.powi(3) / 12.0 + bf * tf * (bf / 2.0 - xc).powi(2))
        + hw * tw.powi(3) / 12.0
        + hw * tw * (tw / 2.0 - xc).powi(2);
    let xp = tw + (a / 2.0 - d * tw) / (2.0 * tf);
    assert_eq!(xp, 11.5);
    let ix = (bf * d.powi(3) - (bf - tw) * hw.powi(3)) / 12.0;
    let e = Expected {
        area: a,
        centroid: [xc, d / 2.0],
        ix,
        iy,
        ixy: Some(0.0),
        zx: Some(ix / (d / 2.0)),
        // the far fibre is the flange tips: Zy = Iy/(bf − x̄)
        zy: Some(iy / (bf - xc)),
        sx: Some(bf * tf * (d - tf) + tw * hw * hw / 4.0),
        sy: Some(
            d * (xp * tw - tw * tw / 2.0)
                + 2.0 * tf * ((xp - tw).powi(2) / 2.0 + (bf - xp).powi(2) / 2.0),
        ),
        pna: Some([xp, d / 2.0]),
    };
    check(&s, &e, REL);
    close("yLeft", s.elastic.y_left, iy / xc, REL);
}

#[test]
fn unequal_angle_has_a_product_of_area_and_turned_principal_axes() {
    // L 150 x 90 x 10: long leg up the y axis (10 x 150), short leg along x (90 x 10), overlapping in
    // the 10 x 10 corner. Parts: leg 1 (A1 = 1500 at (5, 75)), leg 2 beyond the corner (A2 = 800 at
    // (50, 5)). Ix = Σ(bh³/12 + A dy²), Iy = Σ(hb³/12 + A dx²), Ixy = Σ A dx dy (rectangles have no
    // own product); I1,2 = (Ix+Iy)/2 ± √(((Ix−Iy)/2)² + Ixy²); tan 2α = −2Ixy/(Ix − Iy).
    let s = solve(&[rect(0.0, 0.0, 10.0, 150.0), rect(0.0, 0.0, 90.0, 10.0)]);
    let parts = [(10.0, 150.0, 5.0, 75.0), (80.0, 10.0, 50.0, 5.0)];
    let a: f64 = parts.iter().map(|p| p.0 * p.1).sum();
    let xc = parts.iter().map(|p| p.0 * p.1 * p.2).sum::<f64>() / a;
    let yc = parts.iter().map(|p| p.0 * p.1 * p.3).sum::<f64>() / a;
    let ix: f64 = parts
        .iter()
        .map(|p| p.0 * p.1.powi(3) / 12.0 + p.0 * p.1 * (p.3 - yc).powi(2))
        .sum();
    let iy: f64 = parts
        .iter()
        .map(|p| p.1 * p.0.powi(3) / 12.0 + p.0 * p.1 * (p.2 - xc).powi(2))
        .sum();
    let ixy: f64 = parts
        .iter()
        .map(|p| p.0 * p.1 * (p.2 - xc) * (p.3 - yc))
        .sum();
    assert!(ixy < 0.0);
    check(
        &s,
        &Expected {
            area: a,
            centroid: [xc, yc],
            ix,
            iy,
            ixy: Some(ixy),
            ..Default::default()
        },
        REL,
    );
    close("Ixy", s.ixy, ixy, REL);
    let r = ((ix - iy) / 2.0).hypot(ixy);
    close("I1", s.principal.i1, (ix + iy) / 2.0 + r, REL);
    close("I2", s.principal.i2, (ix + iy) / 2.0 - r, REL);
    close(
        "angle",
        s.principal.angle,
        0.5 * (-2.0 * ixy).atan2(ix - iy),
        REL,
    );
    // elastic moduli per fibre: top y = 150, bottom y = 0, left x = 0, right x = 90
    close("xTop", s.elastic.x_top, ix / (150.0 - yc), REL);
    close("xBottom", s.elastic.x_bottom, ix / yc, REL);
    close("yRight", s.elastic.y_right, iy / (90.0 - xc), REL);
}

#[test]
fn tee_has_its_plastic_axis_away_from_the_centroid() {
    // Flange 200 x 20 on a stem 10 x 180: A = 4000 + 1800; ȳ = (4000·190 + 1800·90)/A.
    // Half the area (2900) is less than the flange's, so the equal-area axis is in the flange:
    // yp = 200 − 2900/200 = 185.5. Sx = 200·14.5²/2 + 200·5.5²/2 + 1800·(185.5 − 90) = 195950.
    let s = solve(&[rect(95.0, 0.0, 10.0, 180.0), rect(0.0, 180.0, 200.0, 20.0)]);
    let a: f64 = 5800.0;
    let yc = (4000.0 * 190.0 + 1800.0 * 90.0) / a;
    let ix = 200.0 * 20f64.powi(3) / 12.0
        + 4000.0 * (190.0 - yc).powi(2)
        + 10.0 * 180f64.powi(3) / 12.0
        + 1800.0 * (90.0 - yc).powi(2);
    let iy = 20.0 * 200f64.powi(3) / 12.0 + 180.0 * 10f64.powi(3) / 12.0;
    let e = Expected {
        area: a,
        centroid: [100.0, yc],
        ix,
        iy,
        ixy: Some(0.0),
        // the far fibre is the stem's foot
        zx: Some(ix / yc),
        zy: Some(iy / 100.0),
        sx: Some(195950.0),
        // vertical axis x = 100 by symmetry: Sy = 2 (20·100²/2 + 180·5²/2)
        sy: Some(2.0 * (20.0 * 100f64.powi(2) / 2.0 + 180.0 * 25.0 / 2.0)),
        pna: Some([100.0, 185.5]),
    };
    check(&s, &e, REL);
    assert!((s.plastic_axes[1] - s.centroid[1]).abs() > 20.0);
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

#[test]
fn exact_corners_give_exact_moduli() {
    // the T again: 195950 and 185.5 to the last bit, since every corner and the axis are binary exact
    let s = solve(&[rect(95.0, 0.0, 10.0, 180.0), rect(0.0, 180.0, 200.0, 20.0)]);
    assert_eq!((s.sx, s.plastic_axes[1], s.area), (195950.0, 185.5, 5800.0));
}
