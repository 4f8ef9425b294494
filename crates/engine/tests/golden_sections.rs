//! Section properties against closed forms (1e-6 relative unless said otherwise). Each expected value
//! is written as its formula; the comment above says where the formula comes from.
//! This file holds the standard shapes (rectangles, circles, hollow sections, I, channel, angle,
//! tee); golden_sections_outlines.rs holds polygons, overlapping solids, voids and faults; their
//! builders and checks are in golden/sections.rs. Coordinates in mm.

mod golden;

use golden::sections::{check, circle, close, rect, solve, void, Expected, REL};
use spanwise_engine::section::SectionProperties;
use std::f64::consts::PI;

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

#[test]
fn exact_corners_give_exact_moduli() {
    // the T again: 195950 and 185.5 to the last bit, since every corner and the axis are binary exact
    let s = solve(&[rect(95.0, 0.0, 10.0, 180.0), rect(0.0, 180.0, 200.0, 20.0)]);
    assert_eq!((s.sx, s.plastic_axes[1], s.area), (195950.0, 185.5, 5800.0));
}
