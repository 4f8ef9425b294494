//! Plane predicates the section needs around the boolean operations: whether a polygon crosses
//! itself, and where a circle stands against another piece.

use super::shapes::Geometry;

/// How close "touching" is, relative to a radius: pieces that touch at a point share no area.
const TOUCH: f64 = 1e-12;

fn sub(a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    [a[0] - b[0], a[1] - b[1]]
}

fn cross(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[1] - a[1] * b[0]
}

fn dot(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

/// Which side of the line through `a` and `b` the point `p` is on (0 on the line).
fn side(a: [f64; 2], b: [f64; 2], p: [f64; 2]) -> f64 {
    cross(sub(b, a), sub(p, a))
}

/// `p` on the segment `a`-`b`, given that it is on its line.
fn within(a: [f64; 2], b: [f64; 2], p: [f64; 2]) -> bool {
    p[0] >= a[0].min(b[0])
        && p[0] <= a[0].max(b[0])
        && p[1] >= a[1].min(b[1])
        && p[1] <= a[1].max(b[1])
}

/// Whether the closed segments `a`-`b` and `c`-`d` share a point.
fn segments_meet(a: [f64; 2], b: [f64; 2], c: [f64; 2], d: [f64; 2]) -> bool {
    let (d1, d2) = (side(c, d, a), side(c, d, b));
    let (d3, d4) = (side(a, b, c), side(a, b, d));
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    (d1 == 0.0 && within(c, d, a))
        || (d2 == 0.0 && within(c, d, b))
        || (d3 == 0.0 && within(a, b, c))
        || (d4 == 0.0 && within(a, b, d))
}

/// The first two edges of a closed ring that cross or touch other than where neighbours join (edge
/// `i` runs from point `i` to the next), or `None` for a simple polygon. Edges are swept in order of
/// their smallest x, so only edges whose x ranges overlap are compared.
pub(crate) fn crossing_edges(ring: &[[f64; 2]]) -> Option<[usize; 2]> {
    let n = ring.len();
    let edge = |i: usize| (ring[i], ring[(i + 1) % n]);
    let mut order: Vec<usize> = (0..n).collect();
    let low = |i: usize| edge(i).0[0].min(edge(i).1[0]);
    order.sort_by(|&i, &j| low(i).total_cmp(&low(j)));
    for (k, &i) in order.iter().enumerate() {
        let (a, b) = edge(i);
        let high = a[0].max(b[0]);
        for &j in &order[k + 1..] {
            if low(j) > high {
                break;
            }
            let (c, d) = edge(j);
            let meet = if j == (i + 1) % n {
                folds_back(a, b, d)
            } else if i == (j + 1) % n {
                folds_back(c, d, b)
            } else {
                segments_meet(a, b, c, d)
            };
            if meet {
                return Some([i.min(j), i.max(j)]);
            }
        }
    }
    None
}

/// Whether the edge `b`-`c` turns straight back along `a`-`b`.
fn folds_back(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> bool {
    cross(sub(b, a), sub(c, b)) == 0.0 && dot(sub(b, a), sub(c, b)) < 0.0
}

/// Whether `p` is inside the ring (non-zero winding).
pub(crate) fn encloses(ring: &[[f64; 2]], p: [f64; 2]) -> bool {
    let n = ring.len();
    let mut winding = 0i64;
    for i in 0..n {
        let (a, b) = (ring[i], ring[(i + 1) % n]);
        if a[1] <= p[1] {
            if b[1] > p[1] && side(a, b, p) > 0.0 {
                winding += 1;
            }
        } else if b[1] <= p[1] && side(a, b, p) < 0.0 {
            winding -= 1;
        }
    }
    winding != 0
}

/// The distance from `p` to the nearest edge of the ring.
fn distance_to_edges(ring: &[[f64; 2]], p: [f64; 2]) -> f64 {
    let n = ring.len();
    (0..n)
        .map(|i| {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            let ab = sub(b, a);
            let t = (dot(sub(p, a), ab) / dot(ab, ab)).clamp(0.0, 1.0);
            let nearest = [a[0] + t * ab[0], a[1] + t * ab[1]];
            dot(sub(p, nearest), sub(p, nearest)).sqrt()
        })
        .fold(f64::INFINITY, f64::min)
}

fn distance(a: [f64; 2], b: [f64; 2]) -> f64 {
    dot(sub(a, b), sub(a, b)).sqrt()
}

/// Whether the disc and the piece share no area (touching is allowed).
pub(crate) fn disc_clear_of(centre: [f64; 2], radius: f64, other: &Geometry) -> bool {
    match other {
        Geometry::Disc {
            centre: c,
            radius: r,
        } => distance(centre, *c) >= (radius + r) * (1.0 - TOUCH),
        Geometry::Ring(ring) => {
            !encloses(ring, centre) && distance_to_edges(ring, centre) >= radius * (1.0 - TOUCH)
        }
    }
}

/// Whether the disc lies wholly inside the piece (touching its edge from inside is allowed).
pub(crate) fn disc_within(centre: [f64; 2], radius: f64, other: &Geometry) -> bool {
    match other {
        Geometry::Disc {
            centre: c,
            radius: r,
        } => distance(centre, *c) + radius <= r * (1.0 + TOUCH),
        Geometry::Ring(ring) => {
            encloses(ring, centre) && distance_to_edges(ring, centre) >= radius * (1.0 - TOUCH)
        }
    }
}

/// The bounding box of a ring: `[x min, y min, x max, y max]`.
pub(crate) fn bounds(ring: &[[f64; 2]]) -> [f64; 4] {
    ring.iter().fold(
        [
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ],
        |b, p| {
            [
                b[0].min(p[0]),
                b[1].min(p[1]),
                b[2].max(p[0]),
                b[3].max(p[1]),
            ]
        },
    )
}

/// Whether two bounding boxes share some area (boxes that only touch do not).
pub(crate) fn boxes_overlap(a: [f64; 4], b: [f64; 4]) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bow_tie_crosses_itself_and_a_square_does_not() {
        let square = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
        assert_eq!(crossing_edges(&square), None);
        let bow_tie = [[0.0, 0.0], [1.0, 1.0], [1.0, 0.0], [0.0, 1.0]];
        assert_eq!(crossing_edges(&bow_tie), Some([0, 2]));
    }

    #[test]
    fn a_spike_back_along_an_edge_is_a_crossing() {
        let spike = [[0.0, 0.0], [2.0, 0.0], [1.0, 0.0], [1.0, 1.0]];
        assert!(crossing_edges(&spike).is_some());
    }
}
