//! The torsion mesh of a section whose outlines are rectilinear (every side along x or y, as for an
//! I, a channel, a box or a tee from plates): a tensor grid through the outlines' distinct x and y
//! coordinates, each band between them cut into intervals graded from its ends, each cell inside
//! the material split into two triangles. Conforming by construction, and far fewer triangles than
//! a quality mesh: a thin plate's warping and stress functions vary slowly along it (in a long
//! strip they are −xy and t²/4 − y², both quadratic, so six-node triangles reproduce them however
//! long), so the cells may be long where the plate is, and small only where a band meets another
//! (corners, junctions and free ends, where the solution has its boundary layers).
//!
//! Refinement halves the intervals that hold the largest share of J's bound, each cell's share
//! split between its two sides by their lengths (the longer side is the one a cell resolves worst).

use super::mesh::{Triangulation, Unmeshed, MAX_TRIANGLES};

/// A band's first interval at each end, as a fraction of the feature there: the narrower of the band
/// and its neighbour, or the section's thinnest band across, if thinner.
const START_FRACTION: f64 = 0.4;
/// How much each interval may exceed the one before it, from a band's ends inwards.
const GROWTH: f64 = 3.0;
/// The grid is for slender plates: its thinnest band at most this share of the section's smaller
/// extent (plates some twelve times as long as thick, or more). A stocky section has no long plate
/// for the grid to save triangles on, and its warping function curves everywhere, which the quality
/// mesh resolves evenly (a solid rectangle, an angle of legs ten times their thickness: there the
/// grid's J sits within its bound but further from the published figures than the quality mesh's).
const THIN_SHARE: f64 = 1.0 / 12.0;
/// Most distinct coordinates along either axis, most triangles of the first grid and most cells of
/// any: past these the grid would cost more than the quality mesh, which then meshes the section.
const MAX_LINES: usize = 400;
const MAX_FIRST_TRIANGLES: usize = 4_000;
const MAX_CELLS: usize = 40_000;
/// The share of J's bound whose intervals are halved in a round (Dörfler's marking).
const MARKED_SHARE: f64 = 0.5;

/// A rectilinear section's grid: along each axis, the interval ends, and which cells hold material.
pub(crate) struct Grid {
    cuts: [Vec<f64>; 2],
    /// For each axis, the band each interval lies in.
    band_of: [Vec<usize>; 2],
    /// Material in band (x, y): `inside[y * bands_x + x]`.
    inside: Vec<bool>,
    bands: [usize; 2],
    /// The cell `[x, y]` of each triangle of the last mesh.
    cell_of: Vec<[usize; 2]>,
}

/// The distinct values of `values` (sorted, those within `tolerance` of the last taken as it).
fn distinct(mut values: Vec<f64>, tolerance: f64) -> Vec<f64> {
    values.sort_by(f64::total_cmp);
    let mut out: Vec<f64> = Vec::with_capacity(values.len());
    for v in values {
        if out.last().is_none_or(|&last| v - last > tolerance) {
            out.push(v);
        }
    }
    out
}

/// The index of the line nearest `value` (the lines sorted).
fn line(lines: &[f64], value: f64) -> usize {
    let k = lines.partition_point(|&c| c < value);
    match (k.checked_sub(1), lines.get(k)) {
        (Some(below), Some(&above)) if value - lines[below] < above - value => below,
        (Some(below), None) => below,
        _ => k,
    }
}

/// The intervals of a band from `a` to `b` graded from `start_a` at `a` and `start_b` at `b`, each at
/// most [`GROWTH`] times the one before it on its side (the middle one at most half as much again):
/// the points strictly between `a` and `b`.
fn graded(a: f64, b: f64, start_a: f64, start_b: f64) -> Vec<f64> {
    let (mut low, mut high) = (vec![], vec![]);
    let (mut at_a, mut at_b, mut step_a, mut step_b) = (a, b, start_a, start_b);
    // the smaller step from whichever end has it (both ends at once when equal, so that a band
    // with like ends is cut symmetrically), until the rest is within half a step of it
    loop {
        let step = step_a.min(step_b);
        let both = step_a == step_b;
        let rest = at_b - at_a - if both { 2.0 * step } else { step };
        if rest <= 0.5 * step {
            break;
        }
        if step_a == step {
            at_a += step_a;
            low.push(at_a);
            step_a *= GROWTH;
        }
        if step_b == step {
            at_b -= step_b;
            high.push(at_b);
            step_b *= GROWTH;
        }
    }
    // the rest in one interval, or two if it is longer than one and a half steps
    if at_b - at_a > 1.5 * step_a.min(step_b) {
        low.push(0.5 * (at_a + at_b));
    }
    low.extend(high.into_iter().rev());
    low
}

impl Grid {
    /// The grid of the outlines if every side is along x or y and the grid stays small; `None` for
    /// any other section, which the quality mesh takes.
    pub(crate) fn new(outlines: &[Vec<[f64; 2]>]) -> Option<Self> {
        let points = outlines.iter().flatten();
        let extent = points
            .clone()
            .fold(0.0f64, |e, p| e.max(p[0].abs()).max(p[1].abs()));
        let tolerance = 1e-9 * extent;
        let mut verticals = Vec::new();
        for ring in outlines {
            for (k, &p) in ring.iter().enumerate() {
                let q = ring[(k + 1) % ring.len()];
                if (p[0] - q[0]).abs() <= tolerance {
                    verticals.push((p[0], p[1].min(q[1]), p[1].max(q[1])));
                } else if (p[1] - q[1]).abs() > tolerance {
                    return None;
                }
            }
        }
        let lines = [0, 1].map(|k| distinct(points.clone().map(|p| p[k]).collect(), tolerance));
        let bands = lines.clone().map(|l| l.len().saturating_sub(1));
        if bands.contains(&0) || lines.iter().any(|l| l.len() > MAX_LINES) {
            return None;
        }
        let inside = material(&lines, &verticals);
        let mut grid = Grid {
            cuts: [vec![], vec![]],
            band_of: [vec![], vec![]],
            inside,
            bands,
            cell_of: vec![],
        };
        let thinnest = lines
            .clone()
            .map(|l| widths(&l).fold(f64::INFINITY, f64::min));
        let extent = lines.clone().map(|l| l[l.len() - 1] - l[0]);
        if thinnest[0].min(thinnest[1]) > THIN_SHARE * extent[0].min(extent[1]) {
            return None;
        }
        for axis in 0..2 {
            let (cuts, band_of) = subdivided(&lines[axis], thinnest[1 - axis]);
            grid.cuts[axis] = cuts;
            grid.band_of[axis] = band_of;
        }
        let first = (0..grid.cuts[1].len() - 1)
            .flat_map(|y| (0..grid.cuts[0].len() - 1).map(move |x| (x, y)))
            .filter(|&(x, y)| grid.holds(x, y))
            .count();
        (grid.cells() <= MAX_CELLS && 2 * first <= MAX_FIRST_TRIANGLES).then_some(grid)
    }

    fn cells(&self) -> usize {
        (self.cuts[0].len() - 1) * (self.cuts[1].len() - 1)
    }

    fn holds(&self, x: usize, y: usize) -> bool {
        self.inside[self.band_of[1][y] * self.bands[0] + self.band_of[0][x]]
    }

    /// The triangles of the cells inside the material. Each cell is cut along the diagonal that
    /// points away from the grid's centre, so a section symmetric about either mid-line gets a mesh
    /// symmetric about it too (its shear centre then falls on the line to rounding); a cell the
    /// mid-line runs through is cut into four about its centre.
    pub(crate) fn mesh(&mut self) -> Result<Triangulation, Unmeshed> {
        let [xs, ys] = &self.cuts;
        let mid = [
            0.5 * (xs[0] + xs[xs.len() - 1]),
            0.5 * (ys[0] + ys[ys.len() - 1]),
        ];
        let tolerance = 1e-9 * (xs[xs.len() - 1] - xs[0]).max(ys[ys.len() - 1] - ys[0]);
        let mut mesh = Triangulation::default();
        let mut index = vec![usize::MAX; xs.len() * ys.len()];
        let mut cell_of = Vec::new();
        for y in 0..ys.len() - 1 {
            for x in 0..xs.len() - 1 {
                if !self.holds(x, y) {
                    continue;
                }
                let mut corner = |i: usize, j: usize| {
                    let k = (y + j) * xs.len() + x + i;
                    if index[k] == usize::MAX {
                        index[k] = mesh.points.len();
                        mesh.points.push([xs[x + i], ys[y + j]]);
                    }
                    index[k]
                };
                let [a, b, c, d] = [corner(0, 0), corner(1, 0), corner(1, 1), corner(0, 1)];
                let centre = [0.5 * (xs[x] + xs[x + 1]), 0.5 * (ys[y] + ys[y + 1])];
                let off = [centre[0] - mid[0], centre[1] - mid[1]];
                let before = mesh.triangles.len();
                if off[0].abs() <= tolerance || off[1].abs() <= tolerance {
                    mesh.points.push(centre);
                    let e = mesh.points.len() - 1;
                    mesh.triangles
                        .extend([[a, b, e], [b, c, e], [c, d, e], [d, a, e]]);
                } else if (off[0] > 0.0) == (off[1] > 0.0) {
                    mesh.triangles.extend([[a, b, c], [a, c, d]]);
                } else {
                    mesh.triangles.extend([[a, b, d], [b, c, d]]);
                }
                cell_of.resize(mesh.triangles.len(), [x, y]);
                debug_assert!(mesh.triangles.len() > before);
            }
        }
        self.cell_of = cell_of;
        if mesh.triangles.is_empty() {
            return Err(Unmeshed::Triangulation);
        }
        if mesh.triangles.len() > MAX_TRIANGLES {
            return Err(Unmeshed::TooManyTriangles(mesh.triangles.len()));
        }
        Ok(mesh)
    }

    /// Halves the intervals that hold [`MARKED_SHARE`] of J's bound, given each triangle's share of
    /// it in the last mesh; `false` if the grid would grow past [`MAX_CELLS`].
    pub(crate) fn refine(&mut self, gaps: &[f64]) -> bool {
        let mut shares = [0, 1].map(|axis| vec![0.0; self.cuts[axis].len() - 1]);
        for (&[x, y], &gap) in self.cell_of.iter().zip(gaps) {
            let sides = [
                self.cuts[0][x + 1] - self.cuts[0][x],
                self.cuts[1][y + 1] - self.cuts[1][y],
            ];
            shares[0][x] += gap * sides[0] / (sides[0] + sides[1]);
            shares[1][y] += gap * sides[1] / (sides[0] + sides[1]);
        }
        let mut order: Vec<(usize, usize)> = (0..2)
            .flat_map(|axis| (0..shares[axis].len()).map(move |k| (axis, k)))
            .collect();
        order.sort_unstable_by(|a, b| shares[b.0][b.1].total_cmp(&shares[a.0][a.1]));
        let total: f64 = gaps.iter().sum();
        let (mut held, mut last, mut halved) = (0.0, f64::INFINITY, [vec![], vec![]]);
        for (axis, k) in order {
            // past the marked share, only the intervals whose share ties the last one's (the
            // mirror images of a symmetric section's, which keep its mesh symmetric)
            let share = shares[axis][k];
            if held >= MARKED_SHARE * total && share < last * (1.0 - 1e-6) {
                break;
            }
            held += share;
            last = share;
            halved[axis].push(k);
        }
        let grown =
            (self.cuts[0].len() - 1 + halved[0].len()) * (self.cuts[1].len() - 1 + halved[1].len());
        if grown > MAX_CELLS || halved.iter().all(Vec::is_empty) {
            return false;
        }
        for ((cuts, band_of), halved) in self.cuts.iter_mut().zip(&mut self.band_of).zip(halved) {
            let mut halved = halved;
            halved.sort_unstable();
            for &k in halved.iter().rev() {
                cuts.insert(k + 1, 0.5 * (cuts[k] + cuts[k + 1]));
                band_of.insert(k + 1, band_of[k]);
            }
        }
        true
    }
}

fn widths(lines: &[f64]) -> impl Iterator<Item = f64> + '_ {
    lines.windows(2).map(|w| w[1] - w[0])
}

/// Which bands hold material: along the middle of each band of y, the vertical sides it crosses
/// in order of x, material between the first and second, the third and fourth, and so on.
fn material(lines: &[Vec<f64>; 2], verticals: &[(f64, f64, f64)]) -> Vec<bool> {
    let [xs, ys] = lines;
    let mut inside = vec![false; (xs.len() - 1) * (ys.len() - 1)];
    for (y, band) in ys.windows(2).enumerate() {
        let middle = 0.5 * (band[0] + band[1]);
        let mut crossings: Vec<usize> = verticals
            .iter()
            .filter(|&&(_, low, high)| low < middle && middle < high)
            .map(|&(x, _, _)| line(xs, x))
            .collect();
        crossings.sort_unstable();
        for pair in crossings.chunks_exact(2) {
            for x in pair[0]..pair[1] {
                let cell = &mut inside[y * (xs.len() - 1) + x];
                *cell = !*cell;
            }
        }
    }
    inside
}

/// The lines of one axis with each band cut into intervals graded from its ends, and the band of
/// each interval. A band's first interval at an end is [`START_FRACTION`] of the narrower of the
/// band, its neighbour there, and the thinnest band across: the length over which the solution
/// changes near the feature at that end.
fn subdivided(lines: &[f64], thinnest_across: f64) -> (Vec<f64>, Vec<usize>) {
    let w: Vec<f64> = widths(lines).collect();
    let feature = |k: usize, neighbour: Option<usize>| {
        let own = w[k].min(thinnest_across);
        START_FRACTION * neighbour.map_or(own, |n| own.min(w[n]))
    };
    let (mut cuts, mut band_of) = (vec![lines[0]], vec![]);
    for k in 0..w.len() {
        let start_a = feature(k, k.checked_sub(1));
        let start_b = feature(k, (k + 1 < w.len()).then_some(k + 1));
        let inner = graded(lines[k], lines[k + 1], start_a, start_b);
        band_of.extend(std::iter::repeat_n(k, inner.len() + 1));
        cuts.extend(inner);
        cuts.push(lines[k + 1]);
    }
    (cuts, band_of)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_covers_an_i_and_leaves_a_box_hole_out() {
        // an I of 200 x 16 flanges and a 368 x 10 web: 2 · 3,200 + 3,680 = 10,080, every triangle
        // counter-clockwise (a clockwise one would subtract its area)
        let i = vec![vec![
            [0.0, 0.0],
            [200.0, 0.0],
            [200.0, 16.0],
            [105.0, 16.0],
            [105.0, 384.0],
            [200.0, 384.0],
            [200.0, 400.0],
            [0.0, 400.0],
            [0.0, 384.0],
            [95.0, 384.0],
            [95.0, 16.0],
            [0.0, 16.0],
        ]];
        let mut grid = Grid::new(&i).unwrap();
        let mesh = grid.mesh().unwrap();
        assert!((mesh.area() - 10_080.0).abs() < 1e-9);
        assert!(mesh.triangles.iter().all(|&[a, b, c]| {
            let (p, q, r) = (mesh.points[a], mesh.points[b], mesh.points[c]);
            (q[0] - p[0]) * (r[1] - p[1]) - (r[0] - p[0]) * (q[1] - p[1]) > 0.0
        }));
        // a 200 x 200 box of 10 walls (its hole wound clockwise): 40,000 − 32,400
        let box_section = vec![
            vec![[0.0, 0.0], [200.0, 0.0], [200.0, 200.0], [0.0, 200.0]],
            vec![[10.0, 10.0], [10.0, 190.0], [190.0, 190.0], [190.0, 10.0]],
        ];
        let mesh = Grid::new(&box_section).unwrap().mesh().unwrap();
        assert!((mesh.area() - 7_600.0).abs() < 1e-9);
    }

    #[test]
    fn stocky_and_sloping_sections_are_left_to_the_quality_mesh() {
        let stocky = vec![vec![[0.0, 0.0], [40.0, 0.0], [40.0, 30.0], [0.0, 30.0]]];
        assert!(Grid::new(&stocky).is_none());
        let wedge = vec![vec![[0.0, 0.0], [10.0, 0.0], [10.0, 5.0], [0.0, 1.0]]];
        assert!(Grid::new(&wedge).is_none());
    }

    #[test]
    fn intervals_grow_from_the_ends_by_at_most_the_growth() {
        // a band of 368 between features of 5 and 8: steps 5, 12.5, ... from below, 8, 20, ... from above
        let inner = graded(0.0, 368.0, 5.0, 8.0);
        let mut cuts = vec![0.0];
        cuts.extend(inner);
        cuts.push(368.0);
        let steps: Vec<f64> = cuts.windows(2).map(|w| w[1] - w[0]).collect();
        assert_eq!(steps[0], 5.0);
        assert_eq!(steps[steps.len() - 1], 8.0);
        for w in steps.windows(2) {
            let ratio = w[1] / w[0];
            let most = 1.5 * GROWTH * 1.0001;
            assert!(ratio <= most && ratio >= 1.0 / most, "{steps:?}");
        }
    }
}
