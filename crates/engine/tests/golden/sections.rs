//! Section builders and checks shared by the golden section tests (`golden_sections*.rs`): shapes,
//! the expected properties of a section and the check of a computed section against them.
//! Tolerances are relative (`REL` = 1e-6 unless a test says otherwise); coordinates in mm.

use spanwise_engine::section::{section_properties, Outline, SectionProperties, Shape};

pub const REL: f64 = 1e-6;

pub fn rect(x: f64, y: f64, w: f64, h: f64) -> Shape {
    Shape {
        outline: Outline::Rectangle {
            min: [x, y],
            size: [w, h],
        },
        void: false,
    }
}
pub fn circle(x: f64, y: f64, d: f64) -> Shape {
    Shape {
        outline: Outline::Circle {
            centre: [x, y],
            radius: d / 2.0,
        },
        void: false,
    }
}

pub fn void(mut s: Shape) -> Shape {
    s.void = true;
    s
}

#[track_caller]
pub fn close(what: &str, actual: f64, expected: f64, rel: f64) {
    let scale = expected.abs().max(1e-300);
    assert!(
        (actual - expected).abs() <= rel * scale,
        "{what}: {actual} vs {expected} (relative {:e})",
        (actual - expected).abs() / scale
    );
}

/// Everything a test states, in one place (None = not checked).
#[derive(Default)]
pub struct Expected {
    pub area: f64,
    pub centroid: [f64; 2],
    pub ix: f64,
    pub iy: f64,
    pub ixy: Option<f64>,
    pub zx: Option<f64>,
    pub zy: Option<f64>,
    pub sx: Option<f64>,
    pub sy: Option<f64>,
    pub pna: Option<[f64; 2]>,
}

#[track_caller]
pub fn check(s: &SectionProperties, e: &Expected, rel: f64) {
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

pub fn solve(shapes: &[Shape]) -> SectionProperties {
    section_properties(shapes).expect("a valid section")
}
