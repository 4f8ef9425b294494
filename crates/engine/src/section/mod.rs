//! Section properties of a plane cross-section built from pieces: rectangles, circles and polygons,
//! solids unioned and voids removed.
//!
//! Geometry is scale-free: lengths come in whatever consistent unit the caller uses and the results
//! are in its powers (area L², moduli L³, second moments L⁴). The steps, one file each:
//! - `shapes`: the pieces as outlines, and the refusals that name a piece (fewer than three distinct
//!   points, no area, a self-intersecting outline);
//! - `budget`: the work the boolean operations would take, estimated and bounded before any of it;
//! - `union`: solids unioned and voids subtracted with `i_overlay` (touching and overlapping pieces,
//!   holes touching the outline); a circle that overlaps nothing stays an exact disc;
//! - `moments`: area, first and second moments by Green's theorem over the resulting outlines, closed
//!   forms for discs;
//! - `principal`: principal second moments and their axis;
//! - `plastic`: the equal-area axes, found by cutting the outlines exactly, and the plastic moduli;
//! - `mesh`, `warping`, `prandtl`, `sparse`, `torsion` (asked for with [`measure`]): J, Cw and the
//!   shear centre by finite elements over the warping function, J bounded from below by the stress
//!   function on the same mesh.
//!
//! ```
//! use spanwise_engine::section::{section_properties, Outline, Shape};
//! // A 100 x 200 rectangle: Ix = b h³ / 12 = 100 · 200³ / 12.
//! let rectangle = Shape { outline: Outline::Rectangle { min: [0.0, 0.0], size: [100.0, 200.0] }, void: false };
//! let section = section_properties(&[rectangle]).unwrap();
//! assert!((section.ix - 100.0 * 200f64.powi(3) / 12.0).abs() < 1e-6);
//! assert!((section.sx - 100.0 * 200f64.powi(2) / 4.0).abs() < 1e-6);
//! ```

mod budget;
mod grading;
mod grid;
mod mesh;
mod moments;
mod plane;
mod plastic;
mod prandtl;
mod principal;
mod shapes;
mod sparse;
mod torsion;
mod union;
mod warping;

pub use mesh::MAX_TRIANGLES as MAX_TORSION_TRIANGLES;
pub use principal::Principal;
pub use shapes::{Outline, Shape, ShapeFault, ShapeIssue};
pub use torsion::{Torsion, TorsionConstants, Warping};
pub use union::Material;

use serde::Serialize;

/// Elastic section moduli, one per extreme fibre: second moment over the distance from the centroid.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ElasticModuli {
    /// Ix over the distance from the centroid to the top fibre (largest y).
    pub x_top: f64,
    /// Ix over the distance from the centroid to the bottom fibre (smallest y).
    pub x_bottom: f64,
    /// Iy over the distance from the centroid to the left fibre (smallest x).
    pub y_left: f64,
    /// Iy over the distance from the centroid to the right fibre (largest x).
    pub y_right: f64,
}

/// The bounding box of the material.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Extents {
    /// Smallest x.
    pub x_min: f64,
    /// Largest x.
    pub x_max: f64,
    /// Smallest y.
    pub y_min: f64,
    /// Largest y.
    pub y_max: f64,
}

/// Properties of a section, in the caller's length unit and its powers, in the caller's axes.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SectionProperties {
    /// Area.
    pub area: f64,
    /// Centroid `[x, y]`.
    pub centroid: [f64; 2],
    /// Second moment about the centroidal axis parallel to x: ∫ (y - ȳ)² dA.
    pub ix: f64,
    /// Second moment about the centroidal axis parallel to y: ∫ (x - x̄)² dA.
    pub iy: f64,
    /// Product of area about the centroid: ∫ (x - x̄)(y - ȳ) dA.
    pub ixy: f64,
    /// Principal second moments and the angle of the major axis.
    pub principal: Principal,
    /// Radius of gyration about the x axis, √(Ix / A).
    pub rx: f64,
    /// Radius of gyration about the y axis, √(Iy / A).
    pub ry: f64,
    /// Elastic moduli per extreme fibre.
    pub elastic: ElasticModuli,
    /// Governing elastic modulus about x: the smaller of top and bottom.
    pub zx: f64,
    /// Governing elastic modulus about y: the smaller of left and right.
    pub zy: f64,
    /// Equal-area axes: `[x of the vertical one, y of the horizontal one]`.
    pub plastic_axes: [f64; 2],
    /// Plastic modulus about the horizontal equal-area axis: ∫ |y - y_p| dA.
    pub sx: f64,
    /// Plastic modulus about the vertical equal-area axis: ∫ |x - x_p| dA.
    pub sy: f64,
    /// Bounding box of the material.
    pub extents: Extents,
    /// The material itself: outlines (holes wound clockwise) and exact discs, for figures.
    pub material: Material,
    /// Torsion and warping constants, when [`measure`] was asked for them.
    pub torsion: Option<Torsion>,
}

/// Properties of the section the shapes make, or every fault found in the shapes.
pub fn section_properties(shapes: &[Shape]) -> Result<SectionProperties, Vec<ShapeIssue>> {
    measure(shapes, false)
}

/// [`section_properties`], with the torsion and warping constants by finite elements if `torsion`.
pub fn measure(shapes: &[Shape], torsion: bool) -> Result<SectionProperties, Vec<ShapeIssue>> {
    let pieces = shapes::pieces(shapes)?;
    let material = union::material(&pieces)?;
    let origin = material.centre();
    let whole = moments::of_material(&material, origin);
    let centroid = [
        origin[0] + whole.first[0] / whole.area,
        origin[1] + whole.first[1] / whole.area,
    ];
    let about = moments::of_material(&material, centroid);
    let (ix, iy) = (about.second[0], about.second[1]);
    // a symmetric section's product of area is zero; what rounding leaves is not a property
    let ixy = if about.product.abs() <= 1e-12 * ix.max(iy) {
        0.0
    } else {
        about.product
    };
    let extents = material.extents();
    let elastic = ElasticModuli {
        x_top: ix / (extents.y_max - centroid[1]),
        x_bottom: ix / (centroid[1] - extents.y_min),
        y_left: iy / (centroid[0] - extents.x_min),
        y_right: iy / (extents.x_max - centroid[0]),
    };
    let (plastic_axes, [sx, sy]) = plastic::equal_area_axes(&material, whole.area);
    // a section measured in lengths near f64's limits overflows its fourth powers
    let magnitudes = [
        whole.area,
        ix,
        iy,
        ixy,
        sx,
        sy,
        elastic.x_top,
        elastic.x_bottom,
        elastic.y_left,
        elastic.y_right,
    ];
    if !magnitudes
        .iter()
        .chain(&centroid)
        .chain(&plastic_axes)
        .all(|v| v.is_finite())
    {
        return Err(vec![ShapeIssue {
            shape: None,
            fault: ShapeFault::NotFinite,
        }]);
    }
    Ok(SectionProperties {
        area: whole.area,
        centroid,
        ix,
        iy,
        ixy,
        principal: Principal::of(ix, iy, ixy),
        rx: (ix / whole.area).sqrt(),
        ry: (iy / whole.area).sqrt(),
        zx: elastic.x_top.min(elastic.x_bottom),
        zy: elastic.y_left.min(elastic.y_right),
        elastic,
        plastic_axes,
        sx,
        sy,
        extents,
        torsion: torsion.then(|| torsion::torsion(&pieces, &material, whole.area)),
        material,
    })
}
