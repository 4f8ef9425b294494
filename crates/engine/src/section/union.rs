//! The material of a section: solids unioned and voids subtracted by `i_overlay`, except circles
//! that overlap nothing, which stay exact discs (a void disc inside one solid is subtracted whole).
//! Unions are taken in pairs (`union_all`).

use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::overlay::FloatOverlay;
use serde::Serialize;

use super::budget::{work, WORK_BUDGET};
use super::plane::{bounds, boxes_overlap, disc_clear_of, disc_within};
use super::shapes::{twice_area, Geometry, Piece, ShapeFault, ShapeIssue};
use super::Extents;

/// Sides of the polygon that stands for a circle that overlaps another piece. Its radius is chosen
/// so that its area is the circle's exactly; then its second moment is within θ⁴/180 of the
/// circle's (θ = 2π/n, 1e-12 here) and its extreme fibre within θ²/12 (8e-7) of the radius.
const CIRCLE_SIDES: usize = 2048;

/// A whole circle of material, or a whole circular hole.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Disc {
    /// Centre `[x, y]`.
    pub centre: [f64; 2],
    /// Radius.
    pub radius: f64,
    /// A hole rather than material.
    pub void: bool,
}

/// The material: polygon outlines (material counter-clockwise, holes clockwise) and exact discs.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Material {
    /// Closed outlines; the closing edge is implied.
    pub outlines: Vec<Vec<[f64; 2]>>,
    /// Circles kept exact.
    pub discs: Vec<Disc>,
}

impl Material {
    /// The bounding box of the material.
    pub fn extents(&self) -> Extents {
        let mut e = Extents {
            x_min: f64::INFINITY,
            x_max: f64::NEG_INFINITY,
            y_min: f64::INFINITY,
            y_max: f64::NEG_INFINITY,
        };
        let mut take = |[x, y]: [f64; 2], r: f64| {
            e.x_min = e.x_min.min(x - r);
            e.x_max = e.x_max.max(x + r);
            e.y_min = e.y_min.min(y - r);
            e.y_max = e.y_max.max(y + r);
        };
        self.outlines.iter().flatten().for_each(|p| take(*p, 0.0));
        self.discs
            .iter()
            .filter(|d| !d.void)
            .for_each(|d| take(d.centre, d.radius));
        e
    }

    /// The middle of the bounding box: an origin near the material, for sums that lose no digits.
    pub fn centre(&self) -> [f64; 2] {
        let e = self.extents();
        [0.5 * (e.x_min + e.x_max), 0.5 * (e.y_min + e.y_max)]
    }
}

/// The polygon standing for a circle: `CIRCLE_SIDES` corners, one on each axis through the centre,
/// wound counter-clockwise, enclosing the circle's area.
pub(crate) fn circle_ring(centre: [f64; 2], radius: f64) -> Vec<[f64; 2]> {
    circle_polygon(centre, radius, CIRCLE_SIDES)
}

/// A polygon of `sides` corners standing for a circle, as [`circle_ring`] (the mesh takes fewer).
pub(crate) fn circle_polygon(centre: [f64; 2], radius: f64, sides: usize) -> Vec<[f64; 2]> {
    let step = std::f64::consts::TAU / sides as f64;
    let reach = radius * (step / step.sin()).sqrt();
    (0..sides)
        .map(|k| {
            let (s, c) = (k as f64 * step).sin_cos();
            [centre[0] + reach * c, centre[1] + reach * s]
        })
        .collect()
}

/// Which circles stay exact discs (indices into `pieces`).
fn exact_circles(pieces: &[Piece]) -> Vec<bool> {
    let disc = |p: &Piece| match p.geometry {
        Geometry::Disc { centre, radius } => Some((centre, radius)),
        Geometry::Ring(_) => None,
    };
    let others = |i: usize| {
        pieces
            .iter()
            .enumerate()
            .filter(move |(j, _)| *j != i)
            .map(|(_, p)| p)
    };
    // a void circle clear of every other void
    let lone_void: Vec<bool> = pieces
        .iter()
        .enumerate()
        .map(|(i, p)| {
            p.void
                && disc(p).is_some_and(|(c, r)| {
                    others(i)
                        .filter(|q| q.void)
                        .all(|q| disc_clear_of(c, r, &q.geometry))
                })
        })
        .collect();
    // a solid circle clear of every other piece but lone void circles inside it
    let mut exact: Vec<bool> = pieces
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let Some((c, r)) = disc(p).filter(|_| !p.void) else {
                return false;
            };
            pieces
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .all(|(j, q)| {
                    disc_clear_of(c, r, &q.geometry)
                        || (lone_void[j]
                            && disc(q).is_some_and(|(vc, vr)| disc_within(vc, vr, &p.geometry)))
                })
        })
        .collect();
    // a lone void circle wholly inside some solid
    for (i, p) in pieces.iter().enumerate() {
        if let (true, Some((c, r))) = (lone_void[i], disc(p)) {
            exact[i] = pieces
                .iter()
                .enumerate()
                .any(|(j, s)| !s.void && solid_holds(s, exact[j], c, r));
        }
    }
    exact
}

/// Whether the solid piece holds the whole disc, as the section will draw it (a circle that is not
/// exact is its polygon).
fn solid_holds(solid: &Piece, exact: bool, centre: [f64; 2], radius: f64) -> bool {
    match (&solid.geometry, exact) {
        (
            Geometry::Disc {
                centre: c,
                radius: r,
            },
            false,
        ) => disc_within(centre, radius, &Geometry::Ring(circle_ring(*c, *r))),
        (geometry, _) => disc_within(centre, radius, geometry),
    }
}

fn ring_of(piece: &Piece) -> Vec<[f64; 2]> {
    match &piece.geometry {
        Geometry::Ring(ring) => ring.clone(),
        Geometry::Disc { centre, radius } => circle_ring(*centre, *radius),
    }
}

type Contours = Vec<Vec<[f64; 2]>>;
/// A void that goes through the boolean operation, with its index in the input.
type Void = (usize, Vec<[f64; 2]>);

/// One boolean operation on 64-bit integers: points snap to a grid at most 2⁻⁶¹ of half the
/// operands' bounding box wide. i_overlay 9.1 or later: before it, the fragment solver it takes over
/// 16,000 edges shifted a `usize` by the grid's 50-odd bits, which wraps on wasm32 (issue 31).
fn overlay(subject: &Contours, clip: &Contours, rule: OverlayRule) -> Contours {
    FloatOverlay::<[f64; 2], i64>::from_subj_and_clip(subject, clip)
        .overlay(rule, FillRule::NonZero)
        .into_iter()
        .flatten()
        .collect()
}

/// The largest coordinate handed to i_overlay: 9.1 panics on coordinates past 2⁵⁰⁰ (3.3e150). A
/// section that far out is refused as too large to measure, like one whose properties overflow.
const MAX_COORDINATE: f64 = 1e150;

fn too_far<'a>(mut rings: impl Iterator<Item = &'a Vec<[f64; 2]>>) -> bool {
    rings.any(|ring| ring.iter().flatten().any(|v| v.abs() > MAX_COORDINATE))
}

/// Edges of the first operations of `union_all`: consecutive rings up to this many go in together
/// (a larger ring alone). Each operation costs tens of µs in WASM before any edge: the bench's girder
/// of 140 plates took 3.9 ms in 139 operations of one ring each, 1.7 ms in groups of 64 edges (1.0 ms
/// in one operation, before issue 31); groups of 512 put 12 of the issue's stars in one operation, and
/// the 200 stars took 1.4 s instead of 0.13 s.
const LEAF_EDGES: usize = 64;

/// The union of the rings: consecutive rings in groups of up to `LEAF_EDGES` edges, groups
/// unioned in pairs, then pairs of those unions, and so on. One operation over all the rings would
/// find every crossing between every two of them, inside the union or not; a pair's union keeps only
/// its outline, so the next level has far fewer edges to cross. A group that meets no other is
/// returned as its rings: every later operation reads overlapping contours as one (non-zero fill).
fn union_all(rings: Contours) -> Contours {
    let (mut level, mut group, mut edges): (Vec<Contours>, Contours, usize) =
        (Vec::new(), Vec::new(), 0);
    for ring in rings {
        if edges + ring.len() > LEAF_EDGES && !group.is_empty() {
            level.push(std::mem::take(&mut group));
            edges = 0;
        }
        edges += ring.len();
        group.push(ring);
    }
    level.push(group);
    while level.len() > 1 {
        let mut pairs = level.into_iter();
        let mut next = Vec::new();
        while let Some(a) = pairs.next() {
            next.push(match pairs.next() {
                Some(b) => overlay(&a, &b, OverlayRule::Union),
                None => a,
            });
        }
        level = next;
    }
    level.pop().unwrap_or_default()
}

/// Whether the void shares some area with the solids.
fn removes_material(void: &[[f64; 2]], solids: &Contours) -> bool {
    let reach = bounds(void);
    let near: Contours = solids
        .iter()
        .filter(|s| boxes_overlap(bounds(s), reach))
        .cloned()
        .collect();
    if near.is_empty() {
        return false;
    }
    let common = overlay(&near, &vec![void.to_vec()], OverlayRule::Intersect);
    let shared: f64 = common.iter().map(|c| twice_area(c)).sum();
    shared > 1e-12 * twice_area(void).abs()
}

/// What the boolean operations can take, checked before any of them: coordinates i_overlay accepts,
/// and work within the budget (section/budget.rs).
fn within_limits(solids: &Contours, voids: &[Void]) -> Result<(), Vec<ShapeIssue>> {
    let rings = || solids.iter().chain(voids.iter().map(|(_, ring)| ring));
    if too_far(rings()) {
        return Err(vec![ShapeIssue {
            shape: None,
            fault: ShapeFault::NotFinite,
        }]);
    }
    let slices: Vec<&[[f64; 2]]> = rings().map(Vec::as_slice).collect();
    if work(&slices, WORK_BUDGET) > WORK_BUDGET {
        return Err(vec![ShapeIssue {
            shape: None,
            fault: ShapeFault::TooComplex {
                corners: slices.iter().map(|ring| ring.len() as u64).sum(),
                budget: WORK_BUDGET,
            },
        }]);
    }
    Ok(())
}

/// The section's material, or the voids that remove nothing and a section with no material left.
pub(crate) fn material(pieces: &[Piece]) -> Result<Material, Vec<ShapeIssue>> {
    let exact = exact_circles(pieces);
    let mut material = Material::default();
    let (mut solids, mut voids): (Contours, Vec<Void>) = (Vec::new(), Vec::new());
    for (piece, exact) in pieces.iter().zip(&exact) {
        match (&piece.geometry, exact) {
            (Geometry::Disc { centre, radius }, true) => material.discs.push(Disc {
                centre: *centre,
                radius: *radius,
                void: piece.void,
            }),
            _ if piece.void => voids.push((piece.index, ring_of(piece))),
            _ => solids.push(ring_of(piece)),
        }
    }
    within_limits(&solids, &voids)?;
    let solids = union_all(solids);
    let issues: Vec<ShapeIssue> = voids
        .iter()
        .filter(|(_, void)| !removes_material(void, &solids))
        .map(|(index, _)| ShapeIssue::of(*index, ShapeFault::VoidOutsideSolids))
        .collect();
    if !issues.is_empty() {
        return Err(issues);
    }
    if !solids.is_empty() {
        let voids: Contours = voids.into_iter().map(|(_, ring)| ring).collect();
        material.outlines = overlay(&solids, &union_all(voids), OverlayRule::Difference);
    }
    let solid: f64 = pieces
        .iter()
        .filter(|p| !p.void)
        .map(|p| piece_area(&p.geometry))
        .sum();
    let left = material
        .outlines
        .iter()
        .map(|c| 0.5 * twice_area(c))
        .sum::<f64>()
        + material
            .discs
            .iter()
            .map(|d| if d.void { -1.0 } else { 1.0 } * std::f64::consts::PI * d.radius * d.radius)
            .sum::<f64>();
    if left.is_nan() || left <= 1e-12 * solid {
        return Err(vec![ShapeIssue {
            shape: None,
            fault: ShapeFault::NoMaterial,
        }]);
    }
    Ok(material)
}

fn piece_area(geometry: &Geometry) -> f64 {
    match geometry {
        Geometry::Ring(ring) => 0.5 * twice_area(ring),
        Geometry::Disc { radius, .. } => std::f64::consts::PI * radius * radius,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::PI;

    /// Overlapping circles as the polygons the union receives: the issue's nine (centres rounded to
    /// 3 decimals, as its request gives them), or more along the same curve.
    fn circles(count: i32) -> Contours {
        let round = |v: f64| (v * 1000.0).round() / 1000.0;
        (0..count)
            .map(|i| {
                let t = f64::from(i);
                let centre = [round(5.0 * t.cos()), round(5.0 * (1.3 * t).sin())];
                circle_ring(centre, f64::from(100 + i % 7) / 2.0)
            })
            .collect()
    }

    fn area(outline: &Contours) -> f64 {
        outline.iter().map(|c| 0.5 * twice_area(c)).sum()
    }

    /// Issue 31: one operation over 32,000 edges (i_overlay 9.1's threshold for its fragment solver,
    /// the path that trapped on wasm32 before 9.1) and the same circles in pairs agree, and lie
    /// between the largest circle (d = 106) and the sum of all: π/4 · Σ d².
    #[test]
    fn overlapping_circles_unite_at_once_and_in_pairs() {
        for count in [9, 20] {
            let rings = circles(count);
            let edges: usize = rings.iter().map(Vec::len).sum();
            let sum: f64 = (0..count)
                .map(|i| PI / 4.0 * f64::from(100 + i % 7).powi(2))
                .sum();
            let at_once = area(&overlay(&rings, &Vec::new(), OverlayRule::Union));
            let in_pairs = area(&union_all(rings));
            assert!(
                at_once >= PI / 4.0 * 106.0 * 106.0 && at_once <= sum,
                "{at_once}"
            );
            assert!(
                (at_once - in_pairs).abs() <= 1e-9 * at_once,
                "{at_once} {in_pairs}"
            );
            assert!(count < 20 || edges > 32_000, "{edges}");
        }
    }
}
