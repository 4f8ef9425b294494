//! The mesh the warping function is solved on: the section's material (circles as polygons of equal
//! area) triangulated by `spade` (constrained Delaunay, then Ruppert/Chew quality refinement), and
//! the quadratic six-node triangles built over it, numbered per solid.
//!
//! Work is bounded whatever the shape: outlines with more corners than [`MAX_CORNERS`] are not
//! meshed, refinement adds at most [`MAX_ADDED_VERTICES`] points, and spade's refinement stops at
//! that cap instead of looping on small input angles.

use spade::{
    AngleLimit, ConstrainedDelaunayTriangulation, Point2, RefinementParameters, Triangulation as _,
};

use super::grading::{end_points, grading_points};
use super::shapes::{Geometry, Piece};
use super::union::{self, Material};

/// Triangles the quality mesh aims at over the whole section before it is refined where J's bound
/// is largest; the outlines' own corners and re-entrant corners may ask for more.
const TARGET_TRIANGLES: f64 = 240.0;
/// The smallest angle refinement aims at. Six-node triangles stay accurate well below the 20.7° up
/// to which Ruppert's refinement provably ends, and a lower limit grades a dense outline into the
/// inside with far fewer triangles (a 1,000-corner outline: 1,900 triangles at 10°, 4,000 at 25°).
const ANGLE_LIMIT_DEGREES: f64 = 15.0;
/// Most corners the outlines may have for the section to be meshed.
pub(crate) const MAX_CORNERS: usize = 2_000;
/// Most vertices quality refinement may add.
const MAX_ADDED_VERTICES: usize = 2_000;
/// Most triangles of a mesh: two sparse factorisations of some 40,000 nodes, a few tenths of a second
/// in WebAssembly, so three rounds stay well inside a request's deadline.
pub const MAX_TRIANGLES: usize = 20_000;
/// Fewest and most sides of the polygon that stands for a circle in the mesh.
const CIRCLE_SIDES: [f64; 2] = [16.0, 128.0];

/// A triangulation: corners and counter-clockwise triangles over them.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Triangulation {
    pub points: Vec<[f64; 2]>,
    pub triangles: Vec<[usize; 3]>,
}

#[cfg(test)]
impl Triangulation {
    /// The sum of the triangles' signed areas: a clockwise triangle subtracts its own, so a mesh
    /// covers its material exactly only when this equals the material's area.
    pub(crate) fn area(&self) -> f64 {
        self.triangles
            .iter()
            .map(|&[a, b, c]| {
                let (p, q, r) = (self.points[a], self.points[b], self.points[c]);
                0.5 * ((q[0] - p[0]) * (r[1] - p[1]) - (r[0] - p[0]) * (q[1] - p[1]))
            })
            .sum()
    }
}

/// Six-node triangles: corners counter-clockwise, then the midpoints of sides 0-1, 1-2 and 2-0.
/// Nodes are numbered per solid, so separate solids share no node even where they touch.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Quadratic {
    pub nodes: Vec<[f64; 2]>,
    pub elements: Vec<[usize; 6]>,
    /// One node of each solid: the warping function is fixed there (it is free up to a constant).
    pub anchors: Vec<usize>,
}

/// Why a section was not meshed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unmeshed {
    /// The outlines have more corners than the mesh takes (their count).
    TooManyCorners(usize),
    /// The outlines need more triangles than the mesh takes (their count).
    TooManyTriangles(usize),
    /// The triangulation could not be built (outlines that cross after rounding).
    Triangulation,
}

/// Sides of the polygon standing for a circle of `radius` in a mesh of triangles about `size` across:
/// sides no longer than half a triangle, within the bounds.
fn circle_sides(radius: f64, size: f64) -> usize {
    let sides = (2.0 * std::f64::consts::TAU * radius / size).ceil();
    sides.clamp(CIRCLE_SIDES[0], CIRCLE_SIDES[1]) as usize
}

/// The size of a triangle of the target area.
pub(crate) fn element_size(area: f64) -> f64 {
    (2.0 * area / TARGET_TRIANGLES).sqrt()
}

/// The outlines to mesh, moved by `-origin`: the material's own when it has no circle, else with
/// each circle a polygon fit for the mesh (the material's circles are exact discs or 2,048-sided
/// polygons, far finer than a mesh needs). When every circle stayed an exact disc (one that overlaps
/// nothing, a void one inside a solid) its polygon joins the outlines as it is, unless `reunite`;
/// otherwise the pieces are unioned again with their circles as those polygons. A polygon a hair
/// larger than its disc (equal area) may cross an outline the disc only nears: then the mesh fails
/// and the caller asks again with `reunite`.
pub(crate) fn outlines(
    pieces: &[Piece],
    material: &Material,
    origin: [f64; 2],
    area: f64,
    reunite: bool,
) -> Option<Vec<Vec<[f64; 2]>>> {
    let size = element_size(area);
    let polygon =
        |centre, radius| union::circle_polygon(centre, radius, circle_sides(radius, size));
    let circles = pieces
        .iter()
        .filter(|p| matches!(p.geometry, Geometry::Disc { .. }))
        .count();
    let rings = if circles == 0 {
        material.outlines.clone()
    } else if circles == material.discs.len() && !reunite {
        let mut rings = material.outlines.clone();
        rings.extend(material.discs.iter().map(|d| {
            let mut ring = polygon(d.centre, d.radius);
            if d.void {
                ring.reverse();
            }
            ring
        }));
        rings
    } else {
        let polygons: Vec<Piece> = pieces
            .iter()
            .map(|p| match p.geometry {
                Geometry::Disc { centre, radius } => Piece {
                    geometry: Geometry::Ring(polygon(centre, radius)),
                    ..p.clone()
                },
                Geometry::Ring(_) => p.clone(),
            })
            .collect();
        union::material(&polygons).ok()?.outlines
    };
    Some(
        rings
            .into_iter()
            .map(|ring| {
                ring.into_iter()
                    .map(|p| [p[0] - origin[0], p[1] - origin[1]])
                    .collect()
            })
            .collect(),
    )
}

type Cdt = ConstrainedDelaunayTriangulation<Point2<f64>>;

/// The outlines' edges as constraints; `None` if any two cross.
fn constrained(outlines: &[Vec<[f64; 2]>]) -> Option<Cdt> {
    let mut vertices = Vec::new();
    let mut edges = Vec::new();
    for ring in outlines {
        let (start, n) = (vertices.len(), ring.len());
        vertices.extend(ring.iter().map(|p| Point2::new(p[0], p[1])));
        edges.extend((0..n).map(|i| [start + i, start + (i + 1) % n]));
    }
    let mut conflicts = 0usize;
    let cdt = Cdt::try_bulk_load_cdt(vertices, edges, |_| conflicts += 1).ok()?;
    (conflicts == 0).then_some(cdt)
}

/// A quality triangulation of the material the outlines enclose (odd winding: holes are left out).
#[cfg(test)]
pub(crate) fn triangulate(
    outlines: &[Vec<[f64; 2]>],
    area: f64,
) -> Result<Triangulation, Unmeshed> {
    Mesher::new(outlines, area)?.refine()
}

/// The constrained triangulation of the outlines, kept so that points can be added where the
/// solution asks for them and the mesh refined again.
pub(crate) struct Mesher {
    cdt: Cdt,
    area: f64,
}

impl Mesher {
    /// The outlines constrained and graded into their re-entrant corners, not yet refined.
    pub(crate) fn new(outlines: &[Vec<[f64; 2]>], area: f64) -> Result<Self, Unmeshed> {
        let corners: usize = outlines.iter().map(Vec::len).sum();
        if corners > MAX_CORNERS {
            return Err(Unmeshed::TooManyCorners(corners));
        }
        let mut mesher = Mesher {
            cdt: constrained(outlines).ok_or(Unmeshed::Triangulation)?,
            area,
        };
        let size = element_size(area);
        mesher.insert(&grading_points(outlines, size));
        mesher.insert(&end_points(outlines, size));
        Ok(mesher)
    }

    /// Adds points (a point that cannot be inserted, not being finite, is left out).
    pub(crate) fn insert(&mut self, points: &[[f64; 2]]) {
        for p in points {
            let _ = self.cdt.insert(Point2::new(p[0], p[1]));
        }
    }

    /// Refines to the quality limits and gives the triangles inside the material.
    pub(crate) fn refine(&mut self) -> Result<Triangulation, Unmeshed> {
        let parameters = RefinementParameters::<f64>::new()
            .exclude_outer_faces(true)
            .with_angle_limit(AngleLimit::from_deg(ANGLE_LIMIT_DEGREES))
            .with_max_allowed_area(self.area / TARGET_TRIANGLES)
            // slivers between close corners are left as they are rather than chased without end
            .with_min_required_area(self.area * 1e-10)
            .with_max_additional_vertices(MAX_ADDED_VERTICES);
        let cdt = &mut self.cdt;
        let excluded = cdt.refine(parameters).excluded_faces;
        let mut outside = vec![false; cdt.num_all_faces()];
        for face in excluded {
            outside[face.index()] = true;
        }
        let mut index = vec![usize::MAX; cdt.num_vertices()];
        let mut mesh = Triangulation::default();
        for face in cdt.inner_faces().filter(|f| !outside[f.fix().index()]) {
            let corners = face.vertices().map(|v| {
                let i = v.fix().index();
                if index[i] == usize::MAX {
                    index[i] = mesh.points.len();
                    let p = v.position();
                    mesh.points.push([p.x, p.y]);
                }
                index[i]
            });
            mesh.triangles.push(corners);
        }
        if mesh.triangles.is_empty() {
            return Err(Unmeshed::Triangulation);
        }
        if mesh.triangles.len() > MAX_TRIANGLES {
            return Err(Unmeshed::TooManyTriangles(mesh.triangles.len()));
        }
        Ok(mesh)
    }
}

/// Each triangle's neighbour across its sides 0-1, 1-2 and 2-0, found through the triangles about
/// each corner (a handful each), not a table of every edge.
fn neighbours(mesh: &Triangulation) -> Vec<[Option<usize>; 3]> {
    let mut starts = vec![0; mesh.points.len() + 1];
    for corners in &mesh.triangles {
        for &v in corners {
            starts[v + 1] += 1;
        }
    }
    for v in 0..mesh.points.len() {
        starts[v + 1] += starts[v];
    }
    let mut next = starts.clone();
    let mut about = vec![0; starts[mesh.points.len()]];
    for (t, corners) in mesh.triangles.iter().enumerate() {
        for &v in corners {
            about[next[v]] = t;
            next[v] += 1;
        }
    }
    let across = |t: usize, a: usize, b: usize| {
        about[starts[a]..starts[a + 1]]
            .iter()
            .copied()
            .find(|&s| s != t && mesh.triangles[s].contains(&b))
    };
    mesh.triangles
        .iter()
        .enumerate()
        .map(|(t, &[a, b, c])| [across(t, a, b), across(t, b, c), across(t, c, a)])
        .collect()
}

/// The solid each triangle belongs to: triangles sharing a side are one solid (touching at a
/// corner is not enough to carry a shear flow).
fn solids(neighbours: &[[Option<usize>; 3]]) -> Vec<usize> {
    let mut parent: Vec<usize> = (0..neighbours.len()).collect();
    fn root(parent: &mut [usize], mut t: usize) -> usize {
        while parent[t] != t {
            parent[t] = parent[parent[t]];
            t = parent[t];
        }
        t
    }
    for (t, sides) in neighbours.iter().enumerate() {
        for &other in sides.iter().flatten() {
            let (r, s) = (root(&mut parent, t), root(&mut parent, other));
            parent[r.max(s)] = r.min(s);
        }
    }
    (0..parent.len()).map(|t| root(&mut parent, t)).collect()
}

/// The node of each corner of triangle `t` in its solid: a corner's node belongs to the first solid
/// that reaches it; solids touching there only at that corner (rare) find theirs in `shared`.
struct Corners {
    first: Vec<(usize, usize)>,
    shared: Vec<(usize, usize, usize)>,
}

impl Corners {
    fn node(
        &mut self,
        nodes: &mut Vec<[f64; 2]>,
        point: [f64; 2],
        v: usize,
        solid: usize,
    ) -> usize {
        let known = match self.first[v] {
            (s, node) if s == solid => Some(node),
            (usize::MAX, _) => None,
            _ => self
                .shared
                .iter()
                .find(|&&(w, s, _)| w == v && s == solid)
                .map(|&(_, _, node)| node),
        };
        known.unwrap_or_else(|| {
            nodes.push(point);
            let node = nodes.len() - 1;
            if self.first[v].0 == usize::MAX {
                self.first[v] = (solid, node);
            } else {
                self.shared.push((v, solid, node));
            }
            node
        })
    }
}

/// The six-node triangles over a triangulation, with one anchor node per solid. A side's midpoint
/// is made by the first of its two triangles and found again by the second through its neighbour.
pub(crate) fn quadratic(mesh: &Triangulation) -> Quadratic {
    let neighbours = neighbours(mesh);
    let solid = solids(&neighbours);
    let mut q = Quadratic::default();
    let mut corners = Corners {
        first: vec![(usize::MAX, 0); mesh.points.len()],
        shared: Vec::new(),
    };
    let mut anchored = vec![false; mesh.triangles.len()];
    for (t, &vertices) in mesh.triangles.iter().enumerate() {
        let [i, j, k] = vertices.map(|v| corners.node(&mut q.nodes, mesh.points[v], v, solid[t]));
        let mut sides = [0; 3];
        for (side, (u, v)) in [(i, j), (j, k), (k, i)].into_iter().enumerate() {
            // the earlier neighbour's side with the same two corners made this midpoint
            let made = neighbours[t][side].filter(|&n| n < t).and_then(|n| {
                let other = &q.elements[n];
                (0..3)
                    .find(|&m| {
                        let (a, b) = (other[m], other[(m + 1) % 3]);
                        (a, b) == (u, v) || (a, b) == (v, u)
                    })
                    .map(|m| other[3 + m])
            });
            sides[side] = made.unwrap_or_else(|| {
                let (p, r) = (q.nodes[u], q.nodes[v]);
                q.nodes.push([0.5 * (p[0] + r[0]), 0.5 * (p[1] + r[1])]);
                q.nodes.len() - 1
            });
        }
        if !std::mem::replace(&mut anchored[solid[t]], true) {
            q.anchors.push(i);
        }
        q.elements.push([i, j, k, sides[0], sides[1], sides[2]]);
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square_with_hole() -> Vec<Vec<[f64; 2]>> {
        vec![
            vec![[0.0, 0.0], [4.0, 0.0], [4.0, 4.0], [0.0, 4.0]],
            vec![[1.0, 1.0], [1.0, 3.0], [3.0, 3.0], [3.0, 1.0]],
        ]
    }

    #[test]
    fn the_mesh_covers_the_material_and_leaves_the_hole_out() {
        // 16 - 4 = 12: every triangle counter-clockwise, none in the hole
        let mesh = triangulate(&square_with_hole(), 12.0).unwrap();
        assert!((mesh.area() - 12.0).abs() < 1e-12);
        assert!(mesh.triangles.len() as f64 >= 0.5 * TARGET_TRIANGLES);
    }

    #[test]
    fn solids_touching_at_a_corner_get_their_own_nodes_and_anchors() {
        let touching = vec![
            vec![[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]],
            vec![[1.0, 1.0], [2.0, 1.0], [2.0, 2.0], [1.0, 2.0]],
        ];
        let mesh = triangulate(&touching, 2.0).unwrap();
        let q = quadratic(&mesh);
        assert_eq!(q.anchors.len(), 2);
        let at_corner = q.nodes.iter().filter(|p| **p == [1.0, 1.0]).count();
        assert_eq!(at_corner, 2);
    }

    #[test]
    fn too_many_corners_are_refused_before_any_work() {
        let ring: Vec<[f64; 2]> = super::union::circle_polygon([0.0, 0.0], 1.0, MAX_CORNERS + 1);
        assert_eq!(
            triangulate(&[ring], std::f64::consts::PI),
            Err(Unmeshed::TooManyCorners(MAX_CORNERS + 1))
        );
    }
}
