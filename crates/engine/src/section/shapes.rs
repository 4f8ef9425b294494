//! The pieces of a section as outlines, and the faults that make a piece unusable.

use serde::{Deserialize, Serialize};

/// The outline of one piece.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Outline {
    /// A closed polygon through the points, in either winding; the closing edge is implied.
    Polygon {
        /// The corners `[x, y]`.
        points: Vec<[f64; 2]>,
    },
    /// An axis-aligned rectangle.
    Rectangle {
        /// The corner with the smallest x and y.
        min: [f64; 2],
        /// Width along x and height along y.
        size: [f64; 2],
    },
    /// A circle.
    Circle {
        /// The centre `[x, y]`.
        centre: [f64; 2],
        /// The radius.
        radius: f64,
    },
}

/// One piece: material, or a void cut out of the material.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Shape {
    /// Where the piece is.
    pub outline: Outline,
    /// A void removes material instead of adding it.
    #[serde(default)]
    pub void: bool,
}

/// What is wrong with a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum ShapeFault {
    /// A coordinate or size is not a finite number, or a size is negative; without a shape, the
    /// section's properties are too large to represent.
    NotFinite,
    /// A polygon with fewer than three distinct points.
    TooFewPoints,
    /// A piece that encloses no area.
    ZeroArea,
    /// Two edges of a polygon cross or touch (edges `i` and `j`: edge `i` runs from point `i`).
    SelfIntersecting {
        /// The two edges that meet.
        edges: [usize; 2],
    },
    /// A void that removes nothing: it lies outside every solid.
    VoidOutsideSolids,
    /// The voids remove all the material, or there is no solid at all.
    NoMaterial,
    /// The section would cost the boolean operations more than the budget allows (section/budget.rs):
    /// too many corners in pieces whose bounding boxes overlap.
    TooComplex {
        /// Corners the operations would receive (a circle that overlaps another piece counts 2048).
        corners: u64,
        /// The budget of the estimate.
        budget: u64,
    },
}

/// A fault and the piece it belongs to (`None` for the section as a whole).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ShapeIssue {
    /// Index of the piece in the input.
    pub shape: Option<usize>,
    /// What is wrong.
    pub fault: ShapeFault,
}

impl ShapeIssue {
    pub(crate) fn of(shape: usize, fault: ShapeFault) -> Self {
        ShapeIssue {
            shape: Some(shape),
            fault,
        }
    }
}

/// A piece's geometry once checked: a ring wound counter-clockwise, or a disc.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Geometry {
    Ring(Vec<[f64; 2]>),
    Disc { centre: [f64; 2], radius: f64 },
}

/// A checked piece, remembering its place in the input.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Piece {
    pub index: usize,
    pub void: bool,
    pub geometry: Geometry,
}

/// Twice the signed area of a ring (positive counter-clockwise).
pub(crate) fn twice_area(ring: &[[f64; 2]]) -> f64 {
    let n = ring.len();
    (0..n)
        .map(|i| {
            let (p, q) = (ring[i], ring[(i + 1) % n]);
            p[0] * q[1] - q[0] * p[1]
        })
        .sum()
}

/// Every piece checked, or every fault found.
pub(crate) fn pieces(shapes: &[Shape]) -> Result<Vec<Piece>, Vec<ShapeIssue>> {
    let mut issues = Vec::new();
    let mut pieces = Vec::with_capacity(shapes.len());
    for (index, shape) in shapes.iter().enumerate() {
        match geometry(&shape.outline) {
            Ok(geometry) => pieces.push(Piece {
                index,
                void: shape.void,
                geometry,
            }),
            Err(fault) => issues.push(ShapeIssue::of(index, fault)),
        }
    }
    if issues.is_empty() {
        Ok(pieces)
    } else {
        Err(issues)
    }
}

fn finite(values: &[f64]) -> bool {
    values.iter().all(|v| v.is_finite())
}

fn geometry(outline: &Outline) -> Result<Geometry, ShapeFault> {
    match outline {
        Outline::Rectangle { min, size } => {
            if !finite(&[min[0], min[1], size[0], size[1]]) || size[0] < 0.0 || size[1] < 0.0 {
                return Err(ShapeFault::NotFinite);
            }
            let [x0, y0] = *min;
            let [x1, y1] = [x0 + size[0], y0 + size[1]];
            if x1 <= x0 || y1 <= y0 || !finite(&[x1, y1]) {
                return Err(ShapeFault::ZeroArea);
            }
            Ok(Geometry::Ring(vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1]]))
        }
        Outline::Circle { centre, radius } => {
            if !finite(&[centre[0], centre[1], *radius]) || *radius < 0.0 {
                return Err(ShapeFault::NotFinite);
            }
            // a radius too small to square is no area either
            if *radius * *radius == 0.0 {
                return Err(ShapeFault::ZeroArea);
            }
            Ok(Geometry::Disc {
                centre: *centre,
                radius: *radius,
            })
        }
        Outline::Polygon { points } => polygon(points).map(Geometry::Ring),
    }
}

/// A polygon's ring: repeated consecutive points dropped, wound counter-clockwise, simple.
fn polygon(points: &[[f64; 2]]) -> Result<Vec<[f64; 2]>, ShapeFault> {
    if !points.iter().all(|p| finite(p)) {
        return Err(ShapeFault::NotFinite);
    }
    // keep each point's input index, so that an edge is named as the caller numbers it
    let mut ring: Vec<(usize, [f64; 2])> = Vec::with_capacity(points.len());
    for (i, p) in points.iter().enumerate() {
        if ring.last().map(|q| q.1) != Some(*p) {
            ring.push((i, *p));
        }
    }
    while ring.len() > 1 && ring.first().map(|q| q.1) == ring.last().map(|q| q.1) {
        ring.pop();
    }
    let mut distinct: Vec<[f64; 2]> = ring.iter().map(|q| q.1).collect();
    distinct.sort_by(|a, b| a[0].total_cmp(&b[0]).then(a[1].total_cmp(&b[1])));
    distinct.dedup();
    if distinct.len() < 3 {
        return Err(ShapeFault::TooFewPoints);
    }
    let corners: Vec<[f64; 2]> = ring.iter().map(|q| q.1).collect();
    let doubled = twice_area(&corners);
    let scale = bounding_square(&corners);
    if !doubled.is_finite() || !scale.is_finite() || doubled.abs() <= 1e-12 * scale {
        return Err(ShapeFault::ZeroArea);
    }
    if let Some([i, j]) = super::plane::crossing_edges(&corners) {
        return Err(ShapeFault::SelfIntersecting {
            edges: [ring[i].0, ring[j].0],
        });
    }
    let mut corners = corners;
    if doubled < 0.0 {
        corners.reverse();
    }
    Ok(corners)
}

/// The square of the larger side of the ring's bounding box.
fn bounding_square(ring: &[[f64; 2]]) -> f64 {
    let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
    for p in ring {
        for k in 0..2 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    let side = (hi[0] - lo[0]).max(hi[1] - lo[1]);
    side * side
}
