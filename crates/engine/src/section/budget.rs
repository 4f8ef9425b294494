//! A bound on the work a section may ask of the boolean operations, estimated and checked before any
//! of it: a request is refused as too complex rather than holding the engine for seconds.
//!
//! The estimate: every corner that goes to `i_overlay` (a circle that overlaps another piece counts
//! its polygon's corners), plus, for every two such pieces whose bounding boxes overlap, the corners
//! of both: the edges among which their crossings are looked for. Pieces whose boxes only touch, or
//! lie apart, cost their corners alone, so a built-up section of many touching plates is cheap
//! however many plates it has.

use super::plane::{bounds, boxes_overlap};

/// The budget of the estimate. Measured (issue 31): 200 mutually overlapping 40-point stars come to
/// 1.6 million, 20 overlapping circles to 820,000, nine to 166,000, 200 plates of a built-up section
/// to a few thousand (160,000 if every plate overlapped every other); refused are 50 overlapping
/// 1,000-point stars (2.5 million, seconds of work) and 50 or more mutually overlapping circles.
pub(crate) const WORK_BUDGET: u64 = 2_000_000;

/// The estimate for these rings (the polygons the boolean operations will receive), counted no
/// further than just past `limit`.
pub(crate) fn work(rings: &[&[[f64; 2]]], limit: u64) -> u64 {
    let mut boxes: Vec<([f64; 4], u64)> = rings
        .iter()
        .map(|ring| (bounds(ring), ring.len() as u64))
        .collect();
    let mut total: u64 = boxes.iter().map(|(_, n)| n).sum();
    // swept in order of their smallest x: only boxes whose x ranges overlap are compared
    boxes.sort_by(|a, b| a.0[0].total_cmp(&b.0[0]));
    for (k, (a, n)) in boxes.iter().enumerate() {
        for (b, m) in &boxes[k + 1..] {
            if b[0] >= a[2] {
                break;
            }
            if boxes_overlap(*a, *b) {
                total += n + m;
            }
        }
        if total > limit {
            break;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::section::union::circle_ring;
    use std::f64::consts::TAU;

    fn square(x: f64, y: f64, side: f64) -> Vec<[f64; 2]> {
        vec![[x, y], [x + side, y], [x + side, y + side], [x, y + side]]
    }

    /// The issue's star: `n` corners alternating 1000 and 600 from the centre.
    fn star(centre: [f64; 2], n: usize) -> Vec<[f64; 2]> {
        (0..n)
            .map(|k| {
                let r = if k % 2 == 0 { 1000.0 } else { 600.0 };
                let t = TAU * k as f64 / n as f64;
                [centre[0] + r * t.cos(), centre[1] + r * t.sin()]
            })
            .collect()
    }

    fn estimate(rings: &[Vec<[f64; 2]>]) -> u64 {
        let slices: Vec<&[[f64; 2]]> = rings.iter().map(Vec::as_slice).collect();
        work(&slices, u64::MAX)
    }

    /// Stars centred on the issue's circle of radius 30.
    fn stars(count: usize, n: usize) -> Vec<Vec<[f64; 2]>> {
        (0..count)
            .map(|i| star([30.0 * (i as f64).cos(), 30.0 * (i as f64).sin()], n))
            .collect()
    }

    #[test]
    fn corners_count_once_and_overlapping_pairs_count_both() {
        // three squares of 4 corners: a and b overlap (4 + 4), c only touches b
        let (a, b, c) = (
            square(0.0, 0.0, 2.0),
            square(1.0, 1.0, 2.0),
            square(3.0, 0.0, 1.0),
        );
        assert_eq!(estimate(&[a.clone(), b, c.clone()]), 12 + 8);
        assert_eq!(estimate(&[a, c]), 8);
    }

    #[test]
    fn counting_stops_past_the_limit() {
        let rings: Vec<Vec<[f64; 2]>> = (0..100).map(|_| square(0.0, 0.0, 1.0)).collect();
        let slices: Vec<&[[f64; 2]]> = rings.iter().map(Vec::as_slice).collect();
        // all 4,950 pairs overlap: 400 + 4,950 · 8 in full
        assert_eq!(work(&slices, u64::MAX), 400 + 4950 * 8);
        assert!(work(&slices, 1000) < 400 + 4950 * 8);
    }

    #[test]
    fn realistic_sections_and_the_issues_requests_are_within_the_budget() {
        // 200 stars of 40: 8,000 corners and 19,900 overlapping pairs of 80 corners
        assert_eq!(estimate(&stars(200, 40)), 8_000 + 19_900 * 80);
        // 200 plates that all overlap one another: 800 + 19,900 · 8
        let plates: Vec<_> = (0..200).map(|i| square(f64::from(i), 0.0, 500.0)).collect();
        assert_eq!(estimate(&plates), 800 + 19_900 * 8);
        // 200 polygons of 1,000 corners side by side, and ten that overlap: 10,000 + 45 · 2,000
        let apart: Vec<_> = (0..200)
            .map(|i| star([3000.0 * f64::from(i), 0.0], 1000))
            .collect();
        assert_eq!(estimate(&apart), 200_000);
        assert_eq!(estimate(&stars(10, 1000)), 100_000);
        // 20 overlapping circles as 2048-gons: 40,960 + 190 · 4,096
        let circles: Vec<_> = (0..20)
            .map(|i| circle_ring([f64::from(i), 0.0], 50.0))
            .collect();
        assert_eq!(estimate(&circles), 40_960 + 190 * 4096);
        for rings in [stars(200, 40), plates, apart, circles] {
            assert!(estimate(&rings) <= WORK_BUDGET);
        }
    }

    #[test]
    fn many_overlapping_detailed_pieces_are_over_the_budget() {
        // 50 overlapping 1,000-point stars (seconds of work): 50,000 + 1,225 · 2,000
        assert_eq!(estimate(&stars(50, 1000)), 2_500_000);
        // 60 overlapping circles: 122,880 + 1,770 · 4,096
        let circles: Vec<_> = (0..60)
            .map(|i| circle_ring([f64::from(i), 0.0], 100.0))
            .collect();
        for rings in [stars(50, 1000), circles] {
            assert!(estimate(&rings) > WORK_BUDGET);
        }
    }
}
